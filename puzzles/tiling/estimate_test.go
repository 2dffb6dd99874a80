package tiling

import (
	"context"
	"fmt"
	"math"
	"os"
	"testing"
	"time"

	"github.com/polytile/polytile/puzzles"
	"github.com/polytile/polytile/puzzles/run"
)

// estimateRun is a run of the 16 one-sided pentominoes other than I and
// X in a 4 × 20 rectangle: about a second on two cores, its tasks of
// sizes that span orders of magnitude.
func estimateRun(t *testing.T) *Puzzle {
	t.Helper()
	spec, err := parseSpec("estimate", []byte("board: {rows: 4, cols: 20}\npieces:\n  - set: one-sided-pentominoes\n    except: [I, X]\n"))
	if err != nil {
		t.Fatal(err)
	}
	return spec.Puzzle
}

// nodeStream is a search replayed in nodes, not in time: its tasks, the
// nodes each made (which no machine's load changes), and the workers that
// run them, claiming them in order and each making a node a tick.
type nodeStream struct {
	p       *Puzzle
	e       *Encoding
	engine  puzzles.Engine
	tasks   []task
	index   []int   // the tasks of the run (all of them)
	nodes   []int64 // by task
	total   int64
	workers int
}

// newNodeStream searches p, recording the nodes of each task.
func newNodeStream(t *testing.T, p *Puzzle, workers int) *nodeStream {
	t.Helper()
	s := &nodeStream{p: p, workers: workers}
	c, err := puzzles.CheckConfig(nil)
	if err != nil {
		t.Fatal(err)
	}
	var res puzzles.Result
	if s.e, s.tasks, s.index, err = p.split(context.Background(), &c, &res); err != nil {
		t.Fatal(err)
	}
	s.engine = res.Engine
	s.nodes = make([]int64, len(s.tasks))
	cfg := &puzzles.SolveConfig{Each: func(puzzles.Class, int) bool { return true },
		TaskDone: func(i int, st puzzles.TaskStats) { s.nodes[i] = st.Nodes }}
	whole, err := p.Solve(context.Background(), cfg)
	if err != nil || whole.Tasks != len(s.tasks) {
		t.Fatalf("Solve: %d tasks, %v; the split made %d", whole.Tasks, err, len(s.tasks))
	}
	for _, n := range s.nodes {
		s.total += n
	}
	if s.total != whole.Stats.Nodes || s.total == 0 {
		t.Fatalf("the tasks made %d nodes, the search %d", s.total, whole.Stats.Nodes)
	}
	return s
}

// schedule returns the tick at which each task starts: each goes to the
// worker that is free first, as the workers claim them in order, but no
// sooner than the tasks ahead or more before it have ended (the runner's claim,
// with its ahead).
func (s *nodeStream) schedule() []int64 {
	ahead := 64 + 8*s.workers
	free := make([]int64, s.workers)
	start, ends := make([]int64, len(s.tasks)), make([]int64, len(s.tasks)) // ends: the last end of tasks 0 to i
	for i, n := range s.nodes {
		w := 0
		for k := range free {
			if free[k] < free[w] {
				w = k
			}
		}
		start[i] = free[w]
		if i >= ahead {
			start[i] = max(start[i], ends[i-ahead])
		}
		free[w] = start[i] + n
		ends[i] = free[w]
		if i > 0 {
			ends[i] = max(ends[i], ends[i-1])
		}
	}
	return start
}

// at returns the state of the run at the first tick by which its workers
// have made made nodes in all: the tick, the nodes each task has made so
// far (all of a task ended), which tasks ended, and the tick at which the
// run ends.
func (s *nodeStream) at(made int64) (tick int64, live []int64, ended []bool, end int64) {
	start := s.schedule()
	madeBy := func(tick int64) int64 {
		var n int64
		for i, st := range start {
			n += min(max(tick-st, 0), s.nodes[i])
		}
		return n
	}
	for i, st := range start {
		end = max(end, st+s.nodes[i])
	}
	lo, hi := int64(0), end
	for lo < hi {
		if mid := (lo + hi) / 2; madeBy(mid) >= made {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	tick = lo
	live, ended = make([]int64, len(s.tasks)), make([]bool, len(s.tasks))
	for i, st := range start {
		live[i] = min(max(tick-st, 0), s.nodes[i])
		ended[i] = tick >= st+s.nodes[i]
	}
	return tick, live, ended, end
}

// report returns the progress report that the merger gives with est at
// the first tick by which the run has made made nodes (or a node or two
// more: the report counts them), on a clock at which a tick is a
// microsecond, and the time that the rest of the run takes.
func (s *nodeStream) report(t *testing.T, est *run.Estimator, made int64) (puzzles.Progress, time.Duration) {
	t.Helper()
	tick, live, ended, end := s.at(made)
	got := puzzles.Progress{Tasks: len(s.tasks), Elapsed: time.Duration(tick) * time.Microsecond}
	states := make([]run.TaskNodes, len(s.tasks))
	for i := range s.tasks {
		states[i] = run.TaskNodes{Nodes: live[i], Ended: ended[i]}
		if ended[i] {
			got.Done++
			got.Nodes += live[i]
		}
	}
	var f float64
	if got.Running, f, got.Estimated = est.Fraction(states); got.Estimated {
		got.Fraction, got.Left = f, time.Duration(float64(got.Elapsed)*(1-f)/f)
	}
	return got, time.Duration(end-tick) * time.Microsecond
}

// probeEvery is the nodes the workers make for each probe the merger's
// estimator makes meanwhile (estimator.work, 2% of a core), after warm's:
// runs of estimateRun's search made one every 1,400 nodes on one worker
// and every 3,000 on two.
const probeEvery = 3000

// checkImplied says how far the search's size that report pr implies (the
// nodes made over the fraction done) is from total: an error past a
// factor 2.
func checkImplied(pr puzzles.Progress, total int64) (ratio float64, err error) {
	if !pr.Estimated || pr.Fraction <= 0 {
		return 0, fmt.Errorf("no estimate (%+v)", pr)
	}
	implied := float64(pr.Nodes+pr.Running) / pr.Fraction
	ratio = implied / float64(total)
	if ratio < 0.5 || ratio > 2 {
		return ratio, fmt.Errorf("the estimate implies a search of %.0f nodes (%.2f × the truth); it has %d", implied, ratio, total)
	}
	return ratio, nil
}

// The progress reports weigh the tasks by estimates of their size. On the
// search of estimateRun replayed node by node on two workers (nodeStream:
// the machine's load changes nothing), with the estimator probing every
// task minProbes times before it starts (warm) and the unfinished ones in
// turn as it goes (one probe every probeEvery nodes, at a look every 1% of
// the nodes), the search's size that the report at a tenth, a quarter and
// half of the nodes implies is within a factor 2 of the truth (1.4 to 1.6
// here), its time left is the time taken scaled by the fraction left, and
// those times are logged beside the time the rest of the run takes; the
// tasks' estimates follow their sizes. Weighing every task alike, as the
// fraction of the tasks finished does, fails it, as do estimates of a
// constant, sums instead of means and estimates given to the wrong tasks.
func TestProgressEstimate(t *testing.T) {
	if testing.Short() {
		t.Skip("a search of a second")
	}
	s := newNodeStream(t, estimateRun(t), 2)
	t.Logf("%d tasks, %d nodes", len(s.tasks), s.total)
	est := run.NewEstimator(taskProber{newSearcher(s.e, s.engine), s.tasks}, s.index)
	est.Warm(time.Hour) // every task minProbes times, whatever the machine's pace
	// The tasks' sizes span orders of magnitude: their estimates follow
	// them (0.93 here; estimates given to the wrong tasks, 0).
	ests, truths := make([]float64, len(s.tasks)), make([]float64, len(s.tasks))
	for i := range s.tasks {
		ests[i], _ = est.Estimate(i)
		truths[i] = float64(s.nodes[i])
	}
	if r := logCorrelation(ests, truths); !(r >= 0.8) {
		t.Errorf("the tasks' estimates and their nodes have a correlation of %.2f, in logs; want at least 0.8", r)
	} else {
		t.Logf("the tasks' estimates and their nodes have a correlation of %.2f, in logs", r)
	}
	// alike is an estimator that gives every task the same size.
	alike := run.NewEstimator(constProber{}, s.index)
	alike.Warm(time.Hour)
	alikeFails := false
	look := s.total / 100
	for k := int64(1); k <= 50; k++ {
		_, _, ended, _ := s.at(k * look)
		for range look / probeEvery {
			est.Step(func(i int) bool { return ended[i] })
		}
		if k != 10 && k != 25 && k != 50 {
			continue
		}
		pr, truth := s.report(t, est, k*look)
		ratio, err := checkImplied(pr, s.total)
		if err != nil {
			t.Errorf("at %d%% of the nodes: %v", k, err)
			continue
		}
		if want := time.Duration(float64(pr.Elapsed) * (1 - pr.Fraction) / pr.Fraction); pr.Elapsed <= 0 || pr.Left != want {
			t.Errorf("at %d%% of the nodes: %v taken, %.3f done, %v left; want %v", k, pr.Elapsed, pr.Fraction, pr.Left, want)
		}
		t.Logf("at %2d%% of the nodes: estimated %.1f%% done (%d of %d tasks), a search of %.2f × the truth; %v left, truly %v (%.2f ×)",
			k, 100*pr.Fraction, pr.Done, pr.Tasks, ratio, pr.Left, truth, float64(pr.Left)/float64(truth))
		if pr, _ := s.report(t, alike, k*look); pr.Estimated {
			_, err := checkImplied(pr, s.total)
			alikeFails = alikeFails || err != nil
		}
	}
	if !alikeFails {
		t.Error("tasks weighed alike pass: the test cannot tell a good estimate from a bad one")
	}
}

// constProber estimates every task's size as 1.
type constProber struct{}

func (constProber) Probe(int, func(int) int) float64 { return 1 }

// logCorrelation returns the correlation of the logarithms of 1 + x and
// 1 + y, over their pairs.
func logCorrelation(xs, ys []float64) float64 {
	var sx, sy, sxx, syy, sxy float64
	for i := range xs {
		x, y := math.Log1p(xs[i]), math.Log1p(ys[i])
		sx, sy, sxx, syy, sxy = sx+x, sy+y, sxx+x*x, syy+y*y, sxy+x*y
	}
	n := float64(len(xs))
	return (n*sxy - sx*sy) / math.Sqrt((n*sxx-sx*sx)*(n*syy-sy*sy))
}

// A real run's estimates against its truth, in time, for a spec named by
// POLYTILE_ESTIMATE_SPEC (one-sided-pentominoes-5x18, say), on all cores:
// at a tenth, a quarter and half of its nodes, the search's size that a
// report implies and the time left are within a factor of two of the
// truth. (It measures the estimate on this machine, as it is loaded: it
// runs only when asked.)
//
//	POLYTILE_ESTIMATE_SPEC=one-sided-pentominoes-5x18 go test ./puzzles/tiling -run ProgressEstimateRun -v -timeout 1h
func TestProgressEstimateRun(t *testing.T) {
	name := os.Getenv("POLYTILE_ESTIMATE_SPEC")
	if name == "" {
		t.Skip("a measure of a real run: set POLYTILE_ESTIMATE_SPEC to a spec")
	}
	spec, err := loadSpec(name)
	if err != nil {
		t.Fatal(err)
	}
	type report struct {
		at        time.Duration
		nodes     float64 // made, as the estimate counts them
		estimated bool
		fraction  float64
		left      time.Duration
	}
	var reports []report
	start := time.Now()
	cfg := &puzzles.SolveConfig{Each: func(puzzles.Class, int) bool { return true }}
	cfg.Progress = func(pr puzzles.Progress) {
		reports = append(reports, report{at: time.Since(start), nodes: float64(pr.Nodes + pr.Running), estimated: pr.Estimated, fraction: pr.Fraction, left: pr.Left})
	}
	res, err := spec.Puzzle.Solve(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	total, wall := float64(res.Stats.Nodes), time.Since(start)
	t.Logf("%d tasks, %.0f nodes, %v", res.Tasks, total, wall.Round(time.Millisecond))
	for _, q := range []float64{0.10, 0.25, 0.50} {
		i := 0
		for i < len(reports) && reports[i].nodes < q*total {
			i++
		}
		if i == len(reports) {
			t.Fatalf("no report after %.0f%% of the nodes", 100*q)
		}
		r := reports[i]
		if !r.estimated {
			t.Errorf("at %.0f%% of the nodes (%v), no estimate yet", 100*q, r.at)
			continue
		}
		implied := r.nodes / r.fraction
		truth := wall - r.at
		t.Logf("at %2.0f%% of the nodes (%v): estimated %.0f%% done, a search of %.0f nodes (%.2f × the truth); ~%v left, truly %v",
			100*q, r.at.Round(time.Millisecond), 100*r.fraction, implied, implied/total, r.left.Round(time.Millisecond), truth.Round(time.Millisecond))
		if implied < total/2 || implied > total*2 {
			t.Errorf("at %.0f%% of the nodes the estimate implies a search of %.0f nodes; it has %.0f", 100*q, implied, total)
		}
		if r.left < truth/2 || r.left > truth*2 {
			t.Errorf("at %.0f%% of the nodes the estimate says %v left; it took %v", 100*q, r.left, truth)
		}
	}
}
