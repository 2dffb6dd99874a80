package gallery

import (
	"cmp"
	"image/color"
	"math"
	"slices"

	"github.com/polytile/polytile/puzzles/geom"
)

// The views of a solid (Options.View).
const (
	// ViewIsometric draws a solid as seen from above, in front and to the
	// right, in isometric projection: the default.
	ViewIsometric = "isometric"
	// ViewLayers draws its layers side by side, the bottom one first, each
	// a board of squares.
	ViewLayers = "layers"
	// ViewExploded draws it isometric with its pieces moved apart from the
	// centre, so that the inner ones show.
	ViewExploded = "exploded"
)

// Views returns the names of the views of a solid, the default first.
func Views() []string { return []string{ViewIsometric, ViewLayers, ViewExploded} }

// cube is a unit cube of an isometric drawing: where it is, and the
// instance it belongs to.
type cube struct {
	at   [3]int // column, row, layer: x to the right, y to the front, z up
	inst int
}

// isoContent returns the content that draws cubes in isometric view: the
// instances' pieces are pieces[inst], named names[piece]; blank draws
// them all in the empty board's grey. Each visible face is filled in its
// piece's colour, the tops lighter and the right sides darker, and an
// edge is drawn only where a face of a piece meets one of another piece,
// or another face of its own at a fold, or air: one outline for each
// region of a piece's faces. Cubes are drawn far to near, their faces
// covering those behind, lines and all.
func isoContent(cubes []cube, pieces []int, names []string, blank bool) frameContent {
	occupied := make(map[[3]int]int, len(cubes))
	lo, hi := [3]int{math.MaxInt32, math.MaxInt32, math.MaxInt32}, [3]int{math.MinInt32, math.MinInt32, math.MinInt32}
	for _, c := range cubes {
		occupied[c.at] = c.inst
		for i := range 3 {
			lo[i], hi[i] = min(lo[i], c.at[i]), max(hi[i], c.at[i]+1)
		}
	}
	const cos30 = 0.8660254037844386
	project := func(x, y, z float64) (float64, float64) {
		return (x - y) * cos30, (x+y)*0.5 - z
	}
	// The picture's box: the projections of the bounding box's corners.
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, x := range []int{lo[0], hi[0]} {
		for _, y := range []int{lo[1], hi[1]} {
			for _, z := range []int{lo[2], hi[2]} {
				px, py := project(float64(x), float64(y), float64(z))
				minX, minY, maxX, maxY = min(minX, px), min(minY, py), max(maxX, px), max(maxY, py)
			}
		}
	}
	order := slices.Clone(cubes)
	slices.SortStableFunc(order, func(a, b cube) int {
		return cmp.Compare(a.at[0]+a.at[1]+a.at[2], b.at[0]+b.at[1]+b.at[2])
	})
	pic := &painted{w: maxX - minX, h: maxY - minY}
	if !blank {
		pic.names = names // a legend names a solid's pieces
	}
	pic.paint = func(s *sheetLayout, f *Frame, pt func(x, y float64) Point) {
		at := func(x, y, z int) Point {
			px, py := project(float64(x), float64(y), float64(z))
			return pt(px-minX, py-minY)
		}
		fills, _ := s.fillsOf(names, pieces, func() [][]int { return touching(cubes, occupied, len(pieces)) })
		if blank {
			for i := range fills {
				fills[i] = boardFill
			}
		}
		same := func(c [3]int, inst int) bool { i, ok := occupied[c]; return ok && i == inst }
		for _, c := range order {
			for _, fc := range isoFaces {
				out := add3(c.at, fc.normal)
				if _, ok := occupied[out]; ok {
					continue // another cube covers this face
				}
				var ring Ring
				for _, k := range fc.corner {
					ring = append(ring, at(c.at[0]+k[0], c.at[1]+k[1], c.at[2]+k[2]))
				}
				ring = widen(ring, seam)
				f.Shapes = append(f.Shapes, Shape{Piece: names[pieces[c.inst]], Fill: tint(fills[c.inst], fc.shade), Outline: []Ring{ring}})
				// Each edge k of the face, from corner k to k+1: no line
				// where the same face of the next cube of the piece, across
				// the edge, goes on.
				for k, d := range fc.across {
					next := add3(c.at, d)
					if _, covered := occupied[add3(next, fc.normal)]; same(next, c.inst) && !covered {
						continue
					}
					a, b := fc.corner[k], fc.corner[(k+1)%4]
					pa := at(c.at[0]+a[0], c.at[1]+a[1], c.at[2]+a[2])
					pb := at(c.at[0]+b[0], c.at[1]+b[1], c.at[2]+b[2])
					f.Shapes = append(f.Shapes, Shape{Piece: "", Fill: s.BorderColor, Outline: []Ring{strokeRing(pa, pb, s.border)}})
				}
			}
		}
	}
	return pic
}

// isoFace is a face of a cube that a viewer above, in front and to the
// right sees: its normal, its corners in order as offsets from the
// cube's corner, the way across each edge k (from corner k to k + 1) away
// from the face, and its shade, toward white (+) or black (−).
type isoFace struct {
	normal [3]int
	corner [4][3]int
	across [4][3]int
	shade  float64
}

// isoFaces are the top, the front and the right face.
var isoFaces = func() []isoFace {
	faces := []isoFace{
		{normal: [3]int{0, 0, 1}, corner: [4][3]int{{0, 0, 1}, {1, 0, 1}, {1, 1, 1}, {0, 1, 1}}, shade: 0.35},
		{normal: [3]int{0, 1, 0}, corner: [4][3]int{{0, 1, 0}, {1, 1, 0}, {1, 1, 1}, {0, 1, 1}}},
		{normal: [3]int{1, 0, 0}, corner: [4][3]int{{1, 0, 0}, {1, 1, 0}, {1, 1, 1}, {1, 0, 1}}, shade: -0.22},
	}
	for f := range faces {
		fc := &faces[f]
		for k := range 4 {
			a, b := fc.corner[k], fc.corner[(k+1)%4]
			for i := range 3 {
				// Twice the edge's middle less twice the face's centre:
				// ±1 along the way across, 0 elsewhere.
				centre2 := (fc.corner[0][i] + fc.corner[1][i] + fc.corner[2][i] + fc.corner[3][i]) / 2
				fc.across[k][i] = a[i] + b[i] - centre2
			}
		}
	}
	return faces
}()

func add3(a, b [3]int) [3]int { return [3]int{a[0] + b[0], a[1] + b[1], a[2] + b[2]} }

// touching returns, for each instance, the instances whose cubes share a
// face with its.
func touching(cubes []cube, occupied map[[3]int]int, instances int) [][]int {
	adj := make([][]int, instances)
	for _, c := range cubes {
		for _, d := range [][3]int{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}} {
			if j, ok := occupied[add3(c.at, d)]; ok && j != c.inst {
				adj[c.inst] = append(adj[c.inst], j)
			}
		}
	}
	return adj
}

// seam is how far, in pixels, each face of an isometric drawing reaches
// past its edges, so that faces side by side overlap and no background
// shows between them where a renderer smooths their edges.
const seam = 0.35

// widen returns the convex ring r moved out by d from its centre at each
// corner.
func widen(r Ring, d float64) Ring {
	var cx, cy float64
	for _, p := range r {
		cx, cy = cx+p.X, cy+p.Y
	}
	cx, cy = cx/float64(len(r)), cy/float64(len(r))
	out := make(Ring, len(r))
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

// tint mixes c toward white (t > 0) or black (t < 0) by |t|; a
// transparent fill stays so.
func tint(c color.NRGBA, t float64) color.NRGBA {
	if c.A == 0 || t == 0 {
		return c
	}
	to := 255.0
	if t < 0 {
		to, t = 0, -t
	}
	mix := func(v uint8) uint8 { return uint8(math.Round(float64(v) + (to-float64(v))*t)) }
	return color.NRGBA{mix(c.R), mix(c.G), mix(c.B), c.A}
}

// strokeRing returns the outline of a line from a to b, width wide, its
// ends squared off half the width past them, as Canvas.Stroke draws it.
func strokeRing(a, b Point, width float64) Ring {
	dx, dy := b.X-a.X, b.Y-a.Y
	l := math.Hypot(dx, dy)
	if l == 0 {
		return Ring{a, a, a}
	}
	ux, uy := dx/l*width/2, dy/l*width/2 // along, half the width
	nx, ny := -uy, ux                    // across
	return Ring{
		{a.X - ux + nx, a.Y - uy + ny}, {b.X + ux + nx, b.Y + uy + ny},
		{b.X + ux - nx, b.Y + uy - ny}, {a.X - ux - nx, a.Y - uy - ny},
	}
}

// solidCubes returns the cubes of solution s of a solid, each piece moved
// away from the solid's centre when exploded (by its centre's offset from
// it, rounded, so that cubes stay on the lattice).
func solidCubes(s Tiled, exploded bool) []cube {
	cubes := pieceCubes(s.Board().Cells())
	for i := range cubes {
		_, cubes[i].inst = s.At(i)
	}
	cubes = slices.DeleteFunc(cubes, func(c cube) bool { return c.inst < 0 }) // empty cells
	if exploded {
		explode(cubes, s.Pieces())
	}
	return cubes
}

// explode moves each instance's cubes away from the centre of them all,
// by twice its centre's offset from it, rounded.
func explode(cubes []cube, instances int) {
	var centre [3]float64
	sum := make([][3]float64, instances)
	n := make([]int, instances)
	for _, c := range cubes {
		for i := range 3 {
			centre[i] += float64(c.at[i]) + 0.5
			sum[c.inst][i] += float64(c.at[i]) + 0.5
		}
		n[c.inst]++
	}
	var shift = make([][3]int, instances)
	for k := range instances {
		for i := range 3 {
			if n[k] > 0 {
				shift[k][i] = int(math.Round(2 * (sum[k][i]/float64(n[k]) - centre[i]/float64(len(cubes)))))
			}
		}
	}
	for j := range cubes {
		for i := range 3 {
			cubes[j].at[i] += shift[cubes[j].inst][i]
		}
	}
}

// pieceCubes returns the cubes of a solid piece, one instance.
func pieceCubes(cells []geom.Cell) []cube {
	out := make([]cube, len(cells))
	for i, c := range cells {
		out[i] = cube{at: [3]int{c.Col, c.Row, c.Layer}}
	}
	return out
}

func init() {
	drawers[geom.CubeCells] = func(_ geom.Lattice, view string) drawer {
		if view == ViewLayers {
			return cellDrawer{}
		}
		return isoDrawer{exploded: view == ViewExploded}
	}
}

// isoDrawer draws cubes in space, the pieces of a solution apart when
// exploded. A site hits a solid's cells on its layers (cellDrawer).
type isoDrawer struct {
	cellDrawer
	exploded bool
}

func (isoDrawer) board(b *geom.Board) frameContent {
	return isoContent(pieceCubes(b.Cells()), []int{0}, []string{"board"}, true)
}

func (d isoDrawer) solution(s Tiled) frameContent {
	_, _, pieces := instances(s)
	return isoContent(solidCubes(s, d.exploded), pieces, s.PieceNames(), false)
}

func (isoDrawer) piece(p geom.Piece, i int, names []string) (frameContent, error) {
	return isoContent(pieceCubes(p.Cells), []int{i}, names, false), nil
}

// unused: a solid in space shows no names or grid lines on its faces.
func (isoDrawer) unused() ([]string, string, string) {
	return []string{"letters", "grid"}, "a solid drawn in space", "shows no names or grid lines on its faces (view: layers does)"
}
