package matrix

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/polytile/polytile/puzzles"
)

// TestPuzzle solves N queens through the Problem interface, whole
// and in shards: the shards' classes are the whole search's, each once
// (a class is kept by the task that finds its canonical solution), raw is
// the sum of the orbits (OEIS A000170, A002562), every class reads back
// from its JSON, and the tasks done are told of.
func TestPuzzle(t *testing.T) {
	for _, tt := range []struct{ n, raw, distinct int }{{4, 2, 1}, {6, 4, 1}, {8, 92, 12}, {9, 352, 46}} {
		q, err := NewQueens(tt.n, nil)
		if err != nil {
			t.Fatal(err)
		}
		p := NewPuzzle(q)
		whole, err := p.Solve(context.Background(), nil)
		if err != nil {
			t.Fatal(err)
		}
		var sum int64
		var keys []string
		for _, d := range whole.Distinct {
			sum += int64(d.Orbit)
			keys = append(keys, d.Solution.SortKey())
			back, err := p.Decode(append(append([]byte("{"), d.Solution.AppendJSON(nil)...), '}'))
			if err != nil || back.Solution.SortKey() != d.Solution.SortKey() || back.Orbit != d.Orbit {
				t.Fatalf("%d queens: %v read back as %v, %v", tt.n, d, back, err)
			}
		}
		if whole.Raw != int64(tt.raw) || sum != whole.Raw || len(whole.Distinct) != tt.distinct || !whole.Complete {
			t.Errorf("%d queens: raw %d (orbits %d), %d distinct; want %d, %d", tt.n, whole.Raw, sum, len(whole.Distinct), tt.raw, tt.distinct)
		}
		if !slices.IsSorted(keys) {
			t.Errorf("%d queens: the classes are not in canonical order", tt.n)
		}
		var sharded []string
		for i := range 3 {
			done := 0
			res, err := p.Solve(context.Background(), &puzzles.SolveConfig{Shard: i, Shards: 3, TaskDone: func(int, puzzles.TaskStats) { done++ }})
			if err != nil {
				t.Fatal(err)
			}
			if done != res.Tasks {
				t.Errorf("%d queens, shard %d/3: told of %d tasks done of %d", tt.n, i, done, res.Tasks)
			}
			for _, d := range res.Distinct {
				sharded = append(sharded, d.Solution.SortKey())
			}
		}
		slices.Sort(sharded)
		if !slices.Equal(sharded, keys) {
			t.Errorf("%d queens: the shards hold %d classes, the whole search %d", tt.n, len(sharded), len(keys))
		}
	}
	q, _ := NewQueens(8, nil)
	p := NewPuzzle(q)
	if _, err := p.Solve(context.Background(), &puzzles.SolveConfig{Engine: puzzles.EngineFill}); err == nil || !strings.Contains(err.Error(), "fill engine searches tilings") {
		t.Errorf("the fill engine on queens: %v", err)
	}
	res, err := p.Solve(context.Background(), &puzzles.SolveConfig{Limit: 3})
	if err != nil || len(res.Distinct) != 3 || res.Complete {
		t.Errorf("a limit of 3: %d classes, complete %v, %v", len(res.Distinct), res.Complete, err)
	}
	var each int
	res, _ = p.Solve(context.Background(), &puzzles.SolveConfig{Each: func(puzzles.Class, int) bool { each++; return each < 5 }})
	if each != 5 || len(res.Distinct) != 0 || res.Complete {
		t.Errorf("Each stopping at 5: given %d, kept %d, complete %v", each, len(res.Distinct), res.Complete)
	}
}
