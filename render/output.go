package render

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/polytile/polytile/gallery"
)

// Stdout is the path that Output takes for its io.Writer, as command lines
// write standard output.
const Stdout = "-"

// FormatFor returns the format in which to write path: the one name names
// ("svg", "png" or "pdf"), which must agree with path's extension if it has
// one of theirs, or, if name is "", the one path's extension names. Stdout
// has no extension: its format must be named.
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
		return 0, fmt.Errorf("render: standard output has no file name to take a format from: name the format, svg, png or pdf")
	}
	return FormatOf(path)
}

// CheckOutput checks that pictures can be written to path in the format
// named (or, if name is "", the one path's extension names; an .html path
// is a web gallery, WriteSite's), saying what is wrong in a command line's
// terms: "-o x.gif: …", "--format gif: …".
func CheckOutput(path, name string) error {
	if _, err := FormatFor(path, name); err != nil && !IsSite(path) {
		if name == "" && path == Stdout {
			return errors.New("-o - writes to standard output: give --format svg, png or pdf")
		}
		msg := strings.TrimPrefix(err.Error(), "render: ")
		if name == "" {
			return fmt.Errorf("-o %s: %s", path, msg)
		}
		return fmt.Errorf("--format %s: %s", name, msg)
	}
	return nil
}

// Output writes sheets in format to path as WriteFiles does (numbered
// files for several pages but in a PDF), or, if path is Stdout, to w,
// which takes one page or a PDF of several. It returns the files written.
// When ctx stops it, the error says so in one line, with what became of
// the output: nothing written to files; w's output incomplete.
func Output(ctx context.Context, w io.Writer, path string, format Format, sheets []*gallery.Sheet, opt *Options) ([]string, error) {
	if path == Stdout {
		if len(sheets) > 1 && format != FormatPDF {
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
