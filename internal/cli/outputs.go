package cli

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
)

// Outputs are the kinds of file a command writes with -o: the one place
// from which its help and its errors list what -o takes.
type Outputs struct {
	Command  string   // the command's name
	Pictures []string // the extensions of pictures, such as .svg
	Formats  []string // the names --format takes, such as svg
	Site     string   // the extension of a web gallery's first page
	Prints   []string // the extensions of pieces to print
	Stdout   string   // the path that writes a picture to standard output
	// WritesSite and WritesPrints say whether the command writes a web
	// gallery, and pieces to print.
	WritesSite, WritesPrints bool
}

// Extensions returns every extension -o takes, pictures' first.
func (o Outputs) Extensions() []string {
	out := slices.Clone(o.Pictures)
	if o.WritesSite {
		out = append(out, o.Site)
	}
	if o.WritesPrints {
		out = append(out, o.Prints...)
	}
	return out
}

// List says what -o takes: ".svg, .png, .pdf or .tex for a picture,
// DIR/index.html for a web gallery, or .stl or .3mf for pieces to print".
func (o Outputs) List() string {
	parts := []string{OrList(o.Pictures) + " for a picture"}
	if o.WritesSite {
		parts = append(parts, "DIR/index"+o.Site+" for a web gallery")
	}
	if o.WritesPrints {
		parts = append(parts, OrList(o.Prints)+" for pieces to print")
	}
	return orListOf(parts)
}

// Short says what -o takes in a line of a command's summary: "pictures
// (.svg .png .pdf .tex), a web gallery (.html), or pieces to print (.stl
// .3mf)".
func (o Outputs) Short() string {
	parts := []string{"pictures (" + strings.Join(o.Pictures, " ") + ")"}
	if o.WritesSite {
		parts = append(parts, "a web gallery ("+o.Site+")")
	}
	if o.WritesPrints {
		parts = append(parts, "pieces to print ("+strings.Join(o.Prints, " ")+")")
	}
	return orListOf(parts)
}

// OutputUsage is the usage of the -o flag.
func (o Outputs) OutputUsage() string {
	return "write to `FILE`: " + o.List() + "; " + o.Stdout + " writes a picture to standard output, with --format"
}

// FormatUsage is the usage of the --format flag.
func (o Outputs) FormatUsage() string {
	return "the picture's format, " + OrList(o.Formats) + " (default: from the file's extension; needed with -o " + o.Stdout + ")"
}

// Check checks that -o path is given and, when --format names no format,
// has an extension the command takes.
func (o Outputs) Check(path, format string) error {
	if path == "" {
		return fmt.Errorf("no output: give -o FILE (%s), or -o %s with --format %s", o.List(), o.Stdout, OrList(o.Formats))
	}
	ext := strings.ToLower(filepath.Ext(path))
	if format != "" || path == o.Stdout || slices.Contains(o.Extensions(), ext) {
		return nil
	}
	what := fmt.Sprintf("unknown extension %q", filepath.Ext(path))
	switch {
	case ext == "":
		what = "no extension to choose a format by"
	case ext == o.Site:
		what = o.Command + " writes no web gallery"
	case slices.Contains(o.Prints, ext):
		what = o.Command + " writes no pieces to print"
	}
	return fmt.Errorf("-o %s: %s; want %s", path, what, o.List())
}

// OrList joins words as "a, b or c".
func OrList(words []string) string {
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
