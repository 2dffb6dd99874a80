package render

import (
	"bufio"
	"fmt"
	"image/color"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/polytile/polytile/gallery"
)

var _ gallery.Canvas = (*texCanvas)(nil)

// texCanvas draws sheets as a LaTeX document of TikZ pictures (the TikZ
// and PGF manual, version 3.1; sections named below are its), one picture
// per sheet, each a page of the standalone class: its tikz option makes
// every tikzpicture a page, and border=0pt makes the page the picture's
// bounding box. pdflatex, lualatex and xelatex compile it as it is.
//
// Each page is the sheet's size (Sheet.Size), a CSS pixel being 1/96 inch
// as in every format (3/4 of a big point, TeX's bp, the PDF point): the
// picture's unit vectors are x=1bp and y=-1bp, so that coordinates are big
// points from the sheet's top-left corner, y down as in the sheet, with at
// most two decimals. The bounding box is set to the sheet
// (\useasboundingbox), so that the page is the sheet whatever is drawn on
// it. (TeX holds 1bp as 65781sp, 1.2e-5 short: a page 17 cm wide is
// 0.002 mm narrower, less than PDF's own rounding of sizes.)
//
// The document shares what it can. The preamble defines every colour once
// (\definecolor, xcolor's RGB model, in the order the sheets use them); a
// colour that is not opaque adds fill, draw or text opacity where it is
// used. Each picture's options define a style per stroke style (b for the
// borders, g for the grid lines, h for the hatching; line cap=rect squares
// their ends, "Graphic Parameters: Line Width, Line Cap, and Line Join")
// and per text style (t0, t1, …). Frames, pieces, strokes, polylines and
// texts are drawn as BeginFrame, Fill, Stroke, Polyline and Text say.
//
// Text is LaTeX text (appendTeXText), set in the sans-serif family at the
// sheet's sizes. The document is UTF-8. LuaLaTeX and
// XeLaTeX set any character their font has. For pdfLaTeX, the preamble
// loads the T1 and TS1 encodings, which set Latin-1, Latin Extended-A and
// the usual punctuation (texSets), and declares every other character the
// text uses (\DeclareUnicodeCharacter) to print as a question mark, where
// it would otherwise stop the compilation.
//
// The fonts are vectors at every size, in every engine: Latin Modern, the
// fonts of LuaLaTeX's and XeLaTeX's defaults (OpenType), and for pdfLaTeX
// its Type 1 fonts (the lmodern package), whose shapes are declared at
// every size. pdfLaTeX's default T1 fonts, the EC fonts, are bitmaps
// unless the cm-super fonts are installed, made by mktexpk at each size
// a text is set at (a figure's letters are at any size), and where
// mktexpk cannot make them the compilation stops (Font ecsx0900 at 204
// not found).
//
// pdfLaTeX keeps a page in its main memory until it is done, and its
// memory is fixed (5,000,000 words in TeX Live): a page of some 5000
// pieces (400 frames of pentominoes) fills it. LuaLaTeX's memory grows as
// it needs.
type texCanvas struct {
	out *output
	w   *bufio.Writer // writes to out; its errors are sticky

	colours map[[3]uint8]int       // red, green, blue → n in the colour's name, cn
	strokes map[strokeStyle]string // this sheet's: stroke style → style name
	texts   map[textStyle]int      // this sheet's: text style → n in tn
	k       float64                // big points per sheet unit on this sheet
	ox, oy  float64                // the origin of the current frame, in sheet units
	buf     []byte                 // scratch for a path or a node
	ring    [][2]int64             // scratch for a ring's points
	skip    bool                   // stopped: draw nothing more
}

// texMaxSize bounds a sheet's sides in big points: TeX's dimensions reach
// 16383.99998pt (about 16322bp), and PGF adds line widths and shifts to
// coordinates; 16000bp (5.64 m) leaves room for them.
const texMaxSize = 16000

// checkTeX returns an error if a sheet is too large for TeX to draw.
func checkTeX(sheets []*gallery.Sheet) error {
	for i, s := range sheets {
		w, h := s.Size()
		if w*ptPerPx > texMaxSize || h*ptPerPx > texMaxSize {
			const cmPerBP = 2.54 / 72
			return fmt.Errorf("render: sheet %d is %.0f × %.0f cm, too large for TeX, which draws %.0f cm a side at most: draw it smaller", i+1, w*ptPerPx*cmPerBP, h*ptPerPx*cmPerBP, texMaxSize*cmPerBP)
		}
	}
	return nil
}

// encodeTeX writes sheets to out as a LaTeX document, each sheet a
// tikzpicture, as Sheet.Draw replays it.
func encodeTeX(out *output, sheets []*gallery.Sheet) error {
	c := newTeXCanvas(out, sheets)
	for _, s := range sheets {
		if out.stopped() {
			break
		}
		c.beginPicture(s)
		s.Draw(c)
		c.w.WriteString("\\end{tikzpicture}\n")
	}
	c.w.WriteString("\\end{document}\n")
	if err := c.w.Flush(); err != nil {
		return wrap("TeX", err)
	}
	return wrap("TeX", out.err)
}

// newTeXCanvas starts the document for sheets on out: its class, the fonts
// and characters for pdfLaTeX, and the colours.
func newTeXCanvas(out *output, sheets []*gallery.Sheet) *texCanvas {
	c := &texCanvas{out: out, w: bufio.NewWriterSize(out, 64<<10), colours: map[[3]uint8]int{}}
	var defs []string
	colour := func(col color.NRGBA) {
		rgb := [3]uint8{col.R, col.G, col.B}
		if _, ok := c.colours[rgb]; !ok {
			c.colours[rgb] = len(c.colours)
			defs = append(defs, fmt.Sprintf("\\definecolor{c%d}{RGB}{%d,%d,%d}\n", len(c.colours)-1, col.R, col.G, col.B))
		}
	}
	missing := map[rune]bool{}
	for _, s := range sheets {
		if s.Background.A != 0 {
			colour(s.Background)
		}
		for _, t := range sheetTexts(s) {
			colour(t.Color)
			for _, r := range texRunes(t.Text) {
				if !texSets(r) {
					missing[r] = true
				}
			}
		}
		for i := range s.Frames {
			for _, sh := range s.Frames[i].Shapes {
				if sh.Fill.A != 0 {
					colour(sh.Fill)
				}
			}
		}
		for _, st := range sheetStrokes(s) {
			colour(st.c)
		}
		for _, st := range polylineStyles(s) {
			colour(st.c)
		}
	}

	c.w.WriteString("% TikZ pictures drawn by polytile, one a page: pdflatex, lualatex or xelatex compiles them.\n")
	c.w.WriteString("\\documentclass[tikz,border=0pt]{standalone}\n")
	c.w.WriteString("\\ifdefined\\Umathcode\\else % pdfLaTeX: Latin Modern in T1, and ? for a character it lacks\n")
	c.w.WriteString("\\usepackage[utf8]{inputenc}\n\\usepackage[T1]{fontenc}\n\\usepackage{textcomp}\n\\usepackage{lmodern}\n")
	runes := make([]rune, 0, len(missing))
	for r := range missing {
		runes = append(runes, r)
	}
	slices.Sort(runes)
	for _, r := range runes {
		fmt.Fprintf(c.w, "\\DeclareUnicodeCharacter{%04X}{?}\n", r)
	}
	c.w.WriteString("\\fi\n")
	for _, d := range defs {
		c.w.WriteString(d)
	}
	c.w.WriteString("\\begin{document}\n")
	return c
}

// drawsText reports whether Text draws t: a text with characters, of a
// positive size.
func drawsText(t *gallery.Text) bool { return t.Text != "" && t.Size > 0 }

// sheetTexts returns the texts that Sheet.Draw replays and Text draws, in
// their order.
func sheetTexts(s *gallery.Sheet) []*gallery.Text {
	var texts []*gallery.Text
	add := func(t *gallery.Text) {
		if t != nil && drawsText(t) {
			texts = append(texts, t)
		}
	}
	add(s.Title)
	for i := range s.Frames {
		f := &s.Frames[i]
		for k := range f.Letters {
			add(&f.Letters[k])
		}
		add(f.Caption)
	}
	return texts
}

// namedStroke is a stroke style and the name of the TikZ style that
// draws it.
type namedStroke struct {
	name string
	strokeStyle
}

// sheetStrokes returns the stroke styles that Sheet.Draw uses on s: the
// borders' (b), the grid lines' (g) and the hatching's (h), those that some
// frame draws, each once.
func sheetStrokes(s *gallery.Sheet) []namedStroke {
	var borders, grid, hatch bool
	for i := range s.Frames {
		f := &s.Frames[i]
		borders = borders || len(f.Borders) > 0
		grid = grid || len(f.Grid) > 0
		hatch = hatch || len(f.Hatch) > 0
	}
	var out []namedStroke
	for _, st := range []struct {
		used bool
		namedStroke
	}{
		{borders, namedStroke{"b", strokeStyle{s.BorderWidth, s.BorderColor}}},
		{grid, namedStroke{"g", strokeStyle{s.GridWidth, s.GridColor}}},
		{hatch, namedStroke{"h", strokeStyle{s.HatchWidth, s.HatchColor}}},
	} {
		if st.used && !slices.ContainsFunc(out, func(o namedStroke) bool { return o.strokeStyle == st.strokeStyle }) {
			out = append(out, st.namedStroke)
		}
	}
	return out
}

// beginPicture starts the picture of s: its unit vectors, its styles, its
// bounding box and its background.
func (c *texCanvas) beginPicture(s *gallery.Sheet) {
	w, h := s.Size()
	c.k = ptPerPx * w / s.Width
	c.strokes = map[strokeStyle]string{}
	c.texts = map[textStyle]int{}
	b := append(c.buf[:0], "\\begin{tikzpicture}[x=1bp,y=-1bp,line cap=rect"...)
	for _, st := range sheetStrokes(s) {
		c.strokes[st.strokeStyle] = st.name
		b = append(b, ",\n  "+st.name+"/.style={"...)
		b = c.appendStroke(b, st.width, st.c)
		b = append(b, '}')
	}
	for _, t := range sheetTexts(s) {
		st := styleOf(t)
		if _, ok := c.texts[st]; ok {
			continue
		}
		c.texts[st] = len(c.texts)
		b = append(b, ",\n  t"...)
		b = strconv.AppendInt(b, int64(len(c.texts)-1), 10)
		b = append(b, "/.style={"...)
		b = c.appendTextStyle(b, t)
		b = append(b, '}')
	}
	b = append(b, "]\n\\useasboundingbox (0,0) rectangle "...)
	b = appendTeXPoint(b, hundredths(w*ptPerPx), hundredths(h*ptPerPx))
	b = append(b, ";\n"...)
	if bg := s.Background; bg.A != 0 {
		b = append(b, "\\fill["...)
		b = c.appendColour(b, "", bg)
		b = append(b, "] (0,0) rectangle "...)
		b = appendTeXPoint(b, hundredths(w*ptPerPx), hundredths(h*ptPerPx))
		b = append(b, ";\n"...)
	}
	c.buf = b
	c.w.Write(b)
}

// appendColour appends the colour col for the property prop ("fill",
// "draw", "text", or "" for the fill of a \fill): its name, as
// prop=name (or the name alone, for an opaque \fill), and its opacity if
// it has one.
func (c *texCanvas) appendColour(b []byte, prop string, col color.NRGBA) []byte {
	n, named := c.colours[[3]uint8{col.R, col.G, col.B}]
	if prop == "" && (!named || col.A != 0xff) {
		prop = "fill"
	}
	if prop != "" {
		b = append(b, prop...)
		b = append(b, '=')
	}
	if named {
		b = append(b, 'c')
		b = strconv.AppendInt(b, int64(n), 10)
	} else { // not met when the document began: xcolor's extended syntax
		b = fmt.Appendf(b, "{rgb,255:red,%d;green,%d;blue,%d}", col.R, col.G, col.B)
	}
	if col.A != 0xff {
		b = append(b, ","+prop+" opacity="...)
		b = append(b, opacity(col.A)...)
	}
	return b
}

// appendStroke appends the options of a stroke of the given width, in
// sheet units, and colour.
func (c *texCanvas) appendStroke(b []byte, width float64, col color.NRGBA) []byte {
	b = c.appendColour(b, "draw", col)
	b = append(b, ",line width="...)
	b = append(b, thousandths(width*c.k)...)
	return append(b, "bp"...)
}

// appendTextStyle appends the options of a node that sets t: its anchor
// (the baseline's middle or left end), no inner space, the font and its
// size, and the colour.
func (c *texCanvas) appendTextStyle(b []byte, t *gallery.Text) []byte {
	if t.Anchor == gallery.AnchorStart {
		b = append(b, "anchor=base west"...)
	} else {
		b = append(b, "anchor=base"...)
	}
	size := thousandths(t.Size * c.k)
	b = append(b, ",inner sep=0pt,font=\\fontsize{"...)
	b = append(b, size...)
	b = append(b, "bp}{"...)
	b = append(b, size...)
	b = append(b, "bp}\\selectfont\\sffamily"...)
	if t.Bold {
		b = append(b, "\\bfseries"...)
	}
	b = append(b, ',')
	return c.appendColour(b, "text", t.Color)
}

// BeginFrame starts the frame's scope, after a comment with its title. The
// scope's origin is the frame's top-left corner, so that the coordinates
// inside it are small numbers.
func (c *texCanvas) BeginFrame(f *gallery.Frame) {
	if c.skip = c.out.stopped(); c.skip {
		return
	}
	c.ox, c.oy = f.X, f.Y
	b := c.buf[:0]
	if f.Title != "" {
		b = append(b, "% "...)
		b = append(b, string(texRunes(f.Title))...) // on one line
		b = append(b, '\n')
	}
	b = append(b, "\\begin{scope}[shift={"...)
	b = appendTeXPoint(b, hundredths(f.X*c.k), hundredths(f.Y*c.k))
	b = append(b, "}]\n"...)
	c.buf = b
	c.w.Write(b)
}

// EndFrame ends the frame's scope.
func (c *texCanvas) EndFrame() {
	if c.skip {
		return
	}
	c.w.WriteString("\\end{scope}\n")
	c.ox, c.oy = 0, 0
}

// local returns p in hundredths of a big point from the current origin.
// (The origin is rounded apart: a cell's side is as many hundredths in
// every frame.)
func (c *texCanvas) local(p gallery.Point) (x, y int64) {
	return hundredths((p.X - c.ox) * c.k), hundredths((p.Y - c.oy) * c.k)
}

// texLine is the length past which a path goes on on a new line: TeX
// reads a line into a buffer of bounded size, and a poster's paths are
// long.
const texLine = 100

// texBreak goes on on a new line if the last line of b, begun at line, is
// longer than texLine. It returns b and where its last line begins.
func texBreak(b []byte, line int) ([]byte, int) {
	if len(b)-line > texLine {
		b = append(b, '\n')
		return b, len(b)
	}
	return b, line
}

// Fill writes the shape as one \fill, by the nonzero rule (TikZ's default,
// "Graphic Parameters: Interior Rules"): a closed subpath per ring. Where a
// horizontal side meets a vertical one, the two are one step to the far
// corner, -| (horizontal first) or |- (vertical first), as TikZ writes
// them ("Horizontal and Vertical Lines"): a square lattice's outlines take
// half as many points.
func (c *texCanvas) Fill(s *gallery.Shape) {
	if c.skip {
		return
	}
	b := append(c.buf[:0], "\\fill["...)
	b = c.appendColour(b, "", s.Fill)
	b = append(b, ']')
	line, rings := len(b), 0
	for _, r := range s.Outline {
		// The ring's points, in hundredths, without repeats.
		pts := c.ring[:0]
		for _, p := range r {
			x, y := c.local(p)
			if n := len(pts); n == 0 || pts[n-1] != [2]int64{x, y} {
				pts = append(pts, [2]int64{x, y})
			}
		}
		for len(pts) > 1 && pts[len(pts)-1] == pts[0] {
			pts = pts[:len(pts)-1]
		}
		c.ring = pts
		if len(pts) == 0 {
			continue
		}
		rings++
		step := func(op string, p [2]int64) {
			b, line = texBreak(b, line)
			b = append(b, op...)
			b = appendTeXPoint(b, p[0], p[1])
		}
		step("", pts[0])
		for i := 1; i < len(pts); {
			prev, p := pts[i-1], pts[i]
			if i+1 < len(pts) {
				switch q := pts[i+1]; {
				case p[1] == prev[1] && q[0] == p[0]:
					step("-|", q)
					i += 2
					continue
				case p[0] == prev[0] && q[1] == p[1]:
					step("|-", q)
					i += 2
					continue
				}
			}
			step("--", p)
			i++
		}
		// Two literals: a library's strings name no flag
		// (TestLibrariesSpeakNoFlags), and TikZ's --cycle reads as one.
		b = append(b, "--"...)
		b = append(b, "cycle"...)
	}
	c.buf = b
	if rings == 0 {
		return
	}
	c.w.Write(append(b, ";\n"...))
}

// Stroke writes the segments as one \draw, a subpath each.
func (c *texCanvas) Stroke(segs []gallery.Segment, width float64, col color.NRGBA) {
	if c.skip || len(segs) == 0 || !(width > 0) {
		return
	}
	b := append(c.buf[:0], "\\draw["...)
	if name, ok := c.strokes[strokeStyle{width, col}]; ok {
		b = append(b, name...)
	} else {
		b = c.appendStroke(b, width, col)
	}
	b = append(b, ']')
	line := len(b)
	for _, sg := range segs {
		ax, ay := c.local(sg.A)
		bx, by := c.local(sg.B)
		b, line = texBreak(b, line)
		b = appendTeXPoint(b, ax, ay)
		b = append(b, "--"...)
		b = appendTeXPoint(b, bx, by)
	}
	c.buf = append(b, ";\n"...)
	c.w.Write(c.buf)
}

// Polyline writes the paths of more than one point as one \draw with
// round caps and joins ("Graphic Parameters: Line Width, Line Cap, and
// Line Join"), a subpath each, and those of one point as one \fill of
// discs, width across.
func (c *texCanvas) Polyline(paths [][]gallery.Point, width float64, col color.NRGBA) {
	if c.skip || !(width > 0) {
		return
	}
	b := c.buf[:0]
	lines, dots := false, false
	for _, path := range paths {
		lines = lines || len(path) > 1
		dots = dots || len(path) == 1
	}
	if lines {
		b = append(b, "\\draw["...)
		b = c.appendStroke(b, width, col)
		b = append(b, ",line cap=round,line join=round]"...)
		line := len(b)
		for _, path := range paths {
			if len(path) < 2 {
				continue
			}
			for i, p := range path {
				b, line = texBreak(b, line)
				if i > 0 {
					b = append(b, "--"...)
				}
				x, y := c.local(p)
				b = appendTeXPoint(b, x, y)
			}
		}
		b = append(b, ";\n"...)
	}
	if dots {
		b = append(b, "\\fill["...)
		b = c.appendColour(b, "", col)
		b = append(b, ']')
		line := len(b)
		radius := " circle[radius=" + thousandths(width*c.k/2) + "bp]"
		for _, path := range paths {
			if len(path) != 1 {
				continue
			}
			b, line = texBreak(b, line)
			x, y := c.local(path[0])
			b = appendTeXPoint(b, x, y)
			b = append(b, radius...)
		}
		b = append(b, ";\n"...)
	}
	c.buf = b
	c.w.Write(b)
}

// Text writes a node whose baseline lies below t's middle line as PDF
// sets it (the Go fonts' ascent and descent), so that the text sits where
// it does in the other formats whatever its letters.
func (c *texCanvas) Text(t *gallery.Text) {
	if c.skip || !drawsText(t) {
		return
	}
	b := append(c.buf[:0], "\\node["...)
	if k, ok := c.texts[styleOf(t)]; ok {
		b = append(b, 't')
		b = strconv.AppendInt(b, int64(k), 10)
	} else {
		b = c.appendTextStyle(b, t)
	}
	b = append(b, "] at "...)
	x, y := c.local(gallery.Point{X: t.X, Y: t.Y + (*Font)(nil).face(t.Bold).middle(t.Size)})
	b = appendTeXPoint(b, x, y)
	b = append(b, " {"...)
	b = appendTeXText(b, t.Text)
	c.buf = append(b, "};\n"...)
	c.w.Write(c.buf)
}

// appendTeXPoint appends (x,y), given in hundredths.
func appendTeXPoint(b []byte, x, y int64) []byte {
	return append(appendPair(b, "(", x, ",", y), ')')
}

// thousandths formats v with at most three decimals and no trailing zeros.
func thousandths(v float64) string {
	v = math.Round(v*1000) / 1000
	if v == 0 {
		return "0" // not -0
	}
	return strconv.FormatFloat(v, 'f', -1, 64)
}

// texRunes returns the characters of s that a node sets: s made valid
// UTF-8 (U+FFFD for each run of bytes that are not), each space a plain space (TeX
// sets a run of them as one, as SVG does), each other control character
// U+FFFD.
func texRunes(s string) []rune {
	return []rune(strings.Map(func(r rune) rune {
		switch {
		case r == '\u00a0':
			return r
		case r <= ' ' && (r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == '\f' || r == '\v'),
			r == '\u0085', r == '\u1680', r >= '\u2000' && r <= '\u200a', r == '\u2028', r == '\u2029', r == '\u202f', r == '\u205f', r == '\u3000':
			return ' '
		case r < ' ' || r >= 0x7f && r < 0xa0:
			return '\ufffd'
		}
		return r
	}, strings.ToValidUTF8(s, "\ufffd")))
}

// texEscapes are the characters TeX treats as special, as LaTeX text
// writes them.
var texEscapes = map[rune]string{
	'#': `\#`, '$': `\$`, '%': `\%`, '&': `\&`, '_': `\_`, '{': `\{`, '}': `\}`,
	'~': `\textasciitilde{}`, '^': `\textasciicircum{}`, '\\': `\textbackslash{}`,
}

// ligatures are the characters that begin a ligature of TeX's fonts (and
// of the TeX ligatures of LuaLaTeX's and XeLaTeX's) when another of them
// follows: two or three hyphens (dashes), two grave accents or two
// apostrophes (double quotes), ! or ? and a grave accent (inverted marks),
// << and >> (guillemets), two commas (a low quote). A \kern0pt between
// two of them keeps both as they are; {} would not, in LuaTeX.
const ligatures = "-`'<>,!?"

// appendTeXText appends s as LaTeX text (texRunes, texEscapes, ligatures).
func appendTeXText(b []byte, s string) []byte {
	rs := texRunes(s)
	for i, r := range rs {
		if e, ok := texEscapes[r]; ok {
			b = append(b, e...)
			continue
		}
		b = append(b, string(r)...)
		if i+1 < len(rs) && strings.ContainsRune(ligatures, r) && strings.ContainsRune(ligatures[:6], rs[i+1]) {
			b = append(b, `\kern0pt `...)
		}
	}
	return b
}

// texSets reports whether pdfLaTeX sets r with the T1 and TS1 encodings
// and UTF-8 input: printable ASCII, Latin-1 and Latin Extended-A (but for
// the few letters neither encoding has), and the usual punctuation. These
// are the characters the LaTeX kernel's t1enc.dfu and ts1enc.dfu declare
// and that a document of each compiles (TeX Live 2022), narrowed to the
// blocks named.
func texSets(r rune) bool {
	switch {
	case r >= ' ' && r < 0x7f, r >= 0xa0 && r < 0x17f:
		switch r {
		case 'Ħ', 'ħ', 'ĸ', 'Ŀ', 'ŀ', 'ŉ', 'Ŧ', 'ŧ':
			return false
		}
		return true
	}
	switch r {
	case '–', '—', '‘', '’', '‚', '“', '”', '„', '†', '‡', '•', '…', '‰', '‹', '›', '€', '™':
		return true
	}
	return false
}
