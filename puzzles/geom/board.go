package geom

import (
	"fmt"
	"slices"
	"strings"
)

// Board is the region to be covered: a set of cells of a lattice, drawn in
// a picture of Rows() lines and Cols() columns. Cells of the picture that are
// not cells of the board are outside it, or holes in it.
type Board struct {
	lat    Lattice
	cells  []Cell  // sorted in reading order
	layers int     // pictures, bottom first: 1 on the plane lattices
	rows   int     // lines of the picture
	cols   int     // width of the widest line
	index  []int32 // layers*rows*cols entries: a cell's position in cells, or -1
}

// ParseBoard returns the board drawn in pic on the square lattice: '.' is a
// cell to cover, ' ' and '#' are not cells (outside the board, or a hole).
// Rows and columns count from the picture's top-left corner.
func ParseBoard(pic string) (*Board, error) { return ParseBoardOn(Square, pic) }

// ParseBoardOn returns the board drawn in pic on lat, read as ParseBoard
// reads it, with the character at row r, column c being cell (r, c) of
// lat: on the hexagonal lattice a '.' where r + c is odd is an error.
func ParseBoardOn(lat Lattice, pic string) (*Board, error) {
	cells, err := lat.scanCells(pic, boardChar, "'.'")
	if err != nil {
		return nil, err
	}
	return NewBoard(lat, cells)
}

// boardChar says whether a board picture's character is a cell.
func boardChar(r rune) (bool, string) {
	switch r {
	case '.':
		return true, ""
	case ' ', '#':
		return false, ""
	}
	return false, fmt.Sprintf("%q in board picture: use '.' for a cell to cover, ' ' or '#' for no cell", r)
}

// checkParity reports the first of cells that is no cell of lat, at its
// line and column in the picture.
func checkParity(lat Lattice, cells []Cell, what string) error {
	for _, c := range cells {
		if !ValidCell(lat, c) {
			return &PictureError{Line: c.Row + 1, Col: c.Col + 1, Msg: fmt.Sprintf(
				"%s at an odd position: on the hexagon lattice a cell's row + column, counted from 0, is even "+
					"(this is row %d, column %d); draw a row's hexagons two columns apart and shift the next row by one, as in '. . .' over ' . . .'", what, c.Row, c.Col)}
		}
	}
	return nil
}

// NewRectBoardOn returns a rows × cols rectangle of lat's picture without
// the given holes: every position on the square and triangular lattices,
// the positions where row + column is even on the hexagonal one (a hole
// must be one of them).
func NewRectBoardOn(lat Lattice, rows, cols int, holes []Cell) (*Board, error) {
	return lat.rectBoard(rows, cols, holes)
}

// rectOn is NewRectBoardOn on a lattice whose picture's rectangle holds
// its cells at the valid positions.
func rectOn(lat Lattice, rows, cols int, holes []Cell) (*Board, error) {
	for _, h := range holes {
		if !ValidCell(lat, h) {
			return nil, errorf("hole [%d, %d] is not a cell of the %s lattice: %s", h.Row, h.Col, lat.Name(), cellRule(lat))
		}
	}
	b, err := NewRectBoard(rows, cols, holes)
	if err != nil {
		return nil, err
	}
	var cells []Cell
	for _, c := range b.cells {
		if ValidCell(lat, c) {
			cells = append(cells, c)
		}
	}
	nb, err := NewBoard(lat, cells)
	if err == nil {
		nb.rows, nb.cols = b.rows, b.cols
		nb.buildIndex()
	}
	return nb, err
}

// NewRectBoard returns a rows × cols rectangle of the square lattice without
// the given holes.
func NewRectBoard(rows, cols int, holes []Cell) (*Board, error) {
	if rows < 1 || cols < 1 {
		return nil, errorf("board of %d × %d: rows and cols must be at least 1", rows, cols)
	}
	if rows > 1<<20 || cols > 1<<20 || rows*cols > 1<<20 {
		return nil, errorf("board of %d × %d is too large (at most %d cells)", rows, cols, 1<<20)
	}
	hole := make(map[Cell]bool, len(holes))
	for _, h := range holes {
		if h.Row < 0 || h.Row >= rows || h.Col < 0 || h.Col >= cols {
			return nil, errorf("hole [%d, %d] is outside the %d × %d board (rows 0…%d, cols 0…%d)", h.Row, h.Col, rows, cols, rows-1, cols-1)
		}
		if hole[h] {
			return nil, errorf("hole [%d, %d] is given twice", h.Row, h.Col)
		}
		hole[h] = true
	}
	var cells []Cell
	for r := range rows {
		for c := range cols {
			if !hole[Cell{Row: r, Col: c}] {
				cells = append(cells, Cell{Row: r, Col: c})
			}
		}
	}
	b, err := NewBoard(Square, cells)
	if err == nil {
		b.rows, b.cols = rows, cols // holes on the edge keep the picture's size
		b.buildIndex()
	}
	return b, err
}

// NewBoard returns the board made of the given cells of lat, which must be
// at non-negative rows and columns, each given once.
func NewBoard(lat Lattice, cells []Cell) (*Board, error) {
	if len(cells) == 0 {
		return nil, errorf("the board has no cells: in a board's picture '.' is a cell to cover, and ' ' and '#' are none (in a piece's, any character but a space is a cell)")
	}
	b := &Board{lat: lat, cells: slices.Clone(cells), layers: 1}
	slices.SortFunc(b.cells, Cell.Compare)
	for i, c := range b.cells {
		if c.Row < 0 || c.Col < 0 || c.Layer < 0 {
			return nil, errorf("board cell %s is at a negative position", CellName(lat, c))
		}
		if c.Layer != 0 && lat.Coords() < 3 {
			return nil, errorf("board cell [%d, %d] is in layer %d: the %s lattice is flat", c.Row, c.Col, c.Layer, lat.Name())
		}
		if !ValidCell(lat, c) {
			return nil, errorf("board cell [%d, %d] is not a cell of the %s lattice: %s", c.Row, c.Col, lat.Name(), cellRule(lat))
		}
		if i > 0 && c == b.cells[i-1] {
			return nil, errorf("board cell %s is given twice", CellName(lat, c))
		}
		b.layers, b.rows, b.cols = max(b.layers, c.Layer+1), max(b.rows, c.Row+1), max(b.cols, c.Col+1)
	}
	if b.layers*b.rows*b.cols > 1<<22 {
		return nil, errorf("board spans %d × %d × %d: too large", b.layers, b.rows, b.cols)
	}
	b.buildIndex()
	return b, nil
}

func (b *Board) buildIndex() {
	b.index = make([]int32, b.layers*b.rows*b.cols)
	for i := range b.index {
		b.index[i] = -1
	}
	for i, c := range b.cells {
		b.index[(c.Layer*b.rows+c.Row)*b.cols+c.Col] = int32(i)
	}
}

// Lattice returns the board's lattice.
func (b *Board) Lattice() Lattice { return b.lat }

// Cells returns the board's cells in reading order. The slice is shared:
// do not modify it.
func (b *Board) Cells() []Cell { return b.cells }

// Len returns the number of cells.
func (b *Board) Len() int { return len(b.cells) }

// Layers returns the number of the board's layers: 1 on the plane
// lattices.
func (b *Board) Layers() int { return b.layers }

// Rows returns the number of lines of the board's picture.
func (b *Board) Rows() int { return b.rows }

// Cols returns the width of the board's picture.
func (b *Board) Cols() int { return b.cols }

// Index returns the position of c among the board's cells, or -1 if c is
// not a cell of the board.
func (b *Board) Index(c Cell) int {
	if c.Row < 0 || c.Row >= b.rows || c.Col < 0 || c.Col >= b.cols || c.Layer < 0 || c.Layer >= b.layers {
		return -1
	}
	return int(b.index[(c.Layer*b.rows+c.Row)*b.cols+c.Col])
}

// String draws the board: '.' for its cells, '#' for the holes and the
// rest of its picture, without trailing characters past its last cell.
func (b *Board) String() string {
	return b.lat.boardPicture(b)
}

// gridPicture is String where a board's picture has a character for each
// position, layer by layer.
func (b *Board) gridPicture() string {
	var out []byte
	for l := range b.layers {
		if l > 0 {
			out = append(out, '\n') // a blank line between layers, bottom first
		}
		for r := range b.rows {
			last := -1
			for c := range b.cols {
				if b.Index(Cell{Layer: l, Row: r, Col: c}) >= 0 {
					last = c
				}
			}
			for c := 0; c <= last; c++ {
				cell := Cell{Layer: l, Row: r, Col: c}
				switch {
				case b.Index(cell) >= 0:
					out = append(out, '.')
				case !ValidCell(b.lat, cell):
					out = append(out, ' ')
				default:
					out = append(out, '#')
				}
			}
			out = append(out, '\n')
		}
	}
	return string(out)
}

// CellName writes c as a spec and JSON write it: [row, col], or, on the
// cube lattice, [layer, row, col].
func CellName(lat Lattice, c Cell) string {
	if lat.Coords() == 3 {
		return fmt.Sprintf("[%d, %d, %d]", c.Layer, c.Row, c.Col)
	}
	return fmt.Sprintf("[%d, %d]", c.Row, c.Col)
}

// Text draws the board as an ASCII grid the size of its picture: cell i
// shows letter(i), positions that are not cells of the board are spaces,
// and lines have no trailing spaces; where cells meet at a point (the
// segments at a grid point, AtPoint), a '+' marks each point at an end of
// a cell of the board. A board in layers has them side by side, the
// bottom one first, under a line naming them.
func (b *Board) Text(letter func(i int) rune) string {
	width := b.Cols()
	if b.Layers() > 1 {
		width = max(width, len(fmt.Sprint("layer ", b.Layers())))
	}
	lat := b.Lattice()
	var out strings.Builder
	if lat.Layered() {
		line := make([]rune, 0, b.Layers()*(width+3))
		for l := range b.Layers() {
			head := []rune(fmt.Sprint("layer ", l+1))
			line = append(line, head...)
			line = append(line, []rune(strings.Repeat(" ", width+3-len(head)))...)
		}
		out.WriteString(strings.TrimRight(string(line), " ") + "\n")
	}
	for r := range b.Rows() {
		line := make([]rune, 0, b.Layers()*(width+3))
		for l := range b.Layers() {
			for c := range width {
				ch := ' '
				if i := b.Index(Cell{Layer: l, Row: r, Col: c}); i >= 0 {
					ch = letter(i)
				} else if b.endsCell(lat.AtPoint(Cell{Row: r, Col: c})) {
					ch = '+'
				}
				line = append(line, ch)
			}
			line = append(line, ' ', ' ', ' ')
		}
		out.WriteString(strings.TrimRight(string(line), " "))
		out.WriteByte('\n')
	}
	return out.String()
}

// endsCell reports whether some of the cells that meet at a point (the
// segments at a grid point of a stick board) are cells of the board.
func (b *Board) endsCell(at []Cell) bool {
	for _, d := range at {
		if b.Index(d) >= 0 {
			return true
		}
	}
	return false
}
