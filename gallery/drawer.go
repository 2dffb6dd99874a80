package gallery

import (
	"fmt"

	"github.com/polytile/polytile/internal/quote"
	"github.com/polytile/polytile/puzzles/geom"
	"github.com/polytile/polytile/puzzles/tiling"
)

// A drawer makes the frame content of one lattice's cells, drawn as
// squares of a grid (cellDrawer: the square lattice, and a solid's layers
// side by side), polygons (polyDrawer), segments (stickDrawer) or cubes in
// space (isoDrawer). drawerOf chooses it, once, by what the lattice's cells
// are (geom.Lattice's CellShape) and the view; nothing else asks.
type drawer interface {
	// board returns the content of b's empty board, named "board".
	board(b *geom.Board) *content
	// solution returns the content of s. Frames of one board share what
	// depends on the board alone, kept in geoms.
	solution(s *tiling.Solution, geoms map[*geom.Board]*polyGeom) *content
	// piece returns the content of piece p alone, the i-th of names.
	piece(p geom.Piece, i int, names []string) (*content, error)
	// outlines returns, for a site's board to hit-test, the outline of
	// each cell of b with the board's origin at x0, y0 and cells of size
	// cell.
	outlines(b *geom.Board) func(c geom.Cell, x0, y0, cell float64) Ring
	// pad is how far, in cells, a cell's outline reaches past the
	// board's drawing on each side.
	pad() float64
}

// drawerOf returns the drawer of lat's cells in view (nil: squares).
func drawerOf(lat geom.Lattice, view string) drawer {
	if lat == nil {
		return cellDrawer{}
	}
	switch lat.CellShape() {
	case geom.CubeCells:
		if view != ViewLayers {
			return isoDrawer{exploded: view == ViewExploded}
		}
	case geom.SegmentCells:
		return stickDrawer{lat: lat}
	case geom.PolygonCells:
		return polyDrawer{lat: lat}
	}
	return cellDrawer{}
}

// isoDrawer draws cubes in space, the pieces of a solution apart when
// exploded. A site hits a solid's cells on its layers (cellDrawer).
type isoDrawer struct {
	cellDrawer
	exploded bool
}

func (isoDrawer) board(b *geom.Board) *content {
	cubes := make([]cube, b.Len())
	for i, c := range b.Cells() {
		cubes[i] = cube{at: [3]int{c.Col, c.Row, c.Layer}}
	}
	return isoContent(cubes, []int{0}, []string{"board"}, true)
}

func (d isoDrawer) solution(s *tiling.Solution, _ map[*geom.Board]*polyGeom) *content {
	p := s.Puzzle()
	pieces := make([]int, s.Pieces())
	for i := range p.Board().Cells() {
		piece, inst := s.At(i)
		pieces[inst] = piece
	}
	return isoContent(solidCubes(s, d.exploded), pieces, p.PieceNames(), false)
}

func (isoDrawer) piece(p geom.Piece, i int, names []string) (*content, error) {
	return isoContent(pieceCubes(p.Cells), []int{i}, names, false), nil
}

// stickDrawer draws segments between grid points.
type stickDrawer struct{ lat geom.Lattice }

func (d stickDrawer) board(b *geom.Board) *content {
	return stickContent(d.lat.SegmentGrid(), b.Cells(), make([]int, b.Len()), []int{0}, []string{"board"})
}

func (d stickDrawer) solution(s *tiling.Solution, _ map[*geom.Board]*polyGeom) *content {
	p := s.Puzzle()
	b := p.Board()
	owner := make([]int, b.Len())
	pieces := make([]int, s.Pieces())
	for i := range b.Cells() {
		piece, inst := s.At(i)
		owner[i], pieces[inst] = inst, piece
	}
	return stickContent(d.lat.SegmentGrid(), b.Cells(), owner, pieces, p.PieceNames())
}

func (d stickDrawer) piece(p geom.Piece, i int, names []string) (*content, error) {
	if err := validCells(d.lat, p); err != nil {
		return nil, err
	}
	return stickContent(d.lat.SegmentGrid(), p.Cells, make([]int, len(p.Cells)), []int{i}, names), nil
}

// outlines gives each segment its diamond (sticks.diamond).
func (d stickDrawer) outlines(b *geom.Board) func(c geom.Cell, x0, y0, cell float64) Ring {
	sg := stickContent(d.lat.SegmentGrid(), b.Cells(), make([]int, b.Len()), []int{0}, nil).stick
	return func(c geom.Cell, x0, y0, cell float64) Ring {
		var ring Ring
		for _, q := range sg.diamond(c) {
			ring = append(ring, Point{x0 + q.X*cell, y0 + q.Y*cell})
		}
		return ring
	}
}

// pad: a segment's diamond reaches half a cell past the grid.
func (stickDrawer) pad() float64 { return 0.5 - stickPad }

// polyDrawer draws polygons of the plane: triangles, hexagons.
type polyDrawer struct{ lat geom.Lattice }

func (d polyDrawer) board(b *geom.Board) *content {
	return polyContent(newPolyGeom(d.lat, b.Cells()), make([]int, b.Len()), []int{0}, []string{"board"})
}

func (d polyDrawer) solution(s *tiling.Solution, geoms map[*geom.Board]*polyGeom) *content {
	p := s.Puzzle()
	b := p.Board()
	g, ok := geoms[b]
	if !ok {
		g = newPolyGeom(d.lat, b.Cells())
		if geoms != nil {
			geoms[b] = g
		}
	}
	owner := make([]int, b.Len())
	pieces := make([]int, s.Pieces())
	for i := range b.Cells() {
		piece, inst := s.At(i)
		owner[i], pieces[inst] = inst, piece
	}
	var names []string
	for _, pc := range p.Pieces() {
		names = append(names, pc.Name)
	}
	return polyContent(g, owner, pieces, names)
}

func (d polyDrawer) piece(p geom.Piece, i int, names []string) (*content, error) {
	if err := validCells(d.lat, p); err != nil {
		return nil, err
	}
	return polyContent(newPolyGeom(d.lat, p.Cells), make([]int, len(p.Cells)), []int{i}, names), nil
}

// outlines gives each cell its polygon.
func (d polyDrawer) outlines(b *geom.Board) func(c geom.Cell, x0, y0, cell float64) Ring {
	pg := newPolyGeom(d.lat, b.Cells())
	return func(c geom.Cell, x0, y0, cell float64) Ring {
		var ring Ring
		for _, v := range corners(d.lat, c) {
			q := pg.at(v)
			ring = append(ring, Point{x0 + q.X*cell, y0 + q.Y*cell})
		}
		return ring
	}
}

func (polyDrawer) pad() float64 { return 0 }

// validCells reports a cell of p that is no cell of lat.
func validCells(lat geom.Lattice, p geom.Piece) error {
	for _, c := range p.Cells {
		if !geom.ValidCell(lat, c) {
			return fmt.Errorf("gallery: piece %s has a cell [%d, %d] that is not one of the %s lattice", quote.Short(p.Name), c.Row, c.Col, lat.Name())
		}
	}
	return nil
}

// cellDrawer draws squares of a grid: the square lattice's cells, and a
// solid's layers side by side (layersFlat).
type cellDrawer struct{}

func (cellDrawer) board(b *geom.Board) *content {
	flat, rows, cols := layersFlat(b)
	board := &content{cells: cells{rows: rows, cols: cols, owner: make([]int, rows*cols), instances: 1},
		pieces: []int{0}, names: []string{"board"}}
	for i := range board.owner {
		board.owner[i] = -1
	}
	for _, c := range b.Cells() {
		c = flat(c)
		board.owner[c.Row*cols+c.Col] = 0
	}
	return board
}

func (cellDrawer) solution(s *tiling.Solution, _ map[*geom.Board]*polyGeom) *content {
	p := s.Puzzle()
	b := p.Board()
	flat, rows, cols := layersFlat(b)
	c := &content{
		cells:  cells{rows: rows, cols: cols, owner: make([]int, rows*cols), instances: s.Pieces()},
		pieces: make([]int, s.Pieces()),
	}
	for i := range c.owner {
		c.owner[i] = -1
	}
	for i, cell := range b.Cells() {
		piece, inst := s.At(i)
		cell = flat(cell)
		c.owner[cell.Row*c.cols+cell.Col] = inst
		c.pieces[inst] = piece
	}
	for _, pc := range p.Pieces() {
		c.names = append(c.names, pc.Name)
	}
	return c
}

// piece lays a solid's layers out flat, side by side (flatCells); a
// piece of the plane is as it is.
func (cellDrawer) piece(p geom.Piece, i int, names []string) (*content, error) {
	p.Cells = flatCells(p.Cells)
	rows, cols := 0, 0
	for _, c := range p.Cells {
		if c.Row < 0 || c.Col < 0 {
			return nil, fmt.Errorf("gallery: piece %s is not normalized", quote.Short(p.Name))
		}
		rows, cols = max(rows, c.Row+1), max(cols, c.Col+1)
	}
	c := &content{
		cells:  cells{rows: rows, cols: cols, owner: make([]int, rows*cols), instances: 1},
		pieces: []int{i},
		names:  names,
	}
	for k := range c.owner {
		c.owner[k] = -1
	}
	for _, cell := range p.Cells {
		c.owner[cell.Row*cols+cell.Col] = 0
	}
	return c, nil
}

// outlines gives each cell its square, where layersFlat lays it.
func (cellDrawer) outlines(b *geom.Board) func(c geom.Cell, x0, y0, cell float64) Ring {
	flat, _, _ := layersFlat(b)
	return func(c geom.Cell, x0, y0, cell float64) Ring {
		f := flat(c)
		x, y := x0+float64(f.Col)*cell, y0+float64(f.Row)*cell
		return Ring{{x, y}, {x + cell, y}, {x + cell, y + cell}, {x, y + cell}}
	}
}

func (cellDrawer) pad() float64 { return 0 }

// inSpace reports whether lat's cells are cubes of space, in layers:
// whether they have three coordinates.
func inSpace(lat geom.Lattice) bool { return lat.Coords() == 3 }
