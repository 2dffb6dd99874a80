package tiling

import (
	"context"
	"errors"
	"math/big"
	"testing"
)

// CountRaw counts what a search finds, without listing it: every built-in
// tiling small enough to list, on each lattice, with pieces of one copy,
// of several and of any count, agrees with Solve's raw count; and counts
// too many to list match published ones.
func TestCountRaw(t *testing.T) {
	listed := []string{"scott", "pentominoes-3x20", "dominoes-4x4", "dominoes-2x10", "hexiamonds-4x9", "tetrahexes-4x7", "soma", "two-pieces", "tetracubes-2x2x8"}
	for _, name := range listed {
		s, err := loadSpec(name)
		if err != nil {
			t.Fatal(err)
		}
		res, err := s.Puzzle.Solve(context.Background(), nil)
		if err != nil {
			t.Fatal(err)
		}
		got, err := s.Puzzle.CountRaw(context.Background())
		if err != nil || got.Cmp(big.NewInt(res.Raw)) != 0 {
			t.Errorf("%s: CountRaw = %v, %v; Solve found %d", name, got, err, res.Raw)
		}
	}
	// Published: the domino tilings of the 8 × 8 board, 12,988,816 (OEIS
	// A004003); the tilings of 5 × 10 by pentominoes of any count,
	// 101,698,212 (A233427); and, far past 64 bits, the domino tilings of
	// the 2 × 100 strip: the 101st Fibonacci number.
	published := []struct {
		spec, want string
	}{
		{"board: {rows: 8, cols: 8}\npieces: [{set: domino, count: 32}]\n", "12988816"},
		{"board: {rows: 5, cols: 10}\npieces: [{set: pentominoes, count: any}]\n", "101698212"},
		{"board: {rows: 2, cols: 100}\npieces: [{set: domino, count: any}]\n", "573147844013817084101"},
	}
	for _, tt := range published {
		s, err := parseSpec("count.yaml", []byte(tt.spec))
		if err != nil {
			t.Fatal(err)
		}
		got, err := s.Puzzle.CountRaw(context.Background())
		if err != nil || got.String() != tt.want {
			t.Errorf("%q: CountRaw = %v, %v; want %s", tt.spec, got, err, tt.want)
		}
	}
	ctx, cancel := context.WithCancelCause(context.Background())
	why := errors.New("stopped by the test")
	cancel(why)
	s, err := parseSpec("count.yaml", []byte(published[1].spec))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Puzzle.CountRaw(ctx); !errors.Is(err, why) {
		t.Errorf("a stopped count: %v, want it to say why", err)
	}
}
