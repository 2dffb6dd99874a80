package main

import (
	"fmt"
	"image/color"
	"math"
	"slices"
	"strings"

	"github.com/polytile/polytile/gallery"
	"github.com/polytile/polytile/palettes"
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
	colors                                    []string
	grid, labels, letters                     bool
	columns, perPage                          int

	specColors map[string]string // piece colours from the spec's render: key
}

// lookNames are the flags of lookFlags, in the order help lists them.
var lookNames = []string{"cell-size", "border-width", "border-color", "grid", "columns", "gap", "margin",
	"background", "labels", "letters", "title", "palette", "color", "per-page", "scale", "dpi"}

func (l *lookFlags) register(fl *pflag.FlagSet) {
	fl.Float64Var(&l.cellSize, "cell-size", 0, "side of a cell in `pixels` (default 24)")
	fl.Float64Var(&l.borderWidth, "border-width", 0, "width of the borders between pieces in `pixels` (default: an eighth of a cell)")
	fl.StringVar(&l.borderColor, "border-color", "", "colour of the borders, in CSS notation (default #222222)")
	fl.BoolVar(&l.grid, "grid", false, "draw thin grid lines inside the pieces")
	fl.IntVar(&l.columns, "columns", 0, "frames in a row (default: a near-square sheet)")
	fl.Float64Var(&l.gap, "gap", 0, "space between frames in `pixels` (default: one cell; negative: none)")
	fl.Float64Var(&l.margin, "margin", 0, "space around the sheet in `pixels` (default: one cell; negative: none)")
	fl.StringVar(&l.background, "background", "", "background colour, in CSS notation (default: transparent)")
	fl.BoolVar(&l.labels, "labels", false, "number the frames")
	fl.BoolVar(&l.letters, "letters", false, "write each piece's name on it")
	fl.StringVar(&l.title, "title", "", "a title above the frames")
	fl.StringVar(&l.palette, "palette", "", "a palette name (polytile palettes lists them) or a comma-separated list of colours")
	fl.StringArrayVar(&l.colors, "color", nil, "a piece's colour, as `PIECE=COLOUR` (repeatable)")
	fl.IntVar(&l.perPage, "per-page", 0, "frames on a page; more pages go to numbered files (default: all on one)")
	fl.Float64Var(&l.scale, "scale", 0, "PNG pixels per unit, another way to give --dpi: 2 is --dpi 192 (default 1)")
	fl.Float64Var(&l.dpi, "dpi", 0, "PNG resolution in dots per inch, a unit being 1/96 inch (default 96; 300 for print)")
}

// apply sets, from the spec's render options, every look flag that the
// command line did not set, and checks each colour and palette, so that a
// mistake in the spec is reported at its line and column. Piece colours
// (render.color, and render.palette written as a mapping) are gathered in
// the order written, whatever the command line says: --color wins over
// them piece by piece when the palette is made.
func (l *lookFlags) apply(fl *pflag.FlagSet, spec *puzzles.Spec) error {
	if spec == nil || spec.Render == nil {
		return nil
	}
	r := spec.Render
	// Piece colours, from the key written first to the one written last.
	groups := []struct {
		key    string
		pos    puzzles.SpecPos
		colors []puzzles.PieceColor
	}{{"palette", r.Palette.Pos, r.Palette.Value.Pieces}, {"color", r.Color.Pos, r.Color.Value}}
	if before(groups[1].pos, groups[0].pos) {
		groups[0], groups[1] = groups[1], groups[0]
	}
	for _, g := range groups {
		for _, pc := range g.colors {
			if _, err := palettes.Parse(pc.Color.Value); err != nil {
				return pc.Color.Errorf("render.%s.%s: %v", g.key, pc.Piece, err)
			}
			if l.specColors == nil {
				l.specColors = map[string]string{}
			}
			l.specColors[pc.Piece] = pc.Color.Value
		}
	}
	fromSpec(fl, "cell-size", &l.cellSize, r.CellSize)
	fromSpec(fl, "border-width", &l.borderWidth, r.BorderWidth)
	fromSpec(fl, "gap", &l.gap, r.Gap)
	fromSpec(fl, "margin", &l.margin, r.Margin)
	if !fl.Changed("scale") && !fl.Changed("dpi") {
		// --scale and --dpi say one thing two ways: either on the command
		// line replaces both of the spec's.
		fromSpec(fl, "scale", &l.scale, r.Scale)
		fromSpec(fl, "dpi", &l.dpi, r.DPI)
	}
	fromSpec(fl, "columns", &l.columns, r.Columns)
	fromSpec(fl, "per-page", &l.perPage, r.PerPage)
	fromSpec(fl, "grid", &l.grid, r.Grid)
	fromSpec(fl, "labels", &l.labels, r.Labels)
	fromSpec(fl, "letters", &l.letters, r.Letters)
	fromSpec(fl, "title", &l.title, r.Title)
	for _, c := range []struct {
		name string
		dst  *string
		opt  puzzles.RenderOption[string]
	}{{"border-color", &l.borderColor, r.BorderColor}, {"background", &l.background, r.Background}} {
		if !c.opt.Set || fl.Changed(c.name) {
			continue
		}
		if err := parseOptional(c.opt.Value); err != nil {
			return c.opt.Errorf("render.%s: %v", c.name, err)
		}
		*c.dst = c.opt.Value
	}
	if p := r.Palette; p.Set && len(p.Value.Pieces) == 0 && !fl.Changed("palette") {
		name := p.Value.Name
		if len(p.Value.List) > 0 {
			var list []string
			for _, c := range p.Value.List {
				if _, err := palettes.Parse(c.Value); err != nil {
					return c.Errorf("render.palette: %v", err)
				}
				list = append(list, c.Value)
			}
			name = strings.Join(list, ",")
		}
		l.palette = name
		if _, err := l.basePalette(12); err != nil {
			msg := strings.TrimPrefix(strings.TrimPrefix(err.Error(), "--palette: "), "--palette ")
			return p.Errorf("render.palette: %s", msg)
		}
	}
	return nil
}

// fromSpec sets *dst to the value of the spec's option o, if the spec sets
// it and the command line does not set the flag name.
func fromSpec[T any](fl *pflag.FlagSet, name string, dst *T, o puzzles.RenderOption[T]) {
	if o.Set && !fl.Changed(name) {
		*dst = o.Value
	}
}

// before reports whether position a comes before position b in a file.
func before(a, b puzzles.SpecPos) bool {
	return a.Line < b.Line || a.Line == b.Line && a.Col < b.Col
}

// check validates the value of the look flag name.
func (l *lookFlags) check(name string) error {
	nonNegative := func(v float64) error {
		if v < 0 {
			return fmt.Errorf("%g: want 0 (the default) or more", v)
		}
		return nil
	}
	switch name {
	case "cell-size":
		return nonNegative(l.cellSize)
	case "border-width":
		return nonNegative(l.borderWidth)
	case "scale":
		return nonNegative(l.scale)
	case "dpi":
		return nonNegative(l.dpi)
	case "columns":
		return nonNegative(float64(l.columns))
	case "per-page":
		return nonNegative(float64(l.perPage))
	case "border-color":
		return parseOptional(l.borderColor)
	case "background":
		return parseOptional(l.background)
	case "palette":
		_, err := l.makePalette(12)
		return err
	}
	return nil
}

func parseOptional(s string) error {
	if s == "" {
		return nil
	}
	_, err := palettes.Parse(s)
	return err
}

// options turns the flags into the gallery's and the renderer's options,
// for a puzzle of the given number of pieces (continuous palettes are
// sampled to it). Bad values are usage errors.
func (l *lookFlags) options(pieces int) (*gallery.Options, *render.Options, error) {
	for _, name := range lookNames {
		if err := l.check(name); err != nil {
			return nil, nil, usagef("--%s: %v", name, err)
		}
	}
	opt := &gallery.Options{
		CellSize:    l.cellSize,
		BorderWidth: l.borderWidth,
		Grid:        l.grid,
		Columns:     l.columns,
		Gap:         l.gap,
		Margin:      l.margin,
		Labels:      l.labels,
		Letters:     l.letters,
		Title:       l.title,
		PerPage:     l.perPage,
		MeasureText: render.MeasureText, // the fonts PNG and PDF draw with
	}
	parse := func(s string) color.NRGBA {
		c, _ := palettes.Parse(s) // checked above
		return c
	}
	if l.borderColor != "" {
		opt.BorderColor = parse(l.borderColor)
	}
	if l.background != "" {
		opt.Background = parse(l.background)
	}
	p, err := l.makePalette(pieces)
	if err != nil {
		return nil, nil, usagef("%v", err)
	}
	opt.Palette = p
	dpi, err := l.resolution()
	if err != nil {
		return nil, nil, err
	}
	return opt, &render.Options{DPI: dpi}, nil
}

// resolution returns the PNG's resolution in dots per inch: --dpi, or
// --scale pixels per unit, a unit being 1/96 inch (--scale 2 is --dpi
// 192). Both may be given if they agree.
func (l *lookFlags) resolution() (float64, error) {
	if l.scale == 0 {
		return l.dpi, nil
	}
	if l.scale > render.MaxDPI/96 {
		return 0, usagef("--scale %g: at most %g", l.scale, float64(render.MaxDPI)/96)
	}
	dpi := 96 * l.scale
	if l.dpi > 0 && math.Abs(l.dpi-dpi) > 1e-9*dpi {
		return 0, usagef("--scale %g is --dpi %g, but --dpi is %g: give one of them", l.scale, dpi, l.dpi)
	}
	return dpi, nil
}

// makePalette builds the palette: a named one (continuous ones sampled to
// the number of pieces), or a list of colours, with the spec's and then the
// command line's piece colours on top.
func (l *lookFlags) makePalette(pieces int) (*palettes.Palette, error) {
	p, err := l.basePalette(pieces)
	if err != nil {
		return nil, err
	}
	m := map[string]string{}
	for k, v := range l.specColors {
		m[k] = v
	}
	for _, kv := range l.colors {
		k, v, ok := strings.Cut(kv, "=")
		if !ok || k == "" || v == "" {
			return nil, fmt.Errorf("--color %q: want PIECE=COLOUR, such as F=#e41a1c", kv)
		}
		m[k] = v
	}
	if len(m) == 0 {
		return p, nil
	}
	if p, err = palettes.FromMap(m, p); err != nil {
		return nil, fmt.Errorf("--color: %w", err)
	}
	return p, nil
}

// basePalette builds the palette that --palette names: a named one
// (continuous ones sampled to the number of pieces), a list of colours, or
// the default.
func (l *lookFlags) basePalette(pieces int) (*palettes.Palette, error) {
	var p *palettes.Palette
	var err error
	list := splitColours(l.palette)
	name := strings.ToLower(l.palette)
	switch {
	case l.palette == "":
		p = palettes.Default()
	case slices.Contains(palettes.Names(), name):
		p, err = palettes.Named(name, pieces)
	default:
		if len(list) == 1 {
			if _, perr := palettes.Parse(list[0]); perr != nil {
				return nil, fmt.Errorf("--palette %q is neither a palette (%s) nor a list of colours", l.palette, strings.Join(palettes.Names(), ", "))
			}
		}
		p, err = palettes.FromList(list)
	}
	if err != nil {
		return nil, fmt.Errorf("--palette: %w", err)
	}
	return p, nil
}

// splitColours splits a comma-separated list of colours, leaving the
// commas inside rgb(…) alone.
func splitColours(s string) []string {
	var out []string
	depth, start := 0, 0
	for i, r := range s {
		switch r {
		case '(':
			depth++
		case ')':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, strings.TrimSpace(s[start:i]))
				start = i + 1
			}
		}
	}
	return append(out, strings.TrimSpace(s[start:]))
}
