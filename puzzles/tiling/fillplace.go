package tiling

import "math/bits"

// The fill engine's search proper: it fills the board from the first empty
// position, through its window (place, place1, and their forms for a
// rectangle of squares, placeGrid, and a box of cubes, placeBox), bringing
// the prefix's cells into the window as it moves (front) and leaving out
// placements that wall in cells no piece can fill (walledIn).

// window returns the prefix's cells in the 64 positions from base.
func (f *fill) window(base int) uint64 { return windowOf(f.pre, base) }

// windowOf returns the bits of set, a bit a position, in the 64
// positions from base.
func windowOf(set []uint64, base int) uint64 {
	w, off := base/64, uint(base%64)
	if w >= len(set) {
		return 0
	}
	win := set[w] >> off
	if off > 0 && w+1 < len(set) {
		win |= set[w+1] << (64 - off)
	}
	return win
}

// place fills the board from position base on, the window holding the
// covered cells from there.
func (f *fill) place(base int, window uint64, visit func([]int32) bool) {
	// Move the window to the first empty cell.
	base, window = f.front(base, window)
	if base >= f.n {
		// Beside pieces whose count is not fixed, the board may be full
		// before the fewest copies of another are down (Puzzle.fixed).
		for _, i := range f.p.fixed {
			if f.left[i] > f.p.slack[i] {
				return
			}
		}
		if !visit(f.chosen) {
			f.stop = true
		}
		return
	}
	byPiece := f.at[base]
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
		for i := range opts {
			o := &opts[i]
			if o.mask&window != 0 {
				continue
			}
			after := window | o.mask
			if f.walledIn(base, o, after) {
				continue
			}
			if f.nodes++; f.nodes >= f.nextTick {
				f.tick()
			}
			if f.stop {
				break
			}
			f.chosen = append(f.chosen, o.placement)
			f.place(base, after, visit)
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

// place1 is place for puzzles whose pieces have one copy each: the
// pieces left are in avail, a copy of its own, and the placements put down
// in chosen[:depth], so that a node writes to memory only the placement
// it puts down.
func (f *fill) place1(base int, window, avail uint64, depth int) {
	base, window = f.front(base, window)
	if base >= f.n {
		f.covers++
		if !f.visit(f.chosen[:depth]) {
			f.stop = true
		}
		return
	}
	bucket, tag := f.dead.Slot(base, window, avail)
	if bucket >= 0 {
		if n, ok := f.dead.Lookup(bucket, tag); ok {
			f.count(n)
			return
		}
	}
	covers, nodes := f.covers, f.nodes
	byPiece := f.at[base]
	for left := avail; left != 0; left &= left - 1 {
		piece := bits.TrailingZeros64(left)
		opts := byPiece[piece]
		for i := range opts {
			o := &opts[i]
			if o.mask&window != 0 {
				continue
			}
			after := window | o.mask
			if f.walledIn(base, o, after) {
				continue
			}
			if f.nodes++; f.nodes >= f.nextTick {
				f.tick()
				if f.stop {
					return
				}
			}
			f.chosen[depth] = o.placement
			f.place1(base, after, avail&^(1<<(piece&63)), depth+1)
			if f.stop {
				return
			}
		}
	}
	if bucket >= 0 && f.covers == covers && f.nodes > nodes {
		// (A dead end with nothing below is not worth a slot: see
		// placeGrid.)
		f.dead.Store(bucket, tag, f.nodes-nodes)
	}
}

// placeGrid is place1 on a board laid out as a rectangle of squares
// (fillLayout): the walled-in cells are found by shifts of the window, and
// the options are masks and placements alone, in one array.
func (f *fill) placeGrid(base int, window, avail uint64, depth int) {
	// front, by hand: a call a node costs more than it does.
	k := bits.TrailingZeros64(^window)
	base += k
	if window >>= k; base < f.n && base-k+fillMax < f.preEnd {
		if window |= f.window(base); window&1 != 0 {
			// The whole window was covered (k = 64), and what the
			// prefix or the holes cover runs on.
			base, window = f.front(base, window)
		}
	}
	if base >= f.n {
		f.covers++
		if !f.visit(f.chosen[:depth]) {
			f.stop = true
		}
		return
	}
	bucket, tag := f.dead.Slot(base, window, avail)
	if bucket >= 0 {
		if n, ok := f.dead.Lookup(bucket, tag); ok {
			f.count(n)
			return
		}
	}
	g := &f.gm[base]
	st, pairs := uint(f.stride), f.gridPairs
	np := f.np
	c := (base*4 + int(window>>1&1|window>>((st-1)&63)&2)) * np
	spans := f.gspan[c : c+np]
	// The options that fit, gathered without a branch on each (a branch
	// that goes either way costs more than the work it saves), then
	// those of them that wall no cell in, the same way, then the search
	// below each.
	fits := (*[gridMaxFits]int32)(f.fits[depth*gridMaxFits:])
	nf := 0
	for left := avail; left != 0; left &= left - 1 {
		sp := spans[bits.TrailingZeros64(left)]
		for i := sp.lo; i < sp.hi; i++ {
			fits[nf&(gridMaxFits-1)] = i
			fit := 0
			if f.gopts[i].mask&window == 0 {
				fit = 1
			}
			nf += fit
		}
	}
	nw := 0
	for _, i := range fits[:nf] {
		fits[nw] = i
		open := 0
		if !g.walledIn(window|f.gopts[i].mask, st, pairs) {
			open = 1
		}
		nw += open
	}
	if nw == 0 {
		// A dead end with nothing below: not worth a slot in the
		// table, since meeting it again costs no more than a look.
		return
	}
	covers, nodes := f.covers, f.nodes
	for _, i := range fits[:nw] {
		o := &f.gopts[i]
		after := window | o.mask
		if f.nodes++; f.nodes >= f.nextTick {
			f.tick()
			if f.stop {
				return
			}
		}
		f.chosen[depth] = o.placement
		f.placeGrid(base, after, avail&^(1<<(o.piece&63)), depth+1)
		if f.stop {
			return
		}
	}
	if bucket >= 0 && f.covers == covers {
		f.dead.Store(bucket, tag, f.nodes-nodes)
	}
}

// placeBox is placeGrid on a box of cubes (boxLayoutOf): the same search,
// its options grouped by the window's cells 1 and line, the cells walled
// in found by the box's shifts (boxMasks). (A copy, not a branch in
// placeGrid: the test would cost the squares' search at every option.)
func (f *fill) placeBox(base int, window, avail uint64, depth int) {
	// front, by hand: a call a node costs more than it does.
	k := bits.TrailingZeros64(^window)
	base += k
	if window >>= k; base < f.n && base-k+fillMax < f.preEnd {
		if window |= f.window(base); window&1 != 0 {
			// The whole window was covered (k = 64), and what the
			// prefix or the holes cover runs on.
			base, window = f.front(base, window)
		}
	}
	if base >= f.n {
		f.covers++
		if !f.visit(f.chosen[:depth]) {
			f.stop = true
		}
		return
	}
	bucket, tag := f.dead.Slot(base, window, avail)
	if bucket >= 0 {
		if n, ok := f.dead.Lookup(bucket, tag); ok {
			f.count(n)
			return
		}
	}
	g := &f.bm[base]
	st, plane, pairs := f.line, f.plane, f.boxPairs
	np := f.np
	c := (base*4 + int(window>>1&1|window>>((st-1)&63)&2)) * np
	spans := f.gspan[c : c+np]
	// The options that fit, gathered without a branch on each (a branch
	// that goes either way costs more than the work it saves), then
	// those of them that wall no cell in, the same way, then the search
	// below each.
	fits := (*[gridMaxFits]int32)(f.fits[depth*gridMaxFits:])
	nf := 0
	for left := avail; left != 0; left &= left - 1 {
		sp := spans[bits.TrailingZeros64(left)]
		for i := sp.lo; i < sp.hi; i++ {
			fits[nf&(gridMaxFits-1)] = i
			fit := 0
			if f.gopts[i].mask&window == 0 {
				fit = 1
			}
			nf += fit
		}
	}
	nw := 0
	for _, i := range fits[:nf] {
		fits[nw] = i
		open := 0
		if g.walled(window|f.gopts[i].mask, st, plane, pairs) == 0 {
			open = 1
		}
		nw += open
	}
	if nw == 0 {
		// A dead end with nothing below: not worth a slot in the
		// table, since meeting it again costs no more than a look.
		return
	}
	covers, nodes := f.covers, f.nodes
	for _, i := range fits[:nw] {
		o := &f.gopts[i]
		after := window | o.mask
		if f.nodes++; f.nodes >= f.nextTick {
			f.tick()
			if f.stop {
				return
			}
		}
		f.chosen[depth] = o.placement
		f.placeBox(base, after, avail&^(1<<(o.piece&63)), depth+1)
		if f.stop {
			return
		}
	}
	if bucket >= 0 && f.covers == covers {
		f.dead.Store(bucket, tag, f.nodes-nodes)
	}
}

// front moves the window, the covered cells from position base on, to
// the first empty cell, and returns its position and the window from
// there; a position of f.n or more if the board is covered. (When the
// whole window is covered, holes or the prefix may run on past it: it
// moves on again.)
func (f *fill) front(base int, window uint64) (int, uint64) {
	for {
		k := bits.TrailingZeros64(^window)
		base += k
		if base >= f.n {
			return base, 0
		}
		window >>= k
		if base-k+fillMax < f.preEnd {
			// Prefix cells may have come into the window.
			window |= f.window(base)
		}
		if window&1 == 0 {
			return base, window
		}
	}
}

// walledIn reports whether putting down o, at the window's first cell at
// base, leaves an empty cell that no piece can cover: one whose
// neighbours are all covered (after holds the covered cells, o's too).
func (f *fill) walledIn(base int, o *fillOption, after uint64) bool {
	if f.gridWalls {
		return f.gm[base].walledIn(after, uint(f.stride), f.gridPairs)
	}
	if f.boxWalls {
		return f.bm[base].walled(after, f.line, f.plane, f.boxPairs) != 0
	}
	for empty := o.halo &^ after; empty != 0; empty &= empty - 1 {
		cell := empty & -empty
		nbrs := f.walls[o.walls+int32(bits.OnesCount64(o.halo&(cell-1)))]
		if after&nbrs == nbrs {
			return true
		}
	}
	return false
}

// walledIn reports whether the window after, from the masks' position
// on, on a board of squares whose lines are stride cells long, has an
// empty cell whose neighbours, before and after in its line and in the
// lines before and after, are all covered or off the board (those before
// the window are covered; those past its end are taken to be empty); if
// pairs, also two empty cells side by side walled in together.
func (g *gridMasks) walledIn(after uint64, stride uint, pairs bool) bool {
	return g.walled(after, stride, pairs) != 0
}

// walled returns the cells that walledIn finds: the cells walled in, and
// the first cell of each pair.
func (g *gridMasks) walled(after uint64, stride uint, pairs bool) uint64 {
	e := g.on &^ after
	u, d := after<<1|1|g.first, after>>1|g.last
	stride &= 63
	l, r := after<<stride|(1<<stride-1), after>>stride|g.end
	lr, ud := l&r, u&d
	dead := e & ud & lr
	if pairs {
		// Two cells walled in together: one after the other in a line,
		// or side by side in two. (A cell last in its line and the next
		// one, first in the next line, pass the first test only when the
		// first cell is walled in alone.)
		dead |= e&(e>>1)&u&lr&(lr>>1)&(d>>1) | e&(e>>stride)&ud&l&(ud>>stride)&(r>>stride)
	}
	return dead
}

// boxMasks are the window's cells, from a position on, that have no
// neighbour before them in their line (first), after it (last), in the
// line before in their layer (top), in the line after (bottom), in the
// layer after (end: the box's last layer), and that are on the board.
type boxMasks struct{ first, last, top, bottom, end, on uint64 }

// walled returns the cells of the window after, from the masks' position
// on, on a box whose lines are line cells long and layers plane cells,
// that are empty and whose six neighbours are covered or off the board
// (those before the window are covered; those past its end are taken to
// be empty); if pairs, also the first cell of each two empty cells side
// by side that are walled in together.
func (g *boxMasks) walled(after uint64, line, plane uint, pairs bool) uint64 {
	e := g.on &^ after
	line, plane = line&63, plane&63
	l, r := after<<1|1|g.first, after>>1|g.last
	u, d := after<<line|(1<<line-1)|g.top, after>>line|g.bottom
	f, k := after<<plane|(1<<plane-1), after>>plane|g.end
	lr, ud, fk := l&r, u&d, f&k
	dead := e & lr & ud & fk
	if pairs {
		// Two cells walled in together, along a line, across lines or
		// across layers: each with its neighbours but the other covered.
		// (Two cells one after the other in the order that are no
		// neighbours pass the test only when the first is walled in
		// alone.)
		udfk, lrfk, lrud := ud&fk, lr&fk, lr&ud
		dead |= e&(e>>1)&l&udfk&((r&udfk)>>1) |
			e&(e>>line)&u&lrfk&((d&lrfk)>>line) |
			e&(e>>plane)&f&lrud&((k&lrud)>>plane)
	}
	return dead
}
