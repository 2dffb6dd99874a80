package gallery

import (
	"context"
	"errors"
	"testing"

	"github.com/polytile/polytile/puzzles/specs"
	"github.com/polytile/polytile/puzzles/tiling"
)

func TestNewSite(t *testing.T) {
	spec, err := specs.Load("scott")
	if err != nil {
		t.Fatal(err)
	}
	res, err := spec.Puzzle.Solve(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	site, err := NewSite(res.Distinct, &Options{Title: "Scott"})
	if err != nil {
		t.Fatal(err)
	}
	n := len(res.Distinct)
	if len(site.Solutions) != n || site.Raw != 520 || site.Symmetries != 8 || len(site.Cells) != 60 || len(site.Stats) != 12 {
		t.Fatalf("site of %d solutions, %d raw, %d symmetries, %d cells, %d stats", len(site.Solutions), site.Raw, site.Symmetries, len(site.Cells), len(site.Stats))
	}
	// Each cell is covered once in every solution: the heat maps add up.
	for k := range site.Cells {
		sum := 0
		for _, st := range site.Stats {
			sum += st.Counts[k]
		}
		if sum != n {
			t.Errorf("cell %d is covered %d times in %d solutions", k, sum, n)
		}
	}
	// The grids say which piece covers each cell.
	for i, s := range site.Solutions {
		for k := range site.Cells {
			piece, _ := res.Distinct[i].Solution.(*tiling.Solution).At(k)
			if s.Grid[k] != PieceCode(piece) {
				t.Fatalf("solution %d, cell %d: grid %q, want piece %d", i+1, k, s.Grid[k], piece)
			}
		}
		if s.Sheet == nil || len(s.Sheet.Frames) != 1 || len(s.Sheet.Frames[0].Letters) != 12 {
			t.Fatalf("solution %d's sheet is not one frame with the 12 names", i+1)
		}
	}
	// Every solution has pieces on the edge and around the hole: at
	// least four on each (the corners and the hole's sides).
	border, hole := 0, 0
	for _, st := range site.Stats {
		if st.Border > n || st.Hole > n || st.Heat == nil {
			t.Errorf("%s: %d, %d of %d solutions", st.Piece, st.Border, st.Hole, n)
		}
		border += st.Border
		hole += st.Hole
	}
	if border < 4*n || hole < 2*n || hole >= border {
		t.Errorf("pieces touch the edge %d times and the hole %d times in %d solutions", border, hole, n)
	}
	// The board's cells: 28 on its edge, 8 beside the hole.
	edges := boardEdges(spec.Puzzle.Board())
	onBorder, onHole := 0, 0
	for _, e := range edges {
		if e&edgeBorder != 0 {
			onBorder++
		}
		if e&edgeHole != 0 {
			onHole++
		}
	}
	if onBorder != 28 || onHole != 8 {
		t.Errorf("%d cells on the edge and %d beside the hole, want 28 and 8", onBorder, onHole)
	}
}

// A site's layout stops when its context ends, saying why.
func TestNewSiteStops(t *testing.T) {
	spec, err := specs.Load("scott")
	if err != nil {
		t.Fatal(err)
	}
	res, err := spec.Problem.Solve(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancelCause(context.Background())
	cause := errors.New("told to stop")
	cancel(cause)
	if site, err := NewSiteContext(ctx, res.Distinct, &Options{}); site != nil || !errors.Is(err, cause) {
		t.Errorf("NewSiteContext with its context ended = %v, %v; want nothing and %v", site, err, cause)
	}
}
