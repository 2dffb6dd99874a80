package tiling

import (
	"context"
	"fmt"
	"math/big"

	"github.com/polytile/polytile/puzzles"
)

// countListed counts the solutions of a puzzle whose exact cover has
// secondary items (pieces of the stick lattice that may not cross) by
// solving it: the count of covers by cells alone cannot see that two
// placements pass straight through one grid point.
func (p *Puzzle) countListed(ctx context.Context, workers, shard, shards int) (*puzzles.Counts, error) {
	if shards > 1 {
		return nil, fmt.Errorf("tiling: a puzzle whose pieces may not cross is counted by solving it, whole: it has no parts to count apart")
	}
	res, err := p.Solve(ctx, &puzzles.SolveConfig{Workers: workers})
	if err != nil {
		return nil, countStopped(ctx, err)
	}
	return &puzzles.Counts{Raw: big.NewInt(res.Raw), Distinct: big.NewInt(int64(len(res.Distinct))),
		Symmetries: res.Symmetries, Method: puzzles.CountListed}, nil
}
