package matrix

import (
	"context"
	"fmt"
	"math/big"

	"github.com/polytile/polytile/puzzles"
)

var _ puzzles.Counter = (*Puzzle)(nil)

// Count counts the puzzle's solutions by searching its matrix with
// Dancing Links, each class given once and none kept (puzzles.Counter).
// A puzzle whose every solution is its own class (a plain matrix, with
// colours or without) is counted whole or in parts, cfg's Shard of
// Shards, whose counts add up (puzzles.MergeCounts): the part's raw
// solutions are those the identity fixes. A puzzle with symmetries
// (Sudoku, queens) is counted whole, its classes told apart as a search
// tells them.
func (m *Puzzle) Count(ctx context.Context, cfg *puzzles.CountConfig) (*puzzles.Counts, error) {
	var c puzzles.CountConfig
	if cfg != nil {
		c = *cfg
	}
	plain := m.Symmetries() == 1
	if c.Shards > 1 && !plain {
		return nil, fmt.Errorf("a puzzle of kind %s is counted whole, its classes told apart as they are found: it has no parts to count apart", m.Kind())
	}
	var distinct int64
	scfg := &puzzles.SolveConfig{Workers: c.Workers, Shard: c.Shard, Shards: c.Shards,
		Each: func(puzzles.Class, int) bool { distinct++; return true }}
	if c.Progress != nil {
		scfg.Progress = func(p puzzles.Progress) {
			c.Progress(puzzles.CountProgress{Tasks: p.Tasks, Done: p.Done, Elapsed: p.Elapsed, Estimated: p.Estimated, Fraction: p.Fraction, Left: p.Left})
		}
	}
	res, err := m.Solve(ctx, scfg)
	switch {
	case ctx.Err() != nil:
		return nil, fmt.Errorf("count stopped: %w", context.Cause(ctx))
	case err != nil:
		return nil, err
	case !res.Complete:
		return nil, fmt.Errorf("count stopped before the search's end")
	}
	raw := big.NewInt(res.Raw)
	out := &puzzles.Counts{Raw: raw, Symmetries: res.Symmetries, Method: puzzles.CountListed, Shard: c.Shard, Shards: max(1, c.Shards)}
	if plain {
		out.Fixed, out.FixedBy = []*big.Int{raw}, []string{"identity"}
		out.Fingerprint = Fingerprint(m.Of) // the same for the whole and its parts
	}
	if out.Shards == 1 {
		out.Distinct = big.NewInt(distinct)
	}
	return out, nil
}
