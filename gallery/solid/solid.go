// Package solid computes the pictures of solids made of unit cubes, as
// package gallery draws them: the faces a viewer above, in front and to the
// right sees, in isometric projection, far to near, with the edges that
// outline each piece; the solid turned over, to show the faces below,
// behind and to the left; its layers side by side; its pieces moved apart;
// and the steps of its assembly, piece by piece. It knows no palettes,
// names or sheets: a picture is polygons in cells, each a face of an
// instance (a piece put down), shaded, or an edge, for the gallery to
// fill in the instance's colour (Shaded).
package solid

import (
	"cmp"
	"image/color"
	"maps"
	"math"
	"slices"
)

// Cube is a unit cube of a solid: where it is, and the instance it
// belongs to.
type Cube struct {
	At   [3]int // column, row, layer: x to the right, y to the front, z up
	Inst int
}

// Point is a point of a picture, in cells, x to the right and y down.
type Point struct{ X, Y float64 }

// Part is one polygon of a picture: a face of a cube, to be filled in its
// instance's colour and shaded, or an edge, a line from Pts[0] to Pts[1].
type Part struct {
	Inst  int     // the instance whose face it is; -1: an edge
	Shade float64 // toward white (+) or black (−), a fraction
	Faint bool    // put down before, in a step of an assembly: drawn pale
	Pts   []Point
}

// Picture is a solid's picture: its size, in cells, and its parts in the
// order they are drawn, each covering those before.
type Picture struct {
	W, H  float64
	Parts []Part
}

// Shaded returns c mixed toward white (shade > 0) or black (shade < 0) by
// |shade|, as a face of that shade is filled; a transparent fill stays so.
func Shaded(c color.NRGBA, shade float64) color.NRGBA {
	if c.A == 0 || shade == 0 {
		return c
	}
	to := 255.0
	if shade < 0 {
		to, shade = 0, -shade
	}
	mix := func(v uint8) uint8 { return uint8(math.Round(float64(v) + (to-float64(v))*shade)) }
	return color.NRGBA{mix(c.R), mix(c.G), mix(c.B), c.A}
}

// Shades of the faces in sight, toward white (+) or black (−): small, so
// that a piece's top or side never comes near another piece's colour (an
// edge outlines each piece's faces besides).
const (
	ShadeTop   = 0.08
	ShadeRight = -0.08
	// Pale is how far toward white a Faint part is drawn, over its shade.
	Pale = 0.7
)

// face is a face of a cube that a viewer above, in front and to the right
// sees: its normal, its corners in order as offsets from the cube's
// corner, the way across each edge k (from corner k to k + 1) away from
// the face, and its shade.
type face struct {
	normal [3]int
	corner [4][3]int
	across [4][3]int
	shade  float64
}

// faces are the top, the front and the right face.
var faces = func() []face {
	fs := []face{
		{normal: [3]int{0, 0, 1}, corner: [4][3]int{{0, 0, 1}, {1, 0, 1}, {1, 1, 1}, {0, 1, 1}}, shade: ShadeTop},
		{normal: [3]int{0, 1, 0}, corner: [4][3]int{{0, 1, 0}, {1, 1, 0}, {1, 1, 1}, {0, 1, 1}}},
		{normal: [3]int{1, 0, 0}, corner: [4][3]int{{1, 0, 0}, {1, 1, 0}, {1, 1, 1}, {1, 0, 1}}, shade: ShadeRight},
	}
	for f := range fs {
		fc := &fs[f]
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
	return fs
}()

func add(a, b [3]int) [3]int { return [3]int{a[0] + b[0], a[1] + b[1], a[2] + b[2]} }

// bounds returns the box the cubes fill, from lo to hi (exclusive).
func bounds(cubes []Cube) (lo, hi [3]int) {
	if len(cubes) == 0 {
		return lo, hi
	}
	lo, hi = cubes[0].At, add(cubes[0].At, [3]int{1, 1, 1})
	for _, c := range cubes {
		for i := range 3 {
			lo[i], hi[i] = min(lo[i], c.At[i]), max(hi[i], c.At[i]+1)
		}
	}
	return lo, hi
}

// project returns where a point of space lies in isometric projection.
func project(x, y, z float64) (float64, float64) {
	const cos30 = 0.8660254037844386
	return (x - y) * cos30, (x+y)*0.5 - z
}

// Iso returns the cubes in isometric view, seen from above, in front and
// to the right, in the box they fill. Each face in sight is a part, and
// after it each of its edges where the face of the next cube across it,
// of the same piece, does not go on: one outline for each region of a
// piece's faces. Cubes come far to near, covering those behind.
func Iso(cubes []Cube) Picture {
	lo, hi := bounds(cubes)
	return iso(cubes, lo, hi, nil)
}

// iso is Iso in the box from lo to hi, the instances faint says drawn
// faint (nil: none).
func iso(cubes []Cube, lo, hi [3]int, faint func(inst int) bool) Picture {
	occupied := make(map[[3]int]int, len(cubes))
	for _, c := range cubes {
		occupied[c.At] = c.Inst
	}
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, x := range []int{lo[0], hi[0]} {
		for _, y := range []int{lo[1], hi[1]} {
			for _, z := range []int{lo[2], hi[2]} {
				px, py := project(float64(x), float64(y), float64(z))
				minX, minY, maxX, maxY = min(minX, px), min(minY, py), max(maxX, px), max(maxY, py)
			}
		}
	}
	at := func(c [3]int, k [3]int) Point {
		px, py := project(float64(c[0]+k[0]), float64(c[1]+k[1]), float64(c[2]+k[2]))
		return Point{px - minX, py - minY}
	}
	order := slices.Clone(cubes)
	slices.SortStableFunc(order, func(a, b Cube) int {
		return cmp.Compare(a.At[0]+a.At[1]+a.At[2], b.At[0]+b.At[1]+b.At[2])
	})
	same := func(c [3]int, inst int) bool { i, ok := occupied[c]; return ok && i == inst }
	pic := Picture{W: maxX - minX, H: maxY - minY}
	for _, c := range order {
		pale := faint != nil && faint(c.Inst)
		for _, fc := range faces {
			if _, ok := occupied[add(c.At, fc.normal)]; ok {
				continue // another cube covers this face
			}
			ring := make([]Point, 4)
			for k, corner := range fc.corner {
				ring[k] = at(c.At, corner)
			}
			pic.Parts = append(pic.Parts, Part{Inst: c.Inst, Shade: fc.shade, Faint: pale, Pts: ring})
			for k, d := range fc.across {
				next := add(c.At, d)
				if _, covered := occupied[add(next, fc.normal)]; same(next, c.Inst) && !covered {
					continue
				}
				pic.Parts = append(pic.Parts, Part{Inst: -1, Faint: pale, Pts: []Point{ring[k], ring[(k+1)%4]}})
			}
		}
	}
	return pic
}

// Turned returns the cubes turned over, half a turn about the axis that
// runs left to right across an isometric picture, so that Iso shows the
// faces below, behind and to the left: the bottom on top. What is on the
// left of the picture stays on the left.
func Turned(cubes []Cube) []Cube {
	out := make([]Cube, len(cubes))
	for i, c := range cubes {
		x, y, z := c.At[0], c.At[1], c.At[2]
		out[i] = Cube{At: [3]int{-y - 1, -x - 1, -z - 1}, Inst: c.Inst}
	}
	return out
}

// Layers returns the cubes' layers side by side, the bottom one first, a
// column apart, each cube a square as seen from above, and edges, the
// longest straight lines, wherever a square meets another piece's or none.
func Layers(cubes []Cube) Picture {
	lo, hi := bounds(cubes)
	w := hi[0] - lo[0]
	occupied := make(map[[3]int]int, len(cubes))
	for _, c := range cubes {
		occupied[c.At] = c.Inst
	}
	pic := Picture{W: float64((hi[2]-lo[2])*(w+1) - 1), H: float64(hi[1] - lo[1])}
	edges := map[unit]bool{}
	for _, c := range cubes {
		x, y := (c.At[2]-lo[2])*(w+1)+c.At[0]-lo[0], c.At[1]-lo[1]
		fx, fy := float64(x), float64(y)
		pic.Parts = append(pic.Parts, Part{Inst: c.Inst, Pts: []Point{{fx, fy}, {fx + 1, fy}, {fx + 1, fy + 1}, {fx, fy + 1}}})
		// The top, right, bottom and left edges, and the way across each.
		for k, d := range [4][2]int{{0, -1}, {1, 0}, {0, 1}, {-1, 0}} {
			if j, ok := occupied[[3]int{c.At[0] + d[0], c.At[1] + d[1], c.At[2]}]; !ok || j != c.Inst {
				edges[[4]unit{{x, y, 0}, {x + 1, y, 1}, {x, y + 1, 0}, {x, y, 1}}[k]] = true
			}
		}
	}
	pic.Parts = append(pic.Parts, runs(edges)...)
	return pic
}

// unit is an edge of a cell of a picture of layers: from x, y one cell
// to the right (dir 0) or down (dir 1).
type unit struct{ x, y, dir int }

// runs returns unit edges joined into the longest straight lines, in
// order: across, then down, top to bottom, left to right.
func runs(units map[unit]bool) []Part {
	keys := slices.SortedFunc(maps.Keys(units), func(a, b unit) int {
		return cmp.Or(cmp.Compare(a.dir, b.dir), cmp.Compare(a.y, b.y), cmp.Compare(a.x, b.x))
	})
	var out []Part
	for _, u := range keys {
		dx, dy := 1-u.dir, u.dir
		if units[unit{u.x - dx, u.y - dy, u.dir}] {
			continue // inside a line begun before
		}
		n := 1
		for units[unit{u.x + n*dx, u.y + n*dy, u.dir}] {
			n++
		}
		out = append(out, Part{Inst: -1, Pts: []Point{{float64(u.x), float64(u.y)}, {float64(u.x + n*dx), float64(u.y + n*dy)}}})
	}
	return out
}

// Overview returns the picture that shows every piece of a solid: the
// solid seen from above (Iso) beside it turned over (Turned), and its
// layers (Layers) under them, where even a piece inside it shows.
func Overview(cubes []Cube) Picture {
	corners := Arrange([]Picture{Iso(cubes), Iso(Turned(cubes))}, true, 1)
	return Arrange([]Picture{corners, Layers(cubes)}, false, 1)
}

// Arrange returns the pictures put in a row (across) or a column, gap
// cells apart, each centred on the other axis.
func Arrange(pics []Picture, across bool, gap float64) Picture {
	var out Picture
	for _, p := range pics {
		if across {
			out.W, out.H = out.W+p.W, max(out.H, p.H)
		} else {
			out.W, out.H = max(out.W, p.W), out.H+p.H
		}
	}
	along := &out.H
	if across {
		along = &out.W
	}
	*along += gap * float64(max(len(pics)-1, 0))
	at := 0.0
	for _, p := range pics {
		dx, dy := at, (out.H-p.H)/2
		if !across {
			dx, dy = (out.W-p.W)/2, at
		}
		for _, part := range p.Parts {
			pts := make([]Point, len(part.Pts))
			for i, q := range part.Pts {
				pts[i] = Point{q.X + dx, q.Y + dy}
			}
			part.Pts = pts
			out.Parts = append(out.Parts, part)
		}
		if across {
			at += p.W + gap
		} else {
			at += p.H + gap
		}
	}
	return out
}
