package frontier

import (
	"cmp"
	"math/bits"
	"slices"

	"github.com/polytile/polytile/puzzles/geom"
)

// plan is a board, or its quotient by a symmetry (the orbits of its cells
// under the symmetry), laid out for the sweep: its positions in scan
// order and, at each position, the options whose first position it is, as
// masks of the positions from there on (bit k: position + k).
type plan struct {
	n     int        // positions
	at    [][]uint64 // the options at each position
	width int        // the most positions an option spans, first to last
	// near are, for each option of at, the positions its reach checks
	// (prune.go), from the position after its first: the next one and
	// those next to its cells (all it spans where p has no Neighbors),
	// up to its last.
	near [][]uint64
	// mirrors are where states are mapped to their least image, in
	// order of position.
	mirrors []mirror
}

// bare reports whether some position is in no option: then nothing
// covers the board.
func (pl *plan) bare() bool {
	if pl.width > maxWidth {
		return false
	}
	var reach uint64 // the positions from i on that options before i cover, bit k: i + k
	for _, at := range pl.at {
		for _, m := range at {
			reach |= m
		}
		if reach&1 == 0 {
			return true
		}
		reach >>= 1
	}
	return false
}

// maxWidth is the widest span of an option that a state of 64 bits holds.
var maxWidth = 64

// newPlan lays out the quotient of p's board by its symmetry g (the
// identity: the board itself). An option is a union of placements that g
// maps onto itself, an orbit of one placement under g whose placements
// are disjoint: a tiling fixed by g is a set of such unions, one covering
// each orbit of cells, so that its fixed tilings are the tilings of the
// quotient by the unions. Of the scan orders that sort the cells by
// layer, row and column in any priority, it takes the one whose options
// span the fewest positions (the cut across the narrower side).
func newPlan(p *Problem, g int) *plan {
	orbit, members := cellOrbits(p.Symmetries[g].Cells)
	options := p.unions(g, orbit)
	best := &plan{width: -1}
	var bestPos []int
	for _, axes := range axisOrders {
		pos := positions(p.Cells, members, axes)
		width := 0
		for _, o := range options {
			lo, hi := len(members), -1
			for _, k := range o {
				lo, hi = min(lo, pos[k]), max(hi, pos[k])
			}
			width = max(width, hi-lo+1)
		}
		if best.width >= 0 && width >= best.width {
			continue
		}
		best = &plan{n: len(members), at: make([][]uint64, len(members)), width: width}
		bestPos = pos
		if width > maxWidth {
			continue
		}
		for _, o := range options {
			first := len(members)
			for _, k := range o {
				first = min(first, pos[k])
			}
			var mask uint64
			for _, k := range o {
				mask |= 1 << (pos[k] - first)
			}
			best.at[first] = append(best.at[first], mask)
		}
		for _, at := range best.at {
			slices.Sort(at)
		}
	}
	if best.width <= maxWidth {
		best.near = p.nearby(best, bestPos, orbit, members)
	}
	if !noMirror && best.width <= maxWidth {
		best.mirrors = p.mirrors(bestPos, best.width, orbit, members)
	}
	return best
}

// axisOrders are the priorities of a cell's coordinates (0: layer, 1: row,
// 2: column) that scan orders sort cells by.
var axisOrders = [][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}

// positions returns each orbit's position in the scan order that sorts
// cells by the coordinates in the priority of axes, an orbit at its first
// cell.
func positions(cells []geom.Cell, members [][]int32, axes [3]int) []int {
	key := func(c geom.Cell) [3]int {
		v := [3]int{c.Layer, c.Row, c.Col}
		return [3]int{v[axes[0]], v[axes[1]], v[axes[2]]}
	}
	keys := make([][3]int, len(members))
	for k, m := range members {
		keys[k] = key(cells[m[0]])
		for _, c := range m[1:] {
			if kc := key(cells[c]); slices.Compare(kc[:], keys[k][:]) < 0 {
				keys[k] = kc
			}
		}
	}
	order := make([]int, len(members))
	for k := range order {
		order[k] = k
	}
	slices.SortFunc(order, func(a, b int) int {
		if c := slices.Compare(keys[a][:], keys[b][:]); c != 0 {
			return c
		}
		return cmp.Compare(a, b)
	})
	pos := make([]int, len(members))
	for at, k := range order {
		pos[k] = at
	}
	return pos
}

// cellOrbits returns the orbit of each cell under the permutation perm
// (cell i goes to perm[i]) and each orbit's cells.
func cellOrbits(perm []int32) (orbit []int32, members [][]int32) {
	orbit = make([]int32, len(perm))
	for i := range orbit {
		orbit[i] = -1
	}
	for i := range perm {
		if orbit[i] >= 0 {
			continue
		}
		k := int32(len(members))
		var m []int32
		for c := int32(i); orbit[c] < 0; c = perm[c] {
			orbit[c] = k
			m = append(m, c)
		}
		members = append(members, m)
	}
	return orbit, members
}

// unions returns the orbits of the placements under symmetry g whose
// placements are disjoint, each as the orbits of cells it covers (orbit:
// each cell's), every one whole. An orbit that leaves the placements, or
// whose placements overlap (a placement that meets its own image), is in
// no tiling that g fixes.
func (p *Problem) unions(g int, orbit []int32) [][]int32 {
	image := p.images(g)
	var out [][]int32
	seen := make([]bool, len(p.Placements))
	stamp := make([]int, len(p.Cells)) // k+1 where orbit k covered the cell
next:
	for k := range p.Placements {
		if seen[k] {
			continue
		}
		var cells []int32
		for at := k; ; {
			seen[at] = true
			for _, c := range p.Placements[at].Cells {
				if stamp[c] == k+1 {
					continue next // overlapping placements
				}
				stamp[c] = k + 1
				cells = append(cells, c)
			}
			j := int(image[at])
			if j < 0 {
				continue next // off the placements
			}
			if j == k {
				break
			}
			at = j
		}
		var orbits []int32
		for _, c := range cells {
			orbits = append(orbits, orbit[c])
		}
		slices.Sort(orbits)
		out = append(out, slices.Compact(orbits))
	}
	return out
}

// nearby returns, for each option of pl (its cells' orbits at positions
// pos), the positions after its first that its reach checks: a position
// that an option leaves uncoverable is the next one (whose options at the
// first are gone) or next to the option's cells, where it walls them in.
// The positions it spans are all checked where p has no Neighbors.
func (p *Problem) nearby(pl *plan, pos []int, orbit []int32, members [][]int32) [][]uint64 {
	var adj [][]int // by position: the positions next to it
	if p.Neighbors != nil {
		adj = make([][]int, pl.n)
		for k, m := range members {
			for _, c := range m {
				for _, d := range p.Neighbors[c] {
					if q := pos[orbit[d]]; q != pos[k] && !slices.Contains(adj[pos[k]], q) {
						adj[pos[k]] = append(adj[pos[k]], q)
					}
				}
			}
		}
	}
	near := make([][]uint64, pl.n)
	for i, at := range pl.at {
		near[i] = make([]uint64, len(at))
		for j, m := range at {
			span := uint64(1)<<(bits.Len64(m)-1) - 1 // the positions after i up to its last
			if adj == nil {
				near[i][j] = span
				continue
			}
			nb := uint64(1) // the next position
			for o := m; o != 0; o &= o - 1 {
				for _, q := range adj[i+bits.TrailingZeros64(o)] {
					if q > i && q-i-1 < 64 {
						nb |= 1 << (q - i - 1)
					}
				}
			}
			near[i][j] = nb & span &^ (m >> 1)
		}
	}
	return near
}
