package main

import (
	"bytes"
	"encoding/binary"
	"encoding/xml"
	"fmt"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// figureSize returns the physical size, in inches, of the picture at path
// (SVG, PNG, PDF or TeX), read as a viewer reads it: the SVG root's width
// and height with their unit, the PNG's pixels over its pHYs resolution,
// the PDF's first MediaBox in points, the first TikZ picture's bounding box
// in big points (which the standalone class makes the page).
func figureSize(t *testing.T, path string) (w, h float64) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	switch filepath.Ext(path) {
	case ".svg":
		var root struct {
			Width   string `xml:"width,attr"`
			Height  string `xml:"height,attr"`
			ViewBox string `xml:"viewBox,attr"`
		}
		if err := xml.Unmarshal(data, &root); err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(root.ViewBox, "0 0 ") {
			t.Errorf("viewBox %q", root.ViewBox)
		}
		return inches(t, root.Width), inches(t, root.Height)
	case ".png":
		img, err := png.Decode(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		i := bytes.Index(data, []byte("pHYs"))
		if i < 0 {
			t.Fatal("no pHYs chunk")
		}
		ppm := float64(binary.BigEndian.Uint32(data[i+4:]))
		dpi := ppm * 0.0254
		return float64(img.Bounds().Dx()) / dpi, float64(img.Bounds().Dy()) / dpi
	case ".pdf":
		m := regexp.MustCompile(`/MediaBox \[0 0 ([0-9.]+) ([0-9.]+)\]`).FindSubmatch(data)
		if m == nil {
			t.Fatal("no MediaBox")
		}
		pw, _ := strconv.ParseFloat(string(m[1]), 64)
		ph, _ := strconv.ParseFloat(string(m[2]), 64)
		return pw / 72, ph / 72
	case ".tex":
		m := regexp.MustCompile(`\\begin\{tikzpicture\}\[x=1bp,y=-1bp[^;]*\n\\useasboundingbox \(0,0\) rectangle \(([0-9.]+),([0-9.]+)\);`).FindSubmatch(data)
		if m == nil {
			t.Fatal("no tikzpicture with a bounding box in big points")
		}
		pw, _ := strconv.ParseFloat(string(m[1]), 64)
		ph, _ := strconv.ParseFloat(string(m[2]), 64)
		return pw / 72, ph / 72
	}
	t.Fatalf("%s: unknown format", path)
	return 0, 0
}

// inches reads an SVG length with its unit.
func inches(t *testing.T, s string) float64 {
	t.Helper()
	per := map[string]float64{"cm": 1 / 2.54, "mm": 1 / 25.4, "in": 1, "pt": 1.0 / 72, "px": 1.0 / 96, "": 1.0 / 96}
	num := strings.TrimRight(s, "abcdefghijklmnopqrstuvwxyz")
	v, err := strconv.ParseFloat(num, 64)
	f, ok := per[s[len(num):]]
	if err != nil || !ok {
		t.Fatalf("SVG length %q", s)
	}
	return v * f
}

// TestPhysicalSize checks that --width and --height give a figure of that
// size in every format, the same size in each, at any --dpi.
func TestPhysicalSize(t *testing.T) {
	dir := t.TempDir()
	for _, tt := range []struct {
		args []string
		w, h float64 // inches; 0 for the side that follows
	}{
		{[]string{"--width", "17cm"}, 17 / 2.54, 0},
		{[]string{"--width", "3.5in", "--dpi", "300"}, 3.5, 0},
		{[]string{"--height", "240pt", "--labels"}, 0, 240.0 / 72},
		{[]string{"--width", "170mm", "--height", "2in", "--title", "Scott"}, 170 / 25.4, 2},
		{[]string{"--width", "800px", "--per-page", "20"}, 800.0 / 96, 0},
	} {
		name := strings.Join(tt.args, " ")
		t.Run(name, func(t *testing.T) {
			var sizes [][2]float64
			for _, ext := range []string{"svg", "png", "pdf", "tex"} {
				out := filepath.Join(dir, "x."+ext)
				args := append([]string{"draw", "scott", "-o", out}, tt.args...)
				if code, _, stderr := polytile(t, args...); code != 0 {
					t.Fatalf("exit %d: %s", code, stderr)
				}
				if strings.Contains(name, "per-page") {
					out = filepath.Join(dir, "x-1."+ext)
					if ext == "pdf" || ext == "tex" {
						out = filepath.Join(dir, "x."+ext)
					}
				}
				w, h := figureSize(t, out)
				sizes = append(sizes, [2]float64{w, h})
				// A PNG is whole pixels: up to one pixel off.
				tol := 0.002
				if ext == "png" {
					tol = 1.0 / 96
				}
				if tt.w > 0 && math.Abs(w-tt.w) > tol {
					t.Errorf("%s is %.4f in wide, want %.4f", ext, w, tt.w)
				}
				if tt.h > 0 && math.Abs(h-tt.h) > tol {
					t.Errorf("%s is %.4f in high, want %.4f", ext, h, tt.h)
				}
			}
			for i, s := range sizes[1:] {
				if math.Abs(s[0]-sizes[0][0]) > 0.011 || math.Abs(s[1]-sizes[0][1]) > 0.011 {
					t.Errorf("%s: sizes differ by format (svg, png, pdf, tex): %v", name, fmt.Sprint(sizes[0], " ", sizes[i+1]))
				}
			}
		})
	}
}

func TestPhysicalSizeErrors(t *testing.T) {
	out := filepath.Join(t.TempDir(), "x.svg")
	for _, tt := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"--width", "3furlongs"}, 2, `--width: "3furlongs": unknown unit "furlongs"`},
		{[]string{"--height", "12"}, 2, `--height: "12" has no unit`},
		{[]string{"--width", "-3cm"}, 2, "greater than 0"},
		{[]string{"--width", "17cm", "--cell-size", "5"}, 2, "--cell-size: give the cell size or the figure's width and height, not both"},
		{[]string{"--width", "1mm"}, 1, "smaller than a quarter of a pixel"},
		{[]string{"--font-size", "big"}, 2, `--font-size: "big"`},
	} {
		code, _, stderr := polytile(t, append([]string{"draw", "scott", "-o", out}, tt.args...)...)
		if code != tt.code || !strings.Contains(stderr, tt.msg) || strings.Count(stderr, tt.args[0]) > 1 {
			t.Errorf("%v: exit %d, %q; want exit %d and %q, naming %s once", tt.args, code, stderr, tt.code, tt.msg, tt.args[0])
		}
	}
}
