package specs

import (
	"errors"
	"fmt"
	"slices"
	"strings"

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
	switch {
	case n.Kind == yaml.MappingNode && layered(p.lat):
		return p.boxBoard(n)
	case n.Kind == yaml.MappingNode:
		return p.rectBoard(n)
	case layered(p.lat):
		return p.layersBoard(f)
	case n.Kind == yaml.SequenceNode:
		return nil, p.errorf(n, "the board is a list; want %s; a list of pictures, one for each layer, is a board of the %s lattice: %s", boardWant, geom.Cube.Name(), p.toSolid())
	}
	pic, err := p.picture(f.key, n, "the board", "board", boardWant)
	if err != nil {
		return nil, err
	}
	if k, c, over := countCells(pic, p.lat.DrawsCell, maxBoardLen); over {
		return nil, p.pictureError(n, &geom.PictureError{Line: k, Col: c,
			Msg: fmt.Sprintf("the board has more than %d cells, this one being the first past them; a board may have at most %d cells", maxBoardLen, maxBoardLen)})
	}
	b, err := geom.ParseBoardOn(p.lat, pic)
	if err != nil {
		return nil, p.pictureError(n, err)
	}
	return b, nil
}

// boardKeys are the keys of a board written as a mapping, in the order
// errors list them.
var boardKeys = []string{"rows", "cols", "holes"}

// rectBoard reads {rows, cols, holes}.
func (p *specParser) rectBoard(n *yaml.Node) (*geom.Board, error) {
	for i := 0; i+1 < len(n.Content); i += 2 {
		if k := n.Content[i]; k.Kind == yaml.ScalarNode && k.Value == "layers" {
			return nil, p.errorf(k, "a board with layers is a box of the %s lattice: %s, or leave out layers", geom.Cube.Name(), p.toSolid())
		}
	}
	if shapes := p.lat.Shapes(); len(shapes) > 0 {
		if sh, ok, err := p.boardShape(n, shapes); ok || err != nil {
			if err != nil {
				return nil, err
			}
			return p.shapeBoard(n, sh)
		}
	}
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
		hr, hc := p.lat.PictureSize(rows, cols) // a stick board's segments are at doubled coordinates
		if holes, err = p.holes(h.val, hr, hc); err != nil {
			return nil, err
		}
	}
	b, err := geom.NewRectBoardOn(p.lat, rows, cols, holes)
	if err != nil {
		return nil, p.errorf(n, "%s", reason(err))
	}
	return b, nil
}

// boardShape returns which of shapes the mapping n gives (false: none,
// a parallelogram {rows, cols}), or an error at the second key if it
// gives two, a parallelogram's rows or cols being one.
func (p *specParser) boardShape(n *yaml.Node, shapes []geom.Shape) (geom.Shape, bool, error) {
	var found []string
	var first geom.Shape
	forms := []string{"{rows, cols}"}
	for _, sh := range shapes {
		forms = append(forms, "{"+sh.Key+"}")
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k := n.Content[i]
		name := ""
		for _, sh := range shapes {
			if k.Value == sh.Key {
				name = sh.Key
				if first.Key == "" {
					first = sh
				}
			}
		}
		if k.Value == "rows" || k.Value == "cols" {
			if slices.Contains(found, "parallelogram") {
				continue
			}
			name = "parallelogram"
		}
		if name == "" {
			continue
		}
		if found = append(found, name); len(found) == 2 {
			return geom.Shape{}, false, p.errorf(k, "the board is a %s and a %s; give one of %s", found[0], found[1], strings.Join(forms[:len(forms)-1], ", ")+" and "+forms[len(forms)-1])
		}
	}
	return first, first.Key != "", nil
}

// shapeBoard reads {KEY, holes}, a board of the lattice's shape sh by
// its size (a hexagon or a triangle of the trig lattice).
func (p *specParser) shapeBoard(n *yaml.Node, sh geom.Shape) (*geom.Board, error) {
	f, err := p.fields(n, "board", []string{sh.Key, "holes"})
	if err != nil {
		return nil, err
	}
	size, err := p.integer(f[sh.Key].val, sh.Key, 1, 512, "a whole number from 1 to 512")
	if err != nil {
		return nil, err
	}
	var holes []geom.Cell
	if h, ok := f["holes"]; ok {
		hr, hc := sh.Size(size)
		if holes, err = p.holes(h.val, hr, hc); err != nil {
			return nil, err
		}
	}
	b, err := geom.NewShapeBoard(p.lat, sh.Key, size, holes)
	if err != nil {
		return nil, p.errorf(n, "%s", reason(err))
	}
	return b, nil
}

// boxKeys are the keys of a box of the cube lattice.
var boxKeys = []string{"layers", "rows", "cols", "holes"}

// boxBoard reads {layers, rows, cols, holes} on the cube lattice.
func (p *specParser) boxBoard(n *yaml.Node) (*geom.Board, error) {
	f, err := p.fields(n, "board", boxKeys)
	if err != nil {
		return nil, err
	}
	var size [3]int
	for i, k := range []string{"layers", "rows", "cols"} {
		v, ok := f[k]
		if !ok {
			return nil, p.errorf(n, "the board has no %s; a box needs layers, rows and cols (and optionally holes)", k)
		}
		want := fmt.Sprintf("a whole number from 1 to %d", maxBoardLen)
		if size[i], err = p.integer(v.val, k, 1, maxBoardLen, want); err != nil {
			return nil, err
		}
	}
	if size[0]*size[1] > maxBoardLen || size[0]*size[1]*size[2] > maxBoardLen {
		return nil, p.errorf(n, "a box of %d × %d × %d is too large; a board may have at most %d cells", size[0], size[1], size[2], maxBoardLen)
	}
	var holes []geom.Cell
	if h, ok := f["holes"]; ok {
		if holes, err = p.boxHoles(h.val, size); err != nil {
			return nil, err
		}
	}
	b, err := geom.NewBoxBoard(size[0], size[1], size[2], holes)
	if err != nil {
		return nil, p.errorf(n, "%s", reason(err))
	}
	return b, nil
}

// boxHoles reads a list of [layer, row, col] triples inside a box of the
// given size.
func (p *specParser) boxHoles(n *yaml.Node, size [3]int) ([]geom.Cell, error) {
	const want = "a list of [layer, row, col] triples, such as [[0, 1, 1], [1, 1, 1]]"
	if n.Kind != yaml.SequenceNode {
		return nil, p.errorf(n, "holes is %s; want %s", describe(n), want)
	}
	var holes []geom.Cell
	seen := map[geom.Cell]*yaml.Node{}
	for _, h := range n.Content {
		if h.Kind != yaml.SequenceNode || len(h.Content) != 3 {
			return nil, p.errorf(h, "a hole is %s; want [layer, row, col], counted from 0", describeHole(h))
		}
		var at [3]int
		for i, what := range []string{"layer", "row", "column"} {
			v, err := p.integer(h.Content[i], "a hole's "+what, 0, size[i]-1, fmt.Sprintf("a %s from 0 to %d", what, size[i]-1))
			if err != nil {
				return nil, err
			}
			at[i] = v
		}
		cell := geom.Cell{Layer: at[0], Row: at[1], Col: at[2]}
		if first, ok := seen[cell]; ok {
			return nil, p.errorf(h, "hole %s is given twice (first at line %d); give each hole once", geom.CellName(geom.Cube, cell), first.Line)
		}
		seen[cell] = h
		holes = append(holes, cell)
	}
	return holes, nil
}

// layersBoard reads a board of the cube lattice drawn as a list of
// pictures, one for each layer, bottom first, or as one picture (a board
// of one layer). A layer may have no cells: its place in the list is kept,
// so the layers above it stay where they are drawn (see geom.ParseLayers).
func (p *specParser) layersBoard(f field) (*geom.Board, error) {
	nodes, err := p.layerNodes(f.val, "the board", boardWant)
	if err != nil {
		return nil, err
	}
	key := f.key
	if f.val.Kind == yaml.SequenceNode {
		key = f.val // its items' dashes: a layer's rows are indented past them
	}
	pics := make([]string, len(nodes))
	total := 0
	for l, n := range nodes {
		pic, err := p.picture(key, n, fmt.Sprintf("layer %d of the board", l+1), "board", boardWant)
		if err != nil {
			return nil, err
		}
		if k, c, over := countCells(pic, p.lat.DrawsCell, maxBoardLen); over {
			return nil, p.pictureError(n, &geom.PictureError{Line: k, Col: c,
				Msg: fmt.Sprintf("the board has more than %d cells in a layer; a board may have at most %d cells", maxBoardLen, maxBoardLen)})
		}
		if total += strings.Count(pic, "."); total > maxBoardLen {
			return nil, p.errorf(n, "the board has more than %d cells; a board may have at most %d", maxBoardLen, maxBoardLen)
		}
		pics[l] = pic
	}
	b, err := geom.ParseLayers(pics)
	if err != nil {
		if pe := (*geom.PictureError)(nil); errors.As(err, &pe) && pe.Layer > 0 {
			at := nodes[pe.Layer-1]
			pe.Layer = 0 // the layer's picture places it
			return nil, p.pictureError(at, err)
		}
		return nil, p.errorf(f.val, "%s", reason(err))
	}
	return b, nil
}

// layerNodes returns the pictures of the layers of a solid: the items of a
// list, or n itself, one picture.
func (p *specParser) layerNodes(n *yaml.Node, what, want string) ([]*yaml.Node, error) {
	if n.Kind != yaml.SequenceNode {
		return []*yaml.Node{n}, nil
	}
	if len(n.Content) == 0 {
		return nil, p.errorf(n, "%s is an empty list; want a picture for each layer, the bottom one first", what)
	}
	for _, it := range n.Content {
		if it.Kind != yaml.ScalarNode {
			return nil, p.errorf(it, "a layer of %s is %s; want a picture (a literal block |)", what, describe(it))
		}
	}
	return n.Content, nil
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
		if why := p.lat.NotACell(cell); why != "" {
			return nil, p.errorf(h, "hole [%d, %d] is %s", r, c, why)
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
