package geom

import (
	"fmt"
	"slices"
)

// Stick is the lattice of the square grid's unit segments, whose pieces
// are polysticks. A cell is a segment, named by the doubled coordinates
// of its midpoint, which are also its position in a picture drawn with
// '+' for the grid points, '-' for horizontal segments and '|' for
// vertical ones: the segment from grid point (r, c) to (r, c+1) is cell
// (2r, 2c+1), the one from (r, c) to (r+1, c) is cell (2r+1, 2c). A
// cell's row + column is odd; grid points are at even rows and columns.
// Two segments are neighbours when they share an end. The symmetry group,
// about a grid point, is that of the square: the dihedral group of order
// 8; translations move by whole squares, an even number of picture rows
// and columns.
var Stick Lattice = stick{}

type stick struct{ plane }

func (stick) Name() string { return "stick" }

func (stick) Transforms() int { return 8 }

// Transform turns c about the grid point (0, 0) as the square lattice's
// Transform turns a cell about the origin: a turn maps a horizontal
// segment to a vertical one, keeping row + column odd.
func (stick) Transform(t int, c Cell) Cell { return square{}.Transform(t, c) }

func (stick) Reflects(t int) bool { return t >= 4 }

func (l stick) Translate(cells []Cell, from, to Cell) ([]Cell, bool) {
	return translate(l, cells, from, to)
}

// Shift returns to − from when it moves by whole squares: when both its
// rows and its columns are even.
func (stick) Shift(from, to Cell) (Cell, bool) {
	d := Cell{Row: to.Row - from.Row, Col: to.Col - from.Col}
	return d, d.Row%2 == 0 && d.Col%2 == 0
}

// Normalize moves the cells by whole squares so that their top row is 0
// or 1 and their leftmost column 0 or 1, and sorts them.
func (stick) Normalize(cells []Cell) []Cell {
	if len(cells) == 0 {
		return nil
	}
	minR, minC := cells[0].Row, cells[0].Col
	for _, c := range cells {
		minR, minC = min(minR, c.Row), min(minC, c.Col)
	}
	minR, minC = floorEven(minR), floorEven(minC)
	out := make([]Cell, len(cells))
	for i, c := range cells {
		out[i] = Cell{Row: c.Row - minR, Col: c.Col - minC}
	}
	slices.SortFunc(out, Cell.Compare)
	return out
}

// floorEven returns the greatest even number at most n.
func floorEven(n int) int { return n - (n%2+2)%2 }

// Neighbors returns the segments that share an end with c: three at each
// end, across the grid point and to either side.
func (stick) Neighbors(c Cell) []Cell {
	r, k := c.Row, c.Col
	if Horizontal(c) {
		return []Cell{{Row: r - 1, Col: k - 1}, {Row: r - 1, Col: k + 1}, {Row: r, Col: k - 2},
			{Row: r, Col: k + 2}, {Row: r + 1, Col: k - 1}, {Row: r + 1, Col: k + 1}}
	}
	return []Cell{{Row: r - 2, Col: k}, {Row: r - 1, Col: k - 1}, {Row: r - 1, Col: k + 1},
		{Row: r + 1, Col: k - 1}, {Row: r + 1, Col: k + 1}, {Row: r + 2, Col: k}}
}

// SegmentGrid: the stick lattice's cells are segments.
func (l stick) SegmentGrid() SegmentGrid { return l }

func (stick) Ends(c Cell) (Cell, Cell) { return Ends(c) }

// PlanePoint halves the doubled coordinates.
func (stick) PlanePoint(p Cell) (x, y float64) { return float64(p.Col) / 2, float64(p.Row) / 2 }

// GridPoints returns every grid point of the rectangle of squares around
// the segments.
func (stick) GridPoints(segs []Cell) []Cell {
	if len(segs) == 0 {
		return nil
	}
	a, b := Ends(segs[0])
	minR, minC, maxR, maxC := a.Row, a.Col, b.Row, b.Col
	for _, c := range segs {
		a, b := Ends(c)
		minR, minC = min(minR, a.Row), min(minC, a.Col)
		maxR, maxC = max(maxR, b.Row), max(maxC, b.Col)
	}
	var out []Cell
	for r := minR; r <= maxR; r += 2 {
		for c := minC; c <= maxC; c += 2 {
			out = append(out, Cell{Row: r, Col: c})
		}
	}
	return out
}

// Sides returns the centres of the squares on either side of s.
func (l stick) Sides(s Cell) (left, right [2]float64) {
	var lc, rc Cell
	if Horizontal(s) {
		lc, rc = Cell{Row: s.Row - 1, Col: s.Col}, Cell{Row: s.Row + 1, Col: s.Col}
	} else {
		lc, rc = Cell{Row: s.Row, Col: s.Col + 1}, Cell{Row: s.Row, Col: s.Col - 1}
	}
	lx, ly := l.PlanePoint(lc)
	rx, ry := l.PlanePoint(rc)
	return [2]float64{lx, ly}, [2]float64{rx, ry}
}

// Segments reports whether lat's cells are segments (the stick
// lattice): its pieces are lines, with no cells inside.
func Segments(lat Lattice) bool { return lat.CellShape() == SegmentCells }

// Horizontal reports whether the stick lattice's cell c is a horizontal
// segment: whether its row is even.
func Horizontal(c Cell) bool { return c.Row%2 == 0 }

// Ends returns the grid points at the ends of segment c, in doubled
// coordinates (even rows and columns), the upper or left one first.
func Ends(c Cell) (Cell, Cell) {
	if Horizontal(c) {
		return Cell{Row: c.Row, Col: c.Col - 1}, Cell{Row: c.Row, Col: c.Col + 1}
	}
	return Cell{Row: c.Row - 1, Col: c.Col}, Cell{Row: c.Row + 1, Col: c.Col}
}

// Crossings returns the grid points, in doubled coordinates and reading
// order, that the segments pass straight through: those where both
// horizontal segments, or both vertical ones, are among the segments. Two
// pieces of a stick puzzle may not both pass straight through a point, for
// then they cross; they may touch there, at an end, a corner or a
// T-junction.
func Crossings(segments []Cell) []Cell {
	in := make(map[Cell]bool, len(segments))
	for _, s := range segments {
		in[s] = true
	}
	var out []Cell
	for _, s := range segments {
		// Each straight pass is found from its first segment (left or
		// upper), once.
		_, p := Ends(s)
		var next Cell
		if Horizontal(s) {
			next = Cell{Row: s.Row, Col: s.Col + 2}
		} else {
			next = Cell{Row: s.Row + 2, Col: s.Col}
		}
		if in[next] && !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	slices.SortFunc(out, Cell.Compare)
	return out
}

// stickChar says whether a stick picture's character at (row, col) is a
// segment: '-' at an even row and odd column, '|' at an odd row and even
// column; '+' marks a grid point, at an even row and column; a space is
// nothing.
func stickChar(r rune, row, col int) (bool, string) {
	switch {
	case r == ' ':
		return false, ""
	case r == '+' && row%2 == 0 && col%2 == 0:
		return false, ""
	case r == '-' && row%2 == 0 && col%2 == 1:
		return true, ""
	case r == '|' && row%2 == 1 && col%2 == 0:
		return true, ""
	case r == '+' || r == '-' || r == '|':
		return false, fmt.Sprintf("%q at row %d, column %d (from 0) is out of place: in a stick picture '+' marks a grid point, at an even row and column; "+
			"'-' a horizontal segment, between two points on an even row; '|' a vertical one, between two points in an even column, on the odd row between them", r, row, col)
	}
	return false, fmt.Sprintf("%q in a stick picture: draw grid points with '+', horizontal segments with '-' and vertical ones with '|' (as in '+-+' over '| |'), and leave the rest blank", r)
}

// ParseSticks returns the segments drawn in a stick picture: '+' a grid
// point, '-' between two points on an even row a horizontal segment, '|'
// between two points in an even column a vertical one, as in
//
//	+-+-+
//	|   |
//	+-+-+
//
// Each segment is the cell at its position in the picture.
func ParseSticks(pic string) ([]Cell, error) {
	var cells []Cell
	for i, line := range PictureLines(pic) {
		col := 0
		for _, r := range line {
			if r == '\t' {
				return nil, &PictureError{Line: i + 1, Col: col + 1, Msg: "tab in picture: draw with spaces"}
			}
			isCell, msg := stickChar(r, i, col)
			if msg != "" {
				return nil, &PictureError{Line: i + 1, Col: col + 1, Msg: msg}
			}
			if isCell {
				cells = append(cells, Cell{Row: i, Col: col})
			}
			col++
		}
	}
	return cells, nil
}

// StickPicture draws segments as ParseSticks reads them: '-' and '|' for
// the segments and '+' for every grid point at an end of one, within
// their bounding box from the origin, without trailing spaces.
func StickPicture(segments []Cell) string {
	m := segmentMarks(segments, Ends, func(m *marks, s Cell) {
		if Horizontal(s) {
			m.add(s, '-')
		} else {
			m.add(s, '|')
		}
	})
	return drawCells(m.all, func(c Cell) byte { return m.at[c] })
}

// marks are the characters of a picture of segments by position, and the
// positions in the order first marked.
type marks struct {
	at  map[Cell]byte
	all []Cell
}

func (m *marks) add(c Cell, b byte) {
	if _, ok := m.at[c]; !ok {
		m.all = append(m.all, c)
	}
	m.at[c] = b
}

// segmentMarks marks a '+' at both ends of each segment (ends) and the
// segment itself as draw marks it.
func segmentMarks(segments []Cell, ends func(Cell) (Cell, Cell), draw func(m *marks, s Cell)) *marks {
	m := &marks{at: make(map[Cell]byte, 4*len(segments))}
	for _, s := range segments {
		a, b := ends(s)
		m.add(a, '+')
		m.add(b, '+')
		draw(m, s)
	}
	return m
}

// NewGridBoard returns the board of every unit segment of a rows × cols
// grid of squares, (rows+1) × (cols+1) grid points, without the given
// holes (segments).
func NewGridBoard(rows, cols int, holes []Cell) (*Board, error) {
	if rows < 1 || cols < 1 {
		return nil, errorf("grid of %d × %d squares: rows and cols must be at least 1", rows, cols)
	}
	if rows > 1<<10 || cols > 1<<10 || rows*cols > 1<<19 {
		return nil, errorf("grid of %d × %d squares is too large (at most %d squares)", rows, cols, 1<<19)
	}
	hole := make(map[Cell]bool, len(holes))
	for _, h := range holes {
		if !ValidCell(Stick, h) || h.Row < 0 || h.Col < 0 || h.Row > 2*rows || h.Col > 2*cols {
			return nil, errorf("hole [%d, %d] is no segment of the %d × %d grid: a segment is [2r, 2c+1] (horizontal, 0 ≤ r ≤ %d, 0 ≤ c < %d) "+
				"or [2r+1, 2c] (vertical, 0 ≤ r < %d, 0 ≤ c ≤ %d)", h.Row, h.Col, rows, cols, rows, cols, rows, cols)
		}
		if hole[h] {
			return nil, errorf("hole [%d, %d] is given twice", h.Row, h.Col)
		}
		hole[h] = true
	}
	var cells []Cell
	for r := 0; r <= 2*rows; r++ {
		for c := 0; c <= 2*cols; c++ {
			cell := Cell{Row: r, Col: c}
			if ValidCell(Stick, cell) && !hole[cell] {
				cells = append(cells, cell)
			}
		}
	}
	b, err := NewBoard(Stick, cells)
	if err == nil {
		b.rows, b.cols = 2*rows+1, 2*cols+1 // holes on the edge keep the grid's size
		b.buildIndex()
	}
	return b, err
}
