package geom

import (
	"math"
	"slices"
	"testing"
)

func TestLattice6Transforms(t *testing.T) {
	for _, lat := range []Lattice{Triangle, Hexagon} {
		t.Run(lat.Name(), func(t *testing.T) {
			ox, oy := 0.0, 0.0
			if lat == Triangle {
				ox = 0.5 // the apex of triangle (0, 0)
			}
			var cells []Cell
			for r := -4; r <= 4; r++ {
				for c := -6; c <= 6; c++ {
					if ValidCell(lat, Cell{Row: r, Col: c}) {
						cells = append(cells, Cell{Row: r, Col: c})
					}
				}
			}
			images := map[string]bool{}
			for tr := range lat.Transforms() {
				theta := float64(tr%6) * math.Pi / 3
				for _, c := range cells {
					img := lat.Transform(tr, c)
					if !ValidCell(lat, img) {
						t.Fatalf("Transform(%d, %v) = %v, not a cell", tr, c, img)
					}
					x, y := Centre(lat, c)
					x, y = x-ox, y-oy
					if lat.Reflects(tr) {
						y = -y
					}
					x, y = x*math.Cos(theta)-y*math.Sin(theta), x*math.Sin(theta)+y*math.Cos(theta)
					gx, gy := Centre(lat, img)
					if math.Abs(gx-ox-x) > 1e-9 || math.Abs(gy-oy-y) > 1e-9 {
						t.Fatalf("Transform(%d, %v) = %v centred at (%.3f, %.3f), want (%.3f, %.3f)", tr, c, img, gx-ox, gy-oy, x, y)
					}
					for _, n := range lat.Neighbors(c) {
						if !slices.Contains(lat.Neighbors(img), lat.Transform(tr, n)) {
							t.Fatalf("Transform(%d) separates neighbours %v and %v", tr, c, n)
						}
					}
				}
				images[fmtCells(TransformShape(lat, tr, []Cell{{Row: 0, Col: 0}, {Row: 0, Col: 1}, {Row: 1, Col: 1}, {Row: 0, Col: 2}, {Row: 0, Col: 4}}))] = true
			}
			if got := len(images); got != 12 {
				t.Errorf("an asymmetric shape has %d images, want 12", got)
			}
		})
	}
}

func fmtCells(cells []Cell) string {
	p := Piece{Cells: cells}
	return p.String()
}

func TestLattice6Translate(t *testing.T) {
	for _, lat := range []Lattice{Triangle, Hexagon} {
		shape := []Cell{{Row: 0, Col: 0}, {Row: 0, Col: 2}, {Row: 1, Col: 1}}
		if lat == Triangle {
			shape = []Cell{{Row: 0, Col: 0}, {Row: 0, Col: 1}, {Row: 1, Col: 1}}
		}
		for _, tc := range []struct {
			to Cell
			ok bool
		}{{Cell{Row: 2, Col: 2}, true}, {Cell{Row: 3, Col: 5}, true}, {Cell{Row: 0, Col: 1}, false}, {Cell{Row: -1, Col: 0}, false}} {
			moved, ok := lat.Translate(shape, shape[0], tc.to)
			if ok != tc.ok {
				t.Errorf("%s: Translate(%v → %v) ok = %v, want %v", lat.Name(), shape[0], tc.to, ok, tc.ok)
				continue
			}
			if ok && !slices.Equal(lat.Normalize(moved), lat.Normalize(shape)) {
				t.Errorf("%s: Normalize(Translate(%v)) = %v, want %v", lat.Name(), tc.to, lat.Normalize(moved), lat.Normalize(shape))
			}
		}
	}
}

func TestPolyformCounts(t *testing.T) {
	for _, tc := range []struct {
		lat       Lattice
		free, one []int // from n = 1: OEIS A000577, A006534; A000228, A006535
	}{
		{Triangle, []int{1, 1, 1, 3, 4, 12, 24}, []int{1, 1, 1, 4, 6, 19, 43}},
		{Hexagon, []int{1, 1, 3, 7, 22, 82}, []int{1, 1, 3, 10, 33, 147}},
		{Square, []int{1, 1, 2, 5, 12, 35}, []int{1, 1, 2, 7, 18, 60}},
	} {
		for i := range tc.free {
			n := i + 1
			if got := len(Polyforms(tc.lat, n, false)); got != tc.free[i] {
				t.Errorf("len(Polyforms(%s, %d, free)) = %d, want %d", tc.lat.Name(), n, got, tc.free[i])
			}
			if got := len(Polyforms(tc.lat, n, true)); got != tc.one[i] {
				t.Errorf("len(Polyforms(%s, %d, one-sided)) = %d, want %d", tc.lat.Name(), n, got, tc.one[i])
			}
		}
	}
	if testing.Short() {
		return
	}
	if got := len(Polyforms(Hexagon, 7, false)); got != 333 {
		t.Errorf("len(Polyforms(hexagon, 7)) = %d, want 333", got)
	}
}

func TestLatticeSets(t *testing.T) {
	for _, tc := range []struct {
		set  string
		lat  Lattice
		n    int
		size int
	}{
		{"moniamond", Triangle, 1, 1}, {"diamond", Triangle, 1, 2}, {"triamond", Triangle, 1, 3},
		{"tetriamonds", Triangle, 3, 4}, {"pentiamonds", Triangle, 4, 5}, {"hexiamonds", Triangle, 12, 6},
		{"one-sided-hexiamonds", Triangle, 19, 6}, {"heptiamonds", Triangle, 24, 7},
		{"monohex", Hexagon, 1, 1}, {"dihex", Hexagon, 1, 2}, {"trihexes", Hexagon, 3, 3},
		{"tetrahexes", Hexagon, 7, 4}, {"one-sided-tetrahexes", Hexagon, 10, 4},
		{"pentahexes", Hexagon, 22, 5}, {"one-sided-pentahexes", Hexagon, 33, 5},
	} {
		t.Run(tc.set, func(t *testing.T) {
			if got := PieceSetLattice(tc.set); got != tc.lat {
				t.Errorf("PieceSetLattice(%s) = %v, want %v", tc.set, got, tc.lat)
			}
			pieces, err := PieceSet(tc.set)
			if err != nil {
				t.Fatal(err)
			}
			if len(pieces) != tc.n {
				t.Errorf("len(PieceSet(%s)) = %d, want %d", tc.set, len(pieces), tc.n)
			}
			for i, p := range pieces {
				if err := p.Validate(tc.lat); err != nil {
					t.Errorf("%s: %v", tc.set, err)
				}
				if len(p.Cells) != tc.size {
					t.Errorf("%s: piece %s has %d cells, want %d", tc.set, p.Name, len(p.Cells), tc.size)
				}
				if o := len(p.Orientations(tc.lat)); o > 12 || (p.OneSided && o > 6) {
					t.Errorf("%s: piece %s has %d orientations", tc.set, p.Name, o)
				}
				for _, q := range pieces[:i] {
					if SameShape(tc.lat, q, p.Cells) {
						t.Errorf("%s: pieces %s and %s are the same shape", tc.set, q.Name, p.Name)
					}
				}
			}
		})
	}
}

// TestLiteratureNames checks each named piece by what makes it itself: its
// symmetry (the number of orientations), its balance of up and down
// triangles, and, for the tetrahexes, how its cells touch.
func TestLiteratureNames(t *testing.T) {
	byName := func(set string) map[string]Piece {
		pieces, err := PieceSet(set)
		if err != nil {
			t.Fatal(err)
		}
		m := map[string]Piece{}
		for _, p := range pieces {
			m[p.Name] = p
		}
		return m
	}
	hexi := byName("hexiamonds")
	for _, tc := range []struct {
		name    string
		orients int
		ups     int // up triangles in the orientation with more of them down, or 3
	}{
		{"bar", 6, 3}, {"hexagon", 1, 3}, {"butterfly", 3, 3}, {"snake", 6, 3},
		{"chevron", 6, 3}, {"crown", 6, 3}, {"lobster", 6, 3},
		{"sphinx", 12, 2}, {"yacht", 12, 2}, {"crook", 12, 3}, {"hook", 12, 3}, {"signpost", 12, 3},
	} {
		p, ok := hexi[tc.name]
		if !ok {
			t.Errorf("no hexiamond %q", tc.name)
			continue
		}
		if got := len(p.Orientations(Triangle)); got != tc.orients {
			t.Errorf("hexiamond %s: %d orientations, want %d", tc.name, got, tc.orients)
		}
		ups := 0
		for _, c := range p.Cells {
			if PointsUp(c) {
				ups++
			}
		}
		if got := min(ups, 6-ups); got != tc.ups {
			t.Errorf("hexiamond %s: %d triangles point one way, want %d", tc.name, got, tc.ups)
		}
	}
	tetra := byName("tetrahexes")
	for _, tc := range []struct {
		name            string
		orients, degree int // orientations; the most neighbours a cell has within the piece
		adjacent        int // pairs of neighbouring cells
	}{
		{"bar", 3, 2, 3}, {"bee", 3, 3, 5}, {"propeller", 2, 3, 3}, {"pistol", 12, 3, 4},
		{"worm", 12, 2, 3}, {"arch", 6, 2, 3}, {"wave", 6, 2, 3},
	} {
		p, ok := tetra[tc.name]
		if !ok {
			t.Errorf("no tetrahex %q", tc.name)
			continue
		}
		if got := len(p.Orientations(Hexagon)); got != tc.orients {
			t.Errorf("tetrahex %s: %d orientations, want %d", tc.name, got, tc.orients)
		}
		deg, pairs := 0, 0
		for _, c := range p.Cells {
			d := 0
			for _, n := range Hexagon.Neighbors(c) {
				if slices.Contains(p.Cells, n) {
					d++
				}
			}
			deg, pairs = max(deg, d), pairs+d
		}
		if deg != tc.degree || pairs/2 != tc.adjacent {
			t.Errorf("tetrahex %s: degree %d, %d adjacent pairs; want %d, %d", tc.name, deg, pairs/2, tc.degree, tc.adjacent)
		}
	}
}

// TestHexiamondShapes checks each of O'Beirne's names against the shape it
// names, drawn in the coordinates (the first character of a
// picture at row 0, column 0 pointing up).
func TestHexiamondShapes(t *testing.T) {
	shapes := map[string]string{
		"bar":       "######",
		"sphinx":    "    #\n #####",
		"crown":     "#####\n  #",
		"signpost":  "####\n  ##",
		"snake":     "    #\n ####\n #",
		"butterfly": "  #\n ####\n   #",
		"chevron":   "    ##\n ####",
		"hook":      "   ##\n ####",
		"crook":     "#####\n#",
		"lobster":   "  ##\n ####",
		"yacht":     "  # #\n ####",
		"hexagon":   "###\n###",
	}
	pieces, err := PieceSet("hexiamonds")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range pieces {
		pic, ok := shapes[p.Name]
		if !ok {
			t.Errorf("hexiamond %s has no shape to check", p.Name)
			continue
		}
		want, err := ParsePieceOn(Triangle, p.Name, pic)
		if err != nil {
			t.Fatal(err)
		}
		if !SameShape(Triangle, p, want.Cells) {
			t.Errorf("hexiamond %s =\n%s, want\n%s", p.Name, p, want)
		}
	}
}

// The lattices whose cells are areas of the plane give each cell a centre
// there from which its neighbours all lie at one distance, each in a
// direction of its own (and so the Pfaffian's drawing of a board); the
// others give none.
func TestPlaneCentre(t *testing.T) {
	planar := map[string]bool{"square": true, "triangle": true, "hexagon": true}
	for _, lat := range Lattices() {
		b, err := NewRectBoardOn(lat, 6, 6, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range b.Cells() {
			x, y, ok := lat.PlaneCentre(c)
			if ok != planar[lat.Name()] {
				t.Fatalf("%s: cell %v has a centre in the plane %v, want %v", lat.Name(), c, ok, planar[lat.Name()])
			}
			if !ok {
				continue
			}
			var dist float64
			var angles []float64
			for _, n := range lat.Neighbors(c) {
				nx, ny, _ := lat.PlaneCentre(n)
				d := math.Hypot(nx-x, ny-y)
				if dist == 0 {
					dist = d
				}
				if math.Abs(d-dist) > 1e-9 || d == 0 {
					t.Errorf("%s: neighbour %v of %v at %v, another at %v", lat.Name(), n, c, d, dist)
				}
				a := math.Round(math.Atan2(ny-y, nx-x) * 1e6)
				if slices.Contains(angles, a) {
					t.Errorf("%s: two neighbours of %v in one direction", lat.Name(), c)
				}
				angles = append(angles, a)
			}
		}
	}
}
