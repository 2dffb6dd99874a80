package palettes

import (
	"errors"
	"fmt"
	"image/color"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// The valid notations, quoted by error messages after "want".
const (
	wantAny  = `#rrggbb, a CSS colour name such as "steelblue", rgb(r, g, b) or hsl(h, s%, l%)`
	wantHex  = "#rgb, #rgba, #rrggbb or #rrggbbaa"
	wantFunc = "rgb(), rgba(), hsl() or hsla()"
)

// Parse parses a colour written in one of the CSS notations (CSS Color
// Module Level 4, https://www.w3.org/TR/css-color-4/):
//
//   - hexadecimal: #rgb, #rgba, #rrggbb, #rrggbbaa (§5.2), in either case;
//   - the 148 named colours of §6.1, such as "steelblue", in any case, and
//     the keyword "transparent" (§6.2);
//   - rgb() and rgba() (§5.1), which are the same function: commas between
//     the values, rgb(255, 128, 0) or rgba(255, 128, 0, 0.5), or spaces with
//     an optional alpha after a slash, rgb(255 128 0) or rgb(255 128 0 / 50%).
//     Each of r, g, b is a number from 0 to 255 or a percentage from 0% to
//     100%; alpha is a number from 0 to 1 or a percentage;
//   - hsl() and hsla() (§7), with the same two layouts: the hue is an angle
//     in degrees (a plain number or with the unit deg, grad, rad or turn; it
//     wraps around), saturation and lightness are percentages (the % may be
//     left out).
//
// Leading and trailing space, space around the values and between a
// function's name and its parenthesis are ignored. Fractional channel
// values are rounded to the nearest of the 256 levels. Values out of range
// are errors, not clamped as a browser would, so that a slip such as
// rgb(256, 0, 0) is caught. The newer CSS functions (hwb, lab, lch, oklch,
// color) and the keyword none are not accepted.
//
// The result is not alpha-premultiplied: Parse("rgb(255 0 0 / 50%)") is
// color.NRGBA{255, 0, 0, 128}. (Go's color.RGBA would hold {128, 0, 0, 128}
// instead; every colour in this package is a color.NRGBA.) Hex formats any
// result back into a form that Parse reads as the same colour.
//
// An error says what was wrong and what would be valid, as in
//
//	palettes: "#12345": 5 hex digits; want #rgb, #rgba, #rrggbb or #rrggbbaa
func Parse(s string) (color.NRGBA, error) {
	c, err := parse(s)
	if err != nil {
		return color.NRGBA{}, errorf("%w", err)
	}
	return c, nil
}

// Hex formats c as #rrggbb in lower case, or as #rrggbbaa when c is not
// opaque. Parse(Hex(c)) returns c.
func Hex(c color.NRGBA) string {
	const digits = "0123456789abcdef"
	b := make([]byte, 1, 9)
	b[0] = '#'
	for _, v := range [4]uint8{c.R, c.G, c.B, c.A} {
		b = append(b, digits[v>>4], digits[v&15])
	}
	if c.A == 0xff {
		b = b[:7]
	}
	return string(b)
}

// parse is Parse without the package prefix on its errors, so that FromList
// and FromMap can put the position of the colour before them.
func parse(s string) (color.NRGBA, error) {
	t := strings.TrimSpace(s)
	switch {
	case t == "":
		return color.NRGBA{}, fmt.Errorf("%s: empty colour; want %s", quote(s), wantAny)
	case t[0] == '#':
		return parseHex(s, t[1:])
	case strings.ContainsAny(t, "()"):
		return parseFunc(s, t)
	}
	return parseName(s, strings.ToLower(t))
}

// parseHex parses the digits after the # of a hexadecimal colour.
func parseHex(s, digits string) (color.NRGBA, error) {
	for _, r := range digits {
		if _, ok := hexDigit(r); !ok {
			return color.NRGBA{}, fmt.Errorf("%s: %q is not a hex digit; want %s", quote(s), r, wantHex)
		}
	}
	v := make([]uint8, 0, 8)
	switch len(digits) {
	case 3, 4: // #rgb, #rgba: each digit doubled, so #f80 is #ff8800
		for _, r := range digits {
			d, _ := hexDigit(r)
			v = append(v, d<<4|d)
		}
	case 6, 8:
		for i := 0; i < len(digits); i += 2 {
			hi, _ := hexDigit(rune(digits[i]))
			lo, _ := hexDigit(rune(digits[i+1]))
			v = append(v, hi<<4|lo)
		}
	default:
		return color.NRGBA{}, fmt.Errorf("%s: %d hex digits; want %s", quote(s), len(digits), wantHex)
	}
	if len(v) == 3 {
		v = append(v, 0xff)
	}
	return color.NRGBA{v[0], v[1], v[2], v[3]}, nil
}

// hexDigit returns the value of the hexadecimal digit r.
func hexDigit(r rune) (uint8, bool) {
	switch {
	case '0' <= r && r <= '9':
		return uint8(r - '0'), true
	case 'a' <= r && r <= 'f':
		return uint8(r - 'a' + 10), true
	case 'A' <= r && r <= 'F':
		return uint8(r - 'A' + 10), true
	}
	return 0, false
}

// parseName looks up a CSS colour name, given in lower case.
func parseName(s, name string) (color.NRGBA, error) {
	if name == "transparent" {
		return color.NRGBA{}, nil
	}
	if i, ok := slices.BinarySearchFunc(cssNames[:], name, func(e namedColour, name string) int {
		return strings.Compare(e.name, name)
	}); ok {
		v := cssNames[i].rgb
		return color.NRGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), 0xff}, nil
	}
	if near := nearestName(name); near != "" {
		return color.NRGBA{}, fmt.Errorf("%s: unknown colour name (did you mean %q?); want %s", quote(s), near, wantAny)
	}
	return color.NRGBA{}, fmt.Errorf("%s: unknown colour name; want %s", quote(s), wantAny)
}

// nearestName returns the CSS colour name (or "transparent") closest to
// name, if one is within an edit distance of 2, and "" otherwise.
func nearestName(name string) string {
	words := make([]string, 0, len(cssNames)+1)
	for _, e := range cssNames {
		words = append(words, e.name)
	}
	return nearest(name, append(words, "transparent"))
}

// editDistance is the Levenshtein distance between a and b, in bytes.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// parseFunc parses the functional notations rgb(), rgba(), hsl(), hsla().
// t is s without its surrounding space.
func parseFunc(s, t string) (color.NRGBA, error) {
	open := strings.IndexByte(t, '(')
	if open < 0 {
		return color.NRGBA{}, fmt.Errorf(`%s: ")" without "("; want %s`, quote(s), wantAny)
	}
	fn := strings.ToLower(strings.TrimSpace(t[:open]))
	if !strings.HasSuffix(t, ")") {
		return color.NRGBA{}, fmt.Errorf(`%s: missing ")" at the end; want %s(…)`, quote(s), fnOr(fn))
	}
	body := t[open+1 : len(t)-1]
	if strings.ContainsAny(body, "()") {
		return color.NRGBA{}, fmt.Errorf("%s: nested parentheses; want %s(…) with plain values", quote(s), fnOr(fn))
	}
	var hsl bool
	switch fn {
	case "rgb", "rgba":
	case "hsl", "hsla":
		hsl = true
	default:
		return color.NRGBA{}, fmt.Errorf("%s: unknown function %q; want %s", quote(s), fn, wantFunc)
	}
	form := fn + "(r, g, b) or " + fn + "(r g b / a)"
	if hsl {
		form = fn + "(h, s%, l%) or " + fn + "(h s% l% / a)"
	}
	args, err := splitArgs(body)
	if err != nil {
		return color.NRGBA{}, fmt.Errorf("%s: %w; want %s", quote(s), err, form)
	}

	alpha := 1.0
	if len(args) == 4 {
		a, err := alphaValue(args[3])
		if err != nil {
			return color.NRGBA{}, fmt.Errorf("%s: %w", quote(s), err)
		}
		alpha = a
	}
	var rgb [3]float64 // each from 0 to 255
	if hsl {
		rgb, err = hslValues(args[:3])
	} else {
		rgb, err = rgbValues(args[:3])
	}
	if err != nil {
		return color.NRGBA{}, fmt.Errorf("%s: %w", quote(s), err)
	}
	return color.NRGBA{level(rgb[0]), level(rgb[1]), level(rgb[2]), level(float64(alpha * 255))}, nil
}

// fnOr returns fn if it is a known function name and "rgb" otherwise, for
// error messages.
func fnOr(fn string) string {
	switch fn {
	case "rgb", "rgba", "hsl", "hsla":
		return fn
	}
	return "rgb"
}

// splitArgs splits the inside of a colour function into 3 or 4 values: the
// legacy layout separates them with commas, the modern one with spaces and
// puts the alpha after a slash.
func splitArgs(body string) ([]string, error) {
	if strings.Contains(body, ",") {
		if strings.Contains(body, "/") {
			return nil, errors.New(`both "," and "/"`)
		}
		args := strings.Split(body, ",")
		for i := range args {
			args[i] = strings.TrimSpace(args[i])
			if args[i] == "" || strings.ContainsAny(args[i], " \t\n\r\f") {
				return nil, fmt.Errorf("value %d is %q", i+1, args[i])
			}
		}
		if len(args) != 3 && len(args) != 4 {
			return nil, fmt.Errorf("%d values", len(args))
		}
		return args, nil
	}
	colour, alpha, slash := strings.Cut(body, "/")
	args := strings.Fields(colour)
	if len(args) != 3 {
		return nil, fmt.Errorf("%d values before the alpha", len(args))
	}
	if slash {
		a := strings.Fields(alpha)
		if len(a) != 1 {
			return nil, fmt.Errorf(`%d values after "/"`, len(a))
		}
		args = append(args, a[0])
	}
	return args, nil
}

// rgbValues converts three rgb() channels, each 0–255 or 0%–100%, to
// numbers from 0 to 255.
func rgbValues(args []string) ([3]float64, error) {
	var rgb [3]float64
	for i, name := range [3]string{"red", "green", "blue"} {
		v, unit, ok := number(args[i])
		switch {
		case !ok || (unit != "" && unit != "%"):
			return rgb, fmt.Errorf("%s %q is not a number or a percentage; want 0 to 255 or 0%% to 100%%", name, args[i])
		case unit == "%" && (v < 0 || v > 100):
			return rgb, fmt.Errorf("%s %s is out of range; want 0%% to 100%%", name, args[i])
		case unit == "" && (v < 0 || v > 255):
			return rgb, fmt.Errorf("%s %s is out of range; want 0 to 255", name, args[i])
		case unit == "%":
			rgb[i] = float64(v*255) / 100
		default:
			rgb[i] = v
		}
	}
	return rgb, nil
}

// hslValues converts hue, saturation and lightness to red, green and blue
// from 0 to 255, by the algorithm of CSS Color 4 §7.1.
func hslValues(args []string) ([3]float64, error) {
	var rgb [3]float64
	hue, unit, ok := number(args[0])
	if !ok {
		return rgb, fmt.Errorf("hue %q is not a number; want an angle such as 120 or 120deg", args[0])
	}
	switch unit {
	case "", "deg":
	case "grad":
		hue *= 0.9
	case "rad":
		hue *= 180 / math.Pi
	case "turn":
		hue *= 360
	default:
		return rgb, fmt.Errorf("hue %q has unit %q; want deg, grad, rad or turn", args[0], unit)
	}
	if math.IsInf(hue, 0) {
		return rgb, fmt.Errorf("hue %s is out of range", args[0])
	}
	hue = math.Mod(hue, 360)
	if hue < 0 {
		hue += 360
	}
	var sl [2]float64
	for i, name := range [2]string{"saturation", "lightness"} {
		v, unit, ok := number(args[1+i])
		switch {
		case !ok || (unit != "" && unit != "%"):
			return rgb, fmt.Errorf("%s %q is not a percentage; want 0%% to 100%%", name, args[1+i])
		case v < 0 || v > 100:
			return rgb, fmt.Errorf("%s %s is out of range; want 0%% to 100%%", name, args[1+i])
		}
		sl[i] = v / 100
	}
	s, l := sl[0], sl[1]
	// The explicit float64 conversions keep the compiler from fusing a
	// multiply and an add, so the result is the same on every platform.
	a := float64(s * min(l, 1-l))
	for i, n := range [3]float64{0, 8, 4} {
		k := math.Mod(n+hue/30, 12)
		rgb[i] = float64((l - float64(a*max(-1, min(k-3, 9-k, 1)))) * 255)
	}
	return rgb, nil
}

// alphaValue parses an alpha value, 0–1 or 0%–100%, to [0, 1].
func alphaValue(arg string) (float64, error) {
	v, unit, ok := number(arg)
	switch {
	case !ok || (unit != "" && unit != "%"):
		return 0, fmt.Errorf("alpha %q is not a number or a percentage; want 0 to 1 or 0%% to 100%%", arg)
	case unit == "%" && (v < 0 || v > 100):
		return 0, fmt.Errorf("alpha %s is out of range; want 0%% to 100%%", arg)
	case unit == "" && (v < 0 || v > 1):
		return 0, fmt.Errorf("alpha %s is out of range; want 0 to 1", arg)
	case unit == "%":
		return v / 100, nil
	}
	return v, nil
}

// number parses a CSS number (an optional sign, digits with an optional
// decimal point, an optional exponent) followed by a unit in lower case,
// such as "%" or "deg". It rejects what strconv.ParseFloat would accept
// beyond that: "inf", "nan", hexadecimal, underscores.
func number(tok string) (v float64, unit string, ok bool) {
	i := 0
	if i < len(tok) && (tok[i] == '+' || tok[i] == '-') {
		i++
	}
	digits := 0
	for ; i < len(tok) && '0' <= tok[i] && tok[i] <= '9'; i++ {
		digits++
	}
	if i < len(tok) && tok[i] == '.' {
		i++
		for ; i < len(tok) && '0' <= tok[i] && tok[i] <= '9'; i++ {
			digits++
		}
	}
	if digits == 0 {
		return 0, "", false
	}
	if i < len(tok) && (tok[i] == 'e' || tok[i] == 'E') {
		j := i + 1
		if j < len(tok) && (tok[j] == '+' || tok[j] == '-') {
			j++
		}
		if j < len(tok) && '0' <= tok[j] && tok[j] <= '9' {
			for j < len(tok) && '0' <= tok[j] && tok[j] <= '9' {
				j++
			}
			i = j
		}
	}
	v, err := strconv.ParseFloat(tok[:i], 64)
	if err != nil && !errors.Is(err, strconv.ErrRange) {
		return 0, "", false
	}
	// An overflow gives ±Inf, which every caller reports as out of range.
	return v, strings.ToLower(tok[i:]), true
}

// level rounds v, from 0 to 255, to the nearest whole level of a channel,
// halves rounding up.
func level(v float64) uint8 {
	return uint8(math.Round(min(max(v, 0), 255)))
}

// quote quotes s for an error message, shortening it if it is long.
func quote(s string) string {
	const maxRunes = 40
	if utf8.RuneCountInString(s) > maxRunes {
		r := []rune(s)
		s = string(r[:maxRunes]) + "…"
	}
	return strconv.Quote(s)
}
