package states

import (
	"math/bits"
	"unsafe"

	"github.com/polytile/polytile/internal/bigmem"
)

// Counts remembers the covers below states of the fill engine's
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
type Counts struct {
	far, near []Slot
	// 64 less the bits of a bucket's number, in each.
	farShift, nearShift uint
	// As the dead table's (Dead): where the pieces left and the
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
	farFree    func() // give the tables' memory back, if bigmem.Words made it
	nearFree   func()
}

type Slot struct{ Key, Covers uint64 } // Covers is the covers plus 1; 0: an empty slot

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
func (t *Counts) Init(d *Dead) {
	t.Release()
	*t = Counts{span: d.span, base: d.base, hi: d.hi, few: countLeft, big: countFar, most: countMostBits}
	if d.span == 0 {
		t.few = Window + 1
		return
	}
	t.near, t.nearFree = mapSlots(countNearBits, t)
	t.nearShift = 64 - (countNearBits - 2)
	t.size(countBits)
}

// mapSlots returns 2^b empty slots, in huge pages of their own if they
// are many (as the table of dead states's: see bigmem.Words), and what gives
// their memory back (nil: the Go heap's).
func mapSlots[T any](b uint, owner *T) ([]Slot, func()) {
	if 2<<b >= deadBigWords {
		if words, free, ok := bigmem.Words(2<<b, owner); ok {
			return unsafe.Slice((*Slot)(unsafe.Pointer(&words[0])), 1<<b), free
		}
	}
	return make([]Slot, 1<<b), nil
}

// size makes the far table empty, of 2^b slots.
func (t *Counts) size(b uint) {
	t.far, t.farFree = mapSlots(b, t)
	t.bits, t.growIn = b, countGrowth<<b
	t.farShift = 64 - (b - 2)
}

// grow makes the far table four times larger, keeping the states it
// holds.
func (t *Counts) grow() {
	old, free := t.far, t.farFree
	t.size(t.bits + 2)
	for _, s := range old {
		if s.Covers != 0 {
			t.Store(s.Key, s.Covers-1)
		}
	}
	if free != nil {
		free()
	}
}

// release gives back the tables' memory.
func (t *Counts) Release() {
	for _, free := range []func(){t.farFree, t.nearFree} {
		if free != nil {
			free()
		}
	}
	t.far, t.near, t.farFree, t.nearFree = nil, nil, nil, nil
}

// key returns the state's key, and whether it is one to remember: the
// same states as the table of dead states remembers (Dead.slot), but
// for the pieces left.
func (t *Counts) Key(base int, window, avail uint64) (uint64, bool) {
	span := t.span & 63
	if bits.OnesCount64(avail) < t.few || base+Window < t.preEnd || window>>span != t.hi[base] {
		return 0, false
	}
	return window&(1<<span-1) | avail<<span | uint64(base)<<(t.base&63), true
}

// left returns the pieces left in the state of key.
func (t *Counts) left(key uint64) int {
	return bits.OnesCount64(key >> (t.span & 63) & (1<<((t.base-t.span)&63) - 1))
}

// bucket returns the slots of key's bucket, and whether it is in the far
// table.
func (t *Counts) bucket(key uint64) (*[countWays]Slot, bool) {
	h := key * deadMul
	if t.left(key) < t.big {
		return (*[countWays]Slot)(t.near[int(h>>(t.nearShift&63))*countWays:]), false
	}
	return (*[countWays]Slot)(t.far[int(h>>(t.farShift&63))*countWays:]), true
}

// lookup returns the covers below the state of key, if the table holds it.
func (t *Counts) Lookup(key uint64) (uint64, bool) {
	b, _ := t.bucket(key)
	for i := range b {
		if b[i].Key == key && b[i].Covers != 0 {
			return b[i].Covers - 1, true
		}
	}
	return 0, false
}

// store remembers the covers below the state of key (unless they are
// 2^64 − 1, which has no room).
func (t *Counts) Store(key, covers uint64) {
	if covers+1 == 0 {
		return
	}
	b, far := t.bucket(key)
	worst, fewest := 0, Window+1
	for i := range b {
		if b[i].Covers == 0 {
			worst = i
			break
		}
		if left := t.left(b[i].Key); left < fewest {
			worst, fewest = i, left
		}
	}
	b[worst] = Slot{key, covers + 1}
	if !far {
		return
	}
	if t.growIn--; t.growIn == 0 && t.bits+2 <= t.most {
		t.grow()
	}
}

// SetPreEnd notes that the task's prefix ends before position preEnd: a
// window that cells of the prefix may still come into is not a state to
// remember.
func (t *Counts) SetPreEnd(preEnd int) { t.preEnd = preEnd }

// Slots returns the tables' slots, the near table's and the far one's.
func (t *Counts) Slots() (near, far []Slot) { return t.near, t.far }
