package main

import (
	"testing"
	"time"

	"github.com/polytile/polytile/puzzles"
)

// The bar's line gives the tasks done, then the search's own words.
func TestProgressLine(t *testing.T) {
	p := puzzles.Progress{Tasks: 40, Done: 12, Distinct: 17, Found: 30, Elapsed: time.Second, Estimated: true, Fraction: 0.2, Left: 4 * time.Second}
	if got, want := progressLine(p), "12/40 tasks, 17 distinct, 17/s, ~4s left"; got != want {
		t.Errorf("progressLine = %q, want %q", got, want)
	}
}
