package main

import (
	"encoding/xml"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// svgWidth returns the width attribute of the SVG file at path.
func svgWidth(t *testing.T, path string) float64 {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var root struct {
		Width string `xml:"width,attr"`
	}
	if err := xml.Unmarshal(data, &root); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	w, err := strconv.ParseFloat(root.Width, 64)
	if err != nil {
		t.Fatalf("%s: width %q: %v", path, root.Width, err)
	}
	return w
}

// TestMarginZero checks that --margin 0 and --gap 0 mean none, as a
// negative value does, while leaving them out gives one cell.
func TestMarginZero(t *testing.T) {
	dir := t.TempDir()
	width := func(args ...string) float64 {
		out := filepath.Join(dir, "x.svg")
		args = append([]string{"draw", "scott", "-o", out, "--columns", "2", "--limit", "2"}, args...)
		if code, _, stderr := polytile(t, args...); code != 0 {
			t.Fatalf("polytile %s: exit %d: %s", strings.Join(args, " "), code, stderr)
		}
		return svgWidth(t, out)
	}
	def, zero, neg := width(), width("--margin", "0", "--gap", "0"), width("--margin", "-1", "--gap", "-1")
	if zero != neg {
		t.Errorf("--margin 0 --gap 0 gives width %v, --margin -1 --gap -1 %v: want the same", zero, neg)
	}
	// Two 8-cell frames of 24 pixels, each with its border's width.
	if want := 2 * (8*24 + 3.0); zero != want {
		t.Errorf("no margin, no gap: width %v, want %v", zero, want)
	}
	if def != zero+3*24 {
		t.Errorf("default width %v, want %v (a cell on either side and between)", def, zero+3*24)
	}
}

// TestFlagTraps checks the messages and exit statuses of mistakes that
// are easy to make on the command line.
func TestFlagTraps(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "x.svg")
	spec := filepath.Join(dir, "two.yaml")
	if err := os.WriteFile(spec, []byte("board: {rows: 2, cols: 2}\npieces:\n  A: |\n    ##\n  B: |\n    ##\nrender:\n  palette: {A: red, Q: blue}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		args []string
		code int
		want []string // parts of stderr
		not  []string // what stderr must not hold
	}{
		{"colour for a piece not in the puzzle", []string{"draw", "scott", "-o", out, "--color", "Q=red"}, 2,
			[]string{`--color: Q=red: there is no piece "Q"; the pieces are F, I, L, N, P, T, U, V, W, X, Y, Z`}, nil},
		{"colour for a piece not in the set", []string{"pieces", "tetrominoes", "-o", out, "--color", "F=red"}, 2,
			[]string{`there is no piece "F"`}, nil},
		{"bad colour names the flag once", []string{"draw", "scott", "-o", out, "--color", "F=bogus"}, 2,
			[]string{`polytile: --color: F=bogus: "bogus": unknown colour name`}, []string{"--palette", "palettes:"}},
		{"bad palette names the flag once", []string{"draw", "scott", "-o", out, "--palette", "#fff,zz"}, 2,
			[]string{"polytile: --palette: "}, []string{"--color", "palettes:"}},
		{"spec colour for a piece not in the puzzle", []string{"draw", spec, "-o", out}, 1,
			[]string{"two.yaml:8:", `render.palette.Q: there is no piece "Q"; the pieces are A, B`}, nil},
		{"solution past the last", []string{"draw", "scott", "-o", out, "--solution", "99"}, 2,
			[]string{"--solution 99: the puzzle has 65 distinct solutions; want 1 to 65"}, nil},
		{"usage error points at the command's help", []string{"draw", "scott"}, 2,
			[]string{"Run 'polytile draw --help' for usage."}, nil},
		{"unknown flag points at the command's help", []string{"solve", "--frob", "scott"}, 2,
			[]string{"Run 'polytile solve --help' for usage."}, nil},
		{"unknown command points at the main help", []string{"frob"}, 2,
			[]string{"Run 'polytile --help' for usage."}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, _, stderr := polytile(t, tt.args...)
			if code != tt.code {
				t.Errorf("exit %d, want %d (stderr %q)", code, tt.code, stderr)
			}
			for _, w := range tt.want {
				if !strings.Contains(stderr, w) {
					t.Errorf("stderr %q lacks %q", stderr, w)
				}
			}
			for _, n := range tt.not {
				if strings.Contains(stderr, n) {
					t.Errorf("stderr %q holds %q", stderr, n)
				}
			}
			if _, err := os.Stat(out); err == nil {
				t.Errorf("%s was written", out)
			}
		})
	}
}

// TestCountsReadRight checks that counts of one read as one: "1 worker",
// "1 cell".
func TestCountsReadRight(t *testing.T) {
	dir := t.TempDir()
	spec := filepath.Join(dir, "one.yaml")
	if err := os.WriteFile(spec, []byte("board: |\n  .\npieces:\n  A: \"#\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := polytile(t, "solve", spec, "--workers", "1")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{"1 cell, 1 piece (A), 1 placement, 8 symmetries", "(fill engine, 1 worker, "} {
		if !strings.Contains(stdout, want) {
			t.Errorf("output lacks %q:\n%s", want, stdout)
		}
	}
	for _, bad := range []string{"1 workers", "1 cells", "1 pieces", "1 placements", "1 search nodes"} {
		if strings.Contains(stdout, bad) {
			t.Errorf("output holds %q:\n%s", bad, stdout)
		}
	}
}

// TestPiecesASCII checks that pieces --ascii prints pieces that a spec
// reads back: here the hexominoes, chosen from with only:.
func TestPiecesASCII(t *testing.T) {
	code, stdout, stderr := polytile(t, "pieces", "hexominoes", "--ascii")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.HasPrefix(stdout, "# hexominoes: ") || strings.Count(stdout, "  - name: H") != 35 {
		t.Fatalf("output is not the 35 hexominoes as spec entries:\n%s", stdout)
	}
	spec := filepath.Join(t.TempDir(), "h.yaml")
	if err := os.WriteFile(spec, []byte("board: {rows: 1, cols: 210}\n"+stdout), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr = polytile(t, "solve", spec, "--show", "0")
	if code != 0 || !strings.Contains(stdout, "35 pieces (H01 H02") {
		t.Errorf("the printed pieces do not make a spec: exit %d, %s%s", code, stdout, stderr)
	}
	if code, _, stderr := polytile(t, "pieces", "hexominos", "--ascii"); code != 1 || !strings.Contains(stderr, "did you mean hexominoes?") {
		t.Errorf("an unknown set: exit %d, %s", code, stderr)
	}
}

// TestPiecesLabels checks that pieces refuses --labels, which would do
// nothing there, and does not offer it.
func TestPiecesLabels(t *testing.T) {
	out := filepath.Join(t.TempDir(), "p.svg")
	if code, _, stderr := polytile(t, "pieces", "pentominoes", "-o", out, "--labels"); code != 2 || !strings.Contains(stderr, "--labels: pieces names every piece") {
		t.Errorf("pieces --labels: exit %d, %q; want a usage error", code, stderr)
	}
	if _, help, _ := polytile(t, "pieces", "--help"); strings.Contains(help, "--labels") {
		t.Errorf("pieces --help offers --labels")
	}
}
