package tiling

import (
	"context"
	"slices"

	"github.com/polytile/polytile/puzzles"
	"github.com/polytile/polytile/puzzles/run"
	"github.com/polytile/polytile/solve"
)

// searcher is a search engine as the task runner sees it. Both engines,
// Dancing Links (dlxSearcher, through package solve) and fill, implement
// it, so that the split into tasks, the workers, shards, streaming and the
// limit never ask which one runs. A searcher holds scratch space: each
// goroutine needs its own.
type searcher interface {
	// branch returns the placements among which the engine chooses the
	// next one after putting down prefix, by its own rule and in its own
	// order, leaving out those that do not fit; or nil and false if prefix
	// is a whole cover already. The children of prefix partition its
	// covers, so the split into tasks follows the search it splits.
	branch(prefix []int32) ([]int32, bool)
	// search calls visit with the placements of every cover that contains
	// prefix (a valid partial cover), prefix's first; it stops when visit
	// returns false or ctx is canceled. It returns the search nodes and
	// link updates it made, and ctx's error if ctx stopped it.
	search(ctx context.Context, prefix []int32, visit func(placements []int32) bool) (nodes, updates int64, err error)
	// tasks is the number of tasks the split aims at for this engine,
	// and the longest prefix it makes.
	tasks() (aim, depth int)
	// probe estimates the search nodes below prefix by one random descent
	// through the tree the engine searches, choosing among n branches by
	// pick(n) (Knuth's estimate: the mean of many is the number of nodes).
	probe(prefix []int32, pick func(n int) int) float64
	// release gives back memory that the searcher holds apart from the
	// Go heap, once it has searched its last task.
	release()
}

// newSearcher returns a searcher of engine over e's options.
func newSearcher(e *Encoding, engine puzzles.Engine) searcher {
	if engine == puzzles.EngineFill {
		return newFill(e)
	}
	return newDLX(e)
}

// dlxSearcher is Dancing Links over the encoding's exact-cover problem.
type dlxSearcher struct {
	e          *Encoding
	optOf      map[int32]int // placement → option
	prefix     []int         // scratch: a prefix as options
	placements []int32       // scratch: a cover as placements
	counts     []int         // scratch for Encoding.counts
}

func newDLX(e *Encoding) *dlxSearcher {
	d := &dlxSearcher{e: e, optOf: make(map[int32]int, len(e.options)), counts: make([]int, len(e.p.pieces))}
	for o, k := range e.options {
		d.optOf[k] = o
	}
	return d
}

// options returns prefix as a list of the problem's options.
func (d *dlxSearcher) options(prefix []int32) []int {
	d.prefix = d.prefix[:0]
	for _, k := range prefix {
		d.prefix = append(d.prefix, d.optOf[k])
	}
	return d.prefix
}

// branch follows package solve's choice of item (Search.Branch).
func (d *dlxSearcher) branch(prefix []int32) ([]int32, bool) {
	opts, more := solve.NewSearch(d.e.Problem, &solve.Config{Prefix: d.options(prefix)}).Branch()
	if !more {
		return nil, false
	}
	out := make([]int32, len(opts))
	for i, o := range opts {
		out[i] = d.e.options[o]
	}
	return out, true
}

func (d *dlxSearcher) search(ctx context.Context, prefix []int32, visit func([]int32) bool) (int64, int64, error) {
	s := solve.NewSearch(d.e.Problem, &solve.Config{Prefix: slices.Clone(d.options(prefix))})
	for opts := range s.Solutions(ctx) {
		if !d.e.counts(opts, d.counts) {
			continue
		}
		d.placements = d.placements[:0]
		for _, o := range opts {
			d.placements = append(d.placements, d.e.options[o])
		}
		if !visit(d.placements) {
			break
		}
	}
	st := s.Stats()
	return st.Nodes, st.Updates, s.Err()
}

// tasks: each task of Dancing Links covers its prefix's items afresh,
// which costs about as much as a few search nodes do, so it aims lower
// than fill.
func (d *dlxSearcher) tasks() (int, int) { return minTasksDLX, maxSplit }

func (d *dlxSearcher) release() {}

func (d *dlxSearcher) probe(prefix []int32, pick func(n int) int) float64 {
	return run.Descend(prefix, d.branch, pick)
}
