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

// The five tetrominoes with empty: K in small rectangles have as many raw
// and distinct solutions as the same puzzle with K monominoes in the
// empty cells' place, counted and solved by both engines.
func TestEmptyAgainstMonominoes(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct{ rows, cols, k int }{{3, 7, 1}, {2, 11, 2}, {4, 6, 4}, {3, 8, 4}, {5, 5, 5}} {
		t.Run(fmt.Sprintf("%d×%d empty %d", tc.rows, tc.cols, tc.k), func(t *testing.T) {
			b := mustRect(t, tc.rows, tc.cols)
			tets := mustSet(t, "tetrominoes")
			mono := mustSet(t, "monomino")[0]
			mono.Count = tc.k
			want, err := New("", b, append(tets, mono))
			if err != nil {
				t.Fatal(err)
			}
			wc, err := want.Count(ctx, nil)
			if err != nil {
				t.Fatal(err)
			}
			if wc.Distinct.Sign() == 0 {
				t.Fatalf("no solutions: a test that cannot tell")
			}
			p, err := NewWith("", b, tets, Options{Empty: geom.Piece{Count: tc.k}})
			if err != nil {
				t.Fatal(err)
			}
			c, err := p.Count(ctx, nil)
			if err != nil {
				t.Fatal(err)
			}
			if c.Raw.Cmp(wc.Raw) != 0 || c.Distinct.Cmp(wc.Distinct) != 0 {
				t.Errorf("Count: raw %v, distinct %v; with monominoes %v, %v", c.Raw, c.Distinct, wc.Raw, wc.Distinct)
			}
			for _, eng := range []puzzles.Engine{puzzles.EngineDLX, puzzles.EngineFill} {
				res, err := p.Solve(ctx, &puzzles.SolveConfig{Engine: eng, Workers: 2})
				if err != nil {
					t.Fatal(err)
				}
				if res.Raw != wc.Raw.Int64() || int64(len(res.Distinct)) != wc.Distinct.Int64() {
					t.Errorf("Solve(%v): raw %d, distinct %d; with monominoes %v, %v", eng, res.Raw, len(res.Distinct), wc.Raw, wc.Distinct)
				}
				// A solution's empty cells are none of its pieces.
				for _, cl := range res.Distinct {
					s := cl.Solution.(*Solution)
					empty := 0
					for i := range b.Len() {
						if piece, inst := s.At(i); piece < 0 && inst < 0 {
							empty++
						}
					}
					if n := len(s.Placements()); empty != tc.k || n != len(tets) {
						t.Fatalf("Solve(%v): a solution with %d empty cells and %d placements; want %d and %d:\n%s", eng, empty, n, tc.k, len(tets), s)
					}
				}
			}
		})
	}
}
