package tiling

import (
	"github.com/polytile/polytile/puzzles/run"

	"context"
	"errors"
	"runtime"
	"testing"

	"github.com/polytile/polytile/puzzles"
)

// The table of counts gives back what it was given, after it grows and
// after collections (its memory, mapped apart, lives as long as the
// table's owner); states near the leaves go to the near table, the others
// to the far one; a full bucket gives up the state with the fewest pieces
// left; and a table whose keys do not fit a word keeps nothing.
func TestCountTable(t *testing.T) {
	// Keys of a 20-cell span, 10 pieces, 7 bits of position.
	d := newDeadTable(20, 10, 100, nil)
	owner := &struct{ t countTable }{}
	tab := &owner.t
	tab.init(&d)
	runtime.GC()
	runtime.GC()
	// State i: the window i, six pieces left (the far table's), the
	// first position 0.
	key := func(i int) uint64 { return uint64(i) | 0x3f<<20 }
	const n = 1 << 17 // enough to grow the table twice
	for i := range n {
		if k, ok := tab.key(0, uint64(i), 0x3f); !ok || k != key(i) {
			t.Fatalf("key(%d) = %x, %v; want %x", i, k, ok, key(i))
		}
		tab.store(key(i), uint64(i))
	}
	if tab.bits <= countBits {
		t.Errorf("the table has 2^%d slots after %d states: it did not grow", tab.bits, n)
	}
	runtime.GC()
	kept := 0
	for i := range n {
		if v, ok := tab.lookup(key(i)); ok {
			if v != uint64(i) {
				t.Fatalf("state %d: %d covers, want %d", i, v, i)
			}
			kept++
		}
	}
	if kept < n/2 {
		t.Errorf("%d of %d states kept in 2^%d slots", kept, n, tab.bits)
	}
	tab.release()

	// A full bucket: the state with the fewest pieces left goes.
	tab.init(&d)
	b, far := tab.bucket(key(7))
	if !far {
		t.Errorf("a state of %d pieces left is in the near table", countFar)
	}
	if _, far := tab.bucket(7 | 0xf<<20); far {
		t.Errorf("a state of %d pieces left is in the far table", countLeft)
	}
	for i := range countWays {
		b[i] = countSlot{uint64(i) | uint64(0x3ff>>i)<<20, 1} // 10, 9, 8, 7 pieces left
	}
	tab.store(key(7), 5)
	if v, ok := tab.lookup(key(7)); !ok || v != 5 || b[countWays-1].key != key(7) {
		t.Errorf("the new state is %v, %v in slot %v; want it in place of the fewest pieces left", v, ok, b)
	}
	tab.release()

	var none countTable
	none.init(&deadTable{})
	if _, ok := none.key(0, 0, 0xff); ok {
		t.Errorf("a table whose keys do not fit a word has a key")
	}
}

// A sum of covers that passes 2^64 stops the fill engine's count with
// errCountOverflow: with every remembered state's covers made 2^63, the
// search adds two of them somewhere. Count then counts again by the memo,
// in integers of any size, and gets the right numbers.
func TestCountOverflow(t *testing.T) {
	s, err := loadSpec("pentominoes-6x10")
	if err != nil {
		t.Fatal(err)
	}
	p := s.Puzzle
	ctx := context.Background()
	e, err := p.encode(ctx, true)
	if err != nil {
		t.Fatal(err)
	}
	tasks, err := p.tasks(ctx, e, newFill(e))
	if err != nil {
		t.Fatal(err)
	}
	f := newFill(e)
	defer f.release()
	f.memo.init(&f.dead)
	for _, tk := range tasks {
		if _, err := f.countTask(ctx, tk.prefix, nil); err != nil {
			t.Fatal(err)
		}
	}
	poisoned := 0
	for _, table := range [][]countSlot{f.memo.near, f.memo.far} {
		for i := range table {
			if table[i].covers != 0 {
				table[i].covers = 1<<63 + 1 // 2^63 covers
				poisoned++
			}
		}
	}
	if poisoned == 0 {
		t.Fatal("the count remembered no states")
	}
	overflows := 0
	for _, tk := range tasks {
		_, err := f.countTask(ctx, tk.prefix, nil)
		switch {
		case errors.Is(err, errCountOverflow):
			overflows++
		case err != nil:
			t.Fatal(err)
		}
	}
	if overflows == 0 {
		t.Errorf("no task of %d overflowed with %d states of 2^63 covers", len(tasks), poisoned)
	}

	defer func(c func(*fill, context.Context, []int32, *run.Gauge) (uint64, error)) { searchCount = c }(searchCount)
	searchCount = func(*fill, context.Context, []int32, *run.Gauge) (uint64, error) { return 0, errCountOverflow }
	if s, err = loadSpec("pentominoes-3x20"); err != nil {
		t.Fatal(err)
	}
	c, err := s.Puzzle.Count(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if c.Method != puzzles.CountMemo || c.Raw.String() != "8" || c.Distinct.String() != "2" {
		t.Errorf("after an overflow: %v raw, %v distinct by method %v; want 8, 2 by the memo", c.Raw, c.Distinct, c.Method)
	}
}
