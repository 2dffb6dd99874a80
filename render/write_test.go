package render

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/polytile/polytile/gallery"
	"github.com/polytile/polytile/internal/golden"
)

func TestFormatOf(t *testing.T) {
	for _, tc := range []struct {
		path string
		want Format
		err  string // a part of the error, or "" for none
	}{
		{"poster.svg", FormatSVG, ""},
		{"out/Poster.SVG", FormatSVG, ""},
		{"a.b/poster.png", FormatPNG, ""},
		{"poster.PdF", FormatPDF, ""},
		{"/tmp/x.y.pdf", FormatPDF, ""},
		{"figure.tex", FormatTeX, ""},
		{"Figure.TeX", FormatTeX, ""},
		{"poster.jpg", 0, `unknown extension ".jpg"`},
		{"poster", 0, "no extension"},
		{"poster.", 0, "unknown extension"},
		{"svg", 0, "no extension"},
		{"dir.svg/poster", 0, "no extension"},
	} {
		t.Run(tc.path, func(t *testing.T) {
			got, err := FormatOf(tc.path)
			switch {
			case tc.err == "" && err != nil:
				t.Errorf("FormatOf(%q) = %v", tc.path, err)
			case tc.err == "" && got != tc.want:
				t.Errorf("FormatOf(%q) = %v, want %v", tc.path, got, tc.want)
			case tc.err != "" && err == nil:
				t.Errorf("FormatOf(%q) = %v, want an error", tc.path, got)
			case tc.err != "" && (!strings.Contains(err.Error(), tc.err) || !strings.HasPrefix(err.Error(), "render: ") ||
				!strings.Contains(err.Error(), ".svg, .png, .pdf or .tex")):
				t.Errorf("FormatOf(%q) error %q, want one starting render:, saying %q and listing .svg, .png, .pdf or .tex", tc.path, err, tc.err)
			}
		})
	}
}

func TestParseFormat(t *testing.T) {
	for _, tc := range []struct {
		name string
		want Format
		ok   bool
	}{
		{"svg", FormatSVG, true}, {"png", FormatPNG, true}, {"pdf", FormatPDF, true}, {"PDF", FormatPDF, true},
		{"tex", FormatTeX, true}, {"TeX", FormatTeX, true}, {"tikz", 0, false},
		{"", 0, false}, {"jpeg", 0, false}, {".svg", 0, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ParseFormat(tc.name)
			if (err == nil) != tc.ok || got != tc.want {
				t.Errorf("ParseFormat(%q) = %v, %v; want %v, ok %v", tc.name, got, err, tc.want, tc.ok)
			}
			if err == nil && got.String() != strings.ToLower(tc.name) {
				t.Errorf("%v.String() = %q, want %q", got, got.String(), strings.ToLower(tc.name))
			}
		})
	}
	if got := Format(7).String(); got != "Format(7)" {
		t.Errorf("Format(7).String() = %q", got)
	}
}

// listDir returns the names in dir, sorted.
func listDir(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

func TestWriteFiles(t *testing.T) {
	sols := solutions(t, "scott")
	three := layout(t, sols, &gallery.Options{CellSize: 8, PerPage: 25})
	twelve := layout(t, sols, &gallery.Options{CellSize: 8, PerPage: 6})
	if len(three) != 3 || len(twelve) != 11 {
		t.Fatalf("%d and %d sheets, want 3 and 11", len(three), len(twelve))
	}
	for _, tc := range []struct {
		name   string
		file   string
		f      Format
		sheets []*gallery.Sheet
		want   []string
	}{
		{"one svg", "poster.svg", FormatSVG, three[:1], []string{"poster.svg"}},
		{"three svg", "poster.svg", FormatSVG, three, []string{"poster-1.svg", "poster-2.svg", "poster-3.svg"}},
		{"three png", "poster.png", FormatPNG, three, []string{"poster-1.png", "poster-2.png", "poster-3.png"}},
		{"eleven png", "p.png", FormatPNG, twelve, []string{
			"p-01.png", "p-02.png", "p-03.png", "p-04.png", "p-05.png", "p-06.png",
			"p-07.png", "p-08.png", "p-09.png", "p-10.png", "p-11.png"}},
		{"three pdf", "poster.pdf", FormatPDF, three, []string{"poster.pdf"}},
		{"three tex", "poster.tex", FormatTeX, three, []string{"poster.tex"}},
		{"no extension", "poster", FormatSVG, three, []string{"poster-1", "poster-2", "poster-3"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			paths, err := WriteFiles(context.Background(), filepath.Join(dir, tc.file), tc.f, tc.sheets, nil)
			if err != nil {
				t.Fatalf("WriteFiles = %v", err)
			}
			var want []string
			for _, w := range tc.want {
				want = append(want, filepath.Join(dir, w))
			}
			if !slices.Equal(paths, want) {
				t.Errorf("WriteFiles wrote %q, want %q", paths, want)
			}
			if got := listDir(t, dir); !slices.Equal(got, tc.want) {
				t.Errorf("the directory holds %q, want %q", got, tc.want)
			}
			// Each file is what Encode gives, readable by all.
			for i, p := range paths {
				data, err := os.ReadFile(p)
				if err != nil {
					t.Fatal(err)
				}
				sheets := tc.sheets[i : i+1]
				if tc.f.pages() {
					sheets = tc.sheets
				}
				if !bytes.Equal(data, encode(t, tc.f, sheets, nil)) {
					t.Errorf("%s differs from what Encode gives", p)
				}
				if fi, err := os.Stat(p); err != nil || fi.Mode().Perm() != 0o644 {
					t.Errorf("%s: mode %v, %v; want 0644", p, fi.Mode(), err)
				}
			}
		})
	}
}

func TestWriteFilesFails(t *testing.T) {
	sols := solutions(t, "scott")
	sheets := layout(t, sols, &gallery.Options{CellSize: 8, PerPage: 25})
	// A sheet too large for a PNG after two that are fine.
	huge := *sheets[0]
	huge.Width, huge.Height = 1e5, 1e5
	for _, tc := range []struct {
		name   string
		setup  func(dir string) string // makes the trouble, returns the path to write
		f      Format
		sheets []*gallery.Sheet
		want   []string // what the directory holds after
	}{
		{"missing directory", func(dir string) string { return filepath.Join(dir, "no", "such", "poster.svg") }, FormatSVG, sheets[:1], nil},
		{"a directory in the way", func(dir string) string {
			p := filepath.Join(dir, "poster.svg")
			if err := os.Mkdir(p, 0o755); err != nil {
				t.Fatal(err)
			}
			return p
		}, FormatSVG, sheets[:1], []string{"poster.svg"}},
		{"the third too large", func(dir string) string { return filepath.Join(dir, "poster.png") },
			FormatPNG, []*gallery.Sheet{sheets[0], sheets[1], &huge}, nil},
		{"standard output", func(dir string) string { return "-" }, FormatSVG, sheets[:1], nil},
		{"several SVGs on standard output", func(dir string) string { return "-" }, FormatSVG, sheets, nil},
		{"no sheets", func(dir string) string { return filepath.Join(dir, "poster.pdf") }, FormatPDF, nil, nil},
		{"bad format", func(dir string) string { return filepath.Join(dir, "poster.pdf") }, Format(9), sheets, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			path := tc.setup(dir)
			paths, err := WriteFiles(context.Background(), path, tc.f, tc.sheets, nil)
			if err == nil {
				t.Fatalf("WriteFiles wrote %q, want an error", paths)
			}
			if !strings.HasPrefix(err.Error(), "render: ") {
				t.Errorf("error %q does not start with render: ", err)
			}
			if got := listDir(t, dir); !slices.Equal(got, tc.want) {
				t.Errorf("the directory holds %q after the failure, want %q", got, tc.want)
			}
		})
	}
	if os.Geteuid() != 0 { // root writes anywhere
		t.Run("read-only directory", func(t *testing.T) {
			dir := t.TempDir()
			if err := os.Chmod(dir, 0o555); err != nil {
				t.Fatal(err)
			}
			defer os.Chmod(dir, 0o755)
			if _, err := WriteFiles(context.Background(), filepath.Join(dir, "poster.svg"), FormatSVG, sheets[:1], nil); err == nil {
				t.Errorf("WriteFiles to a read-only directory succeeded")
			}
			if got := listDir(t, dir); len(got) != 0 {
				t.Errorf("the directory holds %q", got)
			}
		})
	}
}

func TestWriteErrors(t *testing.T) {
	sheets := layout(t, solutions(t, "scott"), &gallery.Options{PerPage: 40})
	for _, tc := range []struct {
		name   string
		f      Format
		sheets []*gallery.Sheet
	}{
		{"two SVG sheets", FormatSVG, sheets},
		{"two PNG sheets", FormatPNG, sheets},
		{"no sheets", FormatPDF, nil},
		{"a nil sheet", FormatPDF, []*gallery.Sheet{sheets[0], nil}},
		{"an empty sheet", FormatSVG, []*gallery.Sheet{{}}},
		{"bad format", Format(-1), sheets[:1]},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b bytes.Buffer
			err := Encode(&b, tc.f, tc.sheets, nil)
			if err == nil || !strings.HasPrefix(err.Error(), "render: ") {
				t.Errorf("Encode = %v, want an error starting render: ", err)
			}
			if b.Len() != 0 {
				t.Errorf("Encode wrote %d bytes before failing", b.Len())
			}
		})
	}
}

// failWriter fails after n bytes.
type failWriter struct{ n int }

func (w *failWriter) Write(p []byte) (int, error) {
	if len(p) > w.n {
		k := w.n
		w.n = 0
		return k, os.ErrClosed
	}
	w.n -= len(p)
	return len(p), nil
}

func TestWriteFailingWriter(t *testing.T) {
	sheets := layout(t, solutions(t, "scott"), nil)
	for _, f := range []Format{FormatSVG, FormatPNG, FormatPDF, FormatTeX} {
		t.Run(f.String(), func(t *testing.T) {
			if err := Encode(&failWriter{n: 100}, f, sheets, nil); err == nil {
				t.Errorf("Encode to a failing writer succeeded")
			}
		})
	}
}

func TestDeterministic(t *testing.T) {
	sols := solutions(t, "scott")
	opt := &gallery.Options{CellSize: 10, Labels: true, Letters: true, Grid: true, Title: "Scott"}
	for _, f := range []Format{FormatSVG, FormatPNG, FormatPDF, FormatTeX} {
		t.Run(f.String(), func(t *testing.T) {
			// Lay out anew each time: nothing may depend on the sheet's
			// addresses.
			a := encode(t, f, layout(t, sols, opt), nil)
			b := encode(t, f, layout(t, sols, opt), nil)
			if !bytes.Equal(a, b) {
				t.Errorf("two writes of the same sheet differ (%d and %d bytes)", len(a), len(b))
			}
		})
	}
}

// The PNG and PDF bytes against golden files under testdata/ (go test
// ./render -update rewrites them): encoders change, their output must not
// unless on purpose. The pictures' meaning is tested elsewhere, by
// decoding them.
func TestGoldenBinary(t *testing.T) {
	sols := solutions(t, "pentominoes-3x20")
	text := &gallery.Options{CellSize: 13, Grid: true, Letters: true, Labels: true, Title: "Scott ✓", Background: white, MeasureText: MeasureText}
	for _, tc := range []struct {
		file string
		f    Format
		opt  *gallery.Options
		ropt *Options
	}{
		{"pentominoes-3x20-text-72dpi.png", FormatPNG, text, &Options{DPI: 72}},
		{"pentominoes-3x20-192dpi.png", FormatPNG, &gallery.Options{CellSize: 12}, &Options{DPI: 192}},
		{"pentominoes-3x20-text.pdf", FormatPDF, text, nil},
	} {
		t.Run(tc.file, func(t *testing.T) {
			got := encode(t, tc.f, layout(t, sols, tc.opt)[:1], tc.ropt)
			path := filepath.Join("testdata", tc.file)
			if golden.Updating() {
				if err := os.WriteFile(path, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (go test -update writes it)", err)
			}
			if !bytes.Equal(got, want) {
				i := 0
				for i < min(len(got), len(want)) && got[i] == want[i] {
					i++
				}
				t.Errorf("%s: %d bytes, golden %d; they differ from byte %d (go test -update rewrites it)", tc.file, len(got), len(want), i)
			}
		})
	}
}
