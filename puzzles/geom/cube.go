package geom

import (
	"fmt"
	"slices"
	"strings"
)

// Cube is the cubic lattice of space: a cell is a unit cube at (layer,
// row, column), layer 0 the bottom, and has six neighbours, across its
// faces. Its 48 point symmetries are the 24 rotations of the cube and
// their mirror images. A solid piece can be turned but never reflected,
// so on the cube every piece is one-sided (Solid): its mirror image, when
// different, is another piece.
var Cube Lattice = cube{}

type cube struct{}

func (cube) Name() string { return "cube" }

func (cube) Transforms() int { return 48 }

// axisPerms are the six orders of the axes (layer, row, column), the
// identity first, with their parities.
var axisPerms = [6]struct {
	to  [3]int
	odd bool
}{{[3]int{0, 1, 2}, false}, {[3]int{0, 2, 1}, true}, {[3]int{1, 0, 2}, true},
	{[3]int{1, 2, 0}, false}, {[3]int{2, 0, 1}, false}, {[3]int{2, 1, 0}, true}}

// Transform permutes the axes of c by the order t/8 and negates those of
// them that the bits of t%8 say: transform 0 is the identity.
func (cube) Transform(t int, c Cell) Cell {
	in := [3]int{c.Layer, c.Row, c.Col}
	var out [3]int
	for i, from := range axisPerms[t/8].to {
		out[i] = in[from]
		if t&(1<<i) != 0 {
			out[i] = -out[i]
		}
	}
	return Cell{Layer: out[0], Row: out[1], Col: out[2]}
}

// Reflects reports whether transform t is a mirror image: whether its
// permutation's parity and its number of negated axes make it reverse
// orientation.
func (cube) Reflects(t int) bool {
	odd := axisPerms[t/8].odd
	for i := range 3 {
		if t&(1<<i) != 0 {
			odd = !odd
		}
	}
	return odd
}

func (l cube) Translate(cells []Cell, from, to Cell) ([]Cell, bool) {
	return translate(l, cells, from, to)
}

func (cube) Shift(from, to Cell) (Cell, bool) {
	return Cell{Layer: to.Layer - from.Layer, Row: to.Row - from.Row, Col: to.Col - from.Col}, true
}

// Normalize moves the cells' bounding box to the origin.
func (cube) Normalize(cells []Cell) []Cell {
	if len(cells) == 0 {
		return nil
	}
	lo := cells[0]
	for _, c := range cells {
		lo = Cell{Layer: min(lo.Layer, c.Layer), Row: min(lo.Row, c.Row), Col: min(lo.Col, c.Col)}
	}
	out := make([]Cell, len(cells))
	for i, c := range cells {
		out[i] = Cell{Layer: c.Layer - lo.Layer, Row: c.Row - lo.Row, Col: c.Col - lo.Col}
	}
	slices.SortFunc(out, Cell.Compare)
	return out
}

func (cube) Neighbors(c Cell) []Cell {
	return []Cell{
		{Layer: c.Layer - 1, Row: c.Row, Col: c.Col}, {Layer: c.Layer, Row: c.Row - 1, Col: c.Col},
		{Layer: c.Layer, Row: c.Row, Col: c.Col - 1}, {Layer: c.Layer, Row: c.Row, Col: c.Col + 1},
		{Layer: c.Layer, Row: c.Row + 1, Col: c.Col}, {Layer: c.Layer + 1, Row: c.Row, Col: c.Col},
	}
}

// Solid reports whether lat is a lattice of space, whose pieces are
// solids: turned in every way, never reflected.
func Solid(lat Lattice) bool { return lat.Layered() }

// Flat returns pieces of a plane set laid flat on the cube lattice, in
// layer 0: the solid pieces of one layer's thickness. Each is one-sided,
// as every solid is, and its mirror image is one of its rotations (it
// turns over in space). Pieces of the square lattice alone lie flat on
// the cube.
func Flat(lat Lattice, pieces []Piece) ([]Piece, error) {
	if lat != Square {
		return nil, errorf("pieces of the %s lattice do not lie on the cube's: only the square lattice's do", lat.Name())
	}
	out := make([]Piece, len(pieces))
	for i, p := range pieces {
		p.Cells = slices.Clone(p.Cells)
		p.OneSided = true
		out[i] = p
	}
	return out, nil
}

// NewBoxBoard returns a box of layers × rows × cols cubes without the
// given holes.
func NewBoxBoard(layers, rows, cols int, holes []Cell) (*Board, error) {
	if layers < 1 || rows < 1 || cols < 1 {
		return nil, errorf("box of %d × %d × %d: layers, rows and cols must be at least 1", layers, rows, cols)
	}
	if layers > 1<<20 || rows > 1<<20 || cols > 1<<20 || layers*rows*cols > 1<<20 {
		return nil, errorf("box of %d × %d × %d is too large (at most %d cells)", layers, rows, cols, 1<<20)
	}
	hole := make(map[Cell]bool, len(holes))
	for _, h := range holes {
		if h.Layer < 0 || h.Layer >= layers || h.Row < 0 || h.Row >= rows || h.Col < 0 || h.Col >= cols {
			return nil, errorf("hole [%d, %d, %d] is outside the %d × %d × %d box (layers 0…%d, rows 0…%d, cols 0…%d)",
				h.Layer, h.Row, h.Col, layers, rows, cols, layers-1, rows-1, cols-1)
		}
		if hole[h] {
			return nil, errorf("hole [%d, %d, %d] is given twice", h.Layer, h.Row, h.Col)
		}
		hole[h] = true
	}
	var cells []Cell
	for l := range layers {
		for r := range rows {
			for c := range cols {
				if cell := (Cell{Layer: l, Row: r, Col: c}); !hole[cell] {
					cells = append(cells, cell)
				}
			}
		}
	}
	b, err := NewBoard(Cube, cells)
	if err == nil {
		b.layers, b.rows, b.cols = layers, rows, cols // holes on the edge keep the box's size
		b.buildIndex()
	}
	return b, err
}

// ParseLayers returns the board of the cube lattice drawn in pics, one
// picture for each layer, the bottom one first, each read as ParseBoard
// reads a picture. A layer may have no cells: it keeps its place, as an
// empty row of a picture does, so the layers above it stay where they are
// drawn (the board's Layers end at its highest cell's, as its Rows at its
// lowest row's). A mistake is a *PictureError of the layer's picture, with
// its Layer set.
func ParseLayers(pics []string) (*Board, error) {
	var cells []Cell
	for l, pic := range pics {
		layer, err := scanPicture(pic, boardChar)
		if err != nil {
			return nil, inLayer(err, l)
		}
		for _, c := range layer {
			c.Layer = l
			cells = append(cells, c)
		}
	}
	return NewBoard(Cube, cells)
}

// ParsePieceLayers returns the solid piece drawn in pics, a picture for
// each layer, bottom first, each read as ParsePiece reads a picture; one
// picture is a flat piece.
func ParsePieceLayers(name string, pics []string) (Piece, error) {
	var cells []Cell
	char := pieceChar(name)
	for l, pic := range pics {
		layer, err := scanPicture(pic, char)
		if err != nil {
			return Piece{}, inLayer(err, l)
		}
		for _, c := range layer {
			c.Layer = l
			cells = append(cells, c)
		}
	}
	return NewPiece(Cube, name, cells)
}

// inLayer sets the layer of a *PictureError.
func inLayer(err error, l int) error {
	if pe, ok := err.(*PictureError); ok {
		pe.Layer = l + 1
	}
	return err
}

// solid returns the solid piece of the named cells, given as (layer, row,
// column) triples.
func solid(name string, cells ...[3]int) Piece {
	cs := make([]Cell, len(cells))
	for i, c := range cells {
		cs[i] = Cell{Layer: c[0], Row: c[1], Col: c[2]}
	}
	p, err := NewPiece(Cube, name, cs)
	if err != nil {
		panic("geom: built-in set: " + err.Error())
	}
	return p
}

// tetracubes are the 8 tetracubes with the names of the literature: the
// flat I, O, L, T and Z (the S tetromino, Z in Piet Hein's Soma), and the
// three that are not flat, the screws A and B (mirror images of each
// other: a V tricube with a cube on one arm's end, raised) and the branch
// P (the tripod: a corner cube with one cube along each axis).
func tetracubes() []Piece {
	return []Piece{
		solid("I", [3]int{0, 0, 0}, [3]int{0, 0, 1}, [3]int{0, 0, 2}, [3]int{0, 0, 3}),
		solid("O", [3]int{0, 0, 0}, [3]int{0, 0, 1}, [3]int{0, 1, 0}, [3]int{0, 1, 1}),
		solid("L", [3]int{0, 0, 0}, [3]int{0, 1, 0}, [3]int{0, 2, 0}, [3]int{0, 2, 1}),
		solid("T", [3]int{0, 0, 0}, [3]int{0, 0, 1}, [3]int{0, 0, 2}, [3]int{0, 1, 1}),
		solid("Z", [3]int{0, 0, 0}, [3]int{0, 0, 1}, [3]int{0, 1, 1}, [3]int{0, 1, 2}),
		solid("A", [3]int{0, 0, 0}, [3]int{0, 0, 1}, [3]int{0, 1, 0}, [3]int{1, 0, 1}),
		solid("B", [3]int{0, 0, 0}, [3]int{0, 0, 1}, [3]int{0, 1, 0}, [3]int{1, 1, 0}),
		solid("P", [3]int{0, 0, 0}, [3]int{0, 0, 1}, [3]int{0, 1, 0}, [3]int{1, 0, 0}),
	}
}

// soma returns Piet Hein's seven Soma pieces: the V tricube and the six
// tetracubes that are not straight or square, L T Z A B P.
func soma() []Piece {
	out := []Piece{solid("V", [3]int{0, 0, 0}, [3]int{0, 0, 1}, [3]int{0, 1, 0})}
	for _, p := range tetracubes() {
		if p.Name != "I" && p.Name != "O" {
			out = append(out, p)
		}
	}
	return out
}

// pentacubes returns the 29 pentacubes, counted up to rotation: the 12
// flat ones named by their pentominoes' letters, then the 17 others
// numbered C01 … C17 in the order of their canonical forms.
func pentacubes() []Piece {
	flat := map[string]string{} // canonical form → pentomino letter
	pentominoes := drawnSet(pentominoPics, false)
	for _, p := range pentominoes {
		flat[fmt.Sprint(canonicalSolid(p.Cells))] = p.Name
	}
	var out, others []Piece
	for _, s := range Polyforms(Cube, 5, true) {
		if name, ok := flat[fmt.Sprint(s)]; ok {
			out = append(out, Piece{Name: name, Cells: s, Count: 1, OneSided: true})
		} else {
			others = append(others, Piece{Cells: s, Count: 1, OneSided: true})
		}
	}
	slices.SortFunc(out, func(a, b Piece) int { return strings.Compare(a.Name, b.Name) })
	for i := range others {
		others[i].Name = fmt.Sprintf("C%02d", i+1)
	}
	return append(out, others...)
}

// canonicalSolid returns the smallest normalized rotation of cells on the
// cube: the form Polyforms gives a one-sided polycube.
func canonicalSolid(cells []Cell) []Cell {
	var best []Cell
	for t := range Cube.Transforms() {
		if Cube.Reflects(t) {
			continue
		}
		img := TransformShape(Cube, t, cells)
		if best == nil || slices.CompareFunc(img, best, Cell.Compare) < 0 {
			best = img
		}
	}
	return best
}

// tricubes returns the 2 tricubes: the straight I3 and the bent V.
func tricubes() []Piece {
	return []Piece{
		solid("I3", [3]int{0, 0, 0}, [3]int{0, 0, 1}, [3]int{0, 0, 2}),
		solid("V", [3]int{0, 0, 0}, [3]int{0, 0, 1}, [3]int{0, 1, 0}),
	}
}
