package puzzles_test

import (
	"context"
	"testing"

	"github.com/polytile/polytile/puzzles"
	"github.com/polytile/polytile/puzzles/specs"
)

// The speed goals are set on these two: a built-in puzzle read and solved
// through the library as a Go program would, one worker, set-up included.
// The engines' own benchmarks are in puzzles/tiling.
func BenchmarkSolveScott(b *testing.B) { benchmarkBuiltin(b, "scott", 65) }
func BenchmarkSolve6x10(b *testing.B)  { benchmarkBuiltin(b, "pentominoes-6x10", 2339) }

func benchmarkBuiltin(b *testing.B, name string, distinct int) {
	for range b.N {
		spec, err := specs.Builtin(name)
		if err != nil {
			b.Fatal(err)
		}
		res, err := spec.Problem.Solve(context.Background(), &puzzles.SolveConfig{Workers: 1})
		if err != nil {
			b.Fatal(err)
		}
		if len(res.Distinct) != distinct {
			b.Fatalf("%s: %d distinct, want %d", name, len(res.Distinct), distinct)
		}
	}
}
