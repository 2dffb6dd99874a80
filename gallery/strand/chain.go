package strand

import (
	"slices"

	"github.com/polytile/polytile/puzzles/geom"
)

// chains returns the paths of each of n pieces: its segments chained end
// to end into paths of grid points, one point a segment. A path starts at
// a grid point where an odd number of the piece's segments meet (an end,
// or a T), those in reading order first, and goes on straight wherever it
// can, else by the first segment left in reading order, until none is
// left at its end; a loop then starts at its first point in reading
// order. Every segment is in one path, once.
func chains(grid geom.SegmentGrid, segs []geom.Cell, owner []int, n int) [][][]geom.Cell {
	byInst := make([][]int, n)
	for i := range segs {
		byInst[owner[i]] = append(byInst[owner[i]], i)
	}
	out := make([][][]geom.Cell, n)
	for inst, idx := range byInst {
		slices.SortFunc(idx, func(i, j int) int { return segs[i].Compare(segs[j]) })
		in := map[geom.Cell]bool{}
		meet := map[geom.Cell][]geom.Cell{} // the piece's segments at each grid point, in order
		var pts []geom.Cell
		for _, i := range idx {
			s := segs[i]
			in[s] = true
			a, b := grid.Ends(s)
			for _, p := range []geom.Cell{a, b} {
				if len(meet[p]) == 0 {
					pts = append(pts, p)
				}
				meet[p] = append(meet[p], s)
			}
		}
		slices.SortFunc(pts, geom.Cell.Compare)
		used := map[geom.Cell]bool{}
		walk := func(p geom.Cell) []geom.Cell {
			path := []geom.Cell{p}
			var last geom.Cell
			for moved := false; ; moved = true {
				next, ok := geom.Cell{}, false
				if moved {
					// Straight on: the segment beyond p from last.
					s := geom.Cell{Row: 2*p.Row - last.Row, Col: 2*p.Col - last.Col}
					next, ok = s, in[s] && !used[s]
				}
				for _, s := range meet[p] {
					if ok {
						break
					}
					next, ok = s, !used[s]
				}
				if !ok {
					return path
				}
				used[next] = true
				a, b := grid.Ends(next)
				if a == p {
					a = b
				}
				path = append(path, a)
				last, p = next, a
			}
		}
		for _, odd := range []bool{true, false} {
			for _, p := range pts {
				if odd && len(meet[p])%2 == 0 {
					continue
				}
				for slices.ContainsFunc(meet[p], func(s geom.Cell) bool { return !used[s] }) {
					out[inst] = append(out[inst], walk(p))
				}
			}
		}
	}
	return out
}
