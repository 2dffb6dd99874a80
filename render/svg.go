package render

import (
	"bufio"
	"encoding/xml"
	"fmt"
	"image/color"
	"io"
	"math"
	"strconv"
	"strings"
	"unicode"

	svg "github.com/ajstarks/svgo"

	"github.com/polytile/polytile/gallery"
)

var _ gallery.Canvas = (*svgCanvas)(nil)

// svgCanvas draws a sheet as an SVG document (SVG 1.1,
// https://www.w3.org/TR/SVG11/), streaming it to the output as Sheet.Draw
// replays the sheet.
//
// The document shares what it can: a <style> block (§6.4) holds one class
// per fill colour, one per stroke style and one per text style, found by
// scanning the sheet when the SVG is made, so each piece is a <path> (§8)
// with only a class and its outline, in the order of the frame's shapes.
// Each frame is a <g> (§5.2) whose <title> (§5.4) is the frame's title,
// translated to the frame's top-left corner so that the numbers inside are
// small; its borders are one path of horizontal and vertical subpaths, and
// so are its grid lines. Polylines (the stick lattice's pieces, each an
// outline and a line in its colour, and the grid points' dots) are paths
// of round caps and joins, a class per width and colour (p0, p1, …).
// Coordinates are in user units with at most two
// decimals. All text is XML-escaped.
//
// Piece names are not written on the paths (a data- attribute on each
// would add a sixth to a poster's size); Letters in the layout show them.
type svgCanvas struct {
	out *output
	w   *bufio.Writer // writes to out; its errors are sticky: after one, writes do nothing
	doc *svg.SVG      // writes to w

	fills   map[color.NRGBA]int // fill colour → class index
	strokes map[strokeStyle]string
	lines   map[strokeStyle]int // a polyline's style → class index
	texts   map[textStyle]int
	buf     []byte // scratch for path data
	ox, oy  int64  // the origin of the current frame, in hundredths
	skip    bool   // stopped: draw nothing more
	family  string // the value of font-family
	italic  bool   // the font's regular face is italic
}

// strokeStyle is the look of a Stroke call.
type strokeStyle struct {
	width float64
	c     color.NRGBA
}

// textStyle is the look of a Text.
type textStyle struct {
	size   float64
	bold   bool
	c      color.NRGBA
	anchor gallery.Anchor
}

func styleOf(t *gallery.Text) textStyle {
	return textStyle{size: t.Size, bold: t.Bold, c: t.Color, anchor: t.Anchor}
}

// encodeSVG writes s to out as an SVG document: the root <svg> element,
// sized as the sheet, its style sheet and its background (if the sheet's
// is not transparent), then the sheet as Sheet.Draw replays it.
func encodeSVG(out *output, s *gallery.Sheet) error {
	c := newSVGCanvas(out, s)
	s.Draw(c)
	c.doc.End()
	if err := c.w.Flush(); err != nil {
		return wrap("SVG", err)
	}
	return wrap("SVG", out.err)
}

// newSVGCanvas starts the document for s on out.
func newSVGCanvas(out *output, s *gallery.Sheet) *svgCanvas {
	c := &svgCanvas{
		out:     out,
		w:       bufio.NewWriterSize(out, 64<<10),
		fills:   map[color.NRGBA]int{},
		strokes: map[strokeStyle]string{},
		lines:   map[strokeStyle]int{},
		texts:   map[textStyle]int{},
	}
	c.family, c.italic = cssFamily(s.Font)
	c.doc = svg.New(c.w)
	w, h := num(s.Width), num(s.Height)
	if s.PhysicalWidth > 0 && s.PhysicalHeight > 0 {
		w, h = s.SizeText()
	}
	c.doc.Startraw(
		`width="`+w+`"`,
		`height="`+h+`"`,
		`viewBox="0 0 `+num(s.Width)+` `+num(s.Height)+`"`)
	c.doc.Style("text/css", c.styleSheet(s)...)
	if bg := s.Background; bg.A != 0 {
		c.w.WriteString(`<rect width="100%" height="100%" fill="` + hex(bg) + `"`)
		if bg.A != 0xff {
			c.w.WriteString(` fill-opacity="` + opacity(bg.A) + `"`)
		}
		c.w.WriteString("/>\n")
	}
	return c
}

// textRule returns the rule of class t<k>, text in style st.
func textRule(st textStyle, k int) string {
	rule := fmt.Sprintf(".t%d{font-size:%spx;fill:%s", k, num(st.size), hex(st.c))
	if st.c.A != 0xff {
		rule += ";fill-opacity:" + opacity(st.c.A)
	}
	if st.bold {
		rule += ";font-weight:bold"
	}
	switch st.anchor {
	case gallery.AnchorMiddle:
		rule += ";text-anchor:middle"
	case gallery.AnchorEnd:
		rule += ";text-anchor:end"
	}
	return rule + "}"
}

// closeRule closes rule, with the opacity of paint ("fill", "stroke")
// when its alpha a is not opaque.
func closeRule(rule, paint string, a uint8) string {
	if a != 0xff {
		rule += ";" + paint + "-opacity:" + opacity(a)
	}
	return rule + "}"
}

// styleSheet scans s for its fill colours, stroke styles and text styles,
// in the order Draw meets them, and returns a CSS rule for each.
func (c *svgCanvas) styleSheet(s *gallery.Sheet) []string {
	var rules []string
	addText := func(t *gallery.Text) {
		if t == nil {
			return
		}
		st := styleOf(t)
		if _, ok := c.texts[st]; ok {
			return
		}
		c.texts[st] = len(c.texts)
		rules = append(rules, textRule(st, c.texts[st]))
	}
	addStroke := func(width float64, col color.NRGBA, class string) {
		st := strokeStyle{width, col}
		if _, ok := c.strokes[st]; ok {
			return
		}
		c.strokes[st] = class
		rules = append(rules, closeRule(fmt.Sprintf(".%s{fill:none;stroke:%s;stroke-width:%s;stroke-linecap:square", class, hex(col), num(width)), "stroke", col.A))
	}
	addText(s.Title)
	grid := false
	for i := range s.Frames {
		f := &s.Frames[i]
		for _, sh := range f.Shapes {
			if _, ok := c.fills[sh.Fill]; !ok && sh.Fill.A != 0 {
				k := len(c.fills)
				c.fills[sh.Fill] = k
				rules = append(rules, closeRule(fmt.Sprintf(".f%d{fill:%s", k, hex(sh.Fill)), "fill", sh.Fill.A))
			}
		}
		grid = grid || len(f.Grid) > 0
		for k := range f.Letters {
			addText(&f.Letters[k])
		}
		addText(f.Caption)
	}
	addStroke(s.BorderWidth, s.BorderColor, "b")
	if grid {
		addStroke(s.GridWidth, s.GridColor, "g")
	}
	for _, st := range polylineStyles(s) {
		k := len(c.lines)
		c.lines[st] = k
		rules = append(rules, closeRule(fmt.Sprintf(".p%d{fill:none;stroke:%s;stroke-width:%s;stroke-linecap:round;stroke-linejoin:round", k, hex(st.c), num(st.width)), "stroke", st.c.A))
	}
	if len(c.texts) > 0 {
		italic := ""
		if c.italic {
			italic = ";font-style:italic"
		}
		rules = append(rules, "text{font-family:"+c.family+italic+";dominant-baseline:central}")
	}
	return rules
}

// BeginFrame starts the frame's group, with its title. The group's origin
// is the frame's top-left corner, so that the coordinates inside it are
// small numbers.
func (c *svgCanvas) BeginFrame(f *gallery.Frame) {
	if c.skip = c.out.stopped(); c.skip {
		return
	}
	c.ox, c.oy = hundredths(f.X), hundredths(f.Y)
	b := append(c.buf[:0], `<g transform="translate(`...)
	b = appendHundredths(b, c.ox)
	b = append(b, ' ')
	b = appendHundredths(b, c.oy)
	b = append(b, `)">`...)
	c.buf = b
	c.w.Write(b)
	c.doc.Title(f.Title) // escaped by svgo
}

// EndFrame ends the frame's group.
func (c *svgCanvas) EndFrame() {
	if c.skip {
		return
	}
	c.doc.Gend()
	c.ox, c.oy = 0, 0
}

// appendSubpath appends a subpath through pts: a move to the first and
// relative horizontal and vertical lines (or straight lines where a side is
// slanted) to the others, a point that repeats the one before it left out.
func (c *svgCanvas) appendSubpath(b []byte, pts []gallery.Point) []byte {
	x, y := c.local(pts[0])
	b = append(b, 'M')
	b = appendHundredths(b, x)
	b = append(b, ' ')
	b = appendHundredths(b, y)
	for _, p := range pts[1:] {
		nx, ny := c.local(p)
		switch {
		case ny == y && nx == x:
			continue
		case ny == y:
			b = append(b, 'h')
			b = appendHundredths(b, nx-x)
		case nx == x:
			b = append(b, 'v')
			b = appendHundredths(b, ny-y)
		default:
			b = append(b, 'l')
			b = appendHundredths(b, nx-x)
			b = append(b, ' ')
			b = appendHundredths(b, ny-y)
		}
		x, y = nx, ny
	}
	return b
}

// local returns p in hundredths from the current origin.
func (c *svgCanvas) local(p gallery.Point) (x, y int64) {
	return hundredths(p.X) - c.ox, hundredths(p.Y) - c.oy
}

// Fill writes the shape as a path: one subpath per ring, each a move to its
// first point and relative horizontal and vertical lines (or straight lines
// where a side is slanted) to the others.
func (c *svgCanvas) Fill(s *gallery.Shape) {
	if c.skip {
		return
	}
	b := c.buf[:0]
	for _, r := range s.Outline {
		if len(r) == 0 {
			continue
		}
		b = c.appendSubpath(b, r)
		b = append(b, 'z')
	}
	c.buf = b
	c.w.WriteString(`<path`)
	if k, ok := c.fills[s.Fill]; ok {
		c.w.WriteString(` class="f`)
		c.w.WriteString(strconv.Itoa(k))
		c.w.WriteString(`"`)
	} else {
		c.w.WriteString(` fill="` + hex(s.Fill) + `"`)
		if s.Fill.A != 0xff {
			c.w.WriteString(` fill-opacity="` + opacity(s.Fill.A) + `"`)
		}
	}
	c.w.WriteString(` d="`)
	c.w.Write(b)
	c.w.WriteString("\"/>\n")
}

// Stroke writes the segments as one path of subpaths: "M x y H x" for a
// horizontal segment, "M x y V y" for a vertical one, "M x y L x y"
// otherwise.
func (c *svgCanvas) Stroke(segs []gallery.Segment, width float64, col color.NRGBA) {
	if c.skip {
		return
	}
	b := c.buf[:0]
	for _, sg := range segs {
		ax, ay := c.local(sg.A)
		bx, by := c.local(sg.B)
		b = append(b, 'M')
		b = appendHundredths(b, ax)
		b = append(b, ' ')
		b = appendHundredths(b, ay)
		switch {
		case ay == by:
			b = append(b, 'H')
			b = appendHundredths(b, bx)
		case ax == bx:
			b = append(b, 'V')
			b = appendHundredths(b, by)
		default:
			b = append(b, 'L')
			b = appendHundredths(b, bx)
			b = append(b, ' ')
			b = appendHundredths(b, by)
		}
	}
	c.buf = b
	if len(b) == 0 {
		return
	}
	c.w.WriteString(`<path`)
	if class, ok := c.strokes[strokeStyle{width, col}]; ok {
		c.w.WriteString(` class="` + class + `"`)
	} else {
		c.w.WriteString(` fill="none" stroke="` + hex(col) + `" stroke-width="` + num(width) + `" stroke-linecap="square"`)
		if col.A != 0xff {
			c.w.WriteString(` stroke-opacity="` + opacity(col.A) + `"`)
		}
	}
	c.w.WriteString(` d="`)
	c.w.Write(b)
	c.w.WriteString("\"/>\n")
}

// Polyline writes the paths as one path element of round caps and joins
// (SVG 1.1 §11.4): a subpath per path, a move to its first point and
// relative lines to the others; a path of one point is a line of length
// zero, "h0", which round caps draw as a dot (§11.4, on zero-length
// subpaths).
func (c *svgCanvas) Polyline(paths [][]gallery.Point, width float64, col color.NRGBA) {
	if c.skip {
		return
	}
	b := c.buf[:0]
	for _, path := range paths {
		if len(path) == 0 {
			continue
		}
		b = c.appendSubpath(b, path)
		if len(path) == 1 {
			b = append(b, "h0"...)
		}
	}
	c.buf = b
	if len(b) == 0 {
		return
	}
	c.w.WriteString(`<path`)
	if k, ok := c.lines[strokeStyle{width, col}]; ok {
		c.w.WriteString(` class="p` + strconv.Itoa(k) + `"`)
	} else {
		c.w.WriteString(` fill="none" stroke="` + hex(col) + `" stroke-width="` + num(width) + `" stroke-linecap="round" stroke-linejoin="round"`)
		if col.A != 0xff {
			c.w.WriteString(` stroke-opacity="` + opacity(col.A) + `"`)
		}
	}
	c.w.WriteString(` d="`)
	c.w.Write(b)
	c.w.WriteString("\"/>\n")
}

// Text writes a text element, its middle line at t.Y (dominant-baseline
// central, SVG 2 §11.10.2.2).
func (c *svgCanvas) Text(t *gallery.Text) {
	if c.skip || t.Text == "" {
		return
	}
	x, y := c.local(gallery.Point{X: t.X, Y: t.Y})
	b := append(c.buf[:0], `<text x="`...)
	b = appendHundredths(b, x)
	b = append(b, `" y="`...)
	b = appendHundredths(b, y)
	b = append(b, '"')
	c.buf = b
	c.w.Write(b)
	if k, ok := c.texts[styleOf(t)]; ok {
		c.w.WriteString(` class="t` + strconv.Itoa(k) + `"`)
	} else {
		c.w.WriteString(` font-family="` + c.family + `"`) // cssFamily needs no escaping
		if c.italic {
			c.w.WriteString(` font-style="italic"`)
		}
		c.w.WriteString(` dominant-baseline="central" font-size="` + num(t.Size) + `px" fill="` + hex(t.Color) + `"`)
		if t.Color.A != 0xff {
			c.w.WriteString(` fill-opacity="` + opacity(t.Color.A) + `"`)
		}
		if t.Bold {
			c.w.WriteString(` font-weight="bold"`)
		}
		switch t.Anchor {
		case gallery.AnchorMiddle:
			c.w.WriteString(` text-anchor="middle"`)
		case gallery.AnchorEnd:
			c.w.WriteString(` text-anchor="end"`)
		}
	}
	c.w.WriteString(`>`)
	escape(c.w, t.Text)
	c.w.WriteString("</text>\n")
}

// cssFamily returns the value of font-family (CSS Fonts 4, §2.1) that
// names f: its family's name, quoted, then the generic family that suits
// it (sans-serif for a font other than a *Font), and whether it is
// italic; for the default font, a nil f, the generic family alone,
// sans-serif. Characters of the name other than letters, digits, spaces
// and "-_.+()" are left out, so that it needs no escaping in CSS nor in
// the style sheet's CDATA section.
func cssFamily(f gallery.Font) (family string, italic bool) {
	generic, name := "sans-serif", ""
	if rf, ok := f.(*Font); ok {
		if rf != nil {
			generic, name, italic = rf.generic, rf.family, rf.italic
		}
	} else if f != nil {
		name = f.Family()
	}
	name = strings.TrimSpace(strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) || unicode.IsDigit(r) || r == ' ' || strings.ContainsRune("-_.+()", r) {
			return r
		}
		return -1
	}, name))
	if name == "" {
		return generic, italic
	}
	return "'" + name + "'," + generic, italic
}

// escape writes s XML-escaped (quotes included, so that it may stand in an
// attribute); characters XML forbids become U+FFFD.
func escape(w io.Writer, s string) {
	xml.EscapeText(w, []byte(s)) // bufio.Writer's errors are sticky
}

// hundredths returns v in hundredths of a unit, rounded.
func hundredths(v float64) int64 { return int64(math.Round(v * 100)) }

// appendHundredths appends n hundredths as a compact decimal: no trailing
// zeros, no decimal point for an integer.
func appendHundredths(b []byte, n int64) []byte {
	if n < 0 {
		b = append(b, '-')
		n = -n
	}
	b = strconv.AppendInt(b, n/100, 10)
	switch frac := n % 100; {
	case frac == 0:
	case frac%10 == 0:
		b = append(b, '.', byte('0'+frac/10))
	default:
		b = append(b, '.', byte('0'+frac/10), byte('0'+frac%10))
	}
	return b
}

// num formats v compactly: an integer when v is one, else with at most two
// decimals and no trailing zeros.
func num(v float64) string { return string(appendHundredths(nil, hundredths(v))) }

// hex formats a colour's red, green and blue as #rgb when that is exact,
// else #rrggbb.
func hex(c color.NRGBA) string {
	const digits = "0123456789abcdef"
	if c.R>>4 == c.R&15 && c.G>>4 == c.G&15 && c.B>>4 == c.B&15 {
		return string([]byte{'#', digits[c.R&15], digits[c.G&15], digits[c.B&15]})
	}
	return string([]byte{'#', digits[c.R>>4], digits[c.R&15], digits[c.G>>4], digits[c.G&15], digits[c.B>>4], digits[c.B&15]})
}

// opacity formats an alpha value as an opacity from 0 to 1, to three
// decimals (enough to tell the 256 values apart).
func opacity(a uint8) string {
	return strconv.FormatFloat(math.Round(float64(a)/255*1000)/1000, 'f', -1, 64)
}
