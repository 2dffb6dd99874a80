package puzzles

import (
	"context"
	"iter"
	"slices"
	"time"

	"github.com/polytile/polytile/solve"
)

// SolveConfig sets how Solve searches. The zero value finds every distinct
// solution, with symmetry breaking.
type SolveConfig struct {
	// NoSymmetryBreaking makes the search find every raw solution instead
	// of (mostly) one per class: slower by up to the group's order, and a
	// check on the faster way.
	NoSymmetryBreaking bool
	// Limit stops the search once it has found this many distinct
	// solutions; 0 means no limit.
	Limit int
}

// Distinct is one class of solutions: its canonical representative and
// the number of raw solutions in it.
type Distinct struct {
	*Solution
	// Orbit is the number of raw solutions in the class: the group's order
	// divided by the number of symmetries that map the solution onto itself.
	Orbit int
}

// Result is what Solve found.
type Result struct {
	// Raw is the number of raw solutions: every cover of the fixed board,
	// the sum of the orbits of the distinct solutions found.
	Raw int64
	// Distinct holds the distinct solutions, each in canonical form, in
	// increasing order of their encodings.
	Distinct []Distinct
	// Symmetries is the order of the puzzle's symmetry group.
	Symmetries int
	// Found is the number of covers the search found: Raw without
	// symmetry breaking, about Raw / Symmetries with it.
	Found int64
	// Restricted is the piece that symmetry breaking restricted, or -1.
	Restricted int
	// Complete is false if a limit or the context stopped the search.
	Complete bool
	// Stats are the exact-cover search's statistics.
	Stats solve.Stats
	// Elapsed is the wall time the search took.
	Elapsed time.Duration
}

// Solve finds the distinct solutions of the puzzle. If ctx is canceled it
// returns what was found so far, marked incomplete, with ctx's error.
func (p *Puzzle) Solve(ctx context.Context, cfg *SolveConfig) (*Result, error) {
	var c SolveConfig
	if cfg != nil {
		c = *cfg
	}
	start := time.Now()
	e := p.Encode(!c.NoSymmetryBreaking)
	res := &Result{Symmetries: len(p.group), Restricted: e.Restricted, Complete: true}
	search := solve.NewSearch(e.Problem, nil)
	cz := newCanonizer(p)
	owner := make([]int32, p.board.Len())
	kind := make([]int32, p.Instances())
	seen := map[string]bool{}
	for opts := range search.Solutions(ctx) {
		if !e.decode(opts, owner, kind) {
			continue
		}
		res.Found++
		best, orbit := cz.canonical(owner, kind)
		canon := &Solution{p: p, code: best}
		key := canon.Key()
		if seen[key] {
			continue
		}
		seen[key] = true
		canon.code = slices.Clone(best)
		res.Distinct = append(res.Distinct, Distinct{Solution: canon, Orbit: orbit})
		res.Raw += int64(orbit)
		if c.Limit > 0 && len(res.Distinct) >= c.Limit {
			res.Complete = false
			break
		}
	}
	res.Stats = search.Stats()
	res.Elapsed = time.Since(start)
	slices.SortFunc(res.Distinct, func(a, b Distinct) int { return a.Compare(b.Solution) })
	if err := search.Err(); err != nil {
		res.Complete = false
		return res, err
	}
	return res, nil
}

// Solutions returns every raw solution of the puzzle, in the order the
// search finds them. Breaking the loop stops the search, as does canceling
// ctx.
func (p *Puzzle) Solutions(ctx context.Context) iter.Seq[*Solution] {
	return func(yield func(*Solution) bool) {
		e := p.Encode(false)
		for opts := range e.Problem.Solutions(ctx) {
			if sol, ok := e.Decode(opts); ok && !yield(sol) {
				return
			}
		}
	}
}
