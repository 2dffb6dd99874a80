package render

import (
	"bytes"
	"compress/zlib"
	"context"
	"io"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/polytile/polytile/gallery"
	"github.com/polytile/polytile/puzzles"
	"github.com/polytile/polytile/puzzles/geom"
	"github.com/polytile/polytile/puzzles/results"
	"github.com/polytile/polytile/puzzles/specs"
	"github.com/polytile/polytile/puzzles/tiling"
)

// stickSpec returns the spec of testdata/sticks-4x4.yaml: ten tetrasticks
// on a 4 × 4 grid's segments.
func stickSpec(tb testing.TB) *specs.Spec {
	tb.Helper()
	data, err := os.ReadFile("testdata/sticks-4x4.yaml")
	if err != nil {
		tb.Fatal(err)
	}
	spec, err := specs.Parse("testdata/sticks-4x4.yaml", data)
	if err != nil {
		tb.Fatal(err)
	}
	return spec
}

// stickSolutions returns the distinct solutions of stickSpec.
func stickSolutions(tb testing.TB) []*tiling.Solution {
	tb.Helper()
	res, err := stickSpec(tb).Puzzle.Solve(context.Background(), &puzzles.SolveConfig{})
	if err != nil {
		tb.Fatal(err)
	}
	var sols []*tiling.Solution
	for _, d := range res.Distinct {
		sols = append(sols, d.Solution.(*tiling.Solution))
	}
	if len(sols) == 0 {
		tb.Fatal("no solution")
	}
	return sols
}

// svgSubpaths returns the points of each subpath of path data d made of
// M, h, v and l commands (as Polyline writes them), in absolute
// coordinates.
func svgSubpaths(t *testing.T, d string) [][][2]float64 {
	t.Helper()
	var out [][][2]float64
	var x, y float64
	tok := regexp.MustCompile(`([MhvlL])([-0-9.]+)(?: ([-0-9.]+))?`)
	for _, m := range tok.FindAllStringSubmatch(d, -1) {
		a, err := strconv.ParseFloat(m[2], 64)
		if err != nil {
			t.Fatalf("path data %q: %v", d, err)
		}
		b, _ := strconv.ParseFloat(m[3], 64)
		switch m[1] {
		case "M":
			x, y = a, b
			out = append(out, [][2]float64{{x, y}})
			continue
		case "h":
			x += a
		case "v":
			y += a
		case "l":
			x, y = x+a, y+b
		default:
			t.Fatalf("path data %q: %s", d, m[1])
		}
		if len(out) == 0 {
			t.Fatalf("path data %q does not start with a move", d)
		}
		if last := out[len(out)-1]; len(last) == 1 && last[0] == [2]float64{x, y} && m[1] == "h" && a == 0 {
			continue // "h0": a dot
		}
		out[len(out)-1] = append(out[len(out)-1], [2]float64{x, y})
	}
	return out
}

// In SVG a piece of polysticks is two paths of round caps and joins: its
// dark outline, then its line in its colour, the wider first, along the
// same subpaths, which are the sheet's; the dots of the grid points come
// first, each a line of length zero; nothing is filled.
func TestSVGSticks(t *testing.T) {
	sheets := layout(t, stickSolutions(t), &gallery.Options{CellSize: 24})
	data := encode(t, FormatSVG, sheets, nil)
	// Laid out and written again from the start: the same bytes.
	again := layout(t, stickSolutions(t), &gallery.Options{CellSize: 24})
	if !bytes.Equal(data, encode(t, FormatSVG, again, nil)) {
		t.Errorf("two layouts of the same solution write different SVG")
	}
	root := parseSVG(t, data)
	style := root.children("style")[0].Text
	type lineStyle struct {
		stroke string
		width  float64
	}
	classes := map[string]lineStyle{}
	for _, m := range regexp.MustCompile(`\.(p\d+)\{fill:none;stroke:(#[0-9a-f]+);stroke-width:([0-9.]+);stroke-linecap:round;stroke-linejoin:round`).FindAllStringSubmatch(style, -1) {
		w, _ := strconv.ParseFloat(m[3], 64)
		classes[m[1]] = lineStyle{m[2], w}
	}
	if len(classes) == 0 {
		t.Fatalf("no class of round caps and joins in the style sheet:\n%s", style)
	}
	sh := sheets[0]
	f := &sh.Frames[0]
	var g *node
	root.walk(func(n *node) {
		if n.XMLName.Local == "g" && g == nil {
			g = n
		}
	})
	paths := g.children("path")
	if len(paths) != 1+2*len(f.Sticks) {
		t.Fatalf("%d paths in the frame, want the dots and two for each of %d pieces", len(paths), len(f.Sticks))
	}
	for _, p := range paths {
		if !strings.HasPrefix(p.attr("class"), "p") {
			t.Errorf("a path of class %q, want only polylines (p…)", p.attr("class"))
		}
	}
	dots := svgSubpaths(t, paths[0].attr("d"))
	if c := classes[paths[0].attr("class")]; len(dots) != len(f.Points) || c.width != sh.PointWidth || c.stroke != hex(sh.PointColor) {
		t.Errorf("the first path: %d subpaths, %v; want the %d dots, %g wide in %s", len(dots), c, len(f.Points), sh.PointWidth, hex(sh.PointColor))
	}
	for _, d := range dots {
		if len(d) != 1 {
			t.Errorf("a dot of %d points", len(d))
		}
	}
	for i, st := range f.Sticks {
		outline, line := paths[1+2*i], paths[2+2*i]
		if c := classes[outline.attr("class")]; c.stroke != hex(sh.BorderColor) || c.width != st.Width+sh.BorderWidth {
			t.Errorf("piece %s's outline: %v, want %s, %g wide", st.Piece, c, hex(sh.BorderColor), st.Width+sh.BorderWidth)
		}
		if c := classes[line.attr("class")]; c.stroke != hex(st.Fill) || c.width != st.Width {
			t.Errorf("piece %s's line: %v, want %s, %g wide", st.Piece, c, hex(st.Fill), st.Width)
		}
		if outline.attr("d") != line.attr("d") {
			t.Errorf("piece %s's outline and line run apart", st.Piece)
		}
		sub := svgSubpaths(t, line.attr("d"))
		if len(sub) != len(st.Paths) {
			t.Errorf("piece %s: %d subpaths, want %d", st.Piece, len(sub), len(st.Paths))
			continue
		}
		for k, path := range st.Paths {
			for j, p := range path {
				want := [2]float64{math.Round((p.X-f.X)*100) / 100, math.Round((p.Y-f.Y)*100) / 100}
				if j >= len(sub[k]) || math.Abs(sub[k][j][0]-want[0]) > 0.011 || math.Abs(sub[k][j][1]-want[1]) > 0.011 {
					t.Errorf("piece %s, path %d: %v, want the sheet's %v", st.Piece, k, sub[k], path)
					break
				}
			}
		}
	}
}

// In PNG each segment's midpoint is its piece's colour, the line's edge
// the outline's, and a square's centre the background; on the empty board
// a grid point's dot and a segment's thin line show, faint.
func TestPNGSticks(t *testing.T) {
	sols := stickSolutions(t)
	sheets := layout(t, sols, &gallery.Options{CellSize: 24, Background: white})
	sh := sheets[0]
	f := &sh.Frames[0]
	img := decodePNG(t, sh, nil)
	b := sols[0].Puzzle().Board()
	// The grid's top-left point: a quarter of a cell into the frame.
	ox, oy := f.X+6, f.Y+6
	at := func(c geom.Cell) (float64, float64) { return ox + float64(c.Col)*12, oy + float64(c.Row)*12 }
	for i, c := range b.Cells() {
		_, inst := sols[0].At(i)
		st := f.Sticks[inst]
		x, y := at(c)
		if got := nrgba(img, x, y); !near(got, st.Fill, 2) {
			t.Errorf("segment (%d, %d), of %s: %v at its midpoint, want %v", c.Row, c.Col, st.Piece, got, st.Fill)
		}
		// Across the line, past its colour (3 pixels) and within its
		// outline (4.5).
		dx, dy := 0.0, 3.75
		if !geom.Horizontal(c) {
			dx, dy = 3.75, 0
		}
		if got := nrgba(img, x+dx, y+dy); !near(got, sh.BorderColor, 40) {
			t.Errorf("segment (%d, %d), of %s: %v at its line's edge, want the outline's %v", c.Row, c.Col, st.Piece, got, sh.BorderColor)
		}
	}
	for r := 1; r < 8; r += 2 {
		for c := 1; c < 8; c += 2 {
			x, y := at(geom.Cell{Row: r, Col: c})
			if got := nrgba(img, x, y); got != white {
				t.Errorf("the centre of square (%d, %d) is %v, want the background", r, c, got)
			}
		}
	}

	puzzle, err := gallery.Puzzle(stickSpec(t).Puzzle, &gallery.Options{CellSize: 24, Background: white})
	if err != nil {
		t.Fatal(err)
	}
	board := &puzzle[0].Frames[0]
	img = decodePNG(t, puzzle[0], nil)
	ox, oy = board.X+6, board.Y+6
	dark := func(x, y float64) bool { c := nrgba(img, x, y); return c.R < 0xf0 && c.R > 0x40 }
	for _, p := range []geom.Cell{{Row: 0, Col: 0}, {Row: 4, Col: 4}, {Row: 8, Col: 8}} {
		if x, y := at(p); !dark(x, y) {
			t.Errorf("grid point (%d, %d): %v, want a faint dot", p.Row, p.Col, nrgba(img, x, y))
		}
	}
	for _, s := range []geom.Cell{{Row: 0, Col: 1}, {Row: 3, Col: 4}} {
		if x, y := at(s); !dark(x, y) {
			t.Errorf("segment (%d, %d) of the empty board: %v, want a thin line", s.Row, s.Col, nrgba(img, x, y))
		}
	}
	if x, y := at(geom.Cell{Row: 3, Col: 3}); nrgba(img, x, y) != white {
		t.Errorf("a square of the empty board: %v, want the background", nrgba(img, x, y))
	}
}

// A PDF of polysticks strokes with round caps and joins (PDF 1.7,
// §8.4.3.3, §8.4.3.4: 1 J, 1 j), and goes back to square caps for the
// strokes after them.
func TestPDFSticks(t *testing.T) {
	sheets := layout(t, stickSolutions(t), &gallery.Options{Letters: true, Labels: true})
	data := encode(t, FormatPDF, sheets, nil)
	if again := encode(t, FormatPDF, sheets, nil); !bytes.Equal(data, again) {
		t.Errorf("two writes of the same sheet differ")
	}
	var content []byte
	for _, m := range regexp.MustCompile(`(?s)stream\r?\n(.*?)endstream`).FindAllSubmatch(data, -1) {
		r, err := zlib.NewReader(bytes.NewReader(m[1]))
		if err != nil {
			content = append(content, m[1]...)
			continue
		}
		b, _ := io.ReadAll(r)
		content = append(content, b...)
	}
	for _, op := range []string{"1 J", "1 j"} {
		if !bytes.Contains(content, []byte(op)) {
			t.Errorf("no %q in the PDF's content", op)
		}
	}
	if round, square := bytes.LastIndex(content, []byte("1 J")), bytes.LastIndex(content, []byte("2 J")); square < round {
		t.Errorf("the caps stay round after the last polyline")
	}
}

// In TikZ a piece is a \draw of round caps and joins in a colour the
// preamble defines, and the dots and badges are \fill's of circles.
func TestTeXSticks(t *testing.T) {
	sheets := layout(t, stickSolutions(t), &gallery.Options{Letters: true})
	data := encode(t, FormatTeX, sheets, nil)
	doc := parseTeX(t, data)
	text := string(data)
	for _, st := range sheets[0].Frames[0].Sticks {
		found := false
		for _, c := range doc.colours {
			found = found || c == st.Fill
		}
		if !found {
			t.Errorf("piece %s's colour %v is not defined", st.Piece, st.Fill)
		}
	}
	if n := strings.Count(text, "line cap=round,line join=round]"); n != 2*10 {
		t.Errorf("%d \\draw's of round caps and joins, want two for each of 10 pieces", n)
	}
	if n := strings.Count(text, "circle[radius="); n != 25+2*10 {
		t.Errorf("%d circles, want 25 grid points and 10 badges, each an outline and a disc", n)
	}
}

// A web gallery of polysticks, opened in Chromium: a covers= address
// names a segment by the doubled coordinates of its midpoint and finds the
// solutions in which that piece covers it, and a click on a segment's
// diamond puts its coordinates in the address.
func TestStickSiteInBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a browser")
	}
	data, err := os.ReadFile("testdata/sticks-2x3.yaml")
	if err != nil {
		t.Fatal(err)
	}
	spec, err := specs.Parse("testdata/sticks-2x3.yaml", data)
	if err != nil {
		t.Fatal(err)
	}
	all, err := results.SolveAll(context.Background(), spec, nil)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "sticks", "index.html")
	if _, err := WriteGallery(context.Background(), path, all, &gallery.Options{CellSize: 24}, nil); err != nil {
		t.Fatal(err)
	}
	// The solutions in which the monostick S is the bottom row's first
	// segment, (4, 1).
	want := 0
	for _, c := range all.Classes {
		s := c.Solution.(*tiling.Solution)
		if piece, _ := s.At(s.Puzzle().Board().Index(geom.Cell{Row: 4, Col: 1})); s.Puzzle().Pieces()[piece].Name == "S" {
			want++
		}
	}
	if want == 0 || want == len(all.Classes) {
		t.Fatalf("%d of %d solutions put S there: choose another segment", want, len(all.Classes))
	}
	checkCoversFilter(t, path, "S@4,1", want, len(all.Classes), "L", `.cells path[data-r="2"][data-c="3"]`, "?covers=L%402%2C3")
}
