package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// stickSpec is a puzzle of polysticks: an O and a U of four segments on
// the seven segments of a 1 × 2 grid, touching along its middle.
const stickSpec = `lattice: stick
board: {rows: 1, cols: 2}
pieces:
  O: |
    +-+
    | |
    +-+
  U: |
    +-+
      |
    +-+
`

// Polysticks draw through the command as the other lattices do: a
// solution, the puzzle's figure, the pieces, a figure of a given width,
// a web gallery; each piece a line of round caps and joins, nothing
// filled; a look flag they do not use is refused.
func TestDrawSticks(t *testing.T) {
	dir := t.TempDir()
	spec := filepath.Join(dir, "sticks.yaml")
	if err := os.WriteFile(spec, []byte(stickSpec), 0o644); err != nil {
		t.Fatal(err)
	}
	round := regexp.MustCompile(`\.p\d+\{fill:none;stroke:#[0-9a-f]+;stroke-width:[0-9.]+;stroke-linecap:round;stroke-linejoin:round`)
	for _, tc := range []struct {
		name string
		args []string
		out  string
		want []string // in the SVG
	}{
		{"solution", []string{"draw", spec, "--letters", "--labels", "--title", "O and U"}, "s.svg", []string{">O</text>", ">U</text>", ">O and U</text>"}},
		{"puzzle", []string{"draw", spec, "--puzzle"}, "z.svg", []string{"<title>the board</title>", "<title>O</title>"}},
		{"pieces", []string{"pieces", spec}, "p.svg", []string{"<title>O</title>", "<title>U</title>"}},
		{"width", []string{"draw", spec, "--width", "17cm", "--columns", "1"}, "w.svg", []string{`width="17cm"`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := filepath.Join(dir, tc.out)
			code, _, stderr := polytile(t, append(tc.args, "-o", out)...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			data, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			svg := string(data)
			if len(round.FindAllString(svg, -1)) < 2 {
				t.Errorf("no polylines of round caps and joins:\n%s", svg)
			}
			if strings.Contains(svg, `class="f`) {
				t.Errorf("a filled shape in a picture of polysticks")
			}
			for _, w := range tc.want {
				if !strings.Contains(svg, w) {
					t.Errorf("no %s in the SVG", w)
				}
			}
		})
	}
	site := filepath.Join(dir, "site", "index.html")
	if code, _, stderr := polytile(t, "draw", spec, "-o", site); code != 0 {
		t.Fatalf("the web gallery: exit %d: %s", code, stderr)
	}
	page, err := os.ReadFile(site)
	if err != nil {
		t.Fatal(err)
	}
	// A cell to choose is a segment, at the doubled coordinates of its
	// midpoint, as JSON writes it: (1, 2) is the middle vertical one.
	if !strings.Contains(string(page), `data-r="1" data-c="2"`) || !strings.Contains(string(page), "[1,2]") {
		t.Errorf("the gallery has no cell for the segment (1, 2)")
	}
	code, _, stderr := polytile(t, "draw", spec, "--grid", "-o", filepath.Join(dir, "g.svg"))
	if code != 2 || !strings.Contains(stderr, "--grid: polysticks are drawn as lines") {
		t.Errorf("--grid on polysticks: exit %d, %q; want exit 2 and why", code, stderr)
	}
}
