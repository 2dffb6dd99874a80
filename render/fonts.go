package render

import (
	"errors"
	"fmt"
	"sync"

	"github.com/polytile/polytile/gallery"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

var _ gallery.Font = (*Font)(nil)

// Font is a typeface that text is set in: a regular face and a bold one
// (the regular again when the font has none), parsed, with the name of
// its family. Give it to a layout (gallery.Options.Font): the layout
// measures text with its MeasureText, and every sheet carries it
// (gallery.Sheet.Font), so that text takes the same place in every
// format. PNG sets the text in it; PDF too, embedding the glyphs used,
// if its outlines are TrueType ones (it refuses PostScript ones:
// CheckFont); SVG names its family in font-family, then the generic
// family that suits it (sans-serif, serif or monospace), for the viewer
// to set the text in.
//
// LoadFont, FontFinder.Load and NewFont make one. A nil *Font is the
// default: Go Regular and Go Bold, embedded, which SVG leaves to the
// viewer's sans-serif. A Font is safe for concurrent use.
type Font struct {
	family  string       // the family's name, from the regular face's name table; "" for the default
	generic string       // the CSS generic family it falls back on
	italic  bool         // the regular face is italic or oblique
	faces   [2]*fontFace // regular, bold

	// measuring holds MeasureText's faces, which are not safe for
	// concurrent use.
	measuring struct {
		sync.Mutex
		faces faceCache
	}
}

// fontFace is one face of a font, parsed, with its vertical metrics as
// fractions of the font size.
type fontFace struct {
	ttf     []byte         // the font file's data (TrueType or CFF outlines)
	cff     bool           // its outlines are PostScript (CFF) ones, which PDF does not embed
	font    *opentype.Font // safe for concurrent use; its faces are not
	ascent  float64        // above the baseline, a fraction of the em
	descent float64        // below the baseline, positive
}

// middle returns how far below the middle line of text of the given size
// its baseline lies: half-way between the top of the ascent and the bottom
// of the descent, as SVG's dominant-baseline central puts it.
func (f *fontFace) middle(size float64) float64 { return (f.ascent - f.descent) / 2 * size }

// parseFace parses the OpenType data ttf and reads its metrics.
func parseFace(ttf []byte) (*fontFace, error) {
	f, err := opentype.Parse(ttf)
	if err != nil {
		return nil, err
	}
	var buf sfnt.Buffer
	upem := f.UnitsPerEm()
	if upem == 0 {
		return nil, errors.New("its head table gives 0 units per em")
	}
	m, err := f.Metrics(&buf, fixed.Int26_6(upem)<<6, font.HintingNone)
	if err != nil {
		return nil, err
	}
	return &fontFace{
		ttf:     ttf,
		font:    f,
		ascent:  float64(m.Ascent) / 64 / float64(upem),
		descent: float64(m.Descent) / 64 / float64(upem),
	}, nil
}

// defaultFont returns the Go Regular and Go Bold fonts, parsed once: the
// font of sheets that name none.
var defaultFont = sync.OnceValue(func() *Font {
	f := &Font{generic: "sans-serif"}
	for i, ttf := range [2][]byte{goregular.TTF, gobold.TTF} {
		face, err := parseFace(ttf)
		if err != nil {
			panic("render: parsing an embedded Go font: " + err.Error())
		}
		f.faces[i] = face
	}
	return f
})

// or returns f, or the default font if f is nil.
func (f *Font) or() *Font {
	if f == nil {
		return defaultFont()
	}
	return f
}

// face returns f's face for regular or bold text.
func (f *Font) face(bold bool) *fontFace {
	if bold {
		return f.or().faces[1]
	}
	return f.or().faces[0]
}

// Family returns the name of the font's family, as its name table gives
// it, such as "DejaVu Serif"; "" for the default (a nil *Font).
func (f *Font) Family() string {
	if f == nil {
		return ""
	}
	return f.family
}

// fontOf returns the font a sheet's text is set in: its own, if it is a
// *Font, or the default. check refuses other fonts for PNG and PDF.
func fontOf(s *gallery.Sheet) *Font {
	f, _ := s.Font.(*Font)
	return f.or()
}

// faceKey names a font face: a face of a font at a size in pixels.
type faceKey struct {
	face *fontFace
	size float64
}

// faceCache holds font faces by size. A face is not safe for concurrent
// use, so each goroutine that draws text keeps its own cache.
type faceCache map[faceKey]font.Face

// face returns the face of ff at size pixels.
func (fc faceCache) face(ff *fontFace, size float64) font.Face {
	k := faceKey{ff, size}
	if f, ok := fc[k]; ok {
		return f
	}
	// 72 DPI makes a point a pixel. No hinting: glyphs keep their shapes
	// at every scale, as in the SVG and PDF.
	f, err := opentype.NewFace(ff.font, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		// NewFace fails only on a size it cannot scale to, which
		// textPlace rules out.
		panic(fmt.Sprintf("render: making a face at %v pixels: %v", size, err))
	}
	fc[k] = f
	return f
}

// MeasureText returns the width, in pixels, of s set in the font's
// regular or bold face at size pixels, as PNG and PDF set it (an SVG
// viewer sets it in the font it finds by the family's name, the same if
// it has it). It is safe for concurrent use.
func (f *Font) MeasureText(s string, size float64, bold bool) float64 {
	if s == "" || !(size > 0) {
		return 0
	}
	f = f.or()
	f.measuring.Lock()
	defer f.measuring.Unlock()
	if f.measuring.faces == nil {
		f.measuring.faces = faceCache{}
	}
	// One face per font, at a size large enough that rounding the
	// advances to 1/64 pixel does not matter: unhinted advances scale
	// with the size.
	face := f.measuring.faces.face(f.face(bold), measureSize)
	return advance(face, s) * size / measureSize
}

// MeasureText returns the width, in pixels, of s set in Go Regular or Go
// Bold at size pixels, as PNG and PDF set it (an SVG viewer sets it in
// its own sans-serif, of about the same width): the measure of the
// default font, a nil *Font. It is safe for concurrent use. Importing
// render registers it with gallery.RegisterTextMeasure: a sheet laid out
// without a MeasureText or a Font of its own is measured with it.
func MeasureText(s string, size float64, bold bool) float64 {
	return defaultFont().MeasureText(s, size, bold)
}

// advance returns the width of s set in face, in pixels, as
// font.MeasureString measures it (the glyphs' advances and the kerning
// between them), but summed in 64 bits: font.MeasureString's 26.6 fixed
// point overflows at 2^25 pixels, which 60,000 characters at
// measureSize pass.
func advance(face font.Face, s string) float64 {
	var sum int64
	prev := rune(-1)
	for _, r := range s {
		if prev >= 0 {
			sum += int64(face.Kern(prev, r))
		}
		a, _ := face.GlyphAdvance(r)
		sum += int64(a)
		prev = r
	}
	return float64(sum) / 64
}

// Importing render makes the fonts it draws with the default measure of
// the layout's text, and lets gallery.NewOptions load the font a render
// option names.
func init() {
	gallery.RegisterTextMeasure(MeasureText)
	gallery.RegisterFontLoader(loadForLayout)
}

// measureSize is the size of the faces MeasureText measures with, in
// pixels.
const measureSize = 1024
