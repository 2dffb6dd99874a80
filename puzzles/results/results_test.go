package results

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/polytile/polytile/puzzles"
	"github.com/polytile/polytile/puzzles/specs"
	"github.com/polytile/polytile/puzzles/tiling"
)

func mustSpec(t testing.TB, name string) *specs.Spec {
	t.Helper()
	spec, err := specs.Load(name)
	if err != nil {
		t.Fatal(err)
	}
	return spec
}

// shardLines runs shard i of n of spec's search, writing its shard file
// with a Writer, and returns the file's lines.
func shardLines(t testing.TB, spec *specs.Spec, i, n int) []string {
	t.Helper()
	var buf bytes.Buffer
	cfg := &puzzles.SolveConfig{Shard: i, Shards: n}
	w := NewWriter(&buf, NewHeader(spec, cfg))
	cfg.Each = w.Add
	res, err := spec.Problem.Solve(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Close(NewEnd(res, res.Complete)); err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
}

// whole returns the result of spec's unsharded search, encoded.
func whole(t testing.TB, spec *specs.Spec) string {
	t.Helper()
	res, err := spec.Problem.Solve(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := NewResultFile(spec, res).Encode(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

// merge reads the files (name → text) as shards and merges them.
func merge(p *tiling.Puzzle, files [][2]string) (*ResultFile, error) {
	var shards []*Shard
	for _, f := range files {
		sf, err := ReadShard(strings.NewReader(f[1]), f[0])
		if err != nil {
			return nil, err
		}
		shards = append(shards, sf)
	}
	return Merge(p, shards)
}

// The shards of a search merge into the bytes of the whole search.
func TestMergeEqualsWhole(t *testing.T) {
	tests := []struct {
		spec   string
		shards int
	}{
		{"scott", 1},
		{"scott", 3},
		{"dominoes-4x4", 10}, // more shards than tasks: some are empty
		{"pentominoes-3x20", 2},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%s/%d", tt.spec, tt.shards), func(t *testing.T) {
			spec := mustSpec(t, tt.spec)
			var files [][2]string
			for i := tt.shards - 1; i >= 0; i-- { // in any order
				lines := shardLines(t, spec, i, tt.shards)
				files = append(files, [2]string{fmt.Sprintf("s%d.jsonl", i), strings.Join(lines, "\n")})
			}
			res, err := merge(tilingOf(t, spec), files)
			if err != nil {
				t.Fatalf("Merge = %v", err)
			}
			var buf bytes.Buffer
			if err := res.Encode(&buf); err != nil {
				t.Fatal(err)
			}
			if got, want := buf.String(), whole(t, spec); got != want {
				t.Errorf("Merge = \n%.600s\nwant (the whole search)\n%.600s", got, want)
			}
		})
	}
}

// A result read back gives the same bytes, and its solutions the classes
// the search found.
func TestReadResult(t *testing.T) {
	for _, name := range []string{"scott", "pentominoes-3x20", "dominoes-4x4"} {
		t.Run(name, func(t *testing.T) {
			spec := mustSpec(t, name)
			res, err := spec.Problem.Solve(context.Background(), nil)
			if err != nil {
				t.Fatal(err)
			}
			text := whole(t, spec)
			r, err := ReadResult(strings.NewReader(text), name+".json")
			if err != nil {
				t.Fatalf("ReadResult = %v", err)
			}
			var buf bytes.Buffer
			r.Encode(&buf)
			if buf.String() != text {
				t.Errorf("ReadResult then Encode =\n%.400s\nwant\n%.400s", buf.String(), text)
			}
			for i, s := range r.Solutions {
				c, err := s.Class(spec.Problem)
				if err != nil {
					t.Fatalf("solution %d: Class = %v", i+1, err)
				}
				if d := res.Distinct[i]; c.Solution.SortKey() != d.Solution.SortKey() || c.Orbit != d.Orbit {
					t.Errorf("solution %d: Class =\n%s(orbit %d), want\n%s(orbit %d)", i+1, c, c.Orbit, d, d.Orbit)
				}
			}
		})
	}
}

func TestReadResultErrors(t *testing.T) {
	tests := []struct{ name, text, err string }{
		{"not JSON", `{"name": `, "not valid JSON"},
		{"no name", `{"raw": 0}`, "it has no name"},
		{"unknown field", `{"name": "x", "colour": 1}`, `unknown field "colour"`},
		{"wrong type", `{"name": "x", "raw": "8"}`, `field "raw" is a string, want a whole number`},
		{"miscounted", `{"name": "x", "distinct": 2, "raw": 1, "solutions": [{"orbit": 1, "pieces": [{"name": "A", "cells": [[0, 0]]}]}]}`, "distinct is 2, but it holds 1 solutions"},
		{"bad orbit", `{"name": "x", "symmetries": 8, "distinct": 1, "raw": 3, "solutions": [{"orbit": 3, "pieces": [{"name": "A", "cells": [[0, 0]]}]}]}`, "orbit 3 does not divide the 8 symmetries"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ReadResult(strings.NewReader(tt.text), "r.json")
			if err == nil || !strings.Contains(err.Error(), tt.err) || !strings.HasPrefix(err.Error(), "r.json") {
				t.Errorf("ReadResult(%s) = %v, want an error naming r.json with %q", tt.text, err, tt.err)
			}
		})
	}
}

// edit returns lines with line k (0: the header, -1: the last) replaced by
// what change makes of it, decoded as v's type.
func edit[T any](t *testing.T, lines []string, k int, change func(*T)) []string {
	t.Helper()
	out := append([]string(nil), lines...)
	if k < 0 {
		k += len(out)
	}
	var v T
	if err := json.Unmarshal([]byte(out[k]), &v); err != nil {
		t.Fatal(err)
	}
	change(&v)
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	out[k] = string(data)
	return out
}

// counted fixes the end line's counts to the solution lines'.
func counted(t *testing.T, lines []string) []string {
	t.Helper()
	var distinct, raw int64
	for _, l := range lines[1 : len(lines)-1] {
		var s ShardClass
		json.Unmarshal([]byte(l), &s)
		distinct++
		raw += int64(s.Orbit)
	}
	return edit(t, lines, -1, func(e *End) { e.Distinct, e.Raw = distinct, raw })
}

// Every damage to a shard file is refused, with the file, the line and
// what is wrong, in the file's terms.
func TestMergeDamaged(t *testing.T) {
	spec := mustSpec(t, "scott")
	p := tilingOf(t, spec)
	all := shardLines(t, spec, 0, 1)
	s0, s1 := shardLines(t, spec, 0, 2), shardLines(t, spec, 1, 2)
	sol := func(lines []string, k int) ShardClass {
		var s ShardClass
		if err := json.Unmarshal([]byte(lines[k]), &s); err != nil {
			t.Fatal(err)
		}
		return s
	}
	// A solution's image under a symmetry that changes it: the same class,
	// not in canonical form.
	first := sol(all, 1)
	c, err := first.Class(p)
	if err != nil {
		t.Fatal(err)
	}
	var rotated SavedClass
	for k := 1; k < p.Symmetries(); k++ {
		if tc := c.Solution.(*tiling.Solution); tc.Transform(k).Compare(tc) != 0 {
			img := tc.Transform(k)
			rotated = NewSavedClass(puzzles.Class{Solution: img, Orbit: c.Orbit})
			break
		}
	}
	line := func(s ShardClass) string {
		data, _ := json.Marshal(s)
		return string(data)
	}
	insert := func(lines []string, k int, l string) []string {
		out := append([]string(nil), lines[:k]...)
		return append(append(out, l), lines[k:]...)
	}
	tests := []struct {
		name  string
		files [][]string // the files' lines, named f0.jsonl, f1.jsonl, …
		err   string     // a part of the error
	}{
		{"off the board", [][]string{edit(t, all, 1, func(s *pieceLine) { s.Pieces[0].Cells[0] = [2]int{9, 9} })},
			`f0.jsonl:2: not a solution of the puzzle: tiling: piece "F" covers cell [9, 9], which is off the board`},
		{"in a hole", [][]string{edit(t, all, 1, func(s *pieceLine) { s.Pieces[0].Cells[0] = [2]int{3, 3} })},
			`f0.jsonl:2: not a solution of the puzzle: tiling: piece "F" covers cell [3, 3], which is in a hole of the board`},
		{"overlapping pieces", [][]string{edit(t, all, 2, func(s *pieceLine) { s.Pieces[1].Cells = s.Pieces[0].Cells })},
			`f0.jsonl:3: not a solution of the puzzle: tiling: cell `},
		{"a missing piece", [][]string{edit(t, all, 1, func(s *pieceLine) { s.Pieces = s.Pieces[:11] })},
			`f0.jsonl:2: not a solution of the puzzle: tiling: piece "Z" is put down 0 times, want 1`},
		{"an unknown piece", [][]string{edit(t, all, 1, func(s *pieceLine) { s.Pieces[3].Name = "Q" })},
			`f0.jsonl:2: piece "Q" is not a piece of the puzzle`},
		{"a wrong shape", [][]string{edit(t, all, 1, func(s *pieceLine) { s.Pieces[0].Name, s.Pieces[1].Name = "I", "F" })},
			`f0.jsonl:2: not a solution of the puzzle: tiling: piece "I" is put down on 5 cells, not its shape`},
		{"not canonical", [][]string{edit(t, all, 1, func(s *ShardClass) { s.SavedClass = rotated })},
			`f0.jsonl:2: a solution that is not in its canonical form`},
		{"a rotated duplicate", [][]string{counted(t, insert(all, 2, line(ShardClass{Task: first.Task, SavedClass: rotated})))},
			`f0.jsonl:3: a solution that is not in its canonical form`},
		{"a duplicate", [][]string{counted(t, insert(all, 2, all[1]))},
			`f0.jsonl:2 and f0.jsonl:3 hold the same solution`},
		{"a duplicate across shards", [][]string{s0, counted(t, insert(s1, 1, line(ShardClass{Task: 1, SavedClass: sol(s0, 1).SavedClass})))},
			`f0.jsonl:2 and f1.jsonl:2 hold the same solution`},
		{"a wrong orbit", [][]string{counted(t, edit(t, all, 1, func(s *ShardClass) { s.Orbit = 4 }))},
			`f0.jsonl:2: a solution whose orbit is 8, not 4`},
		{"an orbit that does not divide", [][]string{edit(t, all, 1, func(s *ShardClass) { s.Orbit = 7 })},
			`f0.jsonl:2: orbit 7 does not divide the 8 symmetries`},
		{"no orbit", [][]string{insert(all, 1, `{"task": 0, "pieces": [{"name": "F", "cells": [[0, 0]]}]}`)},
			`f0.jsonl:2: no orbit`},
		{"a task as a string", [][]string{insert(all, 1, `{"task": "0", "orbit": 1, "pieces": []}`)},
			`f0.jsonl:2: field "task" is a string, want a whole number`},
		{"a cell of three numbers", [][]string{counted(t, insert(all, 1, `{"task": 0, "orbit": 1, "pieces": [{"name": "F", "cells": [[0, 0, 0]]}]}`))},
			`f0.jsonl:2: piece "F": cell [0 0 0] is not a [row, col] pair`},
		{"a cell as a string", [][]string{counted(t, insert(all, 1, `{"task": 0, "orbit": 1, "pieces": [{"name": "F", "cells": [["a", 0]]}]}`))},
			`f0.jsonl:2: field "pieces.cells" is a string, want a whole number`},
		{"an unknown field", [][]string{counted(t, insert(all, 1, `{"task": 0, "orbit": 1, "colour": "red", "pieces": []}`))},
			`f0.jsonl:2: unknown field "colour"`},
		{"not JSON", [][]string{insert(all, 1, `{"task": 0,`)},
			`f0.jsonl:2: not valid JSON`},
		{"text after the object", [][]string{insert(all, 1, `{"task": 0} x`)},
			`f0.jsonl:2: not valid JSON`},
		{"neither", [][]string{insert(all, 1, `{"orbit": 8}`)},
			`f0.jsonl:2: neither a solution`},
		{"end false", [][]string{append(all[:len(all)-1:len(all)-1], `{"end": false}`)},
			`f0.jsonl:67: neither a solution nor the end line`},
		{"a header field of the wrong type", [][]string{edit(t, all, 0, func(h *map[string]any) { (*h)["shards"] = "one" })},
			`f0.jsonl:1: the header: field "shards" is a string, want a whole number`},
		{"a billion shards", [][]string{counted(t, edit(t, []string{all[0], all[len(all)-1]}, 0, func(h *Header) { h.Shards = 1000000000 }))},
			`results: shards 1/1000000000, 2/1000000000, 3/1000000000, 4/1000000000, 5/1000000000, 6/1000000000, 7/1000000000, 8/1000000000 and 999999991 more are missing`},
		{"another puzzle's fingerprint", [][]string{edit(t, all, 0, func(h *Header) { h.Fingerprint = "0123" })},
			`f0.jsonl was written for another puzzle than scott is now (fingerprint 0123, not `},
		{"an unknown engine", [][]string{edit(t, all, -1, func(e *End) { e.Engine = "quantum" })},
			`f0.jsonl: the end line names engine "quantum": want dlx or fill`},
		{"a task of another shard", [][]string{insert(s1, 1, line(ShardClass{Task: 2, SavedClass: first.SavedClass}))},
			`f0.jsonl:2: a solution of task 2, which is not in shard 1/2`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var files [][2]string
			for i, lines := range tt.files {
				files = append(files, [2]string{fmt.Sprintf("f%d.jsonl", i), strings.Join(lines, "\n") + "\n"})
			}
			_, err := merge(p, files)
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Fatalf("Merge = %v, want an error with %q", err, tt.err)
			}
			for _, internal := range []string{"Go ", "json:", "struct", "int64", "[]"} {
				if strings.Contains(err.Error(), internal) {
					t.Errorf("Merge = %v: the error speaks of Go's %q", err, internal)
				}
			}
		})
	}
}

// Fewer missing shards are all named.
func TestMissingShards(t *testing.T) {
	tests := []struct {
		have []int
		n    int
		want string
	}{
		{[]int{0, 1, 3}, 4, "shard 2/4 is missing"},
		{[]int{0, 3}, 4, "shards 1/4, 2/4 are missing"},
		{[]int{0}, 9, "shards 1/9, 2/9, 3/9, 4/9, 5/9, 6/9, 7/9, 8/9 are missing"},
		{[]int{0}, 10, "shards 1/10, 2/10, 3/10, 4/10, 5/10, 6/10, 7/10, 8/10 and 1 more are missing"},
		{[]int{0, 2, 4, 6}, 1 << 40, "shards 1/1099511627776, 3/1099511627776, 5/1099511627776, 7/1099511627776, 8/1099511627776, 9/1099511627776, 10/1099511627776, 11/1099511627776 and 1099511627764 more are missing"},
	}
	for _, tt := range tests {
		byShard := map[int]*Shard{}
		for _, i := range tt.have {
			byShard[i] = &Shard{}
		}
		if got := missingShards(byShard, tt.n, tt.n-len(tt.have)); got != tt.want {
			t.Errorf("missingShards(%v of %d) = %q, want %q", tt.have, tt.n, got, tt.want)
		}
	}
}

// A Writer's first error sticks, stops the search and is returned by
// Close; Create leaves no file then, and a complete one otherwise.
func TestWriter(t *testing.T) {
	spec := mustSpec(t, "dominoes-4x4")
	w := NewWriter(failing{}, NewHeader(spec, nil))
	res, _ := spec.Problem.Solve(context.Background(), &puzzles.SolveConfig{})
	ok := true
	for range 5000 { // more than the 64 KiB buffer holds
		ok = w.Add(res.Distinct[0], 0) && ok
	}
	if ok || w.Err() == nil {
		t.Errorf("Add on a failing writer: ok %v, Err %v; want false and an error", ok, w.Err())
	}
	if err := w.Close(NewEnd(res, true)); err == nil {
		t.Errorf("Close on a failing writer = nil, want an error")
	}

	dir := t.TempDir()
	path := filepath.Join(dir, "s.jsonl")
	cw, err := Create(path, NewHeader(spec, nil))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path); err == nil {
		t.Errorf("%s exists before Close", path)
	}
	for _, d := range res.Distinct {
		cw.Add(d, 0)
	}
	if err := cw.Close(NewEnd(res, true)); err != nil {
		t.Fatal(err)
	}
	sf, err := ReadShardFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := sf.Check(); err != nil || len(sf.Solutions) != len(res.Distinct) {
		t.Errorf("the file read back: Check = %v, %d solutions, want nil and %d", err, len(sf.Solutions), len(res.Distinct))
	}
	classes, err := sf.Classes(spec.Problem)
	if err != nil {
		t.Fatalf("Classes = %v", err)
	}
	for i, c := range classes {
		if d := res.Distinct[i]; c.Solution.SortKey() != d.Solution.SortKey() || c.Orbit != d.Orbit {
			t.Errorf("Classes()[%d] =\n%s, want\n%s", i, c, d)
		}
	}
	aw, _ := Create(filepath.Join(dir, "abandoned.jsonl"), NewHeader(spec, nil))
	aw.Abort()
	if es, _ := os.ReadDir(dir); len(es) != 1 {
		t.Errorf("after Abort the directory holds %d files, want 1", len(es))
	}
}

type failing struct{}

func (failing) Write([]byte) (int, error) { return 0, fmt.Errorf("disk full") }

// Writer writes a solution's line without encoding/json, byte for byte as
// json.Marshal would, names that JSON escapes included.
func TestWriterLines(t *testing.T) {
	odd, err := specs.Parse("odd", []byte("board: {rows: 2, cols: 5}\npieces:\n  - name: \"<a&\\\"b>\"\n    shape: |\n      ##\n      #\n  - name: é\n    shape: |\n      ###\n      #\n  - name: ſ\n    shape: |\n      ###\n"))
	if err != nil {
		t.Fatal(err)
	}
	for _, spec := range []*specs.Spec{mustSpec(t, "scott"), mustSpec(t, "hexiamonds-4x9"), mustSpec(t, "dominoes-4x4"), odd} {
		res, err := spec.Problem.Solve(context.Background(), nil)
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Distinct) == 0 {
			t.Fatalf("%s: no solutions", spec.Name)
		}
		w := &Writer{}
		for i, d := range res.Distinct {
			want, err := json.Marshal(ShardClass{Task: i, SavedClass: NewSavedClass(d)})
			if err != nil {
				t.Fatal(err)
			}
			if got := w.appendSolution(nil, d, i); string(got) != string(want)+"\n" {
				t.Fatalf("%s: the line\n%s\nwant\n%s", spec.Name, got, want)
			}
		}
	}
}

// A solution's JSON, made by hand for Encode, is the bytes json.Marshal
// makes of it: names that JSON escapes, and pieces or cells missing.
func TestSolutionJSON(t *testing.T) {
	odd, err := specs.Parse("odd", []byte("board: {rows: 2, cols: 5}\npieces:\n  - name: \"<a&\\\"b>\"\n    shape: |\n      ##\n      #\n  - name: é\n    shape: |\n      ###\n      #\n  - name: ſ\n    shape: |\n      ###\n"))
	if err != nil {
		t.Fatal(err)
	}
	for _, spec := range []*specs.Spec{mustSpec(t, "scott"), mustSpec(t, "hexiamonds-4x9"), odd} {
		res, err := spec.Problem.Solve(context.Background(), nil)
		if err != nil {
			t.Fatal(err)
		}
		names := tilingOf(t, spec).PieceNames()
		for i, d := range res.Distinct {
			v := pieceLine{Orbit: d.Orbit}
			for _, pl := range d.Solution.(*tiling.Solution).Placements() {
				tp := testPiece{Name: names[pl.Piece]}
				for _, c := range pl.Cells {
					tp.Cells = append(tp.Cells, [2]int{c.Row, c.Col})
				}
				v.Pieces = append(v.Pieces, tp)
			}
			want, err := json.Marshal(struct {
				Orbit  int         `json:"orbit"`
				Pieces []testPiece `json:"pieces"`
			}{v.Orbit, v.Pieces})
			if err != nil {
				t.Fatal(err)
			}
			s := NewSavedClass(d)
			if string(s.object(nil)) != string(want) {
				t.Fatalf("%s, solution %d: the JSON\n%s\nwant\n%s", spec.Name, i+1, s.object(nil), want)
			}
			back, err := s.Class(spec.Problem)
			if err != nil || back.Solution.SortKey() != d.Solution.SortKey() || back.Orbit != d.Orbit {
				t.Fatalf("%s, solution %d: read back as %v, %v", spec.Name, i+1, back, err)
			}
		}
	}
}

// Run.Write writes --json one solution at a time: the bytes Encode
// writes of the whole Result, without holding the solutions converted (its
// allocations do not grow with the number of solutions).
func TestRunWriteJSON(t *testing.T) {
	odd, err := specs.Parse("odd", []byte("board: {rows: 2, cols: 5}\npieces:\n  - name: \"<a&\\\"b>\"\n    shape: |\n      ##\n      #\n  - name: é\n    shape: |\n      ###\n      #\n  - name: ſ\n    shape: |\n      ###\n"))
	if err != nil {
		t.Fatal(err)
	}
	for _, spec := range []*specs.Spec{mustSpec(t, "scott"), mustSpec(t, "hexiamonds-4x9"), odd} {
		res, err := spec.Problem.Solve(context.Background(), nil)
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Distinct) == 0 {
			t.Fatalf("%s: no solutions", spec.Name)
		}
		run := &Run{Result: res, Spec: spec, Shard: "1/1"}
		var got, want bytes.Buffer
		if err := run.Write(&got, true, 0); err != nil {
			t.Fatal(err)
		}
		o := NewResultFile(spec, res)
		o.Shard = run.Shard
		if err := o.Encode(&want); err != nil {
			t.Fatal(err)
		}
		if got.String() != want.String() {
			t.Fatalf("%s: Run.Write wrote\n%s\nwant\n%s", spec.Name, got.String(), want.String())
		}
		allocs := func(n int) float64 {
			r := *res
			r.Distinct = res.Distinct[:n]
			run := &Run{Result: &r, Spec: spec}
			return testing.AllocsPerRun(5, func() {
				if err := run.Write(io.Discard, true, 0); err != nil {
					t.Fatal(err)
				}
			})
		}
		if one, all := allocs(1), allocs(len(res.Distinct)); len(res.Distinct) > 1 && all > one+2 {
			t.Errorf("%s: writing %d solutions allocates %.0f times, one %.0f times", spec.Name, len(res.Distinct), all, one)
		}
	}
}

// pieceLine is a tiling's solution line of a shard file, for tests that
// change its pieces.
type pieceLine struct {
	Task   int         `json:"task"`
	Orbit  int         `json:"orbit"`
	Pieces []testPiece `json:"pieces"`
}

type testPiece struct {
	Name  string   `json:"name"`
	Cells [][2]int `json:"cells"`
}

// The report prints a title's control characters as
// escapes: a spec from anywhere must not drive the terminal.
func TestReportEscapesControls(t *testing.T) {
	spec, err := specs.Parse("esc.yaml", []byte("title: \"\\e[31mRED\\a\"\nboard: {rows: 2, cols: 2}\npieces:\n  - set: domino\n    count: 2\n"))
	if err != nil {
		t.Fatal(err)
	}
	run, err := Solve(context.Background(), spec, nil, "")
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := run.Write(&buf, false, 1); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	if strings.ContainsAny(out, "\x1b\a") || !strings.Contains(out, `\x1b[31mRED\a`) {
		t.Errorf("the report:\n%q", out)
	}
}

// tilingOf returns the tiling that spec s describes, failing tb if it is
// a puzzle of another kind.
func tilingOf(tb testing.TB, s *specs.Spec) *tiling.Puzzle {
	tb.Helper()
	p, ok := s.Problem.(*tiling.Puzzle)
	if !ok {
		tb.Fatalf("%s is a %s puzzle, not a tiling", s.Name, s.Kind())
	}
	return p
}
