package puzzles

import (
	"context"
	"math/bits"
)

// fill is the second search engine: it covers the board in a fixed order of
// its cells, always filling the first empty cell, with the board and each
// placement held as a 64-bit mask. Since every cell before the first empty
// one is covered, a placement that covers it has it as its own first cell;
// so the engine lists, for each cell and each piece, the placements whose
// first cell that is, and tries only those. It works for boards of at most
// 64 cells and at most 64 pieces, and does the same exact cover as the
// Dancing Links encoding, over the same placements (live ones, with the
// same symmetry breaking), so it finds the same covers.
//
// The cells are ordered along the board's shorter side (column by column on
// a board wider than tall): the first empty cell then has few ways to be
// filled, which keeps the search tree narrow.
type fill struct {
	p      *Puzzle
	masks  map[int32]uint64 // the mask of each placement of the encoding
	full   uint64           // every cell's bit
	at     [][][]fillOption // at[cell][piece]: the placements whose first cell is cell
	nbrs   []uint64         // each cell's neighbours, or nil when isolated cells are allowed
	left   []int            // copies of each piece still to put down
	avail  uint64           // bit p set while left[p] > 0
	chosen []int32          // the placements put down, in order
	nodes  int64
	done   <-chan struct{}
	stop   bool
}

// fillOption is one placement, as a mask of cells.
type fillOption struct {
	mask      uint64
	halo      uint64 // the cells next to the placement, when isolated cells can be pruned
	placement int32  // index into Puzzle.placements
}

// fillMaxCells is the most cells, and pieces, that fill handles.
const fillMaxCells = 64

// fillFits reports whether the fill engine can solve p.
func fillFits(p *Puzzle) bool {
	return p.board.Len() <= fillMaxCells && len(p.pieces) <= fillMaxCells
}

// newFill builds the engine for e's options.
func newFill(e *Encoding) *fill {
	p := e.p
	b := p.board
	n := b.Len()
	// The bit of each board cell.
	bit := make([]uint, n)
	for k, i := range fillOrder(b) {
		bit[i] = uint(k)
	}
	f := &fill{p: p, at: make([][][]fillOption, n), left: make([]int, len(p.pieces))}
	// When no piece is a single cell, an empty cell whose neighbours are
	// all covered can never be: a placement that leaves one next to it is
	// pruned at once. nbrs[k] is the mask of bit k's neighbours.
	smallest := len(p.pieces[0].Cells)
	for _, pc := range p.pieces {
		smallest = min(smallest, len(pc.Cells))
	}
	if smallest > 1 {
		f.nbrs = make([]uint64, n)
		for i, c := range b.cells {
			for _, d := range b.lat.Neighbors(c) {
				if j := b.Index(d); j >= 0 {
					f.nbrs[bit[i]] |= 1 << bit[j]
				}
			}
		}
	}
	if n == 64 {
		f.full = ^uint64(0)
	} else {
		f.full = 1<<n - 1
	}
	for i := range f.at {
		f.at[i] = make([][]fillOption, len(p.pieces))
	}
	f.masks = make(map[int32]uint64, len(e.options))
	for _, k := range e.options {
		pl := &p.placements[k]
		var m uint64
		for _, c := range pl.cells {
			m |= 1 << bit[c]
		}
		o := fillOption{mask: m, placement: k}
		if f.nbrs != nil {
			for rest := m; rest != 0; rest &= rest - 1 {
				o.halo |= f.nbrs[bits.TrailingZeros64(rest)]
			}
			o.halo &^= m
		}
		f.masks[k] = m
		first := bits.TrailingZeros64(m)
		f.at[first][pl.piece] = append(f.at[first][pl.piece], o)
	}
	return f
}

// run searches every cover that contains the placements of prefix (a
// task: see tasks), calling visit with the placements of each, prefix
// first; it stops when visit returns false or ctx is canceled, and reports
// whether it was stopped. The prefix is a valid partial cover.
func (f *fill) run(ctx context.Context, prefix []int32, visit func(placements []int32) bool) bool {
	f.avail = 0
	for i, pc := range f.p.pieces {
		f.left[i] = pc.Count
		f.avail |= 1 << i
	}
	var filled uint64
	for _, k := range prefix {
		filled |= f.masks[k]
		piece := f.p.placements[k].piece
		f.left[piece]--
		if f.left[piece] == 0 {
			f.avail &^= 1 << piece
		}
	}
	f.chosen = append(f.chosen[:0], prefix...)
	f.done = ctx.Done()
	f.stop = false
	f.search(filled, visit)
	return f.stop
}

func (f *fill) search(filled uint64, visit func([]int32) bool) {
	if filled == f.full {
		if !visit(f.chosen) {
			f.stop = true
		}
		return
	}
	byPiece := f.at[bits.TrailingZeros64(^filled)]
	for avail := f.avail; avail != 0; avail &= avail - 1 {
		piece := bits.TrailingZeros64(avail)
		opts := byPiece[piece]
		if len(opts) == 0 {
			continue
		}
		f.left[piece]--
		if f.left[piece] == 0 {
			f.avail &^= 1 << piece
		}
		for _, o := range opts {
			if o.mask&filled != 0 {
				continue
			}
			if f.nbrs != nil && f.isolates(filled|o.mask, o.halo) {
				continue
			}
			f.nodes++
			if f.done != nil && f.nodes%checkEvery == 0 {
				select {
				case <-f.done:
					f.stop = true
				default:
				}
			}
			if f.stop {
				break
			}
			f.chosen = append(f.chosen, o.placement)
			f.search(filled|o.mask, visit)
			f.chosen = f.chosen[:len(f.chosen)-1]
			if f.stop {
				break
			}
		}
		f.left[piece]++
		f.avail |= 1 << piece
		if f.stop {
			return
		}
	}
}

// isolates reports whether some empty cell of halo has no empty neighbour
// once filled is covered.
func (f *fill) isolates(filled, halo uint64) bool {
	for empty := halo &^ filled; empty != 0; empty &= empty - 1 {
		if f.nbrs[bits.TrailingZeros64(empty)]&^filled == 0 {
			return true
		}
	}
	return false
}

// checkEvery is how many search nodes pass between two looks at the
// context: often enough to stop within a millisecond.
const checkEvery = 1 << 12

// fillOrder returns the board's cells in the order the fill engine fills
// them: row by row, or column by column on a board wider than tall.
func fillOrder(b *Board) []int {
	order := make([]int, 0, b.Len())
	if b.Cols() > b.Rows() {
		for c := range b.Cols() {
			for r := range b.Rows() {
				if i := b.Index(Cell{r, c}); i >= 0 {
					order = append(order, i)
				}
			}
		}
		return order
	}
	for i := range b.Len() {
		order = append(order, i)
	}
	return order
}
