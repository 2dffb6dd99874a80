// Package render draws gallery sheets as files: SVG (through
// github.com/ajstarks/svgo), PNG (through github.com/fogleman/gg, anti-aliased),
// PDF (through codeberg.org/go-pdf/fpdf) and TeX (TikZ pictures in a LaTeX
// document, written by hand).
//
// Every format has the same lifecycle, modelled on image/png: Encode (or
// EncodeContext) writes sheets to an io.Writer in a Format, with Options
// whose zero value (or nil) gives the defaults; WriteFiles writes them to
// files, each by way of a temporary file renamed into place, so a failure
// or a cancellation never leaves a half-written picture. Each format's
// backend implements gallery.Canvas, and Sheet.Draw replays the sheet's
// display list onto it: nothing is recorded twice. Its writes go through
// a sticky error, so that the first failure, or the context's end, stops
// the rest. FormatOf chooses the format from a file's extension.
//
// Output is deterministic: the same sheets and options give byte-identical
// files. Text is set in the sheet's font (gallery.Sheet.Font, a *Font
// that LoadFont loads from a file or by its family's name), or by default
// in the Go fonts (golang.org/x/image/font/gofont): PNG draws the glyphs,
// PDF embeds them, SVG names the font's family (the default's being
// the generic sans-serif), and TeX sets LaTeX's sans-serif family, the
// document's. Importing the package registers MeasureText
// with gallery (gallery.RegisterTextMeasure), so that sheets laid out
// without a font or a MeasureText of their own fit the text as PNG and
// PDF set it, and its font loader (gallery.RegisterFontLoader), so that
// gallery.NewOptions loads the font a render option names.
package render

import (
	"fmt"
	"path/filepath"
	"strings"
)

// Format is an output file format.
type Format int

const (
	FormatSVG Format = iota // Scalable Vector Graphics, one sheet per file
	FormatPNG               // Portable Network Graphics, one sheet per file
	FormatPDF               // Portable Document Format, one sheet per page
	FormatTeX               // a LaTeX document of TikZ pictures, one sheet per page
)

// formats lists the formats by name, in the order of their values.
var formats = [...]string{FormatSVG: "svg", FormatPNG: "png", FormatPDF: "pdf", FormatTeX: "tex"}

// String returns the format's name: "svg", "png", "pdf" or "tex".
func (f Format) String() string {
	if f < 0 || int(f) >= len(formats) {
		return fmt.Sprintf("Format(%d)", int(f))
	}
	return formats[f]
}

// Formats returns the formats, in the order of their values: SVG, PNG,
// PDF, TeX.
func Formats() []Format {
	out := make([]Format, len(formats))
	for i := range out {
		out[i] = Format(i)
	}
	return out
}

func (f Format) valid() bool { return f >= 0 && int(f) < len(formats) }

// pages reports whether a file of the format holds several sheets, one a
// page: PDF and TeX. A file of another format holds one sheet.
func (f Format) pages() bool { return f == FormatPDF || f == FormatTeX }

// validNames returns the names of the formats as "svg, png, pdf or tex",
// each with the given prefix.
func validNames(prefix string) string {
	names := make([]string, len(formats))
	for i, name := range formats {
		names[i] = prefix + name
	}
	return orList(names)
}

// ParseFormat returns the format named name: "svg", "png", "pdf" or "tex",
// in any case.
func ParseFormat(name string) (Format, error) {
	for f, n := range formats {
		if strings.EqualFold(name, n) {
			return Format(f), nil
		}
	}
	return 0, fmt.Errorf("render: unknown format %q; valid formats are %s", name, validNames(""))
}

// FormatOf returns the format that path's extension names: .svg, .png,
// .pdf or .tex, in any case.
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
