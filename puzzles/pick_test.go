package puzzles_test

import (
	"context"
	"errors"
	"testing"

	"github.com/polytile/polytile/puzzles"
	"github.com/polytile/polytile/puzzles/specs"
	"github.com/polytile/polytile/puzzles/tiling"
)

func TestPick(t *testing.T) {
	spec, err := specs.Builtin("pentominoes-3x20")
	if err != nil {
		t.Fatal(err)
	}
	p := tilingOf(t, spec)
	res, err := p.Solve(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name        string
		pick        puzzles.Pick
		sols, found int
	}{
		{"every class", puzzles.Pick{}, 2, 2},
		{"limit", puzzles.Pick{Limit: 1}, 1, 1},
		{"raw", puzzles.Pick{Raw: true}, 8, 8},
		{"raw, limit", puzzles.Pick{Raw: true, Limit: 3}, 3, 3},
		{"the second", puzzles.Pick{Nth: 2}, 1, 2},
		{"past the last", puzzles.Pick{Nth: 3}, 0, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sols, found, err := p.Pick(context.Background(), tt.pick)
			if err != nil || len(sols) != tt.sols || found != tt.found {
				t.Fatalf("Pick(%+v) = %d solutions, %d found, %v; want %d, %d", tt.pick, len(sols), found, err, tt.sols, tt.found)
			}
			if tt.pick.Nth == 2 && sols[0].Compare(res.Distinct[1].Solution.(*tiling.Solution)) != 0 {
				t.Errorf("Pick(Nth: 2) is not the second class in canonical order")
			}
		})
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if sols, _, err := p.Pick(ctx, puzzles.Pick{}); !errors.Is(err, context.Canceled) || sols != nil {
		t.Errorf("Pick on a canceled context = %d solutions, %v; want none, context.Canceled", len(sols), err)
	}
}

// tilingOf returns the tiling that spec s describes, failing tb if it is
// a puzzle of another kind.
func tilingOf(tb testing.TB, s *specs.Spec) *tiling.Puzzle {
	tb.Helper()
	p, ok := s.Problem.(*tiling.Puzzle)
	if !ok {
		tb.Fatalf("%s is a %s puzzle, not a tiling", s.Name, s.Kind())
	}
	return p
}
