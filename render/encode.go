package render

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/polytile/polytile/gallery"
	"github.com/polytile/polytile/puzzles/specs"
)

// Options set how sheets are encoded. The zero value (and a nil *Options)
// gives the defaults.
type Options struct {
	// DPI is the resolution of a PNG, in dots (pixels) per inch. A sheet
	// unit is a CSS pixel, 1/96 inch, so 96 DPI draws one PNG pixel per
	// unit, 192 DPI (a high-resolution screen) two, and 300 DPI (print)
	// 3.125. 0 means 96; at most MaxDPI. The PNG records its resolution
	// (a pHYs chunk), so that viewers and printers know its size. SVG, PDF
	// and TeX are vector formats and ignore it: one unit is one SVG user
	// unit and 3/4 of a PDF point or of TeX's big point (1/96 inch, as in
	// every format), the sheet scaled to its physical size when it has one
	// (gallery.Sheet.Size).
	DPI float64
}

// MaxDPI bounds Options.DPI: 100 PNG pixels per sheet unit. (maxPixels,
// in png.go, bounds the image it gives.)
const MaxDPI = 9600

// defaultDPI is the resolution at which one PNG pixel is one sheet unit.
const defaultDPI = 96

// dpi returns the resolution opt asks for, after checking it.
func (opt *Options) dpi() (float64, error) {
	if opt == nil || opt.DPI == 0 {
		return defaultDPI, nil
	}
	if d := opt.DPI; math.IsNaN(d) || d < 0 || d > MaxDPI {
		return 0, fmt.Errorf("render: DPI %v out of range; it must be 0 (the default, 96) or positive, at most %d", d, MaxDPI)
	}
	return opt.DPI, nil
}

// Encode writes sheets to w in format f: for PDF and TeX, every sheet as a
// page of one document; for SVG and PNG, exactly one sheet. A nil opt
// means the defaults. Nothing is written if the arguments are wrong (a
// sheet too large for TeX among them); after the first failed write,
// nothing more is.
func Encode(w io.Writer, f Format, sheets []*gallery.Sheet, opt *Options) error {
	return EncodeContext(context.Background(), w, f, sheets, opt)
}

// EncodeContext is Encode that stops when ctx is done, between frames and
// between writes, with an error that matches ctx.Err() (errors.Is) and
// says why ctx ended (context.Cause). What was written by then is a
// truncated file.
func EncodeContext(ctx context.Context, w io.Writer, f Format, sheets []*gallery.Sheet, opt *Options) error {
	if err := check(f, sheets, opt); err != nil {
		return err
	}
	if !f.pages() && len(sheets) != 1 {
		return fmt.Errorf("render: an %s file holds one sheet, not %d; write each to a file of its own (WriteFiles numbers them), or use PDF or TeX", f, len(sheets))
	}
	return encodeFormat(ctx, w, f, sheets, opt)
}

// check validates the arguments of EncodeContext and WriteFiles.
func check(f Format, sheets []*gallery.Sheet, opt *Options) error {
	if !f.valid() {
		return fmt.Errorf("render: unknown format %v; valid formats are %s", f, validNames(""))
	}
	if _, err := opt.dpi(); err != nil {
		return err
	}
	if len(sheets) == 0 {
		return fmt.Errorf("render: no sheets to write")
	}
	for i, s := range sheets {
		if s == nil {
			return fmt.Errorf("render: sheet %d is nil", i+1)
		}
		_, isFont := s.Font.(*Font) // PNG and PDF set text in this package's fonts; SVG names any font's family
		switch {
		case !(s.Width > 0 && s.Height > 0) || math.IsInf(s.Width+s.Height, 0):
			return fmt.Errorf("render: sheet %d is %v×%v; width and height must be positive and finite", i+1, s.Width, s.Height)
		case f != FormatSVG && s.Font != nil && !isFont:
			return fmt.Errorf("render: sheet %d's font is a %T, which %s cannot set text in; want a *render.Font (LoadFont, NewFont), or none for the default", i+1, s.Font, strings.ToUpper(f.String()))
		}
		if err := CheckFont(f, s.Font); err != nil {
			return err
		}
	}
	if f == FormatTeX {
		return checkTeX(sheets)
	}
	return nil
}

// FontFormatError says that a format cannot set text in a font: PDF
// embeds fonts of TrueType outlines, and Family's are PostScript (CFF)
// ones. A TrueType font (most .ttf files) serves in every format; SVG,
// PNG and TeX take this one.
type FontFormatError struct {
	Format Format
	Family string // the font's family, as its name table gives it
}

func (e *FontFormatError) Error() string {
	f := strings.ToUpper(e.Format.String())
	return fmt.Sprintf("render: the font %q has PostScript (CFF) outlines, which %s does not embed: for %s, want a font with TrueType outlines (a .ttf file, or the family of one); SVG, PNG and TeX take this one", e.Family, f, f)
}

// CheckFont returns a *FontFormatError if format f cannot set text in
// font (nil is the default, which every format takes): PDF refuses a
// *Font with PostScript (CFF) outlines. A caller can check a font with
// it before laying out the sheets that Encode would refuse.
func CheckFont(f Format, font gallery.Font) error {
	ft, ok := font.(*Font)
	if f != FormatPDF || !ok || ft == nil {
		return nil
	}
	for _, face := range ft.faces {
		if face != nil && face.cff {
			return &FontFormatError{Format: f, Family: ft.family}
		}
	}
	return nil
}

// encodeFormat is EncodeContext after the checks: it hands the sheets to their
// format's backend.
func encodeFormat(ctx context.Context, w io.Writer, f Format, sheets []*gallery.Sheet, opt *Options) error {
	out := &output{ctx: ctx, w: w}
	switch f {
	case FormatSVG:
		return encodeSVG(out, sheets[0])
	case FormatPNG:
		dpi, _ := opt.dpi() // checked
		return encodePNG(out, sheets[0], dpi)
	case FormatTeX:
		return encodeTeX(out, sheets)
	default:
		return encodePDF(out, sheets)
	}
}

// output is where a backend writes: w, until the first error, which it
// keeps and returns from every later Write, so that one failed write stops
// the rest (as image/png's encoder does). Once ctx is done, that is the
// error. Backends call stopped between frames, so that a long picture
// stops promptly.
type output struct {
	ctx context.Context
	w   io.Writer
	err error
}

func (o *output) Write(p []byte) (int, error) {
	if o.stopped() {
		return 0, o.err
	}
	n, err := o.w.Write(p)
	if err == nil && n < len(p) {
		err = io.ErrShortWrite
	}
	if err != nil {
		o.err = err
	}
	return n, err
}

// stopped reports whether writing has failed or ctx is done, keeping the
// reason.
func (o *output) stopped() bool {
	if o.err == nil && o.ctx.Err() != nil {
		o.err = &stopError{err: o.ctx.Err(), cause: context.Cause(o.ctx)}
	}
	return o.err != nil
}

// fail records err, unless an earlier error is recorded.
func (o *output) fail(err error) {
	if o.err == nil {
		o.err = err
	}
}

// wrap returns err as this package returns it: a stop as it is, any other
// error prefixed with what was being written.
func wrap(what string, err error) error {
	if err == nil {
		return nil
	}
	if _, ok := errors.AsType[*stopError](err); ok {
		return err
	}
	return fmt.Errorf("render: writing %s: %w", what, err)
}

// stopError says that writing stopped because a context was done. It
// reads as the context's cause ("render: stopped: interrupt signal
// received") and matches both the cause and the context's error
// (context.Canceled or context.DeadlineExceeded) with errors.Is.
type stopError struct {
	err, cause error
}

func (e *stopError) Error() string   { return "render: stopped: " + e.cause.Error() }
func (e *stopError) Unwrap() []error { return []error{e.err, e.cause} }

// DPIOf returns the resolution that scale or dpi gives: dpi, or scale PNG
// pixels per sheet unit, a unit being 1/96 inch, so that scale 2 is dpi
// 192. Both may be given if they agree; 0 is not given, and 0 for both is
// the default, 96. Each must be finite and at most MaxDPI (MaxDPI/96 for
// scale).
func DPIOf(scale, dpi float64) (float64, error) {
	for _, v := range []struct {
		name     string
		x, limit float64
	}{{"scale", scale, MaxDPI / 96}, {"dpi", dpi, MaxDPI}} {
		if !(v.x >= 0 && v.x <= v.limit) {
			return 0, fmt.Errorf("render: %s %g: want 0 (the default) to %g", v.name, v.x, v.limit)
		}
	}
	if scale == 0 {
		return dpi, nil
	}
	if dpi > 0 && math.Abs(dpi-96*scale) > 1e-9*dpi {
		return 0, fmt.Errorf("render: scale %g is dpi %g, but dpi is %g: give one of them", scale, 96*scale, dpi)
	}
	return 96 * scale, nil
}

// OptionsOf returns the options that a spec's render settings r give: the
// resolution its scale or dpi sets (DPIOf). A bad value is an error that
// names the key, with the place in the spec that set it when one did
// (specs.RenderOption.Fail): a bad scale is blamed on scale, and the rest
// on dpi.
func OptionsOf(r *specs.RenderOptions) (*Options, error) {
	unprefixed := func(err error) error { return errors.New(strings.TrimPrefix(err.Error(), "render: ")) }
	if _, err := DPIOf(r.Scale.Value, 0); err != nil {
		return nil, r.Scale.Fail("scale", unprefixed(err))
	}
	dpi, err := DPIOf(r.Scale.Value, r.DPI.Value)
	if err != nil {
		return nil, r.DPI.Fail("dpi", unprefixed(err))
	}
	return &Options{DPI: dpi}, nil
}
