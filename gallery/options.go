package gallery

import (
	"context"
	"image/color"
	"sync/atomic"

	"github.com/polytile/polytile/palettes"
	"github.com/polytile/polytile/puzzles/geom"
)

// Options set how a sheet looks. The zero value gives the defaults: 24-pixel
// cells, borders an eighth of a cell wide, no grid lines, a near-square
// arrangement of frames one cell apart, a margin of one cell, a transparent
// background, no captions, letters or title, the default palette, and one
// page for everything.
type Options struct {
	// CellSize is the side of a cell, in pixels; 0 means 24. A triangle's
	// edge is 1.5 × CellSize and a hexagon is CellSize across its flats,
	// so that cells of every lattice are about the same area; a segment
	// of the stick lattice is CellSize long, as a square's side is.
	CellSize float64
	// BorderWidth is the width of the border strokes, in pixels; 0 means
	// an eighth of a cell, and at least 1.
	BorderWidth float64
	// BorderColor is the colour of the borders; the zero value means
	// #222222.
	BorderColor color.NRGBA
	// Grid draws thin lines between the cells of each piece.
	Grid bool
	// Columns is the number of frames in a row; 0 chooses a near-square
	// arrangement.
	Columns int
	// Gap is the space between frames, in pixels; 0 means one cell, and
	// a negative value none.
	Gap float64
	// Margin is the space around the frames, in pixels; 0 means one cell,
	// and a negative value none.
	Margin float64
	// Background fills the sheet; the zero value leaves it transparent.
	Background color.NRGBA
	// Labels puts a caption under each frame: its number, or the item's
	// own caption.
	Labels bool
	// Letters writes each piece's name on it, in the border's colour or
	// white, whichever stands out more on the piece's fill.
	Letters bool
	// Title is written above the frames; empty means none.
	Title string
	// Palette colours the pieces; nil means palettes.Default().
	Palette *palettes.Palette
	// PerPage is the number of frames on a sheet; 0 puts them all on one.
	PerPage int
	// Width and Height are the size the figure must have, in CSS pixels
	// (1/96 inch); 0 means none. Given one, the cells are sized so that
	// the sheet is that wide (or high), and the other side follows;
	// given both, the sheet fits inside and is padded to exactly that
	// size, centred. The cell size is then chosen, not CellSize, and sizes
	// given in pixels (BorderWidth, Gap, Margin, FontSize) are pixels of
	// the figure at that size. Every page of a document is made the
	// size of the first.
	Width, Height float64
	// Unit is the unit in which a backend writes the figure's size where it
	// writes one (SVG's width and height): "px" (the default), "pt",
	// "in", "cm" or "mm".
	Unit string
	// FontSize is the size of the captions, in pixels; 0 means 0.7 of a
	// cell, and at least 8 pixels (6 points), so that frame numbers shrink
	// with the cells and stay legible. The title is 1.6 times as large.
	FontSize float64
	// Style is how pieces are filled: StyleColor (the default, also
	// ""), StyleGrey or StyleOutline.
	Style string
	// Legend adds a legend under the frames: each piece's name beside a
	// swatch of its colour (its grey and hatching in StyleGrey), once
	// for all its copies.
	Legend bool
	// View is how a solid (a tiling of the cube lattice) is drawn:
	// ViewOverview (the default, also ""), ViewIsometric, ViewLayers,
	// ViewExploded or ViewSteps.
	// The plane's tilings ignore it.
	View string
	// ShadeCopies gives each copy of a piece (pieces of one name) its own
	// shade of the piece's colour, in StyleColor; without it, copies share
	// the colour, and the borders tell them apart.
	ShadeCopies bool
	// Lattice is the lattice of the pieces Pieces lays out; nil means the
	// square one. Solutions know their own.
	Lattice geom.Lattice
	// Font is the font all text is set in: the layout measures text with
	// its MeasureText (unless MeasureText is set), and every sheet
	// carries it (Sheet.Font) for the backend to set the text in. Nil
	// means the backend's default font (package render's: Go, embedded).
	// NewOptions loads the one a render option names.
	Font Font
	// MeasureText returns the width, in pixels, of s set at size pixels,
	// bold or not, as the backend will draw it: the sheet is widened to
	// fit the title, and the frames' slots to fit the captions. Nil means
	// Font's measure; without a Font, the measure a backend registered
	// with RegisterTextMeasure (package render registers that of the
	// fonts it draws with by default when it is imported), or, without
	// one, an estimate of 0.6 × size per character, about right for a
	// sans-serif font. It must return a finite width, at least 0.
	MeasureText func(s string, size float64, bold bool) float64
}

// Font is a font that a sheet's text is set in, as the layout and the
// backends need it: the layout measures text with it, and a backend sets
// the text in it, or, if it only names fonts (SVG), names its family.
// Package render's *render.Font is one (render.LoadFont).
type Font interface {
	// Family returns the name of the font's family, such as "DejaVu
	// Serif", by which a format that does not embed fonts names it; ""
	// names none.
	Family() string
	// MeasureText returns the width, in pixels, of s set in the font at
	// size pixels, bold or not. It must be safe for concurrent use and
	// return a finite width, at least 0.
	MeasureText(s string, size float64, bold bool) float64
}

// MaxSheetSide bounds a sheet's width and height, in pixels: about 69
// metres at 96 DPI, beyond any poster (the 2339 solutions of the 6×10
// rectangle at 24-pixel cells make a sheet about 10,000 pixels wide), and
// far from where a backend's arithmetic would overflow. Layout fails on a
// larger sheet, saying why.
const MaxSheetSide = 1 << 18

// registered is the measure RegisterTextMeasure set, or nil.
var registered atomic.Pointer[func(s string, size float64, bold bool) float64]

// RegisterTextMeasure sets how Layout, Solutions, Classes and Pieces
// measure text when Options.MeasureText is nil: package render registers
// the measure of the fonts it draws with when it is imported (as image/png
// registers its format with package image), so that a sheet laid out in a
// program that writes it with render fits its text. Without one, text is
// estimated at 0.6 × size per character. It is safe for concurrent use;
// the last registration wins, and nil removes it.
func RegisterTextMeasure(measure func(s string, size float64, bold bool) float64) {
	if measure == nil {
		registered.Store(nil)
		return
	}
	registered.Store(&measure)
}

// fontLoader is the loader RegisterFontLoader set, or nil.
var fontLoader atomic.Pointer[func(ctx context.Context, name, dir string) (Font, error)]

// RegisterFontLoader sets how NewOptions loads the font that a render
// option names (the key font): load returns the font that name names (a
// font file or a family's name), a relative file being taken from dir
// ("" is the working directory), or an error that says what is wrong
// with the name, worded to follow the option's name (`"x.ttf": no such
// file`); it stops when ctx ends (NewOptionsContext's), with an error
// that wraps ctx's cause. Package render registers its loader when it is
// imported, as it registers its measure (RegisterTextMeasure); without
// one, NewOptions refuses the key. It is safe for concurrent use; the
// last registration wins, and nil removes it.
func RegisterFontLoader(load func(ctx context.Context, name, dir string) (Font, error)) {
	if load == nil {
		fontLoader.Store(nil)
		return
	}
	fontLoader.Store(&load)
}
