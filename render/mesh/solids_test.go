package mesh

import (
	"context"
	"slices"
	"testing"

	"github.com/polytile/polytile/puzzles"
	"github.com/polytile/polytile/puzzles/specs"
	"github.com/polytile/polytile/puzzles/tiling"
)

// TestSolidsOf checks that a solution's solids are its placements, in
// their order (by piece, then first cell), named by their pieces, on
// solids of every size of the library.
func TestSolidsOf(t *testing.T) {
	for _, name := range []string{"soma", "tetracubes-2x4x4"} {
		spec, err := specs.Load(name)
		if err != nil {
			t.Fatal(err)
		}
		sols, _, err := puzzles.Choose(context.Background(), spec.Problem, puzzles.Pick{Limit: 5})
		if err != nil || len(sols) == 0 {
			t.Fatalf("%s: %d solutions, %v", name, len(sols), err)
		}
		for k, a := range sols {
			s := a.(*tiling.Solution)
			got := solidsOf(s)
			pls := s.Placements()
			if len(got) != len(pls) {
				t.Fatalf("%s solution %d: %d solids, %d placements", name, k+1, len(got), len(pls))
			}
			for i, pl := range pls {
				want := s.PieceNames()[pl.Piece]
				if got[i].Name != want || got[i].Piece != want || !slices.Equal(got[i].Cells, pl.Cells) {
					t.Errorf("%s solution %d: solid %d is %s %v, want %s %v", name, k+1, i, got[i].Name, got[i].Cells, want, pl.Cells)
				}
			}
		}
	}
}
