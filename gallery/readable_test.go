package gallery

import (
	"math"
	"testing"

	"github.com/polytile/polytile/puzzles/tiling"
)

// FindSmallText finds the smallest letters and captions set below
// MinReadable at the sheets' physical size, and nothing on sheets whose
// text is large enough.
func TestFindSmallText(t *testing.T) {
	text := func(size float64) Text { return Text{Size: size, Text: "F"} }
	caption := func(size float64) *Text { t := text(size); return &t }
	sheet := func(physical float64, frames ...Frame) *Sheet {
		return &Sheet{Width: 100, Height: 100, PhysicalWidth: physical, PhysicalHeight: physical, Frames: frames}
	}
	for _, tt := range []struct {
		name   string
		sheets []*Sheet
		want   *SmallText
	}{
		// 8 px is 6 pt; 6 px 4.5 pt; at half the size, half that.
		{"large", []*Sheet{sheet(0, Frame{Letters: []Text{text(8), text(7)}, Caption: caption(8)})}, nil},
		{"at the bound", []*Sheet{sheet(0, Frame{Letters: []Text{text(MinReadable * 96 / 72)}})}, nil},
		{"small letters", []*Sheet{sheet(0, Frame{Letters: []Text{text(8), text(6), text(7)}, Caption: caption(8)})}, &SmallText{Letters: 4.5}},
		{"scaled down", []*Sheet{sheet(50, Frame{Letters: []Text{text(12)}, Caption: caption(8)})}, &SmallText{Letters: 4.5, Captions: 3}},
		{"scaled up", []*Sheet{sheet(200, Frame{Letters: []Text{text(6)}, Caption: caption(4)})}, nil},
		{"on a later sheet", []*Sheet{sheet(0, Frame{Letters: []Text{text(8)}}), sheet(0, Frame{Letters: []Text{text(4)}}, Frame{Caption: caption(2)})}, &SmallText{Letters: 3, Captions: 1.5}},
		{"no text drawn", []*Sheet{sheet(0, Frame{Letters: []Text{{Size: 1}, {Text: "F"}, {Size: math.NaN(), Text: "F"}}})}, nil},
		{"no sheets", nil, nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got := FindSmallText(tt.sheets)
			if (got == nil) != (tt.want == nil) || got != nil && (math.Abs(got.Letters-tt.want.Letters) > 1e-9 || math.Abs(got.Captions-tt.want.Captions) > 1e-9) {
				t.Errorf("FindSmallText = %+v, want %+v", got, tt.want)
			}
		})
	}
	if got, want := (&SmallText{Letters: 2.178}).String(), "letters of 2.18 pt, below 5 pt"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	if got, want := (&SmallText{Letters: 1, Captions: 4.999}).String(), "letters of 1.00 pt and captions of 5.00 pt, below 5 pt"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	if got, want := (&SmallText{Captions: 3}).String(), "captions of 3.00 pt, below 5 pt"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
}

// The Soma cube's 240 solutions drawn as layers 17 cm wide, each boxed,
// have letters of 1.81 points; its first four at 24-pixel cells, and Scott's 65 on
// cells of their own size, have letters of 9.
func TestFindSmallTextLayouts(t *testing.T) {
	soma := distinct(t, "soma", 0)
	scott := distinct(t, "scott", 0)
	for _, tt := range []struct {
		name    string
		sheets  []*Sheet
		letters float64 // 0: none small
	}{
		{"soma, 17 cm", layoutOf(t, soma, &Options{View: ViewLayers, Width: 17 / 2.54 * 96, Letters: true}), 1.81},
		{"soma, 4", layoutOf(t, soma[:4], &Options{View: ViewLayers, Letters: true, Labels: true}), 0},
		{"scott", layoutOf(t, scott, &Options{Letters: true, Labels: true}), 0},
		{"scott, 17 cm, no letters", layoutOf(t, scott, &Options{Width: 17 / 2.54 * 96, Labels: true}), 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got := FindSmallText(tt.sheets)
			switch {
			case tt.letters == 0 && got != nil:
				t.Errorf("FindSmallText = %v, want none", got)
			case tt.letters > 0 && (got == nil || math.Abs(got.Letters-tt.letters) > 0.005 || got.Captions != 0):
				t.Errorf("FindSmallText = %v, want letters of %v pt", got, tt.letters)
			}
		})
	}
}

// layoutOf lays out sols with opt, failing the test on an error.
func layoutOf(t *testing.T, sols []*tiling.Solution, opt *Options) []*Sheet {
	t.Helper()
	sheets, err := Solutions(sols, opt)
	if err != nil {
		t.Fatal(err)
	}
	return sheets
}
