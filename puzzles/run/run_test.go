package run

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"github.com/polytile/polytile/puzzles"
)

// answer is a class found by a fake search: the task that found it and
// its number there.
type answer struct{ task, k int32 }

func (a *answer) String() string             { return fmt.Sprintf("%d.%d", a.task, a.k) }
func (a *answer) AppendJSON(b []byte) []byte { return append(b, a.String()...) }
func (a *answer) SortKey() string            { return a.String() }
func (a *answer) Rows() []int                { return []int{int(a.task), int(a.k)} }

// fake is a searcher whose task i finds classes(i) classes, each of
// orbit 1 + i%3, making 10 nodes a class and, if count, counting i under
// key i%2; task fail fails (-1: none); it sleeps pause a class.
type fake struct {
	classes func(i int) int
	count   bool
	fail    int
	pause   time.Duration
	hold    time.Duration // task 0 waits this long before it starts
	ran     *atomic.Int64 // tasks started, over all workers
}

func (f *fake) Search(ctx context.Context, i int, y *Yield) (Stats, error) {
	f.ran.Add(1)
	if i == f.fail {
		return Stats{}, errors.New("task failed")
	}
	if i == 0 {
		time.Sleep(f.hold)
	}
	var st Stats
	for k := range f.classes(i) {
		if ctx.Err() != nil {
			return st, ctx.Err()
		}
		if f.pause > 0 {
			time.Sleep(f.pause)
		}
		st.Found++
		st.Nodes += 10
		y.Live().Store(st.Nodes)
		if g := y.Gauge(); g != nil {
			g.Tell(float64(k) / float64(f.classes(i)))
		}
		if !y.Class(puzzles.Class{Solution: &answer{int32(i), int32(k)}, Orbit: 1 + i%3}) {
			return st, ctx.Err()
		}
	}
	if f.count {
		y.Add(i%2, big.NewInt(int64(i)))
	}
	return st, nil
}

func (f *fake) Release() {}

// codec writes an answer in two numbers.
var codec = Numbers{Count: 2,
	Of: func(c puzzles.Class) []int32 { a := c.Solution.(*answer); return []int32{a.task, a.k} },
	Back: func(orbit int, n []int32) puzzles.Class {
		return puzzles.Class{Solution: &answer{n[0], n[1]}, Orbit: orbit}
	}}

// collect runs c with a fake searcher, returning the classes Each saw
// (as "task.k"), the tasks TaskDone was told of, and the result.
func collect(t *testing.T, ctx context.Context, c Config, f fake) ([]string, []int, *puzzles.Result, error) {
	t.Helper()
	var seen []string
	var done []int
	if f.ran == nil {
		f.ran = new(atomic.Int64)
	}
	c.NewSearcher = func() Searcher { fc := f; return &fc }
	c.Each = func(d puzzles.Class, task int) bool {
		if a := d.Solution.(*answer); int(a.task) != task {
			t.Errorf("class %v given as task %d's", a, task)
		}
		seen = append(seen, d.Solution.String())
		return true
	}
	c.TaskDone = func(task int, st puzzles.TaskStats) { done = append(done, task) }
	res := &puzzles.Result{}
	err := Run(ctx, &c, res)
	return seen, done, res, err
}

// want returns the classes of tasks in order, as collect gives them.
func want(tasks []int, classes func(int) int) []string {
	var out []string
	for _, i := range tasks {
		for k := range classes(i) {
			out = append(out, fmt.Sprintf("%d.%d", i, k))
		}
	}
	return out
}

// Shards partition the tasks, each in order; skip leaves out exactly the
// tasks it names.
func TestOurs(t *testing.T) {
	for _, tc := range []struct{ n, shards int }{{0, 1}, {1, 1}, {10, 1}, {10, 3}, {7, 7}, {5, 8}, {100, 4}} {
		seen := make([]int, tc.n)
		for s := range max(tc.shards, 1) {
			ours := Ours(tc.n, s, tc.shards, nil)
			if !slices.IsSorted(ours) {
				t.Errorf("%d tasks, shard %d of %d: %v not in order", tc.n, s, tc.shards, ours)
			}
			for _, i := range ours {
				seen[i]++
			}
		}
		for i, k := range seen {
			if k != 1 {
				t.Errorf("%d tasks in %d shards: task %d in %d shards", tc.n, tc.shards, i, k)
			}
		}
		skip := func(i int) bool { return i%3 == 1 }
		got := Ours(tc.n, 0, 1, skip)
		for i := range tc.n {
			if slices.Contains(got, i) == skip(i) {
				t.Errorf("%d tasks: task %d kept %v, skipped %v", tc.n, i, slices.Contains(got, i), skip(i))
			}
		}
	}
}

// Any number of workers gives the same classes in the same order, the
// order of the tasks, and the same figures; with a small buffer, the
// classes of tasks ahead of the merge go through spill files (with a
// Codec) or wait (without), and still come in order.
func TestRunOrdered(t *testing.T) {
	classes := func(i int) int { return (i * 7) % 11 }
	tasks := Ours(60, 0, 1, nil)
	for _, tc := range []struct {
		name    string
		workers int
		buffer  int
		codec   Codec
	}{
		{"one worker", 1, 0, nil},
		{"two workers", 2, 0, nil},
		{"eight workers", 8, 0, nil},
		{"eight workers, spill", 8, 2, codec},
		{"eight workers, wait", 8, 2, nil},
		{"one worker, spill", 1, 1, codec},
	} {
		t.Run(tc.name, func(t *testing.T) {
			seen, done, res, err := collect(t, context.Background(), Config{Tasks: tasks, Workers: tc.workers, Buffer: tc.buffer, Codec: tc.codec}, fake{classes: classes, fail: -1, hold: 20 * time.Millisecond})
			if err != nil {
				t.Fatal(err)
			}
			if w := want(tasks, classes); !slices.Equal(seen, w) {
				t.Errorf("classes %v\nwant %v", seen, w)
			}
			if !slices.Equal(done, tasks) {
				t.Errorf("tasks done %v, want %v", done, tasks)
			}
			var raw, found int64
			for _, i := range tasks {
				raw += int64(classes(i) * (1 + i%3))
				found += int64(classes(i))
			}
			if !res.Complete || res.Raw != raw || res.Found != found || res.Stats.Nodes != 10*found || res.Finished != len(tasks) || res.Tasks != len(tasks) {
				t.Errorf("result %+v; want complete, raw %d, found %d, nodes %d, %d tasks finished", res, raw, found, 10*found, len(tasks))
			}
			if tc.buffer > 0 && res.Buffered > tc.buffer {
				t.Errorf("a task held %d classes, want at most %d", res.Buffered, tc.buffer)
			}
			// (The first task waits, so that the others run ahead.)
			if tc.codec == nil && res.Spilled > 0 || tc.codec != nil && tc.workers > 1 && res.Spilled == 0 {
				t.Errorf("%d classes spilled, with a codec: %v", res.Spilled, tc.codec != nil)
			}
		})
	}
}

// A resumed run skips exactly the tasks done before: it runs the others,
// and the two runs' classes together are the whole run's.
func TestRunResume(t *testing.T) {
	classes := func(i int) int { return i % 4 }
	all := Ours(40, 0, 1, nil)
	for _, workers := range []int{1, 3} {
		before := func(i int) bool { return i%5 < 2 }
		f := fake{classes: classes, fail: -1, ran: new(atomic.Int64)}
		seen, done, _, err := collect(t, context.Background(), Config{Tasks: Ours(40, 0, 1, before), Workers: workers}, f)
		if err != nil {
			t.Fatal(err)
		}
		if int(f.ran.Load()) != len(all)-16 {
			t.Errorf("%d workers: ran %d tasks, want %d", workers, f.ran.Load(), len(all)-16)
		}
		for _, i := range done {
			if before(i) {
				t.Errorf("%d workers: task %d ran again", workers, i)
			}
		}
		var first []int
		for _, i := range all {
			if before(i) {
				first = append(first, i)
			}
		}
		merged := append(want(first, classes), seen...)
		slices.Sort(merged)
		whole := want(all, classes)
		slices.Sort(whole)
		if !slices.Equal(merged, whole) {
			t.Errorf("%d workers: the runs found %v together, the whole %v", workers, merged, whole)
		}
	}
}

// Counts added by the tasks reach the sums, whatever the workers.
func TestRunSums(t *testing.T) {
	for _, workers := range []int{1, 4} {
		sums := []*big.Int{new(big.Int), new(big.Int)}
		c := Config{Tasks: Ours(50, 1, 2, nil), Workers: workers, Sums: sums}
		if _, _, _, err := collect(t, context.Background(), c, fake{classes: func(int) int { return 1 }, fail: -1, count: true}); err != nil {
			t.Fatal(err)
		}
		// Tasks 1, 3, ..., 49 count under key 1.
		if sums[0].Sign() != 0 || sums[1].Int64() != 625 {
			t.Errorf("%d workers: sums %v, want [0 625]", workers, sums)
		}
	}
}

// The limit stops the run at exactly that many classes, the first in task
// order, whatever the workers; Each stops it when it says so.
func TestRunLimit(t *testing.T) {
	classes := func(i int) int { return 3 }
	tasks := Ours(30, 0, 1, nil)
	for _, workers := range []int{1, 2, 6} {
		seen, _, res, err := collect(t, context.Background(), Config{Tasks: tasks, Workers: workers, Limit: 10}, fake{classes: classes, fail: -1})
		if err != nil {
			t.Fatal(err)
		}
		if w := want(tasks, classes)[:10]; !slices.Equal(seen, w) || res.Complete {
			t.Errorf("%d workers: %v (complete %v), want %v, incomplete", workers, seen, res.Complete, w)
		}
	}
}

// A task's failure stops the run, which returns it; a stop is prompt
// however long the tasks are, and says the result is incomplete.
func TestRunStop(t *testing.T) {
	endless := func(int) int { return 1 << 40 }
	tasks := Ours(20, 0, 1, nil)
	for _, workers := range []int{1, 4} {
		_, _, res, err := collect(t, context.Background(), Config{Tasks: tasks, Workers: workers}, fake{classes: func(int) int { return 5 }, fail: 7})
		if err == nil || err.Error() != "task failed" || res.Complete {
			t.Errorf("%d workers: a failed task gives %v (complete %v)", workers, err, res.Complete)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
		start := time.Now()
		_, _, res, err = collect(t, ctx, Config{Tasks: tasks, Workers: workers, Buffer: 4, Codec: codec}, fake{classes: endless, fail: -1})
		cancel()
		if took := time.Since(start); took > 5*time.Second {
			t.Errorf("%d workers: stopped after %v", workers, took)
		}
		if !errors.Is(err, context.DeadlineExceeded) || res.Complete {
			t.Errorf("%d workers: a stopped run gives %v (complete %v)", workers, err, res.Complete)
		}
	}
}

// Progress counts the tasks done and their nodes up to the totals, never
// going back, with an estimate by nodes (Prober) or by time (Weights).
func TestRunProgress(t *testing.T) {
	classes := func(i int) int { return 1 + i%4 }
	tasks := Ours(24, 0, 1, nil)
	for _, tc := range []struct {
		name    string
		workers int
		weights bool
	}{{"nodes, one worker", 1, false}, {"nodes, three workers", 3, false}, {"time, two workers", 2, true}} {
		t.Run(tc.name, func(t *testing.T) {
			var reports []puzzles.Progress
			c := Config{Tasks: tasks, Workers: tc.workers, Every: 4 * time.Millisecond,
				Progress: func(p puzzles.Progress) { reports = append(reports, p) }}
			if tc.weights {
				c.Weights = make([]float64, len(tasks))
				for i := range c.Weights {
					c.Weights[i] = float64(classes(i))
				}
			} else {
				c.Prober = prober(func(i int) float64 { return float64(10 * classes(i)) })
			}
			_, _, _, err := collect(t, context.Background(), c, fake{classes: classes, fail: -1, pause: time.Millisecond})
			if err != nil {
				t.Fatal(err)
			}
			if len(reports) < 3 {
				t.Fatalf("%d reports, want 3 or more", len(reports))
			}
			for i := 1; i < len(reports); i++ {
				if reports[i].Done < reports[i-1].Done || reports[i].Nodes < reports[i-1].Nodes {
					t.Errorf("report %d %+v after %+v", i, reports[i], reports[i-1])
				}
			}
			last := reports[len(reports)-1]
			var nodes int64
			for _, i := range tasks {
				nodes += int64(10 * classes(i))
			}
			if last.Tasks != len(tasks) || last.Done != len(tasks) || last.Nodes != nodes || !last.Estimated || last.Fraction != 1 {
				t.Errorf("last report %+v; want %d tasks done, %d nodes, all of it estimated", last, len(tasks), nodes)
			}
		})
	}
}

// prober estimates task i's nodes as f(i).
type prober func(i int) float64

func (p prober) Probe(i int, _ func(int) int) float64 { return p(i) }

// Numbers gives back the classes it wrote, in 2 bytes a number or 4.
func TestNumbers(t *testing.T) {
	for _, wide := range []bool{false, true} {
		n := codec
		n.Wide = wide
		c := puzzles.Class{Solution: &answer{300, 7}, Orbit: 8}
		rec := n.Append(nil, c)
		if len(rec) != n.Size() {
			t.Fatalf("wide %v: a record of %d bytes, want %d", wide, len(rec), n.Size())
		}
		if back := n.Decode(rec); back.Orbit != 8 || back.Solution.String() != "300.7" {
			t.Errorf("wide %v: %v back, want %v", wide, back, c)
		}
	}
}

// Firsts keeps the first classes in canonical order, whatever the order
// they come in, and counts them all.
func TestFirsts(t *testing.T) {
	for _, n := range []int{0, 1, 3, 10} {
		f := NewFirsts(n)
		var all []string
		for _, k := range []int32{5, 3, 9, 1, 7, 2} {
			d := puzzles.Class{Solution: &answer{0, k}, Orbit: 2}
			all = append(all, d.Solution.SortKey())
			if !f.Each(d, 0) {
				t.Fatalf("keep %d: Each stopped", n)
			}
		}
		slices.Sort(all)
		var got []string
		for _, c := range f.Classes() {
			got = append(got, c.Solution.SortKey())
		}
		if w := all[:min(n, len(all))]; !slices.Equal(got, w) || f.Distinct != 6 || f.Raw != 12 {
			t.Errorf("keep %d: %v, %d distinct, %d raw; want %v, 6, 12", n, got, f.Distinct, f.Raw, w)
		}
	}
}

// Descend's estimate is exact on a tree whose nodes of one level have as
// many children each: 3 + 3·2 + 3·2·1 below the root of a tree of 3, 2
// and 1 children a level; and the mean of descents is the nodes of a
// tree that is not.
func TestDescend(t *testing.T) {
	even := func(path []int) ([]int, bool) {
		if len(path) == 3 {
			return nil, false
		}
		return make([]int, 3-len(path)), true
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 10 {
		if got := Descend(nil, even, rng.IntN); got != 15 {
			t.Fatalf("even tree: %v, want 15", got)
		}
	}
	// A root of two children, one a leaf, the other with four leaves: 6
	// nodes below the root.
	uneven := func(path []int) ([]int, bool) {
		switch {
		case len(path) == 0:
			return []int{0, 1}, true
		case len(path) == 1 && path[0] == 1:
			return []int{0, 0, 0, 0}, true
		}
		return nil, false
	}
	sum := 0.0
	const n = 20000
	for range n {
		sum += Descend(nil, uneven, rng.IntN)
	}
	if mean := sum / n; math.Abs(mean-6) > 0.2 {
		t.Errorf("uneven tree: mean %.2f, want 6", mean)
	}
}
