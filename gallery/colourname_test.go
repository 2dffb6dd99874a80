package gallery

import (
	"context"
	"image/color"
	"testing"

	"github.com/polytile/polytile/palettes"
	"github.com/polytile/polytile/puzzles"
	"github.com/polytile/polytile/puzzles/geom"
	"github.com/polytile/polytile/puzzles/specs"
)

// fillsByName returns the colour of each named piece on the sheets, over
// all frames (solutions, legend, pieces), failing the test if one name has
// two colours: a piece's colour follows its name.
func fillsByName(t *testing.T, what string, sheets []*Sheet, into map[string]color.NRGBA) {
	t.Helper()
	see := func(name string, c color.NRGBA) {
		if name == "" || c.A == 0 {
			return
		}
		if old, ok := into[name]; ok && old != c {
			t.Errorf("%s: piece %s is %v here and %v elsewhere", what, name, c, old)
		}
		into[name] = c
	}
	for _, sh := range sheets {
		for _, f := range sh.Frames {
			for _, s := range f.Shapes {
				see(s.Piece, s.Fill)
			}
			for _, s := range f.Sticks {
				see(s.Piece, s.Fill)
			}
		}
	}
}

// A piece's colour follows its name: the pieces sheet of a set, the
// puzzle's figure, its solutions and their legend give each piece one
// colour, for a built-in puzzle of each lattice, with the palette the
// puzzle names and with kelly; and the colours of one figure of up to 16
// pieces differ by the least ΔE the palette allows (MinDeltaE for these).
func TestColourFollowsName(t *testing.T) {
	for _, tc := range []struct {
		puzzle, set, palette string
		minDE                float64 // the least ΔE between two colours of a figure
	}{
		{"pentominoes-6x10", "pentominoes", "default", 15},               // the labelled default: F and L 15.7 apart
		{"pentominoes-6x10", "pentominoes", "kelly", palettes.MinDeltaE}, //
		{"tetrasticks-5x5", "tetrasticks", "kelly", 14},                  // 16 of kelly's 20: 14.6 at best by the rule
		{"tetrasticks-5x5", "tetrasticks", "default", 0},                 // 12 colours for 16: some shared
		{"hexiamonds-4x9", "hexiamonds", "kelly", palettes.MinDeltaE},    //
		{"tetrahexes-4x7", "tetrahexes", "default", 19.9},                // 7 of default's soft 12: 19.97 at best by the rule
		{"soma", "soma", "kelly", palettes.MinDeltaE},                    //
		{"soma", "soma", "default", 16},                                  // V and P keep their labelled colours
		{"tetracubes-2x4x4", "tetracubes", "kelly", palettes.MinDeltaE},  //
		{"tritrigs-parallelogram-5x2", "tritrigs", "kelly", palettes.MinDeltaE},
	} {
		t.Run(tc.puzzle+"/"+tc.palette, func(t *testing.T) {
			spec, err := specs.Builtin(tc.puzzle)
			if err != nil {
				t.Fatal(err)
			}
			set, err := geom.PieceSet(tc.set)
			if err != nil {
				t.Fatal(err)
			}
			pal, err := palettes.Lookup(tc.palette, len(set))
			if err != nil {
				t.Fatal(err)
			}
			opt := func() *Options {
				return &Options{Palette: pal, Legend: true, View: ViewLayers, Columns: 4}
			}
			fills := map[string]color.NRGBA{}
			o := opt()
			o.Lattice = geom.PieceSetLattice(tc.set)
			sheets, err := Pieces(set, o)
			if err != nil {
				t.Fatal(err)
			}
			fillsByName(t, "pieces sheet", sheets, fills)
			if len(fills) != len(set) {
				t.Errorf("pieces sheet colours %d pieces, want %d", len(fills), len(set))
			}
			checkSpread(t, "pieces sheet", fills, tc.minDE)
			for _, fig := range []Figure{{Puzzle: true}, {Pick: puzzles.Pick{Limit: 3}}} {
				sheets, err := Draw(context.Background(), spec, fig, opt())
				if err != nil {
					t.Fatal(err)
				}
				here := map[string]color.NRGBA{}
				fillsByName(t, "figure", sheets, here)
				delete(here, "board")
				for name, c := range here {
					if want, ok := fills[name]; ok && c != want {
						t.Errorf("%+v: piece %s is %v, %v on the pieces sheet", fig, name, c, want)
					}
				}
				checkSpread(t, "figure", here, tc.minDE)
			}
		})
	}
}

// checkSpread fails the test if two different colours of fills are less
// than minDE apart (CIEDE2000).
func checkSpread(t *testing.T, what string, fills map[string]color.NRGBA, minDE float64) {
	t.Helper()
	least, pair := 1e9, ""
	for a, ca := range fills {
		for b, cb := range fills {
			if a < b && ca != cb {
				if d := palettes.DeltaE(ca, cb); d < least {
					least, pair = d, a+"/"+b
				}
			}
		}
	}
	if least < minDE {
		t.Errorf("%s: %s only ΔE %.1f apart, want at least %g", what, pair, least, minDE)
	}
}
