package tiling

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/polytile/polytile/puzzles"
	"github.com/polytile/polytile/puzzles/geom"
)

// TestAgainstBruteForceTrigs checks both engines, with and without
// symmetry breaking, crossings forbidden and allowed, against the brute
// force (bruteSegments) on small trig boards and random sets of polytrigs
// cut from them.
func TestAgainstBruteForceTrigs(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 13))
	var boards []bruteBoard
	for _, bd := range []struct {
		shape      string
		rows, cols int
		syms       int
	}{
		{"hexagon", 1, 1, 12}, {"triangle", 2, 2, 6}, {"triangle", 3, 3, 6},
		{"parallelogram", 2, 2, 4}, {"parallelogram", 1, 3, 2},
	} {
		b, err := geom.NewTrigBoard(bd.shape, bd.rows, bd.cols, nil)
		if err != nil {
			t.Fatal(err)
		}
		boards = append(boards, bruteBoard{fmt.Sprintf("%s %d×%d", bd.shape, bd.rows, bd.cols), b, bd.syms})
	}
	checkAgainstBruteForce(t, geom.Trig, rng, boards, 6, 15)
}

// TestPublishedTrigs checks counts that Polyform Puzzler publishes for
// tritrig puzzles (puzzler/puzzles/tritrigs.py), pieces never crossing,
// distinct under the board's symmetries, with Dancing Links, and both
// engines with crossings allowed against each other. Its segments
// (x, y, z), y up, from point (x, y): z = 0 to (x+1, y), z = 1 to
// (x, y+1), z = 2 to (x−1, y+1); its hexagon of side 2 has the points
// 2 ≤ x + y ≤ 6 of a 4 × 4 parallelogram, which is geom's, upside down,
// point (x, y) at picture row 2y, column 4x + 2y − 4.
func TestPublishedTrigs(t *testing.T) {
	hexHoles := func(segs ...[3]int) []geom.Cell {
		var out []geom.Cell
		for _, s := range segs {
			x, y := s[0], s[1]
			out = append(out, geom.Cell{Row: 2*y + min(s[2], 1), Col: 4*x + 2*y - 2 - []int{0, 1, 3}[s[2]]})
		}
		return out
	}
	heart := [][3]int{{2, 3, 1}, {1, 4, 0}, {3, 3, 2}}
	for _, tc := range []struct {
		name          string
		shape         string
		rows, cols    int
		holes         []geom.Cell
		distinct, sym int
	}{
		{"TritrigsParallelogram5x2", "parallelogram", 2, 5, []geom.Cell{{Row: 2, Col: 12}}, 9, 2},
		{"TritrigsHexagon1", "hexagon", 2, 2, hexHoles([3]int{0, 3, 0}, [3]int{1, 1, 0}, [3]int{1, 3, 1}, [3]int{3, 0, 2}, [3]int{3, 2, 1}, [3]int{4, 1, 2}), 5, 6},
		{"TritrigsHexagon2", "hexagon", 2, 2, hexHoles([3]int{0, 2, 0}, [3]int{2, 3, 1}, [3]int{4, 0, 2}, [3]int{1, 2, 0}, [3]int{3, 1, 2}, [3]int{2, 2, 1}), 10, 6},
		{"TritrigsHexagon3", "hexagon", 2, 2, hexHoles([3]int{1, 3, 2}, [3]int{2, 0, 1}, [3]int{3, 2, 0}, [3]int{1, 2, 0}, [3]int{3, 1, 2}, [3]int{2, 2, 1}), 9, 6},
		{"TritrigsHeart1", "hexagon", 2, 2, hexHoles(append(heart, [3]int{2, 1, 1}, [3]int{2, 2, 0}, [3]int{2, 2, 2})...), 50, 2},
		{"TritrigsHeart2", "hexagon", 2, 2, hexHoles(append(heart, [3]int{2, 2, 1}, [3]int{1, 2, 0}, [3]int{3, 1, 2})...), 52, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b, err := geom.NewTrigBoard(tc.shape, tc.rows, tc.cols, tc.holes)
			if err != nil {
				t.Fatal(err)
			}
			pieces := mustSet(t, "tritrigs")
			p, err := New(tc.name, b, pieces)
			if err != nil {
				t.Fatal(err)
			}
			res, err := p.Solve(context.Background(), nil)
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Distinct) != tc.distinct || p.Symmetries() != tc.sym {
				t.Errorf("distinct %d under %d symmetries; Polyform Puzzler publishes %d (under %d)", len(res.Distinct), p.Symmetries(), tc.distinct, tc.sym)
			}
			if testing.Short() {
				return
			}
			free, err := NewWith(tc.name+", crossing", b, pieces, Options{Crossing: true})
			if err != nil {
				t.Fatal(err)
			}
			var raws []int64
			for _, eng := range []puzzles.Engine{puzzles.EngineDLX, puzzles.EngineFill} {
				r, err := free.Solve(context.Background(), &puzzles.SolveConfig{Engine: eng})
				if err != nil {
					t.Fatal(err)
				}
				raws = append(raws, r.Raw)
			}
			if raws[0] != raws[1] || raws[0] <= res.Raw {
				t.Errorf("crossings allowed: raw %v by Dancing Links and the fill engine; want equal and more than %d", raws, res.Raw)
			}
		})
	}
}
