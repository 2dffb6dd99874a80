package gallery

import (
	"cmp"
	"math"
	"slices"

	"github.com/polytile/polytile/puzzles"
)

// polys is one frame's content on the triangular or hexagonal lattice:
// each cell a polygon whose vertices have exact integer coordinates, so
// that the edge two cells share is the same pair of vertices for both and
// cancels out of a piece's outline; only then are the vertices mapped to
// the plane. Its methods answer what the square grid's do.
type polys struct {
	lat       puzzles.Lattice
	cells     []puzzles.Cell
	owner     []int // the instance covering each cell
	instances int
	minX      float64 // the plane's offset: the drawing starts at 0, 0
	minY      float64
	w, h      float64 // the drawing's size, in cell units

	side  map[iedge]int // sides' result, once computed
	order []iedge       // its keys in a fixed order
	outl  [][]Ring      // outlines' result, once computed
}

// ivertex is a vertex in the lattice's integer coordinates.
type ivertex struct{ x, y int }

// corners returns cell c's vertices clockwise on the screen (y down), in
// integer coordinates: for triangles x counts half edges and y rows; for
// hexagons x counts half a hexagon's width and y half its circumradius (a
// row is 3 units, the top and bottom vertices 2 from the centre).
func corners(lat puzzles.Lattice, c puzzles.Cell) []ivertex {
	r, k := c.Row, c.Col
	if lat == puzzles.Hexagon {
		y := 3 * r
		return []ivertex{{k, y - 2}, {k + 1, y - 1}, {k + 1, y + 1}, {k, y + 2}, {k - 1, y + 1}, {k - 1, y - 1}}
	}
	if puzzles.PointsUp(c) {
		return []ivertex{{k + 1, r}, {k + 2, r + 1}, {k, r + 1}}
	}
	return []ivertex{{k, r}, {k + 2, r}, {k + 1, r + 1}}
}

// Cell sizes in the plane, in units of the square lattice's cell: a
// triangle's edge is 1.5 (about a square's area), a hexagon is 1 across
// its flats.
const triangleEdge = 1.5

// plane maps an integer vertex to the plane, before the offset.
func plane(lat puzzles.Lattice, v ivertex) (float64, float64) {
	if lat == puzzles.Hexagon {
		return float64(v.x) / 2, float64(v.y) / (2 * math.Sqrt(3))
	}
	return float64(v.x) / 2 * triangleEdge, float64(v.y) * math.Sqrt(3) / 2 * triangleEdge
}

func newPolys(lat puzzles.Lattice, cells []puzzles.Cell, owner []int, instances int) *polys {
	p := &polys{lat: lat, cells: cells, owner: owner, instances: instances}
	p.minX, p.minY = math.Inf(1), math.Inf(1)
	maxX, maxY := math.Inf(-1), math.Inf(-1)
	for _, c := range cells {
		for _, v := range corners(lat, c) {
			x, y := plane(lat, v)
			p.minX, p.minY = min(p.minX, x), min(p.minY, y)
			maxX, maxY = max(maxX, x), max(maxY, y)
		}
	}
	p.w, p.h = maxX-p.minX, maxY-p.minY
	return p
}

func (p *polys) at(v ivertex) Point {
	x, y := plane(p.lat, v)
	return Point{x - p.minX, y - p.minY}
}

func (p *polys) size() (float64, float64) { return p.w, p.h }

// iedge is a directed edge of a cell, clockwise around it.
type iedge struct{ a, b ivertex }

// sides returns, for every directed edge of every cell, the instance of
// that cell; an edge's other side is its reverse's entry, or none.
func (p *polys) sides() map[iedge]int {
	if p.side != nil {
		return p.side
	}
	side := make(map[iedge]int, 6*len(p.cells))
	for i, c := range p.cells {
		vs := corners(p.lat, c)
		for k, a := range vs {
			side[iedge{a, vs[(k+1)%len(vs)]}] = p.owner[i]
		}
	}
	p.side, p.order = side, sortedEdges(side)
	return side
}

// sortedEdges returns the keys of side in a fixed order.
func sortedEdges(side map[iedge]int) []iedge {
	es := make([]iedge, 0, len(side))
	for e := range side {
		es = append(es, e)
	}
	slices.SortFunc(es, func(e, f iedge) int {
		return cmp.Or(cmp.Compare(e.a.y, f.a.y), cmp.Compare(e.a.x, f.a.x), cmp.Compare(e.b.y, f.b.y), cmp.Compare(e.b.x, f.b.x))
	})
	return es
}

// outlines traces the boundary of each instance: the edges of its cells
// whose reverse is not an edge of the same instance, joined into rings,
// turning left at a vertex the piece touches twice so that a pinched hole
// gets a ring of its own. A vertex where the outline goes straight on is
// left out.
func (p *polys) outlines() [][]Ring {
	if p.outl != nil {
		return p.outl
	}
	side := p.sides()
	out := make([][]Ring, p.instances)
	from := make([]map[ivertex][]iedge, p.instances)
	for i := range from {
		from[i] = map[ivertex][]iedge{}
	}
	order := p.order
	for _, e := range order {
		o := side[e]
		if r, ok := side[iedge{e.b, e.a}]; ok && r == o {
			continue
		}
		from[o][e.a] = append(from[o][e.a], e)
	}
	dir := func(e iedge) (float64, float64) {
		a, b := p.at(e.a), p.at(e.b)
		return b.X - a.X, b.Y - a.Y
	}
	for o := range p.instances {
		used := map[iedge]bool{}
		for _, start := range order {
			if side[start] != o || used[start] || !slices.Contains(from[o][start.a], start) {
				continue
			}
			var verts []ivertex
			for e := start; ; {
				used[e] = true
				verts = append(verts, e.a)
				if e.b == start.a {
					break
				}
				dx, dy := dir(e)
				var best iedge
				bestTurn, found := math.Inf(1), false
				for _, n := range from[o][e.b] {
					if used[n] {
						continue
					}
					nx, ny := dir(n)
					turn := math.Atan2(dx*ny-dy*nx, dx*nx+dy*ny) // negative: a left turn on the screen
					if turn < bestTurn {
						best, bestTurn, found = n, turn, true
					}
				}
				if !found {
					panic("gallery: an outline does not close")
				}
				e = best
			}
			out[o] = append(out[o], p.ring(verts))
		}
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
		a, b, c := p.at(verts[(i+n-1)%n]), p.at(v), p.at(verts[(i+1)%n])
		if math.Abs((b.X-a.X)*(c.Y-b.Y)-(b.Y-a.Y)*(c.X-b.X)) < 1e-9 {
			continue
		}
		r = append(r, b)
	}
	return r
}

// lines returns the borders (edges between different instances, and
// between a cell and no cell) and the grid lines (edges between two cells
// of one instance), merged into maximal straight segments.
func (p *polys) lines() (borders, grid []Segment) {
	side := p.sides()
	const (
		border = iota
		inner
	)
	kind := map[iedge]int{} // undirected edges, a before b
	for _, e := range p.order {
		u := e
		if cmp.Or(cmp.Compare(u.a.y, u.b.y), cmp.Compare(u.a.x, u.b.x)) > 0 {
			u = iedge{u.b, u.a}
		}
		if _, ok := kind[u]; ok {
			continue
		}
		o := side[e]
		r, ok := side[iedge{e.b, e.a}]
		if ok && r == o {
			kind[u] = inner
		} else {
			kind[u] = border
		}
	}
	byStart := map[ivertex][]iedge{}
	hasEnd := map[iedge]bool{}
	for u := range kind {
		byStart[u.a] = append(byStart[u.a], u)
	}
	// An edge continues another when it starts where that one ends, in
	// the same direction, with the same kind.
	next := func(u iedge) (iedge, bool) {
		for _, n := range byStart[u.b] {
			if n.b.x-n.a.x == u.b.x-u.a.x && n.b.y-n.a.y == u.b.y-u.a.y && kind[n] == kind[u] {
				return n, true
			}
		}
		return iedge{}, false
	}
	for u := range kind {
		if n, ok := next(u); ok {
			hasEnd[n] = true
		}
	}
	es := make([]iedge, 0, len(kind))
	for u := range kind {
		es = append(es, u)
	}
	slices.SortFunc(es, func(e, f iedge) int {
		return cmp.Or(cmp.Compare(e.a.y, f.a.y), cmp.Compare(e.a.x, f.a.x), cmp.Compare(e.b.y, f.b.y), cmp.Compare(e.b.x, f.b.x))
	})
	for _, u := range es {
		if hasEnd[u] {
			continue // inside a longer segment, which starts before it
		}
		last := u
		for {
			n, ok := next(last)
			if !ok {
				break
			}
			last = n
		}
		seg := Segment{p.at(u.a), p.at(last.b)}
		if kind[u] == border {
			borders = append(borders, seg)
		} else {
			grid = append(grid, seg)
		}
	}
	return borders, grid
}

// labels returns for each instance the point well inside it where its
// name goes, and the distance from there to its outline: the best of its
// cells' centres, the midpoints of the edges inside it and its vertices
// inside it, by that distance, then by nearness to the centre of its cells.
func (p *polys) labels() ([]Point, []float64) {
	outl := p.outlines()
	pts := make([]Point, p.instances)
	clear := make([]float64, p.instances)
	centre := make([]Point, p.instances)
	n := make([]int, p.instances)
	cands := make([][]Point, p.instances)
	for i, c := range p.cells {
		o := p.owner[i]
		vs := corners(p.lat, c)
		var cx, cy float64
		for _, v := range vs {
			q := p.at(v)
			cx, cy = cx+q.X/float64(len(vs)), cy+q.Y/float64(len(vs))
		}
		centre[o].X += cx
		centre[o].Y += cy
		n[o]++
		cands[o] = append(cands[o], Point{cx, cy})
		for k, a := range vs {
			b := vs[(k+1)%len(vs)]
			pa, pb := p.at(a), p.at(b)
			cands[o] = append(cands[o], Point{(pa.X + pb.X) / 2, (pa.Y + pb.Y) / 2}, pa)
		}
	}
	for o := range p.instances {
		centre[o].X /= float64(n[o])
		centre[o].Y /= float64(n[o])
		bestD, bestC := -1.0, math.Inf(1)
		for _, q := range cands[o] {
			d := distToRings(q, outl[o])
			if !insideRings(q, outl[o]) {
				continue
			}
			dc := math.Hypot(q.X-centre[o].X, q.Y-centre[o].Y)
			if d > bestD+1e-9 || (d > bestD-1e-9 && dc < bestC-1e-9) {
				pts[o], bestD, bestC = q, d, dc
			}
		}
		clear[o] = max(bestD, 0)
	}
	return pts, clear
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
	in := false
	for _, r := range rings {
		for i, a := range r {
			b := r[(i+1)%len(r)]
			if (a.Y > q.Y) != (b.Y > q.Y) && q.X < a.X+(q.Y-a.Y)*(b.X-a.X)/(b.Y-a.Y) {
				in = !in
			}
		}
	}
	return in && distToRings(q, rings) > 1e-9
}

// adjacency returns, for each instance, the instances sharing an edge with
// it, in increasing order.
func (p *polys) adjacency() [][]int {
	adj := make([][]int, p.instances)
	side := p.sides()
	for _, e := range p.order {
		a := side[e]
		b, ok := side[iedge{e.b, e.a}]
		if !ok || a == b || slices.Contains(adj[a], b) {
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
