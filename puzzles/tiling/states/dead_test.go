package states

import (
	"math/bits"
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"
)

// TestDeadTable checks the table of dead states: the bucket and the tag
// give a state's key back, a state whose window prefix cells may still
// come into has none, states whose keys differ in one bit never share
// a bucket and a tag, a state stored is found with its nodes, the table
// grows when it should and keeps what it held, and a bucket keeps the
// state with the most nodes and the last one.
func TestDeadTable(t *testing.T) {
	// The inverse of the hash's multiplier modulo 2^64 (Newton's
	// iteration: each step doubles the bits that are right).
	const mul = deadMul
	inverse := uint64(mul)
	for range 6 {
		inverse *= 2 - mul*inverse
	}
	if inverse*mul != 1 {
		t.Fatalf("inverse %#x", inverse)
	}
	// Tables keyed as those of puzzles of the library: spans, pieces
	// and positions; nine monominoes in a row have keys of 14 bits, fewer
	// than a bucket's number has in a full table.
	for _, c := range []struct {
		name  string
		span  uint
		np, n int
		holes []int
	}{
		{"pentominoes-6x10", 13, 12, 60, nil},
		{"scott", 17, 13, 64, []int{27, 28, 35, 36}},
		{"pentominoes-3x20", 9, 12, 60, nil},
		{"one-sided-pentominoes-6x15", 16, 18, 90, nil},
		{"monominoes", 1, 9, 9, nil},
	} {
		name := c.name
		d := NewDead(c.span, c.np, c.n, c.holes)
		tab := &d
		if tab.span == 0 {
			t.Fatalf("%s: no table of dead states", name)
		}
		// The table's sizes: 2^K slots at most, a bucket a key.
		first, whole := 1<<min(deadBits, tab.k), 1<<min(deadMostBits, tab.k)
		tab.Prepare(0)
		if len(tab.words) != first || tab.few != deadLeft {
			t.Fatalf("%s: a table of %d slots for keys of %d bits, states with %d pieces left", name, len(tab.words), tab.k, tab.few)
		}
		span, np := tab.span, c.np
		rng := rand.New(rand.NewPCG(7, uint64(len(name))))
		state := func() (int, uint64, uint64) {
			base := rng.IntN(c.n)
			avail := rng.Uint64() & (1<<np - 1)
			for bits.OnesCount64(avail) < deadLeft {
				avail |= 1 << rng.IntN(np)
			}
			return base, rng.Uint64()&(1<<span-1)&^1 | tab.hi[base]<<span, avail
		}
		type slot struct {
			bucket int
			tag    uint64
		}
		type dead struct {
			base          int
			window, avail uint64
			n             int64
		}
		var stored []dead
		for range 5000 {
			base, window, avail := state()
			bucket, tag := tab.Slot(base, window, avail)
			if bucket < 0 || bucket >= len(tab.words)/2 || tag&(1<<tab.shift-1) != 0 {
				t.Fatalf("%s: state (%d, %#x, %#x) has bucket %d, tag %#x", name, base, window, avail, bucket, tag)
			}
			// Prefix cells yet to come into the window, in a task
			// whose prefix ends further on: not a state to remember.
			tab.Prepare(base + Window + 1)
			if b, _ := tab.Slot(base, window, avail); b >= 0 {
				t.Fatalf("%s: state (%d, %#x, %#x) has bucket %d with prefix cells past its window", name, base, window, avail, b)
			}
			tab.Prepare(0)
			// The bucket and the tag give the key back: the hash is
			// one to one.
			k := tab.k
			key := window&(1<<span-1) | avail<<span | uint64(base)<<tab.base
			h := uint64(bucket)<<(k-tab.up) | tag>>tab.shift
			if back := h * inverse & (1<<k - 1); back != key {
				t.Fatalf("%s: state (%d, %#x, %#x), key %#x: bucket %d and tag %#x give key %#x", name, base, window, avail, key, bucket, tag, back)
			}
			at := slot{bucket, tag}
			for i := 1; i < int(span); i++ {
				if b, g := tab.Slot(base, window^1<<i, avail); (slot{b, g}) == at {
					t.Fatalf("%s: states (%d, %#x, %#x) and window %#x share bucket %d, tag %#x", name, base, window, avail, window^1<<i, b, g)
				}
			}
			for i := range np {
				if a := avail ^ 1<<i; bits.OnesCount64(a) >= deadLeft {
					if b, g := tab.Slot(base, window, a); (slot{b, g}) == at {
						t.Fatalf("%s: states (%d, %#x, %#x) and pieces %#x share a slot", name, base, window, avail, a)
					}
				}
			}
			for i := range bits.Len(uint(c.n)) {
				if q := base ^ 1<<i; q < c.n && tab.hi[q] == tab.hi[base] {
					if b, g := tab.Slot(q, window, avail); (slot{b, g}) == at {
						t.Fatalf("%s: states (%d, %#x, %#x) and position %d share a slot", name, base, window, avail, q)
					}
				}
			}
			if _, ok := tab.Lookup(bucket, tag); ok {
				continue // the search stores a state only when it does not find it
			}
			n := rng.Int64N(1 << 20)
			tab.Store(bucket, tag, n)
			if got, ok := tab.Lookup(bucket, tag); !ok || got != n {
				t.Fatalf("%s: stored %d nodes, found %d, %v", name, n, got, ok)
			}
			stored = append(stored, dead{base, window, avail, n})
		}
		// Growing the table keeps every state it held.
		var held []dead
		for _, d := range stored {
			if n, ok := tab.Lookup(tab.Slot(d.base, d.window, d.avail)); ok && n == d.n {
				held = append(held, d)
			}
		}
		if len(held) < len(stored)/2 {
			t.Fatalf("%s: %d of %d states held", name, len(held), len(stored))
		}
		for _, size := range []int{first, whole} {
			tab.Prepare(0)
			if len(tab.words) != size {
				t.Fatalf("%s: %d slots before the search made enough nodes, want %d", name, len(tab.words), size)
			}
			if size < whole && tab.growIn > deadGrowth*int64(len(tab.words)) {
				t.Fatalf("%s: the table of %d slots grows after %d nodes more", name, len(tab.words), tab.growIn)
			}
			tab.growIn = 0
			tab.Prepare(0)
			if len(tab.words) != whole {
				t.Fatalf("%s: %d slots, want %d", name, len(tab.words), whole)
			}
			for _, d := range held {
				if n, ok := tab.Lookup(tab.Slot(d.base, d.window, d.avail)); !ok || n != d.n {
					t.Fatalf("%s: state %v lost or changed (%d, %v) in a table of %d slots", name, d, n, ok, len(tab.words))
				}
			}
		}
		// A table from deadBigWords slots is mapped apart, on Linux;
		// release gives it back.
		if apart := tab.free != nil; apart != (len(tab.words) >= deadBigWords && runtime.GOOS == "linux") {
			t.Fatalf("%s: a table of %d slots mapped apart: %v", name, len(tab.words), apart)
		}
		defer tab.Release()
		if tab.shift > 61 {
			continue // tags of fewer than 3 bits: no tags 1 to 4
		}
		// One bucket, states with tags 1 to 4.
		clear(tab.words)
		tag := func(i uint64) uint64 { return i << tab.shift }
		most := int64(1)<<(tab.shift-1) - 1
		for _, step := range []struct {
			tag  uint64
			n    int64
			kept []uint64 // the tags found after it
		}{
			{1, 10, []uint64{1}},
			{2, 5, []uint64{1, 2}},
			{3, 1, []uint64{1, 3}},        // the second slot is the last one's
			{4, 100, []uint64{4, 1}},      // the most nodes first
			{2, 0, []uint64{4, 2}},        // a dead end with no nodes below
			{3, most + 1, []uint64{4, 2}}, // too many to keep
			{3, most, []uint64{3, 4}},
		} {
			tab.Store(5, tag(step.tag), step.n)
			for i := uint64(1); i <= 4; i++ {
				_, ok := tab.Lookup(5, tag(i))
				if ok != slices.Contains(step.kept, i) {
					t.Fatalf("%s: after storing tag %d with %d nodes, tag %d found %v, want %v kept", name, step.tag, step.n, i, ok, step.kept)
				}
			}
			if _, ok := tab.Lookup(4, tag(step.tag)); ok {
				t.Fatalf("%s: tag %d found in another bucket", name, step.tag)
			}
		}
		if got, _ := tab.Lookup(5, tag(3)); got != most {
			t.Fatalf("%s: %d nodes kept, want %d", name, got, most)
		}
		t.Logf("%s: keys of %d bits, tags of %d, node counts up to %d", name, tab.k, 64-tab.shift, most)
	}
}
