package gallery

import (
	"fmt"
	"image/color"
	"math"
	"slices"
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
// falling) of piece i of n in StyleGrey.
func greyOf(i, n int) (color.NRGBA, int) {
	levels, hatch := n, 0
	if n > 4 {
		levels = (n + 2) / 3
		hatch = i / levels
		i %= levels
	}
	// From dark to light; hatched pieces stay light enough for their lines
	// to show.
	lo, hi := 0.35, 0.95
	if n > 4 {
		lo = 0.5
	}
	l := hi
	if levels > 1 {
		l = lo + (hi-lo)*float64(i)/float64(levels-1)
	}
	v := uint8(math.Round(255 * l))
	return color.NRGBA{v, v, v, 0xff}, hatch
}

// fills returns the fill of each instance of c, and its hatching, as
// Options.Style fills them.
func (s *sheetLayout) fills(c *content) ([]color.NRGBA, []int) {
	hatch := make([]int, len(c.pieces))
	switch s.Style {
	case StyleGrey:
		colors := make([]color.NRGBA, len(c.pieces))
		for inst, piece := range c.pieces {
			colors[inst], hatch[inst] = greyOf(piece, len(c.names))
		}
		return colors, hatch
	case StyleOutline:
		return make([]color.NRGBA, len(c.pieces)), hatch
	}
	return s.Palette.InstanceColors(c.names, c.pieces, c.adjacency()), hatch
}

// pieceFills returns the fill and hatching of each piece of the given
// names, as a legend shows them.
func (s *sheetLayout) pieceFills(names []string) ([]color.NRGBA, []int) {
	hatch := make([]int, len(names))
	switch s.Style {
	case StyleGrey:
		colors := make([]color.NRGBA, len(names))
		for i := range names {
			colors[i], hatch[i] = greyOf(i, len(names))
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

// legendEntry is one piece in a legend: its name and look.
type legendEntry struct {
	piece string
	name  string // what the legend writes: the name, or "a = name"
	fill  color.NRGBA
	hatch int
	w     float64 // the entry's width: swatch, space, name
}

// legend returns the legend's entries for the pieces of the given names,
// measured.
func (s *sheetLayout) legend(names []string) ([]legendEntry, error) {
	fills, hatch := s.pieceFills(names)
	out := make([]legendEntry, len(names))
	for i, name := range names {
		text := name
		if a, ok := s.abbrev[name]; ok {
			text = a + " = " + name
		}
		w, err := s.measure(text, s.caption, false)
		if err != nil {
			return nil, err
		}
		out[i] = legendEntry{piece: name, name: text, fill: fills[i], hatch: hatch[i], w: s.caption*1.5 + w}
	}
	return out, nil
}

// legendRows splits the entries into rows no wider than width (at least
// one entry a row) and returns the first index of each row.
func (s *sheetLayout) legendRows(entries []legendEntry, width float64) []int {
	var rows []int
	x := math.Inf(1)
	for i, e := range entries {
		gap := s.caption * 1.5
		if x+gap+e.w > width && x > 0 || i == 0 {
			rows = append(rows, i)
			x = e.w
			continue
		}
		x += gap + e.w
	}
	return rows
}

// legendHeight returns the height of the band the legend takes on a page
// whose frames are width wide.
func (s *sheetLayout) legendHeight(width float64) float64 {
	if len(s.legendEntries) == 0 {
		return 0
	}
	return float64(len(s.legendRows(s.legendEntries, width)))*s.caption*1.8 + s.caption
}

// drawLegend adds the legend to the sheet, below the frames, in the band
// legendHeight makes room for: a swatch in each piece's fill (outlined,
// hatched as the pieces are) and its name, in rows centred on the page.
func (s *sheetLayout) drawLegend(sh *Sheet, top, width float64) {
	entries := s.legendEntries
	rows := s.legendRows(entries, width)
	size := s.caption
	for r, first := range rows {
		last := len(entries)
		if r+1 < len(rows) {
			last = rows[r+1]
		}
		rowW := 0.0
		for _, e := range entries[first:last] {
			rowW += e.w
		}
		rowW += float64(last-first-1) * size * 1.5
		x := (sh.Width - rowW) / 2
		y := top + size + float64(r)*size*1.8
		for _, e := range entries[first:last] {
			box := Ring{{x, y}, {x + size, y}, {x + size, y + size}, {x, y + size}}
			f := Frame{X: x, Y: y, Width: size, Height: size, Title: "legend: " + e.piece,
				Borders: []Segment{{box[0], box[1]}, {box[1], box[2]}, {box[2], box[3]}, {box[3], box[0]}}}
			f.Shapes = []Shape{{Piece: e.piece, Fill: e.fill, Outline: []Ring{box}}}
			f.Hatch = hatchLines([]Ring{box}, e.hatch, size/3)
			f.Letters = []Text{{X: x + size*1.5, Y: y + size/2, Anchor: AnchorStart, Size: size, Color: s.BorderColor, Text: e.name}}
			sh.Frames = append(sh.Frames, f)
			x += e.w + size*1.5
		}
	}
}

// checkStyle checks the style's name.
func checkStyle(name string) error {
	switch name {
	case "", StyleColor, StyleGrey, StyleOutline:
		return nil
	}
	return fmt.Errorf("gallery: unknown style %q; want %s, %s or %s", name, StyleColor, StyleGrey, StyleOutline)
}
