package mesh

import (
	"image/color"
	"testing"

	"github.com/polytile/polytile/gallery"
	"github.com/polytile/polytile/palettes"
	"github.com/polytile/polytile/puzzles/geom"
	"github.com/polytile/polytile/puzzles/specs"
)

// The pieces to print take the colour each piece has on its set's pieces
// sheet with the same palette, whether all of the set is printed or some
// of it.
func TestColoursFollowNames(t *testing.T) {
	for _, tc := range []struct{ set, palette string }{
		{"soma", "kelly"}, {"soma", "default"}, {"tetracubes", "kelly"}, {"tetracubes", "tableau10"},
	} {
		set, err := geom.PieceSet(tc.set)
		if err != nil {
			t.Fatal(err)
		}
		pal, err := palettes.Lookup(tc.palette, len(set))
		if err != nil {
			t.Fatal(err)
		}
		sheets, err := gallery.Pieces(set, &gallery.Options{Palette: pal, Lattice: geom.PieceSetLattice(tc.set), View: gallery.ViewLayers})
		if err != nil {
			t.Fatal(err)
		}
		want := map[string]color.NRGBA{}
		for _, f := range sheets[0].Frames {
			for _, s := range f.Shapes {
				if s.Piece != "" {
					want[s.Piece] = s.Fill
				}
			}
		}
		// Parts that hold the set's first piece, which no smaller set has:
		// the soma's V, the tetracubes' I (L, T, Z, A, B and P alone are
		// coloured as the soma, the smallest set that holds them).
		for _, part := range [][]geom.Piece{set, set[:len(set)-2], {set[len(set)-1], set[0]}} {
			var solids []Solid
			for _, p := range part {
				solids = append(solids, Solid{Piece: p.Name, Cells: p.Cells})
			}
			r := &specs.RenderOptions{}
			if err := r.Set("palette", tc.palette); err != nil {
				t.Fatal(err)
			}
			if _, err := OptionsOf(r, solids, true, false); err != nil {
				t.Fatal(err)
			}
			for _, s := range solids {
				if s.Color != want[s.Piece] {
					t.Errorf("%s, %s, %d pieces: %s printed %v, %v on the pieces sheet", tc.set, tc.palette, len(part), s.Piece, s.Color, want[s.Piece])
				}
			}
		}
	}
}
