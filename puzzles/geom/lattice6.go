package geom

import (
	"math"
	"slices"
)

// The triangular and hexagonal lattices share their point group, the
// dihedral group of order 12, and compute it the same way: a cell's centre
// is written in the integer basis e1, e2 of the lattice's translations, e2
// being e1 turned by 60°, where a turn by 60° is (a, b) → (−b, a + b) and the
// reflection in the line of e1 is (a, b) → (a + b, −b). Transform t, t < 6,
// turns by t × 60°; for t ≥ 6 it first reflects. Picture rows grow
// downwards, so the turns are clockwise as drawn.

// turn6 applies point symmetry t of the hexagonal group to (a, b).
func turn6(t, a, b int) (int, int) {
	if t >= 6 {
		a, b = a+b, -b
	}
	for range t % 6 {
		a, b = -b, a+b
	}
	return a, b
}

// Triangle is the triangular lattice: the character at row r, column c of a
// picture is a triangle pointing up when r + c is even and down when it is
// odd; its neighbours are (r, c−1), (r, c+1), and (r+1, c) if it points up,
// (r−1, c) if it points down. With edge 1, triangle (r, c) spans x from c/2
// to c/2 + 1 and y from r·√3/2 to (r+1)·√3/2. Its symmetry group, about a
// vertex, is the dihedral group of order 12; translations keep r + c's
// parity.
var Triangle Lattice = triangle{}

// Hexagon is the hexagonal lattice: the character at row r, column x of a
// picture is a hexagon when r + x is even; its neighbours are (r, x±2) and
// (r±1, x±1). Drawn as pointy-top hexagons of circumradius 1, its centre is
// at (x·√3/2, r·3/2). Its symmetry group, about a cell's centre, is the
// dihedral group of order 12; translations keep r + x's parity.
var Hexagon Lattice = hexagon{}

// Lattices returns the lattices by name, square first.
func Lattices() []Lattice { return []Lattice{Square, Triangle, Hexagon, Cube, Stick, Trig} }

// LatticeByName returns the lattice of that name, or false.
func LatticeByName(name string) (Lattice, bool) {
	for _, l := range Lattices() {
		if l.Name() == name {
			return l, true
		}
	}
	return nil, false
}

// ValidCell reports whether c is a cell of lat: every position is one on
// the square and triangular lattices, in layer 0; on the hexagonal one
// r + x is even; on the stick lattice, whose cells are segments, it is odd;
// on the cube every position of every layer is one.
func ValidCell(lat Lattice, c Cell) bool { return lat.Valid(c) }

// cellRule says which positions are cells of lat, for messages: "" when
// every one is.
func cellRule(lat Lattice) string { return lat.CellRule() }

// PointsUp reports whether triangle c points up: whether its row + column
// is even.
func PointsUp(c Cell) bool { return (c.Row+c.Col)%2 == 0 }

type triangle struct{ plane }

func (triangle) Name() string        { return "triangle" }
func (triangle) Transforms() int     { return 12 }
func (triangle) Reflects(t int) bool { return t >= 6 }
func (triangle) Neighbors(c Cell) []Cell {
	if PointsUp(c) {
		return []Cell{{Row: c.Row, Col: c.Col - 1}, {Row: c.Row, Col: c.Col + 1}, {Row: c.Row + 1, Col: c.Col}}
	}
	return []Cell{{Row: c.Row - 1, Col: c.Col}, {Row: c.Row, Col: c.Col - 1}, {Row: c.Row, Col: c.Col + 1}}
}

// Transform maps a triangle's centre, in thirds of the basis e1 = (1, 0),
// e2 = (1/2, √3/2) about the vertex at the apex of triangle (0, 0), and maps
// it back.
func (triangle) Transform(t int, c Cell) Cell {
	var a, b int
	if PointsUp(c) {
		a, b = 3*(c.Col-c.Row)/2-1, 3*c.Row+2
	} else {
		a, b = 3*(c.Col-c.Row-1)/2+1, 3*c.Row+1
	}
	a, b = turn6(t, a, b)
	if (b%3+3)%3 == 2 {
		r := (b - 2) / 3
		return Cell{Row: r, Col: r + 2*(a+1)/3}
	}
	r := (b - 1) / 3
	return Cell{Row: r, Col: r + 1 + 2*(a-1)/3}
}

func (l triangle) Translate(cells []Cell, from, to Cell) ([]Cell, bool) {
	return translate(l, cells, from, to)
}

func (triangle) Shift(from, to Cell) (Cell, bool) { return shiftParity(from, to) }

func (triangle) Normalize(cells []Cell) []Cell { return normalizeParity(cells) }

type hexagon struct{ plane }

func (hexagon) Name() string        { return "hexagon" }
func (hexagon) Transforms() int     { return 12 }
func (hexagon) Reflects(t int) bool { return t >= 6 }
func (hexagon) Neighbors(c Cell) []Cell {
	r, x := c.Row, c.Col
	return []Cell{{Row: r - 1, Col: x - 1}, {Row: r - 1, Col: x + 1}, {Row: r, Col: x - 2}, {Row: r, Col: x + 2}, {Row: r + 1, Col: x - 1}, {Row: r + 1, Col: x + 1}}
}

// Transform maps a hexagon's centre in the basis e1 = (√3, 0),
// e2 = (√3/2, 3/2) about the centre of hexagon (0, 0), and maps it back.
func (hexagon) Transform(t int, c Cell) Cell {
	a, b := turn6(t, (c.Col-c.Row)/2, c.Row)
	return Cell{Row: b, Col: 2*a + b}
}

func (l hexagon) Translate(cells []Cell, from, to Cell) ([]Cell, bool) {
	return translate(l, cells, from, to)
}

func (hexagon) Shift(from, to Cell) (Cell, bool) { return shiftParity(from, to) }

func (hexagon) Normalize(cells []Cell) []Cell { return normalizeParity(cells) }

// shiftParity returns the shift to − from if it keeps the parity of row +
// column: the translations of the triangular and hexagonal lattices.
func shiftParity(from, to Cell) (Cell, bool) {
	d := Cell{Row: to.Row - from.Row, Col: to.Col - from.Col}
	return d, (d.Row+d.Col)%2 == 0
}

// normalizeParity moves the cells' top row to row 0 and their leftmost
// column to column 0, or 1 where a translation to 0 would change the
// parity of row + column, and sorts them.
func normalizeParity(cells []Cell) []Cell {
	if len(cells) == 0 {
		return nil
	}
	minR, minC := cells[0].Row, cells[0].Col
	for _, c := range cells {
		minR, minC = min(minR, c.Row), min(minC, c.Col)
	}
	if (minR+minC)%2 != 0 {
		minC-- // keeps the parity: the leftmost cells land in column 1
	}
	out := make([]Cell, len(cells))
	for i, c := range cells {
		out[i] = Cell{Row: c.Row - minR, Col: c.Col - minC}
	}
	slices.SortFunc(out, Cell.Compare)
	return out
}

// Centre returns the centre of cell c in the plane, drawn with edges of
// length 1 and rows going down: the point that the lattice's point
// symmetries fix when they fix the cell.
func Centre(lat Lattice, c Cell) (x, y float64) { return lat.Centre(c) }

// Centre puts a triangle's centre a third of its height from its base.
func (triangle) Centre(c Cell) (x, y float64) {
	h := math.Sqrt(3) / 2
	y = float64(c.Row)*h + h/3
	if PointsUp(c) {
		y += h / 3
	}
	return float64(c.Col)/2 + 0.5, y
}

func (hexagon) Centre(c Cell) (x, y float64) {
	h := math.Sqrt(3) / 2
	return float64(c.Col) * h, float64(c.Row) * 1.5
}
