package gallery

import (
	"image/color"
	"math"
	"slices"

	"github.com/polytile/polytile/gallery/strand"
	"github.com/polytile/polytile/puzzles/geom"
)

// Sizes on the stick lattice, in cells (a segment is a cell long, as a
// square's side is).
const (
	// stickPad is the room around a frame's grid: the pieces' lines, their
	// round ends and their outlines reach past the outer grid points by
	// half their width, under a quarter of a cell.
	stickPad = 0.25
	// stickWidth is the width of a piece's line, in its colour.
	stickWidth = 0.25
	// badgeWidth is the diameter of the disc that carries a piece's name:
	// twice the line's width, and less than the 0.71 of a cell between
	// the midpoints of two segments that meet, so that no two badges
	// touch.
	badgeWidth = 0.5
	// dotWidth is the diameter of a grid point's dot.
	dotWidth = 0.125
	// stickGap is the least room between the lines (their outlines
	// included) of two pieces where they meet at a grid point: a quarter
	// of a line's width, enough to see at a poster's size (package strand).
	stickGap = stickWidth / 4
)

// pointColor is the colour of the grid points' dots: faint.
var pointColor = color.NRGBA{0, 0, 0, 0x30}

// sticks is one frame's content on a lattice whose cells are segments
// (the stick and trig lattices): segments, each covered by an instance,
// or by none (an empty board's). Segments and grid points are positions
// of the lattice's pictures, which its SegmentGrid places in the plane;
// the frame shows the grid points it says around them.
type sticks struct {
	grid       geom.SegmentGrid // the lattice's segments
	segs       []geom.Cell      // the segments, in the board's order
	owner      []int            // the instance covering each segment
	instances  int
	minX, minY float64 // the grid's top-left corner in the plane
	w, h       float64 // its size, in segments
}

// stickContent returns the content of segments segs of grid, segment i
// covered by instance owner[i] of piece pieces[owner[i]], named
// names[piece].
func stickContent(grid geom.SegmentGrid, segs []geom.Cell, owner []int, pieces []int, names []string) *segments {
	k := &sticks{grid: grid, segs: segs, owner: owner, instances: len(pieces)}
	if len(segs) > 0 {
		minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
		for _, c := range segs {
			a, b := grid.Ends(c)
			for _, p := range []geom.Cell{a, b} {
				x, y := grid.PlanePoint(p)
				minX, minY = min(minX, x), min(minY, y)
				maxX, maxY = max(maxX, x), max(maxY, y)
			}
		}
		k.minX, k.minY = minX, minY
		k.w, k.h = maxX-minX, maxY-minY
	}
	return &segments{sticks: k, pieced: pieced{pieces: pieces, names: names}}
}

// segments is the picture of segments, each covered by an instance of a
// piece: its pieces are lines.
type segments struct {
	*sticks
	pieced
}

func (*segments) linePieces() bool { return true }

// shortNames: a stick's name is written on its badge, whose outline is
// outside it.
func (c *segments) shortNames(s *sheetLayout, seen map[string]bool) error {
	return c.abbreviate(s, seen, func(int) float64 { return badgeWidth * s.cell / 2 })
}

// size returns the frame's size in cells: the grid and the room around
// it.
func (k *sticks) size() (float64, float64) {
	return k.w + 2*stickPad, k.h + 2*stickPad
}

// at returns a position of the lattice's pictures (a grid point, a
// segment's midpoint) in the frame, in cells.
func (k *sticks) at(p geom.Cell) Point {
	x, y := k.grid.PlanePoint(p)
	return k.plane(x, y)
}

// plane returns a point of the plane in the frame, in cells.
func (k *sticks) plane(x, y float64) Point {
	return Point{stickPad + x - k.minX, stickPad + y - k.minY}
}

// points returns the grid points the frame shows, in reading order.
func (k *sticks) points() []geom.Cell { return k.grid.GridPoints(k.segs) }

// adjacency returns, for each instance, the instances it touches at a
// grid point, in increasing order.
func (k *sticks) adjacency() [][]int {
	at := map[geom.Cell][]int{}
	for i, s := range k.segs {
		a, b := k.grid.Ends(s)
		for _, p := range []geom.Cell{a, b} {
			if !slices.Contains(at[p], k.owner[i]) {
				at[p] = append(at[p], k.owner[i])
			}
		}
	}
	adj := make([][]int, k.instances)
	for _, insts := range at {
		for _, u := range insts {
			for _, v := range insts {
				if u != v && !slices.Contains(adj[u], v) {
					adj[u] = append(adj[u], v)
				}
			}
		}
	}
	for _, a := range adj {
		slices.Sort(a) // the map's order is gone
	}
	return adj
}

// badge returns the segment of inst that carries its name: the one whose
// midpoint is nearest the midpoints' centre, the first in reading order
// on a tie.
func (k *sticks) badge(inst int) geom.Cell {
	var cx, cy float64
	n := 0
	for i, s := range k.segs {
		if k.owner[i] == inst {
			x, y := k.grid.PlanePoint(s)
			cx, cy, n = cx+x, cy+y, n+1
		}
	}
	cx, cy = cx/float64(n), cy/float64(n)
	best, bestD := geom.Cell{}, math.Inf(1)
	for i, s := range k.segs {
		if k.owner[i] != inst {
			continue
		}
		x, y := k.grid.PlanePoint(s)
		d := math.Hypot(x-cx, y-cy)
		if d < bestD-1e-9 || math.Abs(d-bestD) <= 1e-9 && s.Compare(best) < 0 {
			best, bestD = s, d
		}
	}
	return best
}

// diamond returns the outline of segment s's share of the plane: the
// rhombus of its ends and the centres of the faces (squares, triangles)
// on either side, in cells, from its upper or left end. The diamonds of
// all the segments tile the plane.
func (k *sticks) diamond(s geom.Cell) Ring {
	a, b := k.grid.Ends(s)
	l, r := k.grid.Sides(s) // on the left and right going from a to b
	return Ring{k.at(a), k.plane(l[0], l[1]), k.at(b), k.plane(r[0], r[1])}
}

// draw draws content c on the stick lattice into f: the grid
// points, faint; an empty board's segments, thin; each instance's line in
// its colour; and, with letters, the badges that carry the names.
func (c *segments) draw(s *sheetLayout, f *Frame, pt func(x, y float64) Point) {
	k := c.sticks
	at := func(p geom.Cell) Point { q := k.at(p); return pt(q.X, q.Y) }
	if s.Style != StyleOutline {
		for _, p := range k.points() {
			f.Points = append(f.Points, at(p))
		}
	}
	if c.blank {
		segs := make([]Segment, len(k.segs))
		for i, sg := range k.segs {
			a, b := k.grid.Ends(sg)
			segs[i] = Segment{at(a), at(b)}
		}
		if s.Style == StyleOutline {
			f.Borders = segs
		} else {
			f.Grid = segs
		}
		return
	}
	colors, _ := s.fillsOf(c.names, c.pieces, k.adjacency)
	gap := strand.Gap{Width: stickWidth + s.border/s.cell, Space: stickGap}
	for inst, paths := range strand.Lines(k.grid, k.segs, k.owner, k.instances, gap) {
		st := Stick{Piece: c.names[c.pieces[inst]], Fill: colors[inst], Width: stickWidth * s.cell}
		for _, path := range paths {
			line := make([]Point, len(path))
			for i, p := range path {
				q := k.plane(p.X, p.Y)
				line[i] = pt(q.X, q.Y)
			}
			st.Paths = append(st.Paths, line)
		}
		f.Sticks = append(f.Sticks, st)
	}
	if !s.Letters {
		return
	}
	for inst := range k.instances {
		name := c.label(s, inst)
		mid := at(k.badge(inst))
		if colors[inst].A != 0 {
			f.Sticks = append(f.Sticks, Stick{Piece: name, Fill: colors[inst], Width: badgeWidth * s.cell, Paths: [][]Point{{mid}}})
		}
		size, _, _ := s.letterSize(name, badgeWidth*s.cell/2)
		f.Letters = append(f.Letters, Text{X: mid.X, Y: mid.Y, Size: size, Bold: true, Color: s.letterColor(colors[inst]), Text: name})
	}
}

func init() {
	drawers[geom.SegmentCells] = func(lat geom.Lattice, _ string) drawer { return stickDrawer{lat} }
}

// stickDrawer draws segments between grid points of lattice lat, which
// places them in the plane (SegmentGrid).
type stickDrawer struct{ lat geom.Lattice }

func (d stickDrawer) board(b *geom.Board) frameContent {
	c := stickContent(d.lat.SegmentGrid(), b.Cells(), make([]int, b.Len()), []int{0}, []string{"board"})
	c.blank = true
	return c
}

func (d stickDrawer) solution(s Tiled) frameContent {
	cells, owner, pieces := instances(s)
	return stickContent(d.lat.SegmentGrid(), cells, owner, pieces, s.PieceNames())
}

func (d stickDrawer) piece(p geom.Piece, i int, names []string) (frameContent, error) {
	return stickContent(d.lat.SegmentGrid(), p.Cells, make([]int, len(p.Cells)), []int{i}, names), nil
}

// outlines gives each segment its diamond (sticks.diamond).
func (d stickDrawer) outlines(b *geom.Board) func(c geom.Cell, x0, y0, cell float64) Ring {
	sg := stickContent(d.lat.SegmentGrid(), b.Cells(), make([]int, b.Len()), []int{0}, nil).sticks
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

// unused: polysticks have no cells inside to rule.
func (stickDrawer) unused() ([]string, string, string) {
	return []string{"grid"}, "polysticks", "are drawn as lines along their segments, with no cells inside to rule"
}
