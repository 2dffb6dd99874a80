package tiling

import (
	"cmp"
	"math/bits"
	"slices"

	"github.com/polytile/polytile/puzzles/geom"
	"github.com/polytile/polytile/puzzles/tiling/states"
)

// fillFits reports whether the fill engine can solve p.
func fillFits(p *Puzzle) bool {
	if len(p.pieces) > fillMax {
		return false
	}
	pos := fillLayoutOf(p.board).pos
	for _, pl := range p.placements {
		lo, hi := pos[pl.cells[0]], pos[pl.cells[0]]
		for _, c := range pl.cells {
			lo, hi = min(lo, pos[c]), max(hi, pos[c])
		}
		if hi-lo >= fillMax {
			return false
		}
	}
	return true
}

// fillSplitsFewest reports whether the fill engine splits p's search on
// the item with the fewest placements (fill.fewest): when a state of its
// search, the window of the longest span of a placement, the pieces and
// the position, does not fit a word, so that it keeps no table of dead
// states (states.Dead) that placements put down ahead of the first empty
// cell would keep out. (The spans are those of every placement, so that
// Fingerprint can tell without the encoding.)
func fillSplitsFewest(p *Puzzle) bool {
	lay := fillLayoutOf(p.board)
	return splitsFewest(p, lay.pos, lay.n)
}

// splitsFewest is fillSplitsFewest on the board laid out: pos gives each
// cell's position, of n.
func splitsFewest(p *Puzzle, pos []int, n int) bool {
	if len(p.pieces)+bits.Len(uint(n))+min(n, fillMax) <= 64 {
		return false // no placement spans more than the board
	}
	span := 0
	for _, pl := range p.placements {
		lo, hi := pos[pl.cells[0]], pos[pl.cells[0]]
		for _, c := range pl.cells {
			lo, hi = min(lo, pos[c]), max(hi, pos[c])
		}
		span = max(span, hi-lo+1)
	}
	return span+len(p.pieces)+bits.Len(uint(n)) > 64
}

// buildFill builds the fill engine's tables for e's options, read-only
// once built (every searcher of the encoding shares them): the board's
// layout, the options by first cell, their walls, the table of dead
// states, and the options as placeGrid reads them.
func buildFill(e *Encoding) *fill {
	f := fillOfLayout(e.p)
	f.fewestSplit = splitsFewest(e.p, f.pos, f.n)
	firsts := f.addOptions(e.options)
	f.addWalls(firsts)
	f.dead = states.NewDead(f.longestSpan(), f.np, f.n, f.holes)
	if (f.gridWalls || f.boxWalls) && f.singles && f.mostOptions() <= gridMaxFits {
		f.groupGrid(len(e.options))
	}
	return f
}

// fillOfLayout returns the fill engine for p with its board laid out
// (fillLayout), no options yet.
func fillOfLayout(p *Puzzle) *fill {
	lay := fillLayoutOf(p.board)
	n := lay.n
	f := &fill{p: p, n: n, np: len(p.pieces), pos: lay.pos, at: make([][][]fillOption, n),
		left: make([]int, len(p.pieces)), pre: make([]uint64, n/64+2), singles: true,
		stride: lay.stride, line: uint(lay.line), plane: uint(lay.plane), holes: lay.holes}
	smallest := len(p.pieces[0].Cells)
	for _, pc := range p.pieces {
		f.singles = f.singles && pc.Single()
		smallest = min(smallest, len(pc.Cells))
	}
	if f.stride > 0 {
		f.gm = gridMasksOf(n, f.stride)
	}
	if f.plane > 0 {
		f.bm = boxMasksOf(n, lay.line, lay.plane)
	}
	for i := range f.at {
		f.at[i] = make([][]fillOption, len(p.pieces))
	}
	// The cells walled in are found by the window's shifts on a board of
	// squares, and are no dead end next to a piece of one cell.
	f.gridWalls, f.gridPairs = f.stride > 0 && smallest > 1, f.stride > 0 && smallest > 2
	f.boxWalls, f.boxPairs = f.plane > 0 && smallest > 1, f.plane > 0 && smallest > 2
	return f
}

// addOptions puts the options (placements) in at, by their first
// position and piece, in the order the search meets them, so that the
// walls of the options it tries one after another lie side by side. It
// returns the first position of each placement of an option.
func (f *fill) addOptions(options []int32) []int {
	firsts := make([]int, len(f.p.placements))
	for _, k := range options {
		pl := &f.p.placements[k]
		first := f.pos[pl.cells[0]]
		for _, c := range pl.cells {
			first = min(first, f.pos[c])
		}
		firsts[k] = first
		o := fillOption{placement: k}
		for _, c := range pl.cells {
			o.mask |= 1 << (f.pos[c] - first)
		}
		f.at[first][pl.piece] = append(f.at[first][pl.piece], o)
	}
	return firsts
}

// addWalls lists the walls of each option (fillOption.halo, fill.walls),
// unless the cells walled in are found by the window's shifts
// (gridWalls) or are no dead end (a piece of one cell). firsts holds the
// first position of each placement.
func (f *fill) addWalls(firsts []int) {
	if f.gridWalls || f.boxWalls {
		return
	}
	for _, pc := range f.p.pieces {
		if len(pc.Cells) < 2 {
			return
		}
	}
	b := f.p.board
	nbrs := make([][]int, f.n) // the neighbours of each position
	for i, c := range b.Cells() {
		for _, d := range b.Lattice().Neighbors(c) {
			if j := b.Index(d); j >= 0 {
				nbrs[f.pos[i]] = append(nbrs[f.pos[i]], f.pos[j])
			}
		}
	}
	for _, byPiece := range f.at {
		for _, opts := range byPiece {
			for i := range opts {
				o := &opts[i]
				o.walls = int32(len(f.walls))
				ws := walls(firsts[o.placement], o.mask, nbrs)
				slices.SortFunc(ws, func(a, b fillWall) int { return cmp.Compare(a.cell, b.cell) })
				for _, w := range ws {
					o.halo |= w.cell
					f.walls = append(f.walls, w.nbrs)
				}
			}
		}
	}
}

// longestSpan returns the longest span of an option, in positions.
func (f *fill) longestSpan() uint {
	var span uint
	for _, byPiece := range f.at {
		for _, opts := range byPiece {
			for _, o := range opts {
				span = max(span, uint(bits.Len64(o.mask)))
			}
		}
	}
	return span
}

// mostOptions returns the most options of one position.
func (f *fill) mostOptions() int {
	most := 0
	for _, byPiece := range f.at {
		k := 0
		for _, opts := range byPiece {
			k += len(opts)
		}
		most = max(most, k)
	}
	return most
}

// groupGrid lays out the options for placeGrid (gopts, gspan): those of
// each position and piece in four groups, by whether they cover the cell
// after the first in its line (a) and the one after it in the next line
// (b): a, neither, b, both. The options that fit when a, b or both are
// covered are then one run of the list, for each of the four cases
// (placeGrid picks the case by the window's two bits). options is how
// many there are.
func (f *fill) groupGrid(options int) {
	st := f.stride
	if f.plane > 0 {
		st = int(f.line) // on a box, the cell after the first in the next line
	}
	group := func(o fillOption) int {
		a, b := o.mask&2 != 0, o.mask>>st&1 != 0
		switch {
		case a && !b:
			return 0
		case !a && !b:
			return 1
		case !a:
			return 2
		}
		return 3
	}
	f.gspan = make([]fillSpan, 4*f.n*f.np)
	f.gopts = make([]gridOption, 0, options)
	for base, byPiece := range f.at {
		for piece, opts := range byPiece {
			var at [5]int32
			at[0] = int32(len(f.gopts))
			for g := range 4 {
				for _, o := range opts {
					if group(o) == g {
						f.gopts = append(f.gopts, gridOption{o.mask, o.placement, int32(piece)})
					}
				}
				at[g+1] = int32(len(f.gopts))
			}
			for c, r := range [4][2]int{{0, 4}, {1, 3}, {0, 2}, {1, 2}} {
				f.gspan[(base*4+c)*f.np+piece] = fillSpan{at[r[0]], at[r[1]]}
			}
		}
	}
}

// walls lists the cells next to the placement at first with the given
// mask that it may wall in, with their neighbours, relative to first.
func walls(first int, mask uint64, nbrs [][]int) []fillWall {
	var out []fillWall
	var seen uint64
	for rest := mask; rest != 0; rest &= rest - 1 {
	next:
		for _, h := range nbrs[first+bits.TrailingZeros64(rest)] {
			r := h - first
			if r < 0 || r >= fillMax || mask&(1<<r) != 0 || seen&(1<<r) != 0 {
				continue // covered already, beyond the window, in the placement, or listed
			}
			seen |= 1 << r
			w := fillWall{cell: 1 << r}
			for _, g := range nbrs[h] {
				switch d := g - first; {
				case d < 0:
					// Before the first empty cell: covered.
				case d >= fillMax:
					continue next // beyond the window: cannot tell
				default:
					w.nbrs |= 1 << d
				}
			}
			out = append(out, w)
		}
	}
	return out
}

// fillWall is a cell next to a placement and its neighbours, as bits
// relative to the placement's first cell: when all of them are covered and
// the cell is not, it can never be (no piece is one cell). Its neighbours
// before the placement's first cell are covered already and left out.
type fillWall struct {
	cell, nbrs uint64
}

// fillLayout is where the fill engine puts the board's cells: pos gives
// each cell's position in the order it fills them, from 0 to n. On a board
// of squares (its cells' neighbours those of the rectangle around it) the
// positions are those of the whole rectangle, line by line, stride cells a
// line, the holes (positions of no cell) being covered from the start;
// otherwise stride is 0 and the positions are the cells' ranks in the order
// (fillOrder). Likewise on a box of cubes (boxLayoutOf): the positions are
// those of the whole box, line cells a line and plane cells a layer.
type fillLayout struct {
	pos         []int
	n           int
	stride      int
	line, plane int
	holes       []int
}

func fillLayoutOf(b *geom.Board) fillLayout {
	if b.Lattice().Layered() {
		if lay, ok := boxLayoutOf(b); ok {
			return lay
		}
		// A solid's cells, in the order fillOrder gives them: its
		// placements' walls are listed (addWalls), not found by shifts.
		lay := fillLayout{pos: make([]int, b.Len()), n: b.Len()}
		for k, i := range fillOrder(b) {
			lay.pos[i] = k
		}
		return lay
	}
	rows, cols := b.Rows(), b.Cols()
	lay := fillLayout{pos: make([]int, b.Len()), n: rows * cols, stride: cols}
	colMajor := cols > rows
	if colMajor {
		lay.stride = rows
	}
	on := make([]bool, lay.n)
	for i, c := range b.Cells() {
		q := c.Row*cols + c.Col
		if colMajor {
			q = c.Col*rows + c.Row
		}
		lay.pos[i], on[q] = q, true
	}
	st := lay.stride
	grid := st >= 2 && sameNeighbours(b, lay.pos, func(q int) []int {
		var want []int
		for _, d := range []int{-1, 1, -st, st} {
			r := q + d
			if r >= 0 && r < lay.n && (d != -1 || q%st != 0) && (d != 1 || q%st != st-1) && on[r] {
				want = append(want, r)
			}
		}
		return want
	})
	if !grid {
		lay = fillLayout{pos: make([]int, b.Len()), n: b.Len()}
		for k, i := range fillOrder(b) {
			lay.pos[i] = k
		}
		return lay
	}
	for q, ok := range on {
		if !ok {
			lay.holes = append(lay.holes, q)
		}
	}
	return lay
}

// fillOrder returns the board's cells in the order the fill engine fills
// them: along the board's shortest axis first, then its middle one, so
// that a piece spans few positions. A board of one layer is filled along
// its shorter side, in reading order when it is no wider than high.
func fillOrder(b *geom.Board) []int {
	order := make([]int, 0, b.Len())
	size := [3]int{b.Layers(), b.Rows(), b.Cols()}
	axes := []int{0, 1, 2} // slowest first
	slices.SortStableFunc(axes, func(a, c int) int { return cmp.Compare(size[c], size[a]) })
	var at [3]int
	for at[axes[0]] = 0; at[axes[0]] < size[axes[0]]; at[axes[0]]++ {
		for at[axes[1]] = 0; at[axes[1]] < size[axes[1]]; at[axes[1]]++ {
			for at[axes[2]] = 0; at[axes[2]] < size[axes[2]]; at[axes[2]]++ {
				if i := b.Index(geom.Cell{Layer: at[0], Row: at[1], Col: at[2]}); i >= 0 {
					order = append(order, i)
				}
			}
		}
	}
	return order
}

// gridMasksOf returns the masks of each position of a rectangle of n
// cells, in lines of stride cells.
func gridMasksOf(n, stride int) []gridMasks {
	gm := make([]gridMasks, n)
	for base := range n {
		g := &gm[base]
		for i := range min(fillMax, n-base) {
			q := base + i
			g.on |= 1 << i
			if q%stride == 0 {
				g.first |= 1 << i
			}
			if q%stride == stride-1 {
				g.last |= 1 << i
			}
			if q >= n-stride {
				g.end |= 1 << i
			}
		}
	}
	return gm
}

// sameNeighbours reports whether every cell of b, at position pos[i] of a
// layout, has as neighbours the cells at the positions that want gives
// for its own: whether the layout's shifts find the lattice's neighbours.
func sameNeighbours(b *geom.Board, pos []int, want func(q int) []int) bool {
	for i, c := range b.Cells() {
		w := want(pos[i])
		var got []int
		for _, d := range b.Lattice().Neighbors(c) {
			if j := b.Index(d); j >= 0 {
				got = append(got, pos[j])
			}
		}
		slices.Sort(w)
		slices.Sort(got)
		if !slices.Equal(got, w) {
			return false
		}
	}
	return true
}

// boxLayoutOf lays a solid board out as the box around it, in the order
// of fillOrder: its shortest axis the lines, its middle one the layers'
// other side. It reports false unless the cells' neighbours are those of
// the box and a layer has fewer than 64 cells (the window's shifts reach
// the layer before and after).
func boxLayoutOf(b *geom.Board) (fillLayout, bool) {
	size := [3]int{b.Layers(), b.Rows(), b.Cols()}
	axes := []int{0, 1, 2} // slowest first
	slices.SortStableFunc(axes, func(a, c int) int { return cmp.Compare(size[c], size[a]) })
	line := size[axes[2]]
	plane := size[axes[1]] * line
	lay := fillLayout{pos: make([]int, b.Len()), n: size[axes[0]] * plane, line: line, plane: plane}
	if plane >= fillMax {
		return lay, false
	}
	on := make([]bool, lay.n)
	for i, c := range b.Cells() {
		at := [3]int{c.Layer, c.Row, c.Col}
		q := at[axes[0]]*plane + at[axes[1]]*line + at[axes[2]]
		lay.pos[i], on[q] = q, true
	}
	if !sameNeighbours(b, lay.pos, func(q int) []int {
		var want []int
		for _, d := range []int{-1, 1, -line, line, -plane, plane} {
			r := q + d
			if r < 0 || r >= lay.n || (d == -1 && q%line == 0) || (d == 1 && q%line == line-1) ||
				(d == -line && q%plane < line) || (d == line && q%plane >= plane-line) || !on[r] {
				continue
			}
			want = append(want, r)
		}
		return want
	}) {
		return lay, false
	}
	for q, ok := range on {
		if !ok {
			lay.holes = append(lay.holes, q)
		}
	}
	return lay, true
}

// boxMasksOf returns the masks of each position of a box of n cells, in
// lines of line cells and layers of plane cells.
func boxMasksOf(n, line, plane int) []boxMasks {
	bm := make([]boxMasks, n)
	for base := range n {
		g := &bm[base]
		for i := range min(fillMax, n-base) {
			q := base + i
			g.on |= 1 << i
			if q%line == 0 {
				g.first |= 1 << i
			}
			if q%line == line-1 {
				g.last |= 1 << i
			}
			if q%plane < line {
				g.top |= 1 << i
			}
			if q%plane >= plane-line {
				g.bottom |= 1 << i
			}
			if q >= n-plane {
				g.end |= 1 << i
			}
		}
	}
	return bm
}
