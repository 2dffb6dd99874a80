package palettes

import (
	"fmt"
	"image/color"
	"math"
	"slices"
	"testing"
)

// Rows of the test data of Sharma, Wu and Dalal (2005), table 1: L*a*b*
// of two colours and their CIEDE2000 difference.
func TestDeltaELabSharma(t *testing.T) {
	for _, tc := range []struct {
		a, b [3]float64
		want float64
	}{
		{[3]float64{50, 2.6772, -79.7751}, [3]float64{50, 0, -82.7485}, 2.0425},
		{[3]float64{50, 3.1571, -77.2803}, [3]float64{50, 0, -82.7485}, 2.8615},
		{[3]float64{50, 0, 0}, [3]float64{50, -1, 2}, 2.3669},
		{[3]float64{50, 2.49, -0.001}, [3]float64{50, -2.49, 0.0009}, 7.1792},
		{[3]float64{50, 2.5, 0}, [3]float64{73, 25, -18}, 27.1492},
		{[3]float64{50, 2.5, 0}, [3]float64{61, -5, 29}, 22.8977},
		{[3]float64{50, 2.5, 0}, [3]float64{56, -27, -3}, 31.9030},
		{[3]float64{60.2574, -34.0099, 36.2677}, [3]float64{60.4626, -34.1751, 39.4387}, 1.2644},
		{[3]float64{2.0776, 0.0795, -1.135}, [3]float64{0.9033, -0.0636, -0.5514}, 0.9082},
	} {
		for _, sw := range []bool{false, true} {
			a, b := tc.a, tc.b
			if sw {
				a, b = b, a
			}
			if got := DeltaELab(a, b); math.Abs(got-tc.want) > 5e-5 {
				t.Errorf("DeltaELab(%v, %v) = %.5f, want %.4f", a, b, got, tc.want)
			}
		}
	}
}

func TestLab(t *testing.T) {
	for _, tc := range []struct {
		c    color.NRGBA
		want [3]float64
	}{
		{color.NRGBA{255, 255, 255, 255}, [3]float64{100, 0, 0}},
		{color.NRGBA{0, 0, 0, 255}, [3]float64{0, 0, 0}},
		{color.NRGBA{255, 0, 0, 255}, [3]float64{53.24, 80.09, 67.20}},
	} {
		got := Lab(tc.c)
		for i := range got {
			if math.Abs(got[i]-tc.want[i]) > 0.02 {
				t.Errorf("Lab(%v) = %.2f, want %.2f", tc.c, got, tc.want)
				break
			}
		}
	}
}

// minDeltaE returns the least difference between two different colours
// of cs, and the pair.
func minDeltaE(cs []color.NRGBA) (float64, string) {
	best, pair := math.Inf(1), ""
	for i := range cs {
		for j := i + 1; j < len(cs); j++ {
			if cs[i] == cs[j] {
				continue
			}
			if d := DeltaE(cs[i], cs[j]); d < best {
				best, pair = d, fmt.Sprintf("%d/%d", i, j)
			}
		}
	}
	return best, pair
}

// Sets of up to 16 pieces, coloured whole or in part, keep their colours
// at least MinDeltaE apart where the palette has so many colours so far
// apart; the palettes that do not have them, and what they give, are
// listed: the best the rule finds.
func TestSpacedColours(t *testing.T) {
	letters := func(s string) []string {
		var n []string
		for _, r := range s {
			n = append(n, string(r))
		}
		return n
	}
	tetrasticks := letters("FHIJLNOPRTUVWXYZ")
	pentominoes := letters("FILNPTUVWXYZ")
	soma := letters("VLTZABP")
	sets := [][]string{pentominoes, tetrasticks, soma}
	for _, tc := range []struct {
		palette string
		names   []string
		want    float64 // least difference the palette allows
	}{
		{"kelly", tetrasticks, 14},
		{"kelly", tetrasticks[1:], 14},
		{"kelly", pentominoes, MinDeltaE},
		{"kelly", soma, MinDeltaE},
		{"default", soma, 16}, // V and P keep their labelled colours
		{"tol-rainbow-23", tetrasticks, 10},
		{"tableau10", soma, MinDeltaE},
	} {
		base, err := Lookup(tc.palette, len(tc.names))
		if err != nil {
			t.Fatal(err)
		}
		p := base.WithSets(sets)
		got, pair := minDeltaE(p.PieceColors(tc.names))
		if got < tc.want {
			t.Errorf("%s on %v: least ΔE %.1f (pieces %s), want at least %g", tc.palette, tc.names, got, pair, tc.want)
		}
		t.Logf("%s on %d pieces: least ΔE %.1f", tc.palette, len(tc.names), got)
	}
}

// A piece's colour follows its name: a figure of some of a set's pieces,
// in any order, gives each the colour the whole set's sheet gives it.
func TestColourFollowsName(t *testing.T) {
	set := []string{"F", "H", "I", "J", "L", "N", "O", "P", "R", "T", "U", "V", "W", "X", "Y", "Z"}
	other := []string{"A", "B"}
	for _, name := range []string{"kelly", "default", "tableau10", "okabe-ito"} {
		base, err := Lookup(name, len(set))
		if err != nil {
			t.Fatal(err)
		}
		p := base.WithSets([][]string{other, set})
		whole := map[string]color.NRGBA{}
		for i, c := range p.PieceColors(set) {
			whole[set[i]] = c
		}
		for _, part := range [][]string{set[1:], {"Z", "F", "H"}, slices.Concat(set[8:], set[:3])} {
			if len(set) > len(p.Colors) && len(part) <= len(p.Colors) {
				continue // the part's pieces keep a colour each
			}
			for i, c := range p.PieceColors(part) {
				if c != whole[part[i]] {
					t.Errorf("%s: %s is %v among %v, %v in the whole set", name, part[i], c, part, whole[part[i]])
				}
			}
			inst := make([]int, len(part))
			for i := range inst {
				inst[i] = i
			}
			for i, c := range p.InstanceColors(part, inst, nil) {
				if c != whole[part[i]] {
					t.Errorf("%s: instance of %s is %v among %v, %v in the whole set", name, part[i], c, part, whole[part[i]])
				}
			}
		}
	}
}
