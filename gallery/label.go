package gallery

import (
	"container/heap"
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
