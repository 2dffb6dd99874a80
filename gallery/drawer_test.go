package gallery

import (
	"context"
	"reflect"
	"testing"

	"github.com/polytile/polytile/puzzles/geom"
	"github.com/polytile/polytile/puzzles/tiling"
)

// standIn is a lattice new to gallery: the one it embeds, by another
// name. polyStandIn is one whose cells are polygons, which says where
// their corners are.
type standIn struct{ geom.Lattice }

func (standIn) Name() string { return "stand-in" }

type polyStandIn struct {
	standIn
	geom.Polygonal
}

// TestStandInLattice checks that a lattice gallery has never seen is
// drawn by what it says of itself: pieces, a board and a solution on a
// stand-in for each lattice are drawn as on the lattice it stands in for.
func TestStandInLattice(t *testing.T) {
	for _, tt := range []struct {
		set  string
		view string
	}{
		{"pentominoes", ""}, {"hexiamonds", ""}, {"tetrahexes", ""}, {"tetrasticks", ""},
		{"tetracubes", ""}, {"tetracubes", ViewLayers},
	} {
		pieces, err := geom.PieceSet(tt.set)
		if err != nil {
			t.Fatal(err)
		}
		lat := geom.PieceSetLattice(tt.set)
		var stand geom.Lattice = standIn{lat}
		if pl, ok := lat.(geom.Polygonal); ok {
			stand = polyStandIn{standIn{lat}, pl}
		}
		want, err := Pieces(pieces, &Options{Lattice: lat, View: tt.view})
		if err != nil {
			t.Fatal(err)
		}
		got, err := Pieces(pieces, &Options{Lattice: stand, View: tt.view})
		if err != nil {
			t.Fatalf("%s on a stand-in: %v", tt.set, err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s, view %q: drawn on a stand-in lattice unlike on %s", tt.set, tt.view, lat.Name())
		}
		one := pieces[len(pieces)-1:]
		if w, g := drawPuzzle(t, lat, one, tt.view), drawPuzzle(t, stand, one, tt.view); !reflect.DeepEqual(g, w) {
			t.Errorf("%s, view %q: a puzzle and its solution on a stand-in lattice drawn unlike on %s", tt.set, tt.view, lat.Name())
		}
	}
}

// drawPuzzle draws the puzzle of covering the cells of pieces[0] on lat
// with pieces, and its first solution.
func drawPuzzle(t *testing.T, lat geom.Lattice, pieces []geom.Piece, view string) []*Sheet {
	t.Helper()
	b, err := geom.NewBoard(lat, pieces[0].Cells)
	if err != nil {
		t.Fatal(err)
	}
	p, err := tiling.New("stand-in", b, pieces)
	if err != nil {
		t.Fatal(err)
	}
	sheets, err := Puzzle(p, &Options{View: view})
	if err != nil {
		t.Fatal(err)
	}
	res, err := p.Solve(context.Background(), nil)
	if err != nil || len(res.Distinct) == 0 {
		t.Fatalf("%s: %d solutions, %v", lat.Name(), len(res.Distinct), err)
	}
	sols, err := Classes(res.Distinct[:1], &Options{View: view, Letters: true})
	if err != nil {
		t.Fatal(err)
	}
	return append(sheets, sols...)
}
