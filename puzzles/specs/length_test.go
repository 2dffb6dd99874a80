package specs

import (
	"math"
	"strings"
	"testing"
)

func TestParseLength(t *testing.T) {
	for _, tt := range []struct {
		in    string
		plain bool
		px    float64
		str   string
	}{
		{"17cm", false, 17 * 96 / 2.54, "17cm"},
		{"170mm", false, 170 * 96 / 25.4, "170mm"},
		{"3.5in", false, 336, "3.5in"},
		{"240pt", false, 320, "240pt"},
		{"800px", false, 800, "800px"},
		{" 3.5 IN ", false, 336, "3.5in"},
		{"12", true, 12, "12px"},
		{"9pt", true, 12, "9pt"},
	} {
		l, err := ParseLength(tt.in, tt.plain)
		if err != nil {
			t.Errorf("ParseLength(%q) = %v", tt.in, err)
			continue
		}
		if math.Abs(l.Px()-tt.px) > 1e-9 || l.String() != tt.str {
			t.Errorf("ParseLength(%q) = %v (%v px), want %s (%v px)", tt.in, l, l.Px(), tt.str, tt.px)
		}
	}
	for _, tt := range []struct{ in, msg string }{
		{"", "want a length such as 17cm"},
		{"17", "has no unit"},
		{"3furlongs", `unknown unit "furlongs"`},
		{"cm", "want a length such as"},
		{"0cm", "greater than 0"},
		{"-3in", "greater than 0"},
		{"NaNpx", "want a length"},
		{"1e9m", "unknown unit"},
		{"1e9mm", "too long"},
		{"1.2.3cm", "want a length"},
	} {
		if _, err := ParseLength(tt.in, false); err == nil || !strings.Contains(err.Error(), tt.msg) {
			t.Errorf("ParseLength(%q) = %v, want an error with %q", tt.in, err, tt.msg)
		}
	}
}

func TestLengthIn(t *testing.T) {
	l := Length{Value: 17, Unit: "cm"}
	if got := l.In("mm"); math.Abs(got.Value-170) > 1e-9 || got.Unit != "mm" {
		t.Errorf("17cm in mm = %v", got)
	}
	if got := (Length{Value: 96, Unit: "px"}).In("in"); got.String() != "1in" {
		t.Errorf("96px in inches = %v", got)
	}
}

func FuzzParseLength(f *testing.F) {
	for _, s := range []string{"17cm", "3.5in", "12", "1e308px", "-0mm", " 2 pt", "0.0001cm"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		l, err := ParseLength(s, true)
		if err != nil {
			return
		}
		if px := l.Px(); !(px > 0 && px <= MaxLength) {
			t.Fatalf("ParseLength(%q) = %v: %v px out of range", s, l, px)
		}
		back, err := ParseLength(l.String(), false)
		if err != nil {
			t.Fatalf("ParseLength(%q) = %v, whose String does not read back: %v", s, l, err)
		}
		if back.Unit != l.Unit {
			t.Fatalf("%v read back as %v", l, back)
		}
	})
}

// A bed is width x depth with one unit, or a unit each; anything else is
// an error that says what a bed looks like.
func TestParseBed(t *testing.T) {
	tests := []struct {
		in   string
		w, d Length
		err  string
	}{
		{"220x220mm", Length{220, "mm"}, Length{220, "mm"}, ""},
		{"250 x 210 mm", Length{250, "mm"}, Length{210, "mm"}, ""},
		{"25cm × 21cm", Length{25, "cm"}, Length{21, "cm"}, ""},
		{"8X8in", Length{8, "in"}, Length{8, "in"}, ""},
		{"200mmx8in", Length{200, "mm"}, Length{8, "in"}, ""},
		{"220", Length{}, Length{}, `"220": want a bed's width x depth`},
		{"220x", Length{}, Length{}, `"220x": no depth`},
		{"x220mm", Length{}, Length{}, `"x220mm": no width`},
		{"0x220mm", Length{}, Length{}, `"0x220mm": no width`},
		{"1x2x3mm", Length{}, Length{}, `want a bed's width x depth`},
		{"220x220furlong", Length{}, Length{}, `no depth`},
	}
	for _, tt := range tests {
		w, d, err := ParseBed(tt.in)
		switch {
		case tt.err != "":
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("ParseBed(%q) = %v, %v, %v; want an error with %q", tt.in, w, d, err, tt.err)
			}
		case err != nil || w != tt.w || d != tt.d:
			t.Errorf("ParseBed(%q) = %v, %v, %v; want %v, %v", tt.in, w, d, err, tt.w, tt.d)
		}
	}
}
