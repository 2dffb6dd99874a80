package render

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/polytile/polytile/gallery"
	"github.com/polytile/polytile/render/mesh"
)

// Stdout is the path that Output takes for its io.Writer, as command lines
// write standard output.
const Stdout = "-"

// FormatFor returns the format in which to write path: the one name names
// ("svg", "png", "pdf" or "tex"), which must agree with path's extension if
// it has one of theirs, or, if name is "", the one path's extension names.
// Stdout has no extension: its format must be named, or the error is
// ErrStdoutFormat.
func FormatFor(path, name string) (Format, error) {
	if name != "" {
		f, err := ParseFormat(name)
		if err != nil {
			return 0, err
		}
		if path != Stdout {
			if ext, err := FormatOf(path); err == nil && ext != f {
				return 0, fmt.Errorf("render: format %s, but %s is named as %s", name, path, ext)
			}
		}
		return f, nil
	}
	if path == Stdout {
		return 0, ErrStdoutFormat
	}
	return FormatOf(path)
}

// ErrStdoutFormat is FormatFor's error for Stdout with no format named.
var ErrStdoutFormat = errors.New("render: standard output has no file name to take a format from: name the format, " + validNames(""))

// OutputField names the part of an output that an OutputError blames.
type OutputField int

const (
	// OutputPath is the output's path: its extension names no format, or
	// it is Stdout and no format is named (ErrStdoutFormat).
	OutputPath OutputField = iota
	// OutputFormat is the format named: no format, or not the one the
	// path's extension names.
	OutputFormat
)

// OutputError says why pictures cannot be written to Path in Format
// (CheckOutput): which of the two is wrong, and why. A caller that took
// them from elsewhere, such as a command line's options, words the
// message in its own terms from the fields.
type OutputError struct {
	Path   string      // the output's path, or Stdout
	Format string      // the format named, or "" for the one Path's extension names
	Field  OutputField // which of Path and Format is wrong
	Err    error       // why, as FormatFor says it
}

// Error names the part blamed: "render: output x.gif: …" or
// "render: format gif: …".
func (e *OutputError) Error() string {
	if e.Field == OutputFormat {
		return "render: format " + e.Format + ": " + e.Reason()
	}
	return "render: output " + e.Path + ": " + e.Reason()
}

// Unwrap returns Err.
func (e *OutputError) Unwrap() error { return e.Err }

// Reason returns why the output is wrong: Err's message without the
// package's prefix, to follow the name of the part blamed.
func (e *OutputError) Reason() string { return strings.TrimPrefix(e.Err.Error(), "render: ") }

// CheckOutput checks that pictures can be written to path in the format
// named (or, if name is "", the one path's extension names; an .html path
// is a web gallery, WriteSite's; an .stl or .3mf path pieces to print,
// package mesh's), in a directory that exists (a web gallery's, or the one
// it is made in). Its error is an *OutputError.
func CheckOutput(path, name string) error {
	_, printed := mesh.FormatOf(path)
	if _, err := FormatFor(path, name); err != nil && !IsSite(path) && !(printed && name == "") {
		part := OutputPath
		if name != "" {
			part = OutputFormat
		} else if !errors.Is(err, ErrStdoutFormat) {
			err = fmt.Errorf("%w, .html for a web gallery, or .stl or .3mf for pieces to print", err)
		}
		return &OutputError{Path: path, Format: name, Field: part, Err: err}
	}
	dir := filepath.Dir(path)
	if IsSite(path) {
		dir = filepath.Dir(dir) // WriteSite makes the site's own directory
	}
	if path != Stdout {
		if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
			return &OutputError{Path: path, Field: OutputPath, Err: fmt.Errorf("render: there is no directory %s to write it in; make it first", dir)}
		}
	}
	return nil
}

// Output writes sheets in format to path as WriteFiles does (numbered
// files for several pages but in a PDF or TeX document), or, if path is
// Stdout, to w, which takes one page or a PDF or TeX document of several.
// It returns the files written. When ctx stops it, the error says so in
// one line, with what became of the output: nothing written to files; w's
// output incomplete.
func Output(ctx context.Context, w io.Writer, path string, format Format, sheets []*gallery.Sheet, opt *Options) ([]string, error) {
	if path == Stdout {
		if len(sheets) > 1 && !format.pages() {
			return nil, fmt.Errorf("render: %d pages cannot go to standard output as %s: write them to files", len(sheets), format)
		}
		err := EncodeContext(ctx, w, format, sheets, opt)
		return nil, stopped(ctx, err, "the output is incomplete")
	}
	paths, err := WriteFiles(ctx, path, format, sheets, opt)
	return paths, stopped(ctx, err, "nothing was written")
}

// stopped returns err, or, if ctx ended it, one line that says why drawing
// stopped and what became of the output.
func stopped(ctx context.Context, err error, outcome string) error {
	if err == nil || ctx.Err() == nil || !errors.Is(err, ctx.Err()) {
		return err
	}
	return fmt.Errorf("drawing stopped: %w; %s", context.Cause(ctx), outcome)
}
