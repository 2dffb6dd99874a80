package gallery

import (
	"image/color"
	"testing"

	"github.com/polytile/polytile/puzzles/geom"
	"github.com/polytile/polytile/puzzles/specs"
)

// A solid is drawn as its layers side by side, bottom first, each a board
// of squares a column apart: each piece one shape in its colour, of as
// many rings as layers it lies in; its puzzle figure and its pieces draw.
func TestSolidLayers(t *testing.T) {
	sols := distinct(t, "soma", 2)
	sheets, err := Solutions(sols, &Options{CellSize: 10, Letters: true})
	if err != nil {
		t.Fatal(err)
	}
	f := sheets[0].Frames[0]
	if f.Width != 10*(3*4-1) || f.Height != 10*3 {
		t.Errorf("a frame is %g × %g, want 110 × 30: three layers of 3 × 3 a cell apart", f.Width, f.Height)
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
	if _, err := Puzzle(s.Puzzle, nil); err != nil {
		t.Errorf("the puzzle figure: %v", err)
	}
	soma, _ := geom.PieceSet("soma")
	pieces, err := Pieces(soma, &Options{Lattice: geom.Cube})
	if err != nil || len(pieces[0].Frames) != 7 {
		t.Errorf("the pieces: %v", err)
	}
	if err := CheckSite(s.Problem); err == nil {
		t.Errorf("a web gallery of a solid: no error")
	}
}
