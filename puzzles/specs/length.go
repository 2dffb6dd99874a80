package specs

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Length is a physical length, as a figure's width or a font's size is
// given: a number and a unit. One CSS pixel (px) is 1/96 inch in every
// output format, so a length in any unit is a number of pixels.
type Length struct {
	Value float64 // the number written
	Unit  string  // "px", "pt", "in", "cm" or "mm"
}

// lengthUnits are the units a Length may have, with their size in CSS
// pixels.
var lengthUnits = []struct {
	name string
	px   float64
}{
	{"px", 1},
	{"pt", 96.0 / 72},
	{"in", 96},
	{"cm", 96 / 2.54},
	{"mm", 96 / 25.4},
}

// MaxLength bounds a length: 10 metres, past any poster.
const MaxLength = 10 * 96 / 0.0254

// lengthWant says what a length looks like, for errors.
const lengthWant = "a length such as 17cm, 170mm, 3.5in, 240pt or 800px"

// Px returns the length in CSS pixels (1/96 inch).
func (l Length) Px() float64 {
	for _, u := range lengthUnits {
		if u.name == l.Unit {
			return l.Value * u.px
		}
	}
	return l.Value
}

// In returns a length of px CSS pixels expressed in unit ("px" when unit is
// not one of the units).
func (l Length) In(unit string) Length {
	for _, u := range lengthUnits {
		if u.name == unit {
			return Length{Value: l.Px() / u.px, Unit: unit}
		}
	}
	return Length{Value: l.Px(), Unit: "px"}
}

// String writes the length as ParseLength reads it, with at most three
// decimals: "17cm", "3.5in" (or six significant digits, for a length too
// small for three decimals).
func (l Length) String() string {
	if r := math.Round(l.Value*1000) / 1000; r != 0 {
		return strconv.FormatFloat(r, 'f', -1, 64) + l.Unit
	}
	return strconv.FormatFloat(l.Value, 'g', 6, 64) + l.Unit
}

// ParseLength reads a length: a positive number followed by a unit, px, pt,
// in, cm or mm, with optional space between ("17cm", "3.5 in"). A number
// alone is a number of pixels when plainPx is true, and an error otherwise.
func ParseLength(s string, plainPx bool) (Length, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	num := strings.TrimRightFunc(t, func(r rune) bool { return r >= 'a' && r <= 'z' })
	unit := t[len(num):]
	num = strings.TrimSpace(num)
	if unit == "" && plainPx {
		unit = "px"
	}
	known := false
	for _, u := range lengthUnits {
		known = known || u.name == unit
	}
	v, err := strconv.ParseFloat(num, 64)
	switch {
	case num == "" || err != nil && !known:
		return Length{}, fmt.Errorf("%q: want %s", s, lengthWant)
	case unit == "":
		return Length{}, fmt.Errorf("%q has no unit: want %s", s, lengthWant)
	case !known:
		return Length{}, fmt.Errorf("%q: unknown unit %q; want px, pt, in, cm or mm, as in %s", s, unit, lengthWant)
	case err != nil || math.IsNaN(v) || math.IsInf(v, 0):
		return Length{}, fmt.Errorf("%q: want %s", s, lengthWant)
	case v <= 0:
		return Length{}, fmt.Errorf("%q: want a length greater than 0, such as 17cm", s)
	}
	l := Length{Value: v, Unit: unit}
	if l.Px() > MaxLength {
		return Length{}, fmt.Errorf("%q: too long; at most 10 metres", s)
	}
	return l, nil
}

// bedWant says what a bed looks like, for errors.
const bedWant = "a bed's width x depth with a unit, such as 220x220mm, 250x210mm or 8x8in"

// ParseBed reads a printer's bed: its width and depth, two positive
// numbers joined by "x" (or "×") and followed by one unit, mm, cm, in,
// pt or px ("220x220mm", "25 × 21 cm"), or each with its own unit
// ("220mm x 8in").
func ParseBed(s string) (w, d Length, err error) {
	t := strings.ReplaceAll(strings.ToLower(strings.TrimSpace(s)), "×", "x")
	a, b, ok := strings.Cut(t, "x")
	if !ok || strings.Contains(b, "x") {
		return Length{}, Length{}, fmt.Errorf("%q: want %s", s, bedWant)
	}
	d, err = ParseLength(b, false)
	if err != nil {
		return Length{}, Length{}, fmt.Errorf("%q: no depth: want %s", s, bedWant)
	}
	a = strings.TrimSpace(a)
	if a != "" && a[len(a)-1] >= '0' && a[len(a)-1] <= '9' || strings.HasSuffix(a, ".") {
		a += d.Unit // "220x220mm": the width in the depth's unit
	}
	w, err = ParseLength(a, false)
	if err != nil {
		return Length{}, Length{}, fmt.Errorf("%q: no width: want %s", s, bedWant)
	}
	return w, d, nil
}
