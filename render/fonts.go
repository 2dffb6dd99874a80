package render

import (
	"sync"

	"github.com/polytile/polytile/gallery"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// goFont is one of the embedded Go fonts, parsed, with its vertical
// metrics as fractions of the font size.
type goFont struct {
	ttf     []byte
	font    *opentype.Font // safe for concurrent use; its faces are not
	ascent  float64        // above the baseline, a fraction of the em
	descent float64        // below the baseline, positive
}

// middle returns how far below the middle line of text of the given size
// its baseline lies: half-way between the top of the ascent and the bottom
// of the descent, as SVG's dominant-baseline central puts it.
func (f *goFont) middle(size float64) float64 { return (f.ascent - f.descent) / 2 * size }

// goFonts returns the Go Regular and Go Bold fonts, parsed once.
var goFonts = sync.OnceValue(func() [2]*goFont {
	var fs [2]*goFont
	for i, ttf := range [2][]byte{goregular.TTF, gobold.TTF} {
		f, err := opentype.Parse(ttf)
		if err != nil {
			panic("render: parsing an embedded Go font: " + err.Error())
		}
		var buf sfnt.Buffer
		upem := f.UnitsPerEm()
		m, err := f.Metrics(&buf, fixed.Int26_6(upem)<<6, font.HintingNone)
		if err != nil {
			panic("render: reading an embedded Go font's metrics: " + err.Error())
		}
		fs[i] = &goFont{
			ttf:     ttf,
			font:    f,
			ascent:  float64(m.Ascent) / 64 / float64(upem),
			descent: float64(m.Descent) / 64 / float64(upem),
		}
	}
	return fs
})

// fontFor returns the Go font for regular or bold text.
func fontFor(bold bool) *goFont {
	if bold {
		return goFonts()[1]
	}
	return goFonts()[0]
}

// faceKey names a font face: a font at a size in pixels.
type faceKey struct {
	bold bool
	size float64
}

// faceCache holds font faces by size. A face is not safe for concurrent
// use, so each goroutine that draws text keeps its own cache.
type faceCache map[faceKey]font.Face

// face returns the face for bold or regular text of size pixels.
func (fc faceCache) face(bold bool, size float64) font.Face {
	k := faceKey{bold, size}
	if f, ok := fc[k]; ok {
		return f
	}
	// 72 DPI makes a point a pixel. No hinting: glyphs keep their shapes
	// at every scale, as in the SVG and PDF.
	f, err := opentype.NewFace(fontFor(bold).font, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		panic("render: making a face of an embedded Go font: " + err.Error())
	}
	fc[k] = f
	return f
}

// MeasureText returns the width, in pixels, of s set in Go Regular or Go
// Bold at size pixels, as PNG and PDF set it (an SVG viewer sets it in its
// own sans-serif, of about the same width). It is safe for concurrent use.
// Importing render registers it with gallery.RegisterTextMeasure: a
// sheet laid out without a MeasureText of its own is measured with it.
func MeasureText(s string, size float64, bold bool) float64 {
	if s == "" || !(size > 0) {
		return 0
	}
	measuring.Lock()
	defer measuring.Unlock()
	if measuring.faces == nil {
		measuring.faces = faceCache{}
	}
	// One face per font, at a size large enough that rounding the
	// advances to 1/64 pixel does not matter: unhinted advances scale
	// with the size.
	face := measuring.faces.face(bold, measureSize)
	return advance(face, s) * size / measureSize
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
// the layout's text.
func init() { gallery.RegisterTextMeasure(MeasureText) }

// measureSize is the size of the faces MeasureText measures with, in
// pixels.
const measureSize = 1024

// measuring holds MeasureText's faces, which are not safe for concurrent
// use.
var measuring struct {
	sync.Mutex
	faces faceCache
}
