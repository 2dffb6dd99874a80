package specs

import (
	"fmt"
	"slices"
	"strings"
)

// Fail returns an error about the option's value, found after loading
// (a colour that only the rendering step can parse, say): a *SpecError at
// the value, "render.key: err", for an option written in a spec; and a
// *RenderKeyError for one with no position, which came from elsewhere,
// such as a command line whose options are named as the render keys are,
// and whose caller words it.
func (o RenderOption[T]) Fail(key string, err error) error {
	if o.Pos == (SpecPos{}) {
		return &RenderKeyError{Key: key, Err: err}
	}
	return o.Errorf("render.%s: %v", key, err)
}

// Over returns the options that r sets, and, for those it does not set,
// base's: the way a command line's options override a spec's. A nil r or
// base sets nothing.
//
// Piece colours add up rather than replace: the result's Color lists
// base's piece colours (those of its palette written as a mapping and of
// its color mapping, in the order written), then r's, so that a later
// colour for a piece wins over an earlier one and a palette named in r
// still takes base's piece colours. Scale and DPI give one thing two ways:
// when r sets either, the result takes neither from base; and so do
// CellSize, Width and Height, the figure's scale.
func (r *RenderOptions) Over(base *RenderOptions) *RenderOptions {
	var out RenderOptions
	if r != nil {
		out = *r
	}
	if base == nil {
		return &out
	}
	if !out.CellSize.Set && !out.Width.Set && !out.Height.Set {
		out.CellSize, out.Width, out.Height = base.CellSize, base.Width, base.Height
	}
	pick(&out.BorderWidth, base.BorderWidth)
	pick(&out.BorderColor, base.BorderColor)
	pick(&out.Grid, base.Grid)
	pick(&out.Columns, base.Columns)
	pick(&out.Gap, base.Gap)
	pick(&out.Margin, base.Margin)
	pick(&out.Background, base.Background)
	pick(&out.Labels, base.Labels)
	pick(&out.Letters, base.Letters)
	pick(&out.Title, base.Title)
	pick(&out.PerPage, base.PerPage)
	pick(&out.FontSize, base.FontSize)
	pick(&out.Style, base.Style)
	pick(&out.Legend, base.Legend)
	pick(&out.ShadeCopies, base.ShadeCopies)
	pick(&out.Font, base.Font)
	pick(&out.View, base.View)
	pick(&out.Cell, base.Cell)
	pick(&out.Clearance, base.Clearance)
	pick(&out.Bed, base.Bed)
	pick(&out.Thickness, base.Thickness)
	if !out.Scale.Set && !out.DPI.Set {
		out.Scale, out.DPI = base.Scale, base.DPI
	}
	// The base's piece colours, in the order written. A palette written
	// as a mapping names no palette: the default's colours go under it.
	var groups [][]PieceColor
	if p := base.Palette; p.Set && len(p.Value.Pieces) > 0 {
		groups = append(groups, p.Value.Pieces)
		if base.Color.Set {
			groups = append(groups, base.Color.Value)
			if before(base.Color.Pos, p.Pos) {
				groups[0], groups[1] = groups[1], groups[0]
			}
		}
	} else {
		pick(&out.Palette, p)
		groups = append(groups, base.Color.Value)
	}
	var colors []PieceColor
	for _, g := range groups {
		colors = append(colors, g...)
	}
	if len(colors) > 0 {
		out.Color = RenderOption[[]PieceColor]{Value: slices.Clip(append(colors, out.Color.Value...)), Set: true}
	}
	return &out
}

// pick sets *dst to o if *dst is not set.
func pick[T any](dst *RenderOption[T], o RenderOption[T]) {
	if !dst.Set {
		*dst = o
	}
}

// before reports whether position a comes before position b in a file.
func before(a, b SpecPos) bool {
	return a.Line < b.Line || a.Line == b.Line && a.Col < b.Col
}

// CheckPieces checks that every piece colour r gives (its palette written
// as a mapping, its color mapping, and the piece colours given to Set)
// names one of the pieces, whose names are given: a colour for a piece the
// puzzle lacks is a mistake (a misspelt name, or the spec of another
// puzzle), reported by the colour's Fail with the names that would be
// valid. A nil r sets no colours.
func (r *RenderOptions) CheckPieces(names []string) error {
	if r == nil {
		return nil
	}
	known := make(map[string]bool, len(names))
	for _, n := range names {
		known[n] = true
	}
	for _, pc := range append(append([]PieceColor(nil), r.Palette.Value.Pieces...), r.Color.Value...) {
		if known[pc.Piece] {
			continue
		}
		err := fmt.Errorf("there is no piece %q; the pieces are %s", pc.Piece, listNames(names))
		if pc.Color.Pos == (SpecPos{}) {
			return pc.Color.Fail(pc.Key, fmt.Errorf("%s=%s: %w", pc.Piece, pc.Color.Value, err))
		}
		return pc.Color.Fail(pc.Key+"."+pc.Piece, err)
	}
	return nil
}

// listNames lists names for a message: all of them up to 40, else the
// first 40 and how many more.
func listNames(names []string) string {
	const most = 40
	if len(names) <= most {
		return strings.Join(names, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(names[:most], ", "), len(names)-most)
}
