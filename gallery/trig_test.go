package gallery

import (
	"math"
	"testing"

	"github.com/polytile/polytile/puzzles/geom"
)

// TestTrigDrawing checks a drawn polytrig solution by what it shows: one
// line for each piece, along whole segments 60° apart, as long as the
// board has segments; a dot at each of its grid points; and the outlines
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
	length := 0.0
	for _, st := range f.Sticks {
		for _, path := range st.Paths {
			for k := 1; k < len(path); k++ {
				dx, dy := path[k].X-path[k-1].X, path[k].Y-path[k-1].Y
				d := math.Hypot(dx, dy) / cell
				turn := math.Atan2(dy, dx) / (math.Pi / 3)
				if math.Abs(d-math.Round(d)) > 1e-9 || d < 1 || math.Abs(turn-math.Round(turn)) > 1e-9 {
					t.Errorf("%s: a run of %g segments at %g × 60°", st.Piece, d, turn)
				}
				length += d
			}
		}
	}
	if math.Round(length) != float64(b.Len()) {
		t.Errorf("the lines are %g segments long; the board has %d", length, b.Len())
	}
	d := drawerOf(b.Lattice(), "")
	outline := d.outlines(b)
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
