// Package run runs the tasks of a search: whichever kind of puzzle, and
// whether it lists the solutions or counts them. A search is split into
// tasks, numbered in a fixed order; a Searcher runs one task and gives
// what it yields (classes to merge in order, or counts to add) to a
// Yield. Run picks the tasks of a shard and leaves out those an earlier
// run finished (Ours), runs them on workers, each with its own Searcher,
// merges what they yield in task order (putting classes aside on disk when
// a task runs far ahead, Codec), reports progress with an estimate of the
// time left (from probes of the tasks' search trees, Prober, or from the
// time the tasks take, Config.Weights) and stops promptly when its context
// ends.
package run

import (
	"context"
	"errors"
	"math/big"
	"sync"
	"sync/atomic"
	"time"

	"github.com/polytile/polytile/puzzles"
)

// Ours returns the tasks, of n numbered from 0, that a run of shard of
// shards runs (those whose index i has i % shards == shard; every task
// when shards is at most 1), leaving out those that skip names (nil: none).
func Ours(n, shard, shards int, skip func(task int) bool) []int {
	out := make([]int, 0, n)
	for i := range n {
		if (shards <= 1 || i%shards == shard) && (skip == nil || !skip(i)) {
			out = append(out, i)
		}
	}
	return out
}

// A Searcher runs tasks, one at a time; each worker has its own.
type Searcher interface {
	// Search runs the task (its index among all the tasks), giving what
	// it yields to y, and returns its figures. A canceled ctx stops it,
	// with ctx's error; so does y.Class reporting false.
	Search(ctx context.Context, task int, y *Yield) (Stats, error)
	// Release gives back memory the searcher holds apart from the Go
	// heap, once it has run its last task.
	Release()
}

// Stats are the figures of one task: the covers it found (before any is
// left to another task as not its class's representative), and the
// search nodes and link updates it made.
type Stats struct {
	Found, Nodes, Updates int64
}

// Prober estimates the size of a task's search tree by one random descent
// (Knuth's estimate: the mean of many is the number of nodes), choosing
// among n branches by pick(n). It is used from one goroutine.
type Prober interface {
	Probe(task int, pick func(n int) int) float64
}

// Codec writes a class to a record of a fixed size and reads it back, so
// that classes a task found ahead of the merge can wait on disk.
type Codec interface {
	// Size is the size of a record, in bytes.
	Size() int
	// Append appends the class's record to b.
	Append(b []byte, c puzzles.Class) []byte
	// Decode reads back a record that Append wrote.
	Decode(rec []byte) puzzles.Class
}

// Config sets a run.
type Config struct {
	// Tasks are the tasks to run, by their index among all the tasks, in
	// the order they are merged (Ours).
	Tasks []int
	// Workers is the most goroutines running tasks at once (at least 1).
	Workers int
	// NewSearcher makes a worker's searcher, at its first task.
	NewSearcher func() Searcher
	// Each, if not nil, is given every class, with its task's index, in
	// task order; false stops the run. Without it the classes are kept in
	// the result's Distinct, in task order.
	Each func(d puzzles.Class, task int) bool
	// Limit stops the run once it has merged this many classes (0: no
	// limit).
	Limit int
	// TaskDone, if not nil, is told of each task that ran to its end and
	// whose classes were all merged, in task order.
	TaskDone func(task int, st puzzles.TaskStats)
	// Sums are where Yield.Add adds counts, by key: one for each key the
	// searchers add under.
	Sums []*big.Int
	// Progress, if not nil, is called every Every (0: puzzles.ProgressEvery)
	// and once at the end, from the goroutine that called Run.
	Progress func(puzzles.Progress)
	Every    time.Duration
	// Start is when the search began, from which progress counts the
	// time elapsed (zero: when Run is called).
	Start time.Time
	// Prober, if not nil, estimates the tasks' sizes, for progress: the
	// run probes them a little at a time as it goes.
	Prober Prober
	// Weights, if not nil, are the tasks' estimated sizes, in their order
	// in Tasks, in any unit: progress then estimates the time left from
	// the time the tasks take (TimeEstimator), instead of from nodes.
	Weights []float64
	// Sampled, if not nil, is given the tasks' states each time progress
	// is reported with Weights.
	Sampled func(elapsed time.Duration, tasks []TaskState)
	// Codec, if not nil, lets classes wait on disk (see Buffer); without
	// it a worker waits for the merge.
	Codec Codec
	// Buffer is the most classes a task holds in memory that the merge has
	// not taken (0: 1024); more go to disk.
	Buffer int
}

// defaultBuffer is Config.Buffer's default.
const defaultBuffer = 1024

// Run runs the tasks as c says, merging what they yield into res (Found,
// Raw, Distinct, Stats, Complete, Tasks, Finished, Workers, Buffered,
// Spilled) and into c.Sums. It returns the first error of a task that is
// not a stop, or ctx's error.
func Run(ctx context.Context, c *Config, res *puzzles.Result) error {
	return newMerger(c, res).run(ctx)
}

// Stopped records in res a run stopped before it began: nothing found,
// incomplete; it reports progress once if c asks for it.
func Stopped(c *Config, res *puzzles.Result) {
	newMerger(c, res).finish(true)
}

// Yield takes what a running task yields.
type Yield struct {
	m *merger
	r *taskResult
}

// Class gives the merge one class the task keeps; it reports false if the
// run stopped meanwhile (the search should then stop).
func (y *Yield) Class(d puzzles.Class) bool { return y.r.add(y.m, d) }

// Add adds v to the count of key (Config.Sums), once the task is merged.
func (y *Yield) Add(key int, v *big.Int) {
	y.r.sums = append(y.r.sums, keyed{key, v})
}

// Live is where the search keeps the nodes it has made so far, for
// progress.
func (y *Yield) Live() *atomic.Int64 { return &y.r.live }

// Gauge is where the search tells the share of the task done, for
// progress by time (Config.Weights); nil if no one asked for it.
func (y *Yield) Gauge() *Gauge {
	if y.m.gauges == nil {
		return nil
	}
	return &y.m.gauges[y.r.pos]
}

type keyed struct {
	key int
	v   *big.Int
}

// isStop reports whether err is a stop (a context's end) rather than a
// failure of the search.
func isStop(err error) bool {
	return errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
}

// taskResult is what one task found. The worker running the task appends
// the classes it keeps as it finds them; the merger takes them from the
// front task as they come, so that a long task neither holds its classes
// until it ends nor delays a stop. A worker whose task holds Buffer
// classes not taken yet puts them aside on disk (spill), or, without a
// Codec, waits for the merger, so that memory stays bounded however many
// classes a task has.
type taskResult struct {
	pos      int // in Config.Tasks
	mu       sync.Mutex
	taken    sync.Cond       // L is &mu; signaled when the merger takes, or the run stops
	distinct []puzzles.Class // found and not yet taken by the merger
	most     int             // the largest len(distinct) seen
	finished bool            // the task has ended; the fields below are set

	st   Stats
	err  error
	sums []keyed // written by the worker before finished

	distinctTaken, raw int64 // the classes the merger took, and their orbits

	spill    *spill // classes put aside on disk, before those in distinct; nil: none yet
	spillErr error  // the first error writing the spill: the worker then waits

	live  atomic.Int64 // the nodes of the search so far, as it goes
	ended atomic.Bool  // set with finished
}

// add appends d, first moving the classes waiting to the task's spill file
// if a buffer of them wait (or, if that fails, waiting for the merger to
// take them), and wakes the merger if it fills the buffer. It reports
// false, dropping d, if the run stopped meanwhile.
func (r *taskResult) add(m *merger, d puzzles.Class) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	for len(r.distinct) >= m.buffer {
		if m.ctx.Err() != nil {
			return false
		}
		if r.spill == nil && m.cfg.Codec != nil {
			r.spill = &spill{codec: m.cfg.Codec}
		}
		if r.spill != nil && r.spillErr == nil {
			if r.spillErr = r.spill.write(r.distinct); r.spillErr == nil {
				r.distinct = r.distinct[:0]
				break
			}
		}
		m.signal()
		r.taken.Wait()
	}
	r.distinct = append(r.distinct, d)
	r.most = max(r.most, len(r.distinct))
	if len(r.distinct) == m.buffer {
		m.signal()
	}
	return true
}

// finish records the end of the task.
func (r *taskResult) finish(st Stats, err error) {
	r.mu.Lock()
	r.st, r.err, r.finished = st, err, true
	r.mu.Unlock()
	r.ended.Store(true)
}
