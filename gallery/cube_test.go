package gallery

import (
	"image/color"
	"math"
	"strings"
	"testing"

	"github.com/polytile/polytile/gallery/solid"
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
	if len(fills) != 3 || fills[solid.Shaded(palettes.Default().PieceColors([]string{"I3"})[0], 0)] != 3 {
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

// A solution of a solid drawn as its layers, its steps, its pieces apart
// or its overview is one group: a box (four grid lines) round all it
// draws, its number under the middle of the box, boxes of different
// frames apart.
func TestSolidFramesBoxed(t *testing.T) {
	sols := distinct(t, "soma", 6)
	for _, view := range []string{ViewLayers, ViewSteps, ViewExploded, ViewOverview} {
		t.Run(view, func(t *testing.T) {
			sheets, err := Solutions(sols, &Options{View: view, Labels: true, Columns: 3})
			if err != nil {
				t.Fatal(err)
			}
			type box struct{ x0, y0, x1, y1 float64 }
			var boxes []box
			for k, f := range sheets[0].Frames {
				if len(f.Grid) != 4 {
					t.Fatalf("frame %d: %d grid lines, want the 4 of its box", k+1, len(f.Grid))
				}
				b := box{f.Grid[0].A.X, f.Grid[0].A.Y, f.Grid[0].A.X, f.Grid[0].A.Y}
				for _, g := range f.Grid {
					for _, p := range []Point{g.A, g.B} {
						b = box{min(b.x0, p.X), min(b.y0, p.Y), max(b.x1, p.X), max(b.y1, p.Y)}
					}
				}
				for _, sh := range f.Shapes {
					for _, r := range sh.Outline {
						for _, p := range r {
							if p.X < b.x0 || p.X > b.x1 || p.Y < b.y0 || p.Y > b.y1 {
								t.Fatalf("frame %d: piece %q at %v, out of the box %v", k+1, sh.Piece, p, b)
							}
						}
					}
				}
				if c := f.Caption; c == nil || math.Abs(c.X-(b.x0+b.x1)/2) > 0.01 || c.Y < b.y1 {
					t.Errorf("frame %d: caption %+v, want it under the middle of the box %v", k+1, c, b)
				}
				for j, o := range boxes {
					if b.x0 < o.x1 && o.x0 < b.x1 && b.y0 < o.y1 && o.y0 < b.y1 {
						t.Errorf("frames %d and %d: boxes %v and %v overlap", j+1, k+1, o, b)
					}
				}
				boxes = append(boxes, b)
			}
		})
	}
}

// The shades of a solid's faces (lighter tops, darker right sides) keep
// three quarters of the least colour difference (ΔE) between two pieces:
// no piece's top or side comes near another piece's colour.
func TestSolidShades(t *testing.T) {
	for _, tt := range []struct{ name, palette string }{
		{"soma", ""}, {"soma", "kelly"}, {"solid-pentominoes-3x4x5", ""}, {"solid-pentominoes-3x4x5", "kelly"},
	} {
		t.Run(tt.name+"/"+tt.palette, func(t *testing.T) {
			opt := &Options{View: ViewIsometric, Legend: true}
			if tt.palette != "" {
				p, err := palettes.Lookup(tt.palette, 0)
				if err != nil {
					t.Fatal(err)
				}
				opt.Palette = p
			}
			sheets, err := Solutions(distinct(t, tt.name, 1), opt)
			if err != nil {
				t.Fatal(err)
			}
			fills := map[string]map[color.NRGBA]bool{} // a piece's faces' fills
			base := map[string]color.NRGBA{}           // its colour, in the legend
			for _, f := range sheets[0].Frames {
				for _, sh := range f.Shapes {
					switch {
					case strings.HasPrefix(f.Title, "legend: "):
						base[sh.Piece] = sh.Fill
					case sh.Piece != "":
						if fills[sh.Piece] == nil {
							fills[sh.Piece] = map[color.NRGBA]bool{}
						}
						fills[sh.Piece][sh.Fill] = true
					}
				}
			}
			least, leastShaded := math.Inf(1), math.Inf(1)
			for a := range base {
				for b := range base {
					if a >= b {
						continue
					}
					least = min(least, palettes.DeltaE(base[a], base[b]))
					for fa := range fills[a] {
						for fb := range fills[b] {
							leastShaded = min(leastShaded, palettes.DeltaE(fa, fb))
						}
					}
				}
			}
			if len(base) < 7 || leastShaded < 0.75*least {
				t.Errorf("%d pieces: least ΔE %.1f between their colours, %.1f between their faces' shades; want at least three quarters", len(base), least, leastShaded)
			}
		})
	}
}

// A view no solid has is an error that names the views there are.
func TestUnknownView(t *testing.T) {
	_, err := Solutions(distinct(t, "soma", 1), &Options{View: "sideways"})
	if err == nil || !strings.Contains(err.Error(), `unknown view "sideways"`) || !strings.Contains(err.Error(), `"steps"`) {
		t.Errorf("view sideways: %v, want an error naming the views", err)
	}
}
