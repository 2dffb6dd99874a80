package run

import (
	"math"
	"sync/atomic"
	"time"
)

// Gauge is how far one task has come, in time: written by the worker that
// runs it (the search tells it the share of the task done), read by the
// goroutine that reports progress. Its times are from the run's start.
type Gauge struct {
	origin time.Time
	share  atomic.Uint64 // the share of the job done, from 0 to 1, as the bits of a float64
	told   atomic.Int64  // when share was last told
	began  atomic.Int64  // when the job began, plus 1: 0 before
	ended  atomic.Int64  // when the job ended, plus 1: 0 before
}

// since returns the nanoseconds since the run's start.
func (g *Gauge) since() int64 { return int64(time.Since(g.origin)) }

// begin notes that the task begins.
func (g *Gauge) begin() { g.began.Store(g.since() + 1) }

// Tell notes the share of the task done, from 0 to 1.
func (g *Gauge) Tell(share float64) {
	g.told.Store(g.since())
	g.share.Store(math.Float64bits(share))
}

// end notes that the task is done.
func (g *Gauge) end() {
	g.Tell(1)
	g.ended.Store(g.since() + 1)
}

// state returns what the gauge says of a task of that weight.
func (g *Gauge) state(weight float64) TaskState {
	s := TaskState{Weight: weight, Share: math.Float64frombits(g.share.Load()), Told: time.Duration(g.told.Load())}
	if b := g.began.Load(); b > 0 {
		s.Began, s.Running = time.Duration(b-1), true
	}
	if e := g.ended.Load(); e > 0 {
		s.Ended, s.Running, s.Done = time.Duration(e-1), false, true
	}
	return s
}

// TaskState is how far a task (a job) has come at one moment: what
// TimeEstimator reads. Its times are from the run's start.
type TaskState struct {
	Weight        float64 // its estimated share of the whole, in any unit
	Share         float64 // the share of the job done, from 0 to 1, as the job last told it
	Told          time.Duration
	Began, Ended  time.Duration
	Running, Done bool
}

// TimeEstimator estimates the fraction of a run done and its time left
// from the work done, as the progress by nodes does from the nodes made
// (Estimator); here the work is the time the workers spent on each job
// (a task), for runs such as counts, whose nodes (of a search whose
// states are remembered, or the memo's states) say little of the time
// they take. A job's share moves only when
// it starts another branch of its first levels, and a branch may take
// minutes: a fraction and a time left read from the shares alone stand
// still, and grow, meanwhile. So the jobs are weighed in seconds:
//
//   - a job done took what it took;
//   - a job not begun is expected to take its weight (the estimate of its
//     size, Config.Weights) times the seconds the jobs done took for each
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
// ready: set Workers.
type TimeEstimator struct {
	Workers int     // the goroutines running the jobs
	most    float64 // the largest fraction given so far: the fraction never goes back
}

// maxLeft is the longest time left that progress tells.
const maxLeft = 1000 * time.Hour

// Estimate returns the fraction done and the time left at now, from the
// run's start, with the jobs as they are then, and whether they are
// known.
func (e *TimeEstimator) Estimate(now time.Duration, jobs []TaskState) (fraction float64, left time.Duration, ok bool) {
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
	l := max(rest/float64(max(e.Workers, 1)), longest)
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
func secondsPerWeight(now time.Duration, jobs []TaskState) (float64, bool) {
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
