package render

import (
	"bufio"
	"encoding/xml"
	"image/color"
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
// Each frame is a <g> (§5.2) whose <title> (§5.4) is the frame's title
// (BeginFrame); Stroke and Polyline say how lines are written, a class per
// style (b, g, p0, p1, …). Coordinates are in user units with at most two
// decimals. All text is XML-escaped.
//
// Piece names are not written on the paths (a data- attribute on each
// would add a sixth to a poster's size); Letters in the layout show them.
type svgCanvas struct {
	out *output
	w   *bufio.Writer // writes to out; its errors are sticky: after one, writes do nothing
	doc *svg.SVG      // writes to w

	fills   map[color.NRGBA]string // fill colour → class ("f0", "f1", …)
	strokes map[strokeStyle]string
	lines   map[strokeStyle]string // a polyline's style → class ("p0", …)
	texts   map[textStyle]string   // ("t0", …)
	buf     []byte                 // scratch for path data
	ox, oy  int64                  // the origin of the current frame, in hundredths
	skip    bool                   // stopped: draw nothing more
	family  string                 // the value of font-family
	italic  bool                   // the font's regular face is italic
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
		fills:   map[color.NRGBA]string{},
		strokes: map[strokeStyle]string{},
		lines:   map[strokeStyle]string{},
		texts:   map[textStyle]string{},
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
		c.w.WriteString(`<rect width="100%" height="100%"`)
		fillProps(bg).attrs(c.w)
		c.w.WriteString("/>\n")
	}
	return c
}

// props are presentation properties (SVG 1.1 §6.1), a name and its value
// by turns, for a rule of the style sheet or an element's attributes.
type props []string

// rule returns the CSS rule of selector for p: "selector{name:value;…}".
func (p props) rule(selector string) string {
	var b strings.Builder
	b.WriteString(selector + "{")
	for i := 0; i < len(p); i += 2 {
		if i > 0 {
			b.WriteByte(';')
		}
		b.WriteString(p[i] + ":" + p[i+1])
	}
	return b.String() + "}"
}

// attrs writes p as attributes, each ` name="value"`.
func (p props) attrs(w *bufio.Writer) {
	for i := 0; i < len(p); i += 2 {
		w.WriteString(" " + p[i] + `="` + p[i+1] + `"`)
	}
}

// withOpacity appends the opacity of paint ("fill", "stroke") to p when
// its alpha a is not opaque.
func withOpacity(p props, paint string, a uint8) props {
	if a != 0xff {
		p = append(p, paint+"-opacity", opacity(a))
	}
	return p
}

// fillProps returns the properties of a fill in col.
func fillProps(col color.NRGBA) props { return withOpacity(props{"fill", hex(col)}, "fill", col.A) }

// strokeProps returns the properties of a stroke in style st: of square
// caps, or of round caps and joins.
func strokeProps(st strokeStyle, round bool) props {
	p := props{"fill", "none", "stroke", hex(st.c), "stroke-width", num(st.width), "stroke-linecap", "square"}
	if round {
		p = append(p[:len(p)-1], "round", "stroke-linejoin", "round")
	}
	return withOpacity(p, "stroke", st.c.A)
}

// textProps returns the properties of text in style st.
func textProps(st textStyle) props {
	p := withOpacity(props{"font-size", num(st.size) + "px", "fill", hex(st.c)}, "fill", st.c.A)
	if st.bold {
		p = append(p, "font-weight", "bold")
	}
	switch st.anchor {
	case gallery.AnchorMiddle:
		p = append(p, "text-anchor", "middle")
	case gallery.AnchorEnd:
		p = append(p, "text-anchor", "end")
	}
	return p
}

// fontProps returns the properties every text has: its font and baseline.
func (c *svgCanvas) fontProps() props {
	p := props{"font-family", c.family}
	if c.italic {
		p = append(p, "font-style", "italic")
	}
	return append(p, "dominant-baseline", "central")
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
		c.texts[st] = "t" + strconv.Itoa(len(c.texts))
		rules = append(rules, textProps(st).rule("."+c.texts[st]))
	}
	addStroke := func(width float64, col color.NRGBA, class string) {
		st := strokeStyle{width, col}
		if _, ok := c.strokes[st]; ok {
			return
		}
		c.strokes[st] = class
		rules = append(rules, strokeProps(st, false).rule("."+class))
	}
	addText(s.Title)
	grid := false
	for i := range s.Frames {
		f := &s.Frames[i]
		for _, sh := range f.Shapes {
			if _, ok := c.fills[sh.Fill]; !ok && sh.Fill.A != 0 {
				c.fills[sh.Fill] = "f" + strconv.Itoa(len(c.fills))
				rules = append(rules, fillProps(sh.Fill).rule("."+c.fills[sh.Fill]))
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
		c.lines[st] = "p" + strconv.Itoa(len(c.lines))
		rules = append(rules, strokeProps(st, true).rule("."+c.lines[st]))
	}
	if len(c.texts) > 0 {
		rules = append(rules, c.fontProps().rule("text"))
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
	b := appendPair(c.buf[:0], `<g transform="translate(`, c.ox, " ", c.oy)
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
	b = appendPair(b, "M", x, " ", y)
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
			b = appendPair(b, "l", nx-x, " ", ny-y)
		}
		x, y = nx, ny
	}
	return b
}

// local returns p in hundredths from the current origin.
func (c *svgCanvas) local(p gallery.Point) (x, y int64) {
	return hundredths(p.X) - c.ox, hundredths(p.Y) - c.oy
}

// Fill writes the shape as a path: one closed subpath per ring
// (appendSubpath).
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
	c.writePath(c.fills[s.Fill], func() props { return fillProps(s.Fill) }, b)
}

// writePath writes a path element of the data d: of the class, or if it
// is "", of the properties that inline returns.
func (c *svgCanvas) writePath(class string, inline func() props, d []byte) {
	c.w.WriteString(`<path`)
	if class != "" {
		c.w.WriteString(` class="` + class + `"`)
	} else {
		inline().attrs(c.w)
	}
	c.w.WriteString(` d="`)
	c.w.Write(d)
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
		b = appendPair(b, "M", ax, " ", ay)
		switch {
		case ay == by:
			b = append(b, 'H')
			b = appendHundredths(b, bx)
		case ax == bx:
			b = append(b, 'V')
			b = appendHundredths(b, by)
		default:
			b = appendPair(b, "L", bx, " ", by)
		}
	}
	c.buf = b
	if len(b) == 0 {
		return
	}
	st := strokeStyle{width, col}
	c.writePath(c.strokes[st], func() props { return strokeProps(st, false) }, b)
}

// Polyline writes the paths as one path element of round caps and joins
// (SVG 1.1 §11.4): a subpath per path (appendSubpath); a path of one
// point is a line of length zero, "h0", which round caps draw as a dot
// (§11.4, on zero-length subpaths).
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
	st := strokeStyle{width, col}
	c.writePath(c.lines[st], func() props { return strokeProps(st, true) }, b)
}

// Text writes a text element, its middle line at t.Y (dominant-baseline
// central, SVG 2 §11.10.2.2).
func (c *svgCanvas) Text(t *gallery.Text) {
	if c.skip || t.Text == "" {
		return
	}
	x, y := c.local(gallery.Point{X: t.X, Y: t.Y})
	b := appendPair(c.buf[:0], `<text x="`, x, `" y="`, y)
	b = append(b, '"')
	c.buf = b
	c.w.Write(b)
	if class, ok := c.texts[styleOf(t)]; ok {
		c.w.WriteString(` class="` + class + `"`)
	} else {
		append(c.fontProps(), textProps(styleOf(t))...).attrs(c.w) // cssFamily needs no escaping
	}
	c.w.WriteString(`>`)
	xml.EscapeText(c.w, []byte(t.Text)) // quotes too; U+FFFD for what XML forbids; c.w's errors are sticky
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

// appendPair appends op, then x and y in hundredths with sep between them.
func appendPair(b []byte, op string, x int64, sep string, y int64) []byte {
	b = appendHundredths(append(b, op...), x)
	return appendHundredths(append(b, sep...), y)
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
func opacity(a uint8) string { return thousandths(float64(a) / 255) }
