package geom

import "fmt"

// plane gives the plane lattices what they decide alike: cells named by
// row and column in one picture, pieces that may be reflected and do not
// cross. Each plane lattice embeds it and says what it decides otherwise.
type plane struct{}

func (plane) Default() bool                                         { return false }
func (plane) Coords() int                                           { return 2 }
func (plane) Reflectable() bool                                     { return true }
func (plane) Layered() bool                                         { return false }
func (plane) GridBoard() bool                                       { return false }
func (stick) GridBoard() bool                                       { return true }
func (plane) PiecesCross() bool                                     { return false }
func (plane) Crossings(cells []Cell) []Cell                         { return nil }
func (plane) AtPoint(pt Cell) []Cell                                { return nil }
func (square) Default() bool                                        { return true }
func (l square) Lay(from Lattice, pieces []Piece) ([]Piece, bool)   { return layOwn(l, from, pieces) }
func (l triangle) Lay(from Lattice, pieces []Piece) ([]Piece, bool) { return layOwn(l, from, pieces) }
func (l hexagon) Lay(from Lattice, pieces []Piece) ([]Piece, bool)  { return layOwn(l, from, pieces) }
func (l stick) Lay(from Lattice, pieces []Piece) ([]Piece, bool)    { return layOwn(l, from, pieces) }

// Lay lays the square lattice's pieces flat on the cube, besides its own.
func (l cube) Lay(from Lattice, pieces []Piece) ([]Piece, bool) {
	if from == Square {
		flat, err := Flat(from, pieces)
		return flat, err == nil
	}
	return layOwn(l, from, pieces)
}

// layOwn returns pieces if from is lat: a lattice's own pieces lie on it.
func layOwn(lat, from Lattice, pieces []Piece) ([]Piece, bool) {
	if from != lat {
		return nil, false
	}
	return pieces, true
}

func (l square) ParsePiece(name string, pics []string) (Piece, error) {
	return parseFlat(l, name, pics)
}
func (l triangle) ParsePiece(name string, pics []string) (Piece, error) {
	return parseFlat(l, name, pics)
}
func (l hexagon) ParsePiece(name string, pics []string) (Piece, error) {
	return parseFlat(l, name, pics)
}
func (l stick) ParsePiece(name string, pics []string) (Piece, error) { return parseFlat(l, name, pics) }

// parseFlat reads the one picture of a piece of a plane lattice.
func parseFlat(lat Lattice, name string, pics []string) (Piece, error) {
	if len(pics) != 1 {
		return Piece{}, errorf("piece %q is drawn in %d pictures: on the %s lattice a piece is one picture", name, len(pics), lat.Name())
	}
	return ParsePieceOn(lat, name, pics[0])
}

func (cube) Default() bool                 { return false }
func (cube) Coords() int                   { return 3 }
func (cube) Reflectable() bool             { return false }
func (cube) Layered() bool                 { return true }
func (cube) GridBoard() bool               { return false }
func (cube) PiecesCross() bool             { return false }
func (cube) Crossings(cells []Cell) []Cell { return nil }
func (cube) AtPoint(pt Cell) []Cell        { return nil }
func (cube) ParsePiece(name string, pics []string) (Piece, error) {
	return ParsePieceLayers(name, pics)
}

// PiecesCross: two polysticks may cross at a grid point.
func (stick) PiecesCross() bool { return true }

// Crossings returns the grid points that the segments pass straight
// through (the package's Crossings).
func (stick) Crossings(cells []Cell) []Cell { return Crossings(cells) }

// AtPoint returns the four segments at grid point pt, at an even row and
// column, above, left, right and below it.
func (stick) AtPoint(pt Cell) []Cell {
	if pt.Row%2 != 0 || pt.Col%2 != 0 {
		return nil
	}
	return []Cell{{Row: pt.Row - 1, Col: pt.Col}, {Row: pt.Row, Col: pt.Col - 1}, {Row: pt.Row, Col: pt.Col + 1}, {Row: pt.Row + 1, Col: pt.Col}}
}

func (plane) PiecePictures(p Piece) []string { return []string{p.String()} }
func (stick) PiecePictures(p Piece) []string { return []string{StickPicture(p.Cells)} }
func (cube) PiecePictures(p Piece) []string  { return p.LayerPictures() }

func (plane) DrawsCell(r rune) bool { return r == '.' }
func (cube) DrawsCell(r rune) bool  { return r == '.' }
func (stick) DrawsCell(r rune) bool { return r == '-' || r == '|' }

func (plane) PictureSize(rows, cols int) (int, int) { return rows, cols }
func (cube) PictureSize(rows, cols int) (int, int)  { return rows, cols }
func (stick) PictureSize(rows, cols int) (int, int) { return 2*rows + 1, 2*cols + 1 }

func (plane) NotACell(Cell) string { return "" }
func (cube) NotACell(Cell) string  { return "" }

func (l hexagon) NotACell(c Cell) string {
	if ValidCell(l, c) {
		return ""
	}
	return "not a cell of the hexagon lattice: a cell's row + column is even"
}

func (l stick) NotACell(c Cell) string {
	if ValidCell(l, c) {
		return ""
	}
	return "a grid point or a square's centre, not a segment: a segment is [2r, 2c+1] (horizontal, from point (r, c) to (r, c+1)) or [2r+1, 2c] (vertical, from (r, c) to (r+1, c)), row + column odd"
}

func (plane) BoardSize(b *Board) string  { return b.Lattice().Name() + "s" }
func (square) BoardSize(b *Board) string { return fmt.Sprintf("%d×%d", b.Rows(), b.Cols()) }
func (cube) BoardSize(b *Board) string {
	return fmt.Sprintf("%d×%d×%d", b.Layers(), b.Rows(), b.Cols())
}

// BoardSize counts a stick board's squares: its picture is doubled.
func (stick) BoardSize(b *Board) string { return fmt.Sprintf("%d×%d grid", b.Rows()/2, b.Cols()/2) }

// CellShape says what a lattice's cells are, for drawing them.
type CellShape int

const (
	// SquareCells are squares of the picture's grid (the square lattice).
	SquareCells CellShape = iota
	// PolygonCells are polygons of the plane at their Centre (triangles,
	// hexagons), with sheared pictures.
	PolygonCells
	// SegmentCells are segments between grid points (the stick lattice):
	// its pieces are lines, with no cells inside.
	SegmentCells
	// CubeCells are cubes of space, in layers (the cube lattice).
	CubeCells
)

func (square) CellShape() CellShape   { return SquareCells }
func (triangle) CellShape() CellShape { return PolygonCells }
func (hexagon) CellShape() CellShape  { return PolygonCells }
func (stick) CellShape() CellShape    { return SegmentCells }
func (cube) CellShape() CellShape     { return CubeCells }

// Valid: on the square and triangular lattices every position of layer 0
// is a cell; on the hexagonal one r + x is even; on the stick lattice,
// whose cells are segments, it is odd; on the cube every position of every
// layer is one.
func (plane) Valid(c Cell) bool   { return c.Layer == 0 }
func (hexagon) Valid(c Cell) bool { return c.Layer == 0 && (c.Row+c.Col)%2 == 0 }
func (stick) Valid(c Cell) bool   { return c.Layer == 0 && (c.Row+c.Col)%2 != 0 }
func (cube) Valid(Cell) bool      { return true }

func (plane) CellRule() string   { return "" }
func (cube) CellRule() string    { return "" }
func (hexagon) CellRule() string { return "row + column must be even" }
func (stick) CellRule() string {
	return "a segment is [2r, 2c+1] (horizontal) or [2r+1, 2c] (vertical): row + column must be odd"
}

// Centre is the cell's position in the picture where cells are squares of
// its grid (the square lattice, the stick lattice's doubled coordinates,
// a cube's layer).
func (plane) Centre(c Cell) (x, y float64) { return float64(c.Col), float64(c.Row) }
func (cube) Centre(c Cell) (x, y float64)  { return float64(c.Col), float64(c.Row) }

// PlaneCentre: the cells of the square, triangle and hexagon lattices
// are areas of the plane; segments and cubes have no centre there.
func (l square) PlaneCentre(c Cell) (x, y float64, ok bool)   { x, y = l.Centre(c); return x, y, true }
func (l triangle) PlaneCentre(c Cell) (x, y float64, ok bool) { x, y = l.Centre(c); return x, y, true }
func (l hexagon) PlaneCentre(c Cell) (x, y float64, ok bool)  { x, y = l.Centre(c); return x, y, true }
func (plane) PlaneCentre(Cell) (x, y float64, ok bool)        { return 0, 0, false }
func (cube) PlaneCentre(Cell) (x, y float64, ok bool)         { return 0, 0, false }

func (plane) Shapes() []Shape          { return nil }
func (cube) Shapes() []Shape           { return nil }
func (plane) SegmentGrid() SegmentGrid { return nil }
func (cube) SegmentGrid() SegmentGrid  { return nil }

func (l plane) shapeBoard(key string, _ int, _ []Cell) (*Board, error) { return noShape(key) }
func (l cube) shapeBoard(key string, _ int, _ []Cell) (*Board, error)  { return noShape(key) }

// noShape is shapeBoard on a lattice without Shapes.
func noShape(key string) (*Board, error) {
	return nil, errorf("no board shape %q on this lattice: give rows and cols", key)
}

func (plane) Join() string { return "edge to edge" }
func (cube) Join() string  { return "face to face" }
func (stick) Join() string { return "end to end" }

func (l square) scanCells(pic string, char func(rune) (bool, string), what string) ([]Cell, error) {
	return scanOn(l, pic, char, what)
}

func (l triangle) scanCells(pic string, char func(rune) (bool, string), what string) ([]Cell, error) {
	return scanOn(l, pic, char, what)
}

func (l hexagon) scanCells(pic string, char func(rune) (bool, string), what string) ([]Cell, error) {
	return scanOn(l, pic, char, what)
}

func (l cube) scanCells(pic string, char func(rune) (bool, string), what string) ([]Cell, error) {
	return scanOn(l, pic, char, what)
}

// scanCells reads a stick picture (ParseSticks), whatever char says.
func (stick) scanCells(pic string, _ func(rune) (bool, string), _ string) ([]Cell, error) {
	return ParseSticks(pic)
}

// scanOn reads the cells drawn in pic and checks that each is a cell of
// lat.
func scanOn(lat Lattice, pic string, char func(rune) (bool, string), what string) ([]Cell, error) {
	cells, err := scanPicture(pic, char)
	if err != nil {
		return nil, err
	}
	if err := checkParity(lat, cells, what); err != nil {
		return nil, err
	}
	return cells, nil
}

func (square) rectBoard(rows, cols int, holes []Cell) (*Board, error) {
	return NewRectBoard(rows, cols, holes)
}

func (stick) rectBoard(rows, cols int, holes []Cell) (*Board, error) {
	return NewGridBoard(rows, cols, holes)
}

func (l triangle) rectBoard(rows, cols int, holes []Cell) (*Board, error) {
	return rectOn(l, rows, cols, holes)
}

func (l hexagon) rectBoard(rows, cols int, holes []Cell) (*Board, error) {
	return rectOn(l, rows, cols, holes)
}

func (l cube) rectBoard(rows, cols int, holes []Cell) (*Board, error) {
	return rectOn(l, rows, cols, holes)
}

func (plane) boardPicture(b *Board) string { return b.gridPicture() }
func (cube) boardPicture(b *Board) string  { return b.gridPicture() }
func (stick) boardPicture(b *Board) string { return StickPicture(b.Cells()) }
