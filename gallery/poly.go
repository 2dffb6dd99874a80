package gallery

import (
	"cmp"
	"math"
	"slices"

	"github.com/polytile/polytile/puzzles/geom"
)

// polys is one frame's content on the triangular or hexagonal lattice:
// each cell a polygon whose vertices have exact integer coordinates, so
// that the edge two cells share is the same pair of vertices for both and
// cancels out of a piece's outline; only then are the vertices mapped to
// the plane. Its methods answer what the square grid's do. What depends on
// the board alone is worked out once, in a polyGeom that every frame of the
// board shares.
type polys struct {
	g         *polyGeom
	owner     []int // the instance covering each cell
	instances int
	outl      [][]Ring // outlines' result, once computed
}

// polyGeom is what the frames of one board share: its cells' edges, which
// cell lies across each, how an outline may go on from each, and how
// edges line up into straight lines.
type polyGeom struct {
	lat        geom.Polygonal
	cells      []geom.Cell
	edges      []gedge // the cells' edges, clockwise around each cell, cell by cell
	first      []int   // cell i's edges are edges[first[i]:first[i+1]]
	lines      []gline // each edge between two cells, or on the board's boundary, once
	minX, minY float64 // the plane's offset: the drawing starts at 0, 0
	w, h       float64 // the drawing's size, in cell units
}

// gedge is an edge of a cell, from a to b clockwise around it.
type gedge struct {
	a, b   ivertex
	cell   int
	across int   // the cell on the other side, or -1
	next   []int // the edges leaving b, of other cells or this one, leftmost turn first
}

// gline is an edge counted once, from its lesser end to its greater (in
// reading order), with the line that continues it in a straight line
// beyond b and the one it continues beyond a, or -1.
type gline struct {
	a, b       ivertex
	edge       int // one of the cells' edges that it is
	cont, pred int
}

// ivertex is a vertex in the lattice's integer coordinates.
type ivertex = geom.Vertex

// newPolyGeom works out the geometry of cells of lat.
func newPolyGeom(lat geom.Polygonal, cells []geom.Cell) *polyGeom {
	g := &polyGeom{lat: lat, cells: cells, first: make([]int, len(cells)+1)}
	g.minX, g.minY = math.Inf(1), math.Inf(1)
	maxX, maxY := math.Inf(-1), math.Inf(-1)
	type key struct{ a, b ivertex }
	byKey := make(map[key]int, 6*len(cells))
	leaving := make(map[ivertex][]int, 6*len(cells))
	for i, c := range cells {
		g.first[i] = len(g.edges)
		vs := lat.Corners(c)
		for k, a := range vs {
			b := vs[(k+1)%len(vs)]
			byKey[key{a, b}] = len(g.edges)
			leaving[a] = append(leaving[a], len(g.edges))
			g.edges = append(g.edges, gedge{a: a, b: b, cell: i, across: -1})
			x, y := lat.VertexPoint(a)
			g.minX, g.minY = min(g.minX, x), min(g.minY, y)
			maxX, maxY = max(maxX, x), max(maxY, y)
		}
	}
	g.first[len(cells)] = len(g.edges)
	g.w, g.h = maxX-g.minX, maxY-g.minY
	dir := func(e *gedge) (float64, float64) {
		a, b := g.at(e.a), g.at(e.b)
		return b.X - a.X, b.Y - a.Y
	}
	for k := range g.edges {
		e := &g.edges[k]
		if r, ok := byKey[key{e.b, e.a}]; ok {
			e.across = g.edges[r].cell
		}
		// The ways on from b, leftmost turn first (a negative turn is to
		// the left on the screen), a U-turn never.
		dx, dy := dir(e)
		turn := func(n int) float64 {
			nx, ny := dir(&g.edges[n])
			return math.Atan2(dx*ny-dy*nx, dx*nx+dy*ny)
		}
		for _, n := range leaving[e.b] {
			if g.edges[n].b != e.a {
				e.next = append(e.next, n)
			}
		}
		slices.SortStableFunc(e.next, func(m, n int) int { return cmp.Compare(turn(m), turn(n)) })
	}
	// Lines: each edge once (from the cell of lower index, or the only
	// one), from its lesser end to its greater, so that the line that
	// continues it starts where it ends.
	less := func(u, v ivertex) bool { return u.Y < v.Y || u.Y == v.Y && u.X < v.X }
	lineOf := make(map[key]int, len(g.edges))
	for k, e := range g.edges {
		if e.across >= 0 && e.across < e.cell {
			continue
		}
		a, b := e.a, e.b
		if less(b, a) {
			a, b = b, a
		}
		lineOf[key{a, b}] = len(g.lines)
		g.lines = append(g.lines, gline{a: a, b: b, edge: k, cont: -1, pred: -1})
	}
	for l, ln := range g.lines {
		d := ivertex{X: ln.b.X - ln.a.X, Y: ln.b.Y - ln.a.Y}
		if c, ok := lineOf[key{ln.b, ivertex{X: ln.b.X + d.X, Y: ln.b.Y + d.Y}}]; ok {
			g.lines[l].cont = c
			g.lines[c].pred = l
		}
	}
	return g
}

func (g *polyGeom) at(v ivertex) Point {
	x, y := g.lat.VertexPoint(v)
	return Point{x - g.minX, y - g.minY}
}

func (p *polys) size() (float64, float64) { return p.g.w, p.g.h }

// boundary reports whether edge k of the geometry is on its instance's
// outline: no cell across it, or another instance's.
func (p *polys) boundary(k int) bool {
	e := &p.g.edges[k]
	return e.across < 0 || p.owner[e.across] != p.owner[e.cell]
}

// outlines traces the boundary of each instance: the edges of its cells
// with no cell of the same instance across them, joined into rings,
// turning left at a vertex the piece touches twice so that a pinched hole
// gets a ring of its own. A vertex where the outline goes straight on is
// left out.
func (p *polys) outlines() [][]Ring {
	if p.outl != nil {
		return p.outl
	}
	g := p.g
	out := make([][]Ring, p.instances)
	used := make([]bool, len(g.edges))
	var verts []ivertex
	for start := range g.edges {
		if used[start] || !p.boundary(start) {
			continue
		}
		o := p.owner[g.edges[start].cell]
		verts = verts[:0]
		for e := start; ; {
			used[e] = true
			verts = append(verts, g.edges[e].a)
			if g.edges[e].b == g.edges[start].a {
				break
			}
			best := -1
			for _, n := range g.edges[e].next {
				if !used[n] && p.owner[g.edges[n].cell] == o && p.boundary(n) {
					best = n
					break
				}
			}
			if best < 0 {
				panic("gallery: an outline does not close")
			}
			e = best
		}
		out[o] = append(out[o], p.ring(verts))
	}
	p.outl = out
	return out
}

// ring maps a closed path of vertices to the plane, leaving out those
// where it goes straight on.
func (p *polys) ring(verts []ivertex) Ring {
	n := len(verts)
	var r Ring
	for i, v := range verts {
		a, b, c := verts[(i+n-1)%n], v, verts[(i+1)%n]
		if (b.X-a.X)*(c.Y-b.Y) == (b.Y-a.Y)*(c.X-b.X) {
			continue // straight on: the integer coordinates are an affine image of the plane's
		}
		r = append(r, p.g.at(b))
	}
	// Start at the first corner in reading order (topmost, then
	// leftmost), whichever edge the tracing began with.
	first := 0
	for i, q := range r {
		if q.Y < r[first].Y || q.Y == r[first].Y && q.X < r[first].X {
			first = i
		}
	}
	return append(r[first:], r[:first]...)
}

// lines returns the borders (edges between different instances, and
// between a cell and no cell) and the grid lines (edges between two cells
// of one instance), merged into maximal straight segments.
func (p *polys) lines() (borders, grid []Segment) {
	g := p.g
	inner := func(l int) bool {
		e := &g.edges[g.lines[l].edge]
		return e.across >= 0 && p.owner[e.across] == p.owner[e.cell]
	}
	type run struct {
		a, b  ivertex
		next  ivertex // the end of its first edge
		inner bool
	}
	var runs []run
	for l, ln := range g.lines {
		kind := inner(l)
		if ln.pred >= 0 && inner(ln.pred) == kind {
			continue // inside a run that starts before it
		}
		last := l
		for g.lines[last].cont >= 0 && inner(g.lines[last].cont) == kind {
			last = g.lines[last].cont
		}
		runs = append(runs, run{ln.a, g.lines[last].b, ln.b, kind})
	}
	// In reading order of their starts, then of the ends of their first
	// edges.
	slices.SortFunc(runs, func(r, q run) int {
		return cmp.Or(cmp.Compare(r.a.Y, q.a.Y), cmp.Compare(r.a.X, q.a.X), cmp.Compare(r.next.Y, q.next.Y), cmp.Compare(r.next.X, q.next.X))
	})
	for _, r := range runs {
		seg := Segment{g.at(r.a), g.at(r.b)}
		if r.inner {
			grid = append(grid, seg)
		} else {
			borders = append(borders, seg)
		}
	}
	return borders, grid
}

// distToRings returns the distance from q to the nearest edge of rings.
func distToRings(q Point, rings []Ring) float64 {
	best := math.Inf(1)
	for _, r := range rings {
		for i, a := range r {
			b := r[(i+1)%len(r)]
			dx, dy := b.X-a.X, b.Y-a.Y
			t := ((q.X-a.X)*dx + (q.Y-a.Y)*dy) / (dx*dx + dy*dy)
			t = max(0, min(1, t))
			best = min(best, math.Hypot(q.X-a.X-t*dx, q.Y-a.Y-t*dy))
		}
	}
	return best
}

// insideRings reports whether q is strictly inside the shape the rings
// bound, by the even-odd rule.
func insideRings(q Point, rings []Ring) bool {
	return insideRingsLoose(q, rings) && distToRings(q, rings) > 1e-9
}

// adjacency returns, for each instance, the instances sharing an edge with
// it, in increasing order.
func (p *polys) adjacency() [][]int {
	adj := make([][]int, p.instances)
	for _, e := range p.g.edges {
		if e.across < 0 {
			continue
		}
		a, b := p.owner[e.cell], p.owner[e.across]
		if a == b || slices.Contains(adj[a], b) {
			continue
		}
		adj[a] = append(adj[a], b)
		adj[b] = append(adj[b], a)
	}
	for _, a := range adj {
		slices.Sort(a)
	}
	return adj
}

func init() {
	drawers[geom.PolygonCells] = func(lat geom.Lattice, _ string) drawer {
		if pl, ok := lat.(geom.Polygonal); ok {
			return polyDrawer{pl: pl, geoms: map[*geom.Board]*polyGeom{}}
		}
		return cellDrawer{}
	}
}

// polyDrawer draws polygons of the plane: triangles, hexagons.
type polyDrawer struct {
	areaDrawer
	pl    geom.Polygonal
	geoms map[*geom.Board]*polyGeom
}

func (d polyDrawer) board(b *geom.Board) frameContent {
	c := polyContent(newPolyGeom(d.pl, b.Cells()), make([]int, b.Len()), []int{0}, []string{"board"})
	c.blank = true
	return c
}

// solution: frames of one board share its geometry, kept in geoms.
func (d polyDrawer) solution(s Tiled) frameContent {
	b := s.Board()
	g, ok := d.geoms[b]
	if !ok {
		g = newPolyGeom(d.pl, b.Cells())
		d.geoms[b] = g
	}
	cells, owner, pieces := instances(s)
	if len(cells) < b.Len() {
		g = newPolyGeom(d.pl, cells)
	}
	return polyContent(g, owner, pieces, s.PieceNames())
}

func (d polyDrawer) piece(p geom.Piece, i int, names []string) (frameContent, error) {
	return polyContent(newPolyGeom(d.pl, p.Cells), make([]int, len(p.Cells)), []int{i}, names), nil
}

// outlines gives each cell its polygon.
func (d polyDrawer) outlines(b *geom.Board) func(c geom.Cell, x0, y0, cell float64) Ring {
	pg := newPolyGeom(d.pl, b.Cells())
	return func(c geom.Cell, x0, y0, cell float64) Ring {
		var ring Ring
		for _, v := range d.pl.Corners(c) {
			q := pg.at(v)
			ring = append(ring, Point{x0 + q.X*cell, y0 + q.Y*cell})
		}
		return ring
	}
}

// polyContent returns the content of the cells of g, cell i covered by
// instance owner[i] of piece pieces[owner[i]].
func polyContent(g *polyGeom, owner []int, pieces []int, names []string) *areas {
	return &areas{areaGeom: &polys{g: g, owner: owner, instances: len(pieces)}, pieced: pieced{pieces: pieces, names: names}}
}
