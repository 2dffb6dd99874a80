package render

import (
	"bytes"
	"context"
	"errors"
	"image/color"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/gomonobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/gofont/gosmallcaps"

	"github.com/polytile/polytile/gallery"
)

// writeFile writes data to name in dir, making the directories it needs,
// and returns its path.
func writeFile(t *testing.T, dir, name string, data []byte) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// renamed returns the font data ttf with its family's name from changed
// to to, of the same length, in the name table's Macintosh (one byte a
// character) and Windows (UTF-16BE) names alike: a font of a family that
// no system has.
func renamed(ttf []byte, from, to string) []byte {
	utf16 := func(s string) []byte {
		var b []byte
		for _, c := range []byte(s) {
			b = append(b, 0, c)
		}
		return b
	}
	out := bytes.ReplaceAll(ttf, []byte(from), []byte(to))
	return bytes.ReplaceAll(out, utf16(from), utf16(to))
}

// fontDir returns a directory of fonts of a family no system has, "Qo
// Mono" (Go Mono renamed): its regular face in one subdirectory and its
// bold in another, and a file that is no font.
func fontDir(t *testing.T) string {
	dir := t.TempDir()
	writeFile(t, dir, "b/QoMono-Bold.ttf", renamed(gomonobold.TTF, "Go Mono", "Qo Mono"))
	writeFile(t, dir, "a/qo.ttf", renamed(gomono.TTF, "Go Mono", "Qo Mono"))
	writeFile(t, dir, "a/notes.ttf", []byte("not a font"))
	return dir
}

func TestLoadFont(t *testing.T) {
	dir := t.TempDir()
	regular := writeFile(t, dir, "paper/Paper-Regular.ttf", goregular.TTF)
	writeFile(t, dir, "paper/Paper-Bold.ttf", gobold.TTF)
	alone := writeFile(t, dir, "alone/Paper.TTF", goregular.TTF)
	notFont := writeFile(t, dir, "notes.ttf", []byte("Dear reader,\nthis is no font.\n"))
	cff := writeFile(t, dir, "cff.otf", append([]byte("OTTO"), make([]byte, 64)...))
	ttc := writeFile(t, dir, "set.ttc", append([]byte("ttcf"), make([]byte, 64)...))
	missing := filepath.Join(dir, "missing.ttf")
	for _, tt := range []struct {
		name    string
		family  string // "" for an error
		generic string
		italic  bool
		regular []byte // the faces' data
		bold    []byte
		err     string // the error's start
	}{
		{name: "Go", family: "Go", generic: "sans-serif", regular: goregular.TTF, bold: gobold.TTF},
		{name: "go mono", family: "Go Mono", generic: "monospace", regular: gomono.TTF, bold: gomonobold.TTF},
		{name: "GoMono", family: "Go Mono", generic: "monospace", regular: gomono.TTF, bold: gomonobold.TTF},
		{name: "Go Smallcaps", family: "Go Smallcaps", generic: "sans-serif", regular: gosmallcaps.TTF, bold: gosmallcaps.TTF},
		{name: "Go Italic", family: "Go", generic: "sans-serif", italic: true},
		{name: regular, family: "Go", generic: "sans-serif", regular: goregular.TTF, bold: gobold.TTF},
		{name: alone, family: "Go", generic: "sans-serif", regular: goregular.TTF, bold: goregular.TTF},
		{name: missing, err: `render: font "` + missing + `": no such file; want a font file (.ttf, .otf) or a font family's name`},
		{name: notFont, err: `render: font "` + notFont + `": it is not a TrueType or OpenType font`},
		{name: cff, err: `render: font "` + cff + `": it has no head table`},
		{name: ttc, err: `render: font "` + ttc + `": it is a font collection (.ttc); want a file of one font (.ttf, .otf)`},
		{name: dir, err: `render: font "` + dir + `": it is a directory, not a regular file; want a font file (.ttf, .otf) of at most 64 MiB, or a font family's name`},
		{name: " ", err: `render: font " ": want a font file (.ttf, .otf) or a font family's name`},
		{name: "Nosuch Sans", err: `render: font "Nosuch Sans" is neither a Go font (Go, Go Italic, Go Medium, Go Medium Italic, Go Mono, Go Mono Italic, Go Smallcaps, Go Smallcaps Italic) nor a font family in ` + dir + `; want a family's name, or a font file (.ttf, .otf)`},
		{name: "Go Mon", err: `render: font "Go Mon" is neither a Go font (Go, Go Italic, Go Medium, Go Medium Italic, Go Mono, Go Mono Italic, Go Smallcaps, Go Smallcaps Italic) nor a font family in ` + dir + ` (did you mean "Go Mono" or "Go Mono Italic"?); want a family's name, or a font file (.ttf, .otf)`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			ff := FontFinder{Dirs: []string{dir}}
			f, err := ff.Load(tt.name)
			if tt.family == "" {
				if err == nil || !strings.HasPrefix(err.Error(), tt.err) {
					t.Errorf("Load(%q) = %v, want an error %q…", tt.name, err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatalf("Load(%q) = %v", tt.name, err)
			}
			if f.Family() != tt.family || f.generic != tt.generic || f.italic != tt.italic {
				t.Errorf("Load(%q) is %q, %s, italic %v; want %q, %s, italic %v", tt.name, f.Family(), f.generic, f.italic, tt.family, tt.generic, tt.italic)
			}
			if tt.regular != nil && !bytes.Equal(f.face(false).ttf, tt.regular) {
				t.Errorf("Load(%q) sets regular text in another face", tt.name)
			}
			if tt.bold != nil && !bytes.Equal(f.face(true).ttf, tt.bold) {
				t.Errorf("Load(%q) sets bold text in another face", tt.name)
			}
		})
	}
	// The Go fonts are loaded once.
	a, _ := LoadFont("Go Mono")
	b, _ := LoadFont("go-mono")
	if a != b {
		t.Errorf("LoadFont(Go Mono) twice gives two fonts")
	}
}

// A family that no embedded font has is found in the finder's
// directories, its bold face too, wherever it is; a name close to it is
// suggested.
func TestFindFamily(t *testing.T) {
	dir := fontDir(t)
	ff := FontFinder{Dirs: []string{filepath.Join(dir, "missing"), dir}}
	f, err := ff.Load("qo mono")
	if err != nil {
		t.Fatal(err)
	}
	if f.Family() != "Qo Mono" || f.generic != "monospace" {
		t.Errorf("qo mono is %q, %s; want Qo Mono, monospace", f.Family(), f.generic)
	}
	if !bytes.Equal(f.face(false).ttf, renamed(gomono.TTF, "Go Mono", "Qo Mono")) || !bytes.Equal(f.face(true).ttf, renamed(gomonobold.TTF, "Go Mono", "Qo Mono")) {
		t.Errorf("qo mono's faces are not a/qo.ttf and b/QoMono-Bold.ttf")
	}
	_, err = ff.Load("Qo Mon")
	if err == nil || !strings.Contains(err.Error(), ` (did you mean "Qo Mono" or "Go Mono"?)`) {
		t.Errorf("Load(Qo Mon) = %v, want a suggestion of Qo Mono", err)
	}
	if _, err := (&FontFinder{Dirs: []string{}}).Load("Qo Mono"); err == nil || !strings.Contains(err.Error(), "nor a font family in no directory (") {
		t.Errorf("Load(Qo Mono) in no directory = %v, want an error", err)
	}
	// A file's bold face is its family's beside it: a/qo.ttf has none
	// (b/QoMono-Bold.ttf is not beside it, and a/notes.ttf is no font),
	// b/QoMono-Bold.ttf's would be "Bold Bold".
	for _, file := range []string{"a/qo.ttf", "b/QoMono-Bold.ttf"} {
		f, err = LoadFont(filepath.Join(dir, file))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(f.face(true).ttf, f.face(false).ttf) {
			t.Errorf("%s has a bold face, though none is beside it", file)
		}
	}
	// Beside a regular face, its family's Bold.
	writeFile(t, dir, "a/qo-bold.ttf", renamed(gomonobold.TTF, "Go Mono", "Qo Mono"))
	if f, err = LoadFont(filepath.Join(dir, "a", "qo.ttf")); err != nil || !bytes.Equal(f.face(true).ttf, renamed(gomonobold.TTF, "Go Mono", "Qo Mono")) {
		t.Errorf("a/qo.ttf: %v; want its bold face from a/qo-bold.ttf beside it", err)
	}
}

// With Debian's fonts-dejavu-core installed, its families are found by
// name, as fontconfig would find them, with their bold faces.
func TestSystemFonts(t *testing.T) {
	const dejavu = "/usr/share/fonts/truetype/dejavu"
	if _, err := os.Stat(filepath.Join(dejavu, "DejaVuSerif.ttf")); err != nil {
		t.Skip("no DejaVu fonts here (fonts-dejavu-core)")
	}
	checkFamilies(t, dejavu, []familyCase{
		{"DejaVu Serif", "DejaVu Serif", "serif", "DejaVuSerif.ttf", "DejaVuSerif-Bold.ttf"},
		{"dejavu sans", "DejaVu Sans", "sans-serif", "DejaVuSans.ttf", "DejaVuSans-Bold.ttf"},
		{"DejaVu Sans Mono", "DejaVu Sans Mono", "monospace", "DejaVuSansMono.ttf", "DejaVuSansMono-Bold.ttf"},
		{filepath.Join(dejavu, "DejaVuSans.ttf"), "DejaVu Sans", "sans-serif", "DejaVuSans.ttf", "DejaVuSans-Bold.ttf"},
	}, nil)
}

// familyCase is a font name LoadFont finds on the system: the family and
// generic family it gives, and the files of its regular and bold faces.
type familyCase struct{ name, family, generic, regular, bold string }

// checkFamilies loads each case's font and checks its family and that its
// faces are the files in dir; then, if more is not nil, checks more of it.
func checkFamilies(t *testing.T, dir string, cases []familyCase, more func(t *testing.T, tt familyCase, f *Font)) {
	t.Helper()
	for _, tt := range cases {
		t.Run(tt.name, func(t *testing.T) {
			f, err := LoadFont(tt.name)
			if err != nil {
				t.Fatal(err)
			}
			if f.Family() != tt.family || f.generic != tt.generic {
				t.Errorf("%s is %q, %s; want %q, %s", tt.name, f.Family(), f.generic, tt.family, tt.generic)
			}
			for i, file := range []string{tt.regular, tt.bold} {
				want, err := os.ReadFile(filepath.Join(dir, file))
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(f.face(i == 1).ttf, want) {
					t.Errorf("%s's face %d is not %s", tt.name, i, file)
				}
			}
			if more != nil {
				more(t, tt, f)
			}
		})
	}
}

func TestNewFont(t *testing.T) {
	f, err := NewFont(gomono.TTF, nil)
	if err != nil {
		t.Fatal(err)
	}
	if f.Family() != "Go Mono" || f.face(true) != f.face(false) {
		t.Errorf("NewFont(Go Mono, nil) is %q with a bold face of its own; want Go Mono, bold set in the regular", f.Family())
	}
	for _, tt := range []struct {
		regular, bold []byte
		want          string
	}{
		{nil, nil, "render: font: it is not a TrueType or OpenType font: too short"},
		{goregular.TTF, []byte("bold?"), "render: font: its bold face: it is not a TrueType or OpenType font: too short"},
		{goregular.TTF[:2000], nil, "render: font: its "},
	} {
		if _, err := NewFont(tt.regular, tt.bold); err == nil || !strings.HasPrefix(err.Error(), tt.want) {
			t.Errorf("NewFont = %v, want %q…", err, tt.want)
		}
	}
	var none *Font
	if none.Family() != "" || none.MeasureText("W", 10, true) != MeasureText("W", 10, true) {
		t.Errorf("a nil *Font is not the default")
	}
}

// titleSheet returns a sheet of one title, in font f.
func titleSheet(f gallery.Font) *gallery.Sheet {
	return &gallery.Sheet{Width: 400, Height: 60, Background: white, Font: f,
		Title: &gallery.Text{X: 200, Y: 30, Size: 24, Bold: true, Color: color.NRGBA{0x22, 0x22, 0x22, 0xff}, Text: "Scott's pentominoes"}}
}

// Text set in another font changes the pixels where the text is, and
// those only.
func TestFontPNG(t *testing.T) {
	mono, err := LoadFont("Go Mono")
	if err != nil {
		t.Fatal(err)
	}
	def, other := titleSheet(nil), titleSheet(mono)
	a, b := decodePNG(t, def, nil), decodePNG(t, other, nil)
	// The text's box: as wide as the wider of the two, and the size's
	// height about the middle line.
	half := max(MeasureText(def.Title.Text, 24, true), mono.MeasureText(def.Title.Text, 24, true))/2 + 2
	in, differ := 0, 0
	for y := range 60 {
		for x := range 400 {
			ca, cb := nrgba(a, float64(x), float64(y)), nrgba(b, float64(x), float64(y))
			inside := float64(x) > 200-half && float64(x) < 200+half && y > 30-16 && y < 30+16
			if inside {
				in++
				if ca != cb {
					differ++
				}
			} else if ca != cb {
				t.Fatalf("pixel (%d,%d), outside the text, is %v in Go Mono and %v in Go", x, y, cb, ca)
			}
		}
	}
	if differ < in/20 {
		t.Errorf("%d of the %d pixels of the text differ between Go and Go Mono; want many", differ, in)
	}
}

// The layout measures text in the font it is given, and the sheet
// carries the font: a title in Go Mono, wider than in Go, widens the
// sheet, and every format sets it in the place the layout chose.
func TestFontLayout(t *testing.T) {
	mono, err := LoadFont("Go Mono")
	if err != nil {
		t.Fatal(err)
	}
	sol := solutions(t, "pentominoes-3x20")[:1]
	title := strings.Repeat("Wide title ", 6)
	def := layout(t, sol, &gallery.Options{CellSize: 10, Title: title, Labels: true})[0]
	in := layout(t, sol, &gallery.Options{CellSize: 10, Title: title, Labels: true, Font: mono})[0]
	if in.Font != gallery.Font(mono) || def.Font != nil {
		t.Errorf("the sheets' fonts are %v and %v; want Go Mono and none", in.Font, def.Font)
	}
	wGo, wMono := MeasureText(title, def.Title.Size, true), mono.MeasureText(title, def.Title.Size, true)
	if wGo == wMono {
		t.Fatalf("the title is as wide in Go Mono as in Go")
	}
	if got, want := in.Width-def.Width, wMono-wGo; got < want-2 || got > want+2 {
		t.Errorf("the sheet in Go Mono is %v wider than in Go; want the title's %v more", got, want)
	}
	// Laid out once, drawn three times: each format writes the font.
	svg := string(encode(t, FormatSVG, []*gallery.Sheet{in}, nil))
	if !strings.Contains(svg, "text{font-family:'Go Mono',monospace;") {
		t.Errorf("the SVG does not name Go Mono")
	}
	if pdf := encode(t, FormatPDF, []*gallery.Sheet{in}, nil); !bytes.Contains(pdf, []byte("/BaseFont /utf8gomonoB")) {
		t.Errorf("the PDF has no Go Mono Bold")
	}
}

// A PDF embeds the fonts its sheets are set in, each under its family's
// name, as a TrueType font file (FontFile2).
func TestFontPDF(t *testing.T) {
	qo, err := (&FontFinder{Dirs: []string{fontDir(t)}}).Load("Qo Mono")
	if err != nil {
		t.Fatal(err)
	}
	smallcaps, err := LoadFont("Go Smallcaps")
	if err != nil {
		t.Fatal(err)
	}
	caption := func(s *gallery.Sheet) *gallery.Sheet {
		s.Frames = []gallery.Frame{{Caption: &gallery.Text{X: 10, Y: 50, Size: 10, Color: white, Text: "Scott's pentominoes 0123456789"}}}
		return s
	}
	pdf := encode(t, FormatPDF, []*gallery.Sheet{caption(titleSheet(qo)), caption(titleSheet(smallcaps)), titleSheet(nil)}, nil)
	for _, want := range []string{"/BaseFont /utf8qomono\n", "/BaseFont /utf8qomonoB\n", "/BaseFont /utf8gosmallcaps\n", "/BaseFont /utf8goB\n"} {
		if !bytes.Contains(pdf, []byte(want)) {
			t.Errorf("the PDF has no %s", strings.TrimSpace(want))
		}
	}
	// Go Smallcaps has no bold: its bold text is set in its only face,
	// embedded once.
	if bytes.Contains(pdf, []byte("/BaseFont /utf8gosmallcapsB")) {
		t.Errorf("the PDF embeds Go Smallcaps twice")
	}
	if n := bytes.Count(pdf, []byte("/FontFile2 ")); n != 4 {
		t.Errorf("the PDF embeds %d TrueType font files, want 4: Qo Mono and its bold, Go Smallcaps, Go Bold", n)
	}
	// Subsetting a font leaves the font as it was, for the next picture.
	if !bytes.Equal(qo.face(false).ttf, renamed(gomono.TTF, "Go Mono", "Qo Mono")) || !bytes.Equal(qo.face(true).ttf, renamed(gomonobold.TTF, "Go Mono", "Qo Mono")) {
		t.Errorf("writing the PDF changed the font's data")
	}
}

// otherFont is a font that package render did not load.
type otherFont struct{}

func (otherFont) Family() string { return `Odd "<Font>" & Co;` }
func (otherFont) MeasureText(s string, size float64, bold bool) float64 {
	return 0.5 * size * float64(len(s))
}

// SVG names the font's family, then the generic family, in font-family;
// the default's is the generic sans-serif alone.
func TestFontSVG(t *testing.T) {
	italic, err := LoadFont("Go Mono Italic")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name string
		font gallery.Font
		want string
	}{
		{"default", nil, "text{font-family:sans-serif;dominant-baseline:central}"},
		{"nil *Font", (*Font)(nil), "text{font-family:sans-serif;dominant-baseline:central}"},
		{"Go Mono Italic", italic, "text{font-family:'Go Mono',monospace;font-style:italic;dominant-baseline:central}"},
		{"another font", otherFont{}, "text{font-family:'Odd Font  Co',sans-serif;dominant-baseline:central}"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			svg := string(encode(t, FormatSVG, []*gallery.Sheet{titleSheet(tt.font)}, nil))
			if !strings.Contains(svg, tt.want) {
				t.Errorf("the SVG's style sheet has no %s:\n%s", tt.want, svg)
			}
			parseSVG(t, []byte(svg))
		})
	}
	// PNG and PDF set text only in fonts they can read.
	for _, f := range []Format{FormatPNG, FormatPDF} {
		err := Encode(&bytes.Buffer{}, f, []*gallery.Sheet{titleSheet(otherFont{})}, nil)
		if err == nil || !strings.Contains(err.Error(), "sheet 1's font is a render.otherFont, which "+strings.ToUpper(f.String())+" cannot set text in") {
			t.Errorf("%v in another font: %v, want an error", f, err)
		}
	}
}

// The font key of a spec's render mapping is loaded by gallery.NewOptions,
// through the loader render registers: a relative file from the spec's
// directory.
func TestFontForLayout(t *testing.T) {
	dir := fontDir(t)
	f, err := loadForLayout(context.Background(), "a/qo.ttf", dir)
	if err != nil || f.Family() != "Qo Mono" {
		t.Errorf("loadForLayout(context.Background(), a/qo.ttf, dir) = %v, %v; want Qo Mono", f, err)
	}
	_, err = loadForLayout(context.Background(), "b/none.ttf", dir)
	if want := `"` + filepath.Join(dir, "b", "none.ttf") + `": no such file`; err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("loadForLayout(context.Background(), b/none.ttf, dir) = %v, want %s…", err, want)
	}
	if f, err := loadForLayout(context.Background(), "Go Mono", dir); err != nil || f.Family() != "Go Mono" {
		t.Errorf("loadForLayout(context.Background(), Go Mono, dir) = %v, %v; want Go Mono", f, err)
	}
	if _, err := loadForLayout(context.Background(), "x.ttf", ""); err == nil || errors.Is(err, os.ErrNotExist) || !strings.HasPrefix(err.Error(), `"x.ttf": no such file`) {
		t.Errorf(`loadForLayout(context.Background(), x.ttf) = %v, want "x.ttf": no such file…`, err)
	}
}
