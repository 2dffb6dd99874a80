package main

import (
	"errors"
	"strings"

	"github.com/polytile/polytile/gallery"
	"github.com/polytile/polytile/puzzles"
	"github.com/polytile/polytile/render"
	"github.com/spf13/pflag"
)

// lookFlags are the flags that set how pictures look. The same names are
// the keys of a spec's render: mapping.
type lookFlags struct {
	cellSize, borderWidth, gap, margin, scale float64
	dpi                                       float64
	borderColor, background, title, palette   string
	width, height, fontSize, style            string
	colors                                    []string
	grid, labels, letters, legend             bool
	columns, perPage                          int
}

func (l *lookFlags) register(fl *pflag.FlagSet) {
	fl.Float64Var(&l.cellSize, "cell-size", 0, "side of a cell in `pixels` (default 24)")
	fl.Float64Var(&l.borderWidth, "border-width", 0, "width of the borders between pieces in `pixels` (default: an eighth of a cell)")
	fl.StringVar(&l.borderColor, "border-color", "", "colour of the borders, in CSS notation (default #222222)")
	fl.BoolVar(&l.grid, "grid", false, "draw thin grid lines inside the pieces")
	fl.IntVar(&l.columns, "columns", 0, "frames in a row (default: a near-square sheet)")
	fl.Float64Var(&l.gap, "gap", 0, "space between frames in `pixels` (default: one cell; 0: none)")
	fl.Float64Var(&l.margin, "margin", 0, "space around the sheet in `pixels` (default: one cell; 0: none)")
	fl.StringVar(&l.background, "background", "", "background colour, in CSS notation (default: transparent)")
	fl.BoolVar(&l.labels, "labels", false, "number the frames")
	fl.BoolVar(&l.letters, "letters", false, "write each piece's name on it")
	fl.StringVar(&l.title, "title", "", "a title above the frames")
	fl.StringVar(&l.palette, "palette", "", "a palette name (polytile palettes lists them) or a comma-separated list of colours")
	fl.StringArrayVar(&l.colors, "color", nil, "a piece's colour, as `PIECE=COLOUR` (repeatable)")
	fl.IntVar(&l.perPage, "per-page", 0, "frames on a page; more pages go to numbered files (default: all on one)")
	fl.Float64Var(&l.scale, "scale", 0, "PNG pixels per unit, another way to give --dpi: 2 is --dpi 192 (default 1)")
	fl.Float64Var(&l.dpi, "dpi", 0, "PNG resolution in dots per inch, a unit being 1/96 inch (default 96; 300 for print)")
	fl.StringVar(&l.width, "width", "", "the figure's width, such as 17cm, 170mm, 3.5in, 240pt or 800px (the cells are sized to it)")
	fl.StringVar(&l.height, "height", "", "the figure's height (with --width: the figure fits inside, centred)")
	fl.StringVar(&l.fontSize, "font-size", "", "the size of captions, such as 8pt (default: 0.7 of a cell, at least 6pt)")
	fl.StringVar(&l.style, "style", "", "color, grey (grey levels and hatching, for black-and-white print) or outline (no fills: for a cutter)")
	fl.BoolVar(&l.legend, "legend", false, "add a legend of the pieces: name and colour")
}

// renderOptions returns the render options that the command line sets,
// each with no position (so that an error names its flag), laid over the
// spec's (puzzles.RenderOptions.Over): a flag wins over the spec's key of
// its name, and --color over the spec's piece colours piece by piece.
func (l *lookFlags) renderOptions(fl *pflag.FlagSet, spec *puzzles.Spec) (*puzzles.RenderOptions, error) {
	r := &puzzles.RenderOptions{}
	flag(fl, "cell-size", &r.CellSize, l.cellSize)
	flag(fl, "border-width", &r.BorderWidth, l.borderWidth)
	flag(fl, "border-color", &r.BorderColor, l.borderColor)
	flag(fl, "grid", &r.Grid, l.grid)
	flag(fl, "columns", &r.Columns, l.columns)
	flag(fl, "gap", &r.Gap, l.gap)
	flag(fl, "margin", &r.Margin, l.margin)
	flag(fl, "background", &r.Background, l.background)
	flag(fl, "labels", &r.Labels, l.labels)
	flag(fl, "letters", &r.Letters, l.letters)
	flag(fl, "title", &r.Title, l.title)
	flag(fl, "palette", &r.Palette, puzzles.RenderPalette{Name: l.palette})
	flag(fl, "per-page", &r.PerPage, l.perPage)
	flag(fl, "scale", &r.Scale, l.scale)
	flag(fl, "dpi", &r.DPI, l.dpi)
	flag(fl, "legend", &r.Legend, l.legend)
	for _, lf := range []struct {
		name, v string
		dst     *puzzles.RenderOption[puzzles.Length]
	}{{"width", l.width, &r.Width}, {"height", l.height, &r.Height}, {"font-size", l.fontSize, &r.FontSize}} {
		if fl.Changed(lf.name) {
			v, err := puzzles.ParseLength(lf.v, lf.name == "font-size")
			if err != nil {
				return nil, usagef("--%s: %v", lf.name, err)
			}
			flag(fl, lf.name, lf.dst, v)
		}
	}
	if fl.Changed("style") {
		s, err := puzzles.ParseStyle(l.style)
		if err != nil {
			return nil, usagef("--style: %v", err)
		}
		flag(fl, "style", &r.Style, s)
	}
	for _, kv := range l.colors {
		k, v, ok := strings.Cut(kv, "=")
		if !ok || k == "" || v == "" {
			return nil, usagef("--color %q: want PIECE=COLOUR, such as F=#e41a1c", kv)
		}
		r.Color.Set = true
		r.Color.Value = append(r.Color.Value, puzzles.PieceColor{Piece: k, Key: "color",
			Color: puzzles.RenderOption[string]{Value: v, Set: true}})
	}
	if spec == nil {
		return r, nil
	}
	return r.Over(spec.Render), nil
}

// flag sets *o to the flag's value v if the command line gives the flag.
func flag[T any](fl *pflag.FlagSet, name string, o *puzzles.RenderOption[T], v T) {
	if fl.Changed(name) {
		*o = puzzles.RenderOption[T]{Value: v, Set: true}
	}
}

// options returns the gallery's and the renderer's options that the
// command line and the spec (nil for none) set, for a puzzle of the named
// pieces (continuous palettes are sampled to their number; a colour for
// another piece is a mistake). A bad value on
// the command line is a usage error; one in the spec an error at its line
// and column.
func (l *lookFlags) options(fl *pflag.FlagSet, spec *puzzles.Spec, names []string) (*gallery.Options, *render.Options, error) {
	r, err := l.renderOptions(fl, spec)
	if err != nil {
		return nil, nil, err
	}
	opt, err := gallery.NewOptions(r, len(names))
	if err == nil {
		err = r.CheckPieces(names)
	}
	if err == nil {
		var dpi float64
		if dpi, err = resolution(r); err == nil {
			return opt, &render.Options{DPI: dpi}, nil
		}
	}
	if errors.As(err, new(*puzzles.SpecError)) {
		return nil, nil, err
	}
	return nil, nil, usageError{err}
}

// resolution returns the PNG's resolution that r's scale or dpi gives
// (render.DPIOf), blaming scale for a bad scale and dpi for the rest.
func resolution(r *puzzles.RenderOptions) (float64, error) {
	unprefixed := func(err error) error { return errors.New(strings.TrimPrefix(err.Error(), "render: ")) }
	if _, err := render.DPIOf(r.Scale.Value, 0); err != nil {
		return 0, r.Scale.Fail("scale", unprefixed(err))
	}
	dpi, err := render.DPIOf(r.Scale.Value, r.DPI.Value)
	if err != nil {
		return 0, r.DPI.Fail("dpi", unprefixed(err))
	}
	return dpi, nil
}
