package results

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/polytile/polytile/puzzles"
	"github.com/polytile/polytile/puzzles/specs"
)

// saveScott writes Scott's solutions as a result and as a shard file (with
// its end line, and cut short, without it) and returns their paths.
func saveScott(t testing.TB, copies int) (result, shard, cut string) {
	t.Helper()
	spec, err := specs.Load("scott")
	if err != nil {
		t.Fatal(err)
	}
	res, err := spec.Problem.Solve(context.Background(), &puzzles.SolveConfig{})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	var buf bytes.Buffer
	if err := NewResultFile(spec, res).Encode(&buf); err != nil {
		t.Fatal(err)
	}
	result = filepath.Join(dir, "scott.json")
	os.WriteFile(result, buf.Bytes(), 0o644)
	buf.Reset()
	w := NewWriter(&buf, NewHeader(spec, nil))
	for range copies {
		for _, d := range res.Distinct {
			w.Add(d, 0)
		}
	}
	if err := w.Close(NewEnd(res, true)); err != nil {
		t.Fatal(err)
	}
	shard = filepath.Join(dir, "scott.jsonl")
	os.WriteFile(shard, buf.Bytes(), 0o644)
	lines := bytes.SplitAfter(buf.Bytes(), []byte("\n"))
	cut = filepath.Join(dir, "cut.jsonl")
	os.WriteFile(cut, bytes.Join(lines[:len(lines)-5], nil), 0o644)
	return result, shard, cut
}

func TestLoad(t *testing.T) {
	result, shard, cut := saveScott(t, 1)
	for _, tt := range []struct {
		name      string
		path      string
		pick      puzzles.Pick
		numbers   []int
		total     int
		canonical bool
		partial   string
	}{
		{"result, one", result, puzzles.Pick{Nth: 7}, []int{7}, 65, true, ""},
		{"result, first", result, puzzles.Pick{Limit: 3}, []int{1, 2, 3}, 65, true, ""},
		{"result, past the last", result, puzzles.Pick{Nth: 66}, nil, 65, true, ""},
		{"result, all", result, puzzles.Pick{}, seq(65), 65, true, ""},
		{"shard, one", shard, puzzles.Pick{Nth: 65}, []int{65}, 65, false, ""},
		{"shard, first", shard, puzzles.Pick{Limit: 2}, []int{1, 2}, 65, false, ""},
		{"cut short, all", cut, puzzles.Pick{}, seq(62), 62, false, "the search stopped early"},
		{"cut short, one", cut, puzzles.Pick{Nth: 62}, []int{62}, -1, false, "the search stopped early"},
		{"cut short, past the last", cut, puzzles.Pick{Nth: 63}, nil, 62, false, "the search stopped early"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s, err := Load(tt.path, tt.pick)
			if err != nil {
				t.Fatal(err)
			}
			if s.Spec == nil || s.Spec.Name != "scott" || s.Spec.Render == nil || s.Spec.Render.Columns.Value != 13 {
				t.Errorf("spec %+v, want scott's", s.Spec)
			}
			if !equalInts(s.Numbers, tt.numbers) || len(s.Solutions) != len(tt.numbers) {
				t.Errorf("numbers %v (%d solutions), want %v", s.Numbers, len(s.Solutions), tt.numbers)
			}
			if s.Total != tt.total || s.Canonical != tt.canonical || !strings.HasPrefix(s.Partial, tt.partial) || (tt.partial == "") != (s.Partial == "") {
				t.Errorf("total %d, canonical %v, partial %q; want %d, %v, %q", s.Total, s.Canonical, s.Partial, tt.total, tt.canonical, tt.partial)
			}
		})
	}
	// The Nth of the result is the Nth of the search, in canonical order.
	spec, _ := specs.Load("scott")
	sols, _, err := tilingOf(t, spec).Pick(context.Background(), puzzles.Pick{Nth: 30})
	if err != nil {
		t.Fatal(err)
	}
	s, err := Load(result, puzzles.Pick{Nth: 30})
	if err != nil {
		t.Fatal(err)
	}
	if s.Solutions[0].String() != sols[0].String() {
		t.Errorf("the 30th solution of the file\n%s\nis not the search's\n%s", s.Solutions[0], sols[0])
	}
	if _, err := Load(result, puzzles.Pick{Raw: true}); err == nil {
		t.Errorf("Load with Raw: no error")
	}
}

func seq(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i + 1
	}
	return out
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// BenchmarkLoadLast reads from a shard file of 65,000 solutions (about 43
// MB) its last one: the lines before it are counted, not decoded.
func BenchmarkLoadLast(b *testing.B) {
	_, shard, _ := saveScott(b, 1000)
	st, _ := os.Stat(shard)
	b.SetBytes(st.Size())
	b.ResetTimer()
	for range b.N {
		s, err := Load(shard, puzzles.Pick{Nth: 65000})
		if err != nil || len(s.Solutions) != 1 {
			b.Fatal(err)
		}
	}
}

func TestLoadAll(t *testing.T) {
	result, shard, cut := saveScott(t, 1)
	for _, tt := range []struct {
		path     string
		n        int
		complete bool
	}{{result, 65, true}, {shard, 65, true}, {cut, 62, false}} {
		all, err := LoadAll(tt.path)
		if err != nil {
			t.Fatal(err)
		}
		if len(all.Classes) != tt.n || all.Complete != tt.complete || all.File != filepath.Base(tt.path) || len(all.Data) == 0 || all.Spec.Name != "scott" {
			t.Errorf("%s: %d classes, complete %v, file %q", tt.path, len(all.Classes), all.Complete, all.File)
		}
	}
	spec, _ := specs.Load("scott")
	all, err := SolveAll(context.Background(), spec, nil)
	if err != nil {
		t.Fatal(err)
	}
	r, err := ReadResult(bytes.NewReader(all.Data), all.File)
	if err != nil || len(all.Classes) != 65 || r.Distinct != 65 || !all.Complete {
		t.Errorf("SolveAll: %d classes, result %v, %v", len(all.Classes), r, err)
	}
}

// scottShardLines writes the shard file of Scott's whole search (one
// worker) in a temporary directory, and returns the directory, the file's
// path and its lines.
func scottShardLines(t *testing.T) (dir, path string, lines [][]byte) {
	t.Helper()
	dir = t.TempDir()
	path = filepath.Join(dir, "s.jsonl")
	if _, err := Solve(context.Background(), mustSpec(t, "scott"), &puzzles.SolveConfig{Workers: 1}, path); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return dir, path, bytes.SplitAfter(data, []byte("\n"))
}

// TestLoadLineAfterDone checks that an error in a solution chosen by its
// number names its line, counting the done lines read past before it.
func TestLoadLineAfterDone(t *testing.T) {
	_, path, lines := scottShardLines(t)
	// The 5th solution's line, with a cell off the board.
	nth, n := 5, 0
	at := 0
	for i, l := range lines {
		if bytes.HasPrefix(l, []byte(`{"task":`)) {
			if n++; n == nth {
				at = i
				break
			}
		}
	}
	if at+1 == nth+1 {
		t.Skip("no done line before the 5th solution")
	}
	lines[at] = bytes.Replace(lines[at], []byte("[[0,"), []byte("[[99,"), 1)
	os.WriteFile(path, bytes.Join(lines, nil), 0o644)
	_, err := Load(path, puzzles.Pick{Nth: nth})
	want := fmt.Sprintf("s.jsonl:%d: not a solution of the puzzle", at+1)
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("Load(Nth %d) = %v, want %q", nth, err, want)
	}
}

// A shard file with a solution line deleted or written twice is damaged:
// Load of all its solutions says so, at the task's done line or at the
// end line, rather than numbering what is left as if it were whole; the
// solutions before the damage still load one by one.
func TestLoadDamagedShard(t *testing.T) {
	dir, path, lines := scottShardLines(t)
	var sols []int
	for i, l := range lines {
		if bytes.HasPrefix(l, []byte(`{"task":`)) {
			sols = append(sols, i)
		}
	}
	edit := func(name string, f func(l [][]byte) [][]byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, bytes.Join(f(slices.Clone(lines)), nil), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	at := sols[10]
	last := sols[len(sols)-1]
	tests := []struct {
		name, path, want string
	}{
		{"a line deleted", edit("del.jsonl", func(l [][]byte) [][]byte { return slices.Delete(l, at, at+1) }), "the file is damaged"},
		{"a line twice", edit("dup.jsonl", func(l [][]byte) [][]byte { return slices.Insert(l, at, l[at]) }), "the file is damaged"},
		{"the last deleted", edit("last.jsonl", func(l [][]byte) [][]byte { return slices.Delete(l, last, last+1) }), "the file is damaged"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := Load(tt.path, puzzles.Pick{}); err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Load of every solution: %v, want %q", err, tt.want)
			}
			if s, err := Load(tt.path, puzzles.Pick{Nth: 3}); err != nil || len(s.Solutions) != 1 {
				t.Errorf("Load of the 3rd, before the damage: %v", err)
			}
		})
	}
	if s, err := Load(path, puzzles.Pick{}); err != nil || len(s.Solutions) != 65 || s.Total != 65 {
		t.Errorf("Load of the whole file: %v", err)
	}
}
