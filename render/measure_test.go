package render

import (
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
		want := float64(font.MeasureString(faceCache{}.face(tc.bold, tc.size), tc.s)) / 64
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
