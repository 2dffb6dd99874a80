package results

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/polytile/polytile/puzzles/specs"
	"github.com/polytile/polytile/puzzles/tiling"
)

// addSeeds adds the files in testdata whose names match pattern to the
// corpus of f.
func addSeeds(f *testing.F, pattern string) {
	files, err := filepath.Glob(filepath.Join("testdata", pattern))
	if err != nil || len(files) == 0 {
		f.Fatalf("no seeds %s in testdata: %v", pattern, err)
	}
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
}

// ReadShard, and Merge after it, never panic, and what they accept is
// well formed.
func FuzzReadShard(f *testing.F) {
	addSeeds(f, "*.jsonl")
	f.Add([]byte(`{"polytile":"shard","version":1,"spec":"dominoes-4x4","fingerprint":"x","shard":0,"shards":1000000000,"symmetries":8,"pieces":["I2"]}` + "\n" + `{"end":true,"complete":true,"engine":"fill"}`))
	f.Add([]byte(`{"polytile":"shard","version":1}` + "\n" + `{"task":0,"orbit":1,"pieces":[{"name":"I2","cells":[[0]]}]}`))
	f.Add([]byte(`{"polytile":3,"holds":"solutions","kind":"tiling","spec":"dominoes-4x4","fingerprint":"x","version":3,"shard":0,"shards":1,"symmetries":8,"pieces":["I2"]}` + "\n" + `{"end":true,"complete":true,"engine":"fill"}`))
	f.Add([]byte(`{"polytile":3,"holds":"count","kind":"tiling","spec":"dominoes-4x4","fingerprint":"x","version":3}`))
	puzzle := map[string]*tiling.Puzzle{}
	for _, name := range []string{"dominoes-4x4", "pentominoes-3x20"} {
		spec, err := specs.Load(name)
		if err != nil {
			f.Fatal(err)
		}
		puzzle[name] = tilingOf(f, spec)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		sf, err := ReadShard(bytes.NewReader(data), "fuzz.jsonl")
		if err != nil {
			return
		}
		h := sf.Header
		if h.Shards < 1 || h.Shard < 0 || h.Shard >= h.Shards || h.Symmetries < 1 {
			t.Fatalf("ReadShard accepted the header %+v", h)
		}
		for _, s := range sf.Solutions {
			if s.Task%h.Shards != h.Shard || s.Orbit < 1 || h.Symmetries%s.Orbit != 0 {
				t.Fatalf("ReadShard accepted the solution %+v of shard %d/%d, %d symmetries", s, h.Shard, h.Shards, h.Symmetries)
			}
		}
		p := puzzle[h.Spec]
		if p == nil {
			return
		}
		res, err := Merge(p, []*Shard{sf})
		if err != nil {
			return
		}
		if res.Distinct != len(res.Solutions) || res.Distinct != len(sf.Solutions) {
			t.Fatalf("Merge: distinct %d, %d solutions, from %d", res.Distinct, len(res.Solutions), len(sf.Solutions))
		}
		for _, s := range res.Solutions {
			if _, err := s.Class(p); err != nil {
				t.Fatalf("Merge returned a solution that is not a class: %v", err)
			}
		}
	})
}

// ReadResult never panics, and what it accepts it writes back the same
// after a round trip.
func FuzzReadResult(f *testing.F) {
	addSeeds(f, "*.json")
	f.Add([]byte(`{"name":"x","solutions":[{"orbit":1,"pieces":[{"name":"A","cells":[[0,0,0]]}]}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := ReadResult(bytes.NewReader(data), "fuzz.json")
		if err != nil {
			return
		}
		var once, twice bytes.Buffer
		if err := r.Encode(&once); err != nil {
			t.Fatalf("Encode = %v", err)
		}
		r2, err := ReadResult(bytes.NewReader(once.Bytes()), "again.json")
		if err != nil {
			t.Fatalf("ReadResult of Encode's output = %v\n%s", err, once.Bytes())
		}
		r2.Encode(&twice)
		if !bytes.Equal(once.Bytes(), twice.Bytes()) {
			t.Fatalf("Encode, ReadResult, Encode =\n%s\nwant\n%s", twice.Bytes(), once.Bytes())
		}
	})
}
