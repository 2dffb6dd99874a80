package render

import (
	"bytes"
	"compress/zlib"
	"context"
	"image/color"
	"io"
	"math"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/polytile/polytile/gallery"
	"github.com/polytile/polytile/puzzles/geom"
	"github.com/polytile/polytile/puzzles/specs"
	"github.com/polytile/polytile/puzzles/tiling"
)

// minApart is the least room, in lines' widths, that a figure of
// polysticks leaves between the strokes (outlines included) of two
// pieces, where they meet at a grid point as anywhere else.
const minApart = 0.2

// drawnStick is a piece of polysticks as a figure draws it, in the
// figure's units: the subpaths of its line, and the widths of its outline
// and of its line in its colour.
type drawnStick struct {
	paths         [][][2]float64
	outline, line float64
}

// svgSticks returns the pieces each frame (a group) of an SVG of
// polysticks draws: its outline and its line, two paths of the same
// subpaths, after the grid points' dots.
func svgSticks(t *testing.T, data []byte) [][]drawnStick {
	t.Helper()
	root := parseSVG(t, data)
	widths := map[string]float64{}
	for _, m := range regexp.MustCompile(`\.(p\d+)\{[^}]*stroke-width:([0-9.]+)`).FindAllStringSubmatch(root.children("style")[0].Text, -1) {
		widths[m[1]], _ = strconv.ParseFloat(m[2], 64)
	}
	var frames [][]drawnStick
	root.walk(func(n *node) {
		if n.XMLName.Local != "g" {
			return
		}
		var pieces []drawnStick
		paths := n.children("path")
		for k := 1; k+1 < len(paths); k += 2 {
			sub := svgSubpaths(t, paths[k].attr("d"))
			if paths[k].attr("d") != paths[k+1].attr("d") {
				t.Fatalf("an outline and a line of different paths: %q, %q", paths[k].attr("d"), paths[k+1].attr("d"))
			}
			pieces = append(pieces, drawnStick{sub, widths[paths[k].attr("class")], widths[paths[k+1].attr("class")]})
		}
		frames = append(frames, pieces)
	})
	return frames
}

// texSticks returns the pieces each frame (a scope) of a TikZ picture of
// polysticks draws: each a \draw of its outline and one of its line, of
// round caps and joins.
func texSticks(t *testing.T, data []byte) [][]drawnStick {
	t.Helper()
	draw := regexp.MustCompile(`(?s)\\draw\[draw=\w+,line width=([0-9.]+)bp,line cap=round,line join=round\](.*?);\n`)
	point := regexp.MustCompile(`(--)?\(([-0-9.]+),([-0-9.]+)\)`)
	var frames [][]drawnStick
	for _, scope := range regexp.MustCompile(`(?s)\\begin\{scope\}(.*?)\\end\{scope\}`).FindAllSubmatch(data, -1) {
		var lines, pieces []drawnStick
		for _, m := range draw.FindAllStringSubmatch(string(scope[1]), -1) {
			var d drawnStick
			d.line, _ = strconv.ParseFloat(m[1], 64)
			for _, p := range point.FindAllStringSubmatch(m[2], -1) {
				x, _ := strconv.ParseFloat(p[2], 64)
				y, _ := strconv.ParseFloat(p[3], 64)
				if p[1] == "" {
					d.paths = append(d.paths, nil)
				}
				d.paths[len(d.paths)-1] = append(d.paths[len(d.paths)-1], [2]float64{x, y})
			}
			lines = append(lines, d)
		}
		for k := 0; k+1 < len(lines); k += 2 {
			if lines[k].line <= lines[k+1].line {
				t.Fatalf("\\draw %d of polysticks, %gbp wide, is not an outline wider than the line after it (%gbp)", k, lines[k].line, lines[k+1].line)
			}
			pieces = append(pieces, drawnStick{lines[k+1].paths, lines[k].line, lines[k+1].line})
		}
		frames = append(frames, pieces)
	}
	return frames
}

// pdfSticks returns the pieces a PDF of polysticks strokes, on all its
// pages: each an outline, then its line, stroked with round caps (as
// Polyline strokes them: w, 1 J, m and l, S; PDF 1.7, §8.5.2, §8.5.3).
func pdfSticks(t *testing.T, data []byte) []drawnStick {
	t.Helper()
	var content []byte
	for _, m := range regexp.MustCompile(`(?s)stream\r?\n(.*?)endstream`).FindAllSubmatch(data, -1) {
		if r, err := zlib.NewReader(bytes.NewReader(m[1])); err == nil {
			b, _ := io.ReadAll(r)
			content = append(content, b...)
		}
	}
	var lines []drawnStick
	var cur drawnStick
	var nums []float64
	round := false
	for _, tok := range strings.Fields(string(content)) {
		if v, err := strconv.ParseFloat(tok, 64); err == nil {
			nums = append(nums, v)
			continue
		}
		switch {
		case tok == "w" && len(nums) > 0:
			cur.line = nums[len(nums)-1]
		case tok == "J" && len(nums) > 0:
			round = nums[len(nums)-1] == 1
		case tok == "m" && len(nums) >= 2:
			cur.paths = append(cur.paths, [][2]float64{{nums[len(nums)-2], nums[len(nums)-1]}})
		case tok == "l" && len(nums) >= 2 && len(cur.paths) > 0:
			cur.paths[len(cur.paths)-1] = append(cur.paths[len(cur.paths)-1], [2]float64{nums[len(nums)-2], nums[len(nums)-1]})
		case tok == "S" && round:
			lines = append(lines, cur)
		}
		if tok == "S" || tok == "f" || tok == "F" || tok == "n" {
			cur.paths = nil
		}
		nums = nums[:0]
	}
	var pieces []drawnStick
	for k := 0; k+1 < len(lines); k += 2 {
		if lines[k].line <= lines[k+1].line {
			t.Fatalf("stroke %d of polysticks, %gpt wide, is not an outline wider than the line after it (%gpt)", k, lines[k].line, lines[k+1].line)
		}
		pieces = append(pieces, drawnStick{lines[k+1].paths, lines[k].line, lines[k+1].line})
	}
	return pieces
}

// segDistance returns the distance between the line segments ab and cd.
func segDistance(a, b, c, d [2]float64) float64 {
	side := func(p, q, r [2]float64) float64 { return (q[0]-p[0])*(r[1]-p[1]) - (q[1]-p[1])*(r[0]-p[0]) }
	if side(a, b, c)*side(a, b, d) < 0 && side(c, d, a)*side(c, d, b) < 0 {
		return 0
	}
	return min(pointSeg(a, c, d), pointSeg(b, c, d), pointSeg(c, a, b), pointSeg(d, a, b))
}

// pointSeg returns the distance from p to the line segment ab.
func pointSeg(p, a, b [2]float64) float64 {
	dx, dy := b[0]-a[0], b[1]-a[1]
	u := 0.0
	if l := dx*dx + dy*dy; l > 0 {
		u = min(1, max(0, ((p[0]-a[0])*dx+(p[1]-a[1])*dy)/l))
	}
	return math.Hypot(p[0]-a[0]-u*dx, p[1]-a[1]-u*dy)
}

// pathsDistance returns the distance between two sets of polylines.
func pathsDistance(p, q [][][2]float64) float64 {
	best := math.Inf(1)
	for _, a := range p {
		for _, b := range q {
			for i := range max(1, len(a)-1) {
				for j := range max(1, len(b)-1) {
					best = min(best, segDistance(a[i], a[min(i+1, len(a)-1)], b[j], b[min(j+1, len(b)-1)]))
				}
			}
		}
	}
	return best
}

// components returns the number of pieces a piece's subpaths make, two
// joined where they touch, or where both have an end near one of the
// points joins (a crossing the piece passes under, its two ends either
// side of the piece over it).
func components(d drawnStick, joins [][2]float64, near float64) int {
	parent := make([]int, len(d.paths))
	for i := range parent {
		parent[i] = i
	}
	var find func(int) int
	find = func(i int) int {
		if parent[i] != i {
			parent[i] = find(parent[i])
		}
		return parent[i]
	}
	endNear := func(path [][2]float64, q [2]float64) bool {
		return math.Hypot(path[0][0]-q[0], path[0][1]-q[1]) < near || math.Hypot(path[len(path)-1][0]-q[0], path[len(path)-1][1]-q[1]) < near
	}
	for i := range d.paths {
		for j := range i {
			touch := pathsDistance(d.paths[i:i+1], d.paths[j:j+1]) < 0.05
			for _, q := range joins {
				touch = touch || endNear(d.paths[i], q) && endNear(d.paths[j], q)
			}
			if touch {
				parent[find(i)] = find(j)
			}
		}
	}
	n := 0
	for i := range parent {
		if find(i) == i {
			n++
		}
	}
	return n
}

// checkApart checks a figure's pieces of polysticks by what a reader
// sees: no two pieces' strokes come within minApart of a line's width of
// each other, and each piece's subpaths join up into one (but where it
// passes under another at one of the points of unders, given by piece).
func checkApart(t *testing.T, what string, pieces []drawnStick, unders map[int][][2]float64, near float64) {
	t.Helper()
	for i, a := range pieces {
		for j, b := range pieces[:i] {
			gap := pathsDistance(a.paths, b.paths) - (a.outline+b.outline)/2
			if gap < minApart*a.line-0.02 {
				t.Errorf("%s: pieces %d and %d come %.2f apart, under %g of a line's width (%g)", what, j, i, gap, minApart, a.line)
			}
		}
		if n := components(a, unders[i], near); n != 1 {
			t.Errorf("%s: piece %d is drawn in %d parts, want one line: %v", what, i, n, a.paths)
		}
	}
}

// The tetrasticks' poster, in SVG, TikZ and PDF, reads apart: where two
// pieces meet at a grid point (end to end, an end against a side, two
// corners) their strokes keep a gap, and each piece is one line, its
// corners and joints joined.
func TestSticksApart(t *testing.T) {
	sols := solutions(t, "tetrasticks-5x5")[:24]
	sheets := layout(t, sols, &gallery.Options{CellSize: 24, Columns: 8})
	frames := svgSticks(t, encode(t, FormatSVG, sheets, nil))
	if len(frames) != len(sols) {
		t.Fatalf("%d groups in the SVG, want %d frames", len(frames), len(sols))
	}
	for k, pieces := range frames {
		if len(pieces) != sols[k].Pieces() {
			t.Fatalf("frame %d: %d pieces drawn, want %d", k+1, len(pieces), sols[k].Pieces())
		}
		checkApart(t, "SVG, frame "+strconv.Itoa(k+1), pieces, nil, 0)
	}
	tex := texSticks(t, encode(t, FormatTeX, sheets, nil))
	if len(tex) != len(sols) {
		t.Fatalf("%d scopes in the TikZ picture, want %d frames", len(tex), len(sols))
	}
	for k, pieces := range tex {
		if len(pieces) != sols[k].Pieces() {
			t.Fatalf("TikZ, frame %d: %d pieces drawn, want %d", k+1, len(pieces), sols[k].Pieces())
		}
		checkApart(t, "TikZ, frame "+strconv.Itoa(k+1), pieces, nil, 0)
	}
	pdf := pdfSticks(t, encode(t, FormatPDF, sheets[:1], nil))
	if len(pdf) != 15*len(sols) {
		t.Fatalf("%d pieces stroked in the PDF, want %d", len(pdf), 15*len(sols))
	}
	checkApart(t, "PDF", pdf, nil, 0)
}

// Where pieces cross (crossing: allowed), one passes over, whole, and the
// other is broken with a gap round it, its two ends either side; the
// pieces read apart everywhere else.
func TestSticksCross(t *testing.T) {
	data, err := os.ReadFile("testdata/sticks-2x3.yaml")
	if err != nil {
		t.Fatal(err)
	}
	spec, err := specs.Parse("testdata/sticks-2x3.yaml", data)
	if err != nil {
		t.Fatal(err)
	}
	res, err := spec.Problem.Solve(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var sols []*tiling.Solution
	for _, d := range res.Distinct {
		sols = append(sols, d.Solution.(*tiling.Solution))
	}
	const cell = 24.0
	sheets := layout(t, sols, &gallery.Options{CellSize: cell})
	frames := svgSticks(t, encode(t, FormatSVG, sheets, nil))
	crossings := 0
	for k, pieces := range frames {
		unders := map[int][][2]float64{}
		for _, x := range crossingsOf(sols[k]) {
			q := [2]float64{cell/4 + float64(x.at.Col)*cell/2, cell/4 + float64(x.at.Row)*cell/2}
			a, b := pieces[x.insts[0]], pieces[x.insts[1]]
			da, db := pathsDistance(a.paths, [][][2]float64{{q}}), pathsDistance(b.paths, [][][2]float64{{q}})
			over, under := x.insts[0], x.insts[1]
			if db < da {
				over, under, da, db = under, over, db, da
			}
			if da > 0.01 || db < (a.outline+b.outline)/2+minApart*a.line-0.02 {
				t.Errorf("frame %d, crossing at %v: pieces %d and %d pass %.2f and %.2f from it; want one through it, the other clear of it", k+1, x.at, over, under, da, db)
			}
			ends := 0
			for _, p := range pieces[under].paths {
				for _, e := range [][2]float64{p[0], p[len(p)-1]} {
					if math.Hypot(e[0]-q[0], e[1]-q[1]) < cell/2 {
						ends++
					}
				}
			}
			if ends != 2 {
				t.Errorf("frame %d, crossing at %v: piece %d under it has %d ends near it, want 2, either side", k+1, x.at, under, ends)
			}
			unders[under] = append(unders[under], q)
			crossings++
		}
		checkApart(t, "frame "+strconv.Itoa(k+1), pieces, unders, cell/2)
	}
	if crossings == 0 {
		t.Fatal("no crossing among the solutions")
	}
}

// crossing is a grid point two pieces both pass straight through.
type crossing struct {
	at    geom.Cell
	insts [2]int
}

// crossingsOf returns the crossings of a solution of polysticks.
func crossingsOf(s *tiling.Solution) []crossing {
	byInst := map[int][]geom.Cell{}
	cells := s.Puzzle().Board().Cells()
	for i, c := range cells {
		_, inst := s.At(i)
		byInst[inst] = append(byInst[inst], c)
	}
	first := map[geom.Cell]int{}
	var out []crossing
	for inst := range len(byInst) {
		for _, p := range geom.Crossings(byInst[inst]) {
			if o, ok := first[p]; ok {
				out = append(out, crossing{p, [2]int{o, inst}})
			}
			first[p] = inst
		}
	}
	return out
}

// In PNG, a grid point where pieces meet end to end shows neither
// piece's colour: the lines stop short of it.
func TestPNGSticksApart(t *testing.T) {
	sols := solutions(t, "tetrasticks-5x5")[:8]
	sheets := layout(t, sols, &gallery.Options{CellSize: 24, Background: white})
	sh := sheets[0]
	img := decodePNG(t, sh, nil)
	checked := 0
	for k, s := range sols {
		f := &sh.Frames[k]
		at := map[geom.Cell][]int{} // the pieces of the segments at each grid point
		for i, c := range s.Puzzle().Board().Cells() {
			_, inst := s.At(i)
			a, b := geom.Ends(c)
			at[a] = append(at[a], inst)
			at[b] = append(at[b], inst)
		}
		for p, insts := range at {
			slices.Sort(insts)
			if len(insts) < 2 || len(slices.Compact(slices.Clone(insts))) != len(insts) {
				continue // not pieces that all end at p
			}
			x, y := f.X+6+float64(p.Col)*12, f.Y+6+float64(p.Row)*12
			// The background, or the faint dot on it.
			dot := color.NRGBA{0xff, 0xff, 0xff, 0xff}
			for _, c := range []*uint8{&dot.R, &dot.G, &dot.B} {
				*c = uint8((int(*c)*(0xff-int(sh.PointColor.A)) + int(sh.PointColor.R)*int(sh.PointColor.A)) / 0xff)
			}
			if got := nrgba(img, x, y); !near(got, white, 2) && !near(got, dot, 8) {
				t.Errorf("frame %d, grid point %v, where pieces %s and %s meet end to end: %v, not the background (or its dot)", k+1, p, f.Sticks[insts[0]].Piece, f.Sticks[insts[1]].Piece, got)
			}
			checked++
		}
	}
	if checked == 0 {
		t.Fatal("no two pieces meet end to end")
	}
}
