package tiling

import (
	"math/rand/v2"
	"time"
)

// estimator estimates the size of each task's search tree, for honest
// progress: tasks differ in size by orders of magnitude (the first ones,
// near the board's corner, are the largest), so the fraction of the tasks
// finished says little of the fraction of the work done. It probes the
// tasks' trees at random (searcher.probe), in rounds over the tasks not
// finished, a little at a time from the goroutine that merges, so that
// the estimates sharpen as the search goes on; the mean of a task's probes
// estimates the nodes its search makes.
type estimator struct {
	s     searcher // its own
	tasks []task
	sum   []float64 // of each task's probes
	n     []int32   // each task's probes
	next  int       // the task to probe next
	rng   *rand.Rand
}

// minProbes is the number of probes of every unfinished task before
// the estimate is given: the trees' sizes are heavy-tailed, and a few
// probes mostly miss the large subtrees.
const minProbes = 16

// The time the estimator may take at each look of the merger (every
// progressEvery/4), as a fraction of the time between two looks: before it
// has minProbes of every task (which takes a few milliseconds for a
// thousand tasks), and after.
const (
	probeShareFirst = 4  // a quarter
	probeShare      = 50 // 2%
)

func newEstimator(s searcher, tasks []task) *estimator {
	return &estimator{s: s, tasks: tasks, sum: make([]float64, len(tasks)), n: make([]int32, len(tasks)),
		rng: rand.New(rand.NewPCG(0x706f6c79, 0x74696c65))}
}

// warm probes every task minProbes times before the search starts, or as
// many as it can in about limit: the merger that probes as the search goes
// competes with the workers for the cores, and gets little time at first.
func (e *estimator) warm(limit time.Duration) {
	deadline := time.Now().Add(limit)
	for range minProbes {
		for i := range e.tasks {
			if i%16 == 0 && time.Now().After(deadline) {
				return
			}
			e.sum[i] += e.s.probe(e.tasks[i].prefix, e.rng.IntN)
			e.n[i]++
		}
	}
}

// warmLimit is the most time warm takes.
const warmLimit = 100 * time.Millisecond

// work probes the tasks that ended reports unfinished, in turn, for
// about budget.
func (e *estimator) work(budget time.Duration, ended func(i int) bool) {
	deadline := time.Now().Add(budget)
	for k := 0; k < 1<<20; k++ {
		if k%16 == 0 && time.Now().After(deadline) {
			return
		}
		e.step(ended)
	}
}

// step probes the next task in turn, unless ended reports it finished.
func (e *estimator) step(ended func(i int) bool) {
	i := e.next
	e.next = (e.next + 1) % len(e.tasks)
	if !ended(i) {
		e.sum[i] += e.s.probe(e.tasks[i].prefix, e.rng.IntN)
		e.n[i]++
	}
}

// estimate returns task i's estimated nodes, and whether it has been
// probed enough to say.
func (e *estimator) estimate(i int) (float64, bool) {
	if e.n[i] < minProbes {
		return 0, false
	}
	return e.sum[i] / float64(e.n[i]), true
}
