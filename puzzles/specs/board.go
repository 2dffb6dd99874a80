package specs

import (
	"fmt"

	"github.com/polytile/polytile/puzzles/geom"
	"go.yaml.in/yaml/v4"
)

const (
	boardWant   = `a picture (a literal block "|" of '.' for cells, ' ' or '#' for none) or a mapping {rows, cols, holes}`
	maxBoardLen = 1 << 20 // the most cells NewRectBoard allows
)

// board reads the board: a picture or {rows, cols, holes}.
func (p *specParser) board(f field) (*geom.Board, error) {
	n := f.val
	if n.Kind == yaml.MappingNode {
		return p.rectBoard(n)
	}
	pic, err := p.picture(f.key, n, "the board", "board", boardWant)
	if err != nil {
		return nil, err
	}
	if k, c, over := countCells(pic, isBoardCell, maxBoardLen); over {
		return nil, p.pictureError(n, &geom.PictureError{Line: k, Col: c,
			Msg: fmt.Sprintf("the board has more than %d cells, this one being the first past them; a board may have at most %d cells", maxBoardLen, maxBoardLen)})
	}
	b, err := geom.ParseBoardOn(p.lat, pic)
	if err != nil {
		return nil, p.pictureError(n, err)
	}
	return b, nil
}

// boardKeys are the keys of a board given as a size, in the order errors
// list them.
var boardKeys = []string{"rows", "cols", "holes"}

// rectBoard reads {rows, cols, holes}.
func (p *specParser) rectBoard(n *yaml.Node) (*geom.Board, error) {
	f, err := p.fields(n, "board", boardKeys)
	if err != nil {
		return nil, err
	}
	var size [2]int
	for i, k := range []string{"rows", "cols"} {
		v, ok := f[k]
		if !ok {
			return nil, p.errorf(n, "the board has no %s; a board mapping needs rows and cols (and optionally holes)", k)
		}
		want := fmt.Sprintf("a whole number from 1 to %d", maxBoardLen)
		if size[i], err = p.integer(v.val, k, 1, maxBoardLen, want); err != nil {
			return nil, err
		}
	}
	rows, cols := size[0], size[1]
	if rows*cols > maxBoardLen {
		return nil, p.errorf(n, "a board of %d × %d is too large; a board may have at most %d cells", rows, cols, maxBoardLen)
	}
	var holes []geom.Cell
	if h, ok := f["holes"]; ok {
		if holes, err = p.holes(h.val, rows, cols); err != nil {
			return nil, err
		}
	}
	b, err := geom.NewRectBoardOn(p.lat, rows, cols, holes)
	if err != nil {
		return nil, p.errorf(n, "%s", bare(err))
	}
	return b, nil
}

// holes reads a list of [row, col] pairs inside a rows × cols board.
func (p *specParser) holes(n *yaml.Node, rows, cols int) ([]geom.Cell, error) {
	const want = "a list of [row, col] pairs, such as [[3, 3], [3, 4]]"
	if n.Kind != yaml.SequenceNode {
		return nil, p.errorf(n, "holes is %s; want %s", describe(n), want)
	}
	var holes []geom.Cell
	seen := map[geom.Cell]*yaml.Node{}
	for _, h := range n.Content {
		if h.Kind != yaml.SequenceNode || len(h.Content) != 2 {
			return nil, p.errorf(h, "a hole is %s; want [row, col], counted from 0", describeHole(h))
		}
		r, err := p.integer(h.Content[0], "a hole's row", 0, rows-1, fmt.Sprintf("a row from 0 to %d", rows-1))
		if err != nil {
			return nil, err
		}
		c, err := p.integer(h.Content[1], "a hole's column", 0, cols-1, fmt.Sprintf("a column from 0 to %d", cols-1))
		if err != nil {
			return nil, err
		}
		cell := geom.Cell{Row: r, Col: c}
		if !geom.ValidCell(p.lat, cell) {
			return nil, p.errorf(h, "hole [%d, %d] is not a cell of the hexagon lattice: a cell's row + column is even", r, c)
		}
		if first, ok := seen[cell]; ok {
			return nil, p.errorf(h, "hole [%d, %d] is given twice (first at line %d); give each hole once", r, c, first.Line)
		}
		seen[cell] = h
		holes = append(holes, cell)
	}
	return holes, nil
}

func describeHole(n *yaml.Node) string {
	if n.Kind == yaml.SequenceNode {
		return fmt.Sprintf("a list of %d items", len(n.Content))
	}
	return describe(n)
}
