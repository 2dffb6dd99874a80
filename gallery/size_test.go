package gallery

import (
	"math"
	"testing"
)

// TestFigureSize checks that Width and Height choose the cells so that the
// figure has that size, the sheet's proportions kept, and that both give a
// page of exactly that size with the frames centred on it.
func TestFigureSize(t *testing.T) {
	sols := distinct(t, "scott", 0)
	for _, tt := range []struct {
		name string
		opt  Options
	}{
		{"width", Options{Width: 642.52, Unit: "cm"}},
		{"height", Options{Height: 300, Labels: true}},
		{"both, wide", Options{Width: 2000, Height: 300, Title: "Scott"}},
		{"both, tall", Options{Width: 300, Height: 2000, Labels: true}},
		{"pages", Options{Width: 500, PerPage: 20, Labels: true}},
		{"fixed margins and font", Options{Width: 700, Margin: 30, Gap: 2, FontSize: 12, Labels: true}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			sheets, err := Solutions(sols, &tt.opt)
			if err != nil {
				t.Fatal(err)
			}
			first := sheets[0]
			for i, s := range sheets {
				pw, ph := s.Size()
				if tt.opt.Width > 0 && math.Abs(pw-tt.opt.Width) > 1e-9 || tt.opt.Height > 0 && math.Abs(ph-tt.opt.Height) > 1e-9 {
					t.Errorf("page %d drawn at %g × %g, want %g × %g", i+1, pw, ph, tt.opt.Width, tt.opt.Height)
				}
				// The figure is the sheet scaled: the same proportions.
				if math.Abs(pw/ph-s.Width/s.Height) > 1e-9 {
					t.Errorf("page %d: %g × %g drawn at %g × %g: not the same proportions", i+1, s.Width, s.Height, pw, ph)
				}
				if s.Width != first.Width || s.Height != first.Height {
					t.Errorf("page %d is %g × %g, the first %g × %g", i+1, s.Width, s.Height, first.Width, first.Height)
				}
				if s.Unit != tt.opt.Unit {
					t.Errorf("unit %q, want %q", s.Unit, tt.opt.Unit)
				}
			}
			// Near the size asked for, before the last scaling: the cells
			// were chosen for it.
			scale := first.PhysicalWidth / first.Width
			if tt.opt.Width == 0 || tt.opt.Height == 0 {
				if math.Abs(scale-1) > 0.01 {
					t.Errorf("the sheet is drawn at %g of its size; want about 1", scale)
				}
			}
			// Everything lies on the page, and with both sides given the
			// frames are centred.
			lo, hi := math.Inf(1), math.Inf(-1)
			top, bottom := math.Inf(1), math.Inf(-1)
			for _, f := range first.Frames {
				lo, hi = min(lo, f.X), max(hi, f.X+f.Width)
				top, bottom = min(top, f.Y), max(bottom, f.Y+f.Height)
			}
			if lo < 0 || top < 0 || hi > first.Width || bottom > first.Height {
				t.Errorf("frames span [%g, %g] × [%g, %g], outside the %g × %g page", lo, hi, top, bottom, first.Width, first.Height)
			}
			if tt.opt.Width > 0 && tt.opt.Height > 0 && math.Abs((lo+hi)/2-first.Width/2) > 2 {
				t.Errorf("frames' middle at x = %g, want the page's, %g", (lo+hi)/2, first.Width/2)
			}
			if tt.opt.FontSize > 0 && first.Frames[0].Caption.Size != tt.opt.FontSize {
				t.Errorf("captions at %g pixels, want %g", first.Frames[0].Caption.Size, tt.opt.FontSize)
			}
		})
	}
}

// TestCaptionsScale checks that captions follow the cells, and stay at
// least 6 points.
func TestCaptionsScale(t *testing.T) {
	sols := distinct(t, "scott", 1)
	for _, tt := range []struct{ cell, want float64 }{{24, 16.8}, {50, 35}, {8, minCaption}, {2, minCaption}} {
		sheets, err := Solutions(sols, &Options{CellSize: tt.cell, Labels: true})
		if err != nil {
			t.Fatal(err)
		}
		if got := sheets[0].Frames[0].Caption.Size; math.Abs(got-tt.want) > 1e-9 {
			t.Errorf("cells of %g: captions at %g, want %g", tt.cell, got, tt.want)
		}
	}
}
