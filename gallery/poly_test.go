package gallery

import (
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/polytile/polytile/puzzles/geom"
)

// ringArea returns the signed area of a ring by the shoelace formula:
// positive when it runs clockwise on the screen (y down).
func ringArea(r Ring) float64 {
	a := 0.0
	for i, p := range r {
		q := r[(i+1)%len(r)]
		a += p.X*q.Y - q.X*p.Y
	}
	return a / 2
}

func segLen(segs []Segment) float64 {
	n := 0.0
	for _, s := range segs {
		n += math.Hypot(s.B.X-s.A.X, s.B.Y-s.A.Y)
	}
	return n
}

// TestPolyFrames checks pictures of triangular and hexagonal boards by what
// they mean: one filled outline per piece whose area is its cells' (so the
// outlines tile the board without gaps, overlaps or seams), borders as
// long as the edges between pieces and around the board, grid lines as
// long as the edges inside pieces, each letter inside its piece, and the
// frame the size of the drawn board.
func TestPolyFrames(t *testing.T) {
	const cell = 24.0
	dir := t.TempDir()
	spec := func(name, text string) string {
		path := filepath.Join(dir, name+".yaml")
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	// Boards with holes: a hexagon of side 3 without its centre, and a
	// hexagon of triangles without two that meet at its centre.
	ring := spec("ring", "lattice: hexagon\nboard: |2\n    . . .\n   . . . .\n  . . # . .\n   . . . .\n    . . .\npieces: [{set: trihexes, count: 2}]\n")
	pinch := spec("pinch", "lattice: triangle\nboard: |2\n    .....\n   ...#...\n   ...#...\n    .....\npieces: [{set: diamond, count: 11}]\n")
	for _, tc := range []struct {
		name     string
		cellArea float64 // in pixels
		edge     float64 // a cell's edge, in pixels
	}{
		{ring, math.Sqrt(3) / 2 * cell * cell, cell / math.Sqrt(3)},
		{pinch, math.Sqrt(3) / 4 * (1.5 * cell) * (1.5 * cell), 1.5 * cell},
		{"hexiamonds-4x9", math.Sqrt(3) / 4 * (1.5 * cell) * (1.5 * cell), 1.5 * cell},
		{"hexiamonds-rhombus-6x6", math.Sqrt(3) / 4 * (1.5 * cell) * (1.5 * cell), 1.5 * cell},
		{"tetrahexes-4x7", math.Sqrt(3) / 2 * cell * cell, cell / math.Sqrt(3)},
		{"one-sided-tetrahexes-5x8", math.Sqrt(3) / 2 * cell * cell, cell / math.Sqrt(3)},
	} {
		t.Run(filepath.Base(tc.name), func(t *testing.T) {
			sols := distinct(t, tc.name, 3)
			sheets, err := Solutions(sols, &Options{Letters: true, Grid: true, Margin: -1})
			if err != nil {
				t.Fatal(err)
			}
			sol := sols[0]
			p := sol.Puzzle()
			b := p.Board()
			lat := b.Lattice()
			f := sheets[0].Frames[0]
			if len(f.Shapes) != p.Instances() || len(f.Letters) != p.Instances() {
				t.Fatalf("%d shapes, %d letters, want %d each", len(f.Shapes), len(f.Letters), p.Instances())
			}
			// The edges between cells of the board: inside a piece, or
			// between two; and the board's boundary.
			inner, between, boundary := 0, 0, 0
			for i, c := range b.Cells() {
				_, a := sol.At(i)
				for _, n := range lat.Neighbors(c) {
					j := b.Index(n)
					switch {
					case j < 0:
						boundary++
					case j > i:
						if _, o := sol.At(j); o == a {
							inner++
						} else {
							between++
						}
					}
				}
			}
			minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
			total := 0.0
			for k, sh := range f.Shapes {
				if len(sh.Outline) != 1 {
					t.Errorf("%s: %d rings, want 1", sh.Piece, len(sh.Outline))
				}
				area := 0.0
				for _, r := range sh.Outline {
					area += ringArea(r)
					for _, q := range r {
						minX, minY, maxX, maxY = min(minX, q.X), min(minY, q.Y), max(maxX, q.X), max(maxY, q.Y)
					}
				}
				cells := 0
				for i := range b.Cells() {
					if _, o := sol.At(i); o == k {
						cells++
					}
				}
				if want := float64(cells) * tc.cellArea; math.Abs(area-want) > 1e-6*want {
					t.Errorf("%s: outline area %.3f, want %d cells, %.3f", sh.Piece, area, cells, want)
				}
				total += area
				l := f.Letters[k]
				if !insideRings(Point{l.X, l.Y}, sh.Outline) || distToRings(Point{l.X, l.Y}, sh.Outline) < tc.edge/4 {
					t.Errorf("%s: letter at (%.1f, %.1f), not well inside its outline", sh.Piece, l.X, l.Y)
				}
			}
			if want := float64(b.Len()) * tc.cellArea; math.Abs(total-want) > 1e-6*want {
				t.Errorf("outlines cover %.3f, the board %.3f", total, want)
			}
			if got, want := segLen(f.Borders), float64(between+boundary)*tc.edge; math.Abs(got-want) > 1e-6*want {
				t.Errorf("borders are %.3f long, want %.3f (%d edges between pieces, %d around the board)", got, want, between, boundary)
			}
			if got, want := segLen(f.Grid), float64(inner)*tc.edge; math.Abs(got-want) > 1e-6*want {
				t.Errorf("grid lines are %.3f long, want %.3f (%d edges inside pieces)", got, want, inner)
			}
			if math.Abs(minX-f.X) > 1e-6 || math.Abs(minY-f.Y) > 1e-6 || math.Abs(maxX-f.X-f.Width) > 1e-6 || math.Abs(maxY-f.Y-f.Height) > 1e-6 {
				t.Errorf("frame %v+%v × %v+%v, the drawing spans x %v…%v, y %v…%v", f.X, f.Width, f.Y, f.Height, minX, maxX, minY, maxY)
			}
		})
	}
}

// TestPolyPieces draws the hexiamonds and tetrahexes: one outline per piece
// of its cells' area, and an error for a cell off the lattice.
func TestPolyPieces(t *testing.T) {
	for _, set := range []string{"hexiamonds", "tetrahexes", "one-sided-pentahexes"} {
		pieces, err := geom.PieceSet(set)
		if err != nil {
			t.Fatal(err)
		}
		lat := geom.PieceSetLattice(set)
		sheets, err := Pieces(pieces, &Options{Lattice: lat})
		if err != nil {
			t.Fatal(err)
		}
		if got := len(sheets[0].Frames); got != len(pieces) {
			t.Fatalf("%s: %d frames, want %d", set, got, len(pieces))
		}
		for k, f := range sheets[0].Frames {
			if len(f.Shapes) != 1 || len(f.Shapes[0].Outline) != 1 || f.Caption == nil || f.Caption.Text != pieces[k].Name {
				t.Errorf("%s: frame %d: %d shapes, caption %v", set, k, len(f.Shapes), f.Caption)
			}
		}
	}
	bad := []geom.Piece{{Name: "A", Cells: cellsOf(0, 1), Count: 1}}
	if _, err := Pieces(bad, &Options{Lattice: geom.Hexagon}); err == nil {
		t.Errorf("Pieces(a hexagon at [0, 1]) = nil error, want one")
	}
}

// TestPolyHoles draws pieces that enclose a hole, or touch themselves at a
// vertex: a ring of six hexagons, and a ring of triangles about a hexagon.
func TestPolyHoles(t *testing.T) {
	for _, tc := range []struct {
		name  string
		lat   geom.Lattice
		cells []geom.Cell
		rings int
		area  float64 // in cells
	}{
		{"hexagon ring", geom.Hexagon, cellsOf(0, 2, 0, 4, 1, 1, 1, 5, 2, 2, 2, 4), 2, 6},
		// Triangle (0, 2) points up; around the hexagon of side 1 below
		// it, 12 triangles enclose it.
		{"triangle ring", geom.Triangle, cellsOf(
			0, 2, 0, 3, 0, 4, 0, 5, 0, 6,
			1, 1, 1, 2, 1, 6, 1, 7,
			2, 1, 2, 2, 2, 6, 2, 7,
			3, 2, 3, 3, 3, 4, 3, 5, 3, 6), 2, 18},
		// The ring and two opposite triangles of the hexagon it encloses,
		// which meet at its centre: two holes pinched there.
		{"pinch", geom.Triangle, cellsOf(
			0, 2, 0, 3, 0, 4, 0, 5, 0, 6,
			1, 1, 1, 2, 1, 3, 1, 6, 1, 7,
			2, 1, 2, 2, 2, 5, 2, 6, 2, 7,
			3, 2, 3, 3, 3, 4, 3, 5, 3, 6), 3, 20},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pc, err := geom.NewPiece(tc.lat, "R", tc.cells)
			if err != nil {
				t.Fatal(err)
			}
			sheets, err := Pieces([]geom.Piece{pc}, &Options{Lattice: tc.lat, CellSize: 1, BorderWidth: 0.1})
			if err != nil {
				t.Fatal(err)
			}
			sh := sheets[0].Frames[0].Shapes[0]
			area := 0.0
			for _, r := range sh.Outline {
				area += ringArea(r)
			}
			cellArea := math.Sqrt(3) / 2
			if tc.lat == geom.Triangle {
				cellArea = math.Sqrt(3) / 4 * 1.5 * 1.5
			}
			if len(sh.Outline) != tc.rings || math.Abs(area-tc.area*cellArea) > 1e-9 {
				t.Errorf("%d rings of area %.4f, want %d of %.4f", len(sh.Outline), area, tc.rings, tc.area*cellArea)
			}
		})
	}
}

// cellsOf returns the cells at the given rows and columns: row, column,
// row, column, ….
func cellsOf(rc ...int) []geom.Cell {
	out := make([]geom.Cell, len(rc)/2)
	for i := range out {
		out[i] = geom.Cell{Row: rc[2*i], Col: rc[2*i+1]}
	}
	return out
}

// TestPolyRandom traces random colourings of random cells of both lattices,
// pieces disconnected and full of holes and pinches included: every
// instance's rings enclose exactly its cells' area, and the borders and
// grid lines are exactly as long as the edges they stand for.
func TestPolyRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, lat := range []geom.Lattice{geom.Triangle, geom.Hexagon} {
		cellArea, edge := math.Sqrt(3)/4*1.5*1.5, 1.5
		if lat == geom.Hexagon {
			cellArea, edge = math.Sqrt(3)/2, 1/math.Sqrt(3)
		}
		for iter := range 300 {
			var cells []geom.Cell
			for r := range 5 {
				for c := range 10 {
					if cell := (geom.Cell{Row: r, Col: c}); geom.ValidCell(lat, cell) && rng.IntN(4) > 0 {
						cells = append(cells, cell)
					}
				}
			}
			if len(cells) == 0 {
				continue
			}
			instances := 1 + rng.IntN(4)
			owner := make([]int, len(cells))
			for i := range owner {
				owner[i] = rng.IntN(instances)
			}
			p := newPolys(lat.(geom.Polygonal), cells, owner, instances)
			index := map[geom.Cell]int{}
			for i, c := range cells {
				index[c] = i
			}
			area := make([]float64, instances)
			inner, border := 0, 0
			for i, c := range cells {
				area[owner[i]] += cellArea
				for _, n := range lat.Neighbors(c) {
					j, ok := index[n]
					switch {
					case !ok:
						border++
					case j > i && owner[j] == owner[i]:
						inner++
					case j > i:
						border++
					}
				}
			}
			for o, rings := range p.outlines() {
				got := 0.0
				for _, r := range rings {
					got += ringArea(r)
				}
				if math.Abs(got-area[o]) > 1e-9 {
					t.Fatalf("%s, case %d: instance %d: rings of area %.4f, want %.4f", lat.Name(), iter, o, got, area[o])
				}
			}
			borders, grid := p.lines()
			if got, want := segLen(borders), float64(border)*edge; math.Abs(got-want) > 1e-9 {
				t.Fatalf("%s, case %d: borders %.4f long, want %.4f", lat.Name(), iter, got, want)
			}
			if got, want := segLen(grid), float64(inner)*edge; math.Abs(got-want) > 1e-9 {
				t.Fatalf("%s, case %d: grid %.4f long, want %.4f", lat.Name(), iter, got, want)
			}
		}
	}
}

// newPolys returns the polygons of cells of lat, cell i covered by
// instance owner[i].
func newPolys(lat geom.Polygonal, cells []geom.Cell, owner []int, instances int) *polys {
	return &polys{g: newPolyGeom(lat, cells), owner: owner, instances: instances}
}
