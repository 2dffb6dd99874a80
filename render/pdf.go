package render

import (
	"bytes"
	"cmp"
	"fmt"
	"image/color"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"

	"codeberg.org/go-pdf/fpdf"

	"github.com/polytile/polytile/gallery"
)

var _ gallery.Canvas = (*pdfCanvas)(nil)

// pdfDate is the creation and modification date written in every PDF, so
// that the same sheets give the same bytes.
var pdfDate = time.Date(2000, time.January, 1, 0, 0, 0, 0, time.UTC)

// pdfCanvas draws sheets as the pages of a PDF document (ISO 32000-1), one page
// per sheet, each the sheet's size (Sheet.Size), a CSS pixel being 1/96
// inch as in every format (3/4 of a point). Pieces are filled
// by the non-zero winding rule (§8.5.3.3.2), strokes have square caps
// (§8.4.3.3), and text is set in the sheet's font (Sheet.Font; by default
// the Go fonts), embedded as a TrueType subset (only the glyphs used,
// §9.9: FontFile2), so any piece name in the font's repertoire shows.
// Colours that are not opaque use a constant alpha (§11.6.4.4).
type pdfCanvas struct {
	out    *output
	doc    *fpdf.Fpdf
	skip   bool    // stopped: draw nothing more
	alpha  uint8   // the page's current constant alpha
	height float64 // the current page's
	k      float64 // points per sheet unit on the current page
	font   *Font   // the current page's

	families map[*Font]string // the name of each font's family in the document
	added    map[string]bool  // the faces added, by family and style ("go", "goB")
}

// encodePDF writes sheets to out as the pages of a PDF document, each as
// Sheet.Draw replays it. fpdf makes the document in memory and writes it
// whole at the end (ISO 32000-1 §7.5: the cross-reference table gives
// every object's offset).
func encodePDF(out *output, sheets []*gallery.Sheet) error {
	c := newPDFCanvas(out)
	for _, s := range sheets {
		if out.stopped() {
			break
		}
		c.addPage(s)
		s.Draw(c)
	}
	if out.stopped() {
		return out.err
	}
	if err := c.doc.Error(); err != nil {
		return fmt.Errorf("render: making PDF: %w", err)
	}
	return wrap("PDF", c.doc.Output(out))
}

// newPDFCanvas returns an empty document that writes to out.
func newPDFCanvas(out *output) *pdfCanvas {
	doc := fpdf.NewCustom(&fpdf.InitType{OrientationStr: "P", UnitStr: "pt", Size: fpdf.SizeType{Wd: 1, Ht: 1}})
	doc.SetCreationDate(pdfDate)
	doc.SetModificationDate(pdfDate)
	doc.SetCatalogSort(true)
	doc.SetAutoPageBreak(false, 0)
	doc.SetMargins(0, 0, 0)
	doc.SetLineCapStyle("square")
	doc.SetProducer("polytile", false)
	return &pdfCanvas{out: out, doc: doc, families: map[*Font]string{}, added: map[string]bool{}}
}

// addPage starts a page the size of s, with s's background unless that is
// transparent. Draw s onto the canvas next.
func (c *pdfCanvas) addPage(s *gallery.Sheet) {
	w, h := s.Size()
	c.k = ptPerPx * w / s.Width
	c.doc.AddPageFormat("P", fpdf.SizeType{Wd: w * ptPerPx, Ht: h * ptPerPx})
	c.alpha = 0xff
	c.height = s.Height
	c.font = fontOf(s)
	if s.Background.A != 0 {
		c.setFill(s.Background)
		c.doc.Rect(0, 0, w*ptPerPx, h*ptPerPx, "F")
	}
}

// ptPerPx is the size of a CSS pixel in points: 1/96 inch is 3/4 of a
// point (1/72 inch).
const ptPerPx = 72.0 / 96

// BeginFrame draws nothing (PDF has no groups worth their bytes here), but
// stops the drawing once the output has.
func (c *pdfCanvas) BeginFrame(f *gallery.Frame) { c.skip = c.out.stopped() }

// EndFrame does nothing.
func (c *pdfCanvas) EndFrame() {}

func (c *pdfCanvas) setAlpha(a uint8) {
	if a != c.alpha {
		c.doc.SetAlpha(float64(a)/255, "Normal")
		c.alpha = a
	}
}

func (c *pdfCanvas) setFill(col color.NRGBA) {
	c.doc.SetFillColor(int(col.R), int(col.G), int(col.B))
	c.setAlpha(col.A)
}

// Fill fills the shape's outline.
func (c *pdfCanvas) Fill(s *gallery.Shape) {
	if c.skip {
		return
	}
	c.setFill(s.Fill)
	for _, r := range s.Outline {
		for i, p := range r {
			if i == 0 {
				c.doc.MoveTo(p.X*c.k, p.Y*c.k)
			} else {
				c.doc.LineTo(p.X*c.k, p.Y*c.k)
			}
		}
		c.doc.ClosePath()
	}
	c.doc.DrawPath("f")
}

// Stroke strokes the segments as one path.
func (c *pdfCanvas) Stroke(segs []gallery.Segment, width float64, col color.NRGBA) {
	if c.skip || len(segs) == 0 {
		return
	}
	c.doc.SetDrawColor(int(col.R), int(col.G), int(col.B))
	c.doc.SetLineWidth(width * c.k)
	c.setAlpha(col.A)
	for _, sg := range segs {
		c.doc.MoveTo(sg.A.X*c.k, sg.A.Y*c.k)
		c.doc.LineTo(sg.B.X*c.k, sg.B.Y*c.k)
	}
	c.doc.DrawPath("S")
}

// Polyline strokes the paths as one path of round caps and joins (PDF
// 1.7, §8.4.3.3 and §8.4.3.4), and fills a disc for each path of one
// point.
func (c *pdfCanvas) Polyline(paths [][]gallery.Point, width float64, col color.NRGBA) {
	if c.skip || len(paths) == 0 {
		return
	}
	lines, dots := false, false
	for _, path := range paths {
		lines = lines || len(path) > 1
		dots = dots || len(path) == 1
	}
	c.setAlpha(col.A)
	if lines {
		c.doc.SetDrawColor(int(col.R), int(col.G), int(col.B))
		c.doc.SetLineWidth(width * c.k)
		c.doc.SetLineCapStyle("round")
		c.doc.SetLineJoinStyle("round")
		for _, path := range paths {
			if len(path) < 2 {
				continue
			}
			c.doc.MoveTo(path[0].X*c.k, path[0].Y*c.k)
			for _, q := range path[1:] {
				c.doc.LineTo(q.X*c.k, q.Y*c.k)
			}
		}
		c.doc.DrawPath("S")
		c.doc.SetLineCapStyle("square")
		c.doc.SetLineJoinStyle("miter")
	}
	if dots {
		c.setFill(col)
		for _, path := range paths {
			if len(path) == 1 {
				c.doc.Circle(path[0].X*c.k, path[0].Y*c.k, width*c.k/2, "F")
			}
		}
	}
}

// Text sets the text in the page's font, adding the face to the
// document the first time it is used.
func (c *pdfCanvas) Text(t *gallery.Text) {
	if c.skip || !drawsText(t) {
		return
	}
	face := c.font.face(t.Bold)
	family, style := c.family(c.font), ""
	if face != c.font.face(false) {
		style = "B"
	}
	if !c.added[family+style] {
		// A copy: fpdf writes into the data it is given as it subsets
		// the font, and the face's is shared.
		c.doc.AddUTF8FontFromBytes(family, style, bytes.Clone(face.ttf))
		c.added[family+style] = true
	}
	size := t.Size * c.k
	c.doc.SetFont(family, style, size)
	c.doc.SetTextColor(int(t.Color.R), int(t.Color.G), int(t.Color.B))
	c.setAlpha(t.Color.A)
	s := basicPlane(t.Text)
	x := t.X * c.k
	switch t.Anchor {
	case gallery.AnchorMiddle:
		x -= c.doc.GetStringWidth(s) / 2
	case gallery.AnchorEnd:
		x -= c.doc.GetStringWidth(s)
	}
	c.doc.Text(x, t.Y*c.k+face.middle(size), s)
}

// family returns the name of f's family in the document: "go" for the
// default, else the family's letters and digits in lower case, numbered
// if another font took the name (fpdf names the font "utf8" and this,
// with "B" for the bold face).
func (c *pdfCanvas) family(f *Font) string {
	if name, ok := c.families[f]; ok {
		return name
	}
	base := "go"
	if f != defaultFont() {
		base = strings.Map(func(r rune) rune {
			switch {
			case r >= 'a' && r <= 'z' || r >= '0' && r <= '9':
				return r
			case r >= 'A' && r <= 'Z':
				return r - 'A' + 'a'
			}
			return -1
		}, f.family)
		base = cmp.Or(base, "font")
	}
	name := base
	for n := 2; slices.Contains(slices.Collect(maps.Values(c.families)), name); n++ {
		name = base + strconv.Itoa(n)
	}
	c.families[f] = name
	return name
}

// basicPlane replaces the characters fpdf cannot set (those beyond the
// Basic Multilingual Plane, U+FFFF) with U+FFFD.
func basicPlane(s string) string {
	return strings.Map(func(r rune) rune {
		if r > 0xffff {
			return '\ufffd'
		}
		return r
	}, s)
}
