package main

import (
	"fmt"
	"image/color"
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
	borderColor, background, title, palette   string
	colors                                    []string
	grid, labels, letters                     bool
	columns, perPage                          int
}

// lookNames are the flags of lookFlags, in the order help lists them.
var lookNames = []string{"cell-size", "border-width", "border-color", "grid", "columns", "gap", "margin",
	"background", "labels", "letters", "title", "palette", "color", "per-page", "scale"}

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
	fl.Float64Var(&l.scale, "scale", 0, "PNG pixels per unit (default 1; 2 for a high-resolution screen)")
}

// apply sets, from the spec's render: mapping, every look flag that the
// command line did not set.
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
	for i := 0; i+1 < len(node.Content); i += 2 {
		key, val := node.Content[i], node.Content[i+1]
		name := key.Value
		if !slices.Contains(lookNames, name) {
			return at(key, "unknown key %q in render; valid keys are %s", name, strings.Join(lookNames, ", "))
		}
		if fl.Changed(name) {
			continue // the command line wins
		}
		var values []string
		switch {
		case val.Kind == yaml.ScalarNode:
			values = []string{val.Value}
		case val.Kind == yaml.SequenceNode && name == "palette":
			var list []string
			for _, c := range val.Content {
				if c.Kind != yaml.ScalarNode {
					return at(c, "render.palette lists colours; want a colour such as \"#e41a1c\"")
				}
				list = append(list, c.Value)
			}
			values = []string{strings.Join(list, ",")}
		case val.Kind == yaml.MappingNode && (name == "palette" || name == "color"):
			// A map from piece name to colour.
			for k := 0; k+1 < len(val.Content); k += 2 {
				pk, pv := val.Content[k], val.Content[k+1]
				if pv.Kind != yaml.ScalarNode {
					return at(pv, "render.%s maps piece names to colours; want a colour such as \"#e41a1c\"", name)
				}
				if err := fl.Set("color", pk.Value+"="+pv.Value); err != nil {
					return at(pv, "render.%s: %v", name, err)
				}
			}
			continue
		default:
			return at(val, "render.%s is not a single value", name)
		}
		for _, v := range values {
			if err := fl.Set(name, v); err != nil {
				return at(val, "render.%s: %v", name, err)
			}
		}
	}
	return nil
}

// options turns the flags into the gallery's and the renderer's options.
func (l *lookFlags) options() (*gallery.Options, *render.Options, error) {
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
	}
	var err error
	parse := func(flag, s string) color.NRGBA {
		if s == "" || err != nil {
			return color.NRGBA{}
		}
		c, e := palettes.Parse(s)
		if e != nil {
			err = fmt.Errorf("--%s: %w", flag, e)
		}
		return c
	}
	opt.BorderColor = parse("border-color", l.borderColor)
	opt.Background = parse("background", l.background)
	if err != nil {
		return nil, nil, err
	}
	if opt.Palette, err = l.makePalette(); err != nil {
		return nil, nil, err
	}
	if l.scale < 0 {
		return nil, nil, fmt.Errorf("--scale %g: want a positive number", l.scale)
	}
	return opt, &render.Options{Scale: l.scale}, nil
}

func (l *lookFlags) makePalette() (*palettes.Palette, error) {
	var p *palettes.Palette
	var err error
	switch list := splitColours(l.palette); {
	case l.palette == "":
		p = palettes.Default()
	case len(list) == 1 && slices.Contains(palettes.Names(), list[0]):
		p, err = palettes.Named(list[0], 0)
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
	if len(l.colors) == 0 {
		return p, nil
	}
	m := map[string]string{}
	for _, kv := range l.colors {
		k, v, ok := strings.Cut(kv, "=")
		if !ok || k == "" || v == "" {
			return nil, fmt.Errorf("--color %q: want PIECE=COLOUR, such as F=#e41a1c", kv)
		}
		m[k] = v
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
