package palettes

import (
	"fmt"
	"image/color"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/polytile/polytile/internal/golden"
)

// TestGolden lists every built-in palette with its default number of
// colours, to show in review what a change to the data does.
func TestGolden(t *testing.T) {
	var b strings.Builder
	for _, name := range Names() {
		p, err := Named(name, 0)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&b, "%s: %s\n", name, About(name))
		for i, c := range p.Colors {
			fmt.Fprintf(&b, "\t%s", Hex(c))
			if i < len(p.Labels) {
				fmt.Fprintf(&b, " %s", p.Labels[i])
			}
			b.WriteByte('\n')
		}
	}
	golden.Check(t, "palettes.golden", []byte(b.String()))
}

func TestNamedSizes(t *testing.T) {
	tests := []struct {
		name       string
		n          int
		want       int
		continuous bool
	}{
		{"default", 0, 12, false},
		{"default", 5, 12, false},
		{"set3", 0, 12, false},
		{"paired", 0, 12, false},
		{"okabe-ito", 0, 8, false},
		{"okabe-ito", 100, 8, false},
		{"tableau10", 0, 10, false},
		{"viridis", 0, DefaultSamples, true},
		{"viridis", -3, DefaultSamples, true},
		{"viridis", 1, 1, true},
		{"plasma", 5, 5, true},
		{"inferno", 12, 12, true},
		{"magma", 300, 300, true},
		{"viridis", MaxSamples, MaxSamples, true},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%s/%d", tt.name, tt.n), func(t *testing.T) {
			p, err := Named(tt.name, tt.n)
			if err != nil {
				t.Fatal(err)
			}
			if len(p.Colors) != tt.want {
				t.Errorf("Named(%q, %d) has %d colours, want %d", tt.name, tt.n, len(p.Colors), tt.want)
			}
			if p.Name != tt.name || p.Continuous != tt.continuous {
				t.Errorf("Named(%q, %d) = {Name %q, Continuous %v}, want {%q, %v}", tt.name, tt.n, p.Name, p.Continuous, tt.name, tt.continuous)
			}
			for i, c := range p.Colors {
				if c.A != 0xff {
					t.Errorf("Named(%q, %d).Colors[%d] = %s, want opaque", tt.name, tt.n, i, Hex(c))
				}
			}
			if p.Labels != nil && len(p.Labels) != len(p.Colors) {
				t.Errorf("Named(%q, %d) has %d labels for %d colours", tt.name, tt.n, len(p.Labels), len(p.Colors))
			}
		})
	}
}

// TestContinuous checks the sampling of the continuous maps: the ends of
// the sampled range are the first and last colours, one colour is the
// middle, and the samples run in order along the map.
func TestContinuous(t *testing.T) {
	for _, name := range []string{"viridis", "plasma", "inferno", "magma"} {
		b := lookup(name)
		for _, n := range []int{1, 2, 5, 12, 300} {
			t.Run(fmt.Sprintf("%s/%d", name, n), func(t *testing.T) {
				p, err := Named(name, n)
				if err != nil {
					t.Fatal(err)
				}
				if n == 1 {
					if got, want := p.Colors[0], b.at((b.lo+b.hi)/2); got != want {
						t.Errorf("Named(%q, 1) = %s, want the middle of the range %s", name, Hex(got), Hex(want))
					}
					return
				}
				if got, want := p.Colors[0], b.at(b.lo); got != want {
					t.Errorf("first of Named(%q, %d) = %s, want %s", name, n, Hex(got), Hex(want))
				}
				if got, want := p.Colors[n-1], b.at(b.hi); got != want {
					t.Errorf("last of Named(%q, %d) = %s, want %s", name, n, Hex(got), Hex(want))
				}
				// Every map here gets lighter along its length (CIE L*
				// rises), which the samples must follow; a little slack
				// allows for rounding to whole levels.
				for i := 1; i < n; i++ {
					if lightness(p.Colors[i]) < lightness(p.Colors[i-1])-0.5 {
						t.Errorf("Named(%q, %d): colour %d %s is darker than colour %d %s", name, n, i, Hex(p.Colors[i]), i-1, Hex(p.Colors[i-1]))
					}
				}
			})
		}
	}
}

// TestMapReference checks the continuous maps against the hex values that
// matplotlib documents for their ends and middle: the stop k of 256 is at
// t = k/255.
func TestMapReference(t *testing.T) {
	tests := []struct {
		name string
		t    float64
		want string
	}{
		{"viridis", 0, "#440154"},
		{"viridis", 64.0 / 255, "#3b528b"},
		{"viridis", 128.0 / 255, "#21918c"},
		{"viridis", 192.0 / 255, "#5ec962"},
		{"viridis", 1, "#fde725"},
		{"plasma", 0, "#0d0887"},
		{"plasma", 128.0 / 255, "#cc4778"},
		{"plasma", 1, "#f0f921"},
		{"inferno", 0, "#000004"},
		{"inferno", 128.0 / 255, "#bc3754"},
		{"inferno", 1, "#fcffa4"},
		{"magma", 0, "#000004"},
		{"magma", 128.0 / 255, "#b73779"},
		{"magma", 1, "#fcfdbf"},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%s/%.3f", tt.name, tt.t), func(t *testing.T) {
			b := lookup(tt.name)
			if len(b.stops) != 256 {
				t.Fatalf("%s has %d stops, want 256", tt.name, len(b.stops))
			}
			if got := Hex(b.at(tt.t)); got != tt.want {
				t.Errorf("%s at %g = %s, want %s", tt.name, tt.t, got, tt.want)
			}
		})
	}
	// Halfway between two stops is halfway between their colours.
	v := lookup("viridis")
	mid := v.at(127.5 / 255)
	lo, hi := v.at(127.0/255), v.at(128.0/255)
	for c, pair := range [3][3]uint8{{mid.R, lo.R, hi.R}, {mid.G, lo.G, hi.G}, {mid.B, lo.B, hi.B}} {
		if pair[0] < min(pair[1], pair[2]) || pair[0] > max(pair[1], pair[2]) {
			t.Errorf("viridis channel %d halfway between stops 127 and 128 = %d, want between %d and %d", c, pair[0], pair[1], pair[2])
		}
	}
}

// TestDefaultPalette checks that the default palette has the 12 pentomino
// letters in order, and colours that are far apart from each other and
// from the border colour #222222.
func TestDefaultPalette(t *testing.T) {
	p := Default()
	if want := strings.Fields("F I L N P T U V W X Y Z"); !slices.Equal(p.Labels, want) {
		t.Errorf("Default().Labels = %v, want %v", p.Labels, want)
	}
	if len(p.Colors) != 12 || p.Name != "default" || p.Continuous {
		t.Errorf("Default() = {%q, %d colours, continuous %v}, want {default, 12, false}", p.Name, len(p.Colors), p.Continuous)
	}
	border := color.NRGBA{0x22, 0x22, 0x22, 0xff}
	for i, c := range p.Colors {
		if d := distance(c, border); d < 150 {
			t.Errorf("default colour %s %s is %.0f from the border %s, want at least 150", p.Labels[i], Hex(c), d, Hex(border))
		}
		for j := i + 1; j < len(p.Colors); j++ {
			if d := distance(c, p.Colors[j]); d <= 40 {
				t.Errorf("default colours %s %s and %s %s are %.0f apart, want more than 40", p.Labels[i], Hex(c), p.Labels[j], Hex(p.Colors[j]), d)
			}
		}
	}
}

// TestAllPalettes checks every built-in palette: opaque colours, no
// repeats in a fixed palette, a one-line description.
func TestAllPalettes(t *testing.T) {
	names := Names()
	if want := strings.Fields("default inferno kelly magma okabe-ito paired plasma set3 tableau10 tol-bright tol-high-contrast tol-light tol-muted tol-rainbow tol-rainbow-23 tol-vibrant viridis"); !slices.Equal(names, want) {
		t.Errorf("Names() = %v, want %v", names, want)
	}
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			if about := About(name); about == "" || strings.Contains(about, "\n") {
				t.Errorf("About(%q) = %q, want one line", name, about)
			}
			p, err := Named(name, 0)
			if err != nil {
				t.Fatal(err)
			}
			seen := map[color.NRGBA]int{}
			for i, c := range p.Colors {
				if c.A != 0xff {
					t.Errorf("colour %d %s is not opaque", i, Hex(c))
				}
				if j, ok := seen[c]; ok && !p.Continuous {
					t.Errorf("colours %d and %d are both %s", j, i, Hex(c))
				}
				seen[c] = i
			}
		})
	}
	if got := About("nonesuch"); got != "" {
		t.Errorf(`About("nonesuch") = %q, want ""`, got)
	}
}

func TestNamedLookup(t *testing.T) {
	p, err := Named("  Okabe-Ito ", 0)
	if err != nil {
		t.Fatal(err)
	}
	if p.Name != "okabe-ito" || Hex(p.Colors[7]) != "#999999" {
		t.Errorf(`Named("  Okabe-Ito ", 0) = {%q, last %s}, want {okabe-ito, #999999}`, p.Name, Hex(p.Colors[7]))
	}
	// The palettes returned are copies.
	p.Colors[0] = color.NRGBA{}
	p.Labels = append(p.Labels, "x")
	d := Default()
	d.Colors[0], d.Labels[0] = color.NRGBA{}, "Q"
	if q, _ := Named("okabe-ito", 0); Hex(q.Colors[0]) != "#e69f00" || q.Labels != nil {
		t.Errorf("changing a palette from Named changed the built-in okabe-ito: %v %v", q.Colors[0], q.Labels)
	}
	if e := Default(); Hex(e.Colors[0]) != "#72bb6f" || e.Labels[0] != "F" {
		t.Errorf("changing Default() changed the built-in default: %v %q", e.Colors[0], e.Labels[0])
	}
}

func TestNamedErrors(t *testing.T) {
	list := strings.Join(Names(), ", ")
	tests := []struct {
		name string
		n    int
		want string
	}{
		{"nonesuch", 0, `palettes: unknown palette "nonesuch"; want one of ` + list},
		{"virdis", 0, `palettes: unknown palette "virdis" (did you mean "viridis"?); want one of ` + list},
		{"", 0, `palettes: unknown palette ""; want one of ` + list},
		{"viridis", MaxSamples + 1, fmt.Sprintf("palettes: %d colours from viridis; want at most %d", MaxSamples+1, MaxSamples)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := Named(tt.name, tt.n)
			if err == nil {
				t.Fatalf("Named(%q, %d) = %v, want an error", tt.name, tt.n, p)
			}
			if err.Error() != tt.want {
				t.Errorf("Named(%q, %d) error\n got %s\nwant %s", tt.name, tt.n, err, tt.want)
			}
		})
	}
}

func TestFromList(t *testing.T) {
	p, err := FromList([]string{"red", "#00ff00", "rgb(0 0 255)", "hsl(60, 100%, 50%)"})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range p.Colors {
		got = append(got, Hex(c))
	}
	if want := []string{"#ff0000", "#00ff00", "#0000ff", "#ffff00"}; !slices.Equal(got, want) {
		t.Errorf("FromList colours = %v, want %v", got, want)
	}
	if p.Name != "custom" || p.Labels != nil || p.Continuous {
		t.Errorf("FromList = {%q, %v, %v}, want {custom, nil, false}", p.Name, p.Labels, p.Continuous)
	}

	errTests := []struct {
		name string
		in   []string
		want string
	}{
		{"nil", nil, "palettes: empty colour list; want at least one colour"},
		{"empty", []string{}, "palettes: empty colour list; want at least one colour"},
		{"bad third", []string{"red", "green", "blu"}, `palettes: colours[2]: "blu": unknown colour name (did you mean "blue"?); want ` + wantAny},
		{"bad first", []string{"#12345", "nope"}, `palettes: colours[0]: "#12345": 5 hex digits; want #rgb, #rgba, #rrggbb or #rrggbbaa`},
		{"empty string", []string{"red", ""}, `palettes: colours[1]: "": empty colour; want ` + wantAny},
	}
	for _, tt := range errTests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := FromList(tt.in)
			if err == nil {
				t.Fatalf("FromList(%q) = %v, want an error", tt.in, p)
			}
			if err.Error() != tt.want {
				t.Errorf("FromList(%q) error\n got %s\nwant %s", tt.in, err, tt.want)
			}
		})
	}
}

func TestFromMap(t *testing.T) {
	pentominoes := strings.Fields("F I L N P T U V W X Y Z")
	set3, _ := Named("set3", 0)
	tests := []struct {
		name   string
		m      map[string]string
		base   *Palette
		pieces []string
		want   []string // each piece's colour, by PieceColors
	}{
		{"default, X red", map[string]string{"X": "red"}, nil, pentominoes,
			hexes(Default().Colors[:9], "#ff0000", Default().Colors[10:])},
		{"default, empty map", map[string]string{}, Default(), pentominoes, hexes(Default().Colors)},
		{"default, unknown piece in map", map[string]string{"Q": "red"}, nil, []string{"F", "I"},
			hexes(Default().Colors[:2])},
		{"set3, F black", map[string]string{"F": "#000"}, set3, []string{"F", "I", "L"},
			// I and L keep the colours set3 gives them, not F's and I's.
			hexes([]color.NRGBA{{0, 0, 0, 255}}, set3.PieceColors([]string{"F", "I", "L"})[1:3])},
		{"set3, two pieces", map[string]string{"B": "white", "A": "black"}, set3, []string{"A", "B", "C"},
			[]string{"#000000", "#ffffff", Hex(set3.PieceColors([]string{"A", "B", "C"})[2])}},
		{"later map wins", map[string]string{"I": "blue"}, mustFromMap(t, map[string]string{"I": "red", "L": "lime"}, nil),
			[]string{"F", "I", "L"}, []string{Hex(Default().Colors[0]), "#0000ff", "#00ff00"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := FromMap(tt.m, tt.base)
			if err != nil {
				t.Fatal(err)
			}
			if got := hexes(p.PieceColors(tt.pieces)); !slices.Equal(got, tt.want) {
				t.Errorf("PieceColors(%v) = %v, want %v", tt.pieces, got, tt.want)
			}
			if p.Name != "custom" {
				t.Errorf("FromMap(…).Name = %q, want custom", p.Name)
			}
		})
	}

	// The base palette is not changed.
	base := Default()
	if _, err := FromMap(map[string]string{"F": "red"}, base); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(hexes(base.Colors), hexes(Default().Colors)) || !slices.Equal(base.Labels, Default().Labels) {
		t.Errorf("FromMap changed its base palette")
	}

	errTests := []struct {
		name string
		m    map[string]string
		want string
	}{
		{"bad colour", map[string]string{"F": "red", "X": "#12"}, `palettes: colour of piece "X": "#12": 2 hex digits; want #rgb, #rgba, #rrggbb or #rrggbbaa`},
		{"first bad by name", map[string]string{"Z": "nope", "A": "nix"}, `palettes: colour of piece "A": "nix": unknown colour name; want ` + wantAny},
		{"empty piece name", map[string]string{"": "red"}, "palettes: colour for a piece with an empty name; want a piece name"},
	}
	for _, tt := range errTests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := FromMap(tt.m, nil)
			if err == nil {
				t.Fatalf("FromMap(%v) = %v, want an error", tt.m, p)
			}
			if err.Error() != tt.want {
				t.Errorf("FromMap(%v) error\n got %s\nwant %s", tt.m, err, tt.want)
			}
		})
	}
}

// TestLoadBuiltinErrors checks that mistakes in a data file are reported
// with their line.
func TestLoadBuiltinErrors(t *testing.T) {
	tests := []struct {
		name, text, want string
	}{
		{"no about", "#fff\n", "1: no about line"},
		{"bad colour", "about: x\n\n#ff\n", `3: "#ff": 2 hex digits; want #rgb, #rgba, #rrggbb or #rrggbbaa`},
		{"unknown key", "about: x\ncolour: red\n", `2: unknown key "colour"; want about, kind or range`},
		{"bad kind", "about: x\nkind: smooth\n", `2: kind "smooth"; want fixed or continuous`},
		{"bad range", "about: x\nkind: continuous\nrange: 0.5 0.2\n0 0 0\n1 1 1\n", `3: range "0.5 0.2"; want lo hi with 0 <= lo < hi <= 1`},
		{"bad stop", "about: x\nkind: continuous\n0 0 0\n0 2 0\n", `4: "0 2 0"; want three numbers from 0 to 1`},
		{"one stop", "about: x\nkind: continuous\n0 0 0\n", "3: too few stops (1); want at least 2"},
		{"no colours", "about: x\n// nothing\n", "1: no colours"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := loadBuiltin("test", tt.text)
			if err == nil || err.Error() != tt.want {
				t.Errorf("loadBuiltin(%q) error = %v, want %s", tt.text, err, tt.want)
			}
		})
	}
}

// hexes returns the colours of the lists as hex strings; a string argument
// is taken as one colour already in hex.
func hexes(lists ...any) []string {
	var out []string
	for _, l := range lists {
		switch l := l.(type) {
		case []color.NRGBA:
			for _, c := range l {
				out = append(out, Hex(c))
			}
		case string:
			out = append(out, l)
		default:
			panic(fmt.Sprintf("hexes: %T", l))
		}
	}
	return out
}

func mustFromMap(t *testing.T, m map[string]string, base *Palette) *Palette {
	t.Helper()
	p, err := FromMap(m, base)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// distance is the Euclidean distance between a and b in sRGB, 0–255 on
// each axis.
func distance(a, b color.NRGBA) float64 {
	dr, dg, db := float64(a.R)-float64(b.R), float64(a.G)-float64(b.G), float64(a.B)-float64(b.B)
	return math.Sqrt(dr*dr + dg*dg + db*db)
}

// lightness is CIE L* of an sRGB colour, 0 (black) to 100 (white).
func lightness(c color.NRGBA) float64 {
	lin := func(v uint8) float64 {
		x := float64(v) / 255
		if x <= 0.04045 {
			return x / 12.92
		}
		return math.Pow((x+0.055)/1.055, 2.4)
	}
	y := 0.2126*lin(c.R) + 0.7152*lin(c.G) + 0.0722*lin(c.B)
	if y <= 216.0/24389 {
		return y * 24389 / 27
	}
	return 116*math.Cbrt(y) - 16
}
