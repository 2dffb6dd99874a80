package gallery

import (
	"container/heap"
	"image/color"
	"math"
)

// pole returns the point inside the shape the rings bound (by the even-odd
// rule) that is farthest from its outline, its pole of inaccessibility, and
// that distance: the centre and radius of the widest disc inside the
// shape, to within precision. It covers the shape's bounding box with
// squares and splits, best first, those that may hold a farther point
// (the method of V. Agafonkin's polylabel, 2016). Of points as far to
// within precision (along a bar, say), the nearest to the middle of the
// bounding box wins, then the one met first, so that the result is the
// same run after run and a name sits mid-bar.
func pole(rings []Ring, precision float64) (Point, float64) {
	lo, hi := Point{math.Inf(1), math.Inf(1)}, Point{math.Inf(-1), math.Inf(-1)}
	for _, r := range rings {
		for _, p := range r {
			lo.X, lo.Y = min(lo.X, p.X), min(lo.Y, p.Y)
			hi.X, hi.Y = max(hi.X, p.X), max(hi.Y, p.Y)
		}
	}
	w, h := hi.X-lo.X, hi.Y-lo.Y
	side := min(w, h)
	if !(side > 0) {
		return lo, 0
	}
	var q squares
	add := func(x, y, half float64) *square {
		c := Point{x, y}
		d := distToRings(c, rings)
		if !insideRingsLoose(c, rings) {
			d = -d
		}
		s := &square{c: c, half: half, d: d, max: d + half*math.Sqrt2, seq: len(q.all)}
		q.all = append(q.all, s)
		heap.Push(&q, s)
		return s
	}
	half := side / 2
	for x := lo.X; x < hi.X; x += side {
		for y := lo.Y; y < hi.Y; y += side {
			add(x+half, y+half, half)
		}
	}
	mid := Point{lo.X + w/2, lo.Y + h/2}
	best := add(mid.X, mid.Y, 0)
	better := func(c *square) bool {
		switch {
		case c.d > best.d+precision/2:
			return true
		case c.d < best.d-precision/2:
			return false
		}
		return math.Hypot(c.c.X-mid.X, c.c.Y-mid.Y) < math.Hypot(best.c.X-mid.X, best.c.Y-mid.Y)-1e-9
	}
	for q.Len() > 0 {
		s := heap.Pop(&q).(*square)
		if better(s) {
			best = s
		}
		if s.max-best.d <= precision {
			continue
		}
		h := s.half / 2
		for _, o := range [4][2]float64{{-1, -1}, {1, -1}, {-1, 1}, {1, 1}} {
			if c := add(s.c.X+o[0]*h, s.c.Y+o[1]*h, h); better(c) {
				best = c
			}
		}
	}
	return best.c, max(best.d, 0)
}

// insideRingsLoose reports whether q is inside the rings by the even-odd
// rule, on the outline or not.
func insideRingsLoose(q Point, rings []Ring) bool {
	in := false
	for _, r := range rings {
		for i, a := range r {
			b := r[(i+1)%len(r)]
			if (a.Y > q.Y) != (b.Y > q.Y) && q.X < a.X+(q.Y-a.Y)*(b.X-a.X)/(b.Y-a.Y) {
				in = !in
			}
		}
	}
	return in
}

// square is a square of pole's search: its centre, half its side, the
// centre's signed distance to the outline (positive inside) and the most
// any point of it can have.
type square struct {
	c       Point
	half, d float64
	max     float64
	seq     int
}

// squares is a max-heap of squares by max, then by the order made.
type squares struct {
	h   []*square
	all []*square
}

func (q *squares) Len() int { return len(q.h) }
func (q *squares) Less(i, j int) bool {
	if q.h[i].max != q.h[j].max {
		return q.h[i].max > q.h[j].max
	}
	return q.h[i].seq < q.h[j].seq
}
func (q *squares) Swap(i, j int) { q.h[i], q.h[j] = q.h[j], q.h[i] }
func (q *squares) Push(x any)    { q.h = append(q.h, x.(*square)) }
func (q *squares) Pop() any {
	s := q.h[len(q.h)-1]
	q.h = q.h[:len(q.h)-1]
	return s
}

// letterHeight is the height of a line of text, as a share of its size,
// that must fit inside a piece with its width: the Go fonts' capitals and
// descenders.
const letterHeight = 0.8

// letterSize returns the size at which text fits, width and height, in a
// disc of radius r pixels (a piece's widest, less the half of the border
// that is drawn inside it), at most the normal letter size; and whether at
// that size it is too small to read, under half of it.
func (s *sheetLayout) letterSize(text string, r float64) (size float64, tooSmall bool, err error) {
	normal := s.cell * 0.5
	k, err := s.measure(text, 1, true)
	if err != nil {
		return 0, false, err
	}
	// (k·size/2)² + (letterHeight·size/2)² ≤ (0.95 r)²
	fit := 2 * 0.95 * max(r, 0) / math.Hypot(k, letterHeight)
	size = min(normal, fit)
	return size, size < normal/2, nil
}

// abbreviation returns the short name a piece takes when its name does
// not fit on it: a, b, …, z, aa, ab, … by its index.
func abbreviation(i int) string {
	s := ""
	for i++; i > 0; i = (i - 1) / 26 {
		s = string(rune('a'+(i-1)%26)) + s
	}
	return s
}

// letterLight is the light colour letters may take on dark fills.
var letterLight = color.NRGBA{0xff, 0xff, 0xff, 0xff}

// letterColor returns the colour to write a letter in on a piece of the
// given fill: the border's colour (near-black by default) or white,
// whichever has the higher contrast ratio with the fill (WCAG 2.2,
// https://www.w3.org/TR/WCAG22/#dfn-contrast-ratio), white on near ties
// (within a tenth): a mid-grey fill, darkened by the hatching around
// the name in StyleGrey, reads better with light text.
// A fill that is not opaque is taken over the sheet's background, or over
// white when the background is not opaque either, as on most pages and
// viewers.
func (s *sheetLayout) letterColor(fill color.NRGBA) color.NRGBA {
	under := letterLight
	if s.Background.A == 0xff {
		under = s.Background
	}
	l := luminance(over(fill, under))
	dark, light := s.BorderColor, letterLight
	if contrast(l, luminance(light)) >= 0.9*contrast(l, luminance(dark)) {
		return light
	}
	return dark
}

// over returns c composited over the opaque colour under.
func over(c, under color.NRGBA) color.NRGBA {
	a := float64(c.A) / 0xff
	mix := func(x, y uint8) uint8 { return uint8(math.Round(float64(x)*a + float64(y)*(1-a))) }
	return color.NRGBA{mix(c.R, under.R), mix(c.G, under.G), mix(c.B, under.B), 0xff}
}

// luminance returns the relative luminance of c's colour, ignoring its
// alpha: 0 for black, 1 for white (WCAG 2.2,
// https://www.w3.org/TR/WCAG22/#dfn-relative-luminance, with the sRGB
// threshold 0.04045 of IEC 61966-2-1).
func luminance(c color.NRGBA) float64 {
	lin := func(v uint8) float64 {
		x := float64(v) / 0xff
		if x <= 0.04045 {
			return x / 12.92
		}
		return math.Pow((x+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(c.R) + 0.7152*lin(c.G) + 0.0722*lin(c.B)
}

// contrast returns the contrast ratio of two relative luminances, from 1
// to 21: (L1 + 0.05) / (L2 + 0.05) with L1 the lighter.
func contrast(a, b float64) float64 {
	if a < b {
		a, b = b, a
	}
	return (a + 0.05) / (b + 0.05)
}

// A clear patch under each piece's name: the hatching of StyleGrey stops
// short of the letters, so that a name never sits on lines it could merge
// with, whatever the resolution. (Grid lines, thin and light, run on: they
// mark the cells the name is written across.)

// patch is a rectangle, X0 < X1, Y0 < Y1.
type patch struct{ X0, Y0, X1, Y1 float64 }

// letterPatch returns the patch kept clear under t, a name centred on
// (t.X, t.Y): its measured box with a margin of a fifth of its size.
func (s *sheetLayout) letterPatch(t Text) (patch, error) {
	k, err := s.measure(t.Text, 1, t.Bold)
	if err != nil {
		return patch{}, err
	}
	w, h := k*t.Size/2+t.Size/5, letterHeight*t.Size/2+t.Size/5
	return patch{t.X - w, t.Y - h, t.X + w, t.Y + h}, nil
}

// clearPatches returns segs with the parts inside the patches taken out.
func clearPatches(segs []Segment, patches []patch) []Segment {
	if len(patches) == 0 {
		return segs
	}
	var out []Segment
	for _, sg := range segs {
		pieces := []Segment{sg}
		for _, p := range patches {
			var next []Segment
			for _, q := range pieces {
				next = append(next, p.cut(q)...)
			}
			pieces = next
		}
		out = append(out, pieces...)
	}
	return out
}

// cut returns the parts of sg outside p: sg itself, one part or two.
func (p patch) cut(sg Segment) []Segment {
	// Liang–Barsky: the parameters t in [0, 1] of sg inside p.
	dx, dy := sg.B.X-sg.A.X, sg.B.Y-sg.A.Y
	t0, t1 := 0.0, 1.0
	for _, e := range [4][2]float64{{-dx, sg.A.X - p.X0}, {dx, p.X1 - sg.A.X}, {-dy, sg.A.Y - p.Y0}, {dy, p.Y1 - sg.A.Y}} {
		q, r := e[0], e[1]
		switch {
		case q == 0 && r < 0:
			return []Segment{sg} // parallel to the edge, outside it
		case q < 0:
			t0 = max(t0, r/q)
		case q > 0:
			t1 = min(t1, r/q)
		}
	}
	if t0 >= t1 {
		return []Segment{sg}
	}
	at := func(t float64) Point { return Point{sg.A.X + t*dx, sg.A.Y + t*dy} }
	var out []Segment
	if t0 > 1e-9 {
		out = append(out, Segment{sg.A, at(t0)})
	}
	if t1 < 1-1e-9 {
		out = append(out, Segment{at(t1), sg.B})
	}
	return out
}
