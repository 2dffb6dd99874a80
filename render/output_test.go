package render

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/polytile/polytile/gallery"
)

// CheckOutput says which of the path and the format is wrong, and why,
// in a typed error that names no option of a command line.
func TestCheckOutput(t *testing.T) {
	for _, tt := range []struct {
		name, path, format string
		part               OutputField
		stdout             bool   // the error is ErrStdoutFormat
		want               string // the message
	}{
		{"stdout without a format", Stdout, "", OutputPath, true, "render: output -: standard output has no file name"},
		{"unknown extension", "x.gif", "", OutputPath, false, `render: output x.gif: unknown extension ".gif" in "x.gif"`},
		{"no extension", "x", "", OutputPath, false, `render: output x: "x" has no extension`},
		{"disagreeing format", "x.svg", "png", OutputFormat, false, "render: format png: format png, but x.svg is named as svg"},
		{"unknown format", Stdout, "gif", OutputFormat, false, `render: format gif: unknown format "gif"`},
		{"disagreeing tex", "x.tex", "pdf", OutputFormat, false, "render: format pdf: format pdf, but x.tex is named as tex"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			err := CheckOutput(tt.path, tt.format)
			var oe *OutputError
			if !errors.As(err, &oe) {
				t.Fatalf("CheckOutput(%q, %q) = %v, want an *OutputError", tt.path, tt.format, err)
			}
			if oe.Field != tt.part || oe.Path != tt.path || oe.Format != tt.format {
				t.Errorf("CheckOutput(%q, %q) blames part %d of %+v, want part %d", tt.path, tt.format, oe.Field, oe, tt.part)
			}
			if errors.Is(err, ErrStdoutFormat) != tt.stdout {
				t.Errorf("CheckOutput(%q, %q) is ErrStdoutFormat: %v, want %v", tt.path, tt.format, !tt.stdout, tt.stdout)
			}
			if !strings.HasPrefix(err.Error(), tt.want) {
				t.Errorf("CheckOutput(%q, %q) = %q, want %q…", tt.path, tt.format, err, tt.want)
			}
			if strings.HasPrefix(oe.Reason(), "render: ") {
				t.Errorf("Reason() = %q, want it without the package's prefix", oe.Reason())
			}
		})
	}
	for _, ok := range [][2]string{{"x.svg", ""}, {"x.PNG", ""}, {Stdout, "pdf"}, {"x.html", ""}, {"x.pdf", "pdf"}, {"x.tex", ""}, {Stdout, "tex"}, {"x.TEX", "TeX"}} {
		if err := CheckOutput(ok[0], ok[1]); err != nil {
			t.Errorf("CheckOutput(%q, %q) = %v, want nil", ok[0], ok[1], err)
		}
	}
}

// Several pages go to standard output as one PDF or TeX document, not as
// several SVGs or PNGs.
func TestOutputPagesToStdout(t *testing.T) {
	sheets := layout(t, solutions(t, "scott"), &gallery.Options{CellSize: 8, PerPage: 30})
	for _, tc := range []struct {
		f  Format
		ok bool
	}{{FormatSVG, false}, {FormatPNG, false}, {FormatPDF, true}, {FormatTeX, true}} {
		t.Run(tc.f.String(), func(t *testing.T) {
			var b bytes.Buffer
			paths, err := Output(context.Background(), &b, Stdout, tc.f, sheets, nil)
			if (err == nil) != tc.ok || len(paths) != 0 {
				t.Errorf("Output of %d pages as %s to standard output = %q, %v; want ok %v", len(sheets), tc.f, paths, err, tc.ok)
			}
			if tc.ok && b.Len() == 0 || !tc.ok && b.Len() != 0 {
				t.Errorf("%d bytes written", b.Len())
			}
			if tc.f == FormatTeX {
				if n := bytes.Count(b.Bytes(), []byte(`\begin{tikzpicture}`)); n != len(sheets) {
					t.Errorf("%d tikzpictures, want %d", n, len(sheets))
				}
			}
		})
	}
}
