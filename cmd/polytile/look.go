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
	"go.yaml.in/yaml/v4"
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

// apply sets, from the spec's render: mapping, every look flag that the
// command line did not set, and checks each value, so that a mistake in
// the spec is reported at its line and column.
func (l *lookFlags) apply(fl *pflag.FlagSet, spec *puzzles.Spec) error {
	if spec == nil || spec.Render == nil {
		return nil
	}
	node := spec.Render
	at := func(n *yaml.Node, format string, args ...any) error {
		return fmt.Errorf("%s:%d:%d: %s", spec.Name, n.Line, n.Column, fmt.Sprintf(format, args...))
	}
	if node.Kind != yaml.MappingNode {
		return at(node, "render is not a mapping; want keys such as columns: 13")
	}
	isNull := func(n *yaml.Node) bool {
		return n.Kind == yaml.ScalarNode && (n.Tag == "!!null" || n.Value == "")
	}
	colour := func(n *yaml.Node, what string) (string, error) {
		if n.Kind != yaml.ScalarNode || isNull(n) {
			return "", at(n, "%s: want a colour such as \"#e41a1c\" (quoted: # starts a comment in YAML)", what)
		}
		if _, err := palettes.Parse(n.Value); err != nil {
			return "", at(n, "%s: %v", what, err)
		}
		return n.Value, nil
	}
	for i := 0; i+1 < len(node.Content); i += 2 {
		key, val := node.Content[i], node.Content[i+1]
		name := key.Value
		if !slices.Contains(lookNames, name) {
			return at(key, "unknown key %q in render; valid keys are %s", name, strings.Join(lookNames, ", "))
		}
		switch {
		case val.Kind == yaml.MappingNode && (name == "palette" || name == "color"):
			// A map from piece name to colour; --color wins piece by piece.
			if l.specColors == nil {
				l.specColors = map[string]string{}
			}
			for k := 0; k+1 < len(val.Content); k += 2 {
				c, err := colour(val.Content[k+1], "render."+name+"."+val.Content[k].Value)
				if err != nil {
					return err
				}
				l.specColors[val.Content[k].Value] = c
			}
			continue
		case name == "color":
			return at(val, "render.color maps piece names to colours, such as {F: tomato, X: \"#e41a1c\"}")
		case fl.Changed(name):
			continue // the command line wins
		case val.Kind == yaml.SequenceNode && name == "palette":
			var list []string
			for _, c := range val.Content {
				v, err := colour(c, "render.palette")
				if err != nil {
					return err
				}
				list = append(list, v)
			}
			if len(list) == 0 {
				return at(val, "render.palette lists no colours")
			}
			if err := fl.Set(name, strings.Join(list, ",")); err != nil {
				return at(val, "render.palette: %v", err)
			}
			continue
		case val.Kind != yaml.ScalarNode:
			return at(val, "render.%s is not a single value", name)
		case isNull(val):
			return at(val, "render.%s has no value (a colour starting with # must be quoted: \"#e41a1c\")", name)
		}
		if err := fl.Set(name, val.Value); err != nil {
			return at(val, "render.%s: %v", name, err)
		}
		if err := l.check(name); err != nil {
			return at(val, "render.%s: %v", name, err)
		}
	}
	return nil
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
