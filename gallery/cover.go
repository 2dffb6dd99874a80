package gallery

import (
	"fmt"
	"image/color"

	"github.com/polytile/polytile/puzzles"
	"github.com/polytile/polytile/puzzles/matrix"
)

// Colours of the pictures of package cover's puzzles.
var (
	givenFill   = color.NRGBA{0xee, 0xee, 0xee, 0xff} // a Sudoku's given cells
	solvedInk   = color.NRGBA{0x19, 0x65, 0xb0, 0xff} // the digits a solution writes
	lightSquare = color.NRGBA{0xf0, 0xd9, 0xb5, 0xff}
	darkSquare  = color.NRGBA{0xb5, 0x88, 0x63, 0xff}
	chosenRow   = color.NRGBA{0x19, 0x65, 0xb0, 0xff}
	otherRow    = color.NRGBA{0xcc, 0xcc, 0xcc, 0xff}
	secondaryBG = color.NRGBA{0xf4, 0xf4, 0xf4, 0xff}
)

// Cover lays out solutions of an exact-cover puzzle of package cover, one
// frame each, as Layout lays out tilings: a Sudoku as its grid, thick lines
// around the boxes, the givens in bold on grey and the digits the solution
// writes in blue, every digit a text; N queens as a chequered board with
// the queens on it; a plain matrix as the matrix, an item a column (named
// above it, primary items on white, secondary on grey) and an option a row,
// its ones filled, the rows of the solution in blue. numbers gives each
// solution's number, titles "solution K of total" (total < 0: unknown).
func Cover(p matrix.Problem, sols [][]int, numbers []int, total int, opt *Options) ([]*Sheet, error) {
	if len(sols) == 0 {
		return nil, fmt.Errorf("gallery: nothing to lay out")
	}
	items := make([]Item, len(sols))
	contents := make([]*content, len(sols))
	for i, sol := range sols {
		title := fmt.Sprintf("solution %d of %d", numbers[i], total)
		if total < 0 {
			title = fmt.Sprintf("solution %d", numbers[i])
		}
		items[i] = Item{Caption: fmt.Sprint(numbers[i]), Title: title}
		switch q := p.(type) {
		case *matrix.Sudoku:
			contents[i] = sudokuContent(q, sol)
		case *matrix.Queens:
			contents[i] = queensContent(q, sol)
		case *matrix.Plain:
			contents[i] = matrixContent(q.M, sol)
		default:
			return nil, fmt.Errorf("gallery: cannot draw a %s puzzle", p.Kind())
		}
	}
	s, err := newSheetLayout(opt)
	if err != nil {
		return nil, err
	}
	return s.layout(items, contents)
}

// CoverPuzzle lays out the problem p poses, before it is solved: a
// Sudoku's givens in their grid, the empty board of N queens, a matrix
// with no rows chosen.
func CoverPuzzle(p matrix.Problem, opt *Options) ([]*Sheet, error) {
	var c *content
	switch q := p.(type) {
	case *matrix.Sudoku:
		c = sudokuContent(q, nil)
	case *matrix.Queens:
		c = queensContent(q, nil)
	case *matrix.Plain:
		c = matrixContent(q.M, nil)
	default:
		return nil, fmt.Errorf("gallery: cannot draw a %s puzzle", p.Kind())
	}
	s, err := newSheetLayout(opt)
	if err != nil {
		return nil, err
	}
	return s.layout([]Item{{Title: "the puzzle", Caption: p.About()}}, []*content{c})
}

// cellRing returns the outline of the cell at column x, row y.
func cellRing(pt func(x, y float64) Point, x, y float64) Ring {
	return Ring{pt(x, y), pt(x+1, y), pt(x+1, y+1), pt(x, y+1)}
}

func sudokuContent(q *matrix.Sudoku, sol []int) *content {
	size := q.N * q.N
	var grid []string
	if sol != nil {
		grid = q.Grid(sol)
	}
	return &content{w: float64(size), h: float64(size), custom: func(s *sheetLayout, f *Frame, pt func(x, y float64) Point) {
		for r := range size {
			for c := range size {
				given := q.Givens[r][c] != 0
				fill := color.NRGBA{0xff, 0xff, 0xff, 0xff}
				if given {
					fill = givenFill
				}
				f.Shapes = append(f.Shapes, Shape{Piece: fmt.Sprintf("r%dc%d", r+1, c+1), Fill: fill, Outline: []Ring{cellRing(pt, float64(c), float64(r))}})
				ink, bold := solvedInk, false
				if given {
					ink, bold = s.BorderColor, true
				}
				text := ""
				switch {
				case grid != nil:
					text = string(grid[r][c])
				case given:
					text = string(matrix.SudokuSymbol(q.Givens[r][c]))
				default:
					continue
				}
				at := pt(float64(c)+0.5, float64(r)+0.5)
				f.Letters = append(f.Letters, Text{X: at.X, Y: at.Y, Size: s.cell * 0.6, Bold: bold, Color: ink, Text: text})
			}
		}
		for i := 0; i <= size; i++ {
			line := []Segment{{pt(float64(i), 0), pt(float64(i), float64(size))}, {pt(0, float64(i)), pt(float64(size), float64(i))}}
			if i%q.N == 0 {
				f.Borders = append(f.Borders, line...)
			} else {
				f.Grid = append(f.Grid, line...)
			}
		}
	}}
}

func queensContent(q *matrix.Queens, sol []int) *content {
	n := q.N
	hole := map[[2]int]bool{}
	for _, h := range q.Holes {
		hole[h] = true
	}
	return &content{w: float64(n), h: float64(n), custom: func(s *sheetLayout, f *Frame, pt func(x, y float64) Point) {
		for r := range n {
			for c := range n {
				if hole[[2]int{r, c}] {
					x, y := float64(c), float64(r)
					f.Borders = append(f.Borders, Segment{pt(x, y), pt(x+1, y)}, Segment{pt(x+1, y), pt(x+1, y+1)},
						Segment{pt(x+1, y+1), pt(x, y+1)}, Segment{pt(x, y+1), pt(x, y)})
					continue
				}
				fill := lightSquare
				if (r+c)%2 == 1 {
					fill = darkSquare
				}
				f.Shapes = append(f.Shapes, Shape{Piece: fmt.Sprintf("r%dc%d", r, c), Fill: fill, Outline: []Ring{cellRing(pt, float64(c), float64(r))}})
			}
		}
		for _, c := range q.Cells(sol) {
			x, y := float64(c[1]), float64(c[0])
			crown := Ring{pt(x+0.2, y+0.8), pt(x+0.8, y+0.8), pt(x+0.84, y+0.32), pt(x+0.66, y+0.56),
				pt(x+0.5, y+0.22), pt(x+0.34, y+0.56), pt(x+0.16, y+0.32)}
			f.Shapes = append(f.Shapes, Shape{Piece: "queen", Fill: s.BorderColor, Outline: []Ring{crown}})
		}
		fn := float64(n)
		f.Borders = append(f.Borders, Segment{pt(0, 0), pt(fn, 0)}, Segment{pt(fn, 0), pt(fn, fn)}, Segment{pt(fn, fn), pt(0, fn)}, Segment{pt(0, fn), pt(0, 0)})
	}}
}

// matrixHeader is the height of the items' names above a matrix, in cells.
const matrixHeader = 1.5

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
