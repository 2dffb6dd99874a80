package puzzles

import "context"

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

// Pick searches for the solutions that pick chooses. It also returns the
// number of solutions found: with Nth, the number of distinct solutions,
// and none are chosen when Nth is past it. If ctx stops the search, it
// returns no solutions, the number found so far and ctx's error.
func (p *Puzzle) Pick(ctx context.Context, pick Pick) ([]*Solution, int, error) {
	var sols []*Solution
	if pick.Raw {
		for s := range p.Solutions(ctx) {
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
		return []*Solution{res.Distinct[pick.Nth-1].Solution}, len(res.Distinct), nil
	}
	for _, c := range res.Distinct {
		sols = append(sols, c.Solution)
	}
	return sols, len(sols), nil
}
