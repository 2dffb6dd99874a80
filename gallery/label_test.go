package gallery

import (
	"context"
	"math"
	"strings"
	"testing"

	"github.com/polytile/polytile/puzzles/geom"
	"github.com/polytile/polytile/puzzles/specs"
)

func TestPole(t *testing.T) {
	for _, tt := range []struct {
		name  string
		rings []Ring
		at    Point
		r     float64
	}{
		{"square", []Ring{{{0, 0}, {2, 0}, {2, 2}, {0, 2}}}, Point{1, 1}, 1},
		{"bar, mid-bar", []Ring{{{0, 0}, {5, 0}, {5, 1}, {0, 1}}}, Point{2.5, 0.5}, 0.5},
		{"plus", []Ring{{{1, 0}, {2, 0}, {2, 1}, {3, 1}, {3, 2}, {2, 2}, {2, 3}, {1, 3}, {1, 2}, {0, 2}, {0, 1}, {1, 1}}}, Point{1.5, 1.5}, math.Sqrt2 / 2},
		// In a corner of the frame, as far from the two sides as from the
		// hole's corner.
		{"frame with a hole", []Ring{{{0, 0}, {3, 0}, {3, 3}, {0, 3}}, {{1, 1}, {1, 2}, {2, 2}, {2, 1}}}, Point{}, math.Sqrt2 / (1 + math.Sqrt2)},
		{"flat", []Ring{{{0, 0}, {1, 0}}}, Point{0, 0}, 0},
	} {
		at, r := pole(tt.rings, 0.001)
		if math.Abs(r-tt.r) > 0.002 {
			t.Errorf("%s: radius %g, want %g", tt.name, r, tt.r)
		}
		if tt.at != (Point{}) && math.Hypot(at.X-tt.at.X, at.Y-tt.at.Y) > 0.01 {
			t.Errorf("%s: pole at %v, want %v", tt.name, at, tt.at)
		}
		if tt.r > 0 && !insideRings(at, tt.rings) {
			t.Errorf("%s: pole %v is not inside", tt.name, at)
		}
	}
}

// TestLettersInside checks that every piece's name, written on it, lies
// inside it: the corners and the middles of the sides of the text's box
// are inside the piece's outline, for every piece of every built-in set
// and for solutions of puzzles on each lattice.
func TestLettersInside(t *testing.T) {
	var sheets []*Sheet
	for _, name := range geom.PieceSetNames() {
		if geom.PieceSetLattice(name).SegmentGrid() != nil {
			continue // names on badges beside lines, not inside shapes: TestStickLetters
		}
		pieces, err := geom.PieceSet(name)
		if err != nil {
			t.Fatal(err)
		}
		s, err := Pieces(pieces, &Options{Letters: true, Lattice: geom.PieceSetLattice(name)})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		sheets = append(sheets, s...)
	}
	for _, name := range []string{"scott", "hexiamonds-4x9", "tetrahexes-4x7", "dominoes-4x4"} {
		s, err := Solutions(distinct(t, name, 3), &Options{Letters: true, CellSize: 30})
		if err != nil {
			t.Fatal(err)
		}
		sheets = append(sheets, s...)
	}
	st, _ := newSheetLayout(nil)
	letters := 0
	for _, s := range sheets {
		for _, f := range s.Frames {
			if strings.HasPrefix(f.Title, "legend: ") {
				continue
			}
			if len(f.Letters) > 0 && len(f.Letters) != len(f.Shapes) {
				t.Errorf("%s: %d letters for %d pieces", f.Title, len(f.Letters), len(f.Shapes))
				continue
			}
			for i, l := range f.Letters {
				letters++
				w, _ := st.measure(l.Text, l.Size, true)
				h := letterHeight * l.Size
				sh := f.Shapes[i]
				for _, c := range [][2]float64{{-1, -1}, {0, -1}, {1, -1}, {1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}} {
					p := Point{l.X + c[0]*w/2, l.Y + c[1]*h/2}
					// Inside, and clear of the half of the border drawn
					// inside the piece.
					if !insideRings(p, sh.Outline) || distToRings(p, sh.Outline) < s.BorderWidth/2-0.01 {
						t.Errorf("%s: the name %q of piece %s at (%.1f, %.1f), size %.1f, crosses its outline or border at (%.1f, %.1f)", f.Title, l.Text, sh.Piece, l.X, l.Y, l.Size, p.X, p.Y)
						break
					}
				}
			}
		}
	}
	if letters < 200 {
		t.Errorf("only %d letters checked", letters)
	}
}

// TestAbbreviations checks that names too long to read on their pieces
// are written short, and spelt out in a legend.
func TestAbbreviations(t *testing.T) {
	sols := distinct(t, "hexiamonds-4x9", 1)
	// A long name on a domino cannot be read; a short one can.
	spec, err := specs.Parse("x.yaml", []byte("board: {rows: 2, cols: 2}\npieces: {a-long-name: '##', B: '##'}\n"))
	if err != nil {
		t.Fatal(err)
	}
	res, err := spec.Problem.Solve(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	sheets, err := Classes(res.Distinct, &Options{Letters: true})
	if err != nil {
		t.Fatal(err)
	}
	f := sheets[0].Frames[0]
	if f.Letters[0].Text != "a" || f.Letters[1].Text != "B" {
		t.Errorf("the dominoes' names are written %q and %q, want a and B", f.Letters[0].Text, f.Letters[1].Text)
	}
	legend := sheets[0].Frames[1:]
	if len(legend) != 2 || legend[0].Letters[0].Text != "a = a-long-name" || legend[1].Letters[0].Text != "B" {
		t.Errorf("legend %+v, want a = a-long-name, B", legend)
	}
	sheets, err = Solutions(sols, &Options{Letters: true})
	if err != nil {
		t.Fatal(err)
	}
	if n := len(sheets[0].Frames); n != 1 {
		t.Errorf("%d frames: the hexiamonds' names fit, no legend wanted", n)
	}
	for i, want := range []string{"a", "b", "z", "aa", "ab", "az", "ba"} {
		if got := abbreviation([]int{0, 1, 25, 26, 27, 51, 52}[i]); got != want {
			t.Errorf("abbreviation %d = %q, want %q", i, got, want)
		}
	}
}
