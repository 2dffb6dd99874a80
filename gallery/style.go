package gallery

import (
	"fmt"
	"image/color"
	"math"
	"slices"

	"github.com/polytile/polytile/palettes"
)

// The styles a sheet may be drawn in (Options.Style).
const (
	// StyleColor fills the pieces in the palette's colours: the default.
	StyleColor = "color"
	// StyleGrey fills them in distinct grey levels, and hatches some of
	// them, for black-and-white print: more than four pieces take a third
	// as many grey levels, each plain, hatched one way or hatched the
	// other.
	StyleGrey = "grey"
	// StyleOutline fills nothing: the borders, hairlines, are all there
	// is, as a laser cutter wants them (every edge once).
	StyleOutline = "outline"
)

// hairline is the width of the lines of StyleOutline: 0.1 mm.
const hairline = 96 / 254.0

// greyOf returns the grey fill and the hatching (0: none, 1: rising, 2:
// falling) of piece i of n in StyleGrey; plain, n levels of grey and no
// hatching, for lines (a stick's), which are too thin to hatch.
func greyOf(i, n int, plain bool) (color.NRGBA, int) {
	levels, hatch := n, 0
	if n > 4 && !plain {
		levels = (n + 2) / 3
		hatch = i / levels
		i %= levels
	}
	// From dark to light; hatched pieces stay light enough for their lines
	// to show.
	lo, hi := 0.35, 0.95
	if n > 4 && !plain {
		lo = 0.5
	}
	l := hi
	if levels > 1 {
		l = lo + (hi-lo)*float64(i)/float64(levels-1)
	}
	v := uint8(math.Round(255 * l))
	return color.NRGBA{v, v, v, 0xff}, hatch
}

// fillsOf returns the fill of each instance of the given pieces
// (pieces[inst], an index into names), and its hatching, as Options.Style
// fills them, adjacency giving the instances each touches when the
// palette's rule needs them. Copies of a piece (pieces of one name) share
// its fill, unless Options.ShadeCopies gives each its own shade of it.
func (s *sheetLayout) fillsOf(names []string, pieces []int, adjacency func() [][]int) ([]color.NRGBA, []int) {
	hatch := make([]int, len(pieces))
	distinct, of := palettes.DistinctNames(names)
	switch s.Style {
	case StyleGrey:
		colors := make([]color.NRGBA, len(pieces))
		for inst, piece := range pieces {
			colors[inst], hatch[inst] = greyOf(of[piece], len(distinct), s.lines)
		}
		return colors, hatch
	case StyleOutline:
		return make([]color.NRGBA, len(pieces)), hatch
	}
	colors := s.Palette.InstanceColors(names, pieces, adjacency())
	if s.ShadeCopies {
		// The copies of a piece, in the order of their instances.
		copyOf, copies := make([]int, len(pieces)), make([]int, len(distinct))
		for inst, piece := range pieces {
			copyOf[inst] = copies[of[piece]]
			copies[of[piece]]++
		}
		for inst, piece := range pieces {
			colors[inst] = shade(colors[inst], copyOf[inst], copies[of[piece]])
		}
	}
	return colors, hatch
}

// shade returns copy k of n copies' shade of the colour c: the first copy
// c itself, the others lighter and darker in turn, by steps that share out
// the range between.
func shade(c color.NRGBA, k, n int) color.NRGBA {
	if k == 0 || n < 2 {
		return c
	}
	step := float64((k+1)/2) / float64(n/2) // 0 < step <= 1
	to, t := uint8(255), 0.55*step          // odd copies lighter
	if k%2 == 0 {
		to, t = 0, 0.4*step // even copies darker
	}
	mix := func(v uint8) uint8 { return uint8(math.Round(float64(v) + (float64(to)-float64(v))*t)) }
	return color.NRGBA{mix(c.R), mix(c.G), mix(c.B), c.A}
}

// pieceFills returns the fill and hatching of each piece of the given
// names, all different, as a legend shows them.
func (s *sheetLayout) pieceFills(names []string) ([]color.NRGBA, []int) {
	hatch := make([]int, len(names))
	switch s.Style {
	case StyleGrey:
		colors := make([]color.NRGBA, len(names))
		for i := range names {
			colors[i], hatch[i] = greyOf(i, len(names), s.lines)
		}
		return colors, hatch
	case StyleOutline:
		return make([]color.NRGBA, len(names)), hatch
	}
	return s.Palette.PieceColors(names), hatch
}

// hatchLines returns the hatching of kind (1: rising, 2: falling) of the
// shape the rings bound, lines spacing apart: straight lines at 45°
// clipped to the shape by the even-odd rule.
func hatchLines(rings []Ring, kind int, spacing float64) []Segment {
	if kind == 0 || len(rings) == 0 || !(spacing > 0) {
		return nil
	}
	// Lines n·p = t, along u; n is the lines' normal.
	n := Point{math.Sqrt2 / 2, math.Sqrt2 / 2}
	u := Point{math.Sqrt2 / 2, -math.Sqrt2 / 2}
	if kind == 2 {
		n, u = Point{math.Sqrt2 / 2, -math.Sqrt2 / 2}, Point{math.Sqrt2 / 2, math.Sqrt2 / 2}
	}
	dot := func(a, b Point) float64 { return a.X*b.X + a.Y*b.Y }
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, r := range rings {
		for _, p := range r {
			lo, hi = min(lo, dot(n, p)), max(hi, dot(n, p))
		}
	}
	var out []Segment
	for k := math.Floor(lo/spacing - 0.5); ; k++ {
		t := (k + 0.5) * spacing
		if t > hi {
			break
		}
		if t < lo {
			continue
		}
		var cut []float64
		for _, r := range rings {
			for i, a := range r {
				b := r[(i+1)%len(r)]
				na, nb := dot(n, a)-t, dot(n, b)-t
				if (na > 0) == (nb > 0) {
					continue
				}
				f := na / (na - nb)
				cut = append(cut, dot(u, Point{a.X + f*(b.X-a.X), a.Y + f*(b.Y-a.Y)}))
			}
		}
		slices.Sort(cut)
		for i := 0; i+1 < len(cut); i += 2 {
			at := func(v float64) Point { return Point{n.X*t + u.X*v, n.Y*t + u.Y*v} }
			out = append(out, Segment{at(cut[i]), at(cut[i+1])})
		}
	}
	return out
}

// checkStyle checks the names of the style and of a solid's view.
func checkStyle(name, view string) error {
	if view != "" && !slices.Contains(Views(), view) {
		return fmt.Errorf("gallery: unknown view %q; want one of %q", view, Views())
	}
	switch name {
	case "", StyleColor, StyleGrey, StyleOutline:
		return nil
	}
	return fmt.Errorf("gallery: unknown style %q; want %s, %s or %s", name, StyleColor, StyleGrey, StyleOutline)
}
