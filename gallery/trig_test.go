package gallery

import (
	"math"
	"testing"

	"github.com/polytile/polytile/puzzles/geom"
)

// TestTrigDrawing checks a drawn polytrig solution by what it shows: one
// line for each piece, along segments 60° apart or cut across a corner
// where pieces meet, through the midpoint of each of its segments; a dot at each of its grid points; and the outlines
// a web gallery hit-tests, one rhombus for each segment, a sixth of √3
// in area, around its midpoint.
func TestTrigDrawing(t *testing.T) {
	sols := distinct(t, "tritrigs-parallelogram-5x2", 1)
	const cell = 20.0
	sheets, err := Solutions(sols, &Options{CellSize: cell})
	if err != nil {
		t.Fatal(err)
	}
	f := &sheets[0].Frames[0]
	b := sols[0].Puzzle().Board()
	if len(f.Sticks) != 12 || len(f.Points) != 18 {
		t.Fatalf("%d lines, %d grid points; want 12 pieces on 18 points", len(f.Sticks), len(f.Points))
	}
	for _, st := range f.Sticks {
		for _, path := range st.Paths {
			for k := 1; k < len(path); k++ {
				dx, dy := path[k].X-path[k-1].X, path[k].Y-path[k-1].Y
				turn := math.Atan2(dy, dx) / (math.Pi / 6)
				if math.Abs(turn-math.Round(turn)) > 1e-9 || int(math.Round(turn))%2 != 0 && math.Hypot(dx, dy) >= cell {
					t.Errorf("%s: a step at %g × 30°, %g segments long: neither along the grid nor a cut across a corner", st.Piece, turn, math.Hypot(dx, dy)/cell)
				}
			}
		}
	}
	d := drawerOf(b.Lattice(), "")
	outline := d.outlines(b)
	for i, c := range b.Cells() {
		// The segment's midpoint is on its piece's line.
		r := outline(c, f.X, f.Y, cell)
		mx, my := (r[0].X+r[2].X)/2, (r[0].Y+r[2].Y)/2
		_, inst := sols[0].At(i)
		if d := lineDistance(f.Sticks[inst].Paths, Point{mx, my}); d > 1e-6 {
			t.Errorf("segment %v: its midpoint is %g from its piece's line", c, d/cell)
		}
	}
	for _, c := range b.Cells() {
		r := outline(c, 0, 0, 1)
		area := 0.0
		for i := range r {
			j := (i + 1) % len(r)
			area += r[i].X*r[j].Y - r[j].X*r[i].Y
		}
		if len(r) != 4 || math.Abs(math.Abs(area/2)-math.Sqrt(3)/6) > 1e-9 {
			t.Errorf("segment %v: outline %v of area %g, want a rhombus of %g", c, r, math.Abs(area/2), math.Sqrt(3)/6)
		}
		mx, my := (r[0].X+r[2].X)/2, (r[0].Y+r[2].Y)/2
		nx, ny := (r[1].X+r[3].X)/2, (r[1].Y+r[3].Y)/2
		if math.Hypot(mx-nx, my-ny) > 1e-9 {
			t.Errorf("segment %v: outline %v is not centred on the segment", c, r)
		}
	}
	if _, ok := d.(stickDrawer); !ok || b.Lattice() != geom.Trig {
		t.Errorf("the trig lattice is drawn by %T", d)
	}
}

// lineDistance returns the distance from p to the nearest of paths.
func lineDistance(paths [][]Point, p Point) float64 {
	best := math.Inf(1)
	for _, path := range paths {
		for k := 1; k < len(path); k++ {
			a, b := path[k-1], path[k]
			dx, dy := b.X-a.X, b.Y-a.Y
			u := min(1, max(0, ((p.X-a.X)*dx+(p.Y-a.Y)*dy)/(dx*dx+dy*dy)))
			best = min(best, math.Hypot(p.X-a.X-u*dx, p.Y-a.Y-u*dy))
		}
	}
	return best
}
