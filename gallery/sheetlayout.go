package gallery

import (
	"cmp"
	"context"
	"fmt"
	"image/color"
	"math"

	"github.com/polytile/polytile/puzzles/geom"
)

// sheetLayout lays out sheets: the Options with the defaults filled in,
// the sizes in pixels that follow from the cell's (setCell; fit changes
// them to give the figure the size asked for), and what is found before
// the frames are drawn: the legend's entries and the short names of
// pieces. It is not the drawing style, which is Options.Style.
type sheetLayout struct {
	Options
	cell, border, gap, margin, caption, title float64
	gridWidth                                 float64
	gridColor                                 color.NRGBA
	legendEntries                             []legendEntry     // the legend's, if one is asked for, or a figure's key
	notes                                     []string          // lines under the legend, saying what the figure leaves out
	abbrev                                    map[string]string // short names of pieces whose names do not fit on them
	lines                                     bool              // the pieces are lines (polysticks): greys unhatched (greyOf), legend swatches lines
	// ctx stops a long layout (stopped); nil never does.
	ctx context.Context
}

// stoppedEvery is how many frames a layout lays out between two looks at
// its context: a few milliseconds' work.
const stoppedEvery = 64

// stopped returns an error if the layout's context has ended, looking at
// it when k, the frame being laid out, is a multiple of stoppedEvery.
func (s *sheetLayout) stopped(k int) error {
	if s.ctx == nil || k%stoppedEvery != 0 || s.ctx.Err() == nil {
		return nil
	}
	return &stopError{err: s.ctx.Err(), cause: context.Cause(s.ctx)}
}

// stopError is the error of a layout that its context stopped: it
// matches the context's error, and says its cause.
type stopError struct{ err, cause error }

func (e *stopError) Error() string   { return "gallery: stopped laying out: " + e.cause.Error() }
func (e *stopError) Unwrap() []error { return []error{e.err, e.cause} }

// newSheetLayout checks opt (nil means the defaults) and returns the
// layout it asks for, at its cell size.
func newSheetLayout(opt *Options) (*sheetLayout, error) {
	s := &sheetLayout{}
	if opt != nil {
		s.Options = *opt
	}
	if s.CellSize < 0 || s.BorderWidth < 0 || s.Columns < 0 || s.PerPage < 0 ||
		math.IsNaN(s.CellSize+s.BorderWidth+s.Gap+s.Margin) || math.IsInf(s.CellSize+s.BorderWidth+s.Gap+s.Margin, 0) {
		return nil, fmt.Errorf("gallery: cell size, border width, columns and per-page must be 0 (default) or positive, and sizes finite")
	}
	if s.CellSize > 1000 || s.BorderWidth > 1000 || s.Gap > 10000 || s.Margin > 10000 {
		return nil, fmt.Errorf("gallery: cell size and border width at most 1000 pixels, gap and margin at most 10000")
	}
	if !(s.Width >= 0 && s.Height >= 0 && s.FontSize >= 0 && s.Width <= MaxSheetSide && s.Height <= MaxSheetSide && s.FontSize <= 1000) {
		return nil, fmt.Errorf("gallery: width and height from 0 (none) to %d pixels, font size from 0 (the default) to 1000", MaxSheetSide)
	}
	if err := checkStyle(s.Style, s.View); err != nil {
		return nil, err
	}
	if s.BorderColor == (color.NRGBA{}) {
		s.BorderColor = color.NRGBA{0x22, 0x22, 0x22, 0xff}
		if s.Style == StyleOutline {
			s.BorderColor = color.NRGBA{0, 0, 0, 0xff}
		}
	}
	s.setCell(cmp.Or(s.CellSize, 24))
	s.Palette = s.Palette.WithSets(geom.PieceSetOrders())
	if s.MeasureText == nil && s.Font != nil {
		s.MeasureText = s.Font.MeasureText
	}
	if s.MeasureText == nil {
		if m := registered.Load(); m != nil {
			s.MeasureText = *m
		}
	}
	s.gridColor = color.NRGBA{0, 0, 0, 0x40}
	return s, nil
}

// minCaption is the smallest caption that cells' size gives: 6 points.
const minCaption = 8

// setCell sets the cell's size, and the sizes that follow from it.
func (s *sheetLayout) setCell(cell float64) {
	s.cell = cell
	s.border = s.BorderWidth
	switch {
	case s.border > 0:
	case s.Style == StyleOutline:
		s.border = hairline
	default:
		s.border = max(min(1, cell/4), cell/8)
	}
	s.gap = orDefault(s.Gap, s.cell)
	s.margin = orDefault(s.Margin, s.cell)
	s.caption = s.FontSize
	if s.caption == 0 {
		s.caption = max(minCaption, s.cell*0.7)
	}
	s.title = s.caption * 1.6
	s.gridWidth = max(0.5, s.cell/24)
}

// orDefault returns v, or def when v is 0, or 0 when v is negative: a
// size in Options that 0 defaults and a negative value turns off.
func orDefault(v, def float64) float64 {
	switch {
	case v == 0:
		return def
	case v < 0:
		return 0
	}
	return v
}
