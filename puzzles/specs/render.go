package specs

import (
	"fmt"
	"math"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v4"
)

// SpecPos is a position in a spec: the spec's name (its file path or
// built-in name), and a line and column counted from 1, the column in
// characters. The zero SpecPos is no position.
type SpecPos struct {
	File      string
	Line, Col int
}

// Errorf returns a *SpecError at p whose message is formatted as
// fmt.Sprintf does, for a mistake found after the spec was loaded, such as
// a colour name that only the rendering step can check.
func (p SpecPos) Errorf(format string, args ...any) error {
	return &SpecError{File: p.File, Line: max(p.Line, 1), Col: max(p.Col, 1), Msg: fmt.Sprintf(format, args...)}
}

// RenderOption is one option of a spec's render mapping.
type RenderOption[T any] struct {
	Value T       // the value written; the zero value if Set is false
	Set   bool    // whether the spec gives the option
	Pos   SpecPos // where the value is written; the zero SpecPos if Set is false
}

// Errorf returns a *SpecError at the option's value, for a mistake in it
// found after loading.
func (o RenderOption[T]) Errorf(format string, args ...any) error {
	return o.Pos.Errorf(format, args...)
}

// RenderOptions are the options of a spec's render mapping: how its
// pictures look. Each key of the mapping is a field, named as the key is
// (cell-size is CellSize), holding the value written, whether it is written
// at all, and where. The loader checks each value's type and the ranges
// that need no knowledge of rendering: sizes and scales are finite numbers,
// 0 or more (0 being the default); gap and margin are finite numbers
// (0 or negative: none); columns and per-page are whole numbers from 0 (the
// default) to 1,048,576. Colours and the font stay text as written: the
// rendering step parses the colours and loads the font (a relative file
// from the directory of the spec that names it), and reports a bad one
// with its option's Errorf. The zero value sets nothing.
type RenderOptions struct {
	CellSize    RenderOption[float64]       // cell-size: the side of a cell in pixels
	BorderWidth RenderOption[float64]       // border-width: the width of borders between pieces in pixels
	BorderColor RenderOption[string]        // border-color: the borders' colour, as CSS writes colours
	Grid        RenderOption[bool]          // grid: thin grid lines inside the pieces
	Columns     RenderOption[int]           // columns: frames in a row
	Gap         RenderOption[float64]       // gap: space between frames in pixels; 0 or negative: none
	Margin      RenderOption[float64]       // margin: space around the sheet in pixels; 0 or negative: none
	Background  RenderOption[string]        // background: the background colour
	Labels      RenderOption[bool]          // labels: number the frames
	Letters     RenderOption[bool]          // letters: write each piece's name on it
	Title       RenderOption[string]        // title: a title above the frames
	Palette     RenderOption[RenderPalette] // palette: a palette name, a list of colours or piece colours
	Color       RenderOption[[]PieceColor]  // color: piece colours
	PerPage     RenderOption[int]           // per-page: frames on a page
	Scale       RenderOption[float64]       // scale: PNG pixels per unit
	DPI         RenderOption[float64]       // dpi: PNG dots per inch, a unit being 1/96 inch
	Width       RenderOption[Length]        // width: the figure's width, such as 17cm
	Height      RenderOption[Length]        // height: the figure's height, such as 10cm
	FontSize    RenderOption[Length]        // font-size: the size of captions (a number alone is pixels)
	Style       RenderOption[string]        // style: color, grey or outline (see RenderStyles)
	Legend      RenderOption[bool]          // legend: a legend of the pieces' names and colours
	ShadeCopies RenderOption[bool]          // shade-copies: each copy of a piece in its own shade of the piece's colour
	Font        RenderOption[string]        // font: the font of all text, a font file or a family's name, as written
	View        RenderOption[string]        // view: how a solid is seen (overview, isometric, layers, exploded or steps), as written
	Cell        RenderOption[Length]        // cell: a printed cube's edge, such as 20mm
	Clearance   RenderOption[Length]        // clearance: what a printed piece loses on every outer face, such as 0.15mm
	Bed         RenderOption[string]        // bed: a printer's bed, width x depth, such as 220x220mm (ParseBed), as written
	Thickness   RenderOption[Length]        // thickness: a printed tile's thickness, such as 5mm
}

// RenderStyles returns the names of the styles a picture may be drawn in:
// color (filled in the palette's colours, the default), grey (distinct
// grey levels and hatching, for black-and-white print) and outline
// (hairline outlines, no fills: for a laser cutter).
func RenderStyles() []string { return []string{"color", "grey", "outline"} }

// styleAliases are other spellings of the styles.
var styleAliases = map[string]string{"colour": "color", "gray": "grey"}

// ParseStyle returns the style named s (see RenderStyles), accepting the
// spellings colour and gray.
func ParseStyle(s string) (string, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	if a, ok := styleAliases[t]; ok {
		t = a
	}
	if slices.Contains(RenderStyles(), t) {
		return t, nil
	}
	return "", fmt.Errorf("%q: want a style: %s", s, strings.Join(RenderStyles(), ", "))
}

// RenderPalette is the value of the palette option, which is written in
// one of three ways; one of the fields is set.
type RenderPalette struct {
	// Name is the palette written as text: a palette's name, or colours
	// separated by commas.
	Name string
	// List is the palette written as a list of colours, each where it is.
	List []RenderOption[string]
	// Pieces is the palette written as a mapping from piece name to colour,
	// in the order written.
	Pieces []PieceColor
}

// PieceColor is a colour given to one piece by name.
type PieceColor struct {
	Piece string               // the piece's name
	Color RenderOption[string] // its colour, as written, and where
	Key   string               // the render key that gives it: "palette" or "color"
}

const colourWant = `a colour such as tomato or "#e41a1c" (quoted: # starts a comment in YAML)`

// render reads the render mapping n, by the table of render keys.
func (p *specParser) render(n *yaml.Node) (*RenderOptions, error) {
	if n.Kind != yaml.MappingNode {
		return nil, p.errorf(n, "render is %s; want a mapping of render options, or no render key", describe(n))
	}
	if _, err := p.fields(n, "render", renderKeys); err != nil {
		return nil, err
	}
	r := &RenderOptions{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if err := p.renderValue(r, renderKeyNamed(n.Content[i].Value), n.Content[i+1]); err != nil {
			return nil, err
		}
	}
	return r, nil
}

// renderValue reads into r the value v of the render key k.
func (p *specParser) renderValue(r *RenderOptions, k *RenderKey, v *yaml.Node) error {
	what := "render." + k.Name
	if v.Kind == yaml.ScalarNode && v.Tag == "!!null" {
		hint := ""
		switch k.Kind {
		case RenderKindColour, RenderKindPalette, RenderKindPieceColours:
			hint = ` (a colour starting with # must be quoted: "#e41a1c")`
		}
		return p.errorf(v, "%s has no value; want a value, such as %s%s", what, k.Example, hint)
	}
	switch k.Kind {
	case RenderKindNumber:
		return p.number(optionOf[float64](r, k), v, what, k.Min, k.want())
	case RenderKindCount:
		return p.count(optionOf[int](r, k), v, what, k)
	case RenderKindBool:
		return p.flag(optionOf[bool](r, k), v, what)
	case RenderKindLength:
		return p.length(optionOf[Length](r, k), v, what, k.PlainPx)
	case RenderKindColour:
		return p.colour(optionOf[string](r, k), v, what)
	case RenderKindText:
		s, err := p.text(v, what, "a string")
		if err == nil {
			*optionOf[string](r, k) = option(p, s, v)
		}
		return err
	case RenderKindStyle:
		return p.style(optionOf[string](r, k), v, what)
	case RenderKindPalette:
		return p.palette(optionOf[RenderPalette](r, k), v)
	case RenderKindPieceColours:
		if v.Kind != yaml.MappingNode {
			return p.errorf(v, "%s is %s; want a mapping from piece names to colours, such as {F: tomato, X: \"#e41a1c\"}", what, describe(v))
		}
		pcs, err := p.pieceColors(v, what)
		if err == nil {
			*optionOf[[]PieceColor](r, k) = option(p, pcs, v)
		}
		return err
	}
	panic(fmt.Sprintf("specs: render key %s is of no kind the loader reads (%d)", k.Name, k.Kind))
}

// style reads into o the name of a style.
func (p *specParser) style(o *RenderOption[string], n *yaml.Node, what string) error {
	s, err := p.text(n, what, "a style: "+strings.Join(RenderStyles(), ", "))
	if err != nil {
		return err
	}
	if s, err = ParseStyle(s); err != nil {
		return p.errorf(n, "%s is %v", what, err)
	}
	*o = option(p, s, n)
	return nil
}

// length reads into o the length n: a string with a unit, or, when
// plainPx is true, a number of pixels.
func (p *specParser) length(o *RenderOption[Length], n *yaml.Node, what string, plainPx bool) error {
	want := lengthWant
	if plainPx {
		want += " (a number alone is pixels)"
	}
	if n.Kind != yaml.ScalarNode || n.Tag != "!!str" && !(plainPx && (n.Tag == "!!int" || n.Tag == "!!float")) {
		return p.errorf(n, "%s is %s; want %s", what, describe(n), want)
	}
	l, err := ParseLength(n.Value, plainPx)
	if err != nil {
		return p.errorf(n, "%s is %v", what, err)
	}
	*o = option(p, l, n)
	return nil
}

// option returns a set option of value v, written at n.
func option[T any](p *specParser, v T, n *yaml.Node) RenderOption[T] {
	return RenderOption[T]{Value: v, Set: true, Pos: SpecPos{File: p.name, Line: max(n.Line, 1), Col: max(n.Column, 1)}}
}

// number reads into o the finite number n, at least lo; want says what
// would be valid.
func (p *specParser) number(o *RenderOption[float64], n *yaml.Node, what string, lo float64, want string) error {
	if n.Kind != yaml.ScalarNode || (n.Tag != "!!int" && n.Tag != "!!float") {
		return p.errorf(n, "%s is %s; want %s", what, describe(n), want)
	}
	var v float64
	var err error
	if n.Tag == "!!int" {
		var i int64
		i, err = strconv.ParseInt(strings.ReplaceAll(n.Value, "_", ""), 0, 64)
		v = float64(i)
	} else {
		v, err = strconv.ParseFloat(strings.ReplaceAll(n.Value, "_", ""), 64)
	}
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return p.errorf(n, "%s is %s, which is not a finite number; want %s", what, shorten(n.Value), want)
	}
	if v < lo {
		return p.errorf(n, "%s is %s; want %s", what, shorten(n.Value), want)
	}
	*o = option(p, v, n)
	return nil
}

// count reads into o a whole number of frames within k's bounds.
func (p *specParser) count(o *RenderOption[int], n *yaml.Node, what string, k *RenderKey) error {
	v, err := p.integer(n, what, int(k.Min), int(k.Max), k.want())
	if err != nil {
		return err
	}
	*o = option(p, v, n)
	return nil
}

// flag reads into o true or false.
func (p *specParser) flag(o *RenderOption[bool], n *yaml.Node, what string) error {
	v, err := p.boolean(n, what)
	if err != nil {
		return err
	}
	*o = option(p, v, n)
	return nil
}

// colour reads into o the text of a colour, which it does not parse.
func (p *specParser) colour(o *RenderOption[string], n *yaml.Node, what string) error {
	s, err := p.text(n, what, colourWant)
	if err != nil {
		return err
	}
	if strings.TrimSpace(s) == "" {
		return p.errorf(n, "%s is %q; want %s", what, s, colourWant)
	}
	*o = option(p, s, n)
	return nil
}

// palette reads the palette option: a name or comma-separated colours, a
// list of colours, or a mapping from piece name to colour.
func (p *specParser) palette(o *RenderOption[RenderPalette], n *yaml.Node) error {
	const what = "render.palette"
	var v RenderPalette
	switch n.Kind {
	case yaml.SequenceNode:
		if len(n.Content) == 0 {
			return p.errorf(n, "render.palette lists no colours; want a palette name, a list of colours or a mapping from piece names to colours")
		}
		for _, c := range n.Content {
			var co RenderOption[string]
			if err := p.colour(&co, c, "a colour of render.palette"); err != nil {
				return err
			}
			v.List = append(v.List, co)
		}
	case yaml.MappingNode:
		pcs, err := p.pieceColors(n, what)
		if err != nil {
			return err
		}
		v.Pieces = pcs
	default:
		s, err := p.text(n, what, "a palette name (polytile palettes lists them), a list of colours or a mapping from piece names to colours")
		if err != nil {
			return err
		}
		if strings.TrimSpace(s) == "" {
			return p.errorf(n, "render.palette is %q; want a palette name, a list of colours or a mapping from piece names to colours", s)
		}
		v.Name = s
	}
	*o = option(p, v, n)
	return nil
}

// pieceColors reads a mapping from piece name to colour, which what names
// in errors.
func (p *specParser) pieceColors(n *yaml.Node, what string) ([]PieceColor, error) {
	var out []PieceColor
	first := map[string]*yaml.Node{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		name, err := p.pieceName(k)
		if err != nil {
			return nil, err
		}
		if f, ok := first[name]; ok {
			return nil, p.errorf(k, "piece %q given twice in %s (first at line %d); give each piece one colour", name, what, f.Line)
		}
		first[name] = k
		var c RenderOption[string]
		if err := p.colour(&c, v, what+"."+name); err != nil {
			return nil, err
		}
		out = append(out, PieceColor{Piece: name, Color: c, Key: strings.TrimPrefix(what, "render.")})
	}
	return out, nil
}

// fontFileExts are the extensions by which the key font names a file,
// though only TrueType and OpenType fonts (.ttf, .otf) are read: a
// collection (.ttc, .otc) is a file too, refused as one.
var fontFileExts = []string{".ttf", ".otf", ".ttc", ".otc"}

// FontNamesFile reports whether v, a value of the key font, names a font
// file rather than a family: it ends in .ttf, .otf, .ttc or .otc, in any
// case, or holds a path separator. Anything else is a family's name,
// looked up among the fonts installed, never opened as a path.
func FontNamesFile(v string) bool {
	return slices.Contains(fontFileExts, strings.ToLower(filepath.Ext(v))) || strings.ContainsAny(v, `/`+string(filepath.Separator))
}

// WithoutFontFile returns r without its key font if that names a font
// file (FontNamesFile), and the file it named; else r itself and "". It is
// how the spec that a file of saved results carries is drawn: a saved file
// comes from anywhere, and never makes polytile open a file it names (a
// device, a pipe, a secret); a family's name stays, looked up among the
// fonts installed. r itself is not changed.
func (r *RenderOptions) WithoutFontFile() (*RenderOptions, string) {
	if r == nil || !r.Font.Set || !FontNamesFile(r.Font.Value) {
		return r, ""
	}
	out := *r
	out.Font = RenderOption[string]{}
	return &out, r.Font.Value
}
