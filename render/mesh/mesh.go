// Package mesh makes solids of the cube lattice into pieces to print: a
// closed triangle mesh for each piece, every edge shared by exactly two
// triangles, its normals outward and no faces inside it, with the cube's
// edge and a clearance taken off every outer face in millimetres; and
// writes them as STL or as 3MF, each piece an object named and coloured.
package mesh

import (
	"fmt"
	"image/color"
	"slices"

	"github.com/polytile/polytile/puzzles/geom"
)

// Solid is one piece to print: its name (a copy's own), the name of its
// piece (whose colour copies share), its colour, and its cubes, cells of
// the cube lattice.
type Solid struct {
	Name, Piece string
	Color       color.NRGBA
	Cells       []geom.Cell
}

// Options set the size of the pieces and how they are placed. The zero
// value (and a nil *Options) gives 20 mm cubes, no clearance, and the
// solids where their cells put them.
type Options struct {
	// Cell is the edge of a cube, in millimetres; 0 means 20.
	Cell float64
	// Clearance is taken off every outer face of a piece, in
	// millimetres, so that printed pieces fit together: less than half
	// a cube's edge, and at least MinClearance (0 means that), which
	// keeps apart a piece's cubes that touch only along an edge or at a
	// corner, so that every edge of its mesh has two faces.
	Clearance float64
	// Apart lays each solid on the bed at the origin, its box's lowest
	// corner there (Plates packs them); otherwise they stay where their
	// cells are (an assembled solution), the whole on the bed.
	Apart bool
	// Thickness, in millimetres, makes the solids tiles: one layer of
	// squares, each a prism this high rather than a cube; 0 means cubes.
	Thickness float64
	// Bed is the width and depth of a printer's bed, in millimetres, that
	// Plates packs onto; 0 means DefaultBed.
	Bed [2]float64
}

// Mesh is one piece's closed triangle mesh, in millimetres: Z is up, X
// along a picture's columns and Y up its rows, so that a piece prints as
// its pictures draw it seen from above (never its mirror image), and
// nothing lies below Z = 0. Each triangle's vertices go counterclockwise
// seen from outside.
type Mesh struct {
	Name      string
	Color     color.NRGBA
	Vertices  [][3]float64
	Triangles [][3]int
}

// DefaultCell is the edge of a cube when Options.Cell is 0, in
// millimetres.
const DefaultCell = 20

// MinClearance is the least clearance, in millimetres: a hundredth of a
// millimetre, below what any printer resolves.
const MinClearance = 0.01

// Build returns the mesh of each solid, in their order.
func Build(solids []Solid, opt *Options) ([]Mesh, error) {
	var o Options
	if opt != nil {
		o = *opt
	}
	if o.Cell == 0 {
		o.Cell = DefaultCell
	}
	if !(o.Cell > 0 && o.Cell <= 1000) {
		return nil, fmt.Errorf("mesh: a cube's edge of %g mm: want more than 0, at most 1000", o.Cell)
	}
	if !(o.Clearance >= 0 && o.Clearance < o.Cell/2) {
		return nil, fmt.Errorf("mesh: a clearance of %g mm: want 0 or more, less than half the cube's edge (%g mm)", o.Clearance, o.Cell/2)
	}
	if !(o.Thickness >= 0 && o.Thickness <= 1000) {
		return nil, fmt.Errorf("mesh: a tile's thickness of %g mm: want more than 0, at most 1000", o.Thickness)
	}
	o.Clearance = max(o.Clearance, MinClearance)
	// A tile's layer is its thickness and the clearance taken off above
	// and below: it prints as thick as asked.
	size := [3]float64{o.Cell, o.Cell, o.Cell}
	if o.Thickness > 0 {
		size[2] = o.Thickness + 2*o.Clearance
	}
	meshes := make([]Mesh, len(solids))
	for i, s := range solids {
		if len(s.Cells) == 0 {
			return nil, fmt.Errorf("mesh: solid %q has no cubes", s.Name)
		}
		if o.Thickness > 0 && slices.ContainsFunc(s.Cells, func(c geom.Cell) bool { return c.Layer != 0 }) {
			return nil, fmt.Errorf("mesh: solid %q has more than one layer: no tile", s.Name)
		}
		m := build(s, size, o.Clearance)
		if o.Apart {
			lo, _ := bounds(m.Vertices)
			m.shift([3]float64{-lo[0], -lo[1], -lo[2]})
		}
		meshes[i] = m
	}
	if !o.Apart {
		// The whole on the bed: its lowest point at Z = 0.
		low := 0.0
		for i, m := range meshes {
			lo, _ := bounds(m.Vertices)
			if i == 0 || lo[2] < low {
				low = lo[2]
			}
		}
		for _, m := range meshes {
			for k := range m.Vertices {
				m.Vertices[k][2] -= low
			}
		}
	}
	return meshes, nil
}

func bounds(vs [][3]float64) (lo, hi [3]float64) {
	lo, hi = vs[0], vs[0]
	for _, v := range vs {
		for a := range 3 {
			lo[a], hi[a] = min(lo[a], v[a]), max(hi[a], v[a])
		}
	}
	return lo, hi
}

// shift moves m by d.
func (m *Mesh) shift(d [3]float64) {
	for k := range m.Vertices {
		for a := range 3 {
			m.Vertices[k][a] += d[a]
		}
	}
}

// build returns the mesh of s, its cubes size mm along each axis, shrunk
// by c mm (more than 0, less than half of each size) away from every point outside it: the points
// of the solid farther than c from every empty cube, as a maximum of
// coordinates measures it. Each cube is cut in three along each axis, at
// c and its size − c, and a part is kept when every cube it lies within c of is
// the solid's; the mesh is the boundary of the parts kept, two triangles
// a face, on a grid where faces meet edge to edge.
func build(s Solid, size [3]float64, c float64) Mesh {
	type vec = [3]int
	in := make(map[vec]bool, len(s.Cells))
	for _, cell := range s.Cells {
		// X along the columns, Y up the rows (rows go down a picture):
		// the picture seen from above, not its mirror image.
		in[vec{cell.Col, -cell.Row, cell.Layer}] = true
	}
	const parts = 3
	// The parts kept, by their index on the fine grid: part k of cube x
	// along an axis is index parts·x + k.
	kept := map[vec]bool{}
	for cube := range in {
		for i := range parts * parts * parts {
			sub := vec{i % parts, i / parts % parts, i / (parts * parts)}
			if keep(in, cube, sub) {
				kept[vec{parts*cube[0] + sub[0], parts*cube[1] + sub[1], parts*cube[2] + sub[2]}] = true
			}
		}
	}
	// A fine index's coordinate, in mm.
	coord := func(g, a int) float64 {
		q, r := g/3, g%3
		if r < 0 {
			q, r = q-1, r+3
		}
		return float64(q)*size[a] + []float64{0, c, size[a] - c}[r]
	}
	m := Mesh{Name: s.Name, Color: s.Color}
	index := map[vec]int{}
	vertex := func(g vec) int {
		if k, ok := index[g]; ok {
			return k
		}
		index[g] = len(m.Vertices)
		m.Vertices = append(m.Vertices, [3]float64{coord(g[0], 0), coord(g[1], 1), coord(g[2], 2)})
		return index[g]
	}
	// In a fixed order, so that the same solid gives the same bytes.
	order := make([]vec, 0, len(kept))
	for p := range kept {
		order = append(order, p)
	}
	slices.SortFunc(order, func(a, b vec) int { return slices.Compare(a[:], b[:]) })
	for _, p := range order {
		for a := range 3 {
			for _, side := range []int{-1, 1} {
				next := p
				next[a] += side
				if kept[next] {
					continue
				}
				// The face of p toward side along axis a, its corners
				// counterclockwise seen from outside: (a, u, v) is a
				// cyclic order of the axes, so u × v points along +a.
				u, v := (a+1)%3, (a+2)%3
				at := p
				if side > 0 {
					at[a]++
				}
				corner := func(du, dv int) int {
					g := at
					g[u] += du
					g[v] += dv
					return vertex(g)
				}
				q := [4]int{corner(0, 0), corner(1, 0), corner(1, 1), corner(0, 1)}
				if side < 0 {
					q[1], q[3] = q[3], q[1]
				}
				m.Triangles = append(m.Triangles, [3]int{q[0], q[1], q[2]}, [3]int{q[0], q[2], q[3]})
			}
		}
	}
	return m
}

// keep says whether part sub (0, 1 or 2 along each axis: the low slice,
// the middle, the high) of cube is kept: whether every cube it lies
// within c of, across a face, an edge or a corner, is the solid's.
func keep(in map[[3]int]bool, cube, sub [3]int) bool {
	var choices [3][]int
	for a := range 3 {
		choices[a] = []int{0}
		switch sub[a] {
		case 0:
			choices[a] = append(choices[a], -1)
		case 2:
			choices[a] = append(choices[a], 1)
		}
	}
	for _, dx := range choices[0] {
		for _, dy := range choices[1] {
			for _, dz := range choices[2] {
				if !in[[3]int{cube[0] + dx, cube[1] + dy, cube[2] + dz}] {
					return false
				}
			}
		}
	}
	return true
}

// Volume returns the volume m encloses, in cubic millimetres, by the
// divergence theorem: positive when its triangles face outward.
func (m *Mesh) Volume() float64 {
	v := 0.0
	for _, t := range m.Triangles {
		a, b, c := m.Vertices[t[0]], m.Vertices[t[1]], m.Vertices[t[2]]
		v += a[0]*(b[1]*c[2]-b[2]*c[1]) - a[1]*(b[0]*c[2]-b[2]*c[0]) + a[2]*(b[0]*c[1]-b[1]*c[0])
	}
	return v / 6
}
