package geom

import (
	"fmt"
	"slices"
	"strconv"
	"unicode"
)

// Piece is a polyform: a set of cells, with a name, a number of identical
// copies and whether it may be turned over.
type Piece struct {
	// Name names the piece ("F"); names are unique within a puzzle.
	Name string
	// Cells are the piece's cells, normalized by the lattice.
	Cells []Cell
	// Count is the number of identical copies, at least 1: the most a
	// solution puts down (the fewest, with Any). Copies are
	// interchangeable: they never multiply the number of solutions.
	Count int
	// Spare is how many of the Count copies a solution may leave out: a
	// range of copies, count: LO..HI, is Count HI and Spare HI - LO. 0:
	// every copy is put down.
	Spare int
	// OneSided pieces may be rotated but not reflected.
	OneSided bool
	// Any is set on a piece put down as often as it fits, at least Count
	// times (count: any is Count 0, count: 2..any Count 2), Spare 0.
	Any bool
}

// Least returns the fewest copies of p a solution puts down.
func (p Piece) Least() int { return p.Count - p.Spare }

// Fixed reports whether every solution puts down exactly Count copies.
func (p Piece) Fixed() bool { return !p.Any && p.Spare == 0 }

// Single reports whether every solution puts down exactly one copy.
func (p Piece) Single() bool { return p.Fixed() && p.Count == 1 }

// CountText writes how many copies of p a solution puts down as a
// spec's count key does: "2", "any", "0..1", "2..any".
func (p Piece) CountText() string {
	switch {
	case p.Any && p.Count == 0:
		return "any"
	case p.Any:
		return fmt.Sprintf("%d..any", p.Count)
	case p.Spare > 0:
		return fmt.Sprintf("%d..%d", p.Least(), p.Count)
	}
	return strconv.Itoa(p.Count)
}

// ParsePiece returns the piece drawn in pic on the square lattice: every
// character other than a space is a cell. The piece has one copy and may be
// reflected. A picture that mixes '.' with other characters is an error: a
// board's picture uses '.' for a cell and '#' for none, and a piece drawn
// "#." almost surely means the '.' to be empty, which in a piece it is not.
func ParsePiece(name, pic string) (Piece, error) { return ParsePieceOn(Square, name, pic) }

// ParsePieceOn returns the piece drawn in pic on lat, read as ParsePiece
// reads it, with the character at row r, column c being cell (r, c) of
// lat: on the hexagonal lattice a cell where r + c is odd is an error.
func ParsePieceOn(lat Lattice, name, pic string) (Piece, error) {
	cells, err := lat.scanCells(pic, pieceChar(name), "a cell")
	if err != nil {
		return Piece{}, err
	}
	return NewPiece(lat, name, cells)
}

// pieceChar returns what says whether a piece picture's character is a
// cell: any but a space, without mixing '.' and other characters.
func pieceChar(name string) func(r rune) (bool, string) {
	var first rune // the first cell's character
	return func(r rune) (bool, string) {
		if unicode.IsSpace(r) {
			return false, ""
		}
		if first == 0 {
			first = r
		} else if r != first && (r == '.' || first == '.') {
			return false, fmt.Sprintf("%s mixes %q and %q: in a piece's picture every character but a space is a cell, "+
				"'.' too (in a board's, '.' is a cell and '#' is none); draw the cells with one character and leave the rest blank",
				"piece "+strconv.Quote(name), first, r)
		}
		return true, ""
	}
}

// NewPiece returns a piece of one copy, reflectable (but on the cube,
// whose solids are one-sided), with the given cells, after checking that
// it has a name and is one connected shape without repeated cells.
func NewPiece(lat Lattice, name string, cells []Cell) (Piece, error) {
	p := Piece{Name: name, Cells: lat.Normalize(cells), Count: 1, OneSided: !lat.Reflectable()}
	return p, p.Validate(lat)
}

func (p Piece) Validate(lat Lattice) error {
	switch {
	case p.Name == "":
		return errorf("a piece needs a name")
	case len(p.Cells) == 0:
		return errorf("piece %q has no cells", p.Name)
	case p.Any && (p.Count < 0 || p.Spare != 0):
		return errorf("piece %q: count %d, spare %d and any: an any-count piece has a count of 0 or more and no spare", p.Name, p.Count, p.Spare)
	case p.Count < 1 && !p.Any:
		return errorf("piece %q: count %d, want at least 1", p.Name, p.Count)
	case p.Spare < 0 || p.Spare > p.Count:
		return errorf("piece %q: spare %d of count %d, want 0 to %d", p.Name, p.Spare, p.Count, p.Count)
	}
	for _, c := range p.Cells {
		if !ValidCell(lat, c) {
			if c.Layer != 0 {
				return errorf("piece %q: a cell in layer %d: the %s lattice is flat", p.Name, c.Layer, lat.Name())
			}
			return errorf("piece %q: [%d, %d] is not a cell of the %s lattice: %s", p.Name, c.Row, c.Col, lat.Name(), cellRule(lat))
		}
	}
	cells := lat.Normalize(p.Cells)
	for i := 1; i < len(cells); i++ {
		if cells[i] == cells[i-1] {
			return errorf("piece %q has cell %s twice", p.Name, CellName(lat, cells[i]))
		}
	}
	if !Connected(lat, cells) {
		on := ""
		if !lat.Default() {
			on = " on the " + lat.Name() + " lattice"
		}
		return errorf("piece %q is not connected%s: its cells must join %s", p.Name, on, lat.Join())
	}
	return nil
}

// Orientations returns the piece's distinct orientations on lat, each
// normalized: every rotation, and every reflection too unless the piece is
// one-sided. They come in the order of the lattice's transforms, the first
// being the piece as drawn.
func (p Piece) Orientations(lat Lattice) [][]Cell {
	var out [][]Cell
	for t := range lat.Transforms() {
		if p.OneSided && lat.Reflects(t) {
			continue
		}
		img := TransformShape(lat, t, p.Cells)
		if !slices.ContainsFunc(out, func(o []Cell) bool { return slices.Equal(o, img) }) {
			out = append(out, img)
		}
	}
	return out
}

// SameShape reports whether b is a in one of the orientations a may take.
func SameShape(lat Lattice, a Piece, b []Cell) bool {
	b = lat.Normalize(b)
	for _, o := range a.Orientations(lat) {
		if slices.Equal(o, b) {
			return true
		}
	}
	return false
}

// Area returns the number of cells the piece's copies cover together: the
// most, Count's; for a piece of any count, the fewest, Count's too.
func (p Piece) Area() int { return len(p.Cells) * p.Count }

// String draws the piece as an ASCII picture, '#' for its cells.
func (p Piece) String() string {
	return drawCells(p.Cells, func(Cell) byte { return '#' })
}

// LayerPictures draws the piece's layers, the bottom one first, each as
// String draws a piece, in the box of the whole piece (a layer's first
// rows may be blank): what ParsePieceLayers reads back. A piece of the
// plane has one layer.
func (p Piece) LayerPictures() []string {
	layers := 0
	for _, c := range p.Cells {
		layers = max(layers, c.Layer+1)
	}
	pics := make([]string, layers)
	for l := range pics {
		var in []Cell
		for _, c := range p.Cells {
			if c.Layer == l {
				in = append(in, Cell{Row: c.Row, Col: c.Col})
			}
		}
		pics[l] = drawCells(in, func(Cell) byte { return '#' })
	}
	return pics
}

// drawCells draws cells as ASCII art within their bounding box from the
// origin, each as the character mark gives it, spaces elsewhere, without
// trailing spaces.
func drawCells(cells []Cell, mark func(Cell) byte) string {
	rows, cols := 0, 0
	for _, c := range cells {
		rows, cols = max(rows, c.Row+1), max(cols, c.Col+1)
	}
	grid := make([][]byte, rows)
	for r := range grid {
		grid[r] = make([]byte, cols)
		for c := range grid[r] {
			grid[r][c] = ' '
		}
	}
	for _, c := range cells {
		grid[c.Row][c.Col] = mark(c)
	}
	var out []byte
	for _, row := range grid {
		for len(row) > 0 && row[len(row)-1] == ' ' {
			row = row[:len(row)-1]
		}
		out = append(out, row...)
		out = append(out, '\n')
	}
	return string(out)
}

// Names returns the names of pieces, in their order.
func Names(pieces []Piece) []string {
	names := make([]string, len(pieces))
	for i, pc := range pieces {
		names[i] = pc.Name
	}
	return names
}
