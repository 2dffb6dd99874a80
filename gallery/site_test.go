package gallery

import (
	"context"
	"errors"
	"reflect"
	"slices"
	"testing"

	"github.com/polytile/polytile/palettes"
	"github.com/polytile/polytile/puzzles"
	"github.com/polytile/polytile/puzzles/geom"
	"github.com/polytile/polytile/puzzles/specs"
	"github.com/polytile/polytile/puzzles/tiling"
)

func TestNewSite(t *testing.T) {
	spec, err := specs.Load("scott")
	if err != nil {
		t.Fatal(err)
	}
	res, err := spec.Problem.Solve(context.Background(), nil)
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
	edges := boardEdges(tilingOf(t, spec).Board())
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

// A solid's site gives each solution its pieces for a view that turns:
// every cube of the board once, in the piece the grid names, each piece
// whole and filled as its picture is, the pieces in the order of their
// first cubes; copies of a piece are pieces of their own. A flat site
// gives none, and the same solutions give the same pieces.
func TestNewSiteSolid(t *testing.T) {
	copies, err := specs.Parse("copies.yaml", []byte("lattice: cube\nboard: {layers: 2, rows: 2, cols: 3}\npieces:\n  - set: tricubes\n    count: 2\n"))
	if err != nil {
		t.Fatal(err)
	}
	soma, err := specs.Load("soma")
	if err != nil {
		t.Fatal(err)
	}
	for _, spec := range []*specs.Spec{soma, copies} {
		res, err := spec.Problem.Solve(context.Background(), nil)
		if err != nil || len(res.Distinct) == 0 {
			t.Fatalf("%s: %d solutions, %v", spec.Name, len(res.Distinct), err)
		}
		site, err := NewSite(res.Distinct, &Options{})
		if err != nil {
			t.Fatal(err)
		}
		p := tilingOf(t, spec)
		look, err := newSheetLayout(nil)
		if err != nil {
			t.Fatal(err)
		}
		own := look.Palette.PieceColors(site.Pieces) // as the legend fills them
		for k, s := range site.Solutions {
			sol := res.Distinct[k].Solution.(*tiling.Solution)
			if len(s.Solid) != sol.Pieces() {
				t.Fatalf("%s %d: %d pieces, want %d", spec.Name, k+1, len(s.Solid), sol.Pieces())
			}
			seen, last := map[geom.Cell]bool{}, geom.Cell{Layer: -1}
			for _, piece := range s.Solid {
				code := PieceCode(slices.Index(site.Pieces, piece.Name))
				if want := palettes.Hex(own[slices.Index(site.Pieces, piece.Name)]) + "ff"; piece.Fill != want {
					t.Errorf("%s %d: %s is filled %v, want its colour %v", spec.Name, k+1, piece.Name, piece.Fill, want)
				}
				first := geom.Cell{Col: piece.Cubes[0][0], Row: piece.Cubes[0][1], Layer: piece.Cubes[0][2]}
				if first.Compare(last) <= 0 {
					t.Errorf("%s %d: %s starts at %v, before the piece before it (%v)", spec.Name, k+1, piece.Name, first, last)
				}
				last = first
				inst := -1
				for _, at := range piece.Cubes {
					c := geom.Cell{Col: at[0], Row: at[1], Layer: at[2]}
					i := p.Board().Index(c)
					if i < 0 || seen[c] || s.Grid[i] != code {
						t.Fatalf("%s %d: %s has cube %v: not a cell of the board, twice, or not its own", spec.Name, k+1, piece.Name, at)
					}
					seen[c] = true
					if _, in := sol.At(i); inst >= 0 && in != inst {
						t.Errorf("%s %d: %s holds cubes of two pieces", spec.Name, k+1, piece.Name)
					} else {
						inst = in
					}
				}
			}
			if len(seen) != p.Board().Len() {
				t.Errorf("%s %d: the pieces hold %d cubes of %d", spec.Name, k+1, len(seen), p.Board().Len())
			}
		}
		again, err := NewSite(res.Distinct, &Options{})
		if err != nil || !reflect.DeepEqual(again.Solutions[0].Solid, site.Solutions[0].Solid) {
			t.Errorf("%s: two sites of the same solutions give other pieces (%v)", spec.Name, err)
		}
	}
	flat, err := NewSite(distinctClasses(t, "pentominoes-3x20"), nil)
	if err != nil || flat.Solutions[0].Solid != nil {
		t.Errorf("a flat site's solution has pieces in space (%v)", err)
	}
}

// distinctClasses are the distinct solutions of the built-in puzzle name.
func distinctClasses(t *testing.T, name string) []puzzles.Class {
	t.Helper()
	spec, err := specs.Load(name)
	if err != nil {
		t.Fatal(err)
	}
	res, err := spec.Problem.Solve(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	return res.Distinct
}
