package render

import (
	"bytes"
	"context"
	"sync"
	"testing"

	"github.com/polytile/polytile/gallery"
	"github.com/polytile/polytile/puzzles/geom"
	"github.com/polytile/polytile/puzzles/specs"
	"github.com/polytile/polytile/puzzles/tiling"
)

// solved caches the distinct solutions of built-in puzzles: pentominoes-6x10
// takes over a second to solve.
var solved sync.Map // name → func() ([]*tiling.Solution, error)

// solutions returns the distinct solutions of the built-in puzzle name,
// solving it once per test binary.
func solutions(tb testing.TB, name string) []*tiling.Solution {
	tb.Helper()
	f, _ := solved.LoadOrStore(name, sync.OnceValues(func() ([]*tiling.Solution, error) {
		spec, err := specs.Load(name)
		if err != nil {
			return nil, err
		}
		res, err := spec.Puzzle.Solve(context.Background(), nil)
		if err != nil {
			return nil, err
		}
		sols := make([]*tiling.Solution, len(res.Distinct))
		for i, d := range res.Distinct {
			sols[i] = d.Solution.(*tiling.Solution)
		}
		return sols, nil
	}))
	sols, err := f.(func() ([]*tiling.Solution, error))()
	if err != nil {
		tb.Fatal(err)
	}
	return sols
}

// layout lays out sols on sheets, failing the test on an error.
func layout(tb testing.TB, sols []*tiling.Solution, opt *gallery.Options) []*gallery.Sheet {
	tb.Helper()
	sheets, err := gallery.Solutions(sols, opt)
	if err != nil {
		tb.Fatal(err)
	}
	return sheets
}

// hostile returns the solutions of a 2×2 board covered by two dominoes with
// names that need escaping in XML.
func hostile(tb testing.TB, names ...string) []*tiling.Solution {
	tb.Helper()
	board, err := geom.NewRectBoard(2, 2, nil)
	if err != nil {
		tb.Fatal(err)
	}
	var pieces []geom.Piece
	for _, name := range names {
		p, err := geom.ParsePiece(name, "##")
		if err != nil {
			tb.Fatal(err)
		}
		pieces = append(pieces, p)
	}
	pz, err := tiling.New(`<title>&"`, board, pieces)
	if err != nil {
		tb.Fatal(err)
	}
	res, err := pz.Solve(context.Background(), nil)
	if err != nil {
		tb.Fatal(err)
	}
	var sols []*tiling.Solution
	for _, d := range res.Distinct {
		sols = append(sols, d.Solution.(*tiling.Solution))
	}
	if len(sols) == 0 {
		tb.Fatal("the hostile puzzle has no solution")
	}
	return sols
}

// encode writes sheets in format f with opt, failing the test on an error.
func encode(tb testing.TB, f Format, sheets []*gallery.Sheet, opt *Options) []byte {
	tb.Helper()
	var b bytes.Buffer
	if err := Encode(&b, f, sheets, opt); err != nil {
		tb.Fatalf("Encode(%v) = %v", f, err)
	}
	return b.Bytes()
}
