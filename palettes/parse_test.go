package palettes

import (
	"image/color"
	"slices"
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want color.NRGBA
	}{
		{"hex rgb", "#f80", color.NRGBA{0xff, 0x88, 0x00, 0xff}},
		{"hex rgb upper", "#F80", color.NRGBA{0xff, 0x88, 0x00, 0xff}},
		{"hex rgba", "#f808", color.NRGBA{0xff, 0x88, 0x00, 0x88}},
		{"hex rrggbb", "#4e79a7", color.NRGBA{0x4e, 0x79, 0xa7, 0xff}},
		{"hex rrggbb mixed case", "#4E79a7", color.NRGBA{0x4e, 0x79, 0xa7, 0xff}},
		{"hex rrggbbaa", "#4e79a780", color.NRGBA{0x4e, 0x79, 0xa7, 0x80}},
		{"hex with space around", "  #222222\t\n", color.NRGBA{0x22, 0x22, 0x22, 0xff}},
		{"name", "steelblue", color.NRGBA{0x46, 0x82, 0xb4, 0xff}},
		{"name upper", "STEELBLUE", color.NRGBA{0x46, 0x82, 0xb4, 0xff}},
		{"name mixed case with space", " SteelBlue ", color.NRGBA{0x46, 0x82, 0xb4, 0xff}},
		{"name first", "aliceblue", color.NRGBA{0xf0, 0xf8, 0xff, 0xff}},
		{"name last", "yellowgreen", color.NRGBA{0x9a, 0xcd, 0x32, 0xff}},
		{"name grey", "grey", color.NRGBA{0x80, 0x80, 0x80, 0xff}},
		{"name gray", "gray", color.NRGBA{0x80, 0x80, 0x80, 0xff}},
		{"name rebeccapurple", "rebeccapurple", color.NRGBA{0x66, 0x33, 0x99, 0xff}},
		{"transparent", "transparent", color.NRGBA{}},
		{"rgb commas", "rgb(255, 128, 0)", color.NRGBA{255, 128, 0, 255}},
		{"rgb commas no space", "rgb(255,128,0)", color.NRGBA{255, 128, 0, 255}},
		{"rgb commas much space", "  rgb(  255 ,128 ,   0 )  ", color.NRGBA{255, 128, 0, 255}},
		{"rgb space before paren", "rgb (1, 2, 3)", color.NRGBA{1, 2, 3, 255}},
		{"rgb upper", "RGB(1, 2, 3)", color.NRGBA{1, 2, 3, 255}},
		{"rgb four values", "rgb(1, 2, 3, 0.5)", color.NRGBA{1, 2, 3, 128}},
		{"rgba", "rgba(255, 128, 0, 0.5)", color.NRGBA{255, 128, 0, 128}},
		{"rgba three values", "rgba(255, 128, 0)", color.NRGBA{255, 128, 0, 255}},
		{"rgba alpha percent", "rgba(0, 0, 0, 25%)", color.NRGBA{0, 0, 0, 64}},
		{"rgba alpha zero", "rgba(10, 20, 30, 0)", color.NRGBA{10, 20, 30, 0}},
		{"rgb spaces", "rgb(255 128 0)", color.NRGBA{255, 128, 0, 255}},
		{"rgb spaces alpha", "rgb(255 128 0 / 0.5)", color.NRGBA{255, 128, 0, 128}},
		{"rgb spaces alpha percent", "rgb(255 128 0 / 50%)", color.NRGBA{255, 128, 0, 128}},
		{"rgb spaces alpha tight", "rgb(1 2 3/1)", color.NRGBA{1, 2, 3, 255}},
		{"rgb percentages", "rgb(100%, 0%, 0%)", color.NRGBA{255, 0, 0, 255}},
		{"rgb percentages half", "rgb(50% 50% 50%)", color.NRGBA{128, 128, 128, 255}},
		{"rgb mixed numbers and percentages", "rgb(100%, 128, 0)", color.NRGBA{255, 128, 0, 255}},
		{"rgb fractions round", "rgb(12.4, 12.5, 254.6)", color.NRGBA{12, 13, 255, 255}},
		{"rgb exponent", "rgb(1e2, 2.5E1, +0)", color.NRGBA{100, 25, 0, 255}},
		{"rgb leading point", "rgb(.25e2 0 .5 / .5)", color.NRGBA{25, 0, 1, 128}},
		{"hsl red", "hsl(0, 100%, 50%)", color.NRGBA{255, 0, 0, 255}},
		{"hsl green", "hsl(120, 100%, 50%)", color.NRGBA{0, 255, 0, 255}},
		{"hsl blue deg spaces", "hsl(240deg 100% 50%)", color.NRGBA{0, 0, 255, 255}},
		{"hsl alpha", "hsl(240 100% 50% / 0.25)", color.NRGBA{0, 0, 255, 64}},
		{"hsla", "hsla(60, 100%, 50%, 50%)", color.NRGBA{255, 255, 0, 128}},
		{"hsl turn", "hsl(0.5turn, 100%, 50%)", color.NRGBA{0, 255, 255, 255}},
		{"hsl rad", "hsl(3.14159265rad, 100%, 50%)", color.NRGBA{0, 255, 255, 255}},
		{"hsl grad", "hsl(200grad, 100%, 50%)", color.NRGBA{0, 255, 255, 255}},
		{"hsl negative hue wraps", "hsl(-120, 100%, 50%)", color.NRGBA{0, 0, 255, 255}},
		{"hsl hue over 360 wraps", "hsl(480, 100%, 50%)", color.NRGBA{0, 255, 0, 255}},
		{"hsl no saturation is grey", "hsl(123, 0%, 50%)", color.NRGBA{128, 128, 128, 255}},
		{"hsl white", "hsl(0, 0%, 100%)", color.NRGBA{255, 255, 255, 255}},
		{"hsl steelblue", "hsl(207.27, 44.0%, 49.0%)", color.NRGBA{0x46, 0x82, 0xb4, 0xff}},
		{"hsl without percent signs", "hsl(120 100 25)", color.NRGBA{0, 128, 0, 255}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Parse(tt.in)
			if err != nil {
				t.Fatalf("Parse(%q): %v", tt.in, err)
			}
			if got != tt.want {
				t.Errorf("Parse(%q) = %v, want %v", tt.in, got, tt.want)
			}
		})
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want string // the whole error
	}{
		{"empty", "", `palettes: "": empty colour; want ` + wantAny},
		{"space only", "   ", `palettes: "   ": empty colour; want ` + wantAny},
		{"hex 5 digits", "#12345", `palettes: "#12345": 5 hex digits; want #rgb, #rgba, #rrggbb or #rrggbbaa`},
		{"hex 7 digits", "#1234567", `palettes: "#1234567": 7 hex digits; want #rgb, #rgba, #rrggbb or #rrggbbaa`},
		{"hex no digits", "#", `palettes: "#": 0 hex digits; want #rgb, #rgba, #rrggbb or #rrggbbaa`},
		{"hex bad digit", "#12g", `palettes: "#12g": 'g' is not a hex digit; want #rgb, #rgba, #rrggbb or #rrggbbaa`},
		{"hex space inside", "# fff", `palettes: "# fff": ' ' is not a hex digit; want #rgb, #rgba, #rrggbb or #rrggbbaa`},
		{"name typo", "blu", `palettes: "blu": unknown colour name (did you mean "blue"?); want ` + wantAny},
		{"name typo upper", "StelBlue", `palettes: "StelBlue": unknown colour name (did you mean "steelblue"?); want ` + wantAny},
		{"name unknown", "notacolour", `palettes: "notacolour": unknown colour name; want ` + wantAny},
		{"keyword currentcolor", "currentcolor", `palettes: "currentcolor": unknown colour name; want ` + wantAny},
		{"unknown function", "hwb(120 0% 0%)", `palettes: "hwb(120 0% 0%)": unknown function "hwb"; want rgb(), rgba(), hsl() or hsla()`},
		{"missing close", "rgb(1, 2, 3", `palettes: "rgb(1, 2, 3": missing ")" at the end; want rgb(…)`},
		{"missing open", "rgb 1, 2, 3)", `palettes: "rgb 1, 2, 3)": ")" without "("; want ` + wantAny},
		{"nested", "rgb((1), 2, 3)", `palettes: "rgb((1), 2, 3)": nested parentheses; want rgb(…) with plain values`},
		{"two values", "rgb(1, 2)", `palettes: "rgb(1, 2)": 2 values; want rgb(r, g, b) or rgb(r g b / a)`},
		{"five values", "rgba(1, 2, 3, 4, 5)", `palettes: "rgba(1, 2, 3, 4, 5)": 5 values; want rgba(r, g, b) or rgba(r g b / a)`},
		{"empty value", "rgb(1, , 3)", `palettes: "rgb(1, , 3)": value 2 is ""; want rgb(r, g, b) or rgb(r g b / a)`},
		{"no values", "rgb()", `palettes: "rgb()": 0 values before the alpha; want rgb(r, g, b) or rgb(r g b / a)`},
		{"commas and slash", "rgb(1, 2, 3 / 0.5)", `palettes: "rgb(1, 2, 3 / 0.5)": both "," and "/"; want rgb(r, g, b) or rgb(r g b / a)`},
		{"spaces and commas mixed", "rgb(1 2, 3)", `palettes: "rgb(1 2, 3)": value 1 is "1 2"; want rgb(r, g, b) or rgb(r g b / a)`},
		{"four spaced values", "rgb(1 2 3 4)", `palettes: "rgb(1 2 3 4)": 4 values before the alpha; want rgb(r, g, b) or rgb(r g b / a)`},
		{"two alphas", "rgb(1 2 3 / 4 5)", `palettes: "rgb(1 2 3 / 4 5)": 2 values after "/"; want rgb(r, g, b) or rgb(r g b / a)`},
		{"red too big", "rgb(256, 0, 0)", `palettes: "rgb(256, 0, 0)": red 256 is out of range; want 0 to 255`},
		{"green negative", "rgb(0, -1, 0)", `palettes: "rgb(0, -1, 0)": green -1 is out of range; want 0 to 255`},
		{"blue percent too big", "rgb(0 0 101%)", `palettes: "rgb(0 0 101%)": blue 101% is out of range; want 0% to 100%`},
		{"overflow", "rgb(1e999, 0, 0)", `palettes: "rgb(1e999, 0, 0)": red 1e999 is out of range; want 0 to 255`},
		{"not a number", "rgb(a, 0, 0)", `palettes: "rgb(a, 0, 0)": red "a" is not a number or a percentage; want 0 to 255 or 0% to 100%`},
		{"inf", "rgb(0, inf, 0)", `palettes: "rgb(0, inf, 0)": green "inf" is not a number or a percentage; want 0 to 255 or 0% to 100%`},
		{"hexadecimal number", "rgb(0x10, 0, 0)", `palettes: "rgb(0x10, 0, 0)": red "0x10" is not a number or a percentage; want 0 to 255 or 0% to 100%`},
		{"unit on rgb", "rgb(10px, 0, 0)", `palettes: "rgb(10px, 0, 0)": red "10px" is not a number or a percentage; want 0 to 255 or 0% to 100%`},
		{"none", "rgb(none 0 0)", `palettes: "rgb(none 0 0)": red "none" is not a number or a percentage; want 0 to 255 or 0% to 100%`},
		{"alpha too big", "rgba(0, 0, 0, 2)", `palettes: "rgba(0, 0, 0, 2)": alpha 2 is out of range; want 0 to 1`},
		{"alpha percent too big", "rgb(0 0 0 / 120%)", `palettes: "rgb(0 0 0 / 120%)": alpha 120% is out of range; want 0% to 100%`},
		{"alpha not a number", "rgb(0 0 0 / x)", `palettes: "rgb(0 0 0 / x)": alpha "x" is not a number or a percentage; want 0 to 1 or 0% to 100%`},
		{"hue bad unit", "hsl(120px, 100%, 50%)", `palettes: "hsl(120px, 100%, 50%)": hue "120px" has unit "px"; want deg, grad, rad or turn`},
		{"hue not a number", "hsl(red, 100%, 50%)", `palettes: "hsl(red, 100%, 50%)": hue "red" is not a number; want an angle such as 120 or 120deg`},
		{"hue overflow", "hsl(1e999, 100%, 50%)", `palettes: "hsl(1e999, 100%, 50%)": hue 1e999 is out of range`},
		{"saturation too big", "hsl(120, 101%, 50%)", `palettes: "hsl(120, 101%, 50%)": saturation 101% is out of range; want 0% to 100%`},
		{"lightness negative", "hsl(120 50% -5%)", `palettes: "hsl(120 50% -5%)": lightness -5% is out of range; want 0% to 100%`},
		{"hsl wrong count", "hsla(1, 2%)", `palettes: "hsla(1, 2%)": 2 values; want hsla(h, s%, l%) or hsla(h s% l% / a)`},
		{"long input shortened", "rgb(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)", `palettes: "rgb(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, …": 14 values; want rgb(r, g, b) or rgb(r g b / a)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := Parse(tt.in)
			if err == nil {
				t.Fatalf("Parse(%q) = %v, want an error", tt.in, c)
			}
			if err.Error() != tt.want {
				t.Errorf("Parse(%q) error\n got %s\nwant %s", tt.in, err, tt.want)
			}
			if c != (color.NRGBA{}) {
				t.Errorf("Parse(%q) = %v with an error, want the zero colour", tt.in, c)
			}
		})
	}
}

// TestNamedColors checks the table of CSS names: 148 of them, sorted, with
// no repeats, each found by Parse in any case.
func TestNamedColors(t *testing.T) {
	if got := len(cssNames); got != 148 {
		t.Errorf("len(cssNames) = %d, want 148", got)
	}
	if !slices.IsSortedFunc(cssNames[:], func(a, b namedColour) int { return strings.Compare(a.name, b.name) }) {
		t.Error("cssNames is not sorted by name")
	}
	for i := 1; i < len(cssNames); i++ {
		if cssNames[i-1].name == cssNames[i].name {
			t.Errorf("cssNames lists %q twice", cssNames[i].name)
		}
	}
	for _, e := range cssNames {
		want := color.NRGBA{uint8(e.rgb >> 16), uint8(e.rgb >> 8), uint8(e.rgb), 0xff}
		for _, in := range []string{e.name, strings.ToUpper(e.name), " " + strings.ToUpper(e.name[:1]) + e.name[1:] + " "} {
			if got, err := Parse(in); err != nil || got != want {
				t.Errorf("Parse(%q) = %v, %v; want %v", in, got, err, want)
			}
		}
	}
}

func TestHex(t *testing.T) {
	tests := []struct {
		name string
		in   color.NRGBA
		want string
	}{
		{"opaque", color.NRGBA{0x4e, 0x79, 0xa7, 0xff}, "#4e79a7"},
		{"black", color.NRGBA{0, 0, 0, 0xff}, "#000000"},
		{"white", color.NRGBA{0xff, 0xff, 0xff, 0xff}, "#ffffff"},
		{"translucent", color.NRGBA{0xff, 0x88, 0x00, 0x80}, "#ff880080"},
		{"transparent", color.NRGBA{}, "#00000000"},
		{"not premultiplied", color.NRGBA{0xff, 0xff, 0xff, 0x01}, "#ffffff01"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Hex(tt.in)
			if got != tt.want {
				t.Errorf("Hex(%v) = %q, want %q", tt.in, got, tt.want)
			}
			if back, err := Parse(got); err != nil || back != tt.in {
				t.Errorf("Parse(Hex(%v)) = %v, %v; want %v", tt.in, back, err, tt.in)
			}
		})
	}
}
