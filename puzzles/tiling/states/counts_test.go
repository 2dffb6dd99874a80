package states

import (
	"runtime"
	"testing"
)

// The table of counts gives back what it was given, after it grows and
// after collections (its memory, mapped apart, lives as long as the
// table's owner); states near the leaves go to the near table, the others
// to the far one; a full bucket gives up the state with the fewest pieces
// left; and a table whose keys do not fit a word keeps nothing.
func TestCountTable(t *testing.T) {
	// Keys of a 20-cell span, 10 pieces, 7 bits of position.
	d := NewDead(20, 10, 100, nil)
	owner := &struct{ t Counts }{}
	tab := &owner.t
	tab.Init(&d)
	runtime.GC()
	runtime.GC()
	// State i: the window i, six pieces left (the far table's), the
	// first position 0.
	key := func(i int) uint64 { return uint64(i) | 0x3f<<20 }
	const n = 1 << 17 // enough to grow the table twice
	for i := range n {
		if k, ok := tab.Key(0, uint64(i), 0x3f); !ok || k != key(i) {
			t.Fatalf("key(%d) = %x, %v; want %x", i, k, ok, key(i))
		}
		tab.Store(key(i), uint64(i))
	}
	if tab.bits <= countBits {
		t.Errorf("the table has 2^%d slots after %d states: it did not grow", tab.bits, n)
	}
	runtime.GC()
	kept := 0
	for i := range n {
		if v, ok := tab.Lookup(key(i)); ok {
			if v != uint64(i) {
				t.Fatalf("state %d: %d covers, want %d", i, v, i)
			}
			kept++
		}
	}
	if kept < n/2 {
		t.Errorf("%d of %d states kept in 2^%d slots", kept, n, tab.bits)
	}
	tab.Release()

	// A full bucket: the state with the fewest pieces left goes.
	tab.Init(&d)
	b, far := tab.bucket(key(7))
	if !far {
		t.Errorf("a state of %d pieces left is in the near table", countFar)
	}
	if _, far := tab.bucket(7 | 0xf<<20); far {
		t.Errorf("a state of %d pieces left is in the far table", countLeft)
	}
	for i := range countWays {
		b[i] = Slot{uint64(i) | uint64(0x3ff>>i)<<20, 1} // 10, 9, 8, 7 pieces left
	}
	tab.Store(key(7), 5)
	if v, ok := tab.Lookup(key(7)); !ok || v != 5 || b[countWays-1].Key != key(7) {
		t.Errorf("the new state is %v, %v in slot %v; want it in place of the fewest pieces left", v, ok, b)
	}
	tab.Release()

	var none Counts
	none.Init(&Dead{})
	if _, ok := none.Key(0, 0, 0xff); ok {
		t.Errorf("a table whose keys do not fit a word has a key")
	}
}
