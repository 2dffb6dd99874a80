package render

import (
	"math"
	"strings"
	"testing"

	"github.com/polytile/polytile/puzzles/specs"
)

func TestDPIOf(t *testing.T) {
	tests := []struct {
		scale, dpi, want float64
		ok               bool
	}{
		{0, 0, 0, true},
		{0, 300, 300, true},
		{2, 0, 192, true},
		{2, 192, 192, true},
		{2, 300, 0, false},
		{-1, 0, 0, false},
		{0, -1, 0, false},
		{math.NaN(), 0, 0, false},
		{0, math.Inf(1), 0, false},
		{MaxDPI/96 + 1, 0, 0, false},
		{0, MaxDPI + 1, 0, false},
	}
	for _, tt := range tests {
		got, err := DPIOf(tt.scale, tt.dpi)
		if (err == nil) != tt.ok || got != tt.want {
			t.Errorf("DPIOf(%g, %g) = %g, %v; want %g, ok %v", tt.scale, tt.dpi, got, err, tt.want, tt.ok)
		}
	}
}

func TestOptionsOf(t *testing.T) {
	tests := []struct {
		settings [][2]string
		want     float64
		err      string // a part of the error, "" for none
	}{
		{nil, 0, ""},
		{[][2]string{{"dpi", "300"}}, 300, ""},
		{[][2]string{{"scale", "2"}}, 192, ""},
		{[][2]string{{"scale", "1000"}}, 0, "scale 1000: want 0"},
		{[][2]string{{"scale", "2"}, {"dpi", "300"}}, 0, "dpi: scale 2 is dpi 192"},
		{[][2]string{{"dpi", "100000"}}, 0, "dpi 100000: want 0"},
	}
	for _, tt := range tests {
		r := &specs.RenderOptions{}
		for _, s := range tt.settings {
			if err := r.Set(s[0], s[1]); err != nil {
				t.Fatal(err)
			}
		}
		opt, err := OptionsOf(r)
		switch {
		case tt.err == "" && err != nil:
			t.Errorf("OptionsOf(%v): %v", tt.settings, err)
		case tt.err == "" && opt.DPI != tt.want:
			t.Errorf("OptionsOf(%v).DPI = %g, want %g", tt.settings, opt.DPI, tt.want)
		case tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)):
			t.Errorf("OptionsOf(%v) = %v; want an error with %q", tt.settings, err, tt.err)
		}
	}
}
