package puzzles

import (
	"context"
	"testing"
)

// benchmarkSolve solves a built-in pentomino board and reports search nodes
// and distinct solutions per second of solver time.
func benchmarkSolve(b *testing.B, board *Board, cfg *SolveConfig, distinct int) {
	p := mustPentominoPuzzle(b, board, nil)
	var nodes int64
	b.ResetTimer()
	for range b.N {
		res, err := p.Solve(context.Background(), cfg)
		if err != nil {
			b.Fatal(err)
		}
		if len(res.Distinct) != distinct {
			b.Fatalf("distinct = %d, want %d", len(res.Distinct), distinct)
		}
		nodes += res.Stats.Nodes
	}
	s := b.Elapsed().Seconds()
	b.ReportMetric(float64(nodes)/s, "nodes/s")
	b.ReportMetric(float64(distinct*b.N)/s, "solutions/s")
}

func BenchmarkSolveScott(b *testing.B) {
	board, err := ParseBoard(scottPic)
	if err != nil {
		b.Fatal(err)
	}
	benchmarkSolve(b, board, nil, 65)
}

func BenchmarkSolveScottRaw(b *testing.B) {
	board, err := ParseBoard(scottPic)
	if err != nil {
		b.Fatal(err)
	}
	benchmarkSolve(b, board, &SolveConfig{NoSymmetryBreaking: true}, 65)
}

func BenchmarkSolve6x10(b *testing.B) {
	board, err := NewRectBoard(6, 10, nil)
	if err != nil {
		b.Fatal(err)
	}
	benchmarkSolve(b, board, nil, 2339)
}
