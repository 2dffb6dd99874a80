package render

import (
	"bytes"
	"math"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/image/font"

	"github.com/polytile/polytile/gallery"
)

func TestMeasureText(t *testing.T) {
	for _, tc := range []struct {
		s    string
		size float64
		bold bool
	}{
		{"W", 20, true},
		{"Pentominoes 3×20", 17.92, true},
		{"solution 2339", 11.2, false},
		{"iiii", 7, false},
	} {
		// The face at the size rounds each advance to 1/64 pixel.
		want := float64(font.MeasureString(faceCache{}.face(defaultFont().face(tc.bold), tc.size), tc.s)) / 64
		if got := MeasureText(tc.s, tc.size, tc.bold); math.Abs(got-want) > float64(utf8.RuneCountInString(tc.s))/64 {
			t.Errorf("MeasureText(%q, %v, %v) = %v, want %v", tc.s, tc.size, tc.bold, got, want)
		}
	}
	if got := MeasureText("", 10, false); got != 0 {
		t.Errorf("MeasureText of nothing = %v, want 0", got)
	}
}

// A title measured by MeasureText fits on the PNG, inside the margins.
func TestPNGWideTitle(t *testing.T) {
	title := strings.Repeat("W", 30)
	sol := solutions(t, "pentominoes-3x20")[:1]
	sheet := layout(t, sol, &gallery.Options{CellSize: 10, Title: title, MeasureText: MeasureText})[0]
	img := decodePNG(t, sheet, nil)
	// The margin, a cell wide, is clear on both sides.
	for y := range img.Bounds().Dy() {
		for _, x := range []int{0, 8, img.Bounds().Dx() - 9, img.Bounds().Dx() - 1} {
			if c := nrgba(img, float64(x), float64(y)); c.A != 0 {
				t.Fatalf("pixel (%d,%d) in the margin is %v, want transparent: the title is clipped", x, y, c)
			}
		}
	}
}

// Text of 60,000 characters is measured without overflow, and a layout
// for it fails with a short message; a PNG whose text would reach beyond
// what font.Drawer's fixed point holds is an error, not a wrong picture.
func TestLongText(t *testing.T) {
	long := strings.Repeat("W", 60000)
	one := MeasureText("W", 20, true)
	if got, want := MeasureText(long, 20, true), 60000*one; math.Abs(got-want) > 60000.0/64 {
		t.Errorf("MeasureText(60000 × W) = %v, want %v", got, want)
	}
	sol := solutions(t, "pentominoes-3x20")[:1]
	_, err := gallery.Solutions(sol, &gallery.Options{Title: long})
	if err == nil || !strings.Contains(err.Error(), `"WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW…" (60000 characters)`) || len(err.Error()) > 200 {
		t.Errorf("laying out a title of 60000 characters: %v, want a short error quoting it shortened", err)
	}
	sheet := &gallery.Sheet{Width: 100, Height: 100, Title: &gallery.Text{X: 50, Y: 50, Size: 1000, Color: white, Text: long}}
	for _, f := range []Format{FormatSVG, FormatPDF, FormatTeX} {
		encode(t, f, []*gallery.Sheet{sheet}, nil) // vector formats have no such limit
	}
	err = Encode(&bytes.Buffer{}, FormatPNG, []*gallery.Sheet{sheet}, nil)
	if err == nil || !strings.Contains(err.Error(), `render: the text "WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW…" (60000 characters) reaches`) {
		t.Errorf("a PNG with text 48 million pixels wide: %v, want an error quoting it shortened", err)
	}
}

// Without a MeasureText of its own, a layout measures text with the fonts
// render draws with: importing render registers MeasureText.
func TestRegisteredMeasure(t *testing.T) {
	sol := solutions(t, "pentominoes-3x20")[:1]
	title := strings.Repeat("W", 30)
	own := layout(t, sol, &gallery.Options{CellSize: 10, Title: title, MeasureText: MeasureText})[0]
	registered := layout(t, sol, &gallery.Options{CellSize: 10, Title: title})[0]
	if own.Width != registered.Width {
		t.Errorf("sheet %v wide without MeasureText, want %v as with render.MeasureText", registered.Width, own.Width)
	}
}
