package run

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	"github.com/polytile/polytile/puzzles"
)

// merger runs tasks on workers and merges their results, in task order:
// the front task's classes as they come, the others' once they are at the
// front, so that the classes, the order in which Each sees them and the
// counts are the same for any number of workers. It counts a task's
// covers, statistics and sums only once it has taken all the task's
// classes and gone past it; the task in which the limit or Each stops the
// run counts nothing.
type merger struct {
	cfg     *Config
	res     *puzzles.Result
	results []taskResult
	gauges  []Gauge // for progress by time; nil without
	buffer  int
	every   time.Duration
	start   time.Time
	now     func() time.Time   // the clock progress reads
	ctx     context.Context    // the workers'
	cancel  context.CancelFunc // stops the workers
	est     *Estimator         // nil if no one asked for progress by nodes
	times   TimeEstimator      // for progress by time (Config.Weights)

	// The merger's own.
	distinct int64     // classes taken
	stopped  bool      // by the limit, by Each, or by until
	until    time.Time // after an interruption, when to stop taking classes
	parent   context.Context
	err      error // what stopped the merger, if not ctx, the limit or Each
	failMu   sync.Mutex
	failure  error // the first task's failure, as a worker saw it
	spilled  int64 // classes that went through spill files

	// Shared with the workers.
	next  atomic.Int64  // the next task to claim
	done  atomic.Int64  // tasks finished, for progress
	nodes atomic.Int64  // their nodes, for progress
	wake  chan struct{} // a task finished or filled its buffer
	mu    sync.Mutex    // guards front
	moved sync.Cond     // L is &mu; signaled when front moves or the run stops
	front int           // the first task not merged yet
	ahead int           // how far workers may run ahead of front
}

func newMerger(c *Config, res *puzzles.Result) *merger {
	m := &merger{cfg: c, res: res, results: make([]taskResult, len(c.Tasks)),
		buffer: c.Buffer, every: c.Every, start: time.Now(), now: time.Now, wake: make(chan struct{}, 1), ctx: context.Background()}
	if m.buffer <= 0 {
		m.buffer = defaultBuffer
	}
	if m.every <= 0 {
		m.every = puzzles.ProgressEvery
	}
	if !c.Start.IsZero() {
		m.start = c.Start
	}
	m.moved.L = &m.mu
	for i := range m.results {
		m.results[i].pos = i
		m.results[i].taken.L = &m.results[i].mu
	}
	if c.Weights != nil && c.Progress != nil {
		// Progress by time: each task's gauge.
		m.gauges = make([]Gauge, len(c.Tasks))
		for i := range m.gauges {
			m.gauges[i].origin = m.start
		}
	}
	res.Complete = true
	res.Tasks = len(c.Tasks)
	return m
}

// run runs the tasks on at most cfg.Workers workers, merges their results
// and returns ctx's error, or the first task's failure.
func (m *merger) run(ctx context.Context) error {
	workers := max(1, min(m.cfg.Workers, len(m.results)))
	m.res.Workers, m.ahead, m.times.Workers = workers, 64+8*workers, workers
	if m.cfg.Progress != nil && m.cfg.Prober != nil && m.cfg.Weights == nil && len(m.results) > 0 {
		m.est = NewEstimator(m.cfg.Prober, m.cfg.Tasks)
		m.est.Warm(WarmLimit)
	}
	m.parent = ctx
	ctx, m.cancel = context.WithCancel(ctx)
	m.ctx = ctx
	defer m.cancel()
	defer context.AfterFunc(ctx, m.wakeAll)()
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() { m.work(ctx) })
	}
	m.merge(ctx)
	wg.Wait()
	if m.parent.Err() != nil {
		// Interrupted: keep what the other tasks found, in task order, for
		// as long as restBudget allows (overBudget).
		m.rest()
	}
	if m.err == nil && m.failure != nil {
		m.err = m.failure
	}
	m.finish(m.parent.Err() != nil || m.err != nil)
	if m.err != nil {
		m.res.Complete = false
		return m.err
	}
	return m.parent.Err()
}

// work runs tasks as they are claimed, with a searcher made at the first.
func (m *merger) work(ctx context.Context) {
	var s Searcher
	var woke time.Time // when this worker last woke the merger
	y := &Yield{m: m}
	for i, ok := m.claim(ctx); ok; i, ok = m.claim(ctx) {
		if s == nil {
			s = m.cfg.NewSearcher()
		}
		r := &m.results[i]
		y.r = r
		if m.gauges != nil {
			m.gauges[i].begin()
		}
		st, err := s.Search(ctx, m.cfg.Tasks[i], y)
		if err == nil && m.gauges != nil {
			m.gauges[i].end()
		}
		r.finish(st, err)
		if err != nil && !isStop(err) {
			m.failMu.Lock()
			if m.failure == nil {
				m.failure = err
			}
			m.failMu.Unlock()
			m.cancel() // a failure stops the run
		}
		m.nodes.Add(st.Nodes)
		last := m.done.Add(1) == int64(len(m.results))
		if now := time.Now(); last || err != nil || now.Sub(woke) >= wakeEvery {
			m.signal()
			woke = now
		}
	}
	if s != nil {
		s.Release()
	}
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
// merged, the limit or Each stops the run, or ctx is canceled. It looks
// at the front task when woken and at least every Every/4, and reports
// progress every Every.
func (m *merger) merge(ctx context.Context) {
	ticker := time.NewTicker(m.every / 4)
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
