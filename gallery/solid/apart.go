package solid

import (
	"cmp"
	"math"
	"slices"
)

// Exploded returns the cubes in isometric view with each instance moved
// away from the centre of them all by twice its centre's offset from it,
// rounded, so that cubes stay on the lattice and the inner pieces show.
// The picture is the size of the box that the pieces of any solution of
// the same cells fill apart, their centre at its centre: the pictures of
// one board's solutions are the same size, and each holds its pieces.
func Exploded(cubes []Cube, instances int) Picture {
	var centre [3]float64
	sum := make([][3]float64, instances)
	n := make([]int, instances)
	for _, c := range cubes {
		for i := range 3 {
			centre[i] += float64(c.At[i]) + 0.5
			sum[c.Inst][i] += float64(c.At[i]) + 0.5
		}
		n[c.Inst]++
	}
	for i := range 3 {
		centre[i] /= float64(max(len(cubes), 1))
	}
	shift := make([][3]int, instances)
	for k := range instances {
		for i := range 3 {
			if n[k] > 0 {
				shift[k][i] = int(math.Round(2 * (sum[k][i]/float64(n[k]) - centre[i])))
			}
		}
	}
	apart := make([]Cube, len(cubes))
	for j, c := range cubes {
		apart[j] = Cube{At: add(c.At, shift[c.Inst]), Inst: c.Inst}
	}
	// A piece's centre lies at least half a cube inside the cells' box,
	// and rounding keeps the order: its shift lies between these.
	lo, hi := bounds(cubes)
	for i := range 3 {
		lo[i], hi[i] = lo[i]+int(math.Round(2*(float64(lo[i])+0.5-centre[i]))), hi[i]+int(math.Round(2*(float64(hi[i])-0.5-centre[i])))
	}
	pullHidden(apart, instances)
	return iso(apart, lo, hi, nil)
}

// pullHidden moves each instance that is out of sight in Iso (InSight)
// toward the viewer, along the way the projection flattens, until it is
// nearer than every other cube: its picture stays where it was, drawn
// over those it lay behind. An instance pulled may hide another, which is
// pulled in turn, at most once each.
func pullHidden(cubes []Cube, instances int) {
	for range instances {
		sight := InSight(cubes, instances)
		hidden := slices.Index(sight, false)
		if hidden < 0 {
			return
		}
		near, far := math.MinInt, math.MaxInt
		for _, c := range cubes {
			if s := c.At[0] + c.At[1] + c.At[2]; c.Inst == hidden {
				far = min(far, s)
			} else {
				near = max(near, s)
			}
		}
		k := (near-far)/3 + 1
		for j := range cubes {
			if cubes[j].Inst == hidden {
				cubes[j].At = add(cubes[j].At, [3]int{k, k, k})
			}
		}
	}
}

// InSight reports, for each instance, whether some of it is in sight in
// Iso. The faces in sight lie on one grid of triangles in the picture,
// two to a face, and the face of the nearest cube on a triangle (of the
// largest x + y + z: faces of cubes of the same sum never meet) is the
// one seen there.
func InSight(cubes []Cube, instances int) []bool {
	occupied := make(map[[3]int]bool, len(cubes))
	for _, c := range cubes {
		occupied[c.At] = true
	}
	type seen struct{ depth, inst int }
	nearest := map[[2]int]seen{}
	for _, c := range cubes {
		depth := c.At[0] + c.At[1] + c.At[2]
		for _, fc := range faces {
			if occupied[add(c.At, fc.normal)] {
				continue // covered: not drawn
			}
			var p [4]Point
			for k, corner := range fc.corner {
				x, y := project(float64(c.At[0]+corner[0]), float64(c.At[1]+corner[1]), float64(c.At[2]+corner[2]))
				p[k] = Point{x, y}
			}
			// The two triangles, either side of the shorter diagonal.
			tris := [2][3]Point{{p[0], p[1], p[2]}, {p[0], p[2], p[3]}}
			if math.Hypot(p[1].X-p[3].X, p[1].Y-p[3].Y) < math.Hypot(p[0].X-p[2].X, p[0].Y-p[2].Y) {
				tris = [2][3]Point{{p[0], p[1], p[3]}, {p[1], p[2], p[3]}}
			}
			for _, t := range tris {
				// The triangle's centre, on a grid of a third of cos 30° by a sixth.
				const cos30 = 0.8660254037844386
				key := [2]int{int(math.Round((t[0].X + t[1].X + t[2].X) / cos30)), int(math.Round(2 * (t[0].Y + t[1].Y + t[2].Y)))}
				if n, ok := nearest[key]; !ok || depth > n.depth {
					nearest[key] = seen{depth, c.Inst}
				}
			}
		}
	}
	out := make([]bool, instances)
	for _, n := range nearest {
		out[n.inst] = true
	}
	return out
}

// Order returns the instances in the order an assembly leaflet puts them
// down: bottom first (by their highest layer, then their lowest), then far
// to near, then by number. The top of the highest cube of each is then in
// sight when it is put down: only a cube of a higher layer could hide it.
func Order(cubes []Cube, instances int) []int {
	type key struct{ top, bottom, near int }
	keys := make([]key, instances)
	for k := range keys {
		keys[k] = key{math.MinInt, math.MaxInt, math.MinInt}
	}
	for _, c := range cubes {
		k := &keys[c.Inst]
		k.top, k.bottom, k.near = max(k.top, c.At[2]), min(k.bottom, c.At[2]), max(k.near, c.At[0]+c.At[1])
	}
	order := make([]int, instances)
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		ka, kb := keys[a], keys[b]
		return cmp.Or(cmp.Compare(ka.top, kb.top), cmp.Compare(ka.bottom, kb.bottom), cmp.Compare(ka.near, kb.near))
	})
	return order
}

// Steps returns the solid built piece by piece, in Order, a picture a
// piece, in rows of four (or of more, for many pieces): in each, the
// pieces put down before faint (Part.Faint) and the new one in full. Each
// picture is in the whole solid's box, so that they align.
func Steps(cubes []Cube, instances int) Picture {
	order := Order(cubes, instances)
	rank := make([]int, instances)
	for k, inst := range order {
		rank[inst] = k
	}
	lo, hi := bounds(cubes)
	pics := make([]Picture, len(order))
	for k := range order {
		var some []Cube
		for _, c := range cubes {
			if rank[c.Inst] <= k {
				some = append(some, c)
			}
		}
		pics[k] = iso(some, lo, hi, func(inst int) bool { return rank[inst] < k })
	}
	cols := max(4, int(math.Ceil(math.Sqrt(float64(len(pics))))))
	var rows []Picture
	for i := 0; i < len(pics); i += cols {
		rows = append(rows, Arrange(pics[i:min(i+cols, len(pics))], true, 1))
	}
	return Arrange(rows, false, 1)
}

// Touching returns, for each instance, the instances whose cubes share a
// face with its.
func Touching(cubes []Cube, instances int) [][]int {
	occupied := make(map[[3]int]int, len(cubes))
	for _, c := range cubes {
		occupied[c.At] = c.Inst
	}
	adj := make([][]int, instances)
	for _, c := range cubes {
		for _, d := range [][3]int{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}} {
			if j, ok := occupied[add(c.At, d)]; ok && j != c.Inst {
				adj[c.Inst] = append(adj[c.Inst], j)
			}
		}
	}
	return adj
}

// Widen returns the convex ring r moved out by d from its centre at each
// corner: faces side by side, widened a little, overlap, and no
// background shows between them where a renderer smooths their edges.
func Widen(r []Point, d float64) []Point {
	var cx, cy float64
	for _, p := range r {
		cx, cy = cx+p.X, cy+p.Y
	}
	cx, cy = cx/float64(len(r)), cy/float64(len(r))
	out := make([]Point, len(r))
	for i, p := range r {
		dx, dy := p.X-cx, p.Y-cy
		l := math.Hypot(dx, dy)
		if l == 0 {
			out[i] = p
			continue
		}
		out[i] = Point{p.X + dx/l*d, p.Y + dy/l*d}
	}
	return out
}

// Stroke returns the outline of a line from a to b, width wide, its ends
// squared off half the width past them.
func Stroke(a, b Point, width float64) []Point {
	dx, dy := b.X-a.X, b.Y-a.Y
	l := math.Hypot(dx, dy)
	if l == 0 {
		return []Point{a, a, a}
	}
	ux, uy := dx/l*width/2, dy/l*width/2 // along, half the width
	nx, ny := -uy, ux                    // across
	return []Point{
		{a.X - ux + nx, a.Y - uy + ny}, {b.X + ux + nx, b.Y + uy + ny},
		{b.X + ux - nx, b.Y + uy - ny}, {a.X - ux - nx, a.Y - uy - ny},
	}
}
