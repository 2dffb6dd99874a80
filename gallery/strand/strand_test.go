package strand

import (
	"math"
	"testing"

	"github.com/polytile/polytile/puzzles/geom"
)

// seg returns a segment of the stick lattice from its doubled coordinates.
func seg(row, col int) geom.Cell { return geom.Cell{Row: row, Col: col} }

// pathsApart returns the least distance between the lines of two pieces.
func pathsApart(p, q [][]Point) float64 {
	best := math.Inf(1)
	for _, a := range p {
		for _, b := range q {
			for i := 1; i < len(a); i++ {
				for j := 1; j < len(b); j++ {
					best = min(best, distance(a[i-1], a[i], b[j-1], b[j]))
				}
			}
		}
	}
	return best
}

// parts returns how many pieces a piece's lines make, two joined where
// they touch.
func parts(lines [][]Point) int {
	group := make([]int, len(lines))
	for i := range group {
		group[i] = i
	}
	for changed := true; changed; {
		changed = false
		for i := range lines {
			for j := range lines {
				if group[i] < group[j] && pathsApart(lines[i:i+1], lines[j:j+1]) < 1e-9 {
					group[j], changed = group[i], true
				}
			}
		}
	}
	n := 0
	for i, g := range group {
		if g == i {
			n++
		}
	}
	return n
}

// Pieces that meet at grid points are drawn apart: the lines of two
// pieces Width+Space apart at least, every segment's midpoint on its
// piece's line, each piece one line but where it passes under another.
func TestLines(t *testing.T) {
	gap := Gap{Width: 0.375, Space: 0.0625}
	for _, tc := range []struct {
		name  string
		segs  []geom.Cell
		owner []int
		parts []int // the lines each piece's make
		ends  []int // how many of each piece's line ends are drawn back from a grid point
	}{
		{"end to end", []geom.Cell{seg(0, 1), seg(0, 3)}, []int{0, 1}, []int{1, 1}, []int{1, 1}},
		{"an end against a side", []geom.Cell{seg(0, 1), seg(0, 3), seg(1, 2)}, []int{0, 0, 1}, []int{1, 1}, []int{0, 1}},
		{"a corner and an end", []geom.Cell{seg(1, 2), seg(2, 3), seg(2, 1)}, []int{0, 0, 1}, []int{1, 1}, []int{0, 1}},
		{"two corners", []geom.Cell{seg(1, 2), seg(2, 3), seg(2, 1), seg(3, 2)}, []int{0, 0, 1, 1}, []int{1, 1}, []int{4, 4}},
		{"a crossing", []geom.Cell{seg(2, 1), seg(2, 3), seg(1, 2), seg(3, 2)}, []int{0, 0, 1, 1}, []int{1, 2}, []int{0, 2}},
		{"a loop and a corner at its start", []geom.Cell{seg(2, 3), seg(3, 2), seg(3, 4), seg(4, 3), seg(2, 1), seg(1, 2)}, []int{0, 0, 0, 0, 1, 1}, []int{1, 1}, []int{4, 4}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			lines := Lines(geom.Stick.SegmentGrid(), tc.segs, tc.owner, len(tc.parts), gap)
			for i := range lines {
				for j := range i {
					if d := pathsApart(lines[i], lines[j]); d < gap.Width+gap.Space-1e-9 {
						t.Errorf("pieces %d and %d: lines %.3f apart, want %g at least: %v, %v", j, i, d, gap.Width+gap.Space, lines[j], lines[i])
					}
				}
				if n := parts(lines[i]); n != tc.parts[i] {
					t.Errorf("piece %d: %d parts, want %d: %v", i, n, tc.parts[i], lines[i])
				}
				off := 0
				for _, l := range lines[i] {
					for _, p := range []Point{l[0], l[len(l)-1]} {
						if math.Abs(p.X*2-math.Round(p.X*2)) > 1e-9 || math.Abs(p.Y*2-math.Round(p.Y*2)) > 1e-9 {
							off++
						}
					}
				}
				if off != tc.ends[i] {
					t.Errorf("piece %d: %d line ends drawn back from a grid point, want %d: %v", i, off, tc.ends[i], lines[i])
				}
			}
			for k, s := range tc.segs {
				x, y := geom.Stick.SegmentGrid().PlanePoint(s)
				mid := [][]Point{{{x, y}, {x, y}}}
				if d := pathsApart(lines[tc.owner[k]], mid); d > 1e-9 {
					t.Errorf("segment %v: %g from its piece's line", s, d)
				}
			}
		})
	}
}
