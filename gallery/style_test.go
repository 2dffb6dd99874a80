package gallery

import (
	"image/color"
	"math"
	"strings"
	"testing"
)

func TestGreyStyle(t *testing.T) {
	sols := distinct(t, "scott", 3)
	sheets, err := Solutions(sols, &Options{Style: StyleGrey, Legend: true})
	if err != nil {
		t.Fatal(err)
	}
	looks := map[string]string{} // piece → its grey and hatching
	seen := map[string]string{}  // grey and hatching → piece
	for _, f := range sheets[0].Frames[:3] {
		for i, sh := range f.Shapes {
			if c := sh.Fill; c.R != c.G || c.G != c.B || c.A != 0xff {
				t.Errorf("piece %s filled %v: not an opaque grey", sh.Piece, c)
			}
			hatched := 0
			for _, h := range f.Hatch {
				mid := Point{(h.A.X + h.B.X) / 2, (h.A.Y + h.B.Y) / 2}
				if insideRings(mid, sh.Outline) {
					hatched++
				}
			}
			look := strings.Repeat("#", min(hatched, 1)) + string(rune('a'+sh.Fill.R/8))
			_ = i
			if prev, ok := looks[sh.Piece]; ok && prev[len(prev)-1] != look[len(look)-1] {
				t.Errorf("piece %s has two greys", sh.Piece)
			}
			looks[sh.Piece] = look
		}
	}
	if len(looks) != 12 {
		t.Fatalf("%d pieces seen, want 12", len(looks))
	}
	// Every piece its own grey and hatching.
	for i := 0; i < 12; i++ {
		c, h := greyOf(i, 12, false)
		key := string(rune('a'+c.R/8)) + string(rune('0'+h))
		if p, ok := seen[key]; ok {
			t.Errorf("pieces %d and %s look the same", i, p)
		}
		seen[key] = string(rune('0' + i))
	}
	// The legend: one swatch and name per piece, after the frames.
	legend := sheets[0].Frames[3:]
	if len(legend) != 12 {
		t.Fatalf("%d legend entries, want 12", len(legend))
	}
	for i, f := range legend {
		want := strings.Fields("F I L N P T U V W X Y Z")[i]
		if len(f.Letters) != 1 || f.Letters[0].Text != want || len(f.Shapes) != 1 || f.Shapes[0].Piece != want {
			t.Errorf("legend entry %d is %+v, want a swatch and the name %s", i, f, want)
		}
		if f.Y < sheets[0].Frames[2].Y+sheets[0].Frames[2].Height || f.Y+f.Height > sheets[0].Height {
			t.Errorf("legend entry %s at y %g, not between the frames and the page's bottom %g", want, f.Y, sheets[0].Height)
		}
	}
}

func TestOutlineStyle(t *testing.T) {
	sheets, err := Solutions(distinct(t, "hexiamonds-4x9", 1), &Options{Style: StyleOutline})
	if err != nil {
		t.Fatal(err)
	}
	s := sheets[0]
	if s.BorderWidth != hairline || s.BorderColor.A != 0xff || s.BorderColor.R != 0 {
		t.Errorf("borders %g wide in %v, want black hairlines of %g", s.BorderWidth, s.BorderColor, hairline)
	}
	rec := &counter{}
	s.Draw(rec)
	if rec.fills != 0 {
		t.Errorf("%d shapes filled, want none", rec.fills)
	}
	if rec.strokes == 0 {
		t.Errorf("no lines drawn")
	}
}

// counter counts what a sheet draws.
type counter struct{ fills, strokes int }

func (r *counter) BeginFrame(*Frame)                            {}
func (r *counter) EndFrame()                                    {}
func (r *counter) Fill(*Shape)                                  { r.fills++ }
func (r *counter) Stroke(s []Segment, _ float64, _ color.NRGBA) { r.strokes += len(s) }
func (r *counter) Polyline([][]Point, float64, color.NRGBA)     {}
func (r *counter) Text(*Text)                                   {}

func TestHatchLines(t *testing.T) {
	// An L of three unit cells, ten pixels each, with a notch.
	l := []Ring{{{0, 0}, {10, 0}, {10, 10}, {20, 10}, {20, 20}, {0, 20}}}
	for kind := 1; kind <= 2; kind++ {
		segs := hatchLines(l, kind, 2)
		if len(segs) < 10 {
			t.Fatalf("kind %d: %d lines, want about 20", kind, len(segs))
		}
		for _, s := range segs {
			dx, dy := s.B.X-s.A.X, s.B.Y-s.A.Y
			if math.Abs(math.Abs(dx)-math.Abs(dy)) > 1e-9 || kind == 1 && dx*dy > 0 || kind == 2 && dx*dy < 0 {
				t.Errorf("kind %d: segment %v is not at the right 45°", kind, s)
			}
			for _, q := range []float64{0.01, 0.5, 0.99} {
				p := Point{s.A.X + q*dx, s.A.Y + q*dy}
				if !insideRings(p, l) {
					t.Errorf("kind %d: %v of segment %v lies outside the shape", kind, p, s)
				}
			}
			for _, end := range []Point{s.A, s.B} {
				if d := distToRings(end, l); d > 1e-9 {
					t.Errorf("kind %d: end %v is %g from the outline, want on it", kind, end, d)
				}
			}
		}
	}
	if segs := hatchLines(l, 0, 2); segs != nil {
		t.Errorf("no hatching gives %d lines", len(segs))
	}
}
