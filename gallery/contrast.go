package gallery

import (
	"image/color"
	"math"
)

// letterLight is the light colour letters may take on dark fills.
var letterLight = color.NRGBA{0xff, 0xff, 0xff, 0xff}

// letterColor returns the colour to write a letter in on a piece of the
// given fill: the border's colour (near-black by default) or white,
// whichever has the higher contrast ratio with the fill (WCAG 2.2,
// https://www.w3.org/TR/WCAG22/#dfn-contrast-ratio), white on near ties
// (within a tenth): a mid-grey fill, darkened by the hatching around
// the name in StyleGrey, reads better with light text.
// A fill that is not opaque is taken over the sheet's background, or over
// white when the background is not opaque either, as on most pages and
// viewers.
func (s *sheetLayout) letterColor(fill color.NRGBA) color.NRGBA {
	under := letterLight
	if s.Background.A == 0xff {
		under = s.Background
	}
	l := luminance(over(fill, under))
	dark, light := s.BorderColor, letterLight
	if contrast(l, luminance(light)) >= 0.9*contrast(l, luminance(dark)) {
		return light
	}
	return dark
}

// over returns c composited over the opaque colour under.
func over(c, under color.NRGBA) color.NRGBA {
	a := float64(c.A) / 0xff
	mix := func(x, y uint8) uint8 { return uint8(math.Round(float64(x)*a + float64(y)*(1-a))) }
	return color.NRGBA{mix(c.R, under.R), mix(c.G, under.G), mix(c.B, under.B), 0xff}
}

// luminance returns the relative luminance of c's colour, ignoring its
// alpha: 0 for black, 1 for white (WCAG 2.2,
// https://www.w3.org/TR/WCAG22/#dfn-relative-luminance, with the sRGB
// threshold 0.04045 of IEC 61966-2-1).
func luminance(c color.NRGBA) float64 {
	lin := func(v uint8) float64 {
		x := float64(v) / 0xff
		if x <= 0.04045 {
			return x / 12.92
		}
		return math.Pow((x+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(c.R) + 0.7152*lin(c.G) + 0.0722*lin(c.B)
}

// contrast returns the contrast ratio of two relative luminances, from 1
// to 21: (L1 + 0.05) / (L2 + 0.05) with L1 the lighter.
func contrast(a, b float64) float64 {
	if a < b {
		a, b = b, a
	}
	return (a + 0.05) / (b + 0.05)
}
