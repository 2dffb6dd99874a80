package matrix

import (
	"context"
	"fmt"
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

// A matrix puzzle of several tasks solved on several workers gives what
// one worker gives: the classes in the same order, with their tasks, the
// same tasks told done in the same order, the same figures; and it reports
// its progress, up to every task done and every node.
func TestPuzzleWorkers(t *testing.T) {
	q, err := NewQueens(10, nil)
	if err != nil {
		t.Fatal(err)
	}
	p := NewPuzzle(q)
	type run struct {
		classes, done []string
		res           *puzzles.Result
		last          puzzles.Progress
		reports       int
	}
	solve := func(workers int) run {
		var r run
		cfg := &puzzles.SolveConfig{Workers: workers,
			Each: func(d puzzles.Class, task int) bool {
				r.classes = append(r.classes, fmt.Sprintf("%d %s %d", task, d.Solution.SortKey(), d.Orbit))
				return true
			},
			TaskDone: func(task int, st puzzles.TaskStats) { r.done = append(r.done, fmt.Sprintf("%d %+v", task, st)) },
			Progress: func(pr puzzles.Progress) { r.last = pr; r.reports++ }}
		if r.res, err = p.Solve(context.Background(), cfg); err != nil {
			t.Fatal(err)
		}
		return r
	}
	one, four := solve(1), solve(4)
	if one.res.Tasks < 4 || four.res.Workers != 4 || one.res.Workers != 1 {
		t.Fatalf("%d tasks, on %d and %d workers; want 4 tasks or more, on 1 and 4", one.res.Tasks, one.res.Workers, four.res.Workers)
	}
	if !slices.Equal(one.classes, four.classes) || len(one.classes) != 92 {
		t.Errorf("4 workers give %d classes, 1 worker %d (want 92), or in another order", len(four.classes), len(one.classes))
	}
	if !slices.Equal(one.done, four.done) || len(one.done) != one.res.Tasks {
		t.Errorf("tasks done on 4 workers %v, on 1 %v", four.done, one.done)
	}
	if one.res.Raw != 724 || four.res.Raw != 724 || one.res.Stats.Nodes != four.res.Stats.Nodes || !four.res.Complete {
		t.Errorf("raw %d and %d, nodes %d and %d; want 724 each, the same nodes", one.res.Raw, four.res.Raw, one.res.Stats.Nodes, four.res.Stats.Nodes)
	}
	for _, r := range []run{one, four} {
		if r.reports == 0 || r.last.Done != r.res.Tasks || r.last.Tasks != r.res.Tasks || r.last.Nodes != r.res.Stats.Nodes || r.last.Distinct != 92 {
			t.Errorf("%d workers: %d reports, the last %+v; want every task done, %d nodes, 92 distinct", r.res.Workers, r.reports, r.last, r.res.Stats.Nodes)
		}
	}
}
