package states

import (
	"math/bits"

	"github.com/polytile/polytile/internal/bigmem"
)

// Dead is the table of dead states: states of the search that have
// no cover below them. A state is the first empty cell, the window from
// there and the pieces left; the covers below it depend on it alone (every
// cell before the first empty one is covered, and the search remembers a
// state only when every covered cell past the window's first span cells is
// a hole: see hi), so the search skips a state it meets again: different
// placements of the same pieces often cover the same cells (in 6 × 10 the
// search meets a third as many states as it makes nodes).
//
// A state fits in K bits, its key: the window's first span cells, the
// pieces left above them, the first empty cell above those. Covered cells
// past the first empty one lie within a placement's span of it, so span,
// the longest span of a placement, keeps them all. The key is hashed by a
// multiplication modulo 2^K, which is one to one: the hash's top bits
// choose a bucket of two slots (a table of 2^b slots has 2^(b-1)
// buckets), and the rest, the tag, tell the keys of a bucket apart
// exactly. A slot is one word: the tag on top, below it the nodes under
// the state (which the search counts when it skips it) and a mark (bit 0)
// that the slot is not empty. So a look in the table reads one cache
// line. A bucket keeps the state with the most nodes below it of those
// stored there, and the last one. A state below which nothing fits is not
// stored: meeting it again costs no more than the look, and on 6 × 10
// such states were a third of those stored.
//
// The fill engine holds its table by value (fill.dead), so that the hot
// loops (place1, placeGrid) reach its fields with no pointer more than
// they reach their own; slot, lookup and store are small enough to be
// inlined there. A table whose span is 0 remembers nothing: a state's key
// does not fit a word.
type Dead struct {
	words  []uint64 // the slots, two a bucket; nil until prepare makes them
	free   func()   // gives words' memory back, if bigmem.Words made it
	span   uint     // the longest span of a placement, in positions
	base   uint     // where the first empty cell goes in a key: span + the pieces
	k      uint     // the bits of a key, K
	mul    uint64   // the hash's odd multiplier shifted up by 64 - K: a key times it is the hash, on top
	top    uint     // 64 less the bits of a bucket's number: the hash on top shifted down by it is the bucket
	up     uint     // the bits of a bucket's number: the hash on top shifted up by it is the tag, on top
	growIn int64    // the nodes the search is to make before the table grows, as of the last task
	few    int      // the fewest pieces left in a state looked up: deadLeft once there is a table, else more than a puzzle has
	shift  uint     // 64 less the bits of a tag (K less a bucket's): an entry's node count and mark are below
	hi     []uint64 // by position: the holes in the window from there, past its first span cells
	// preEnd is one past the last position of the task's prefix
	// (fill.preEnd), set by prepare: a window that cells of the prefix
	// may still come into (base+Window < preEnd) is not a state to
	// remember. (A copy of fill's: slot, inlined in the search, then
	// reads it only when the test before it passes; passed as an
	// argument, it would be loaded before every test and kept on the
	// stack.)
	preEnd int
}

// The table starts with 2^deadBits slots (256 KB) and grows to
// 2^deadMostBits (1 MB) once the search has made deadGrowth nodes a slot:
// a short search, such as Scott's, then touches a quarter of the memory
// (a fresh page costs a fault of its own). deadLeft is the fewest pieces
// left in a state worth remembering: below that its subtree is smaller
// than a look in the table costs. (Chosen by measure: 6 × 10 and 5 × 12
// make 40% and 55% fewer nodes and take 20–25% less time; two slots a
// bucket meet as many states again as a table of one slot a bucket and
// four times the size.)
const (
	deadMul      = 0x9e3779b97f4a7c15
	deadBits     = 15
	deadMostBits = 17
	deadGrowth   = 4
	deadLeft     = 3
	// deadBigWords is the size from which a table is mapped apart
	// (bigmem.Words), in huge pages where there are: the table's first look
	// at each fresh page of 4 KB would cost a page fault.
	deadBigWords = 1 << 16
)

// NewDead returns the table of dead states for np pieces whose
// placements span at most span positions, on n positions of which holes
// are always covered: empty, made by the first prepare. If a state's key
// does not fit a word, the table remembers nothing.
func NewDead(span uint, np, n int, holes []int) Dead {
	t := Dead{few: Window + 1}
	k := span + uint(np) + uint(bits.Len(uint(n)))
	if k > 64 {
		return t
	}
	t.span, t.base, t.hi = span, span+uint(np), make([]uint64, n)
	t.k, t.mul = k, deadMul<<(64-k)
	for _, q := range holes {
		for base := max(0, q-Window+1); base <= q-int(span); base++ {
			t.hi[base] |= 1 << (q - base - int(span))
		}
	}
	return t
}

// slot returns the state's bucket, or -1 if it is not one to remember,
// and its tag, in place: the top bits of a slot. A state is not
// remembered with fewer than few pieces left, while cells of the prefix
// (before preEnd) may still come into the window, or with covered cells
// past the window's first span that are not holes. (Here and in the
// search, shift counts known to be below 64 say so with &63, which spares
// the compiled code the test for larger ones.)
func (t *Dead) Slot(base int, window, avail uint64) (int, uint64) {
	span := t.span & 63
	if bits.OnesCount64(avail) < t.few || base+Window < t.preEnd || window>>span != t.hi[base] {
		return -1, 0
	}
	key := window&(1<<span-1) | avail<<span | uint64(base)<<(t.base&63)
	// Multiplying by an odd number is one to one modulo 2^K: the top bits
	// of the product's first K choose the bucket, the others are the tag,
	// and a bucket and a tag are one key. (The multiplier shifted up puts
	// the product's first K bits on top.)
	h := key * t.mul
	return int(h >> (t.top & 63)), h << (t.up & 63)
}

// lookup returns the nodes below the state of the tag that the bucket
// holds, if it holds it.
func (t *Dead) Lookup(bucket int, tag uint64) (int64, bool) {
	b := (*[2]uint64)(t.words[bucket*2:])
	want := tag | 1
	nodes := uint64(1)<<(t.shift&63) - 2
	if (b[0]^want)&^nodes == 0 {
		return int64(b[0] & nodes >> 1), true
	}
	if (b[1]^want)&^nodes == 0 {
		return int64(b[1] & nodes >> 1), true
	}
	return 0, false
}

// store puts the state of the tag, with the n nodes below it, in the
// bucket: first if n is at least the nodes of the state first there,
// which moves to second, else second. (A count too large for a slot is
// not kept.)
func (t *Dead) Store(bucket int, tag uint64, n int64) {
	b := (*[2]uint64)(t.words[bucket*2:])
	nodes := uint64(1)<<(t.shift&63) - 2
	e := tag | uint64(n)<<1 | 1
	if uint64(n) > nodes>>1 {
		return
	}
	if e&nodes >= b[0]&nodes {
		b[0], b[1] = e, b[0]
	} else {
		b[1] = e
	}
}

// prepare makes the table, 2^deadBits slots, or, once the search has made
// deadGrowth nodes a slot, grows it, for a task whose prefix ends before
// position preEnd. The search calls it before each task, when the table's
// span is not 0.
func (t *Dead) Prepare(preEnd int) {
	t.preEnd = preEnd
	if t.words == nil {
		t.size(deadBits)
		t.few = deadLeft
		return
	}
	if t.growIn <= 0 && len(t.words) < 1<<min(deadMostBits, t.k) {
		t.grow()
	}
}

// grow makes the table 2^deadMostBits slots, moving the states it holds.
func (t *Dead) grow() {
	old, oldShift, oldFree := t.words, t.shift, t.free
	t.size(deadMostBits)
	nodes := uint64(1)<<(oldShift&63) - 2
	for i, e := range old {
		if e&1 == 0 {
			continue
		}
		// The hash is the bucket and the tag; split it anew.
		h := (uint64(i/2)<<(64-oldShift) | e>>oldShift) << (64 - t.k)
		t.Store(int(h>>t.top), h<<t.up, int64(e&nodes>>1))
	}
	if oldFree != nil {
		oldFree()
	}
}

// size makes an empty table of 2^b slots, or 2^K if that is fewer: then
// every key has a bucket of its own, and tags of one bit.
func (t *Dead) size(b uint) {
	b = min(b, t.k)
	var ok bool
	t.free = nil
	if 1<<b >= deadBigWords {
		t.words, t.free, ok = bigmem.Words(1<<b, t)
	}
	if !ok {
		t.words = make([]uint64, 1<<b)
	}
	t.top, t.up = 64-(b-1), b-1
	t.shift = 64 - (t.k - (b - 1))
	t.growIn = deadGrowth << b
}

// release gives back the table's memory.
func (t *Dead) Release() {
	if t.free != nil {
		t.free()
	}
	t.words, t.free = nil, nil
}

// Span returns the longest span of a placement that the table's keys
// hold: 0 if it remembers nothing.
func (t *Dead) Span() uint { return t.span }

// Spend notes that the search made nodes more, of the deadGrowth a slot
// after which the table grows (Prepare).
func (t *Dead) Spend(nodes int64) { t.growIn -= nodes }

// Stored returns the states the table holds, and how many of them have
// no nodes below them.
func (t *Dead) Stored() (states, empty int) {
	nodes := uint64(1)<<(t.shift&63) - 2
	for _, e := range t.words {
		if e&1 != 0 {
			states++
			if e&nodes == 0 {
				empty++
			}
		}
	}
	return states, empty
}
