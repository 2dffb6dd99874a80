package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/polytile/polytile/internal/golden"
)

// outputKinds are puzzles of every kind, small enough to run in a test:
// tilings on the three lattices, a Sudoku, queens, Knuth's matrix as a
// spec and in his own format.
var outputKinds = []struct{ name, spec string }{
	{"dominoes", "dominoes-4x4"},
	{"two-pieces", "two-pieces"},
	{"tetrahexes", "tetrahexes-4x7"},
	{"sudoku", "sudoku"},
	{"queens", "queens-8"},
	{"knuth", "knuth-7"},
	{"dlx", filepath.Join("testdata", "outputs", "knuth.dlx")},
}

// TestOutputsGolden holds what the command writes for a puzzle of every
// kind (the report, --json, the shard files of a whole and of a split
// search, their merge, pictures of the solutions, of saved results, of
// the puzzle and of its matrix) against the files in testdata/outputs,
// and reads those files back as saved results: files written by earlier
// versions go on being read, and every output stays byte for byte the
// same. go test -update rewrites them.
func TestOutputsGolden(t *testing.T) {
	for _, k := range outputKinds {
		t.Run(k.name, func(t *testing.T) {
			dir := t.TempDir()
			file := func(name string) string { return filepath.Join(dir, name) }
			check := func(name string, got []byte) {
				t.Helper()
				golden.Check(t, filepath.Join("outputs", k.name+"-"+name), got)
			}
			out := func(args ...string) []byte {
				t.Helper()
				code, stdout, stderr := polytile(t, args...)
				if code != 0 {
					t.Fatalf("polytile %s: exit %d: %s", strings.Join(args, " "), code, stderr)
				}
				return []byte(stdout)
			}
			written := func(path string) []byte {
				t.Helper()
				data, err := os.ReadFile(path)
				if err != nil {
					t.Fatal(err)
				}
				return data
			}
			check("solve.txt", goldenTime(filepath.Join("outputs", k.name+"-solve.txt"), out("solve", k.spec, "--show", "2", "--workers", "1")))
			check("solve.json", out("solve", k.spec, "--json", "--workers", "1"))
			check("limit.json", out("solve", k.spec, "--json", "--limit", "1"))
			out("solve", k.spec, "--jsonl", file("all.jsonl"), "--workers", "1")
			check("all.jsonl", written(file("all.jsonl")))
			out("solve", k.spec, "--jsonl", file("s0.jsonl"), "--shard", "0/2")
			out("solve", k.spec, "--jsonl", file("s1.jsonl"), "--shard", "1/2")
			check("s0.jsonl", written(file("s0.jsonl")))
			check("s1.jsonl", written(file("s1.jsonl")))
			check("merge.json", out("merge", file("s0.jsonl"), file("s1.jsonl")))
			out("draw", k.spec, "-o", file("draw.svg"), "--limit", "4")
			check("draw.svg", written(file("draw.svg")))
			out("draw", k.spec, "--puzzle", "-o", file("puzzle.svg"))
			check("puzzle.svg", written(file("puzzle.svg")))
			out("draw", k.spec, "--matrix", "--solution", "1", "-o", file("matrix.svg"))
			check("matrix.svg", written(file("matrix.svg")))

			// The files as the golden ones hold them (written by earlier
			// versions, if this one writes otherwise) read back.
			saved := filepath.Join("testdata", "outputs", k.name+"-")
			out("draw", saved+"solve.json", "-o", file("saved.svg"), "--limit", "4")
			check("saved.svg", written(file("saved.svg")))
			out("draw", saved+"all.jsonl", "-o", file("saved-shard.svg"), "--limit", "4")
			check("saved-shard.svg", written(file("saved-shard.svg")))
			check("merge-saved.json", out("merge", saved+"s0.jsonl", saved+"s1.jsonl"))
		})
	}
}

// timeLine is the report's line of the search's wall time, up to what
// follows it.
var timeLine = regexp.MustCompile(`(?m)^time: +\S+ \(`)

// goldenTime returns the report got with the wall time of the golden file
// name (under testdata) in place of its own: the time is the run's, which
// no golden file can hold (a loaded machine takes 2 ms where the file says
// 1 ms). Under -update, got is returned as it is.
func goldenTime(name string, got []byte) []byte {
	want, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil || golden.Updating() {
		return got
	}
	if w := timeLine.Find(want); w != nil {
		return timeLine.ReplaceAllLiteral(got, w)
	}
	return got
}
