// Package pfaffian counts the perfect matchings of a graph drawn in the
// plane, exactly, by Kasteleyn's method (P. W. Kasteleyn, "The
// statistics of dimers on a lattice", Physica 27, 1961; H. N. V.
// Temperley and M. E. Fisher, "Dimer problem in statistical mechanics",
// Phil. Mag. 6, 1961): the edges are oriented so that every face but one
// has an odd number of edges oriented along it, and then every perfect
// matching has the same sign in the Pfaffian of the graph's skew
// adjacency matrix, whose absolute value is their number. The Pfaffian is
// the square root of the determinant, which is counted modulo primes and
// put together by the Chinese remainder theorem; its work grows with the
// vertices and the square of the band of the matrix (the most distance
// between the numbers of two neighbours), not with the matchings. A
// tiling by two-cell pieces is a perfect matching of the graph whose
// vertices are the cells and whose edges are the pieces' placements.
package pfaffian

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
)

// Graph is a graph embedded in a surface by a rotation system: the edges
// at each vertex in their cyclic order around it, all vertices turned the
// same way (counterclockwise, or clockwise, at every one). Edges may be
// parallel, joining the same two vertices; an edge never joins a vertex
// to itself.
type Graph struct {
	// Edges are the edges, each by the vertices it joins (0 to
	// len(Rotation)−1, two different ones).
	Edges [][2]int32
	// Rotation holds, for each vertex, the edges at it (by their index
	// in Edges) in their cyclic order around it: each edge at each of
	// its two ends, once.
	Rotation [][]int32
}

// ErrNotPlanar says that a graph's rotation system embeds some connected
// part of it in no sphere (Euler's formula fails): then the graph, or
// this drawing of it, has no Pfaffian orientation from its faces.
var ErrNotPlanar = errors.New("pfaffian: the rotation system is not planar")

// Matrix is the Kasteleyn matrix of a graph: its skew-symmetric
// adjacency matrix under a Pfaffian orientation, entry (u, v) the number
// of edges from u to v less the number from v to u. Orient makes it.
type Matrix struct {
	// rows holds each row's nonzero entries, by column.
	rows [][]entry
	// none says that the graph has no perfect matching: a vertex of no
	// edge, or a connected part of an odd number of vertices.
	none bool
}

type entry struct {
	col int32
	val int64
}

// Orient traces the faces of g, checks Euler's formula on each of its
// connected parts (ErrNotPlanar where it fails), and orients its edges
// so that every face of each part but one, the root, has an odd number
// of edges oriented along its boundary: first a spanning tree, oriented
// freely, then the other edges one for each face, the faces taken leaf
// first in the tree of the faces that those edges join. It returns
// the matrix of g so oriented, whose Pfaffian counts g's perfect
// matchings up to its sign.
func Orient(g *Graph) (*Matrix, error) {
	pos, err := g.darts()
	if err != nil {
		return nil, err
	}
	face, order, starts := g.faces(pos)
	comp, parts := g.components()
	if err := g.euler(comp, parts, face, len(starts)-1); err != nil {
		return nil, err
	}
	m := &Matrix{}
	for _, size := range parts {
		m.none = m.none || size%2 != 0
	}
	orient := g.tree()
	if err := g.orientFaces(orient, face, order, starts, comp, len(parts)); err != nil {
		return nil, err
	}
	m.rows = g.matrix(orient)
	return m, nil
}

// darts returns, for each dart (edge e from its first end to its second
// is dart 2e, back dart 2e+1), its place in the rotation at its tail,
// and checks that g is a graph with a rotation system.
func (g *Graph) darts() ([]int32, error) {
	n := int32(len(g.Rotation))
	for e, ends := range g.Edges {
		if ends[0] < 0 || ends[0] >= n || ends[1] < 0 || ends[1] >= n || ends[0] == ends[1] {
			return nil, fmt.Errorf("pfaffian: edge %d joins %d and %d: want two different vertices of 0 to %d", e, ends[0], ends[1], n-1)
		}
	}
	pos := make([]int32, 2*len(g.Edges))
	for d := range pos {
		pos[d] = -1
	}
	for v, rot := range g.Rotation {
		for i, e := range rot {
			if e < 0 || int(e) >= len(g.Edges) {
				return nil, fmt.Errorf("pfaffian: vertex %d lists edge %d: want 0 to %d", v, e, len(g.Edges)-1)
			}
			d := g.out(int32(v), e)
			if d < 0 || pos[d] >= 0 {
				return nil, fmt.Errorf("pfaffian: vertex %d lists edge %d, which is not at it or listed twice", v, e)
			}
			pos[d] = int32(i)
		}
	}
	if d := slices.Index(pos, -1); d >= 0 {
		return nil, fmt.Errorf("pfaffian: edge %d is missing from the rotation at vertex %d", d/2, g.Edges[d/2][d%2])
	}
	return pos, nil
}

// out returns the dart of edge e leaving vertex v, or −1 if v is no end
// of e.
func (g *Graph) out(v, e int32) int32 {
	switch v {
	case g.Edges[e][0]:
		return 2 * e
	case g.Edges[e][1]:
		return 2*e + 1
	}
	return -1
}

// tail returns the vertex dart d leaves.
func (g *Graph) tail(d int32) int32 { return g.Edges[d/2][d%2] }

// faces traces the faces: a dart u→v is followed by the dart after v→u
// in the rotation at v. It returns each dart's face, the darts face by
// face in the order traced, and where each face's darts start in that
// order (one more start than faces: the end).
func (g *Graph) faces(pos []int32) (face, order, starts []int32) {
	face = make([]int32, len(pos))
	for d := range face {
		face[d] = -1
	}
	for d := range int32(len(pos)) {
		if face[d] >= 0 {
			continue
		}
		f := int32(len(starts))
		starts = append(starts, int32(len(order)))
		for x := d; face[x] < 0; {
			face[x] = f
			order = append(order, x)
			back := x ^ 1
			v := g.tail(back)
			rot := g.Rotation[v]
			x = g.out(v, rot[(int(pos[back])+1)%len(rot)])
		}
	}
	return face, order, append(starts, int32(len(order)))
}

// components returns each vertex's connected part and each part's
// number of vertices.
func (g *Graph) components() (comp []int32, sizes []int) {
	comp = make([]int32, len(g.Rotation))
	for v := range comp {
		comp[v] = -1
	}
	var stack []int32
	for v := range int32(len(comp)) {
		if comp[v] >= 0 {
			continue
		}
		c := int32(len(sizes))
		sizes = append(sizes, 0)
		comp[v] = c
		for stack = append(stack[:0], v); len(stack) > 0; {
			u := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			sizes[c]++
			for _, e := range g.Rotation[u] {
				w := g.Edges[e][0] ^ g.Edges[e][1] ^ u
				if comp[w] < 0 {
					comp[w] = c
					stack = append(stack, w)
				}
			}
		}
	}
	return comp, sizes
}

// euler checks V − E + F = 2 on each connected part that has an edge.
func (g *Graph) euler(comp []int32, sizes []int, face []int32, faces int) error {
	chi := make([]int, len(sizes))
	for c, v := range sizes {
		chi[c] = v
	}
	for _, ends := range g.Edges {
		chi[comp[ends[0]]]--
	}
	seen := make([]bool, faces)
	for d, f := range face {
		if !seen[f] {
			seen[f] = true
			chi[comp[g.tail(int32(d))]]++
		}
	}
	for c, x := range chi {
		if x != 2 && sizes[c] > 1 {
			return fmt.Errorf("%w: a connected part of %d vertices has Euler characteristic %d, not 2", ErrNotPlanar, sizes[c], x)
		}
	}
	return nil
}

// tree orients the edges of a spanning tree of each connected part, each
// from its first end to its second (+1), and leaves the others 0.
func (g *Graph) tree() []int8 {
	orient := make([]int8, len(g.Edges))
	seen := make([]bool, len(g.Rotation))
	var stack []int32
	for v := range int32(len(g.Rotation)) {
		if seen[v] {
			continue
		}
		seen[v] = true
		for stack = append(stack[:0], v); len(stack) > 0; {
			u := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, e := range g.Rotation[u] {
				w := g.Edges[e][0] ^ g.Edges[e][1] ^ u
				if !seen[w] {
					seen[w] = true
					orient[e] = 1
					stack = append(stack, w)
				}
			}
		}
	}
	return orient
}

// orientFaces orients the edges that tree left: they join the faces of
// each part in a tree, since the part is planar. From a root face of
// each part it finds each face's parent edge, towards the root; then,
// leaves first, every other edge of a face is oriented already, and its
// parent edge is oriented to give it an odd number of edges along it.
func (g *Graph) orientFaces(orient []int8, face, order, starts, comp []int32, parts int) error {
	nf := len(starts) - 1
	parent := make([]int32, nf)
	for f := range parent {
		parent[f] = -2 // not reached
	}
	var queue []int32
	rooted := make([]bool, parts)
	for f := range int32(nf) {
		if c := comp[g.tail(order[starts[f]])]; !rooted[c] {
			rooted[c] = true
			parent[f] = -1
			queue = append(queue, f)
		}
	}
	for i := 0; i < len(queue); i++ {
		f := queue[i]
		for _, d := range order[starts[f]:starts[f+1]] {
			e := d / 2
			if orient[e] != 0 || e == parent[f] {
				continue
			}
			h := face[d^1]
			if h == f || parent[h] != -2 {
				return fmt.Errorf("%w: the edges off a spanning tree close a cycle of faces", ErrNotPlanar)
			}
			parent[h] = e
			queue = append(queue, h)
		}
	}
	if len(queue) != nf {
		return fmt.Errorf("%w: the faces are not joined by the edges off a spanning tree", ErrNotPlanar)
	}
	for i := len(queue) - 1; i >= 0; i-- {
		f := queue[i]
		if parent[f] < 0 {
			continue
		}
		along, pd := 0, int32(-1)
		for _, d := range order[starts[f]:starts[f+1]] {
			switch {
			case d/2 == parent[f]:
				pd = d
			case orient[d/2] == 0:
				return fmt.Errorf("pfaffian: edge %d of face %d left unoriented", d/2, f) // cannot happen: the faces form a tree
			case (orient[d/2] > 0) == (d%2 == 0):
				along++
			}
		}
		// Dart pd is along its edge's orientation when that is +1 and pd
		// is the edge's first dart, or −1 and its second.
		o := int8(1)
		if (along%2 == 0) != (pd%2 == 0) {
			o = -1
		}
		orient[pd/2] = o
	}
	return nil
}

// matrix returns the rows of the skew adjacency matrix under orient.
func (g *Graph) matrix(orient []int8) [][]entry {
	rows := make([][]entry, len(g.Rotation))
	for e, ends := range g.Edges {
		o := int64(orient[e])
		rows[ends[0]] = append(rows[ends[0]], entry{ends[1], o})
		rows[ends[1]] = append(rows[ends[1]], entry{ends[0], -o})
	}
	for i, r := range rows {
		slices.SortFunc(r, func(a, b entry) int { return cmp.Compare(a.col, b.col) })
		out := r[:0]
		for _, x := range r {
			if len(out) > 0 && out[len(out)-1].col == x.col {
				out[len(out)-1].val += x.val
			} else {
				out = append(out, x)
			}
		}
		rows[i] = slices.DeleteFunc(out, func(x entry) bool { return x.val == 0 })
	}
	return rows
}

// Drawn returns the graph of n vertices and the given edges whose
// rotation system is read from a drawing: edge e leaves its first end at
// angle Angles[e][0] and its second at Angles[e][1] (radians, one way
// round at every vertex), and the rotation at a vertex sorts its edges
// by angle. Edges that leave a vertex at the same angle, parallel edges
// drawn on top of each other, are taken as side by side: by their index
// at the lower-numbered end of theirs, the other way at the higher.
func Drawn(n int, edges [][2]int32, angles [][2]float64) *Graph {
	g := &Graph{Edges: edges, Rotation: make([][]int32, n)}
	for e, ends := range edges {
		for _, v := range ends {
			if v >= 0 && int(v) < n {
				g.Rotation[v] = append(g.Rotation[v], int32(e))
			}
		}
	}
	for v, rot := range g.Rotation {
		angle := func(e int32) float64 {
			if edges[e][0] == int32(v) {
				return angles[e][0]
			}
			return angles[e][1]
		}
		slices.SortFunc(rot, func(a, b int32) int {
			if c := cmp.Compare(angle(a), angle(b)); c != 0 {
				return c
			}
			if lower := edges[a][0]^edges[a][1]^int32(v) > int32(v); lower {
				return cmp.Compare(a, b)
			}
			return cmp.Compare(b, a)
		})
	}
	return g
}
