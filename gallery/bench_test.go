package gallery

import (
	"context"
	"testing"

	"github.com/polytile/polytile/puzzles/specs"
	"github.com/polytile/polytile/puzzles/tiling"
)

// BenchmarkLayoutPoster lays out the poster of all 2339 distinct solutions
// of pentominoes-6x10 at 12-pixel cells, reporting frames laid out per
// second. The solving is outside the timer.
func BenchmarkLayoutPoster(b *testing.B) {
	spec, err := specs.Load("pentominoes-6x10")
	if err != nil {
		b.Fatal(err)
	}
	res, err := spec.Puzzle.Solve(context.Background(), nil)
	if err != nil {
		b.Fatal(err)
	}
	sols := make([]*tiling.Solution, len(res.Distinct))
	for i, d := range res.Distinct {
		sols[i] = d.Solution.(*tiling.Solution)
	}
	if len(sols) != 2339 {
		b.Fatalf("pentominoes-6x10 has %d distinct solutions, want 2339", len(sols))
	}
	opt := &Options{CellSize: 12}
	for b.Loop() {
		if _, err := Solutions(sols, opt); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(sols))*float64(b.N)/b.Elapsed().Seconds(), "frames/s")
}
