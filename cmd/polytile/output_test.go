package main

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/polytile/polytile/internal/cli"
)

// A command's check of -o and --format words render's typed errors with
// -o and --format, and lists what that command takes.
func TestCheckOutputWords(t *testing.T) {
	const draws = ".svg, .png, .pdf or .tex for a picture, DIR/index.html for a web gallery, or .stl or .3mf for pieces to print"
	const pieces = ".svg, .png, .pdf or .tex for a picture or .stl or .3mf for pieces to print"
	for _, tt := range []struct {
		outs               cli.Outputs
		path, format, want string
	}{
		{drawOutputs, "", "", "no output: give -o FILE (" + draws + "), or -o - with --format svg, png, pdf or tex"},
		{piecesOutputs, "", "", "no output: give -o FILE (" + pieces + "), or -o - with --format svg, png, pdf or tex"},
		{drawOutputs, "-", "", "-o - writes to standard output: give --format svg, png, pdf or tex"},
		{drawOutputs, "x.gif", "", `-o x.gif: unknown extension ".gif"; want ` + draws},
		{piecesOutputs, "x.gif", "", `-o x.gif: unknown extension ".gif"; want ` + pieces},
		{drawOutputs, "x", "", "-o x: no extension to choose a format by; want " + draws},
		{piecesOutputs, "x/index.html", "", "-o x/index.html: pieces writes no web gallery; want " + pieces},
		{drawOutputs, "x.svg", "png", "--format png: format png, but x.svg is named as svg"},
		{drawOutputs, "x.svg", "gif", "--format gif: unknown format \"gif\"; valid formats are svg, png, pdf or tex"},
		{drawOutputs, "-", "gif", "--format gif: unknown format \"gif\"; valid formats are svg, png, pdf or tex"},
		{drawOutputs, "x.html", "", "<nil>"},
		{drawOutputs, "x.PNG", "", "<nil>"},
		{piecesOutputs, "x.3mf", "", "<nil>"},
		{drawOutputs, "-", "pdf", "<nil>"},
	} {
		if got := fmt.Sprint(checkOutput(tt.outs, tt.path, tt.format)); got != tt.want {
			t.Errorf("%s: checkOutput(%q, %q) = %q, want %q", tt.outs.Command, tt.path, tt.format, got, tt.want)
		}
	}
}

// Each command lists what -o takes from one place (outputs), and that
// list is what it takes: every extension of render's and mesh's formats,
// and a web gallery's, is taken exactly when it is listed; its help (the
// text, the summary and the flag's usage) names every one; and its
// errors list them all.
func TestOutputsListed(t *testing.T) {
	dir := t.TempDir()
	every := slices.Concat(drawOutputs.Pictures, []string{drawOutputs.Site}, drawOutputs.Prints)
	if want := []string{".svg", ".png", ".pdf", ".tex", ".html", ".stl", ".3mf"}; !slices.Equal(every, want) {
		t.Errorf("the extensions are %q, want %q", every, want)
	}
	for _, tt := range []struct {
		outs cli.Outputs
		want []string
	}{
		{drawOutputs, []string{".svg", ".png", ".pdf", ".tex", ".html", ".stl", ".3mf"}},
		{piecesOutputs, []string{".svg", ".png", ".pdf", ".tex", ".stl", ".3mf"}},
	} {
		name := tt.outs.Command
		if got := tt.outs.Extensions(); !slices.Equal(got, tt.want) {
			t.Errorf("%s takes %q, want %q", name, got, tt.want)
		}
		for _, ext := range append(every, ".gif", ".jpg") {
			err := checkOutput(tt.outs, filepath.Join(dir, "x"+ext), "")
			if taken := slices.Contains(tt.want, ext); (err == nil) != taken {
				t.Errorf("%s -o x%s: %v; want it taken: %v", name, ext, err, taken)
			}
			if err != nil && !strings.Contains(err.Error(), tt.outs.List()) {
				t.Errorf("%s -o x%s: %q does not list what -o takes", name, ext, err)
			}
		}
		_, help, _ := polytile(t, name, "--help")
		_, summary, _ := polytile(t, "help")
		line := ""
		for _, l := range strings.Split(summary, "\n") {
			if strings.HasPrefix(strings.TrimSpace(l), name+" ") {
				line = l
			}
		}
		for _, ext := range tt.want {
			text := help[:strings.Index(help, "Usage:")]
			if !strings.Contains(text, ext) {
				t.Errorf("%s --help's text does not name %s", name, ext)
			}
			if !strings.Contains(line, ext) {
				t.Errorf("polytile help's line of %s, %q, does not name %s", name, line, ext)
			}
			if !strings.Contains(help[strings.Index(help, "-o, --output"):], ext) {
				t.Errorf("%s --help's -o does not name %s", name, ext)
			}
		}
		for _, format := range drawOutputs.Formats {
			if !strings.Contains(help[strings.Index(help, "--format"):], format) {
				t.Errorf("%s --help's --format does not name %s", name, format)
			}
		}
	}
	// The command refuses what it does not take, before it draws.
	for _, args := range [][]string{
		{"pieces", "pentominoes", "-o", filepath.Join(dir, "site", "index.html")},
		{"draw", "scott", "-o", filepath.Join(dir, "x.gif")},
		{"pieces", "soma", "-o", filepath.Join(dir, "x")},
	} {
		if code, _, stderr := polytile(t, args...); code != 2 || !strings.Contains(stderr, "; want .svg, .png, .pdf or .tex for a picture") {
			t.Errorf("%v: exit %d, %q; want exit 2 and what -o takes", args, code, stderr)
		}
	}
}
