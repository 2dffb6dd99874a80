package gallery

import (
	"context"
	"image/color"
	"math"
	"slices"
	"testing"

	"github.com/polytile/polytile/internal/golden"
	"github.com/polytile/polytile/puzzles"
	"github.com/polytile/polytile/puzzles/geom"
	"github.com/polytile/polytile/puzzles/specs"
	"github.com/polytile/polytile/puzzles/tiling"
)

// sticks4x4 is ten tetrasticks on the segments of a 4 × 4 grid: one
// distinct solution, in which the pieces touch at corners, ends and T's.
const sticks4x4 = `lattice: stick
board: {rows: 4, cols: 4}
pieces:
  A: |
    +-+-+-+-+
  B: |
    +-+-+-+
      |
      +
  C: |
    +-+-+
    | |
    + +
  D: |
    +-+-+
    |   |
    +   +
  E: |
    +-+-+
    |
    +-+
  F: |
    +-+-+
      |
    +-+
  G: |
    +-+-+
        |
        +-+
  H: |
    +-+
    | |
    +-+
  J: |
    +-+
      |
      +-+
      |
      +
  K: |2
      +
      |
    +-+-+
      |
      +
`

// A small sheet of polysticks' display list, written out, against
// testdata/sticks.golden (go test ./gallery -update rewrites it): an O and
// a U of four segments on a 1 × 2 grid, touching along its middle, named
// and captioned, with a legend.
func TestGoldenSticks(t *testing.T) {
	spec, err := specs.Parse("ou.yaml", []byte("lattice: stick\nboard: {rows: 1, cols: 2}\npieces:\n  O: |\n    +-+\n    | |\n    +-+\n  U: |\n    +-+\n      |\n    +-+\n"))
	if err != nil {
		t.Fatal(err)
	}
	res, err := spec.Problem.Solve(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	sheets, err := Classes(res.Distinct, &Options{CellSize: 10, Labels: true, Letters: true, Legend: true, Title: "O and U"})
	if err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "sticks.golden", []byte(sheetText(sheets[0])))
}

// stickPuzzle returns the spec of sticks4x4 and its distinct solutions.
func stickPuzzle(t testing.TB) (*specs.Spec, []*tiling.Solution) {
	t.Helper()
	spec, err := specs.Parse("sticks.yaml", []byte(sticks4x4))
	if err != nil {
		t.Fatal(err)
	}
	res, err := spec.Problem.Solve(context.Background(), &puzzles.SolveConfig{})
	if err != nil {
		t.Fatal(err)
	}
	var sols []*tiling.Solution
	for _, d := range res.Distinct {
		sols = append(sols, d.Solution.(*tiling.Solution))
	}
	if len(sols) == 0 {
		t.Fatal("no solution")
	}
	return spec, sols
}

// pathSegments returns the segments a stick's paths run along, in doubled
// coordinates, the grid's top-left point at the frame's box's corner plus
// the pad: those whose midpoints a step passes. It fails the test if a
// step is neither along a grid line nor a short cut across a corner (a
// chamfer, less than a segment long, where the piece meets another).
func pathSegments(t *testing.T, f *Frame, cell float64, paths [][]Point) []geom.Cell {
	t.Helper()
	grid := func(p Point) (float64, float64) { return (p.Y-f.Y)/cell - stickPad, (p.X-f.X)/cell - stickPad }
	whole := func(v float64) bool { return math.Abs(v-math.Round(v)) < 1e-9 }
	var segs []geom.Cell
	for _, path := range paths {
		if len(path) < 2 {
			t.Fatalf("a path of %d points", len(path))
		}
		for i := 1; i < len(path); i++ {
			r0, c0 := grid(path[i-1])
			r1, c1 := grid(path[i])
			switch {
			case math.Abs(r0-r1) < 1e-9 && whole(r0):
				for c := math.Ceil(min(c0, c1) - 0.5); c+0.5 < max(c0, c1); c++ {
					segs = append(segs, geom.Cell{Row: 2 * int(math.Round(r0)), Col: 2*int(c) + 1})
				}
			case math.Abs(c0-c1) < 1e-9 && whole(c0):
				for r := math.Ceil(min(r0, r1) - 0.5); r+0.5 < max(r0, r1); r++ {
					segs = append(segs, geom.Cell{Row: 2*int(r) + 1, Col: 2 * int(math.Round(c0))})
				}
			case math.Hypot(r1-r0, c1-c0) >= 1:
				t.Fatalf("a step from (%g, %g) to (%g, %g): not along a grid line", r0, c0, r1, c1)
			}
		}
	}
	slices.SortFunc(segs, geom.Cell.Compare)
	return segs
}

// A piece's segments are chained into paths that go straight on through
// a grid point where they can: each segment in one path, once, and each
// point of a path a corner or an end.
func TestStickPaths(t *testing.T) {
	for _, tc := range []struct {
		name, pic string
		paths     int
		points    int // in all the paths
	}{
		{"I", "+-+-+-+-+", 1, 2},
		{"L", "+-+-+-+\n|\n+", 1, 3},
		{"O", "+-+\n| |\n+-+", 1, 5},
		{"X", "  +\n  |\n+-+-+\n  |\n  +", 2, 4},
		{"T", "+-+-+\n  |\n  +\n  |\n  +", 2, 4},
		{"square of 4", "+-+-+\n| | |\n+-+-+\n| | |\n+-+-+", 2, 9}, // four T's: two paths at least
	} {
		t.Run(tc.name, func(t *testing.T) {
			segs, err := geom.ParseSticks(tc.pic)
			if err != nil {
				t.Fatal(err)
			}
			sheets, err := Pieces([]geom.Piece{{Name: tc.name, Cells: segs, Count: 1}}, &Options{Lattice: geom.Stick, CellSize: 10})
			if err != nil {
				t.Fatal(err)
			}
			f := &sheets[0].Frames[0]
			if len(f.Sticks) != 1 || len(f.Shapes) != 0 || len(f.Borders) != 0 {
				t.Fatalf("%d sticks, %d shapes, %d borders; want one stick and nothing else", len(f.Sticks), len(f.Shapes), len(f.Borders))
			}
			st := f.Sticks[0]
			points := 0
			for _, p := range st.Paths {
				points += len(p)
				for i := 2; i < len(p); i++ {
					a, b, c := p[i-2], p[i-1], p[i]
					if (b.X-a.X)*(c.Y-b.Y) == (b.Y-a.Y)*(c.X-b.X) {
						t.Errorf("path %v goes straight on through %v", p, b)
					}
				}
			}
			if len(st.Paths) != tc.paths || points != tc.points {
				t.Errorf("%d paths of %d points in all, want %d of %d: %v", len(st.Paths), points, tc.paths, tc.points, st.Paths)
			}
			want := slices.Clone(segs)
			slices.SortFunc(want, geom.Cell.Compare)
			if got := pathSegments(t, f, 10, st.Paths); !slices.Equal(got, want) {
				t.Errorf("the paths run along %v, want %v", got, want)
			}
		})
	}
}

// A solution of polysticks: each piece one stick in its colour, its paths
// along its own segments, every segment of the board in one of them;
// faint dots at the grid points; no filled outlines, borders or grid
// lines; the frame the grid's squares and a pad round them.
func TestStickSolution(t *testing.T) {
	_, sols := stickPuzzle(t)
	sheets, err := Solutions(sols[:1], &Options{CellSize: 20})
	if err != nil {
		t.Fatal(err)
	}
	sh := sheets[0]
	f := &sh.Frames[0]
	if f.Width != 20*(4+2*stickPad) || f.Height != f.Width {
		t.Errorf("frame %g × %g, want %g square", f.Width, f.Height, 20*(4+2*stickPad))
	}
	if len(f.Shapes)+len(f.Borders)+len(f.Grid)+len(f.Hatch) != 0 {
		t.Errorf("%d shapes, %d borders, %d grid lines, %d hatching lines; want none", len(f.Shapes), len(f.Borders), len(f.Grid), len(f.Hatch))
	}
	if len(f.Points) != 25 || sh.PointWidth != 20*dotWidth || sh.PointColor.A == 0 || sh.PointColor.A > 0x80 {
		t.Errorf("%d grid points, %g wide in %v; want 25, faint", len(f.Points), sh.PointWidth, sh.PointColor)
	}
	s := sols[0]
	if len(f.Sticks) != s.Pieces() {
		t.Fatalf("%d sticks, want the %d pieces", len(f.Sticks), s.Pieces())
	}
	names := s.Puzzle().PieceNames()
	fills := map[color.NRGBA]bool{}
	var all []geom.Cell
	for inst, st := range f.Sticks {
		var want []geom.Cell
		for i, c := range s.Puzzle().Board().Cells() {
			if piece, in := s.At(i); in == inst {
				want = append(want, c)
				if st.Piece != names[piece] {
					t.Errorf("stick %d is %q, want %q", inst, st.Piece, names[piece])
				}
			}
		}
		slices.SortFunc(want, geom.Cell.Compare)
		got := pathSegments(t, f, 20, st.Paths)
		if !slices.Equal(got, want) {
			t.Errorf("piece %s runs along %v, want %v", st.Piece, got, want)
		}
		all = append(all, got...)
		if st.Fill.A != 0xff || st.Width != 20*stickWidth {
			t.Errorf("piece %s: %v, %g wide; want its colour, opaque, %g wide", st.Piece, st.Fill, st.Width, 20*stickWidth)
		}
		fills[st.Fill] = true
	}
	if len(fills) != s.Pieces() {
		t.Errorf("%d colours for %d pieces", len(fills), s.Pieces())
	}
	slices.SortFunc(all, geom.Cell.Compare)
	if !slices.Equal(all, s.Puzzle().Board().Cells()) {
		t.Errorf("the sticks cover %d segments, not the board's %d once each", len(all), s.Puzzle().Board().Len())
	}
}

// polylines records a sheet's polylines: their widths, colours and
// number of paths, in the order drawn.
type polylines struct {
	recorder
	widths []float64
	colors []color.NRGBA
	paths  []int
}

func (p *polylines) Polyline(paths [][]Point, width float64, c color.NRGBA) {
	p.widths = append(p.widths, width)
	p.colors = append(p.colors, c)
	p.paths = append(p.paths, len(paths))
}

// Each piece is drawn whole before the next: its dark outline, wider,
// then its colour along the same paths; the dots first, under them all.
func TestStickDrawOrder(t *testing.T) {
	_, sols := stickPuzzle(t)
	sheets, err := Solutions(sols[:1], nil)
	if err != nil {
		t.Fatal(err)
	}
	sh := sheets[0]
	var p polylines
	sh.Draw(&p)
	f := &sh.Frames[0]
	if len(p.widths) != 1+2*len(f.Sticks) {
		t.Fatalf("%d polylines, want the dots and two for each of %d pieces", len(p.widths), len(f.Sticks))
	}
	if p.widths[0] != sh.PointWidth || p.colors[0] != sh.PointColor || p.paths[0] != len(f.Points) {
		t.Errorf("first polyline %g wide in %v, %d paths; want the %d dots", p.widths[0], p.colors[0], p.paths[0], len(f.Points))
	}
	for i, st := range f.Sticks {
		k := 1 + 2*i
		if p.colors[k] != sh.BorderColor || p.widths[k] != st.Width+sh.BorderWidth || p.paths[k] != len(st.Paths) {
			t.Errorf("piece %s's outline: %g wide in %v; want %g in %v", st.Piece, p.widths[k], p.colors[k], st.Width+sh.BorderWidth, sh.BorderColor)
		}
		if p.colors[k+1] != st.Fill || p.widths[k+1] != st.Width || p.paths[k+1] != len(st.Paths) {
			t.Errorf("piece %s's line: %g wide in %v; want %g in %v", st.Piece, p.widths[k+1], p.colors[k+1], st.Width, st.Fill)
		}
	}
}

// The puzzle figure: the empty board as thin segments over faint dots,
// and each piece in a frame of its own, a stick with its name under it.
func TestStickPuzzle(t *testing.T) {
	spec, _ := stickPuzzle(t)
	sheets, err := Puzzle(tilingOf(t, spec), &Options{CellSize: 20})
	if err != nil {
		t.Fatal(err)
	}
	fs := sheets[0].Frames
	if len(fs) != 11 {
		t.Fatalf("%d frames, want the board and 10 pieces", len(fs))
	}
	board := &fs[0]
	if len(board.Grid) != 40 || len(board.Points) != 25 || len(board.Sticks)+len(board.Shapes) != 0 {
		t.Errorf("the board: %d segments, %d dots, %d sticks, %d shapes; want 40 segments on 25 dots alone",
			len(board.Grid), len(board.Points), len(board.Sticks), len(board.Shapes))
	}
	for _, sg := range board.Grid {
		if math.Hypot(sg.B.X-sg.A.X, sg.B.Y-sg.A.Y) != 20 {
			t.Errorf("board segment %v is not a cell long", sg)
		}
	}
	for _, f := range fs[1:] {
		if len(f.Sticks) != 1 || f.Caption == nil || f.Caption.Text != f.Sticks[0].Piece {
			t.Errorf("frame %q: %d sticks, caption %v", f.Title, len(f.Sticks), f.Caption)
		}
	}
	// With names, the board, which has none, gets no entry in a legend.
	sheets, err = Puzzle(tilingOf(t, spec), &Options{Letters: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range sheets[0].Frames {
		if f.Title == "legend: board" {
			t.Errorf("the board has a legend entry")
		}
	}
	// Outline style: hairlines along the board's segments, no dots.
	sheets, err = Puzzle(tilingOf(t, spec), &Options{Style: StyleOutline})
	if err != nil {
		t.Fatal(err)
	}
	if b := sheets[0].Frames[0]; len(b.Borders) != 40 || len(b.Points) != 0 {
		t.Errorf("the board in outline style: %d borders, %d dots; want 40 and none", len(b.Borders), len(b.Points))
	}
}

// With letters, each piece's name is on a badge, a disc in its colour at
// the midpoint of one of its segments, drawn after the pieces.
func TestStickLetters(t *testing.T) {
	_, sols := stickPuzzle(t)
	sheets, err := Solutions(sols[:1], &Options{CellSize: 20, Letters: true})
	if err != nil {
		t.Fatal(err)
	}
	f := &sheets[0].Frames[0]
	n := sols[0].Pieces()
	if len(f.Sticks) != 2*n || len(f.Letters) != n {
		t.Fatalf("%d sticks, %d letters; want %d pieces and as many badges and names", len(f.Sticks), len(f.Letters), n)
	}
	for i, b := range f.Sticks[n:] {
		piece := f.Sticks[i]
		l := f.Letters[i]
		if len(b.Paths) != 1 || len(b.Paths[0]) != 1 || b.Fill != piece.Fill || b.Width != 20*badgeWidth || l.Text != piece.Piece {
			t.Errorf("badge %d: %+v, name %q; want a dot in %v, %g wide, named %q", i, b, l.Text, piece.Fill, 20*badgeWidth, piece.Piece)
			continue
		}
		at := b.Paths[0][0]
		if at.X != l.X || at.Y != l.Y {
			t.Errorf("badge of %s at %v, its name at %g, %g", piece.Piece, at, l.X, l.Y)
		}
		// The midpoint of one of the piece's segments.
		mid := false
		for _, path := range piece.Paths {
			for k := 1; k < len(path); k++ {
				a, c := path[k-1], path[k]
				along := (at.X-a.X)*(c.Y-a.Y) == (at.Y-a.Y)*(c.X-a.X) && min(a.X, c.X) <= at.X && at.X <= max(a.X, c.X) && min(a.Y, c.Y) <= at.Y && at.Y <= max(a.Y, c.Y)
				x, y := (at.X-f.X)/20-stickPad, (at.Y-f.Y)/20-stickPad
				half := math.Abs(x-math.Round(x)) == 0.5 && y == math.Round(y) || math.Abs(y-math.Round(y)) == 0.5 && x == math.Round(x)
				mid = mid || along && half
			}
		}
		if !mid {
			t.Errorf("badge of %s at %v: not the midpoint of one of its segments", piece.Piece, at)
		}
	}
}

// Grey style gives each piece its own grey, unhatched (a line is too thin
// to hatch), and the legend's swatches, short lines, the same; outline style draws each
// piece as a hairline along its segments, and no dots.
func TestStickStyles(t *testing.T) {
	_, sols := stickPuzzle(t)
	sheets, err := Solutions(sols[:1], &Options{Style: StyleGrey, Legend: true})
	if err != nil {
		t.Fatal(err)
	}
	greys := map[color.NRGBA]string{}
	f := &sheets[0].Frames[0]
	for _, st := range f.Sticks {
		if st.Fill.R != st.Fill.G || st.Fill.G != st.Fill.B {
			t.Errorf("piece %s is %v, not grey", st.Piece, st.Fill)
		}
		greys[st.Fill] = st.Piece
	}
	if len(greys) != len(f.Sticks) || len(f.Hatch) != 0 {
		t.Errorf("%d greys for %d pieces, %d hatching lines; want a grey each, no hatching", len(greys), len(f.Sticks), len(f.Hatch))
	}
	for _, lf := range sheets[0].Frames[1:] {
		if len(lf.Hatch)+len(lf.Shapes) != 0 || len(lf.Sticks) != 1 || greys[lf.Sticks[0].Fill] != lf.Sticks[0].Piece {
			t.Errorf("legend %q: its swatch is not a line in its piece's grey", lf.Title)
		}
	}
	sheets, err = Solutions(sols[:1], &Options{Style: StyleOutline})
	if err != nil {
		t.Fatal(err)
	}
	f = &sheets[0].Frames[0]
	var p polylines
	sheets[0].Draw(&p)
	if len(f.Points) != 0 || len(p.widths) != len(f.Sticks) {
		t.Fatalf("outline style: %d dots, %d polylines for %d pieces; want none and one each", len(f.Points), len(p.widths), len(f.Sticks))
	}
	for i, w := range p.widths {
		if w != hairline || p.colors[i] != (color.NRGBA{0, 0, 0, 0xff}) {
			t.Errorf("piece %s: %g wide in %v; want a black hairline", f.Sticks[i].Piece, w, p.colors[i])
		}
	}
}

// A web gallery of polysticks: each cell (a segment) is chosen on its
// diamond, the rhombus of its ends and the centres of the squares beside
// it, centred on its midpoint, all inside the board's sheet; the heat map
// fills the diamonds.
func TestStickSite(t *testing.T) {
	spec, sols := stickPuzzle(t)
	if err := CheckSite(spec.Problem); err != nil {
		t.Fatal(err)
	}
	classes := []puzzles.Class{{Solution: sols[0], Orbit: 8}}
	site, err := NewSite(classes, &Options{CellSize: 20})
	if err != nil {
		t.Fatal(err)
	}
	b := tilingOf(t, spec).Board()
	if len(site.Cells) != b.Len() {
		t.Fatalf("%d cells, want %d", len(site.Cells), b.Len())
	}
	board := &site.Board.Frames[0]
	for i, c := range site.Cells {
		if c.Row != b.Cells()[i].Row || c.Col != b.Cells()[i].Col {
			t.Errorf("cell %d is (%d, %d), want the segment's (%d, %d)", i, c.Row, c.Col, b.Cells()[i].Row, b.Cells()[i].Col)
		}
		if len(c.Outline) != 4 {
			t.Errorf("cell (%d, %d): %d corners, want a diamond's 4", c.Row, c.Col, len(c.Outline))
			continue
		}
		cx, cy := (c.Outline[0].X+c.Outline[2].X)/2, (c.Outline[0].Y+c.Outline[2].Y)/2
		wantX := board.X + 20*(stickPad+float64(c.Col)/2)
		wantY := board.Y + 20*(stickPad+float64(c.Row)/2)
		if math.Abs(cx-wantX) > 1e-9 || math.Abs(cy-wantY) > 1e-9 || math.Abs(ringArea(c.Outline)) != 200 {
			t.Errorf("cell (%d, %d): centre %g, %g, area %g; want %g, %g and half a square", c.Row, c.Col, cx, cy, ringArea(c.Outline), wantX, wantY)
		}
		for _, p := range c.Outline {
			if p.X < 0 || p.Y < 0 || p.X > site.Board.Width || p.Y > site.Board.Height {
				t.Errorf("cell (%d, %d) reaches %v, outside the board's sheet", c.Row, c.Col, p)
			}
		}
	}
	if heat := site.Stats[0].Heat.Frames[0]; len(heat.Shapes) != b.Len() {
		t.Errorf("the heat map fills %d diamonds, want %d", len(heat.Shapes), b.Len())
	}
	if f := &site.Solutions[0].Sheet.Frames[0]; len(f.Sticks) == 0 || len(f.Letters) == 0 {
		t.Errorf("a solution's sheet has %d sticks and %d names", len(f.Sticks), len(f.Letters))
	}
}
