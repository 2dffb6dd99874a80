package puzzles

import (
	"testing"
	"time"
)

func TestProgressString(t *testing.T) {
	tests := []struct {
		name string
		p    Progress
		want string
	}{
		{"start", Progress{Tasks: 10}, "0 distinct, 0/s"},
		{"no task finished", Progress{Tasks: 10, Distinct: 3, Elapsed: 3 * time.Second}, "3 distinct, 1/s"},
		{"half the tasks, no estimate yet", Progress{Tasks: 10, Done: 5, Distinct: 100, Elapsed: 2 * time.Second}, "100 distinct, 50/s"},
		{"estimated", Progress{Tasks: 10, Done: 5, Distinct: 100, Elapsed: 2 * time.Second, Estimated: true, Fraction: 0.2, Left: 8 * time.Second}, "100 distinct, 50/s, ~8s left"},
		{"a quarter", Progress{Tasks: 400, Done: 100, Distinct: 4560, Elapsed: time.Second, Estimated: true, Fraction: 0.25, Left: 3 * time.Second}, "4560 distinct, 4.56k/s, ~3s left"},
		{"fast", Progress{Tasks: 8, Done: 4, Distinct: 1234567, Elapsed: time.Second, Estimated: true, Fraction: 0.5, Left: 1400 * time.Millisecond}, "1234567 distinct, 1.23M/s, ~1s left"},
		{"done", Progress{Tasks: 10, Done: 10, Distinct: 65, Elapsed: time.Second}, "65 distinct, 65/s"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.p.String(); got != tt.want {
				t.Errorf("%+v.String() = %q, want %q", tt.p, got, tt.want)
			}
		})
	}
}

// The bar's line gives the tasks done, then the search's own words.
func TestProgressLine(t *testing.T) {
	p := Progress{Tasks: 40, Done: 12, Distinct: 17, Found: 30, Elapsed: time.Second, Estimated: true, Fraction: 0.2, Left: 4 * time.Second}
	if got, want := p.Line(), "12/40 tasks, 17 distinct, 17/s, ~4s left"; got != want {
		t.Errorf("Line = %q, want %q", got, want)
	}
}
