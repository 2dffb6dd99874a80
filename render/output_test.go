package render

import (
	"errors"
	"strings"
	"testing"
)

// CheckOutput says which of the path and the format is wrong, and why,
// in a typed error that names no option of a command line.
func TestCheckOutput(t *testing.T) {
	for _, tt := range []struct {
		name, path, format string
		part               OutputPart
		stdout             bool   // the error is ErrStdoutFormat
		want               string // the message
	}{
		{"stdout without a format", Stdout, "", OutputPath, true, "render: output -: standard output has no file name"},
		{"unknown extension", "x.gif", "", OutputPath, false, `render: output x.gif: unknown extension ".gif" in "x.gif"`},
		{"no extension", "x", "", OutputPath, false, `render: output x: "x" has no extension`},
		{"disagreeing format", "x.svg", "png", OutputFormat, false, "render: format png: format png, but x.svg is named as svg"},
		{"unknown format", Stdout, "gif", OutputFormat, false, `render: format gif: unknown format "gif"`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			err := CheckOutput(tt.path, tt.format)
			var oe *OutputError
			if !errors.As(err, &oe) {
				t.Fatalf("CheckOutput(%q, %q) = %v, want an *OutputError", tt.path, tt.format, err)
			}
			if oe.Part != tt.part || oe.Path != tt.path || oe.Format != tt.format {
				t.Errorf("CheckOutput(%q, %q) blames part %d of %+v, want part %d", tt.path, tt.format, oe.Part, oe, tt.part)
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
	for _, ok := range [][2]string{{"x.svg", ""}, {"x.PNG", ""}, {Stdout, "pdf"}, {"x.html", ""}, {"x.pdf", "pdf"}} {
		if err := CheckOutput(ok[0], ok[1]); err != nil {
			t.Errorf("CheckOutput(%q, %q) = %v, want nil", ok[0], ok[1], err)
		}
	}
}
