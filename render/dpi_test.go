package render

import (
	"math"
	"testing"
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
