package tiling

import (
	"math"
	"sync/atomic"
	"time"

	"github.com/polytile/polytile/puzzles"
)

// jobGauge is how far one job of a count has come: written by the worker
// that runs it, read by the goroutine that reports progress. Its times
// are from the count's start.
type jobGauge struct {
	origin time.Time
	share  atomic.Uint64 // the share of the job done, from 0 to 1, as the bits of a float64
	told   atomic.Int64  // when share was last told
	began  atomic.Int64  // when the job began, plus 1: 0 before
	ended  atomic.Int64  // when the job ended, plus 1: 0 before
}

// since returns the nanoseconds since the count's start.
func (g *jobGauge) since() int64 { return int64(time.Since(g.origin)) }

// begin notes that the job begins.
func (g *jobGauge) begin() { g.began.Store(g.since() + 1) }

// tell notes the share of the job done.
func (g *jobGauge) tell(share float64) {
	g.told.Store(g.since())
	g.share.Store(math.Float64bits(share))
}

// end notes that the job is done.
func (g *jobGauge) end() {
	g.tell(1)
	g.ended.Store(g.since() + 1)
}

// state returns what the gauge says of a job of that weight.
func (g *jobGauge) state(weight float64) jobState {
	s := jobState{Weight: weight, Share: math.Float64frombits(g.share.Load()), Told: time.Duration(g.told.Load())}
	if b := g.began.Load(); b > 0 {
		s.Began, s.Running = time.Duration(b-1), true
	}
	if e := g.ended.Load(); e > 0 {
		s.Ended, s.Running, s.Done = time.Duration(e-1), false, true
	}
	return s
}

// jobState is how far a job of a count has come at one moment: what
// countEstimator reads. Its times are from the count's start.
type jobState struct {
	Weight        float64 // its estimated share of the whole, in any unit
	Share         float64 // the share of the job done, from 0 to 1, as the job last told it
	Told          time.Duration
	Began, Ended  time.Duration
	Running, Done bool
}

// countEstimator estimates the fraction of a count done and its time
// left from the work done, as Solve's progress does from the nodes made;
// here the work is the time the workers spent on each job, since the
// nodes of a count (a search whose states are remembered, or the memo's
// states) say little of the time they take. A job's share moves only when
// it starts another branch of its first levels, and a branch may take
// minutes: a fraction and a time left read from the shares alone stand
// still, and grow, meanwhile. So the jobs are weighed in seconds:
//
//   - a job done took what it took;
//   - a job not begun is expected to take its weight (the estimate of its
//     size, countJob.weight) times the seconds the jobs done took for each
//     unit of theirs (or, before any is done, the seconds the jobs running
//     took to reach the shares they told);
//   - a job running is expected to take that too, or, once it has run
//     longer, as long as if it were half way through what its share
//     leaves: spent / (share + (1 − share) / 2).
//
// The fraction done is the time spent over the time expected, and the
// time left is what the jobs not done are expected to take still, shared
// among the workers, but never less than the longest of them: while a
// job's share stands still and it runs within what was expected of it,
// the time left goes down as the clock goes on. The zero value is not
// ready: set workers.
type countEstimator struct {
	workers int     // the goroutines running the jobs
	most    float64 // the largest fraction given so far: the fraction never goes back
}

// maxLeft is the longest time left that progress tells.
const maxLeft = 1000 * time.Hour

// estimate returns the fraction done and the time left at now, from the
// count's start, with the jobs as they are then, and whether they are
// known.
func (e *countEstimator) estimate(now time.Duration, jobs []jobState) (fraction float64, left time.Duration, ok bool) {
	rate, ok := secondsPerWeight(now, jobs)
	if !ok {
		return e.most, 0, false
	}
	var spent, expected, rest, longest float64
	for _, j := range jobs {
		switch {
		case j.Done:
			d := (j.Ended - j.Began).Seconds()
			spent += d
			expected += d
			continue
		case !j.Running:
			x := j.Weight * rate
			expected += x
			rest += x
			longest = max(longest, x)
			continue
		}
		ran := (now - j.Began).Seconds()
		x := max(j.Weight*rate, ran/(j.Share+(1-j.Share)/2))
		spent += ran
		expected += x
		rest += x - ran
		longest = max(longest, x-ran)
	}
	if expected > 0 {
		fraction = min(spent/expected, 1)
	}
	fraction = max(fraction, e.most)
	e.most = fraction
	l := max(rest/float64(max(e.workers, 1)), longest)
	// (A Duration holds 292 years: a time too long to say says nothing
	// yet.)
	if l*float64(time.Second) >= float64(maxLeft) {
		return fraction, maxLeft, false
	}
	return fraction, time.Duration(l * float64(time.Second)), true
}

// secondsPerWeight returns the seconds the jobs took for each unit of
// their weight: those done, or, before any is, those running up to the
// shares they told; false if none has told any.
func secondsPerWeight(now time.Duration, jobs []jobState) (float64, bool) {
	var seconds, weight float64
	for _, j := range jobs {
		if j.Done {
			seconds += (j.Ended - j.Began).Seconds()
			weight += j.Weight
		}
	}
	if weight == 0 {
		for _, j := range jobs {
			if j.Running && j.Share > 0 {
				seconds += (j.Told - j.Began).Seconds()
				weight += j.Weight * j.Share
			}
		}
	}
	if weight <= 0 || seconds <= 0 {
		return 0, false
	}
	return seconds / weight, true
}

// states returns the states of the jobs.
func (r *countRun) states(jobs []countJob) []jobState {
	out := make([]jobState, len(jobs))
	for i, j := range jobs {
		out[i] = r.gauges[i].state(j.weight)
	}
	return out
}

// progress returns how far the count has come.
func (r *countRun) progress(jobs []countJob, start time.Time) puzzles.CountProgress {
	elapsed := time.Since(start)
	states := r.states(jobs)
	if countSampled != nil {
		countSampled(elapsed, states)
	}
	p := puzzles.CountProgress{Tasks: len(jobs), Done: int(r.done.Load()), Elapsed: elapsed}
	p.Fraction, p.Left, p.Estimated = r.est.estimate(elapsed, states)
	if p.Done == p.Tasks {
		p.Fraction, p.Left, p.Estimated = 1, 0, true
	}
	return p
}

// countSampled, if not nil, is given the states of a count's jobs each
// time it reports progress: for tests, which record them.
var countSampled func(elapsed time.Duration, jobs []jobState)
