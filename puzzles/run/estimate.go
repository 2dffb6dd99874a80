package run

import (
	"math"
	"math/rand/v2"
	"slices"
	"time"
)

// Estimator estimates the size of each task's search tree, for honest
// progress: tasks differ in size by orders of magnitude (the first ones,
// near the board's corner, are the largest), so the fraction of the tasks
// finished says little of the fraction of the work done. It probes the
// tasks' trees at random (Prober), in rounds over the tasks not finished,
// a little at a time from the goroutine that merges, so that the
// estimates sharpen as the search goes on; the mean of a task's probes
// estimates the nodes its search makes. Tasks are named by their place in
// the list given to NewEstimator.
type Estimator struct {
	p     Prober
	tasks []int
	sum   []float64 // of each task's probes
	n     []int32   // each task's probes
	next  int       // the task to probe next
	rng   *rand.Rand
}

// MinProbes is the number of probes of every unfinished task before
// the estimate is given: the trees' sizes are heavy-tailed, and a few
// probes mostly miss the large subtrees.
const MinProbes = 16

// The time the estimator may take at each look of the merger (every
// Every/4), as a fraction of the time between two looks: before it
// has MinProbes of every task (which takes a few milliseconds for a
// thousand tasks), and after.
const (
	probeShareFirst = 4  // a quarter
	probeShare      = 50 // 2%
)

// NewEstimator returns an estimator of the tasks (by their index among
// all the tasks, as p takes them), which has probed none.
func NewEstimator(p Prober, tasks []int) *Estimator {
	return &Estimator{p: p, tasks: tasks, sum: make([]float64, len(tasks)), n: make([]int32, len(tasks)),
		rng: rand.New(rand.NewPCG(0x706f6c79, 0x74696c65))}
}

// Warm probes every task MinProbes times before the search starts, or as
// many as it can in about limit: the merger that probes as the search goes
// competes with the workers for the cores, and gets little time at first.
func (e *Estimator) Warm(limit time.Duration) {
	deadline := time.Now().Add(limit)
	for range MinProbes {
		for i := range e.tasks {
			if i%16 == 0 && time.Now().After(deadline) {
				return
			}
			e.sum[i] += e.p.Probe(e.tasks[i], e.rng.IntN)
			e.n[i]++
		}
	}
}

// WarmLimit is the most time Warm takes before a run.
const WarmLimit = 100 * time.Millisecond

// work probes the tasks that ended reports unfinished, in turn, for
// about budget.
func (e *Estimator) work(budget time.Duration, ended func(i int) bool) {
	deadline := time.Now().Add(budget)
	for k := 0; k < 1<<20; k++ {
		if k%16 == 0 && time.Now().After(deadline) {
			return
		}
		e.Step(ended)
	}
}

// Step probes the next task in turn, unless ended reports it finished.
func (e *Estimator) Step(ended func(i int) bool) {
	i := e.next
	e.next = (e.next + 1) % len(e.tasks)
	if !ended(i) {
		e.sum[i] += e.p.Probe(e.tasks[i], e.rng.IntN)
		e.n[i]++
	}
}

// Estimate returns task i's estimated nodes, and whether it has been
// probed enough to say.
func (e *Estimator) Estimate(i int) (float64, bool) {
	if e.n[i] < MinProbes {
		return 0, false
	}
	return e.sum[i] / float64(e.n[i]), true
}

// TaskNodes is how far a task has come, in nodes: all it made if it
// ended, or those it has made so far.
type TaskNodes struct {
	Nodes int64
	Ended bool
}

// Fraction returns the nodes the tasks running have made so far, and the
// estimated fraction of the search's nodes made: those of the tasks
// finished and of the tasks running, over those and the estimated nodes
// of the others (those of the tasks running, at least as many as they
// made). The fraction is not known (ok is false) until the estimator has
// probed every unfinished task enough. e may be nil: nothing is known.
func (e *Estimator) Fraction(tasks []TaskNodes) (running int64, fraction float64, ok bool) {
	var done, total float64
	ok = e != nil
	for i, t := range tasks {
		if t.Ended {
			done += float64(t.Nodes)
			total += float64(t.Nodes)
			continue
		}
		running += t.Nodes
		done += float64(t.Nodes)
		if ok {
			var est float64
			est, ok = e.Estimate(i)
			total += max(est, float64(t.Nodes))
		}
	}
	if !ok || done == 0 || total == 0 {
		return running, 0, false
	}
	return running, done / total, true
}

// Weigh returns the weights of tasks for progress by time
// (Config.Weights): the estimated nodes of those that probed names, as p
// probes them MinProbes times each (at least 1), and the smallest of
// those for the others; 1 for every task if p is nil or there was not the
// time (WarmLimit) to probe every task enough.
func Weigh(p Prober, tasks []int, probed func(task int) bool) []float64 {
	weights := make([]float64, len(tasks))
	for i := range weights {
		weights[i] = 1
	}
	if p == nil {
		return weights
	}
	var some []int
	for _, t := range tasks {
		if probed(t) {
			some = append(some, t)
		}
	}
	e := NewEstimator(p, some)
	e.Warm(WarmLimit)
	est := make([]float64, len(some))
	smallest := math.Inf(1)
	for i := range some {
		w, ok := e.Estimate(i)
		if !ok {
			return weights
		}
		est[i] = max(w, 1)
		smallest = min(smallest, est[i])
	}
	k := 0
	for i, t := range tasks {
		weights[i] = smallest
		if probed(t) {
			weights[i] = est[k]
			k++
		}
	}
	return weights
}

// Descend estimates the search nodes below prefix by one random descent
// through the tree that branch gives (the choices after a path, or false
// at a whole solution), choosing among n branches by pick(n): Knuth's
// estimate, the mean of many of which is the number of nodes. (A Prober
// for a search that has no faster way.)
func Descend[T any](prefix []T, branch func(path []T) ([]T, bool), pick func(n int) int) float64 {
	path := slices.Clone(prefix)
	est, product := 0.0, 1.0
	for {
		kids, more := branch(path)
		if !more || len(kids) == 0 {
			return est
		}
		product *= float64(len(kids))
		est += product
		path = append(path, kids[pick(len(kids))])
	}
}
