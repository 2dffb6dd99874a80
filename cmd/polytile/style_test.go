package main

import (
	"encoding/xml"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestPaletteWarning(t *testing.T) {
	out := filepath.Join(t.TempDir(), "x.svg")
	for _, tt := range []struct {
		args []string
		warn bool
	}{
		{[]string{"--palette", "okabe-ito"}, true},
		{[]string{"--palette", "tol-rainbow"}, false},
		{[]string{"--palette", "tol-bright"}, true},
		{[]string{"--palette", "okabe-ito", "--style", "grey"}, false},
		{nil, false},
		{[]string{"--palette", "tol-rainbow-23"}, false},
		// The 18 one-sided pentominoes: 12 colours are too few, 23 enough.
		{[]string{"--palette", "tol-rainbow", "one-sided-pentominoes-6x15"}, true},
		{[]string{"--palette", "tol-rainbow-23", "one-sided-pentominoes-6x15"}, false},
	} {
		spec := "scott"
		if n := len(tt.args); n > 0 && !strings.HasPrefix(tt.args[n-1], "-") && strings.Contains(tt.args[n-1], "pentominoes") {
			spec, tt.args = tt.args[n-1], tt.args[:n-1]
		}
		args := append([]string{"draw", spec, "-o", out, "--limit", "1"}, tt.args...)
		code, _, stderr := polytile(t, args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", tt.args, code, stderr)
		}
		if got := strings.Contains(stderr, "polytile: warning: palette "); got != tt.warn {
			t.Errorf("%v: warning %v, want %v: %q", tt.args, got, tt.warn, stderr)
		}
	}
}

// TestOutlineSVG checks that --style outline draws lines only: no path of
// the SVG is filled.
func TestOutlineSVG(t *testing.T) {
	out := filepath.Join(t.TempDir(), "cut.svg")
	if code, _, stderr := polytile(t, "draw", "scott", "-o", out, "--limit", "4", "--style", "outline"); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Style string `xml:"style"`
		G     []struct {
			Path []struct {
				Class string `xml:"class,attr"`
				Fill  string `xml:"fill,attr"`
			} `xml:"path"`
		} `xml:"g"`
	}
	if err := xml.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.G) != 4 {
		t.Fatalf("%d frames, want 4", len(doc.G))
	}
	for _, g := range doc.G {
		for _, p := range g.Path {
			if p.Class != "b" || p.Fill != "" {
				t.Errorf("a path of class %q, fill %q: want only the border lines", p.Class, p.Fill)
			}
		}
	}
	if !strings.Contains(doc.Style, ".b{fill:none;stroke:#000;stroke-width:0.38") {
		t.Errorf("the borders are not black hairlines: %s", doc.Style)
	}
}

func TestDrawPuzzle(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "p.svg")
	code, _, stderr := polytile(t, "draw", "scott", "--puzzle", "-o", out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		G []struct {
			Title string `xml:"title"`
		} `xml:"g"`
	}
	if err := xml.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	var titles []string
	for _, g := range doc.G {
		titles = append(titles, g.Title)
	}
	if got := strings.Join(titles, " "); got != "the board F I L N P T U V W X Y Z" {
		t.Errorf("frames %q, want the board and the 12 pentominoes", got)
	}
	for _, args := range [][]string{{"--solution", "3"}, {"--limit", "2"}, {"--raw"}} {
		code, _, stderr := polytile(t, append([]string{"draw", "scott", "--puzzle", "-o", out}, args...)...)
		if code != 2 || !strings.Contains(stderr, "--puzzle") {
			t.Errorf("--puzzle %v: exit %d, %q; want a usage error", args, code, stderr)
		}
	}
}
