package geom

import (
	"slices"
	"testing"
)

// TestRegistry checks that every registered lattice is found by its name,
// in the order of the registry, square (the default) first.
func TestRegistry(t *testing.T) {
	var names []string
	for _, l := range Lattices() {
		names = append(names, l.Name())
		got, ok := LatticeByName(l.Name())
		if !ok || got != l {
			t.Errorf("LatticeByName(%q) = %v, %v; want the registered lattice", l.Name(), got, ok)
		}
	}
	if want := []string{"square", "triangle", "hexagon", "cube", "stick", "trig"}; !slices.Equal(names, want) {
		t.Errorf("Lattices() names %v; want %v", names, want)
	}
	if _, ok := LatticeByName("pentagon"); ok {
		t.Error(`LatticeByName("pentagon") found a lattice`)
	}
	defaults := 0
	for _, l := range Lattices() {
		if l.Default() {
			defaults++
			if OrDefault(nil) != l {
				t.Errorf("OrDefault(nil) = %s; want %s, the default", OrDefault(nil).Name(), l.Name())
			}
		}
		if OrDefault(l) != l {
			t.Errorf("OrDefault(%s) = %s", l.Name(), OrDefault(l).Name())
		}
	}
	if defaults != 1 || !Lattices()[0].Default() {
		t.Errorf("%d default lattices; want one, first", defaults)
	}
	// Lattices returns a copy: changing it changes no registration.
	Lattices()[0] = Cube
	if Lattices()[0] != Square {
		t.Error("changing what Lattices returned changed the registry")
	}
}

// TestRegisteredLattice checks that a lattice registered besides the
// package's is found by its name and listed after them.
func TestRegisteredLattice(t *testing.T) {
	saved := registry
	defer func() { registry = saved }()
	stand := standIn{Hexagon}
	registry = append(slices.Clone(registry), stand)
	if got, ok := LatticeByName("stand-in"); !ok || got != stand {
		t.Errorf("LatticeByName(stand-in) = %v, %v", got, ok)
	}
	if l := Lattices(); l[len(l)-1] != stand || l[0] != Square {
		t.Errorf("Lattices() = %v; want the package's, then the stand-in", l)
	}
}

// standIn is a lattice that is the one it embeds but for its name.
type standIn struct{ Lattice }

func (standIn) Name() string { return "stand-in" }

// TestLatticeAnswers checks that what a lattice says of itself agrees:
// cells in layers have three coordinates; boards that are grids of
// segments have doubled pictures; polygons say where their corners are.
func TestLatticeAnswers(t *testing.T) {
	for _, l := range Lattices() {
		if l.Layered() != (l.Coords() == 3) || l.Layered() != Solid(l) {
			t.Errorf("%s: Layered %v, Coords %d", l.Name(), l.Layered(), l.Coords())
		}
		r, c := l.PictureSize(2, 3)
		if l.GridBoard() != (r == 5 && c == 7) || (l.GridBoard() && l.CellShape() != SegmentCells) {
			t.Errorf("%s: GridBoard %v, a board of 2×3 drawn %d×%d", l.Name(), l.GridBoard(), r, c)
		}
		if _, ok := l.(Polygonal); ok != (l.CellShape() == PolygonCells) {
			t.Errorf("%s: Polygonal %v, CellShape %v", l.Name(), ok, l.CellShape())
		}
	}
}

// TestPolygonCorners checks the corners of the triangular and hexagonal
// lattices' cells: clockwise on the screen, as many as the cell has
// neighbours, and two of them shared with each neighbour, an edge.
func TestPolygonCorners(t *testing.T) {
	for _, l := range []Lattice{Triangle, Hexagon} {
		pl := l.(Polygonal)
		for r := -2; r <= 2; r++ {
			for k := -2; k <= 2; k++ {
				c := Cell{Row: r, Col: k}
				if !l.Valid(c) {
					continue
				}
				vs := pl.Corners(c)
				area := 0.0
				for i, v := range vs {
					x0, y0 := pl.VertexPoint(v)
					x1, y1 := pl.VertexPoint(vs[(i+1)%len(vs)])
					area += x0*y1 - x1*y0
				}
				if area <= 0 || len(vs) != len(l.Neighbors(c)) {
					t.Errorf("%s %v: corners %v, area %g; want clockwise, one for each of %d neighbours", l.Name(), c, vs, area/2, len(l.Neighbors(c)))
				}
				for _, n := range l.Neighbors(c) {
					shared := 0
					for _, v := range pl.Corners(n) {
						if slices.Contains(vs, v) {
							shared++
						}
					}
					if shared != 2 {
						t.Errorf("%s: %v and its neighbour %v share %d corners; want an edge, 2", l.Name(), c, n, shared)
					}
				}
			}
		}
	}
}
