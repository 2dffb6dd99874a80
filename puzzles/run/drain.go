package run

import (
	"time"

	"github.com/polytile/polytile/puzzles"
)

// restBudget is how long an interrupted run goes on taking what its
// tasks found.
const restBudget = 500 * time.Millisecond

// budgetEvery is how many classes the merger takes between looks at its
// budget.
const budgetEvery = 64

// overBudget reports whether the run was interrupted restBudget ago or
// more (counted from the first look after the interruption): a fast
// search may have spilled gigabytes of classes that its tasks found, and a
// stop must be prompt. A task not taken whole then counts as not run (a
// resumed run runs it again).
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
// count the task's covers, statistics and sums.
func (m *merger) drain(i int) bool {
	r := &m.results[i]
	for {
		r.mu.Lock()
		if r.spill == nil || !r.spill.pending() {
			break // with r.mu held
		}
		ds, err := r.spill.next(m.buffer)
		r.taken.Broadcast()
		r.mu.Unlock()
		if err != nil {
			m.fail(err)
			return false
		}
		if !m.takeAll(ds, i) {
			return false
		}
	}
	ds, done := r.distinct, r.finished
	r.distinct = nil
	r.taken.Broadcast()
	r.mu.Unlock()
	if !m.takeAll(ds, i) || !done {
		return false
	}
	if r.err != nil && !isStop(r.err) {
		m.fail(r.err)
		return false
	}
	if r.spill != nil {
		m.spilled += r.spill.records
		r.spill.close()
	}
	m.res.Found += r.st.Found
	m.res.Stats.Nodes += r.st.Nodes
	m.res.Stats.Updates += r.st.Updates
	for _, s := range r.sums {
		m.cfg.Sums[s.key].Add(m.cfg.Sums[s.key], s.v)
	}
	if r.err != nil {
		m.res.Complete = false
	} else if m.cfg.TaskDone != nil {
		m.cfg.TaskDone(m.cfg.Tasks[i], puzzles.TaskStats{Found: r.st.Found, Distinct: r.distinctTaken, Raw: r.raw,
			Nodes: r.st.Nodes, Updates: r.st.Updates})
	}
	return true
}

// takeAll takes the classes of task i, and reports false if the run
// stopped meanwhile.
func (m *merger) takeAll(ds []puzzles.Class, i int) bool {
	r := &m.results[i]
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
	return !m.stopped
}

// fail stops the run for err, which Run returns.
func (m *merger) fail(err error) {
	if m.err == nil {
		m.err = err
	}
	m.stop()
}

// take merges one class found by task i, and stops the run at the limit
// or when Each says so.
func (m *merger) take(d puzzles.Class, i int) {
	m.distinct++
	m.res.Raw += int64(d.Orbit)
	if m.cfg.Each != nil {
		if !m.cfg.Each(d, m.cfg.Tasks[i]) {
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
	if m.cancel != nil {
		m.cancel()
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
	for i := range m.results {
		r := &m.results[i]
		res.Buffered = max(res.Buffered, r.most)
		if r.spill != nil {
			r.spill.close()
		}
	}
	res.Spilled = m.spilled
}
