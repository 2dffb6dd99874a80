package gallery

import (
	"fmt"

	"github.com/polytile/polytile/internal/quote"
	"github.com/polytile/polytile/puzzles"
	"github.com/polytile/polytile/puzzles/geom"
)

// Tiled is a solution that puts pieces on a board's cells, as a tiling's
// (*tiling.Solution) does, as drawing asks it: its puzzle (a
// TiledProblem), its board, its pieces' names, the piece and the instance
// At each cell of the board, and how many instances it puts down
// (Pieces). Answers draws a solution that is one as a tiling.
type Tiled interface {
	puzzles.Answer
	Problem() puzzles.Problem
	Board() *geom.Board
	PieceNames() []string
	At(i int) (piece, instance int)
	Pieces() int
}

// TiledProblem is a puzzle whose pieces are put on a board's cells, as a
// tiling (*tiling.Puzzle) is, as drawing asks it: its title, its board,
// its pieces and their names. Problem draws one as Puzzle does.
type TiledProblem interface {
	puzzles.Problem
	Title() string
	Board() *geom.Board
	Pieces() []geom.Piece
	PieceNames() []string
}

// A drawer makes the frame content of one lattice's cells, drawn as
// squares of a grid (cellDrawer: the square lattice, and a solid's layers
// side by side), polygons (polyDrawer), segments (stickDrawer) or cubes in
// space (isoDrawer). Each registers itself for what a lattice's cells are
// (geom.Lattice's CellShape); drawerOf chooses it, once, and nothing else
// asks.
type drawer interface {
	// board returns the content of b's empty board, named "board".
	board(b *geom.Board) frameContent
	// solution returns the content of s. The drawer may keep what
	// depends on the board alone for the next solution of the board.
	solution(s Tiled) frameContent
	// piece returns the content of piece p alone, the i-th of names.
	piece(p geom.Piece, i int, names []string) (frameContent, error)
	// outlines returns, for a site's board to hit-test, the outline of
	// each cell of b, the board's origin at x0, y0, cells of size cell.
	outlines(b *geom.Board) func(c geom.Cell, x0, y0, cell float64) Ring
	// pad is how far, in cells, outlines reach past the board's drawing.
	pad() float64
	// unused returns the render keys the drawing has no use for, what it
	// is and why, as an UnusedKeyError says them: none for areas.
	unused() (keys []string, figure, why string)
}

// drawers holds the drawers of lattices' cells in a view, by what the
// cells are: each drawer's file registers its own.
var drawers = map[geom.CellShape]func(lat geom.Lattice, view string) drawer{}

// drawerOf returns the drawer of lat's cells (nil: the default's) in view:
// squares of a grid when none is registered for them.
func drawerOf(lat geom.Lattice, view string) drawer {
	lat = geom.OrDefault(lat)
	if d, ok := drawers[lat.CellShape()]; ok {
		return d(lat, view)
	}
	return cellDrawer{}
}

// instances returns the cells s covers (its empty cells, drawn as holes,
// left out), the instance covering each, and the piece of each instance.
func instances(s Tiled) (cells []geom.Cell, owner, pieces []int) {
	pieces = make([]int, s.Pieces())
	for i, c := range s.Board().Cells() {
		if piece, inst := s.At(i); inst >= 0 {
			cells, owner, pieces[inst] = append(cells, c), append(owner, inst), piece
		}
	}
	return cells, owner, pieces
}

// validCells reports a cell of p that is no cell of lat.
func validCells(lat geom.Lattice, p geom.Piece) error {
	for _, c := range p.Cells {
		if !geom.ValidCell(lat, c) {
			return fmt.Errorf("gallery: piece %s has a cell [%d, %d] that is not one of the %s lattice", quote.Short(p.Name), c.Row, c.Col, lat.Name())
		}
	}
	return nil
}

// areaDrawer is what drawers of areas share: no pad, no key unused.
type areaDrawer struct{}

func (areaDrawer) pad() float64                       { return 0 }
func (areaDrawer) unused() ([]string, string, string) { return nil, "", "" }

// cellDrawer draws squares of a grid: the square lattice's cells, and a
// solid's layers side by side (flatten).
type cellDrawer struct{ areaDrawer }

// grid returns the picture of rows × cols, cell at[i] covered by instance
// owner[i] of pieces, the rest by none.
func grid(at []geom.Cell, rows, cols int, owner, pieces []int, names []string) *areas {
	g := &cells{rows: rows, cols: cols, owner: make([]int, rows*cols), instances: len(pieces)}
	for i := range g.owner {
		g.owner[i] = -1
	}
	for i, c := range at {
		g.owner[c.Row*cols+c.Col] = owner[i]
	}
	return &areas{areaGeom: g, pieced: pieced{pieces: pieces, names: names}}
}

func (cellDrawer) board(b *geom.Board) frameContent {
	c := grid(flatten(b.Cells(), b.Cols()), b.Rows(), b.Layers()*(b.Cols()+1)-1, make([]int, b.Len()), []int{0}, []string{"board"})
	c.blank = true
	return c
}

func (cellDrawer) solution(s Tiled) frameContent {
	b := s.Board()
	cells, owner, pieces := instances(s)
	return grid(flatten(cells, b.Cols()), b.Rows(), b.Layers()*(b.Cols()+1)-1, owner, pieces, s.PieceNames())
}

// piece lays a solid's layers out flat, side by side (flatten); a piece
// of the plane is as it is.
func (cellDrawer) piece(p geom.Piece, i int, names []string) (frameContent, error) {
	w := 0
	for _, c := range p.Cells {
		w = max(w, c.Col+1)
	}
	cells := flatten(p.Cells, w)
	rows, cols := 0, 0
	for _, c := range cells {
		if c.Row < 0 || c.Col < 0 {
			return nil, fmt.Errorf("gallery: piece %s is not normalized", quote.Short(p.Name))
		}
		rows, cols = max(rows, c.Row+1), max(cols, c.Col+1)
	}
	return grid(cells, rows, cols, make([]int, len(cells)), []int{i}, names), nil
}

// outlines gives each cell its square, where flatten lays it.
func (cellDrawer) outlines(b *geom.Board) func(c geom.Cell, x0, y0, cell float64) Ring {
	return func(c geom.Cell, x0, y0, cell float64) Ring {
		x, y := x0+float64(c.Layer*(b.Cols()+1)+c.Col)*cell, y0+float64(c.Row)*cell
		return Ring{{x, y}, {x + cell, y}, {x + cell, y + cell}, {x, y + cell}}
	}
}

// flatten returns where a picture of a solid's layers, side by side,
// bottom first, a column apart, each cols wide, lays its cells (a board
// of the plane, one layer, as it is).
func flatten(cells []geom.Cell, cols int) []geom.Cell {
	out := make([]geom.Cell, len(cells))
	for i, c := range cells {
		out[i] = geom.Cell{Row: c.Row, Col: c.Layer*(cols+1) + c.Col}
	}
	return out
}
