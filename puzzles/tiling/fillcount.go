package tiling

import (
	"context"
	"math/bits"

	"github.com/polytile/polytile/puzzles/run"
)

// The fill engine counts covers as well as it lists them: countGrid and
// count1 are placeGrid and place1 that return the number of covers below
// a state instead of visiting them, and remember it (states.Counts), so
// that a state met again, live or dead, costs one look. They serve
// puzzles whose pieces have one copy each, where the states that the
// memo (counter) keeps rarely repeat: the fill engine's search, with its
// symmetry breaking, its walls and its tables, counted 6 × 10 in 53 ms
// of CPU time where the memo took 6.26 s (docs/solving.md).

// countTask returns the covers that contain the placements of prefix (a
// task), counted as countGrid and count1 count them; errCountOverflow if
// they number 2^64 or more, ctx's error if it ends first. If g is not
// nil it is told the share of the task done as it goes (tell).
func (f *fill) countTask(ctx context.Context, prefix []int32, g *run.Gauge) (uint64, error) {
	f.load(prefix)
	f.done = ctx.Done()
	f.stop, f.overflow = false, false
	f.nodes, f.nextTick = 0, checkEvery
	f.memo.SetPreEnd(f.preEnd)
	f.root, f.tellDepth = len(prefix), -1
	f.gauge = g
	if g != nil {
		f.tellDepth = len(prefix) + 1
	}
	var n uint64
	if f.gopts != nil && f.plane == 0 { // a board of squares; a box counts by count1
		if f.fits == nil {
			f.fits = make([]int32, (len(f.p.pieces)+1)*gridMaxFits)
		}
		n = f.countGrid(0, f.window(0), f.avail, len(prefix))
	} else {
		n = f.count1(0, f.window(0), f.avail, len(prefix))
	}
	switch {
	case f.overflow:
		return 0, errCountOverflow
	case f.stop:
		return 0, ctx.Err()
	}
	return n, nil
}

// tell tells f.gauge the share of the task done when the search starts
// its k-th branch of n at depth: the branches of the task's first level
// done, and of the one below the current one's. (The subtrees below
// differ in size, but the fraction only grows.)
func (f *fill) tell(depth, k, n int) {
	frac := float64(k) / float64(n)
	if depth == f.root {
		f.topK, f.topN = k, n
	} else {
		frac = (float64(f.topK) + frac) / float64(f.topN)
	}
	f.gauge.Tell(frac)
}

// branches returns the options that count1 tries at the state.
func (f *fill) branches(base int, window, avail uint64) int {
	n := 0
	for left := avail; left != 0; left &= left - 1 {
		opts := f.at[base][bits.TrailingZeros64(left)]
		for i := range opts {
			if o := &opts[i]; o.mask&window == 0 && !f.walledIn(base, o, window|o.mask) {
				n++
			}
		}
	}
	return n
}

// countGrid returns the covers below the state (base, window, avail) on a
// board laid out as a rectangle of squares, as placeGrid searches it. A
// sum that overflows 64 bits stops the search (fill.overflow).
func (f *fill) countGrid(base int, window, avail uint64, depth int) uint64 {
	k := bits.TrailingZeros64(^window)
	base += k
	if window >>= k; base < f.n && base-k+fillMax < f.preEnd {
		if window |= f.window(base); window&1 != 0 {
			base, window = f.front(base, window)
		}
	}
	if base >= f.n {
		return 1
	}
	key, keep := f.memo.Key(base, window, avail)
	if keep {
		if n, ok := f.memo.Lookup(key); ok {
			return n
		}
	}
	g := &f.gm[base]
	st, pairs := uint(f.stride), f.gridPairs
	np := f.np
	c := (base*4 + int(window>>1&1|window>>((st-1)&63)&2)) * np
	spans := f.gspan[c : c+np]
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
		return 0
	}
	var sum, carry uint64
	for k, i := range fits[:nw] {
		o := &f.gopts[i]
		if f.nodes++; f.nodes >= f.nextTick {
			f.tick()
		}
		if f.stop {
			return 0
		}
		if depth <= f.tellDepth {
			f.tell(depth, k, nw)
		}
		n := f.countGrid(base, window|o.mask, avail&^(1<<(o.piece&63)), depth+1)
		if sum, carry = bits.Add64(sum, n, 0); carry != 0 {
			f.overflow, f.stop = true, true
		}
	}
	if keep && !f.stop {
		f.memo.Store(key, sum)
	}
	return sum
}

// count1 is countGrid on any board, as place1 searches it.
func (f *fill) count1(base int, window, avail uint64, depth int) uint64 {
	base, window = f.front(base, window)
	if base >= f.n {
		return 1
	}
	key, keep := f.memo.Key(base, window, avail)
	if keep {
		if n, ok := f.memo.Lookup(key); ok {
			return n
		}
	}
	var sum, carry uint64
	byPiece := f.at[base]
	k, nk := 0, 0 // the branch, and the branches (for tell: counted on the first two levels alone)
	if depth <= f.tellDepth {
		nk = f.branches(base, window, avail)
	}
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
			}
			if f.stop {
				return 0
			}
			if depth <= f.tellDepth {
				f.tell(depth, k, nk)
				k++
			}
			n := f.count1(base, after, avail&^(1<<(piece&63)), depth+1)
			if sum, carry = bits.Add64(sum, n, 0); carry != 0 {
				f.overflow, f.stop = true, true
			}
		}
	}
	if keep && !f.stop {
		f.memo.Store(key, sum)
	}
	return sum
}
