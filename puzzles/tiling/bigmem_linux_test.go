package tiling

import (
	"testing"

	"github.com/polytile/polytile/internal/bigmem"
	"github.com/polytile/polytile/puzzles"
)

// A search gives back the tables it mapped apart: its workers release
// them when they end.
func TestSolveGivesTablesBack(t *testing.T) {
	spec, err := loadSpec("pentominoes-6x10")
	if err != nil {
		t.Fatal(err)
	}
	before := bigmem.Mapped()
	for _, workers := range []int{1, 2} {
		// The tables grow, and are mapped apart, once the search has
		// made enough nodes: the solutions found after that see them.
		most, found := before, 0
		cfg := &puzzles.SolveConfig{Workers: workers, Each: func(puzzles.Class, int) bool {
			most = max(most, bigmem.Mapped())
			found++
			return true
		}}
		if _, err := spec.Puzzle.Solve(t.Context(), cfg); err != nil {
			t.Fatal(err)
		}
		if found != 2339 || most == before {
			t.Fatalf("%d workers: %d distinct, %d tables mapped at most during the search, %d before", workers, found, most, before)
		}
		if after := bigmem.Mapped(); after != before {
			t.Fatalf("%d workers: %d tables mapped before the search, %d after", workers, before, after)
		}
	}
}
