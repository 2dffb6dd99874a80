package gallery

import (
	"image/color"
	"testing"

	"github.com/polytile/polytile/palettes"
	"github.com/polytile/polytile/puzzles/geom"
	"github.com/polytile/polytile/puzzles/specs"
)

// A solid is drawn as its layers side by side, bottom first, each a board
// of squares a column apart, in a box half a cell round them: each piece
// one shape in its colour, of as many rings as layers it lies in; its
// puzzle figure and its pieces draw.
func TestSolidLayers(t *testing.T) {
	sols := distinct(t, "soma", 2)
	sheets, err := Solutions(sols, &Options{CellSize: 10, Letters: true, View: ViewLayers})
	if err != nil {
		t.Fatal(err)
	}
	f := sheets[0].Frames[0]
	if f.Width != 10*(3*4) || f.Height != 10*4 {
		t.Errorf("a frame is %g × %g, want 120 × 40: three layers of 3 × 3 a cell apart, boxed", f.Width, f.Height)
	}
	if len(f.Shapes) != 7 || len(f.Letters) != 7 {
		t.Fatalf("%d shapes, %d names; want the 7 pieces", len(f.Shapes), len(f.Letters))
	}
	fills := map[color.NRGBA]bool{}
	for i, sh := range f.Shapes {
		fills[sh.Fill] = true
		layers := map[int]bool{}
		for k := range sols[0].Puzzle().Board().Len() {
			if _, inst := sols[0].At(k); inst == i {
				layers[sols[0].Puzzle().Board().Cells()[k].Layer] = true
			}
		}
		if len(sh.Outline) < len(layers) {
			t.Errorf("piece %s lies in %d layers and is drawn in %d rings", sh.Piece, len(layers), len(sh.Outline))
		}
	}
	if len(fills) != 7 {
		t.Errorf("%d colours for the 7 pieces", len(fills))
	}
	s, err := specs.Builtin("soma")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Puzzle(tilingOf(t, s), nil); err != nil {
		t.Errorf("the puzzle figure: %v", err)
	}
	soma, _ := geom.PieceSet("soma")
	pieces, err := Pieces(soma, &Options{Lattice: geom.Cube, View: ViewLayers})
	if err != nil || len(pieces[0].Frames) != 7 {
		t.Errorf("the pieces: %v", err)
	}
	if err := CheckSite(s.Problem); err != nil {
		t.Errorf("a web gallery of a solid: %v", err)
	}
}

// In isometric view each visible face of a cube is drawn once, in its
// piece's colour (lighter on top, darker on the right), and a line runs
// only along the edges of each region of a piece's faces.
func TestIsometric(t *testing.T) {
	bar := []geom.Cell{{Col: 0}, {Col: 1}, {Col: 2}}
	sheets, err := Pieces([]geom.Piece{{Name: "I3", Cells: bar, Count: 1, OneSided: true}}, &Options{Lattice: geom.Cube})
	if err != nil {
		t.Fatal(err)
	}
	var faces, lines int
	fills := map[color.NRGBA]int{}
	for _, sh := range sheets[0].Frames[0].Shapes {
		if sh.Piece == "" {
			lines++
			continue
		}
		faces++
		fills[sh.Fill]++
	}
	// Three tops, three fronts and the right end; the top's and the
	// front's regions four lines each way (3 + 3 + 1 + 1), the end's 4.
	if faces != 7 || lines != 8+8+4 {
		t.Errorf("%d faces and %d lines, want 7 and 20", faces, lines)
	}
	if len(fills) != 3 || fills[tint(palettes.Default().PieceColors([]string{"I3"})[0], 0)] != 3 {
		t.Errorf("the faces' fills %v: want the piece's colour on its 3 fronts, a lighter top and a darker end", fills)
	}

	sols := distinct(t, "soma", 1)
	for _, view := range []string{ViewIsometric, ViewExploded} {
		sheets, err := Solutions(sols, &Options{View: view})
		if err != nil {
			t.Fatal(err)
		}
		f := sheets[0].Frames[0]
		faces, colours := 0, map[string]map[color.NRGBA]bool{}
		for _, sh := range f.Shapes {
			if sh.Piece == "" {
				continue
			}
			faces++
			if colours[sh.Piece] == nil {
				colours[sh.Piece] = map[color.NRGBA]bool{}
			}
			colours[sh.Piece][sh.Fill] = true
		}
		// The whole cube shows 3 × 9 faces; apart, every piece shows
		// its own faces, more of them.
		if view == ViewIsometric && faces != 27 || view == ViewExploded && faces <= 27 {
			t.Errorf("%s: %d faces drawn", view, faces)
		}
		// A piece may lie out of sight in the whole cube; apart, each shows.
		if len(colours) > 7 || view == ViewExploded && len(colours) != 7 {
			t.Errorf("%s: faces of %d pieces", view, len(colours))
		}
		for piece, c := range colours {
			if len(c) > 3 {
				t.Errorf("%s: piece %s in %d fills, want at most 3 (top, front, right)", view, piece, len(c))
			}
		}
	}
}
