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

// BenchmarkLayoutSticks lays out a poster of 1000 frames of polysticks
// (the solution of the ten tetrasticks on a 4 × 4 grid, with their
// names), reporting frames laid out per second.
func BenchmarkLayoutSticks(b *testing.B) {
	_, one := stickPuzzle(b)
	sols := make([]*tiling.Solution, 1000)
	for i := range sols {
		sols[i] = one[0]
	}
	opt := &Options{CellSize: 12, Letters: true}
	for b.Loop() {
		if _, err := Solutions(sols, opt); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(sols))*float64(b.N)/b.Elapsed().Seconds(), "frames/s")
}
