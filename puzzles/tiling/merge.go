package tiling

import (
	"context"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/polytile/polytile/puzzles"
)

// taskResult is what one task found. The worker running the task appends
// the classes it keeps as it finds them; the merger takes them from the
// front task as they come, so that a long task neither holds its solutions
// until it ends nor delays a stop. A worker whose task holds bufferCap
// classes not taken yet waits for the merger (its task may be behind
// others), so that memory stays bounded however many solutions a task has.
type taskResult struct {
	mu       sync.Mutex
	taken    sync.Cond       // L is &mu; signaled when the merger takes, or the run stops
	distinct []puzzles.Class // found and not yet taken by the merger
	most     int             // the largest len(distinct) seen
	finished bool            // the task has ended; the fields below are set

	found, nodes, updates int64
	err                   error

	distinctTaken, raw int64 // the classes the merger took, and their orbits

	puzzle   *Puzzle // whose classes these are, for the spill; nil: none may be made
	spill    *spill  // classes put aside on disk, before those in distinct; nil: none yet
	spillErr error   // the first error writing the spill: the worker then waits

	live  atomic.Int64 // the nodes of the search so far, as it goes (fill.setLive)
	ended atomic.Bool  // set with finished
}

// bufferCap is the most classes a task holds in memory that the merger has
// not taken (a variable so that tests can lower it); more go to its spill
// file. Workers run at most ahead tasks in front of the merger (see
// merger.claim), so the classes waiting in memory number at most about
// (ahead + workers) × bufferCap.
var bufferCap = 1024

// progressEvery is ProgressEvery, which tests may shorten.
var progressEvery = puzzles.ProgressEvery

// add appends d, first moving the classes waiting to the task's spill file
// if bufferCap of them wait (or, if that fails, waiting for the merger to
// take them), and wakes the merger if it fills the buffer. It reports
// false, dropping d, if ctx is canceled meanwhile.
func (r *taskResult) add(ctx context.Context, d puzzles.Class, wake func()) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	for len(r.distinct) >= bufferCap {
		if ctx.Err() != nil {
			return false
		}
		if r.spill == nil && r.puzzle != nil {
			r.spill = newSpill(r.puzzle)
		}
		if r.spill != nil && r.spillErr == nil {
			if r.spillErr = r.spill.write(r.distinct); r.spillErr == nil {
				r.distinct = r.distinct[:0]
				break
			}
		}
		wake()
		r.taken.Wait()
	}
	r.distinct = append(r.distinct, d)
	r.most = max(r.most, len(r.distinct))
	if len(r.distinct) == bufferCap {
		wake()
	}
	return true
}

// finish records the end of the task.
func (r *taskResult) finish(found, nodes, updates int64, err error) {
	r.mu.Lock()
	r.found, r.nodes, r.updates, r.err, r.finished = found, nodes, updates, err, true
	r.mu.Unlock()
	r.ended.Store(true)
}

// merger runs tasks on workers and merges their results into a Result, in
// task order: the front task's classes as they come, the others' once they
// are at the front, so that the classes, the order in which Each sees them
// and the counts are the same for any number of workers. It counts a
// task's covers and statistics only once it has taken all the task's
// classes and gone past it; the task in which the limit or Each stops the
// search counts nothing (see Result).
type merger struct {
	cfg     *puzzles.SolveConfig
	res     *puzzles.Result
	index   []int // each task's index among all the tasks
	results []taskResult
	start   time.Time
	now     func() time.Time   // the clock progress reads: time.Now, or a test's
	cancel  context.CancelFunc // stops the workers
	est     *estimator         // nil if no one asked for progress

	// The merger's own.
	distinct int64     // classes taken
	stopped  bool      // by the limit, by Each, or by until
	until    time.Time // after an interruption, when to stop taking classes
	parent   context.Context

	err     error // what stopped the merger, if not ctx, the limit or Each
	spilled int64 // classes that went through spill files

	// Shared with the workers.
	next  atomic.Int64  // the next task to claim
	done  atomic.Int64  // tasks finished, for Progress
	nodes atomic.Int64  // their nodes, for Progress
	wake  chan struct{} // a task finished or filled its buffer
	mu    sync.Mutex    // guards front
	moved sync.Cond     // L is &mu; signaled when front moves or the run stops
	front int           // the first task not merged yet
	ahead int           // how far workers may run ahead of front
}

func newMerger(p *Puzzle, cfg *puzzles.SolveConfig, res *puzzles.Result, index []int, start time.Time) *merger {
	m := &merger{cfg: cfg, res: res, index: index, results: make([]taskResult, len(index)), start: start,
		now: time.Now, wake: make(chan struct{}, 1)}
	m.moved.L = &m.mu
	for i := range m.results {
		m.results[i].taken.L = &m.results[i].mu
		m.results[i].puzzle = p
	}
	res.Complete = true
	return m
}

// run runs the tasks on at most the given number of workers, each made by
// newWorker, merges their results into m.res and returns ctx's error.
func (m *merger) run(ctx context.Context, tasks []task, workers int, newWorker func() *worker) error {
	workers = max(1, min(workers, len(tasks)))
	m.res.Workers, m.ahead = workers, 64+8*workers
	parent := ctx
	m.parent = parent
	ctx, m.cancel = context.WithCancel(ctx)
	defer m.cancel()
	defer context.AfterFunc(ctx, m.wakeAll)()
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			var w *worker
			var woke time.Time // when this worker last woke the merger
			for i, ok := m.claim(ctx); ok; i, ok = m.claim(ctx) {
				if w == nil {
					w = newWorker()
				}
				w.run(ctx, &tasks[i], &m.results[i], m.signal)
				m.nodes.Add(m.results[i].nodes)
				last := m.done.Add(1) == int64(len(m.results))
				if now := time.Now(); last || now.Sub(woke) >= wakeEvery {
					m.signal()
					woke = now
				}
			}
			if w != nil {
				w.s.release()
			}
		})
	}
	m.merge(ctx)
	wg.Wait()
	if parent.Err() != nil {
		// Interrupted: keep what the other tasks found, in task order, for
		// as long as restBudget allows (overBudget).
		m.rest()
	}
	m.finish(parent.Err() != nil)
	if m.err != nil {
		m.res.Complete = false
		return m.err
	}
	return parent.Err()
}

// claim returns the next task for a worker to run, once it is at most
// m.ahead tasks in front of the merger (so that the classes waiting for
// earlier tasks stay few); false if there is none or the run stopped.
func (m *merger) claim(ctx context.Context) (int, bool) {
	i := int(m.next.Add(1) - 1)
	if i >= len(m.results) {
		return 0, false
	}
	m.mu.Lock()
	for i >= m.front+m.ahead && ctx.Err() == nil {
		m.signal() // the tasks this one waits for may have ended unannounced
		m.moved.Wait()
	}
	m.mu.Unlock()
	return i, ctx.Err() == nil
}

// wakeEvery is how often at most a worker wakes the merger when a task
// ends (the last task, a full buffer and a worker held back by the merger
// wake it at once; its ticker wakes it anyway). Waking it for every one of
// thousands of short tasks costs a thread wake-up each when it sleeps on
// another core.
const wakeEvery = time.Millisecond

// signal wakes the merger.
func (m *merger) signal() {
	select {
	case m.wake <- struct{}{}:
	default:
	}
}

// wakeAll wakes the workers waiting for the merger, once the run stops.
func (m *merger) wakeAll() {
	m.mu.Lock()
	m.moved.Broadcast()
	m.mu.Unlock()
	for i := range m.results {
		r := &m.results[i]
		r.mu.Lock()
		r.taken.Broadcast()
		r.mu.Unlock()
	}
}

// merge takes results as the workers make them, until every task is
// merged, the limit or Each stops the search, or ctx is canceled. It looks
// at the front task when woken and at least every ProgressEvery/4, and
// reports progress every ProgressEvery.
func (m *merger) merge(ctx context.Context) {
	ticker := time.NewTicker(progressEvery / 4)
	defer ticker.Stop()
	for ticks := 0; m.advance(); {
		select {
		case <-m.wake:
		case <-ticker.C:
			m.probe()
			if ticks++; ticks%4 == 0 {
				m.progress()
			}
		case <-ctx.Done():
			return
		}
	}
}

// advance merges the tasks at the front that have finished, and what the
// first unfinished one has found so far; it reports whether there is more
// to merge.
func (m *merger) advance() bool {
	for m.front < len(m.results) && !m.stopped && m.drain(m.front) {
		m.mu.Lock()
		m.front++
		m.moved.Broadcast()
		m.mu.Unlock()
	}
	return m.front < len(m.results) && !m.stopped
}

// restBudget is how long an interrupted search goes on taking what its
// tasks found.
const restBudget = 500 * time.Millisecond

// budgetEvery is how many classes the merger takes between looks at its
// budget.
const budgetEvery = 64

// overBudget reports whether the search was interrupted restBudget ago or
// more (counted from the first look after the interruption): a fast
// search may have spilled gigabytes of classes that its tasks found, and a
// stop must be prompt. A task not taken whole then counts as not run (a
// resumed search runs it again).
func (m *merger) overBudget() bool {
	if m.parent == nil || m.parent.Err() == nil {
		return false
	}
	if m.until.IsZero() {
		m.until = time.Now().Add(restBudget)
	}
	return time.Now().After(m.until)
}

// rest takes, once the workers have stopped, what the tasks after the
// front found, in task order.
func (m *merger) rest() {
	for i := m.front; i < len(m.results) && !m.stopped; i++ {
		m.drain(i)
	}
}

// drain takes what task i has found so far, and reports whether the task
// has ended and all it found was taken, without a stop: only then does it
// count the task's covers and statistics.
func (m *merger) drain(i int) bool {
	r := &m.results[i]
	for {
		r.mu.Lock()
		if r.spill == nil || !r.spill.pending() {
			break // with r.mu held
		}
		ds, err := r.spill.next(bufferCap)
		r.taken.Broadcast()
		r.mu.Unlock()
		if err != nil {
			m.fail(err)
			return false
		}
		for k, d := range ds {
			if k%budgetEvery == 0 && m.overBudget() {
				m.stopped = true
			}
			if m.stopped {
				return false
			}
			m.take(d, i)
			r.distinctTaken++
			r.raw += int64(d.Orbit)
		}
	}
	ds, done := r.distinct, r.finished
	r.distinct = nil
	r.taken.Broadcast()
	r.mu.Unlock()
	for k, d := range ds {
		if k%budgetEvery == 0 && m.overBudget() {
			m.stopped = true
		}
		if m.stopped {
			break
		}
		m.take(d, i)
		r.distinctTaken++
		r.raw += int64(d.Orbit)
	}
	if !done || m.stopped {
		return false
	}
	if r.spill != nil {
		m.spilled += r.spill.records
		r.spill.close()
	}
	m.res.Found += r.found
	m.res.Stats.Nodes += r.nodes
	m.res.Stats.Updates += r.updates
	if r.err != nil {
		m.res.Complete = false
	} else if m.cfg.TaskDone != nil {
		m.cfg.TaskDone(m.index[i], puzzles.TaskStats{Found: r.found, Distinct: r.distinctTaken, Raw: r.raw, Nodes: r.nodes, Updates: r.updates})
	}
	return true
}

// fail stops the search for err, which Solve returns.
func (m *merger) fail(err error) {
	if m.err == nil {
		m.err = err
	}
	m.stop()
}

// take merges one class found by task i, and stops the search at the
// limit or when Each says so.
func (m *merger) take(d puzzles.Class, i int) {
	m.distinct++
	m.res.Raw += int64(d.Orbit)
	if m.cfg.Each != nil {
		if !m.cfg.Each(d, m.index[i]) {
			m.stop()
		}
	} else {
		m.res.Distinct = append(m.res.Distinct, d)
	}
	if m.cfg.Limit > 0 && m.distinct >= int64(m.cfg.Limit) {
		m.stop()
	}
}

func (m *merger) stop() {
	m.stopped = true
	m.cancel()
}

// probe lets the estimator work for a while, more until it can give an
// estimate.
func (m *merger) probe() {
	if m.est == nil {
		return
	}
	budget := progressEvery / 4 / probeShare
	if _, _, ok := m.estimate(); !ok {
		budget = progressEvery / 4 / probeShareFirst
	}
	m.est.work(budget, func(i int) bool { return m.results[i].ended.Load() })
}

// estimate returns the nodes the tasks running have made so far, and the
// estimated fraction of the search's nodes made: those of the tasks
// finished and of the tasks running, over those and the estimated nodes
// of the others (those of the tasks running, at least as many as they
// made). The fraction is not known (ok is false) until the estimator has
// probed every unfinished task enough.
func (m *merger) estimate() (running int64, fraction float64, ok bool) {
	var done, total float64
	ok = m.est != nil
	for i := range m.results {
		r := &m.results[i]
		if r.ended.Load() {
			r.mu.Lock()
			nodes := float64(r.nodes)
			r.mu.Unlock()
			done += nodes
			total += nodes
			continue
		}
		live := r.live.Load()
		running += live
		done += float64(live)
		if ok {
			var est float64
			est, ok = m.est.estimate(i)
			total += max(est, float64(live))
		}
	}
	if !ok || done == 0 || total == 0 {
		return running, 0, false
	}
	return running, done / total, true
}

// progress reports progress, if the caller asked for it.
func (m *merger) progress() {
	if m.cfg.Progress != nil {
		p := puzzles.Progress{Tasks: len(m.results), Done: int(m.done.Load()), Found: m.res.Found,
			Distinct: m.distinct, Nodes: m.nodes.Load(), Elapsed: m.now().Sub(m.start)}
		var f float64
		if p.Running, f, p.Estimated = m.estimate(); p.Estimated {
			p.Fraction, p.Left = f, time.Duration(float64(p.Elapsed)*(1-f)/f)
		}
		m.cfg.Progress(p)
	}
}

// finish completes the result once the workers have stopped.
func (m *merger) finish(interrupted bool) {
	m.progress()
	res := m.res
	res.Finished = int(m.done.Load())
	if interrupted || m.stopped || m.front < len(m.results) {
		res.Complete = false
	}
	res.Stats.Solutions = res.Found
	if m.cfg.Each == nil {
		slices.SortFunc(res.Distinct, func(a, b puzzles.Class) int { return a.Solution.(*Solution).Compare(b.Solution.(*Solution)) })
	}
	for i := range m.results {
		r := &m.results[i]
		res.Buffered = max(res.Buffered, r.most)
		if r.spill != nil {
			r.spill.close()
		}
	}
	res.Spilled = m.spilled
}
