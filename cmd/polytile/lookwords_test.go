package main

import (
	"fmt"
	"strings"
	"testing"

	"github.com/polytile/polytile/puzzles/specs"
)

// The look flags' mistakes are worded with the flags, exactly as they
// always were, though the library that finds them names no flag.
func TestLookFlagWords(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"--cell-size", "big"}, "--cell-size: \"big\": want a number"},
		{[]string{"--columns", "-2"}, "--columns: \"-2\": want a whole number from 0 (the default) to 1048576"},
		{[]string{"--grid=maybe"}, "--grid: \"maybe\": want true or false"},
		{[]string{"--width", "12"}, "--width: \"12\" has no unit: want a length such as 17cm, 170mm, 3.5in, 240pt or 800px"},
		{[]string{"--style", "neon"}, "--style: \"neon\": want a style: color, grey, outline"},
		{[]string{"--color", "red"}, "--color \"red\": want PIECE=COLOUR, such as F=#e41a1c"},
		{[]string{"--cell-size", "-1"}, "--cell-size: -1: want 0 (the default) or more"},
		{[]string{"--background", "bluish"}, "--background: \"bluish\": unknown colour name; want #rrggbb, a CSS colour name such as \"steelblue\", rgb(r, g, b) or hsl(h, s%, l%)"},
		{[]string{"--palette", "rainbow"}, "--palette: \"rainbow\" is neither a palette (default, inferno, kelly, magma, okabe-ito, paired, plasma, set3, tableau10, tol-bright, tol-high-contrast, tol-light, tol-muted, tol-rainbow, tol-rainbow-23, tol-vibrant, viridis) nor a list of colours"},
		{[]string{"--color", "A=bluish"}, "--color: A=bluish: \"bluish\": unknown colour name; want #rrggbb, a CSS colour name such as \"steelblue\", rgb(r, g, b) or hsl(h, s%, l%)"},
		{[]string{"--color", "Z=red"}, "--color: Z=red: there is no piece \"Z\"; the pieces are A, B"},
		{[]string{"--scale", "-1"}, "--scale: scale -1: want 0 (the default) to 100"},
		{[]string{"--dpi", "-5"}, "--dpi: dpi -5: want 0 (the default) to 9600"},
		{[]string{"--cell-size", "10", "--width", "5cm"}, "--cell-size: give the cell size or the figure's width and height, not both: the size chooses the cells"},
		{[]string{"--per-page", "x"}, "--per-page: \"x\": want a whole number from 0 (the default) to 1048576"},
		{[]string{"--font-size", "9"}, "<nil>"},
		{[]string{"--gap", "x"}, "--gap: \"x\": want a number"},
		{[]string{"--font", "nosuch.ttf"}, "--font: \"nosuch.ttf\": no such file; want a font file (.ttf, .otf) or a font family's name"},
		{[]string{"--font", ""}, "--font: \"\": want a font file (.ttf, .otf) or a font family's name"},
		{[]string{"--font", "Go Mono"}, "<nil>"},
	} {
		_, err := lookFrom(t, "", tt.args...)
		if got := fmt.Sprint(err); got != tt.want {
			t.Errorf("%s: %q, want %q", strings.Join(tt.args, " "), got, tt.want)
		}
	}
	var r specs.RenderOptions
	want := "--colour: not a render option; they are " + strings.Join(specs.RenderKeys(), ", ")
	if got := fmt.Sprint(flagWords(r.Set("colour", "red"))); got != want {
		t.Errorf("Set(colour) worded %q, want %q", got, want)
	}
	// A typed error that wraps it, whose message is made when asked for,
	// names the flag in place of the key, once.
	wrapped := &drawingError{r.Set("cell-size", "big")}
	if got, want := flagWords(wrapped).Error(), `drawing: --cell-size: "big": want a number`; got != want {
		t.Errorf("a wrapped error worded %q, want %q", got, want)
	}
	if got, want := flagWords(flagWords(wrapped)).Error(), `drawing: --cell-size: "big": want a number`; got != want {
		t.Errorf("an error worded twice reads %q, want %q", got, want)
	}
}

// drawingError wraps an error as a library's typed error does.
type drawingError struct{ err error }

func (e *drawingError) Error() string { return "drawing: " + e.err.Error() }
func (e *drawingError) Unwrap() error { return e.err }
