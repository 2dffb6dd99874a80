package gallery

import (
	"slices"
)

// cells is one frame's content before it is placed on a sheet: a rows ×
// cols grid (the board's picture) in which each cell holds the instance
// (the piece put down) covering it, or -1 where there is no cell.
type cells struct {
	rows, cols int
	owner      []int // rows*cols
	instances  int   // instances are 0 … instances-1
}

func (g *cells) at(r, c int) int {
	if r < 0 || r >= g.rows || c < 0 || c >= g.cols {
		return -1
	}
	return g.owner[r*g.cols+c]
}

// vertex is a corner of cells: x is a column boundary, y a row boundary.
type vertex struct{ x, y int }

// Directions around a cell, clockwise on the screen (y grows downwards):
// a piece's outline goes right along a top edge, down a right edge, left
// along a bottom edge and up a left edge, with the piece on its right.
const (
	dirRight = iota
	dirDown
	dirLeft
	dirUp
)

var step = [4]vertex{{1, 0}, {0, 1}, {-1, 0}, {0, -1}}

// outlines traces the boundary of each instance's cells, in cell units:
// one ring per boundary, each vertex a corner where the outline turns.
func (g *cells) outlines() [][]Ring {
	out := make([][]Ring, g.instances)
	for o, es := range g.boundaryEdges() {
		out[o] = traceRings(es)
	}
	return out
}

// cellEdge is an edge of a cell's boundary: it leaves vertex from in
// direction dir, with the cell on its right.
type cellEdge struct {
	from vertex
	dir  int
}

// boundaryEdges returns the boundary edges of each instance: the edges of
// its cells that it does not share with another of its cells, in reading
// order of the cells, each cell's clockwise from its top.
func (g *cells) boundaryEdges() [][]cellEdge {
	edges := make([][]cellEdge, g.instances)
	for r := range g.rows {
		for c := range g.cols {
			o := g.at(r, c)
			if o < 0 {
				continue
			}
			if g.at(r-1, c) != o {
				edges[o] = append(edges[o], cellEdge{vertex{c, r}, dirRight})
			}
			if g.at(r, c+1) != o {
				edges[o] = append(edges[o], cellEdge{vertex{c + 1, r}, dirDown})
			}
			if g.at(r+1, c) != o {
				edges[o] = append(edges[o], cellEdge{vertex{c + 1, r + 1}, dirLeft})
			}
			if g.at(r, c-1) != o {
				edges[o] = append(edges[o], cellEdge{vertex{c, r + 1}, dirUp})
			}
		}
	}
	return edges
}

// traceRings joins one instance's boundary edges into rings, each starting
// at the first edge not yet used, and keeps of each ring the vertices
// where it turns.
func traceRings(es []cellEdge) []Ring {
	// Out-going edges at each vertex: one, or two where the piece
	// touches itself at a corner.
	from := make(map[vertex][]int, len(es))
	for k, e := range es {
		from[e.from] = append(from[e.from], k)
	}
	var rings []Ring
	used := make([]bool, len(es))
	for k := range es {
		if used[k] {
			continue
		}
		var ring Ring
		start := es[k].from
		for e := k; ; {
			used[e] = true
			v, d := es[e].from, es[e].dir
			next := vertex{v.x + step[d].x, v.y + step[d].y}
			if next == start {
				if es[k].dir != d {
					ring = append(ring, Point{float64(next.x), float64(next.y)})
				}
				break
			}
			best := leftmostEdge(es, from[next], used, d)
			if es[best].dir != d {
				ring = append(ring, Point{float64(next.x), float64(next.y)})
			}
			e = best
		}
		rings = append(rings, ring)
	}
	return rings
}

// leftmostEdge returns which of the unused edges out (indexes into es),
// leaving the vertex an edge in direction d arrives at, the ring goes on
// along: the leftmost way the piece allows. Directions go clockwise on the
// screen, so dir d+1 is a right turn and d-1 a left one: rank is 0 for a
// left turn, 1 straight on, 2 for a right turn (a U-turn, 3, never
// happens). Two ways out of a vertex only where the piece touches itself
// at a corner, a pinch: its cells are diagonal there, the other two cells
// not the piece's. Turning left keeps to the empty cell whose edge the
// ring came along, so the outside and a hole pinched against it get a
// ring each, both touching the corner once; turning right would join them
// into one ring through the corner twice.
func leftmostEdge(es []cellEdge, out []int, used []bool, d int) int {
	best, bestRank := -1, 4
	for _, n := range out {
		if used[n] {
			continue
		}
		rank := (es[n].dir - d + 5) % 4 // 0 left turn, 1 straight, 2 right turn
		if rank < bestRank {
			best, bestRank = n, rank
		}
	}
	if best < 0 {
		panic("gallery: an outline does not close")
	}
	return best
}

// lines returns, in cell units, the borders (edges between different
// instances, and between a cell and no cell) and the grid lines (edges
// between two cells of one instance), each merged into maximal straight
// segments, in reading order.
func (g *cells) lines() (borders, grid []Segment) {
	// Horizontal edges: the top edge of row y, y = 0 … rows, at column x;
	// vertical edges: the left edge of column x, x = 0 … cols, at row y.
	const (
		none = iota
		border
		inner
	)
	kind := func(a, b int) int {
		switch {
		case a < 0 && b < 0:
			return none
		case a == b:
			return inner
		}
		return border
	}
	run := func(n int, k func(i int) int, seg func(i, j int) Segment) {
		for i := 0; i < n; {
			kk := k(i)
			j := i + 1
			for j < n && k(j) == kk {
				j++
			}
			switch kk {
			case border:
				borders = append(borders, seg(i, j))
			case inner:
				grid = append(grid, seg(i, j))
			}
			i = j
		}
	}
	for y := 0; y <= g.rows; y++ {
		run(g.cols, func(x int) int { return kind(g.at(y-1, x), g.at(y, x)) },
			func(i, j int) Segment {
				return Segment{Point{float64(i), float64(y)}, Point{float64(j), float64(y)}}
			})
	}
	for x := 0; x <= g.cols; x++ {
		run(g.rows, func(y int) int { return kind(g.at(y, x-1), g.at(y, x)) },
			func(i, j int) Segment {
				return Segment{Point{float64(x), float64(i)}, Point{float64(x), float64(j)}}
			})
	}
	return borders, grid
}

// adjacency returns, for each instance, the instances sharing an edge with
// it, in increasing order.
func (g *cells) adjacency() [][]int {
	adj := make([][]int, g.instances)
	add := func(a, b int) {
		if a < 0 || b < 0 || a == b || slices.Contains(adj[a], b) {
			return
		}
		adj[a] = append(adj[a], b)
		adj[b] = append(adj[b], a)
	}
	for r := range g.rows {
		for c := range g.cols {
			add(g.at(r, c), g.at(r, c+1))
			add(g.at(r, c), g.at(r+1, c))
		}
	}
	for _, a := range adj {
		slices.Sort(a)
	}
	return adj
}
