package main

import (
	"fmt"
	"testing"
)

// checkOutput words render's typed errors exactly as the command always
// has, with -o and --format.
func TestCheckOutputWords(t *testing.T) {
	for _, tt := range []struct{ path, format, want string }{
		{"-", "", "-o - writes to standard output: give --format svg, png, pdf or tex"},
		{"x.gif", "", "-o x.gif: unknown extension \".gif\" in \"x.gif\"; valid extensions are .svg, .png, .pdf or .tex, .html for a web gallery, or .stl or .3mf for pieces to print"},
		{"x", "", "-o x: \"x\" has no extension to choose a format by; valid extensions are .svg, .png, .pdf or .tex, .html for a web gallery, or .stl or .3mf for pieces to print"},
		{"x.svg", "png", "--format png: format png, but x.svg is named as svg"},
		{"x.svg", "gif", "--format gif: unknown format \"gif\"; valid formats are svg, png, pdf or tex"},
		{"-", "gif", "--format gif: unknown format \"gif\"; valid formats are svg, png, pdf or tex"},
		{"x.html", "", "<nil>"},
		{"x.png", "", "<nil>"},
		{"-", "pdf", "<nil>"},
	} {
		if got := fmt.Sprint(checkOutput(tt.path, tt.format)); got != tt.want {
			t.Errorf("checkOutput(%q, %q) = %q, want %q", tt.path, tt.format, got, tt.want)
		}
	}
}
