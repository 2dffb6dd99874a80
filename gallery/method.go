package gallery

import (
	"fmt"
	"image/color"

	"github.com/polytile/polytile/puzzles"
)

// Matrix lays out the exact-cover matrix m as a figure: an item a column,
// named above it (primary items in bold, secondary ones on grey behind a
// thick line), an option a row, its ones filled; the options chosen (a
// solution's, or none) in blue. A matrix of more than twice as many
// options as items is drawn as a density picture: each row of the
// picture gathers as many options, a cell's shade saying how many of them
// have a one there, the chosen ones on top.
func Matrix(m *puzzles.Matrix, chosen []int, title string, opt *Options) ([]*Sheet, error) {
	if len(m.Items) == 0 {
		return nil, fmt.Errorf("gallery: a matrix with no items")
	}
	s, err := newSheetLayout(opt)
	if err != nil {
		return nil, err
	}
	c := matrixContent(m, chosen)
	return s.layout([]Item{{Title: title, Caption: fmt.Sprintf("%d items, %d options", len(m.Items), len(m.Options))}}, []*content{c})
}

func matrixContent(m *puzzles.Matrix, sol []int) *content {
	cols, rows := len(m.Items), len(m.Options)
	chosen := map[int]bool{}
	for _, k := range sol {
		chosen[k] = true
	}
	per := max(1, (rows+2*cols-1)/(2*cols)) // options in a row of the picture
	bins := (rows + per - 1) / per
	return &content{w: float64(cols), h: float64(bins) + matrixHeader, custom: func(s *sheetLayout, f *Frame, pt func(x, y float64) Point) {
		y0, y1, fc := matrixHeader, matrixHeader+float64(bins), float64(cols)
		for i, name := range m.Items {
			at := pt(float64(i)+0.5, matrixHeader/2)
			size := min(s.cell*0.5, 1.8*s.cell/float64(max(1, len([]rune(name)))))
			f.Letters = append(f.Letters, Text{X: at.X, Y: at.Y, Size: size, Bold: i < m.Primary, Color: s.BorderColor, Text: name})
			if i >= m.Primary {
				f.Shapes = append(f.Shapes, Shape{Piece: "secondary " + name, Fill: secondaryBG,
					Outline: []Ring{{pt(float64(i), y0), pt(float64(i+1), y0), pt(float64(i+1), y1), pt(float64(i), y1)}}})
			}
		}
		// How many options of each row of the picture have a one in each
		// column, and whether a chosen one does.
		for b := range bins {
			count := make([]int, cols)
			mine := make([]bool, cols)
			for k := b * per; k < min(rows, (b+1)*per); k++ {
				for _, it := range m.Options[k] {
					count[it]++
					mine[it] = mine[it] || chosen[k]
				}
			}
			for it, n := range count {
				if n == 0 {
					continue
				}
				fill := otherRow
				if per > 1 {
					t := float64(n) / float64(per)
					v := uint8(235 - 200*t)
					fill = color.NRGBA{v, v, v, 0xff}
				}
				if mine[it] {
					fill = chosenRow
				}
				f.Shapes = append(f.Shapes, Shape{Piece: fmt.Sprintf("row %d", b+1), Fill: fill, Outline: []Ring{cellRing(pt, float64(it), y0+float64(b))}})
			}
		}
		if per == 1 {
			for i := 0; i <= cols; i++ {
				f.Grid = append(f.Grid, Segment{pt(float64(i), y0), pt(float64(i), y1)})
			}
			for k := 0; k <= bins; k++ {
				f.Grid = append(f.Grid, Segment{pt(0, y0+float64(k)), pt(fc, y0+float64(k))})
			}
		}
		f.Borders = append(f.Borders, Segment{pt(0, y0), pt(fc, y0)}, Segment{pt(fc, y0), pt(fc, y1)}, Segment{pt(fc, y1), pt(0, y1)}, Segment{pt(0, y1), pt(0, y0)})
		if m.Primary < cols {
			f.Borders = append(f.Borders, Segment{pt(float64(m.Primary), y0), pt(float64(m.Primary), y1)})
		}
	}}
}

// Colours of a search tree's ends.
var (
	solutionFill = color.NRGBA{0x4e, 0xb2, 0x65, 0xff}
	deadFill     = color.NRGBA{0xdc, 0x05, 0x0c, 0xff}
	nodeFill     = color.NRGBA{0xff, 0xff, 0xff, 0xff}
)

// SearchTree lays out the search tree of Algorithm X over m (see
// puzzles.Matrix.Tree, which it calls, refusing a tree of more than most
// nodes) as the figure that explains Dancing Links: each node a box naming
// the item chosen there, each edge the option tried (its items, or its
// name), the solutions green and the dead ends red, naming the item left
// without options.
func SearchTree(m *puzzles.Matrix, most int, title string, opt *Options) ([]*Sheet, error) {
	root, _, err := m.Tree(most)
	if err != nil {
		return nil, err
	}
	s, err := newSheetLayout(opt)
	if err != nil {
		return nil, err
	}
	across, err := leafSpacing(s, m)
	if err != nil {
		return nil, err
	}
	t := &placedTree{across: across, down: 2.5}
	t.place(root, 0)
	c := &content{w: float64(t.leaves) * t.across, h: float64(t.depth)*t.down + 1, custom: func(s *sheetLayout, f *Frame, pt func(x, y float64) Point) {
		t.draw(m, s, f, pt)
	}}
	return s.layout([]Item{{Title: title, Caption: fmt.Sprintf("the search tree: %d nodes", len(t.nodes))}}, []*content{c})
}

// optionText returns what an edge of m's search tree says of option k:
// its name, or its items.
func optionText(m *puzzles.Matrix, k int) string {
	if k < len(m.Names) {
		return m.Names[k]
	}
	return m.OptionText(k)
}

// leafSpacing returns how far apart, in cells, a search tree over m puts
// its leaves: 3, or as far as the widest option's text needs.
func leafSpacing(s *sheetLayout, m *puzzles.Matrix) (float64, error) {
	across := 3.0
	for k := range m.Options {
		w, err := s.measure(optionText(m, k), s.cell*0.38, false)
		if err != nil {
			return 0, err
		}
		// Labels sit 0.7 of the way down their edges: siblings' are 0.7
		// of the leaves' spacing apart, at least.
		across = max(across, (w/s.cell+0.4)/0.7)
	}
	return across, nil
}

// placedTree is a search tree placed in the plane, in cells: the leaves
// side by side, across apart, each parent over its children, the levels
// down apart.
type placedTree struct {
	across, down float64
	nodes        []placedNode // in the order place visits them: the root first
	edges        [][2]int     // parent and child, indexes into nodes
	leaves       int          // leaves placed so far
	depth        int          // the deepest level, the root's 0
}

// placedNode is a node of a search tree and the top centre of its box.
type placedNode struct {
	n    *puzzles.Node
	x, y float64
}

// place places n, at level d, and its subtree, after the leaves already
// placed, and returns n's index in t.nodes.
func (t *placedTree) place(n *puzzles.Node, d int) int {
	t.depth = max(t.depth, d)
	i := len(t.nodes)
	t.nodes = append(t.nodes, placedNode{n: n, y: float64(d) * t.down})
	if len(n.Children) == 0 {
		t.nodes[i].x = float64(t.leaves)*t.across + t.across/2
		t.leaves++
		return i
	}
	var first, last int
	for k, c := range n.Children {
		j := t.place(c, d+1)
		t.edges = append(t.edges, [2]int{i, j})
		if k == 0 {
			first = j
		}
		last = j
	}
	t.nodes[i].x = (t.nodes[first].x + t.nodes[last].x) / 2
	return i
}

// draw draws the tree, a search over m, in frame f: each edge with the
// option it tries, then each node's box with its label.
func (t *placedTree) draw(m *puzzles.Matrix, s *sheetLayout, f *Frame, pt func(x, y float64) Point) {
	const bw, bh = 1.8, 0.9
	for _, e := range t.edges {
		a, b := t.nodes[e[0]], t.nodes[e[1]]
		f.Grid = append(f.Grid, Segment{pt(a.x, a.y+bh), pt(b.x, b.y)})
		at := pt(a.x+0.7*(b.x-a.x), a.y+bh+0.7*(b.y-a.y-bh))
		f.Letters = append(f.Letters, Text{X: at.X, Y: at.Y, Size: s.cell * 0.38, Color: solvedInk, Text: optionText(m, b.n.Option)})
	}
	for _, p := range t.nodes {
		fill, label, ink := nodeFill, "", s.BorderColor
		switch {
		case p.n.Solution:
			fill, label, ink = solutionFill, "solution", color.NRGBA{0xff, 0xff, 0xff, 0xff}
		case p.n.Dead:
			fill, label, ink = deadFill, "× "+m.Items[p.n.Item], color.NRGBA{0xff, 0xff, 0xff, 0xff}
		default:
			label = m.Items[p.n.Item]
		}
		box := Ring{pt(p.x-bw/2, p.y), pt(p.x+bw/2, p.y), pt(p.x+bw/2, p.y+bh), pt(p.x-bw/2, p.y+bh)}
		f.Shapes = append(f.Shapes, Shape{Piece: label, Fill: fill, Outline: []Ring{box}})
		f.Borders = append(f.Borders, Segment{box[0], box[1]}, Segment{box[1], box[2]}, Segment{box[2], box[3]}, Segment{box[3], box[0]})
		at := pt(p.x, p.y+bh/2)
		f.Letters = append(f.Letters, Text{X: at.X, Y: at.Y, Size: s.cell * 0.42, Bold: true, Color: ink, Text: label})
	}
}
