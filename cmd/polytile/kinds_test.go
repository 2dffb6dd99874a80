package main

import (
	"encoding/json"
	"encoding/xml"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestKinds checks solve and draw on puzzles that are not tilings: a
// Sudoku, eight queens, Knuth's example and a file in Knuth's format.
func TestKinds(t *testing.T) {
	dir := t.TempDir()
	dlx := filepath.Join(dir, "knuth.dlx")
	os.WriteFile(dlx, []byte("| Knuth's example\nA B C D E F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n"), 0o644)
	for _, tt := range []struct {
		spec string
		text []string
	}{
		{"sudoku", []string{"distinct:   1\n", "812 539 746\n", "proper:     yes: exactly one solution\n"}},
		{"queens-8", []string{"raw:        92\n", "distinct:   12\n", "symmetries: 8\n", "Q.......\n"}},
		{"knuth-7", []string{"distinct:   1\n", "C E F\nA D\nB G\n"}},
		{dlx, []string{"distinct:   1\n", "C E F\nA D\nB G\n"}},
	} {
		out := mustRun(t, "solve", tt.spec)
		for _, w := range tt.text {
			if !strings.Contains(out, w) {
				t.Errorf("solve %s lacks %q:\n%s", tt.spec, w, out)
			}
		}
	}
	var sud struct {
		Kind      string
		Distinct  int
		Solutions []struct {
			Orbit int
			Grid  []string
		}
	}
	if err := json.Unmarshal([]byte(mustRun(t, "solve", "sudoku", "--json")), &sud); err != nil {
		t.Fatal(err)
	}
	if sud.Kind != "sudoku" || sud.Distinct != 1 || len(sud.Solutions) != 1 || sud.Solutions[0].Grid[0] != "812539746" || sud.Solutions[0].Orbit != 1 {
		t.Errorf("solve sudoku --json: %+v", sud)
	}
	var kn struct {
		Solutions []struct{ Options [][]string }
	}
	if err := json.Unmarshal([]byte(mustRun(t, "solve", "knuth-7", "--json")), &kn); err != nil {
		t.Fatal(err)
	}
	if len(kn.Solutions) != 1 || strings.Join(kn.Solutions[0].Options[0], " ") != "C E F" {
		t.Errorf("solve knuth-7 --json: %+v", kn)
	}
	// Shards and merge: eight queens in three parts make the whole.
	var shards []string
	for i := range 3 {
		shards = append(shards, filepath.Join(dir, fmt.Sprintf("q%d.jsonl", i)))
		mustRun(t, "solve", "queens-8", "--shard", fmt.Sprintf("%d/3", i), "--jsonl", shards[i])
	}
	var merged struct {
		Kind          string
		Raw, Distinct int
		Complete      bool
	}
	if err := json.Unmarshal([]byte(mustRun(t, append([]string{"merge"}, shards...)...)), &merged); err != nil {
		t.Fatal(err)
	}
	if merged.Kind != "queens" || merged.Raw != 92 || merged.Distinct != 12 || !merged.Complete {
		t.Errorf("the merge of three shards of eight queens: %+v", merged)
	}
	if code, _, stderr := polytile(t, append([]string{"merge"}, shards[:2]...)...); code != 1 || !strings.Contains(stderr, "shard 2/3 is missing") {
		t.Errorf("a merge with a shard missing: exit %d, %q", code, stderr)
	}
	// Saved results draw as the spec draws them.
	for _, tt := range []struct{ spec, file string }{{"sudoku", "s.json"}, {"queens-8", "q.json"}, {"queens-8", "q.jsonl"}, {"knuth-7", "k.jsonl"}} {
		saved := filepath.Join(dir, tt.file)
		if strings.HasSuffix(saved, ".jsonl") {
			mustRun(t, "solve", tt.spec, "--jsonl", saved)
		} else {
			os.WriteFile(saved, []byte(mustRun(t, "solve", tt.spec, "--json")), 0o644)
		}
		a, b := filepath.Join(dir, "a.svg"), filepath.Join(dir, "b.svg")
		mustRun(t, "draw", saved, "--solution", "1", "-o", a)
		mustRun(t, "draw", tt.spec, "--solution", "1", "-o", b)
		if tt.file != "q.jsonl" && string(readFile(t, a)) != string(readFile(t, b)) {
			t.Errorf("solution 1 drawn from %s differs from the spec's", tt.file)
		}
	}

	// The Sudoku's picture: every digit a text, the givens bold.
	out := filepath.Join(dir, "sudoku.svg")
	mustRun(t, "draw", "sudoku", "-o", out)
	var doc struct {
		G []struct {
			Text []struct {
				Class string `xml:"class,attr"`
				Text  string `xml:",chardata"`
			} `xml:"text"`
		} `xml:"g"`
	}
	if err := xml.Unmarshal(readFile(t, out), &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.G) != 1 || len(doc.G[0].Text) != 81 {
		t.Fatalf("the Sudoku's picture has %d frames, %d texts; want 1 and 81", len(doc.G), len(doc.G[0].Text))
	}
	var row strings.Builder
	for _, x := range doc.G[0].Text[:9] {
		row.WriteString(x.Text)
	}
	if row.String() != "812539746" {
		t.Errorf("the first row drawn is %s", row.String())
	}
	classes := map[string]int{}
	for _, x := range doc.G[0].Text {
		classes[x.Class]++
	}
	if len(classes) != 2 {
		t.Errorf("the digits are drawn in %d styles, want two (givens and the solution's): %v", len(classes), classes)
	}
	out = filepath.Join(dir, "q.svg")
	mustRun(t, "draw", "queens-8", "-o", out)
	if n := strings.Count(string(readFile(t, out)), "<g "); n != 12 {
		t.Errorf("queens-8 drew %d frames, want 12", n)
	}
}

// TestDrawMatrix checks draw --matrix on a tiling and on Knuth's example,
// and that a web gallery is for tilings.
func TestDrawMatrix(t *testing.T) {
	dir := t.TempDir()
	for _, spec := range []string{"two-pieces", "knuth-7", "queens-8"} {
		out := filepath.Join(dir, spec+".svg")
		mustRun(t, "draw", spec, "--matrix", "--solution", "1", "-o", out)
		if svg := string(readFile(t, out)); !strings.Contains(svg, "<text") || !strings.Contains(svg, "#1965b0") {
			t.Errorf("draw %s --matrix: no item names or no chosen rows", spec)
		}
	}
	if code, _, stderr := polytile(t, "draw", "knuth-7", "--matrix", "--solution", "2", "-o", filepath.Join(dir, "x.svg")); code != 2 || !strings.Contains(stderr, "--solution 2: the puzzle has 1 distinct solution") {
		t.Errorf("--solution past the last: exit %d, %q", code, stderr)
	}
	if code, _, stderr := polytile(t, "draw", "sudoku", "-o", filepath.Join(dir, "s", "index.html")); code != 2 || !strings.Contains(stderr, "a web gallery shows tilings") {
		t.Errorf("a Sudoku's web gallery: exit %d, %q", code, stderr)
	}
}

// TestDrawSearch checks draw --search: Knuth's example's tree, a tree too
// large refused, and drawn cut with --depth, and the flags it does not go
// with.
func TestDrawSearch(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "tree.svg")
	mustRun(t, "draw", "knuth-7", "--search", "-o", out)
	svg := string(readFile(t, out))
	for _, want := range []string{">solution<", ">× E<", ">A D G<", ">B G<", "<title>Knuth&#39;s seven-item example</title>"} {
		if !strings.Contains(svg, want) {
			t.Errorf("the tree lacks %q", want)
		}
	}
	if code, _, stderr := polytile(t, "draw", "scott", "--search", "-o", out); code != 1 || !strings.Contains(stderr, "more than 500 nodes") || !strings.Contains(stderr, "--depth") {
		t.Errorf("Scott's tree: exit %d, %q; want it refused, pointing to --depth", code, stderr)
	}
	// Cut, it is drawn: each node at depth 1 says what lies below it,
	// 293045 nodes and 520 solutions in all.
	mustRun(t, "draw", "scott", "--search", "--depth", "1", "--labels", "-o", out)
	svg = string(readFile(t, out))
	for _, want := range []string{"the search tree: 293045 nodes, 520 solutions; drawn down to depth 1", " nodes<", " solutions<"} {
		if !strings.Contains(svg, want) {
			t.Errorf("Scott's tree cut at depth 1 lacks %q", want)
		}
	}
	for _, args := range [][]string{{"--search", "--matrix"}, {"--search", "--solution", "1"}, {"--puzzle", "--search"}, {"--search", "--limit", "3"}} {
		if code, _, _ := polytile(t, append([]string{"draw", "knuth-7", "-o", out}, args...)...); code != 2 {
			t.Errorf("draw %v: exit %d, want 2", args, code)
		}
	}
}

// TestKindPuzzle checks draw --puzzle on a Sudoku (its givens alone) and
// the report of a grid that is not a proper Sudoku.
func TestKindPuzzle(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "p.svg")
	mustRun(t, "draw", "sudoku", "--puzzle", "-o", out)
	if n := strings.Count(string(readFile(t, out)), "<text"); n != 23 {
		t.Errorf("the Sudoku's puzzle shows %d digits, want its 23 givens", n)
	}
	spec := filepath.Join(dir, "s4.yaml")
	os.WriteFile(spec, []byte("kind: sudoku\ngrid: |\n  12..\n  ..12\n  ....\n  ....\n"), 0o644)
	if got := mustRun(t, "solve", spec, "--limit", "2"); !strings.Contains(got, "proper:     no: more than one solution") {
		t.Errorf("a grid with two solutions:\n%s", got)
	}
}

// A matrix that repeats an option counts a cover for each copy chosen,
// and every path agrees: the whole search, its shard file merged, and
// the file drawn.
func TestRepeatedOptionsAgree(t *testing.T) {
	dir := t.TempDir()
	spec := filepath.Join(dir, "dup.yaml")
	if err := os.WriteFile(spec, []byte("kind: exact-cover\nitems: A B\noptions: [A, A, B]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, whole, stderr := polytile(t, "solve", spec, "--json")
	if code != 0 || !strings.Contains(whole, `"distinct": 2`) {
		t.Fatalf("solve --json: exit %d, %s%s", code, whole, stderr)
	}
	shard := filepath.Join(dir, "dup.jsonl")
	if code, _, stderr := polytile(t, "solve", spec, "--jsonl", shard); code != 0 {
		t.Fatalf("solve --jsonl: exit %d, %s", code, stderr)
	}
	if code, merged, stderr := polytile(t, "merge", shard); code != 0 || merged != whole {
		t.Errorf("merge: exit %d, %s\n%s\nwant the whole search's\n%s", code, stderr, merged, whole)
	}
	if code, _, stderr := polytile(t, "draw", shard, "-o", filepath.Join(dir, "dup.svg")); code != 0 || !strings.Contains(stderr, "wrote") {
		t.Errorf("draw: exit %d, %s", code, stderr)
	}
}
