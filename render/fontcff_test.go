package render

import (
	"bytes"
	"encoding/binary"
	"errors"
	"image/color"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goitalic"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/gomonobold"
	"golang.org/x/image/font/gofont/goregular"

	"github.com/polytile/polytile/gallery"
)

// cffTest returns testdata/CFFTest.otf, an OpenType font of PostScript
// (CFF) outlines that golang.org/x/image/font/testdata holds to test its
// sfnt package (Copyright 2016 The Go Authors, under the Go licence, as
// its name table says): the family CFFTest, whose glyphs are 0, 1, Q
// and 中.
func cffTest(t *testing.T) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "CFFTest.otf"))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// withNames returns the font data with a name table of its own: the
// Windows names (UTF-16BE) of the family (name IDs 1 and 16) and style (2
// and 17), and the full and PostScript names (4 and 6) made of them. The
// tables are laid out anew, each at a multiple of 4 bytes (OpenType 1.9,
// "Table directory"); checksums are left 0, as the readers do not check
// them.
func withNames(t *testing.T, data []byte, family, style string) []byte {
	t.Helper()
	tables, err := sfntTables(data)
	if err != nil {
		t.Fatal(err)
	}
	utf16 := func(s string) []byte {
		var b []byte
		for _, r := range s {
			b = binary.BigEndian.AppendUint16(b, uint16(r))
		}
		return b
	}
	names := []struct {
		id uint16
		s  string
	}{{1, family}, {2, style}, {4, family + " " + style}, {6, strings.ReplaceAll(family+"-"+style, " ", "")}, {16, family}, {17, style}}
	name := binary.BigEndian.AppendUint16(nil, 0) // format 0
	name = binary.BigEndian.AppendUint16(name, uint16(len(names)))
	name = binary.BigEndian.AppendUint16(name, uint16(6+12*len(names)))
	var str []byte
	for _, n := range names {
		s := utf16(n.s)
		for _, v := range []uint16{3, 1, 0x409, n.id, uint16(len(s)), uint16(len(str))} {
			name = binary.BigEndian.AppendUint16(name, v)
		}
		str = append(str, s...)
	}
	tables["name"] = append(name, str...)
	tags := make([]string, 0, len(tables))
	for tag := range tables {
		tags = append(tags, tag)
	}
	sort.Strings(tags)
	out := append([]byte(nil), data[:4]...)
	out = binary.BigEndian.AppendUint16(out, uint16(len(tags)))
	out = append(out, make([]byte, 6)...) // the search fields, which the readers do not use
	off := 12 + 16*len(tags)
	var body []byte
	for _, tag := range tags {
		tb := tables[tag]
		out = append(out, tag...)
		out = binary.BigEndian.AppendUint32(out, 0)
		out = binary.BigEndian.AppendUint32(out, uint32(off+len(body)))
		out = binary.BigEndian.AppendUint32(out, uint32(len(tb)))
		body = append(body, tb...)
		for len(body)%4 != 0 {
			body = append(body, 0)
		}
	}
	return append(out, body...)
}

// A font of PostScript (CFF) outlines loads by its file and by its
// family's name, and is measured by its own glyphs.
func TestCFFFontLoads(t *testing.T) {
	dir := t.TempDir()
	data := cffTest(t)
	path := writeFile(t, dir, "cff/CFFTest.otf", data)
	for _, name := range []string{path, "CFFTest", "cff test"} {
		t.Run(name, func(t *testing.T) {
			f, err := (&FontFinder{Dirs: []string{dir}}).Load(name)
			if err != nil {
				t.Fatalf("Load(%q) = %v", name, err)
			}
			if f.Family() != "CFFTest" || !f.face(false).cff || !bytes.Equal(f.face(false).ttf, data) || f.face(true) != f.face(false) {
				t.Errorf("Load(%q) is %q (PostScript outlines %v), not CFFTest.otf alone", name, f.Family(), f.face(false).cff)
			}
			if w, def := f.MeasureText("0110", 10, false), MeasureText("0110", 10, false); !(w > 0) || w == def {
				t.Errorf("0110 in CFFTest is %v wide (in Go, %v); want its own width", w, def)
			}
		})
	}
	if _, err := NewFont(data, nil); err != nil {
		t.Errorf("NewFont(CFFTest) = %v", err)
	}
}

// SVG names a font of PostScript outlines, PNG draws its glyphs and TeX
// sets its own fonts; PDF, which embeds TrueType outlines alone, refuses
// it with a *FontFormatError that says what would do, before it writes
// anything.
func TestCFFFontFormats(t *testing.T) {
	cff, err := NewFont(cffTest(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	sheet := func(f gallery.Font) *gallery.Sheet {
		return &gallery.Sheet{Width: 200, Height: 60, Background: white, Font: f,
			Title: &gallery.Text{X: 100, Y: 30, Size: 30, Color: color.NRGBA{0x22, 0x22, 0x22, 0xff}, Text: "0110"}}
	}
	if svg := string(encode(t, FormatSVG, []*gallery.Sheet{sheet(cff)}, nil)); !strings.Contains(svg, "text{font-family:CFFTest,sans-serif;") && !strings.Contains(svg, "text{font-family:'CFFTest',sans-serif;") {
		t.Errorf("the SVG does not name CFFTest:\n%s", svg)
	}
	a, b := decodePNG(t, sheet(nil), nil), decodePNG(t, sheet(cff), nil)
	differ, ink := 0, 0
	for y := range 60 {
		for x := range 200 {
			cb := nrgba(b, float64(x), float64(y))
			if cb != nrgba(a, float64(x), float64(y)) {
				differ++
			}
			if cb != white {
				ink++
			}
		}
	}
	if ink < 100 || differ < 100 {
		t.Errorf("the PNG in CFFTest has %d pixels of ink, %d unlike Go's; want its glyphs drawn", ink, differ)
	}
	encode(t, FormatTeX, []*gallery.Sheet{sheet(cff)}, nil)

	var out bytes.Buffer
	err = Encode(&out, FormatPDF, []*gallery.Sheet{sheet(nil), sheet(cff)}, nil)
	var fe *FontFormatError
	if !errors.As(err, &fe) || fe.Family != "CFFTest" || fe.Format != FormatPDF {
		t.Fatalf("Encode(PDF) in CFFTest = %v, want a *FontFormatError", err)
	}
	if out.Len() != 0 {
		t.Errorf("%d bytes of PDF written", out.Len())
	}
	want := `render: the font "CFFTest" has PostScript (CFF) outlines, which PDF does not embed: for PDF, want a font with TrueType outlines (a .ttf file, or the family of one); SVG, PNG and TeX take this one`
	if err.Error() != want {
		t.Errorf("Encode(PDF) in CFFTest = %q, want %q", err, want)
	}
	// A TrueType face with a PostScript bold is refused as well; the
	// other formats and fonts are not.
	mixed, err := NewFont(goregular.TTF, cffTest(t))
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		f      Format
		font   gallery.Font
		refuse bool
	}{
		{FormatPDF, mixed, true}, {FormatPDF, cff, true}, {FormatPDF, nil, false}, {FormatPDF, (*Font)(nil), false},
		{FormatPDF, otherFont{}, false}, {FormatSVG, cff, false}, {FormatPNG, cff, false}, {FormatTeX, cff, false},
	} {
		if err := CheckFont(tt.f, tt.font); (err != nil) != tt.refuse {
			t.Errorf("CheckFont(%v, %v) = %v, want refused %v", tt.f, tt.font, err, tt.refuse)
		}
	}
}

// A family with faces of TrueType outlines and of PostScript ones is set
// in the TrueType ones, which every format takes, wherever they are; a
// file's bold face beside it has outlines of its kind.
func TestFamilyOutlines(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "a/CFFTest.otf", cffTest(t))
	ttf := renamed(gomono.TTF, "Go Mono", "CFFTest")
	writeFile(t, dir, "b/CFFTest.ttf", ttf)
	f, err := (&FontFinder{Dirs: []string{dir}}).Load("CFFTest")
	if err != nil {
		t.Fatal(err)
	}
	if f.face(false).cff || !bytes.Equal(f.face(false).ttf, ttf) {
		t.Errorf("CFFTest is set in a/CFFTest.otf, want b/CFFTest.ttf: its TrueType face")
	}

	path := writeFile(t, dir, "c/CFFTest.otf", cffTest(t))
	writeFile(t, dir, "c/a-bold.ttf", withNames(t, gobold.TTF, "CFFTest", "Bold"))
	if f, err = LoadFont(path); err != nil || f.face(true) != f.face(false) {
		t.Errorf("LoadFont(c/CFFTest.otf) = %v, with a bold face beside it of TrueType outlines; want none", err)
	}
	bold := writeFile(t, dir, "c/b-bold.otf", withNames(t, cffTest(t), "CFFTest", "Bold"))
	want, _ := os.ReadFile(bold)
	if f, err = LoadFont(path); err != nil || !bytes.Equal(f.face(true).ttf, want) {
		t.Errorf("LoadFont(c/CFFTest.otf) = %v; want its bold face c/b-bold.otf", err)
	}
}

// The style's optical size, as Latin Modern's faces are named ("10
// Regular", "12 Bold"), is the style's number: a regular face is set
// with the bold of its size.
func TestOpticalSizes(t *testing.T) {
	for _, tt := range []struct{ style, want, size string }{
		{"10 Regular", "regular", "10"}, {"12 Bold Italic", "bolditalic", "12"}, {"Regular", "regular", ""},
		{"8.5 Book", "book", "8.5"}, {"10", "", "10"}, {"3D", "3d", ""}, {"", "", ""}, {" 9  Bold", "bold", "9"},
	} {
		if got := newFamilyStyle("Latin Modern Roman", tt.style); got != (familyStyle{"latinmodernroman", tt.want, tt.size}) {
			t.Errorf("newFamilyStyle(%q) = %+v, want style %q of size %q", tt.style, got, tt.want, tt.size)
		}
	}
	dir := t.TempDir()
	faces := map[string][]byte{
		"a/1.ttf": withNames(t, gobold.TTF, "Qo Optical", "12 Bold"),
		"a/2.ttf": withNames(t, goregular.TTF, "Qo Optical", "10 Regular"),
		"a/3.ttf": withNames(t, gomonobold.TTF, "Qo Optical", "10 Bold"),
		"a/4.ttf": withNames(t, gomono.TTF, "Qo Optical", "12 Regular"),
		"a/5.ttf": withNames(t, goitalic.TTF, "Qo Optical", "10 Italic"),
	}
	for name, data := range faces {
		writeFile(t, dir, name, data)
	}
	for _, tt := range []struct{ name, regular, bold string }{
		{"Qo Optical", "a/2.ttf", "a/3.ttf"},
		{filepath.Join(dir, "a", "2.ttf"), "a/2.ttf", "a/3.ttf"},
		{filepath.Join(dir, "a", "4.ttf"), "a/4.ttf", "a/1.ttf"},
		{filepath.Join(dir, "a", "5.ttf"), "a/5.ttf", "a/5.ttf"}, // no Bold Italic
	} {
		f, err := (&FontFinder{Dirs: []string{dir}}).Load(tt.name)
		if err != nil {
			t.Fatalf("Load(%q) = %v", tt.name, err)
		}
		if !bytes.Equal(f.face(false).ttf, faces[tt.regular]) || !bytes.Equal(f.face(true).ttf, faces[tt.bold]) {
			t.Errorf("Load(%q) is not %s with %s for bold", tt.name, tt.regular, tt.bold)
		}
	}
}

// fontconfig's configuration names the directories of fonts that
// packages put elsewhere: its <dir>s, in the order read, through its
// <include>s of files and of directories of numbered .conf files,
// relative paths from the file's directory, ~ and prefix xdg from home.
func TestFontconfigDirs(t *testing.T) {
	etc, home := t.TempDir(), t.TempDir()
	conf := writeFile(t, etc, "fonts.conf", []byte(`<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<fontconfig>
	<dir>/usr/share/fonts</dir>
	<dir prefix="xdg">fonts</dir>
	<dir>~/.fonts</dir>
	<dir>from-the-working-directory</dir>
	<include ignore_missing="yes">conf.d</include>
	<include ignore_missing="yes">missing.conf</include>
	<include ignore_missing="yes" prefix="xdg">fontconfig/fonts.conf</include>
	<cachedir>/var/cache/fontconfig</cachedir>
	<dir>/usr/share/fonts</dir>
</fontconfig>
`))
	writeFile(t, etc, "conf.d/65-lm.conf", []byte(`<fontconfig><dir> /usr/share/texmf/fonts/opentype/public/lm </dir><selectfont><rejectfont><glob>*.pfb</glob></rejectfont></selectfont></fontconfig>`))
	writeFile(t, etc, "conf.d/10-first.conf", []byte(`<fontconfig><dir prefix="relative">../local-fonts</dir><include>../fonts.conf</include></fontconfig>`))
	writeFile(t, etc, "conf.d/README", []byte(`<fontconfig><dir>/not/read</dir></fontconfig>`))
	writeFile(t, etc, "conf.d/70-broken.conf", []byte(`<fontconfig><dir>/broken/but/read</dir><dir`))
	writeFile(t, home, ".config/fontconfig/fonts.conf", []byte(`<fontconfig><dir>/opt/user/fonts</dir></fontconfig>`))
	want := []string{"/usr/share/fonts", filepath.Join(home, ".local/share/fonts"), filepath.Join(home, ".fonts"),
		filepath.Join(etc, "local-fonts"), "/usr/share/texmf/fonts/opentype/public/lm", "/broken/but/read", "/opt/user/fonts"}
	if got := fontconfigDirs(conf, home); !slices.Equal(got, want) {
		t.Errorf("fontconfigDirs = %q\nwant %q", got, want)
	}
	// Without a home, what is in it is left out; without a file, nothing.
	if got := fontconfigDirs(conf, ""); slices.ContainsFunc(got, func(d string) bool { return strings.HasPrefix(d, home) }) || len(got) != 4 {
		t.Errorf("fontconfigDirs without a home = %q", got)
	}
	if got := fontconfigDirs(filepath.Join(etc, "none.conf"), home); got != nil {
		t.Errorf("fontconfigDirs of no file = %q", got)
	}
	// The directories a walk of the defaults finds already are not
	// added again.
	got := appendDirs([]string{"/usr/share/fonts", "/home/u/.fonts"}, []string{"/usr/share/fonts/truetype", "/usr/share/fontsx", "/usr/share/texmf/lm", "/home/u/.fonts", "/usr/share/texmf/lm/"})
	if want := []string{"/usr/share/fonts", "/home/u/.fonts", "/usr/share/fontsx", "/usr/share/texmf/lm"}; !slices.Equal(got, want) {
		t.Errorf("appendDirs = %q, want %q", got, want)
	}
}

// With Debian's fonts-lmodern, whose files are where only fontconfig's
// configuration names them, Latin Modern's families are found by name, in
// OpenType fonts of PostScript outlines, with the bold of the regular's
// optical size; PNG draws them and PDF refuses them, saying what would
// do. .ci/run installs the package; POLYTILE_FONTS=required fails the
// test without it.
func TestLatinModern(t *testing.T) {
	const dir = "/usr/share/texmf/fonts/opentype/public/lm"
	if _, err := os.Stat(filepath.Join(dir, "lmroman10-regular.otf")); err != nil {
		if os.Getenv("POLYTILE_FONTS") == "required" {
			t.Fatal("no Latin Modern fonts here (Debian: fonts-lmodern)")
		}
		t.Skip("no Latin Modern fonts here (Debian: fonts-lmodern); .ci/run installs them")
	}
	if !slices.Contains(SystemFontDirs(), dir) {
		t.Errorf("SystemFontDirs() = %q, without %s, which fontconfig's configuration names", SystemFontDirs(), dir)
	}
	checkFamilies(t, dir, []familyCase{
		{"Latin Modern Roman", "Latin Modern Roman", "sans-serif", "lmroman10-regular.otf", "lmroman10-bold.otf"},
		{"latin modern sans", "Latin Modern Sans", "sans-serif", "lmsans10-regular.otf", "lmsans10-bold.otf"},
		{"Latin Modern Mono", "Latin Modern Mono", "monospace", "lmmono10-regular.otf", "lmmono10-regular.otf"},
		{filepath.Join(dir, "lmroman12-regular.otf"), "Latin Modern Roman", "sans-serif", "lmroman12-regular.otf", "lmroman12-bold.otf"},
	}, func(t *testing.T, tt familyCase, f *Font) {
		decodePNG(t, titleSheet(f), nil)
		err := Encode(&bytes.Buffer{}, FormatPDF, []*gallery.Sheet{titleSheet(f)}, nil)
		if fe := (*FontFormatError)(nil); !errors.As(err, &fe) || fe.Family != tt.family {
			t.Errorf("Encode(PDF) in %s = %v, want a *FontFormatError", tt.name, err)
		}
	})
}
