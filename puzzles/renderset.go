package puzzles

import (
	"fmt"
	"strconv"
	"strings"
)

// renderUsage says what each render key sets, as a command line's help
// says it; the word in backquotes names the value.
var renderUsage = map[string]string{
	"cell-size":    "side of a cell in `pixels` (default 24)",
	"border-width": "width of the borders between pieces in `pixels` (default: an eighth of a cell)",
	"border-color": "`colour` of the borders, in CSS notation (default #222222)",
	"grid":         "draw thin grid lines inside the pieces",
	"columns":      "`frames` in a row (default: a near-square sheet)",
	"gap":          "space between frames in `pixels` (default: one cell; 0: none)",
	"margin":       "space around the sheet in `pixels` (default: one cell; 0: none)",
	"background":   "background `colour`, in CSS notation (default: transparent)",
	"labels":       "number the frames",
	"letters":      "write each piece's name on it",
	"title":        "a `title` above the frames",
	"palette":      "a `palette` name (polytile palettes lists them) or a comma-separated list of colours",
	"color":        "a piece's colour, as `PIECE=COLOUR` (repeatable)",
	"per-page":     "`frames` on a page; more pages go to numbered files (default: all on one)",
	"scale":        "PNG pixels per unit, a `factor`: another way to give --dpi, 2 being --dpi 192 (default 1)",
	"dpi":          "PNG resolution in `dots` per inch, a unit being 1/96 inch (default 96; 300 for print)",
	"width":        "the figure's `width`, such as 17cm, 170mm, 3.5in, 240pt or 800px (the cells are sized to it)",
	"height":       "the figure's `height` (with --width: the figure fits inside, centred)",
	"font-size":    "the `size` of captions, such as 8pt (default: 0.7 of a cell, at least 6pt)",
	"style":        "the `style` to draw in: color, grey (grey levels and hatching, for black-and-white print) or outline (black hairlines, no fills: for a cutter)",
	"legend":       "add a legend of the pieces: name and colour",
}

// RenderKeyUsage returns a line that says what the render key sets, for a
// command line's help: a word in backquotes names its value.
func RenderKeyUsage(key string) string { return renderUsage[key] }

// RenderKeyIsFlag reports whether the render key is true or false, as a
// command line's flag without a value is.
func RenderKeyIsFlag(key string) bool {
	switch key {
	case "grid", "labels", "letters", "legend":
		return true
	}
	return false
}

// Set sets the render option key (one of RenderKeys) to the value written
// as text, as a command line gives it: numbers, whole numbers, true or
// false, lengths with a unit, a style's name, a palette's name or
// comma-separated colours, and for color a PIECE=COLOUR pair, which adds
// to the piece colours set before (the others replace the value). The
// option has no position, so that a mistake found later names it as a
// flag (Fail); a mistake found here is an error "--key: …". Ranges and
// colours are checked later, as a spec's are.
func (r *RenderOptions) Set(key, value string) error {
	fail := func(format string, args ...any) error {
		return fmt.Errorf("--%s: %s", key, fmt.Sprintf(format, args...))
	}
	number := func(o *RenderOption[float64]) error {
		v, err := strconv.ParseFloat(strings.TrimSpace(value), 64)
		if err != nil {
			return fail("%q: want a number", value)
		}
		*o = RenderOption[float64]{Value: v, Set: true}
		return nil
	}
	count := func(o *RenderOption[int]) error {
		v, err := strconv.Atoi(strings.TrimSpace(value))
		if err != nil || v < 0 || v > maxFrames {
			return fail("%q: want a whole number from 0 (the default) to %d", value, maxFrames)
		}
		*o = RenderOption[int]{Value: v, Set: true}
		return nil
	}
	flag := func(o *RenderOption[bool]) error {
		v, err := strconv.ParseBool(strings.TrimSpace(value))
		if err != nil {
			return fail("%q: want true or false", value)
		}
		*o = RenderOption[bool]{Value: v, Set: true}
		return nil
	}
	text := func(o *RenderOption[string]) error {
		*o = RenderOption[string]{Value: value, Set: true}
		return nil
	}
	length := func(o *RenderOption[Length], plainPx bool) error {
		l, err := ParseLength(value, plainPx)
		if err != nil {
			return fail("%v", err)
		}
		*o = RenderOption[Length]{Value: l, Set: true}
		return nil
	}
	switch key {
	case "cell-size":
		return number(&r.CellSize)
	case "border-width":
		return number(&r.BorderWidth)
	case "gap":
		return number(&r.Gap)
	case "margin":
		return number(&r.Margin)
	case "scale":
		return number(&r.Scale)
	case "dpi":
		return number(&r.DPI)
	case "columns":
		return count(&r.Columns)
	case "per-page":
		return count(&r.PerPage)
	case "grid":
		return flag(&r.Grid)
	case "labels":
		return flag(&r.Labels)
	case "letters":
		return flag(&r.Letters)
	case "legend":
		return flag(&r.Legend)
	case "border-color":
		return text(&r.BorderColor)
	case "background":
		return text(&r.Background)
	case "title":
		return text(&r.Title)
	case "width":
		return length(&r.Width, false)
	case "height":
		return length(&r.Height, false)
	case "font-size":
		return length(&r.FontSize, true)
	case "style":
		s, err := ParseStyle(value)
		if err != nil {
			return fail("%v", err)
		}
		r.Style = RenderOption[string]{Value: s, Set: true}
	case "palette":
		r.Palette = RenderOption[RenderPalette]{Value: RenderPalette{Name: value}, Set: true}
	case "color":
		k, v, ok := strings.Cut(value, "=")
		if !ok || k == "" || v == "" {
			return fmt.Errorf("--color %q: want PIECE=COLOUR, such as F=#e41a1c", value)
		}
		r.Color.Set = true
		r.Color.Value = append(r.Color.Value, PieceColor{Piece: k, Key: "color", Color: RenderOption[string]{Value: v, Set: true}})
	default:
		return fmt.Errorf("--%s: not a render option; they are %s", key, strings.Join(renderKeys, ", "))
	}
	return nil
}
