package tiling

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/polytile/polytile/puzzles"
)

// splitSearcher is a searcher whose branch calls are counted, and which
// cancels the split's context at its cancelAt-th call.
type splitSearcher struct {
	searcher
	calls, cancelAt int
	cancel          context.CancelFunc
}

func (s *splitSearcher) branch(prefix []int32) ([]int32, bool) {
	if s.calls++; s.calls == s.cancelAt {
		s.cancel()
	}
	return s.searcher.branch(prefix)
}

// The split of 64 different monominoes in a row, on the item with the
// fewest placements, would branch 32 tasks into 2016, then 124,992, then
// 7.6 million: it makes at most maxTasks, the first of the last level's
// tasks split and the others whole, the same on every run, and the
// fingerprint says that the split may be so bounded.
func TestSplitBounded(t *testing.T) {
	p := monominoRow(t, 64)
	if !fillSplitsFewest(p) {
		t.Fatal("64 monominoes in a row: the fill engine does not split on the item with the fewest placements")
	}
	e := p.Encode(true)
	tasks, err := p.tasks(context.Background(), e, newFill(e))
	if err != nil {
		t.Fatal(err)
	}
	if len(tasks) > maxTasks || len(tasks) < minTasksFewest {
		t.Errorf("the split made %d tasks; want at least the %d it aims at and at most %d", len(tasks), minTasksFewest, maxTasks)
	}
	if first, last := len(tasks[0].prefix), len(tasks[len(tasks)-1].prefix); first != last+1 {
		t.Errorf("the first task puts down %d placements, the last %d: want the level cut short, one more in the first", first, last)
	}
	again, err := p.tasks(context.Background(), e, newFill(e))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.EqualFunc(tasks, again, func(a, b task) bool { return slices.Equal(a.prefix, b.prefix) }) {
		t.Error("two splits of one puzzle differ")
	}
	if !p.splitMayCap(puzzles.EngineFill) {
		t.Error("splitMayCap = false for a split that maxTasks cut short")
	}
	before := p.Fingerprint(nil)
	defer func(n int) { maxTasks = n }(maxTasks)
	maxTasks /= 2
	if p.Fingerprint(nil) == before {
		t.Error("the fingerprint does not depend on the bound of the split")
	}
}

// A split cut short by maxTasks, at any bound and in narrow too, still
// partitions the search: the classes kept and their orbits are the uncut
// split's, and shards of it make the whole. The puzzles whose split no bound cuts short under the
// default (splitMayCap false) keep it.
func TestSplitCappedKeepsClasses(t *testing.T) {
	for _, tt := range []struct {
		name   string
		engine puzzles.Engine
		caps   []int
	}{
		{"scott", puzzles.EngineFill, []int{1, 40, 300}},
		{"scott", puzzles.EngineDLX, []int{1, 20, 100}},
		{"pentominoes-3x20", puzzles.EngineFill, []int{5, 200}},
		{"soma", puzzles.EngineFill, []int{3, 50}},
		{"tetracubes-2x4x4", puzzles.EngineDLX, []int{2, 70}},
	} {
		spec, err := loadSpec(tt.name)
		if err != nil {
			t.Fatal(err)
		}
		p := spec.Puzzle
		if p.splitMayCap(tt.engine) {
			t.Errorf("%s: splitMayCap(%v) = true under the default bound", tt.name, tt.engine)
		}
		for _, nb := range []bool{false, true} {
			cfg := puzzles.SolveConfig{Engine: tt.engine, Workers: 2, NoSymmetryBreaking: nb}
			want, wantRes := streamed(t, p, cfg)
			uncut := wantRes.Tasks
			for _, cap := range tt.caps {
				t.Run(fmt.Sprintf("%s %v noBreaking=%v cap %d", tt.name, tt.engine, nb, cap), func(t *testing.T) {
					defer func(n int) { maxTasks = n }(maxTasks)
					maxTasks = cap
					e := p.Encode(!nb)
					first := 1 // the tasks of the first level, which maxTasks does not bound
					if e.Restricted >= 0 {
						first = 0
						for _, k := range e.options {
							if p.placements[k].piece == e.Restricted {
								first++
							}
						}
					}
					got, res := streamed(t, p, cfg)
					if res.Tasks > max(cap, first) || res.Tasks > uncut {
						t.Errorf("%d tasks, with at most %d allowed (first level %d, uncut %d)", res.Tasks, cap, first, uncut)
					}
					// Tasks are numbered anew, and a task left whole finds its
					// covers in the search's order: compare the classes.
					if !slices.Equal(slices.Sorted(slices.Values(strip(got))), slices.Sorted(slices.Values(strip(want)))) || res.Raw != wantRes.Raw || !res.Complete {
						t.Errorf("%d classes (raw %d), want %d (raw %d)", len(got), res.Raw, len(want), wantRes.Raw)
					}
					var union []string
					for i := range 3 {
						c := cfg
						c.Shard, c.Shards = i, 3
						part, _ := streamed(t, p, c)
						union = append(union, part...)
					}
					if slices.Sort(union); !slices.Equal(union, slices.Sorted(slices.Values(got))) {
						t.Errorf("3 shards: %d classes, want %d", len(union), len(got))
					}
				})
			}
		}
	}
	// narrow, bounded.
	for _, name := range []string{"soma", "tetracubes-2x4x4"} {
		spec, res := mustSolve(t, name)
		p := spec.Puzzle
		e := p.Encode(true)
		frontier := restrictedFrontier(p, e)
		whole, err := p.narrow(context.Background(), e, frontier)
		if err != nil {
			t.Fatal(err)
		}
		for _, cap := range []int{len(frontier), len(frontier) + 1, (len(frontier) + len(whole)) / 2} {
			t.Run(fmt.Sprintf("narrow %s cap %d", name, cap), func(t *testing.T) {
				defer func(n int) { maxTasks = n }(maxTasks)
				maxTasks = cap
				tasks, err := p.narrow(context.Background(), e, frontier)
				if err != nil {
					t.Fatal(err)
				}
				if len(tasks) > cap || len(tasks) >= len(whole) {
					t.Errorf("narrow made %d tasks, at most %d allowed (%d unbounded)", len(tasks), cap, len(whole))
				}
				_, classes, raw := classesOf(t, p, newFill(e), tasks)
				if classes != int64(len(res.Distinct)) || raw != res.Raw {
					t.Errorf("%d classes, %d raw; want %d, %d", classes, raw, len(res.Distinct), res.Raw)
				}
			})
		}
	}
}

// strip drops the task from the keys streamed gives.
func strip(keys []string) []string {
	out := make([]string, len(keys))
	for i, k := range keys {
		var task int
		fmt.Sscan(k, &task)
		out[i] = k[len(fmt.Sprint(task))+1:]
	}
	return out
}

// classesOf returns the covers the tasks of p find with s, the classes
// whose canonical cover they find (worker.class), and the sum of their
// orbits.
func classesOf(t *testing.T, p *Puzzle, s searcher, tasks []task) (found, classes, raw int64) {
	t.Helper()
	w := newWorker(p, s, tasks)
	for i := range tasks {
		tk := &tasks[i]
		if _, _, err := w.s.search(context.Background(), tk.prefix, func(pls []int32) bool {
			found++
			w.cover(pls)
			if c, ok := w.class(tk); ok {
				classes++
				raw += int64(c.Orbit)
			}
			return true
		}); err != nil {
			t.Fatal(err)
		}
	}
	return found, classes, raw
}

// The split stops at once when its context ends: after the branch call
// in which the context was canceled, at any level, it makes no other and
// returns the context's error.
func TestSplitStops(t *testing.T) {
	p := monominoRow(t, 64)
	e := p.Encode(true)
	// Levels of 32, 2016 and 124,992 tasks: cancel in each.
	for _, at := range []int{1, 32, 33, 500, 2048, 2049, 3000} {
		t.Run(fmt.Sprint("call ", at), func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			s := &splitSearcher{searcher: newFill(e), cancelAt: at, cancel: cancel}
			tasks, err := p.tasks(ctx, e, s)
			if !errors.Is(err, context.Canceled) || tasks != nil {
				t.Errorf("split canceled at branch call %d: %d tasks, %v; want none and context.Canceled", at, len(tasks), err)
			}
			if s.calls != at {
				t.Errorf("split canceled at branch call %d made %d calls", at, s.calls)
			}
		})
	}
}

// A search stopped while its split is being made, or soon after, returns
// within a few seconds of the stop, its result partial: the split, the
// tasks it made and their freeing are bounded. (The bound is a behaviour,
// generous for a loaded machine: before the split was bounded, 64
// monominoes in a row took 7 to 25 s to stop, and 2 GB.)
func TestStopDuringSplit(t *testing.T) {
	p := monominoRow(t, 64)
	stops := []time.Duration{20 * time.Millisecond, 300 * time.Millisecond, time.Second, 4 * time.Second}
	if testing.Short() {
		stops = stops[:3]
	}
	for _, after := range stops {
		t.Run(fmt.Sprint("stop after ", after), func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), after)
			defer cancel()
			start := time.Now()
			res, err := p.Solve(ctx, &puzzles.SolveConfig{Workers: 2, Each: func(puzzles.Class, int) bool { return true }})
			if took := time.Since(start) - after; took > 5*time.Second {
				t.Errorf("Solve took %v to stop after its context ended at %v; want well under 5 s", took, after)
			}
			if !errors.Is(err, context.DeadlineExceeded) || res == nil || res.Complete {
				t.Errorf("Solve stopped after %v: %v, %+v; want a partial result and the context's error", after, err, res)
			}
		})
	}
}
