package geom

import "math"

// Polygonal is a lattice whose cells are polygons of the plane (CellShape
// PolygonCells): the triangular and hexagonal lattices. It says where a
// cell's corners are, for drawing cells and hit-testing them.
type Polygonal interface {
	// Corners returns cell c's vertices clockwise on the screen (y
	// down), in the lattice's integer vertex coordinates.
	Corners(c Cell) []Vertex
	// VertexPoint maps vertex v to the plane, in units of the square
	// lattice's cell, before any offset.
	VertexPoint(v Vertex) (x, y float64)
}

// Vertex is a corner of a cell of a Polygonal lattice, in the lattice's
// integer coordinates.
type Vertex struct{ X, Y int }

// triangleEdge is a triangle's edge drawn in units of the square
// lattice's cell: 1.5, about a square's area. A hexagon is 1 across its
// flats.
const triangleEdge = 1.5

// Corners: x counts half edges and y rows.
func (triangle) Corners(c Cell) []Vertex {
	r, k := c.Row, c.Col
	if PointsUp(c) {
		return []Vertex{{k + 1, r}, {k + 2, r + 1}, {k, r + 1}}
	}
	return []Vertex{{k, r}, {k + 2, r}, {k + 1, r + 1}}
}

func (triangle) VertexPoint(v Vertex) (float64, float64) {
	return float64(v.X) / 2 * triangleEdge, float64(v.Y) * math.Sqrt(3) / 2 * triangleEdge
}

// Corners: x counts half a hexagon's width and y half its circumradius (a
// row is 3 units, the top and bottom vertices 2 from the centre).
func (hexagon) Corners(c Cell) []Vertex {
	r, k := c.Row, c.Col
	y := 3 * r
	return []Vertex{{k, y - 2}, {k + 1, y - 1}, {k + 1, y + 1}, {k, y + 2}, {k - 1, y + 1}, {k - 1, y - 1}}
}

func (hexagon) VertexPoint(v Vertex) (float64, float64) {
	return float64(v.X) / 2, float64(v.Y) / (2 * math.Sqrt(3))
}
