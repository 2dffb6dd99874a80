package gallery

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"image/color"
	"math"
	"path/filepath"
	"slices"
	"strings"

	"github.com/polytile/polytile/internal/interrupt"
	"github.com/polytile/polytile/palettes"
	"github.com/polytile/polytile/puzzles/specs"
)

// NewOptions returns the layout options that r sets (a spec's render
// options, or those of a command line laid over them with
// specs.RenderOptions.Over), for a puzzle of the given number of pieces,
// to which a continuous palette is sampled. It parses the colours,
// checks every value and loads the font that the option font names (by
// the loader a backend registered, RegisterFontLoader); a mistake is
// reported by the option's Fail: at its line and column when a spec wrote
// it. Scale and DPI are the renderer's, not the layout's: r's are left to
// the caller. A nil r gives the defaults.
func NewOptions(r *specs.RenderOptions, pieces int) (*Options, error) {
	return NewOptionsContext(context.Background(), r, pieces)
}

// NewOptionsContext is NewOptions, its font's loading given up when ctx
// ends, with an error that wraps ctx's cause (a search for a family among
// many files, a file on a disk that does not answer).
func NewOptionsContext(ctx context.Context, r *specs.RenderOptions, pieces int) (*Options, error) {
	if r == nil {
		r = &specs.RenderOptions{}
	}
	opt := &Options{
		Style:       r.Style.Value,
		Legend:      r.Legend.Value,
		ShadeCopies: r.ShadeCopies.Value,
		View:        r.View.Value,
		Grid:        r.Grid.Value,
		Labels:      r.Labels.Value,
		Letters:     r.Letters.Value,
		Title:       r.Title.Value,
		Gap:         given(r.Gap),
		Margin:      given(r.Margin),
	}
	if opt.View != "" && !slices.Contains(Views(), opt.View) {
		return nil, r.View.Fail("view", fmt.Errorf("%q: want %s", opt.View, strings.Join(Views(), ", ")))
	}
	var err error
	sizes := []struct {
		key string
		o   specs.RenderOption[float64]
		dst *float64
	}{{"cell-size", r.CellSize, &opt.CellSize}, {"border-width", r.BorderWidth, &opt.BorderWidth}}
	for _, s := range sizes {
		if v := s.o.Value; v < 0 || math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, s.o.Fail(s.key, fmt.Errorf("%g: want 0 (the default) or more", v))
		}
		*s.dst = s.o.Value
	}
	for _, s := range []struct {
		key string
		o   specs.RenderOption[float64]
	}{{"gap", r.Gap}, {"margin", r.Margin}} {
		if math.IsNaN(s.o.Value) || math.IsInf(s.o.Value, 0) {
			return nil, s.o.Fail(s.key, fmt.Errorf("%g: want a number of pixels (0 or negative: none)", s.o.Value))
		}
	}
	if r.CellSize.Set && (r.Width.Set || r.Height.Set) {
		return nil, r.CellSize.Fail("cell-size", errors.New("give the cell size or the figure's width and height, not both: the size chooses the cells"))
	}
	opt.Width, opt.Height, opt.FontSize = r.Width.Value.Px(), r.Height.Value.Px(), r.FontSize.Value.Px()
	opt.Unit = cmp.Or(r.Width.Value.Unit, r.Height.Value.Unit)
	counts := []struct {
		key string
		o   specs.RenderOption[int]
		dst *int
	}{{"columns", r.Columns, &opt.Columns}, {"per-page", r.PerPage, &opt.PerPage}}
	for _, c := range counts {
		if c.o.Value < 0 {
			return nil, c.o.Fail(c.key, fmt.Errorf("%d: want 0 (the default) or more", c.o.Value))
		}
		*c.dst = c.o.Value
	}
	if opt.BorderColor, err = optionalColor("border-color", r.BorderColor); err != nil {
		return nil, err
	}
	if opt.Background, err = optionalColor("background", r.Background); err != nil {
		return nil, err
	}
	if r.Font.Set {
		if opt.Font, err = loadFont(ctx, r.Font); err != nil {
			return nil, err
		}
	}
	opt.Palette, err = newPalette(r, pieces)
	return opt, err
}

// loadFont loads the font that o names, by the loader a backend
// registered (RegisterFontLoader): a relative file from the directory of
// the spec that names it, else from the working directory.
func loadFont(ctx context.Context, o specs.RenderOption[string]) (Font, error) {
	load := fontLoader.Load()
	if load == nil {
		return nil, o.Fail("font", errors.New("no font can be loaded: no backend registered a font loader (package render does when imported)"))
	}
	dir := ""
	if o.Pos.File != "" {
		dir = filepath.Dir(o.Pos.File)
	}
	f, err := interrupt.Do(ctx, func() (Font, error) { return (*load)(ctx, o.Value, dir) })
	if err != nil {
		return nil, o.Fail("font", err)
	}
	return f, nil
}

// given returns a gap's or margin's value as Options takes it: 0 written
// means none, as a negative value does, and only an option not written is
// the default.
func given(o specs.RenderOption[float64]) float64 {
	if o.Set && o.Value == 0 {
		return -1
	}
	return o.Value
}

// optionalColor parses o's colour; an option not set, or set to "", is
// the zero colour (the default).
func optionalColor(key string, o specs.RenderOption[string]) (color.NRGBA, error) {
	if o.Value == "" {
		return color.NRGBA{}, nil
	}
	c, err := palettes.Parse(o.Value)
	if err != nil {
		return c, o.Fail(key, unprefixed(err))
	}
	return c, nil
}

// newPalette makes the palette of r: the one its palette option names or
// lists, or the default, with its piece colours on top, a later colour
// for a piece winning.
func newPalette(r *specs.RenderOptions, pieces int) (*palettes.Palette, error) {
	pal := r.Palette
	var base *palettes.Palette
	var err error
	switch {
	case len(pal.Value.List) > 0:
		list := make([]string, len(pal.Value.List))
		for i, c := range pal.Value.List {
			if _, err := palettes.Parse(c.Value); err != nil {
				return nil, c.Fail("palette", unprefixed(err))
			}
			list[i] = c.Value
		}
		base, err = palettes.FromList(list)
	default:
		base, err = palettes.Lookup(pal.Value.Name, pieces)
	}
	if err != nil {
		return nil, pal.Fail("palette", unprefixed(err))
	}
	colors := append(append([]specs.PieceColor(nil), pal.Value.Pieces...), r.Color.Value...)
	if len(colors) == 0 {
		return base, nil
	}
	m := map[string]string{}
	for _, pc := range colors {
		if _, err := palettes.Parse(pc.Color.Value); err != nil {
			err = unprefixed(err)
			key := pc.Key + "." + pc.Piece
			if pc.Color.Pos == (specs.SpecPos{}) {
				key = "color"
				err = fmt.Errorf("%s=%s: %w", pc.Piece, pc.Color.Value, err)
			}
			return nil, pc.Color.Fail(key, err)
		}
		m[pc.Piece] = pc.Color.Value
	}
	return palettes.FromMap(m, base)
}

// unprefixed returns a mistake that package palettes found (a
// *palettes.Error) as its Reason, without the package's name, the
// option's name saying where it comes from; other errors as they are.
func unprefixed(err error) error {
	if pe := (*palettes.Error)(nil); errors.As(err, &pe) && err == error(pe) {
		return errors.New(pe.Reason())
	}
	return err
}

// PaletteWarning returns what is wrong with colouring pieces of the given
// names with opt's palette (palettes.Palette.Warning), or "" if nothing
// is, or if opt's style does not colour the pieces.
func (opt *Options) PaletteWarning(names []string) string {
	if opt.Style == StyleGrey || opt.Style == StyleOutline {
		return ""
	}
	return opt.Palette.Warning(names)
}
