package tiling

import (
	"github.com/polytile/polytile/puzzles/run"

	"context"
	"math/bits"
	"unsafe"
)

// The fill engine counts covers as well as it lists them: countGrid and
// count1 are placeGrid and place1 that return the number of covers below
// a state instead of visiting them, and remember it (countTable), so
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
	f.memo.preEnd = f.preEnd
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
	key, keep := f.memo.key(base, window, avail)
	if keep {
		if n, ok := f.memo.lookup(key); ok {
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
		f.memo.store(key, sum)
	}
	return sum
}

// count1 is countGrid on any board, as place1 searches it.
func (f *fill) count1(base int, window, avail uint64, depth int) uint64 {
	base, window = f.front(base, window)
	if base >= f.n {
		return 1
	}
	key, keep := f.memo.key(base, window, avail)
	if keep {
		if n, ok := f.memo.lookup(key); ok {
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
		f.memo.store(key, sum)
	}
	return sum
}

// countTable remembers the covers below states of the fill engine's
// search, as the table of dead states remembers the states with none: a
// state's key is the dead table's (the window's first span cells, the
// pieces left, the first empty cell: at most 64 bits), which chooses a
// bucket of countWays slots, one cache line, by its hash. A slot holds
// the key and the covers plus one (0: an empty slot). A full bucket gives
// up the state with the fewest pieces left, whose subtree is likely the
// smallest.
//
// The states with few pieces left, near the leaves, are many and their
// subtrees small: they go to a table of their own that stays in the
// processor's cache (near), where a look costs little; the others, whose
// subtrees repay a look in memory, to a table that grows (far). (On the
// one-sided pentominoes in 5 × 18 a table of 512 KB for all states made
// ten times the nodes of one of 128 MB; on 9 × 10, whose states rarely
// repeat, three quarters of the time of one table of 128 MB went to
// looks in memory.)
type countTable struct {
	far, near []countSlot
	// 64 less the bits of a bucket's number, in each.
	farShift, nearShift uint
	// As the dead table's (deadTable): where the pieces left and the
	// first empty cell go in a key, the holes past the window's first
	// span cells, and one past the task's prefix.
	span, base uint
	hi         []uint64
	preEnd     int
	few        int    // the fewest pieces left in a state worth a slot
	big        int    // the fewest pieces left in a state of the far table
	bits       uint   // the far table has 2^bits slots
	most       uint   // and grows up to 2^most
	growIn     int64  // the states to store in it before it grows
	farFree    func() // give the tables' memory back, if bigWords made it
	nearFree   func()
}

type countSlot struct{ key, covers uint64 }

// countWays is the slots of a bucket: 4 of 16 bytes, a cache line of 64.
const countWays = 4

// countLeft is the fewest pieces left in a state that the count
// remembers: below a state with fewer, the search costs less than a look.
// countFar is the fewest pieces left in a state of the far table.
const (
	countLeft = 4
	countFar  = 6
)

// The near table has 2^countNearBits slots of 16 bytes (1 MB). The far
// table starts with 2^countBits slots (512 KB) and grows fourfold each
// time it has stored countGrowth states a slot, up to 2^countMostBits
// (128 MB), for each worker: a short count, such as Scott's, touches
// little memory (a fresh page costs a fault), a long one keeps many
// states.
const (
	countNearBits = 16
	countBits     = 15
	countMostBits = 23
	countGrowth   = 2
)

// init makes t an empty table keyed as d, the fill engine's table of dead
// states, keys its states; one that remembers nothing if d's keys do not
// fit a word (its span is 0). (In place: the memory that size maps is
// given back when the table's owner is collected.)
func (t *countTable) init(d *deadTable) {
	t.release()
	*t = countTable{span: d.span, base: d.base, hi: d.hi, few: countLeft, big: countFar, most: countMostBits}
	if d.span == 0 {
		t.few = fillMax + 1
		return
	}
	t.near, t.nearFree = mapSlots(countNearBits, t)
	t.nearShift = 64 - (countNearBits - 2)
	t.size(countBits)
}

// mapSlots returns 2^b empty slots, in huge pages of their own if they
// are many (as the table of dead states's: see bigWords), and what gives
// their memory back (nil: the Go heap's).
func mapSlots[T any](b uint, owner *T) ([]countSlot, func()) {
	if 2<<b >= deadBigWords {
		if words, free, ok := bigWords(2<<b, owner); ok {
			return unsafe.Slice((*countSlot)(unsafe.Pointer(&words[0])), 1<<b), free
		}
	}
	return make([]countSlot, 1<<b), nil
}

// size makes the far table empty, of 2^b slots.
func (t *countTable) size(b uint) {
	t.far, t.farFree = mapSlots(b, t)
	t.bits, t.growIn = b, countGrowth<<b
	t.farShift = 64 - (b - 2)
}

// grow makes the far table four times larger, keeping the states it
// holds.
func (t *countTable) grow() {
	old, free := t.far, t.farFree
	t.size(t.bits + 2)
	for _, s := range old {
		if s.covers != 0 {
			t.store(s.key, s.covers-1)
		}
	}
	if free != nil {
		free()
	}
}

// release gives back the tables' memory.
func (t *countTable) release() {
	for _, free := range []func(){t.farFree, t.nearFree} {
		if free != nil {
			free()
		}
	}
	t.far, t.near, t.farFree, t.nearFree = nil, nil, nil, nil
}

// key returns the state's key, and whether it is one to remember: the
// same states as the table of dead states remembers (deadTable.slot), but
// for the pieces left.
func (t *countTable) key(base int, window, avail uint64) (uint64, bool) {
	span := t.span & 63
	if bits.OnesCount64(avail) < t.few || base+fillMax < t.preEnd || window>>span != t.hi[base] {
		return 0, false
	}
	return window&(1<<span-1) | avail<<span | uint64(base)<<(t.base&63), true
}

// left returns the pieces left in the state of key.
func (t *countTable) left(key uint64) int {
	return bits.OnesCount64(key >> (t.span & 63) & (1<<((t.base-t.span)&63) - 1))
}

// bucket returns the slots of key's bucket, and whether it is in the far
// table.
func (t *countTable) bucket(key uint64) (*[countWays]countSlot, bool) {
	h := key * deadMul
	if t.left(key) < t.big {
		return (*[countWays]countSlot)(t.near[int(h>>(t.nearShift&63))*countWays:]), false
	}
	return (*[countWays]countSlot)(t.far[int(h>>(t.farShift&63))*countWays:]), true
}

// lookup returns the covers below the state of key, if the table holds it.
func (t *countTable) lookup(key uint64) (uint64, bool) {
	b, _ := t.bucket(key)
	for i := range b {
		if b[i].key == key && b[i].covers != 0 {
			return b[i].covers - 1, true
		}
	}
	return 0, false
}

// store remembers the covers below the state of key (unless they are
// 2^64 − 1, which has no room).
func (t *countTable) store(key, covers uint64) {
	if covers+1 == 0 {
		return
	}
	b, far := t.bucket(key)
	worst, fewest := 0, fillMax+1
	for i := range b {
		if b[i].covers == 0 {
			worst = i
			break
		}
		if left := t.left(b[i].key); left < fewest {
			worst, fewest = i, left
		}
	}
	b[worst] = countSlot{key, covers + 1}
	if !far {
		return
	}
	if t.growIn--; t.growIn == 0 && t.bits+2 <= t.most {
		t.grow()
	}
}
