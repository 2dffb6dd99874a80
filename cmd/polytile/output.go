package main

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/polytile/polytile/render"
	"github.com/polytile/polytile/render/mesh"
)

// outputs are the kinds of file a command writes, beside pictures (.svg,
// .png, .pdf, .tex: render's formats): the one place from which its help
// and its errors list what -o takes.
type outputs struct {
	command string // its name
	site    bool   // DIR/index.html, a web gallery of every solution
	prints  bool   // .stl and .3mf, pieces to print (mesh's formats)
}

var (
	drawOutputs   = outputs{command: "draw", site: true, prints: true}
	piecesOutputs = outputs{command: "pieces", prints: true}
)

// siteExt is the extension of a web gallery's first page (render.IsSite).
const siteExt = ".html"

// pictureExts returns the extensions of render's formats: .svg, .png,
// .pdf, .tex.
func pictureExts() []string {
	var out []string
	for _, f := range render.Formats() {
		out = append(out, "."+f.String())
	}
	return out
}

// printExts returns the extensions of mesh's formats: .stl, .3mf.
func printExts() []string {
	var out []string
	for _, f := range mesh.Formats() {
		out = append(out, "."+f.String())
	}
	return out
}

// extensions returns every extension -o takes, pictures' first.
func (o outputs) extensions() []string {
	out := pictureExts()
	if o.site {
		out = append(out, siteExt)
	}
	if o.prints {
		out = append(out, printExts()...)
	}
	return out
}

// list says what -o takes: ".svg, .png, .pdf or .tex for a picture,
// DIR/index.html for a web gallery, or .stl or .3mf for pieces to print".
func (o outputs) list() string {
	parts := []string{orList(pictureExts()) + " for a picture"}
	if o.site {
		parts = append(parts, "DIR/index"+siteExt+" for a web gallery")
	}
	if o.prints {
		parts = append(parts, orList(printExts())+" for pieces to print")
	}
	return orListOf(parts)
}

// short says what -o takes in a line of a command's summary: "pictures
// (.svg .png .pdf .tex), a web gallery (.html), or pieces to print (.stl
// .3mf)".
func (o outputs) short() string {
	parts := []string{"pictures (" + strings.Join(pictureExts(), " ") + ")"}
	if o.site {
		parts = append(parts, "a web gallery ("+siteExt+")")
	}
	if o.prints {
		parts = append(parts, "pieces to print ("+strings.Join(printExts(), " ")+")")
	}
	return orListOf(parts)
}

// pictureFormats names render's formats as --format takes them: "svg, png,
// pdf or tex".
func pictureFormats() string {
	var names []string
	for _, f := range render.Formats() {
		names = append(names, f.String())
	}
	return orList(names)
}

// orList joins words as "a, b or c".
func orList(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}

// orListOf joins phrases that have commas of their own as "a, b, or c".
func orListOf(phrases []string) string {
	if len(phrases) < 3 {
		return strings.Join(phrases, " or ")
	}
	return strings.Join(phrases[:len(phrases)-1], ", ") + ", or " + phrases[len(phrases)-1]
}

// outputUsage is the usage of the -o flag of a command that writes o.
func (o outputs) outputUsage() string {
	return "write to `FILE`: " + o.list() + "; - writes a picture to standard output, with --format"
}

// formatUsage is the usage of the --format flag.
func formatUsage() string {
	return "the picture's format, " + pictureFormats() + " (default: from the file's extension; needed with -o -)"
}

// check checks that the command can write -o path, in the --format name
// if given: that path is given and has an extension the command takes
// (when no format is named), and render.CheckOutput, its errors worded
// with -o and --format.
func (o outputs) check(path, name string) error {
	if path == "" {
		return fmt.Errorf("no output: give -o FILE (%s), or -o - with --format %s", o.list(), pictureFormats())
	}
	if ext := strings.ToLower(filepath.Ext(path)); name == "" && path != render.Stdout && !slices.Contains(o.extensions(), ext) {
		what := fmt.Sprintf("unknown extension %q", filepath.Ext(path))
		switch {
		case ext == "":
			what = "no extension to choose a format by"
		case ext == siteExt:
			what = o.command + " writes no web gallery"
		case slices.Contains(printExts(), ext):
			what = o.command + " writes no pieces to print"
		}
		return fmt.Errorf("-o %s: %s; want %s", path, what, o.list())
	}
	err := render.CheckOutput(path, name)
	var oe *render.OutputError
	switch {
	case !errors.As(err, &oe):
		return err
	case errors.Is(oe, render.ErrStdoutFormat):
		return fmt.Errorf("-o - writes to standard output: give --format %s", pictureFormats())
	case oe.Part == render.OutputFormat:
		return fmt.Errorf("--format %s: %s", oe.Format, oe.Reason())
	}
	return fmt.Errorf("-o %s: %s", oe.Path, oe.Reason())
}
