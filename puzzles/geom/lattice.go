package geom

import (
	"cmp"
	"slices"
)

// Cell is one cell of a lattice, named by the row and column at which it is
// drawn in an ASCII picture, counted from the top-left corner, and, on the
// cube lattice, by its layer, counted from the bottom (0 on the plane
// lattices).
type Cell struct {
	Row, Col int
	Layer    int
}

// Compare orders cells layer by layer, then row by row, then column by
// column: the order in which pictures of the layers, bottom first, are
// read.
func (c Cell) Compare(d Cell) int {
	if l := cmp.Compare(c.Layer, d.Layer); l != 0 {
		return l
	}
	if r := cmp.Compare(c.Row, d.Row); r != 0 {
		return r
	}
	return cmp.Compare(c.Col, d.Col)
}

// A Lattice is the grid that cells live on. It knows its point symmetries and
// its translations, which is all pieces, boards and symmetry reduction need;
// everything else in the package works on cells. Square, Triangle and
// Hexagon implement it, their cells named by picture coordinates alike.
type Lattice interface {
	// Name names the lattice ("square").
	Name() string
	// Transforms returns the number of point symmetries of the lattice:
	// the rotations and reflections that map it onto itself, fixing the
	// origin. Transform 0 is the identity.
	Transforms() int
	// Transform applies point symmetry t, 0 ≤ t < Transforms(), to c.
	Transform(t int, c Cell) Cell
	// Reflects reports whether transform t reverses orientation.
	Reflects(t int) bool
	// TransformName names transform t as drawn: "identity", "rot90",
	// "reflect-45", "rot120-x+y+z" (transformname.go says how).
	TransformName(t int) string
	// Translate moves cells by the lattice translation that takes cell
	// from to cell to, and reports false if no translation does.
	Translate(cells []Cell, from, to Cell) ([]Cell, bool)
	// Normalize returns cells translated to a canonical position and
	// sorted, so that two shapes are translates of each other exactly when
	// their normalized cells are equal.
	Normalize(cells []Cell) []Cell
	// Neighbors returns the cells that share an edge with c.
	Neighbors(c Cell) []Cell

	// What the lattice decides besides its symmetries (behaviour.go):
	// callers ask these, never which lattice it is.

	// Default reports whether the lattice is the one a spec means when it
	// names none (square): specs and saved files leave its name out.
	Default() bool
	// Coords returns how many numbers name a cell in specs, saved files
	// and matrices: 2, [row, col], on the plane lattices; 3, [layer, row,
	// col], on the cube, whose pictures are one for each layer.
	Coords() int
	// Layered reports whether cells lie in layers, as the cube's do:
	// named by layer, row and column (Coords 3), a board or a piece drawn
	// as one picture for each layer, a box filled along its shortest axis.
	Layered() bool
	// GridBoard reports whether a rectangular board of rows × cols is
	// the grid of that many squares, whose edges are the cells (the stick
	// lattice: NewGridBoard), rather than that many cells.
	GridBoard() bool
	// Reflectable reports whether a piece that is not one-sided may be
	// reflected (turned over): on the plane; a solid never is, so on the
	// cube every piece is one-sided.
	Reflectable() bool
	// Lay returns pieces of lattice from as pieces of this lattice, and
	// false if they do not lie on it: a lattice's own pieces lie on it, and
	// the square lattice's lie flat on the cube (Flat).
	Lay(from Lattice, pieces []Piece) ([]Piece, bool)
	// PiecesCross reports whether two pieces can cross at a point
	// (Crossings): segments of the stick and trig lattices can; cells
	// that are areas or solids cannot.
	PiecesCross() bool
	// Crossings returns, in reading order, the items at which another
	// piece could cross cells, two pieces crossing exactly when they
	// share one: on the stick lattice the grid points that cells pass
	// straight through; on the trig lattice (point, direction) pairs,
	// each written as a position of its own; none on a lattice whose
	// pieces do not cross.
	Crossings(cells []Cell) []Cell
	// AtPoint returns the cells that meet at point pt of the picture (the
	// four segments at a grid point of the stick lattice, the six of the
	// trig lattice), or nil when pt is no point at which cells meet (a
	// trig crossing item is none). A crossing item at a point some of
	// whose cells are off the board is dropped: on the stick lattice no
	// two pieces cross there.
	AtPoint(pt Cell) []Cell
	// ParsePiece returns the piece drawn in pics: one picture on the plane
	// lattices (ParsePieceOn), one for each layer, bottom first, on the
	// cube (ParsePieceLayers).
	ParsePiece(name string, pics []string) (Piece, error)
	// PiecePictures draws a piece as ParsePiece reads it back.
	PiecePictures(p Piece) []string
	// DrawsCell reports whether character r of a board's picture draws a
	// cell: '.' where cells are areas or solids, '-' or '|' on the stick
	// lattice.
	DrawsCell(r rune) bool
	// PictureSize returns the rows and columns of the picture of a board
	// of rows × cols (NewRectBoardOn): the same where a board is a
	// rectangle of cells, (2·rows+1) × (2·cols+1) on the stick lattice,
	// whose board is a grid of squares drawn at doubled coordinates.
	PictureSize(rows, cols int) (int, int)
	// NotACell says why position c of a plane picture is no cell of the
	// lattice, as "is …" completes it; "" when it is one.
	NotACell(c Cell) string
	// BoardSize says how large b is as people say it: "6×10" squares,
	// "3×4×5" cubes, "4×5 grid" of a stick board's squares, or, where
	// pictures are sheared, what its cells are ("hexagons").
	BoardSize(b *Board) string
	// CellShape says what the lattice's cells are, for drawing them:
	// squares, polygons, segments or cubes.
	CellShape() CellShape
	// Valid reports whether c is a cell of the lattice (ValidCell).
	Valid(c Cell) bool
	// CellRule says which positions of a picture are cells, for
	// messages: "" when every one is.
	CellRule() string
	// Centre returns the centre of cell c in the plane (the package's
	// Centre).
	Centre(c Cell) (x, y float64)
	// PlaneCentre returns the centre of cell c in the plane (Centre)
	// where cells are areas that tile it, so that the directions from a
	// cell to its neighbours are those of the plane; false where cells
	// are segments or solids.
	PlaneCentre(c Cell) (x, y float64, ok bool)
	// Join says how a piece's cells join: "edge to edge", "face to face"
	// (cubes), "end to end" (segments).
	Join() string
	// Shapes returns the boards the lattice makes from one size, besides
	// a rows × cols one (NewShapeBoard): a hexagon and a triangle on the
	// trig lattice, none elsewhere.
	Shapes() []Shape
	// SegmentGrid returns what drawing asks of the lattice's segments
	// where its cells are segments (CellShape SegmentCells); nil
	// elsewhere.
	SegmentGrid() SegmentGrid

	// scanCells reads the cells drawn in pic, each character a cell as
	// char says (on the stick lattice, '-' and '|' between '+'), what
	// naming a cell in messages.
	scanCells(pic string, char func(r rune) (bool, string), what string) ([]Cell, error)
	// rectBoard is NewRectBoardOn.
	rectBoard(rows, cols int, holes []Cell) (*Board, error)
	// boardPicture is Board.String.
	boardPicture(b *Board) string
	// shapeBoard is NewShapeBoard.
	shapeBoard(key string, n int, holes []Cell) (*Board, error)
}

// A Shape is a board a lattice makes from one size (Lattice.Shapes).
type Shape struct {
	Key   string                 // the name that a spec gives its size by: "hexagon"
	About string                 // what it is, for documentation
	Size  func(n int) (int, int) // the rows and columns of its picture at size n
}

// NewShapeBoard returns the board of lat's shape key (Lattice.Shapes) of
// size n without the given holes.
func NewShapeBoard(lat Lattice, key string, n int, holes []Cell) (*Board, error) {
	return lat.shapeBoard(key, n, holes)
}

// A SegmentGrid is what drawing asks of a lattice whose cells are
// segments between grid points, all positions of its pictures.
type SegmentGrid interface {
	// Ends returns the grid points at the ends of segment c, the upper or
	// left one first.
	Ends(c Cell) (Cell, Cell)
	// PlanePoint returns where position p of a picture (a grid point, a
	// segment's midpoint) lies in the plane, segments being 1 long and
	// rows going down.
	PlanePoint(p Cell) (x, y float64)
	// GridPoints returns the grid points a drawing of segs shows, in
	// reading order.
	GridPoints(segs []Cell) []Cell
	// Sides returns the centres of the faces on either side of segment s
	// in the plane, on its left and on its right going from its first
	// end to its second: with its ends, the outline of its share of the
	// plane.
	Sides(s Cell) (left, right [2]float64)
}

// Square is the square lattice: every cell has four neighbours, and its
// symmetry group is the dihedral group of order 8.
var Square Lattice = square{}

type square struct{ plane }

func (square) Name() string { return "square" }

func (square) Transforms() int { return 8 }

// Transform rotates c by t×90° counterclockwise about the origin for t < 4,
// and for t ≥ 4 first reflects it in the vertical axis.
func (square) Transform(t int, c Cell) Cell {
	if t >= 4 {
		c.Col = -c.Col
	}
	for range t % 4 {
		c = Cell{Row: -c.Col, Col: c.Row}
	}
	return c
}

func (square) Reflects(t int) bool { return t >= 4 }

func (l square) Translate(cells []Cell, from, to Cell) ([]Cell, bool) {
	return translate(l, cells, from, to)
}

// shift returns the translation that takes cell from to cell to: on each
// of the package's lattices, a shift of the picture.
func (square) Shift(from, to Cell) (Cell, bool) {
	return Cell{Row: to.Row - from.Row, Col: to.Col - from.Col}, true
}

// Shifter is a lattice whose translations are shifts of the picture:
// those of the package.
type Shifter interface {
	Shift(from, to Cell) (Cell, bool)
}

// translate is Translate by the lattice's shift.
func translate(l Shifter, cells []Cell, from, to Cell) ([]Cell, bool) {
	d, ok := l.Shift(from, to)
	if !ok {
		return nil, false
	}
	out := make([]Cell, len(cells))
	for i, c := range cells {
		out[i] = Cell{Layer: c.Layer + d.Layer, Row: c.Row + d.Row, Col: c.Col + d.Col}
	}
	return out, true
}

// Normalize moves the cells' bounding box to the origin.
func (square) Normalize(cells []Cell) []Cell {
	if len(cells) == 0 {
		return nil
	}
	minR, minC := cells[0].Row, cells[0].Col
	for _, c := range cells {
		minR, minC = min(minR, c.Row), min(minC, c.Col)
	}
	out := make([]Cell, len(cells))
	for i, c := range cells {
		out[i] = Cell{Row: c.Row - minR, Col: c.Col - minC}
	}
	slices.SortFunc(out, Cell.Compare)
	return out
}

func (square) Neighbors(c Cell) []Cell {
	return []Cell{{Row: c.Row - 1, Col: c.Col}, {Row: c.Row, Col: c.Col - 1}, {Row: c.Row, Col: c.Col + 1}, {Row: c.Row + 1, Col: c.Col}}
}

// TransformShape applies transform t of lat to cells and normalizes the
// result.
func TransformShape(lat Lattice, t int, cells []Cell) []Cell {
	img := make([]Cell, len(cells))
	for i, c := range cells {
		img[i] = lat.Transform(t, c)
	}
	return lat.Normalize(img)
}

// Connected reports whether cells form one edge-connected region.
func Connected(lat Lattice, cells []Cell) bool {
	if len(cells) == 0 {
		return false
	}
	in := make(map[Cell]bool, len(cells))
	for _, c := range cells {
		in[c] = false
	}
	stack := []Cell{cells[0]}
	in[cells[0]] = true
	seen := 1
	for len(stack) > 0 {
		c := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, n := range lat.Neighbors(c) {
			if v, ok := in[n]; ok && !v {
				in[n] = true
				seen++
				stack = append(stack, n)
			}
		}
	}
	return seen == len(cells)
}
