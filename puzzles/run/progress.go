package run

import (
	"time"

	"github.com/polytile/polytile/puzzles"
)

// probe lets the estimator work for a while, more until it can give an
// estimate.
func (m *merger) probe() {
	if m.est == nil {
		return
	}
	budget := m.every / 4 / probeShare
	if _, _, ok := m.est.Fraction(m.nodeStates()); !ok {
		budget = m.every / 4 / probeShareFirst
	}
	m.est.work(budget, func(i int) bool { return m.results[i].ended.Load() })
}

// nodeStates returns how far each task has come, in nodes.
func (m *merger) nodeStates() []TaskNodes {
	out := make([]TaskNodes, len(m.results))
	for i := range m.results {
		r := &m.results[i]
		if r.ended.Load() {
			r.mu.Lock()
			out[i] = TaskNodes{Nodes: r.st.Nodes, Ended: true}
			r.mu.Unlock()
			continue
		}
		out[i].Nodes = r.live.Load()
	}
	return out
}

// progress reports progress, if the caller asked for it: by nodes, or by
// time when the tasks have weights.
func (m *merger) progress() {
	if m.cfg.Progress == nil {
		return
	}
	p := puzzles.Progress{Tasks: len(m.results), Done: int(m.done.Load()), Found: m.res.Found,
		Distinct: m.distinct, Nodes: m.nodes.Load(), Elapsed: m.now().Sub(m.start)}
	if m.cfg.Weights != nil {
		states := make([]TaskState, len(m.results))
		for i := range states {
			states[i] = m.gauges[i].state(m.cfg.Weights[i])
		}
		if m.cfg.Sampled != nil {
			m.cfg.Sampled(p.Elapsed, states)
		}
		p.Fraction, p.Left, p.Estimated = m.times.Estimate(p.Elapsed, states)
		if p.Done == p.Tasks {
			p.Fraction, p.Left, p.Estimated = 1, 0, true
		}
		m.cfg.Progress(p)
		return
	}
	var f float64
	if p.Running, f, p.Estimated = m.est.Fraction(m.nodeStates()); p.Estimated {
		p.Fraction, p.Left = f, time.Duration(float64(p.Elapsed)*(1-f)/f)
	}
	m.cfg.Progress(p)
}
