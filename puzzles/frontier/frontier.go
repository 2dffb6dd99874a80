// Package frontier counts the tilings of a board by pieces that may be
// put down any number of times, by a frontier (a broken profile, or
// transfer matrix): it goes through the board's cells in a scan order,
// and its states are which cells just past the current one are covered
// already, nothing else, each state's ways counted once however often it
// is reached. Its work grows with the width of the board across the scan,
// not with its length, nor with the tilings. The tilings that a symmetry
// of the board maps onto themselves, for the distinct tilings by
// Burnside's lemma, are counted the same way on the folded board: the
// orbits of the cells under the symmetry, covered by the orbits of the
// placements. A sweep drops the states that cannot be completed
// (prune.go) and keeps one of each state and its images under the
// symmetries that keep the cells behind it (mirror.go).
package frontier

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"time"

	"github.com/polytile/polytile/puzzles"
	"github.com/polytile/polytile/puzzles/geom"
	"github.com/polytile/polytile/puzzles/run"
)

// Problem is a board, the placements of its pieces, and its symmetries.
type Problem struct {
	// Cells are the board's cells; a cell off the board is covered
	// already (a hole).
	Cells []geom.Cell
	// Centres are the cells' centres in the plane (geom.Lattice's
	// PlaneCentre), or nil where they have none. With them, a board
	// whose pieces cover two cells each, or its fold by a rotation, is
	// a graph drawn in the plane whose perfect matchings are its
	// tilings: counted by its Pfaffian rather than by the frontier.
	Centres [][2]float64
	// Neighbors are each cell's neighbours, by index in Cells (the cells
	// it shares an edge or a face with), or nil: the states that an
	// option leaves uncompletable are looked for next to its cells, and
	// without them in all the cells it spans, at more cost.
	Neighbors [][]int32
	// Placements are every placement of every piece, each piece of any
	// count.
	Placements []Placement
	// Symmetries are the symmetries of the board and the pieces, the
	// identity first.
	Symmetries []Symmetry
	// Folds are symmetries of the board and the pieces that the sweeps
	// may use to map a state to its least image, where they differ from
	// Symmetries (every symmetry of the board where only some are counted
	// by): nil for Symmetries.
	Folds []Symmetry
	// Fingerprint identifies the count, so that only parts of one count
	// are merged (puzzles.MergeCounts).
	Fingerprint string
	// Every is how often Count reports progress (0: the default).
	Every time.Duration
}

// Placement is a piece put down: the piece, and the cells it covers, by
// their index in Problem.Cells, sorted.
type Placement struct {
	Piece int32
	Cells []int32
}

// Symmetry maps the board and the pieces onto themselves: cell i to cell
// Cells[i], piece i to piece Pieces[i]. Name names it in Counts.FixedBy.
type Symmetry struct {
	Name   string
	Cells  []int32
	Pieces []int32
}

// ErrWide says that a board, or the board folded by one of its
// symmetries, is too wide for the frontier: some placement spans more
// than 64 cells of every scan order.
var ErrWide = errors.New("frontier: a placement spans more than 64 cells of every scan order")

// ErrStates says that the frontier met more states at once than it holds
// (some 8 million, a gigabyte and more): the board is too wide across for it.
var ErrStates = errors.New("frontier: too many states for the board's width")

// Count counts the tilings of p (every one, raw) and the tilings each
// symmetry fixes, and from those the distinct ones by Burnside's lemma,
// whole or the part that cfg (nil: the defaults) says: part i of n keeps, at a cut of the
// sweep, the states whose hash is i modulo n, so that the parts' fixed
// counts add up to the whole's (puzzles.MergeCounts). A board folded by a
// symmetry (the identity: the board) that is a planar graph, every
// option joining two orbits of cells, is counted by Kasteleyn's Pfaffian
// instead (package pfaffian), whole by part 0 and 0 by the others; the
// method is puzzles.CountPfaffian when the raw count went so. It returns ErrWide
// if the board is too wide for a frontier, and ErrStates if its states
// are too many to hold; it stops when ctx ends, with ctx's cause.
func Count(ctx context.Context, p *Problem, cfg *puzzles.CountConfig) (*puzzles.Counts, error) {
	c, err := puzzles.CheckCountConfig(cfg)
	if err != nil {
		return nil, fmt.Errorf("frontier: %w", err)
	}
	plans := make([]*plan, len(p.Symmetries))
	kast := make([]*matching, len(p.Symmetries))
	same := p.inverses() // a symmetry fixes the tilings its inverse fixes
	var jobs []int
	var weights []float64
	for g := range plans {
		if ctx.Err() != nil {
			return nil, fmt.Errorf("frontier: count stopped: %w", context.Cause(ctx))
		}
		if same[g] < g {
			continue
		}
		if kast[g] = p.matching(g); kast[g] != nil {
			jobs = append(jobs, g)
			weights = append(weights, kast[g].weight())
			continue
		}
		plans[g] = newPlan(p, g)
		if plans[g].width > maxWidth {
			return nil, ErrWide
		}
		if !plans[g].bare() {
			jobs = append(jobs, g)
			weights = append(weights, float64(plans[g].n)*float64(int(1)<<min(max(plans[g].width-1, 0), 24)))
		}
	}
	fixed := make([]*big.Int, len(plans))
	for g := range fixed {
		fixed[g] = new(big.Int)
	}
	rc := &run.Config{Tasks: jobs, Workers: c.Workers, Sums: fixed, Every: p.Every,
		NewSearcher: func() run.Searcher { return &worker{p: p, plans: plans, kast: kast, cfg: &c} }}
	if c.Progress != nil {
		rc.Progress = func(pr puzzles.Progress) {
			c.Progress(puzzles.CountProgress{Tasks: pr.Tasks, Done: pr.Done, Elapsed: pr.Elapsed,
				Estimated: pr.Estimated, Fraction: pr.Fraction, Left: pr.Left})
		}
		rc.Weights = weights
	}
	var res puzzles.Result
	if err := run.Run(ctx, rc, &res); err != nil {
		if ctx.Err() != nil {
			return nil, fmt.Errorf("frontier: count stopped: %w", context.Cause(ctx))
		}
		return nil, err
	}
	names := make([]string, len(p.Symmetries))
	for g, sym := range p.Symmetries {
		names[g] = sym.Name
		fixed[g].Set(fixed[same[g]])
	}
	counts := &puzzles.Counts{Fixed: fixed, FixedBy: names, Raw: fixed[0], Symmetries: len(fixed),
		Method: puzzles.CountFrontier, Shard: c.Shard, Shards: c.Shards, Fingerprint: p.Fingerprint}
	if kast[0] != nil {
		counts.Method = puzzles.CountPfaffian
	}
	if c.Shards > 1 {
		return counts, nil
	}
	return counts, counts.Burnside()
}

// worker counts the tilings each symmetry fixes, a job each.
type worker struct {
	p     *Problem
	plans []*plan
	kast  []*matching // where not nil, the Pfaffian counts instead of plans
	cfg   *puzzles.CountConfig
}

// Search counts the tilings that symmetry g fixes.
func (w *worker) Search(ctx context.Context, g int, y *run.Yield) (run.Stats, error) {
	if k := w.kast[g]; k != nil {
		v := new(big.Int) // counted whole by part 0
		if w.cfg.Shard == 0 {
			gauge, err := y.Gauge(), error(nil)
			if v, err = k.m.Count(ctx, func(done float64) {
				if gauge != nil {
					gauge.Tell(done)
				}
			}); err != nil {
				return run.Stats{}, err
			}
		}
		y.Add(g, v)
		return run.Stats{}, nil
	}
	s := &sweep{ctx: ctx, pl: w.plans[g], gauge: y.Gauge(), shard: w.cfg.Shard, shards: w.cfg.Shards, workers: w.cfg.Workers}
	v, err := s.count()
	if err != nil {
		return run.Stats{}, err
	}
	y.Add(g, v)
	return run.Stats{}, nil
}

// Release has nothing to give back.
func (w *worker) Release() {}

// inverses returns, for each symmetry, the first symmetry that is it or
// its inverse.
func (p *Problem) inverses() []int {
	same := make([]int, len(p.Symmetries))
	for g, sym := range p.Symmetries {
		same[g] = g
		for h := range g {
			inv := &p.Symmetries[h]
			if inverse(sym.Cells, inv.Cells) && inverse(sym.Pieces, inv.Pieces) {
				same[g] = h
				break
			}
		}
	}
	return same
}

// inverse reports whether permutation b undoes a.
func inverse(a, b []int32) bool {
	for i, j := range a {
		if b[j] != int32(i) {
			return false
		}
	}
	return true
}
