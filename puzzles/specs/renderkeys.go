package specs

import (
	"fmt"
	"math"
	"slices"
)

// RenderKind is the kind of value a render key takes.
type RenderKind int

const (
	RenderKindNumber       RenderKind = iota // a finite number from the key's Min to its Max
	RenderKindCount                          // a whole number of frames from the key's Min (0, the default) to its Max
	RenderKindBool                           // true or false
	RenderKindLength                         // a length with a unit, such as 17cm (Length); with PlainPx, a number alone is pixels
	RenderKindColour                         // a colour as CSS writes it, kept as text for the rendering step to parse
	RenderKindText                           // any text
	RenderKindStyle                          // the name of a style (RenderStyles)
	RenderKindPalette                        // a palette's name or colours, or piece colours (RenderPalette)
	RenderKindPieceColours                   // piece colours: a mapping from piece name to colour, or PIECE=COLOUR pairs
)

// RenderKey is one key of a spec's render mapping: its name, the kind of
// value it takes and its bounds, what it sets, and the field of
// RenderOptions that keeps it. The spec's loader reads a render mapping
// by these rows, RenderOptions.Set reads values written as text by them,
// and a command line may offer one option for each row, of the same name.
type RenderKey struct {
	Name string     // the key, such as "cell-size"; the field of RenderOptions is named as it is (CellSize)
	Kind RenderKind // the kind of value it takes
	// Min and Max bound a number or a count: a number's Min is 0, or
	// -Inf for gap and margin (0 or negative: none); its Max is +Inf. A
	// count runs from 0 to 1,048,576.
	Min, Max float64
	PlainPx  bool   // a length may be a number alone, of pixels
	Unit     string // what a number counts, such as "a number of pixels", for errors
	Example  string // a valid value as a spec writes it, for errors
	// Usage says what the key sets, in a line of help; a word in
	// backquotes names the value, as package flag's help does.
	Usage string
	// field returns the field of RenderOptions that keeps the key's
	// value: a *RenderOption[T], T being the kind's type (optionOf).
	field func(*RenderOptions) any
}

// maxFrames bounds columns and per-page: a million frames in a row or on a
// page is past any sheet that can be drawn.
const maxFrames = 1 << 20

// renderTable is the render keys, in the order errors list them.
var renderTable = []RenderKey{
	{Name: "cell-size", Kind: RenderKindNumber, Max: math.Inf(1), Unit: "a number of pixels", Example: "24",
		Usage: "side of a cell in `pixels` (default 24)",
		field: func(r *RenderOptions) any { return &r.CellSize }},
	{Name: "border-width", Kind: RenderKindNumber, Max: math.Inf(1), Unit: "a number of pixels", Example: "3",
		Usage: "width of the borders between pieces in `pixels` (default: an eighth of a cell)",
		field: func(r *RenderOptions) any { return &r.BorderWidth }},
	{Name: "border-color", Kind: RenderKindColour, Example: `"#222222"`,
		Usage: "`colour` of the borders, in CSS notation (default #222222)",
		field: func(r *RenderOptions) any { return &r.BorderColor }},
	{Name: "grid", Kind: RenderKindBool, Example: "true",
		Usage: "draw thin grid lines inside the pieces",
		field: func(r *RenderOptions) any { return &r.Grid }},
	{Name: "columns", Kind: RenderKindCount, Max: maxFrames, Example: "13",
		Usage: "`frames` in a row (default: a near-square sheet)",
		field: func(r *RenderOptions) any { return &r.Columns }},
	{Name: "gap", Kind: RenderKindNumber, Min: math.Inf(-1), Max: math.Inf(1), Unit: "a number of pixels", Example: "24",
		Usage: "space between frames in `pixels` (default: one cell; 0: none)",
		field: func(r *RenderOptions) any { return &r.Gap }},
	{Name: "margin", Kind: RenderKindNumber, Min: math.Inf(-1), Max: math.Inf(1), Unit: "a number of pixels", Example: "24",
		Usage: "space around the sheet in `pixels` (default: one cell; 0: none)",
		field: func(r *RenderOptions) any { return &r.Margin }},
	{Name: "background", Kind: RenderKindColour, Example: "white",
		Usage: "background `colour`, in CSS notation (default: transparent)",
		field: func(r *RenderOptions) any { return &r.Background }},
	{Name: "labels", Kind: RenderKindBool, Example: "true",
		Usage: "number the frames",
		field: func(r *RenderOptions) any { return &r.Labels }},
	{Name: "letters", Kind: RenderKindBool, Example: "true",
		Usage: "write each piece's name on it",
		field: func(r *RenderOptions) any { return &r.Letters }},
	{Name: "title", Kind: RenderKindText, Example: "Pentominoes",
		Usage: "a `title` above the frames",
		field: func(r *RenderOptions) any { return &r.Title }},
	{Name: "palette", Kind: RenderKindPalette, Example: "pastel",
		Usage: "a `palette` name (polytile palettes lists them) or a comma-separated list of colours",
		field: func(r *RenderOptions) any { return &r.Palette }},
	{Name: "color", Kind: RenderKindPieceColours, Example: `{F: tomato}`,
		Usage: "a piece's colour, as `PIECE=COLOUR` (repeatable)",
		field: func(r *RenderOptions) any { return &r.Color }},
	{Name: "per-page", Kind: RenderKindCount, Max: maxFrames, Example: "20",
		Usage: "`frames` on a page; more pages go to numbered files (default: all on one)",
		field: func(r *RenderOptions) any { return &r.PerPage }},
	{Name: "scale", Kind: RenderKindNumber, Max: math.Inf(1), Unit: "a number", Example: "2",
		Usage: "PNG pixels per unit, a `factor`: another way to give the dpi, 2 being 192 dpi (default 1)",
		field: func(r *RenderOptions) any { return &r.Scale }},
	{Name: "dpi", Kind: RenderKindNumber, Max: math.Inf(1), Unit: "a number of dots per inch", Example: "300",
		Usage: "PNG resolution in `dots` per inch, a unit being 1/96 inch (default 96; 300 for print)",
		field: func(r *RenderOptions) any { return &r.DPI }},
	{Name: "width", Kind: RenderKindLength, Example: "17cm",
		Usage: "the figure's `width`, such as 17cm, 170mm, 3.5in, 240pt or 800px (the cells are sized to it)",
		field: func(r *RenderOptions) any { return &r.Width }},
	{Name: "height", Kind: RenderKindLength, Example: "10cm",
		Usage: "the figure's `height` (with a width too: the figure fits inside, centred)",
		field: func(r *RenderOptions) any { return &r.Height }},
	{Name: "font-size", Kind: RenderKindLength, PlainPx: true, Example: "9pt",
		Usage: "the `size` of captions, such as 8pt (default: 0.7 of a cell, at least 6pt)",
		field: func(r *RenderOptions) any { return &r.FontSize }},
	{Name: "style", Kind: RenderKindStyle, Example: "grey",
		Usage: "the `style` to draw in: color, grey (grey levels and hatching, for black-and-white print) or outline (black hairlines, no fills: for a cutter)",
		field: func(r *RenderOptions) any { return &r.Style }},
	{Name: "legend", Kind: RenderKindBool, Example: "true",
		Usage: "add a legend of the pieces: name and colour",
		field: func(r *RenderOptions) any { return &r.Legend }},
	{Name: "shade-copies", Kind: RenderKindBool, Example: "true",
		Usage: "give each copy of a piece its own shade of the piece's colour (default: copies share it)",
		field: func(r *RenderOptions) any { return &r.ShadeCopies }},
	{Name: "font", Kind: RenderKindText, Example: `"DejaVu Serif"`,
		Usage: "the `font` of all text: a font file (.ttf, .otf) or a family's name (Go Mono, DejaVu Serif); PNG and PDF set the text in it (PDF: TrueType outlines), SVG names it (default: Go, embedded)",
		field: func(r *RenderOptions) any { return &r.Font }},
	{Name: "view", Kind: RenderKindText, Example: "layers",
		Usage: "how a solid (lattice: cube) is drawn: `overview` (the default: from two opposite corners, its layers under them), isometric (from one corner), layers (side by side, bottom first), exploded (its pieces moved apart) or steps (built piece by piece)",
		field: func(r *RenderOptions) any { return &r.View }},
	{Name: "cell", Kind: RenderKindLength, Example: "20mm",
		Usage: "the edge of a printed cube (.stl, .3mf), such as 20mm or 0.75in (default 20mm)",
		field: func(r *RenderOptions) any { return &r.Cell }},
	{Name: "clearance", Kind: RenderKindLength, Example: "0.15mm",
		Usage: "what a printed piece (.stl, .3mf) loses on every outer face, so that pieces fit, such as 0.2mm (default 0.15mm; at least 0.01mm)",
		field: func(r *RenderOptions) any { return &r.Clearance }},
	{Name: "bed", Kind: RenderKindText, Example: "220x220mm",
		Usage: "a printer's `bed`, width x depth, such as 220x220mm or 250x210mm: printed pieces (.stl, .3mf) are packed on plates no larger, more plates going to numbered files (default 200x200mm)",
		field: func(r *RenderOptions) any { return &r.Bed }},
	{Name: "thickness", Kind: RenderKindLength, Example: "5mm",
		Usage: "the `thickness` of printed tiles (.stl, .3mf), the pieces of a flat set such as pentominoes (default 5mm; solids have their cubes' height and take none)",
		field: func(r *RenderOptions) any { return &r.Thickness }},
}

// renderKeys are the names of the render keys, in the table's order.
var renderKeys = func() []string {
	names := make([]string, len(renderTable))
	for i, k := range renderTable {
		names[i] = k.Name
	}
	return names
}()

// RenderKeyTable returns the render keys, one row each, in the order
// errors list them (RenderKeys).
func RenderKeyTable() []RenderKey { return slices.Clone(renderTable) }

// RenderKeys returns the keys a spec's render mapping may have, in the
// order errors list them.
func RenderKeys() []string { return slices.Clone(renderKeys) }

// renderKeyNamed returns the render key of the given name, or nil.
func renderKeyNamed(name string) *RenderKey {
	for i := range renderTable {
		if renderTable[i].Name == name {
			return &renderTable[i]
		}
	}
	return nil
}

// optionOf returns the field of r that keeps k's value.
func optionOf[T any](r *RenderOptions, k *RenderKey) *RenderOption[T] {
	o, ok := k.field(r).(*RenderOption[T])
	if !ok {
		panic(fmt.Sprintf("specs: render key %s is kept in a %T, not a %T", k.Name, k.field(r), o))
	}
	return o
}

// want says what a number or a count of key k would be valid, for errors.
func (k *RenderKey) want() string {
	switch {
	case k.Kind == RenderKindCount:
		return fmt.Sprintf("a whole number from %d (the default) to %d", int(k.Min), int(k.Max))
	case math.IsInf(k.Min, -1):
		return k.Unit + " (0 or negative: none)"
	}
	return k.Unit + ", 0 (the default) or more"
}

// RenderKeyError is a mistake in the value of a render option that no
// spec wrote: a value given to RenderOptions.Set, or one that Fail
// reports. Its message names the option by its key; a caller that took
// the value from elsewhere, such as a command line's option of the key's
// name, words the message in its own terms from the fields.
type RenderKeyError struct {
	Key string // the render key, such as "cell-size"
	// Value is the text given, when Err is about its form as a whole
	// (a piece colour without "="); "" when Err says the value itself.
	Value string
	Err   error // what is wrong
	// Name is how the message names the option, set by whoever reports
	// the error in its own words (a command, by the flag of the key's
	// name); "" names it "specs: render option KEY".
	Name string
}

// Error names the option by Name or its key: "specs: render option key:
// …".
func (e *RenderKeyError) Error() string {
	name := e.Name
	if name == "" {
		name = "specs: render option " + e.Key
	}
	if e.Value != "" {
		return fmt.Sprintf("%s %q: %v", name, e.Value, e.Err)
	}
	return fmt.Sprintf("%s: %v", name, e.Err)
}

// Unwrap returns Err.
func (e *RenderKeyError) Unwrap() error { return e.Err }

// setter is what every RenderOption has, whatever its type: whether it
// is set, where, and an error about it.
type setter interface {
	given() bool
	place() SpecPos
	Fail(key string, err error) error
}

func (o RenderOption[T]) given() bool    { return o.Set }
func (o RenderOption[T]) place() SpecPos { return o.Pos }

// Given returns the render keys that r sets, in the table's order.
func (r *RenderOptions) Given() []string {
	var keys []string
	for i := range renderTable {
		if r != nil && renderTable[i].field(r).(setter).given() {
			keys = append(keys, renderTable[i].Name)
		}
	}
	return keys
}

// Fail returns an error about the option of the render key named key,
// as RenderOption.Fail does: at its place in the spec that set it, or a
// *RenderKeyError for a value set elsewhere.
func (r *RenderOptions) Fail(key string, err error) error {
	k := renderKeyNamed(key)
	if k == nil {
		return fmt.Errorf("specs: no render key %q", key)
	}
	return k.field(r).(setter).Fail(key, err)
}

// FromSpec says whether the option of the render key named key was
// written in a spec (it has a place), rather than set elsewhere.
func (r *RenderOptions) FromSpec(key string) bool {
	k := renderKeyNamed(key)
	if k == nil || r == nil {
		return false
	}
	return k.field(r).(setter).place() != SpecPos{}
}
