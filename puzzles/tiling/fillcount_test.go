package tiling

import (
	"context"
	"errors"
	"testing"

	"github.com/polytile/polytile/puzzles"
	"github.com/polytile/polytile/puzzles/run"
	"github.com/polytile/polytile/puzzles/tiling/states"
)

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
	f.memo.Init(&f.dead)
	for _, tk := range tasks {
		if _, err := f.countTask(ctx, tk.prefix, nil); err != nil {
			t.Fatal(err)
		}
	}
	poisoned := 0
	near, far := f.memo.Slots()
	for _, table := range [][]states.Slot{near, far} {
		for i := range table {
			if table[i].Covers != 0 {
				table[i].Covers = 1<<63 + 1 // 2^63 covers
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
