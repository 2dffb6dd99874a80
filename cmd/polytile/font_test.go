package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/image/font/gofont/gomono"
)

// --font, from the table of render keys, sets every format's text in
// the font it names; a spec's render key font names a file beside the
// spec; a font that cannot be had is a usage error naming the flag, or
// an error at the spec's line and column.
func TestDrawFont(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "fonts"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "fonts", "paper.ttf"), gomono.TTF, 0o644); err != nil {
		t.Fatal(err)
	}
	spec := filepath.Join(dir, "spec.yaml")
	if err := os.WriteFile(spec, []byte("title: Dominoes\nboard: |\n  ....\npieces: {A: \"##\", B: \"##\"}\nrender:\n  font: fonts/paper.ttf\n  labels: true\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		args []string
		out  string
		want string
	}{
		{[]string{"draw", spec}, "spec.svg", "text{font-family:'Go Mono',monospace;"},
		{[]string{"draw", "scott", "--limit", "1", "--labels", "--font", "Go Mono"}, "flag.svg", "text{font-family:'Go Mono',monospace;"},
		{[]string{"draw", "scott", "--limit", "1", "--labels", "--font", "go-mono"}, "flag.pdf", "/BaseFont /utf8gomono\n"},
		{[]string{"draw", "scott", "--limit", "1", "--labels"}, "default.svg", "text{font-family:sans-serif;"},
	} {
		out := filepath.Join(dir, tt.out)
		code, _, stderr := polytile(t, append(tt.args, "-o", out)...)
		if code != 0 {
			t.Errorf("%s: exit %d, %s", strings.Join(tt.args, " "), code, stderr)
			continue
		}
		data, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(data), tt.want) {
			t.Errorf("%s: %s has no %q", strings.Join(tt.args, " "), tt.out, tt.want)
		}
	}
	for _, tt := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"draw", "scott", "--font", "Nosuch Sans"}, 2, `polytile: --font: "Nosuch Sans" is neither a Go font (Go, Go Italic,`},
		{[]string{"draw", "scott", "--font", filepath.Join(dir, "none.ttf")}, 2, `polytile: --font: "` + filepath.Join(dir, "none.ttf") + `": no such file; want a font file (.ttf, .otf) or a font family's name`},
		{[]string{"draw", "scott", "--font", spec}, 2, `polytile: --font: "` + spec + `": it is not a TrueType or OpenType font`},
	} {
		code, _, stderr := polytile(t, append(tt.args, "-o", filepath.Join(dir, "x.svg"))...)
		if code != tt.code || !strings.HasPrefix(stderr, tt.want) {
			t.Errorf("%s: exit %d, %q; want exit %d and %q…", strings.Join(tt.args, " "), code, stderr, tt.code, tt.want)
		}
	}
	bad := filepath.Join(dir, "bad.yaml")
	if err := os.WriteFile(bad, []byte("board: |\n  ....\npieces: {A: \"##\", B: \"##\"}\nrender: {font: fonts/none.ttf}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := polytile(t, "draw", bad, "-o", filepath.Join(dir, "x.svg"))
	if want := bad + `:4:16: render.font: "` + filepath.Join(dir, "fonts", "none.ttf") + `": no such file`; code != 1 || !strings.HasPrefix(stderr, "polytile: "+want) {
		t.Errorf("a spec's missing font: exit %d, %q; want exit 1 and %q", code, stderr, want)
	}
}

// A font of PostScript (CFF) outlines sets the text of SVG, PNG and TikZ;
// PDF refuses it before the search, saying what would do. Latin Modern,
// where Debian's fonts-lmodern installs it, is found by its family's
// name (POLYTILE_FONTS=required fails the test without it).
func TestDrawCFFFont(t *testing.T) {
	dir := t.TempDir()
	cff, err := filepath.Abs(filepath.Join("..", "..", "render", "testdata", "CFFTest.otf"))
	if err != nil {
		t.Fatal(err)
	}
	fonts := []struct{ name, family string }{{cff, "CFFTest"}}
	if _, err := os.Stat("/usr/share/texmf/fonts/opentype/public/lm/lmroman10-regular.otf"); err == nil || os.Getenv("POLYTILE_FONTS") == "required" {
		fonts = append(fonts, struct{ name, family string }{"Latin Modern Roman", "Latin Modern Roman"})
	} else {
		t.Log("no Latin Modern fonts here (Debian: fonts-lmodern): tried CFFTest alone")
	}
	for _, font := range fonts {
		for _, out := range []string{"x.svg", "x.png", "x.tex"} {
			code, _, stderr := polytile(t, "draw", "scott", "--limit", "1", "--labels", "--font", font.name, "-o", filepath.Join(dir, out))
			if code != 0 {
				t.Errorf("draw --font %s -o %s: exit %d, %s", font.name, out, code, stderr)
			}
		}
		svg, err := os.ReadFile(filepath.Join(dir, "x.svg"))
		if err != nil || !strings.Contains(string(svg), "font-family:'"+font.family+"',") {
			t.Errorf("draw --font %s -o x.svg does not name %s (%v)", font.name, font.family, err)
		}
		pdf := filepath.Join(dir, "x.pdf")
		code, _, stderr := polytile(t, "draw", "scott", "--labels", "--font", font.name, "-o", pdf)
		want := "polytile: -o " + pdf + ": the font \"" + font.family + "\" has PostScript (CFF) outlines, which PDF does not embed: give --font a font with TrueType outlines (a .ttf file, or the family of one), or draw SVG, PNG or TikZ\n"
		if code != 2 || !strings.HasPrefix(stderr, want) {
			t.Errorf("draw --font %s -o x.pdf: exit %d, %q; want exit 2 and %q", font.name, code, stderr, want)
		}
		if _, err := os.Stat(pdf); err == nil {
			t.Errorf("draw --font %s -o x.pdf wrote x.pdf", font.name)
		}
	}
}
