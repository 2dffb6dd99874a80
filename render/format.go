// Package render draws gallery sheets as files: SVG (through
// github.com/ajstarks/svgo), PNG (through github.com/fogleman/gg, anti-aliased)
// and PDF (through codeberg.org/go-pdf/fpdf). Each backend implements
// gallery.Canvas; Sheet.Draw replays a sheet's display list onto it.
//
// Write puts sheets on an io.Writer in a chosen Format; WriteFiles writes
// them to files, each by way of a temporary file renamed into place, so a
// failure never leaves a half-written picture. FormatOf chooses the format
// from a file's extension.
//
// Output is deterministic: the same sheets and options give byte-identical
// files. Text is set in the Go fonts (golang.org/x/image/font/gofont),
// embedded in PNG and PDF output; SVG names the generic sans-serif family.
package render

import (
	"fmt"
	"math"
	"path/filepath"
	"strings"
)

// Format is an output file format.
type Format int

const (
	FormatSVG Format = iota // Scalable Vector Graphics, one sheet per file
	FormatPNG               // Portable Network Graphics, one sheet per file
	FormatPDF               // Portable Document Format, one sheet per page
)

// formats lists the formats by name, in the order of their values.
var formats = [...]string{FormatSVG: "svg", FormatPNG: "png", FormatPDF: "pdf"}

// String returns the format's name: "svg", "png" or "pdf".
func (f Format) String() string {
	if f < 0 || int(f) >= len(formats) {
		return fmt.Sprintf("Format(%d)", int(f))
	}
	return formats[f]
}

func (f Format) valid() bool { return f >= 0 && int(f) < len(formats) }

// validNames returns the names of the formats as "svg, png or pdf", each
// with the given prefix.
func validNames(prefix string) string {
	var b strings.Builder
	for i, name := range formats {
		switch {
		case i == len(formats)-1:
			b.WriteString(" or ")
		case i > 0:
			b.WriteString(", ")
		}
		b.WriteString(prefix + name)
	}
	return b.String()
}

// ParseFormat returns the format named name: "svg", "png" or "pdf", in any
// case.
func ParseFormat(name string) (Format, error) {
	for f, n := range formats {
		if strings.EqualFold(name, n) {
			return Format(f), nil
		}
	}
	return 0, fmt.Errorf("render: unknown format %q; valid formats are %s", name, validNames(""))
}

// FormatOf returns the format that path's extension names: .svg, .png or
// .pdf, in any case.
func FormatOf(path string) (Format, error) {
	ext := filepath.Ext(path)
	if ext != "" {
		for f, n := range formats {
			if strings.EqualFold(ext[1:], n) {
				return Format(f), nil
			}
		}
	}
	if ext == "" {
		return 0, fmt.Errorf("render: %q has no extension to choose a format by; valid extensions are %s", path, validNames("."))
	}
	return 0, fmt.Errorf("render: unknown extension %q in %q; valid extensions are %s", ext, path, validNames("."))
}

// Options set how sheets are written. The zero value (and a nil *Options)
// gives the defaults.
type Options struct {
	// Scale is the number of PNG pixels per sheet unit; 0 means 1, or
	// DPI/96 when DPI is set. SVG and PDF are vector formats and ignore
	// it (one unit is one SVG user unit, one PDF point).
	Scale float64
	// DPI is another way to give the scale: the PNG's resolution in dots
	// per inch, a sheet unit being a CSS pixel (1/96 inch), so that 96
	// DPI is scale 1 and 300 DPI scale 3.125. 0 means 96 × Scale. If both
	// are set they must agree. A PNG records its resolution either way.
	DPI float64
}

// ScaleForDPI returns the Scale that gives a PNG of dpi dots per inch,
// taking a sheet unit to be a CSS pixel (1/96 inch): 96 DPI is scale 1,
// 300 DPI is 3.125.
func ScaleForDPI(dpi float64) float64 { return dpi / 96 }

// maxScale bounds Scale, and DPI to 96 × maxScale; maxPixels (in png.go)
// bounds the image they give.
const maxScale = 100

// scale returns the PNG scale opt asks for, after checking it.
func (opt *Options) scale() (float64, error) {
	if opt == nil {
		return 1, nil
	}
	s, dpi := opt.Scale, opt.DPI
	if math.IsNaN(s) || s < 0 || s > maxScale {
		return 0, fmt.Errorf("render: scale %v out of range; it must be 0 (unset) or positive, at most %d", s, maxScale)
	}
	if math.IsNaN(dpi) || dpi < 0 || dpi > 96*maxScale {
		return 0, fmt.Errorf("render: DPI %v out of range; it must be 0 (unset) or positive, at most %d", dpi, 96*maxScale)
	}
	switch {
	case dpi == 0 && s == 0:
		return 1, nil
	case dpi == 0:
		return s, nil
	case s == 0:
		return ScaleForDPI(dpi), nil
	case math.Abs(s-ScaleForDPI(dpi)) > 1e-9*s:
		return 0, fmt.Errorf("render: scale %v and DPI %v disagree (%v DPI is scale %v); set one of them", s, dpi, dpi, ScaleForDPI(dpi))
	}
	return s, nil
}
