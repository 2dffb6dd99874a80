package gallery

import (
	"image/color"
	"math"
	"testing"
)

func TestPatchCut(t *testing.T) {
	p := patch{0, 0, 10, 10}
	tests := []struct {
		name string
		sg   Segment
		want []Segment
	}{
		{"outside", Segment{Point{-5, 20}, Point{5, 20}}, []Segment{{Point{-5, 20}, Point{5, 20}}}},
		{"through", Segment{Point{-5, 5}, Point{15, 5}}, []Segment{{Point{-5, 5}, Point{0, 5}}, {Point{10, 5}, Point{15, 5}}}},
		{"inside", Segment{Point{2, 2}, Point{8, 8}}, nil},
		{"into", Segment{Point{-10, -10}, Point{5, 5}}, []Segment{{Point{-10, -10}, Point{0, 0}}}},
		{"diagonal through", Segment{Point{-5, -5}, Point{15, 15}}, []Segment{{Point{-5, -5}, Point{0, 0}}, {Point{10, 10}, Point{15, 15}}}},
		{"along an edge outside", Segment{Point{-5, -1}, Point{15, -1}}, []Segment{{Point{-5, -1}, Point{15, -1}}}},
	}
	near := func(a, b Point) bool { return math.Abs(a.X-b.X) < 1e-9 && math.Abs(a.Y-b.Y) < 1e-9 }
	for _, tt := range tests {
		got := p.cut(tt.sg)
		ok := len(got) == len(tt.want)
		for i := 0; ok && i < len(got); i++ {
			ok = near(got[i].A, tt.want[i].A) && near(got[i].B, tt.want[i].B)
		}
		if !ok {
			t.Errorf("%s: cut = %v, want %v", tt.name, got, tt.want)
		}
	}
}

// In StyleGrey the hatching stops short of every name, and names on the
// darker greys are light.
func TestGreyNamesClear(t *testing.T) {
	sols := distinct(t, "scott", 3)
	sheets, err := Solutions(sols, &Options{Style: StyleGrey, Letters: true})
	if err != nil {
		t.Fatal(err)
	}
	s, err := newSheetLayout(&Options{Style: StyleGrey, Letters: true})
	if err != nil {
		t.Fatal(err)
	}
	light := 0
	for _, f := range sheets[0].Frames {
		if len(f.Hatch) == 0 || len(f.Letters) != 12 {
			t.Fatalf("frame %q: %d hatch lines, %d names", f.Title, len(f.Hatch), len(f.Letters))
		}
		for _, l := range f.Letters {
			p, err := s.letterPatch(l)
			if err != nil {
				t.Fatal(err)
			}
			inner := patch{p.X0 + 0.01, p.Y0 + 0.01, p.X1 - 0.01, p.Y1 - 0.01}
			for _, h := range f.Hatch {
				if cut := inner.cut(h); len(cut) != 1 || cut[0] != h {
					t.Errorf("frame %q: hatching %v crosses the name %s", f.Title, h, l.Text)
				}
			}
		}
		// Names and shapes are both in the order of the pieces' instances.
		for i, l := range f.Letters {
			white := l.Color == (color.NRGBA{0xff, 0xff, 0xff, 0xff})
			if fill := f.Shapes[i].Fill.R; fill <= 0x80 && !white {
				t.Errorf("frame %q: %s on the dark grey #%02x is not light", f.Title, l.Text, fill)
			} else if white {
				light++
			}
		}
	}
	if light == 0 {
		t.Errorf("no name is light, though the darkest greys are dark")
	}
}
