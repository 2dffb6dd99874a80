package results

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/polytile/polytile/puzzles"
	"github.com/polytile/polytile/puzzles/specs"
)

// legacyShard returns the shard file data, written by this package, as
// versions 1 and 2 of the shard format wrote it: its header without
// holds, "polytile": "shard", the version given.
func legacyShard(t testing.TB, data []byte, version int) []byte {
	t.Helper()
	line, rest, _ := bytes.Cut(data, []byte("\n"))
	var m map[string]any
	if err := json.Unmarshal(line, &m); err != nil {
		t.Fatal(err)
	}
	delete(m, "holds")
	m["polytile"], m["version"] = "shard", version
	out, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return append(append(out, '\n'), rest...)
}

// firstKeys returns the first n keys of the JSON object data starts with.
func firstKeys(t *testing.T, data []byte, n int) []string {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(data))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		t.Fatalf("not an object: %.80q", data)
	}
	var keys []string
	for len(keys) < n && dec.More() {
		tok, err := dec.Token()
		if err != nil {
			t.Fatal(err)
		}
		keys = append(keys, tok.(string))
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			t.Fatal(err)
		}
	}
	return keys
}

// writeFile writes data to name in dir and returns its path.
func writeFile(t *testing.T, dir, name string, data []byte) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// countFile returns the file of part i of n of spec's count (n 1: the
// whole), as WriteCounts writes it.
func countFile(t *testing.T, spec *specs.Spec, i, n int) []byte {
	t.Helper()
	c, err := puzzles.Count(context.Background(), spec.Problem, &puzzles.CountConfig{Shard: i, Shards: n})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := WriteCounts(&b, CountHeader(spec, c), c); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// Every file polytile saves starts with the header, its fields first and
// in their order, and ReadFileHeader reads it.
func TestEveryFileStartsWithTheHeader(t *testing.T) {
	dir := t.TempDir()
	spec := mustSpec(t, "pentominoes-3x20")
	ctx := context.Background()
	res, err := spec.Problem.Solve(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	var result bytes.Buffer
	if err := (&Run{Result: res, Spec: spec}).Write(&result, true, 0); err != nil {
		t.Fatal(err)
	}
	stream := filepath.Join(dir, "whole.jsonl")
	if _, err := Solve(ctx, spec, nil, stream); err != nil {
		t.Fatal(err)
	}
	var parts []string
	for i := range 2 {
		part := filepath.Join(dir, "part"+string(rune('0'+i))+".jsonl")
		if _, err := Solve(ctx, spec, &puzzles.SolveConfig{Shard: i, Shards: 2}, part); err != nil {
			t.Fatal(err)
		}
		parts = append(parts, part)
	}
	var merged bytes.Buffer
	if err := MergeAnyTo(ctx, &merged, parts, "", t.TempDir(), 0); err != nil {
		t.Fatal(err)
	}
	countParts := []string{
		writeFile(t, dir, "count0.json", countFile(t, spec, 0, 2)),
		writeFile(t, dir, "count1.json", countFile(t, spec, 1, 2)),
	}
	var mergedCount bytes.Buffer
	if err := MergeAnyTo(ctx, &mergedCount, countParts, "", "", 0); err != nil {
		t.Fatal(err)
	}
	read := func(path string) []byte {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
	sudoku := mustSpec(t, "sudoku")
	var sudokuResult bytes.Buffer
	if _, err := Solve(ctx, sudoku, nil, filepath.Join(dir, "sudoku.jsonl")); err != nil {
		t.Fatal(err)
	}
	sres, err := sudoku.Problem.Solve(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := NewResultFile(sudoku, sres).Encode(&sudokuResult); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, holds, kind string
		data              []byte
	}{
		{"a result", HoldsSolutions, "tiling", result.Bytes()},
		{"a stream", HoldsSolutions, "tiling", read(stream)},
		{"a shard's stream", HoldsSolutions, "tiling", read(parts[1])},
		{"a merged result", HoldsSolutions, "tiling", merged.Bytes()},
		{"a count", HoldsCount, "tiling", countFile(t, spec, 0, 1)},
		{"a part of a count", HoldsCount, "tiling", read(countParts[0])},
		{"a merged count", HoldsCount, "tiling", mergedCount.Bytes()},
		{"a sudoku's result", HoldsSolutions, "sudoku", sudokuResult.Bytes()},
		{"a sudoku's stream", HoldsSolutions, "sudoku", read(filepath.Join(dir, "sudoku.jsonl"))},
	}
	want := []string{"polytile", "holds", "kind", "spec", "fingerprint"}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := firstKeys(t, tt.data, 5); strings.Join(got, " ") != strings.Join(want, " ") {
				t.Errorf("the first keys are %q, want %q", got, want)
			}
			h, err := ReadHeader(bytes.NewReader(tt.data), tt.name)
			if err != nil {
				t.Fatal(err)
			}
			if h.Polytile != FormatVersion || h.Holds != tt.holds || h.Kind != tt.kind || h.Fingerprint == "" ||
				(h.Spec != "pentominoes-3x20" && h.Spec != "sudoku") {
				t.Errorf("header %+v, want version %d, holds %q, kind %q, the spec and a fingerprint", *h, FormatVersion, tt.holds, tt.kind)
			}
		})
	}
	// A merge's header is the whole search's.
	hm, _ := ReadHeader(bytes.NewReader(merged.Bytes()), "merged")
	hw, _ := ReadHeader(bytes.NewReader(result.Bytes()), "whole")
	if *hm != *hw {
		t.Errorf("the merged result's header is %+v, the whole search's %+v", *hm, *hw)
	}
}

// A merge picks what it does by the first file's header: the parts of a
// count add up to the whole count, the shards of a search to its result;
// a file that holds another thing is refused, saying so.
func TestMergeAnyTo(t *testing.T) {
	dir := t.TempDir()
	ctx := context.Background()
	spec := mustSpec(t, "pentominoes-3x20")
	counts := []string{
		writeFile(t, dir, "c0.json", countFile(t, spec, 0, 2)),
		writeFile(t, dir, "c1.json", countFile(t, spec, 1, 2)),
	}
	var shards []string
	for i := range 2 {
		path := filepath.Join(dir, "s"+string(rune('0'+i))+".jsonl")
		if _, err := Solve(ctx, spec, &puzzles.SolveConfig{Shard: i, Shards: 2}, path); err != nil {
			t.Fatal(err)
		}
		shards = append(shards, path)
	}
	wholeCount := countFile(t, spec, 0, 1)
	var wholeResult bytes.Buffer
	res, err := spec.Problem.Solve(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := NewResultFile(spec, res).Encode(&wholeResult); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(counts[0])
	badHolds := writeFile(t, dir, "bad.json", bytes.Replace(data, []byte(`"holds":"count"`), []byte(`"holds":"pictures"`), 1))
	newer := writeFile(t, dir, "newer.json", bytes.Replace(data, []byte(`"polytile":3`), []byte(`"polytile":99`), 1))
	tests := []struct {
		name  string
		paths []string
		want  []byte // the output, or nil for an error
		err   string
	}{
		{"a count's parts", counts, wholeCount, ""},
		{"a search's shards", shards, wholeResult.Bytes(), ""},
		{"a count's part among shards", []string{shards[0], counts[1]}, nil, "c1.json holds a count, not solutions"},
		{"a shard among a count's parts", []string{counts[0], shards[1]}, nil, "s1.jsonl holds solutions, not a count"},
		{"a whole count", []string{writeFile(t, dir, "whole.json", wholeCount)}, nil, "whole.json is a whole count, not a part of one"},
		{"a wrong holds", []string{badHolds, counts[1]}, nil, `bad.json is not a file polytile can read: its header says it holds "pictures": want "solutions" or "count"`},
		{"a newer version", []string{newer, counts[1]}, nil, "newer.json is not a file polytile can read: it is in version 99 of the format, written by a newer polytile; this one reads versions up to 3"},
		{"not JSON", []string{writeFile(t, dir, "text.json", []byte("hello"))}, nil, "text.json is not a file polytile can read: it does not start with a JSON object"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			err := MergeAnyTo(ctx, &out, tt.paths, "", t.TempDir(), 0)
			if tt.want == nil {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("MergeAnyTo = %v, want an error with %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(out.Bytes(), tt.want) {
				t.Errorf("MergeAnyTo wrote\n%s\nwant\n%s", out.Bytes(), tt.want)
			}
		})
	}
	var he *HoldsError
	if err := MergeAnyTo(ctx, discard{}, []string{shards[0], counts[1]}, "", t.TempDir(), 0); !errors.As(err, &he) {
		t.Errorf("a count among shards: %v, want a HoldsError", err)
	}
}

type discard struct{}

func (discard) Write(b []byte) (int, error) { return len(b), nil }

// Files written before the header (kept in testdata) still read: results,
// shard files of versions 1 and 2, counts and their parts.
func TestLegacyFiles(t *testing.T) {
	tests := []struct {
		file, holds, spec string
	}{
		{"dominoes-4x4.json", HoldsSolutions, "dominoes-4x4"},
		{"pentominoes-3x20.json", HoldsSolutions, "pentominoes-3x20"},
		{"pentominoes-3x20.jsonl", HoldsSolutions, "pentominoes-3x20"},
		{"dominoes-4x4-1of2.jsonl", HoldsSolutions, "dominoes-4x4"},
		{"legacy-dominoes-4x4-v2.jsonl", HoldsSolutions, "dominoes-4x4"},
		{"legacy-count-pentominoes-3x20.json", HoldsCount, "pentominoes-3x20"},
		{"legacy-count-pentominoes-3x20-0of2.json", HoldsCount, "pentominoes-3x20"},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			path := filepath.Join("testdata", tt.file)
			h, err := ReadFileHeader(path)
			if err != nil {
				t.Fatal(err)
			}
			if h.Polytile != 0 || h.Holds != tt.holds || h.Spec != tt.spec {
				t.Errorf("header %+v, want version 0, holds %q, spec %q", *h, tt.holds, tt.spec)
			}
			if tt.holds == HoldsSolutions {
				if _, err := LoadAll(path); err != nil {
					t.Errorf("LoadAll: %v", err)
				}
			}
		})
	}
	// The parts of a count written before the header add up to the whole
	// count written then, now with the header.
	spec := mustSpec(t, "pentominoes-3x20")
	var out bytes.Buffer
	parts := []string{filepath.Join("testdata", "legacy-count-pentominoes-3x20-0of2.json"), filepath.Join("testdata", "legacy-count-pentominoes-3x20-1of2.json")}
	if err := MergeAnyTo(context.Background(), &out, parts, "", "", 0); err != nil {
		t.Fatal(err)
	}
	if want := countFile(t, spec, 0, 1); !bytes.Equal(out.Bytes(), want) {
		t.Errorf("merging old parts wrote\n%s\nwant\n%s", out.Bytes(), want)
	}
	// A shard file of version 2 resumes; one of version 1 merges.
	old, err := ReadShardFile(filepath.Join("testdata", "legacy-dominoes-4x4-v2.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	if old.Header.Version != 2 || old.Header.Polytile != 0 || old.Check() != nil {
		t.Errorf("the version 2 file reads as %+v: %v", old.Header, old.Check())
	}
}

// ReadHeader never panics, and what it accepts is a header this version
// reads.
func FuzzReadHeader(f *testing.F) {
	addSeeds(f, "*.json*")
	f.Add([]byte(`{"polytile":3,"holds":"count","kind":"tiling","spec":"x","fingerprint":"f","puzzle":"x"}`))
	f.Add([]byte(`{"fingerprint":"f","spec":"x","kind":"sudoku","holds":"solutions","polytile":3}`))
	f.Add([]byte(`{"polytile":3,"holds":"pictures","kind":"tiling","spec":"x","fingerprint":"f"}`))
	f.Add([]byte(`{"polytile":"shard","version":2,"spec":"x"}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		h, err := ReadHeader(bytes.NewReader(data), "fuzz.json")
		if err != nil {
			return
		}
		if h.Polytile != 0 && h.Polytile != FormatVersion || h.Holds != HoldsSolutions && h.Holds != HoldsCount {
			t.Fatalf("ReadHeader accepted %+v", *h)
		}
	})
}

// A stopped run's file of version 2, written before the header, resumes:
// the run ends with the file a fresh run writes, the header of this
// version.
func TestResumeVersion2(t *testing.T) {
	spec := mustSpec(t, "scott")
	dir := t.TempDir()
	want := solveFile(t, false, spec, puzzles.SolveConfig{}, filepath.Join(dir, "whole.jsonl"))
	path := filepath.Join(dir, "run.jsonl")
	stopped := solveFile(t, false, spec, puzzles.SolveConfig{Limit: 7}, path)
	if !bytes.Contains(stopped, []byte(`"complete":false`)) {
		t.Fatal("the run was not stopped")
	}
	old := legacyShard(t, stopped, 2)
	if bytes.HasPrefix(old, []byte(`{"polytile":3`)) {
		t.Fatalf("not an old file: %.100s", old)
	}
	if err := os.WriteFile(path, old, 0o644); err != nil {
		t.Fatal(err)
	}
	if got := solveFile(t, true, spec, puzzles.SolveConfig{}, path); !bytes.Equal(got, want) {
		t.Fatalf("the resumed file differs from a fresh run's: %d bytes, want %d\n%.300s", len(got), len(want), got)
	}
}
