package tiling

import (
	"context"
	"fmt"
	"math/big"
	"testing"

	"github.com/polytile/polytile/puzzles"
	"github.com/polytile/polytile/puzzles/geom"
)

// The twelve pentominoes, count: 0..1, in a 3 × 10, 4 × 10 and 5 × 10
// rectangle have as many raw and distinct solutions as the puzzles of
// every choice of as many of them as cover the board, each of a fixed
// count, together: a range puzzle's solutions are those of its choices.
// Counted without listing, and solved by both engines for 5 × 10.
func TestRangesAgainstSubsets(t *testing.T) {
	rows := []int{3, 4, 5}
	if testing.Short() {
		rows = []int{3, 4}
	}
	ctx := context.Background()
	all := mustSet(t, "pentominoes")
	for _, r := range rows {
		t.Run(fmt.Sprintf("%d×10", r), func(t *testing.T) {
			b := mustRect(t, r, 10)
			k := b.Len() / 5
			raw, distinct := new(big.Int), new(big.Int)
			subsets := 0
			for mask := range 1 << len(all) {
				var pcs []geom.Piece
				for i, pc := range all {
					if mask>>i&1 != 0 {
						pcs = append(pcs, pc)
					}
				}
				if len(pcs) != k {
					continue
				}
				subsets++
				p, err := New("", b, pcs)
				if err != nil {
					t.Fatal(err)
				}
				c, err := p.Count(ctx, &puzzles.CountConfig{Workers: 2})
				if err != nil {
					t.Fatal(err)
				}
				raw.Add(raw, c.Raw)
				distinct.Add(distinct, c.Distinct)
			}
			ranged := make([]geom.Piece, len(all))
			for i, pc := range all {
				pc.Spare = 1
				ranged[i] = pc
			}
			p, err := New("", b, ranged)
			if err != nil {
				t.Fatal(err)
			}
			c, err := p.Count(ctx, &puzzles.CountConfig{Workers: 2})
			if err != nil {
				t.Fatal(err)
			}
			if c.Raw.Cmp(raw) != 0 || c.Distinct.Cmp(distinct) != 0 {
				t.Errorf("Count: raw %v, distinct %v; the %d choices of %d pieces: %v, %v", c.Raw, c.Distinct, subsets, k, raw, distinct)
			}
			if distinct.Sign() == 0 {
				t.Errorf("no solutions: a test that cannot tell")
			}
			if r != 5 {
				return
			}
			for _, eng := range []puzzles.Engine{puzzles.EngineDLX, puzzles.EngineFill} {
				res, err := p.Solve(ctx, &puzzles.SolveConfig{Engine: eng, Workers: 2})
				if err != nil {
					t.Fatal(err)
				}
				if big.NewInt(res.Raw).Cmp(raw) != 0 || big.NewInt(int64(len(res.Distinct))).Cmp(distinct) != 0 {
					t.Errorf("Solve(%v): raw %d, distinct %d; the choices: %v, %v", eng, res.Raw, len(res.Distinct), raw, distinct)
				}
			}
		})
	}
}
