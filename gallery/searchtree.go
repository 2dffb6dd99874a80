package gallery

import (
	"context"
	"fmt"
	"image/color"

	"github.com/polytile/polytile/internal/plural"
	"github.com/polytile/polytile/puzzles"
)

// Colours of a search tree's ends.
var (
	solutionFill = color.NRGBA{0x4e, 0xb2, 0x65, 0xff}
	deadFill     = color.NRGBA{0xdc, 0x05, 0x0c, 0xff}
	nodeFill     = color.NRGBA{0xff, 0xff, 0xff, 0xff}
	cutFill      = color.NRGBA{0xdd, 0xdd, 0xdd, 0xff} // the wedge under a cut node
	solutionInk  = color.NRGBA{0x1f, 0x7a, 0x37, 0xff} // solutionFill darkened for text on white
)

// SearchTree lays out the search tree of Algorithm X over m (see
// puzzles.Matrix.Tree, which it calls with cfg, ctx stopping it) as the
// figure that explains Dancing Links: each node a box naming the item
// chosen there, each edge the option tried (its items, or its name), the
// solutions green and the dead ends red, naming the item left without
// options. A tree cut at cfg.Depth shows under each node cut there a
// grey wedge and what it stands for: the nodes below, and the
// solutions among them. A tree of more than cfg.Most nodes is refused
// with a *puzzles.TreeTooLargeError.
func SearchTree(ctx context.Context, m *puzzles.Matrix, cfg puzzles.TreeConfig, title string, opt *Options) ([]*Sheet, error) {
	root, err := m.Tree(ctx, cfg)
	if ctx.Err() != nil {
		return nil, &stopError{err: ctx.Err(), cause: context.Cause(ctx)}
	}
	if err != nil {
		return nil, err
	}
	s, err := newSheetLayout(opt)
	if err != nil {
		return nil, err
	}
	t := &placedTree{down: 2.5}
	t.place(root, 0)
	if t.across, err = leafSpacing(s, m, t.nodes); err != nil {
		return nil, err
	}
	for i := range t.nodes {
		t.nodes[i].x *= t.across
	}
	h := float64(t.depth)*t.down + 1
	caption := fmt.Sprintf("the search tree: %d nodes", root.Below+1)
	if t.cut {
		h += cutHeight
		caption = fmt.Sprintf("the search tree: %d nodes, %s; drawn down to depth %d", root.Below+1, plural.Of(root.Solutions, "solution"), cfg.Depth)
	}
	c := &painted{w: float64(t.leaves) * t.across, h: h, paint: func(s *sheetLayout, f *Frame, pt func(x, y float64) Point) {
		t.draw(m, s, f, pt)
	}}
	return s.layout([]Item{{Title: title, Caption: caption}}, []frameContent{c})
}

// cutHeight is how far below its box the summary of a cut node reaches,
// in cells: the wedge, then two lines of text.
const cutHeight = 1.8

// cutSummary returns the two lines written under a cut node: the nodes
// below it and the solutions among them.
func cutSummary(n *puzzles.Node) [2]string {
	return [2]string{plural.Of(n.Below, "node"), plural.Of(n.Solutions, "solution")}
}

// optionText returns what an edge of m's search tree says of option k:
// its name, or its items.
func optionText(m *puzzles.Matrix, k int) string {
	if k < len(m.Names) {
		return m.Names[k]
	}
	return m.OptionText(k)
}

// leafSpacing returns how far apart, in cells, a search tree over m, of
// the given nodes, puts its leaves: 3, or as far as the widest text
// under a node needs: the option tried to reach it, or a cut node's
// summary.
func leafSpacing(s *sheetLayout, m *puzzles.Matrix, nodes []placedNode) (float64, error) {
	across := 3.0
	for _, p := range nodes {
		if p.n.Option >= 0 {
			w, err := s.measure(optionText(m, p.n.Option), s.cell*0.38, false)
			if err != nil {
				return 0, err
			}
			// Labels sit 0.7 of the way down their edges: siblings' are
			// 0.7 of the leaves' spacing apart, at least.
			across = max(across, (w/s.cell+0.4)/0.7)
		}
		if !p.n.Cut {
			continue
		}
		for _, line := range cutSummary(p.n) {
			w, err := s.measure(line, s.cell*summarySize, false)
			if err != nil {
				return 0, err
			}
			across = max(across, w/s.cell+0.4)
		}
	}
	return across, nil
}

// summarySize is the size of a cut node's summary, in cells.
const summarySize = 0.34

// placedTree is a search tree placed in the plane, in cells: the leaves
// side by side, across apart, each parent over its children, the levels
// down apart. place puts the leaves one apart; SearchTree then spreads
// them.
type placedTree struct {
	across, down float64
	nodes        []placedNode // in the order place visits them: the root first
	edges        [][2]int     // parent and child, indexes into nodes
	leaves       int          // leaves placed so far
	depth        int          // the deepest level, the root's 0
	cut          bool         // whether a node is cut
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
	t.cut = t.cut || n.Cut
	if len(n.Children) == 0 {
		t.nodes[i].x = float64(t.leaves) + 0.5
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
		if p.n.Cut {
			t.drawCut(p, label, s, f, pt, bh)
		}
	}
}

// drawCut draws, under the box of a cut node p (bh high, its label
// given), a grey wedge
// for its subtree and what it holds: the nodes, in the border's colour,
// and the solutions, green, or red when there are none.
func (t *placedTree) drawCut(p placedNode, label string, s *sheetLayout, f *Frame, pt func(x, y float64) Point, bh float64) {
	top := p.y + bh
	f.Shapes = append(f.Shapes, Shape{Piece: "below " + label, Fill: cutFill,
		Outline: []Ring{{pt(p.x, top), pt(p.x+0.5, top+0.7), pt(p.x-0.5, top+0.7)}}})
	lines := cutSummary(p.n)
	ink := solutionInk
	if p.n.Solutions == 0 {
		ink = deadFill
	}
	for i, c := range []color.NRGBA{s.BorderColor, ink} {
		at := pt(p.x, top+1.05+0.45*float64(i))
		f.Letters = append(f.Letters, Text{X: at.X, Y: at.Y, Size: s.cell * summarySize, Color: c, Text: lines[i]})
	}
}
