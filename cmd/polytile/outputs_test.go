package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/polytile/polytile/internal/golden"
)

// outputKinds are puzzles of every kind, small enough to run in a test:
// tilings on the three lattices, a Sudoku, queens, Knuth's matrix as a
// spec and in his own format, and his matrix with colours (DLX2).
// oldSplit marks a puzzle whose golden shard files were written by a
// search that split it otherwise (queens: a class kept where it was first
// found, not by the task that finds its canonical solution): merging them
// is refused, as it is for shards of any two splits. oldNoText marks one
// whose old files carry no spec's text and name a spec file (a .dlx
// matrix): they are not taken at their word to open it, so drawing them
// is refused, and merging them needs --spec.
var outputKinds = []struct {
	name, spec          string
	oldSplit, oldNoText bool
}{
	{"dominoes", "dominoes-4x4", false, false},
	{"two-pieces", "two-pieces", false, false},
	{"tetrahexes", "tetrahexes-4x7", false, false},
	{"sudoku", "sudoku", false, false},
	{"queens", "queens-8", true, false},
	{"knuth", "knuth-7", false, false},
	{"dlx", filepath.Join("testdata", "outputs", "knuth.dlx"), false, true},
	{"dlx2", filepath.Join("testdata", "outputs", "knuth-colours.dlx"), false, false},
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
			check("solve.txt", timeless(out("solve", k.spec, "--show", "2", "--workers", "1")))
			check("solve.json", out("solve", k.spec, "--json", "--workers", "1"))
			check("limit.json", out("solve", k.spec, "--json", "--limit", "1"))
			out("solve", k.spec, "--jsonl", file("all.jsonl"), "--workers", "1")
			check("all.jsonl", written(file("all.jsonl")))
			out("solve", k.spec, "--jsonl", file("s0.jsonl"), "--shard", "0/2")
			out("solve", k.spec, "--jsonl", file("s1.jsonl"), "--shard", "1/2")
			check("s0.jsonl", written(file("s0.jsonl")))
			check("s1.jsonl", written(file("s1.jsonl")))
			merged := out("merge", file("s0.jsonl"), file("s1.jsonl"))
			check("merge.json", merged)
			if whole := out("solve", k.spec, "--json"); !bytes.Equal(merged, whole) {
				t.Errorf("the merge of the shards differs from the whole search's --json:\n%s\nwant\n%s", merged, whole)
			}
			out("draw", k.spec, "-o", file("draw.svg"), "--limit", "4")
			check("draw.svg", written(file("draw.svg")))
			out("draw", k.spec, "--puzzle", "-o", file("puzzle.svg"))
			check("puzzle.svg", written(file("puzzle.svg")))
			out("draw", k.spec, "--matrix", "--solution", "1", "-o", file("matrix.svg"))
			check("matrix.svg", written(file("matrix.svg")))

			// The files an earlier version wrote (testdata/outputs/*-old-*,
			// kept as they were) read back.
			saved := filepath.Join("testdata", "outputs", k.name+"-old-")
			if k.oldNoText {
				for _, f := range []string{"solve.json", "all.jsonl"} {
					code, _, stderr := polytile(t, "draw", saved+f, "-o", file("saved.svg"))
					if code != 1 || !strings.Contains(stderr, "never from a path it names") {
						t.Errorf("draw of %s, which names its spec file: exit %d, %s", f, code, stderr)
					}
				}
				check("merge-saved.json", out("merge", "--spec", k.spec, saved+"s0.jsonl", saved+"s1.jsonl"))
				return
			}
			out("draw", saved+"solve.json", "-o", file("saved.svg"), "--limit", "4")
			check("saved.svg", written(file("saved.svg")))
			out("draw", saved+"all.jsonl", "-o", file("saved-shard.svg"), "--limit", "4")
			check("saved-shard.svg", written(file("saved-shard.svg")))
			if !k.oldSplit {
				check("merge-saved.json", out("merge", saved+"s0.jsonl", saved+"s1.jsonl"))
				return
			}
			code, _, stderr := polytile(t, "merge", saved+"s0.jsonl", saved+"s1.jsonl")
			if code != 1 || !strings.Contains(stderr, "another version of polytile split the search") {
				t.Errorf("merging shards of another split: exit %d, %s", code, stderr)
			}
		})
	}
}

// timeless replaces the time a report gives, which varies from run to
// run, with T.
func timeless(report []byte) []byte {
	return regexp.MustCompile(`(?m)^time:( +)\S+ `).ReplaceAll(report, []byte("time:${1}T "))
}
