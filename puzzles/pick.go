package puzzles

import (
	"context"
	"fmt"
	"iter"
)

// Pick chooses the solutions of a puzzle to show. The zero Pick chooses
// every distinct solution.
type Pick struct {
	// Limit is the most solutions to choose; 0 means all.
	Limit int
	// Raw chooses raw solutions, in the order the search finds them,
	// instead of one solution of each class in canonical order.
	Raw bool
	// Nth chooses the Nth distinct solution alone, counted from 1 in
	// canonical order; finding it takes the whole search.
	Nth int
	// Progress, if not nil, is told how far the search has gone, as
	// SolveConfig.Progress is.
	Progress func(Progress)
}

// rawSolver is a Problem that can list its raw solutions (a tiling).
type rawSolver interface {
	RawSolutions(ctx context.Context) iter.Seq[Answer]
}

// Choose searches p for the solutions that pick chooses. It also returns
// the number of solutions found: with Nth, the number of distinct
// solutions, and none are chosen when Nth is past it. If ctx stops the
// search, it returns no solutions, the number found so far and ctx's
// error.
func Choose(ctx context.Context, p Problem, pick Pick) ([]Answer, int, error) {
	var sols []Answer
	if pick.Raw {
		rs, ok := p.(rawSolver)
		if !ok {
			return nil, 0, fmt.Errorf("puzzles: a %s puzzle lists one solution of each class, not raw ones", p.Kind())
		}
		for s := range rs.RawSolutions(ctx) {
			sols = append(sols, s)
			if len(sols) == pick.Limit {
				break
			}
		}
		if err := ctx.Err(); err != nil {
			return nil, len(sols), err
		}
		return sols, len(sols), nil
	}
	cfg := &SolveConfig{Limit: pick.Limit, Progress: pick.Progress}
	if pick.Nth > 0 {
		cfg.Limit = 0
	}
	res, err := p.Solve(ctx, cfg)
	switch {
	case ctx.Err() != nil:
		found := 0
		if res != nil {
			found = len(res.Distinct)
		}
		return nil, found, ctx.Err()
	case err != nil:
		return nil, 0, err
	case pick.Nth > len(res.Distinct):
		return nil, len(res.Distinct), nil
	case pick.Nth > 0:
		return []Answer{res.Distinct[pick.Nth-1].Solution}, len(res.Distinct), nil
	}
	for _, c := range res.Distinct {
		sols = append(sols, c.Solution)
	}
	return sols, len(sols), nil
}
