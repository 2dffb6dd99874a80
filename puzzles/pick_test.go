package puzzles

import (
	"context"
	"errors"
	"testing"
)

func TestPick(t *testing.T) {
	spec, err := Builtin("pentominoes-3x20")
	if err != nil {
		t.Fatal(err)
	}
	p := spec.Puzzle
	res, err := p.Solve(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name        string
		pick        Pick
		sols, found int
	}{
		{"every class", Pick{}, 2, 2},
		{"limit", Pick{Limit: 1}, 1, 1},
		{"raw", Pick{Raw: true}, 8, 8},
		{"raw, limit", Pick{Raw: true, Limit: 3}, 3, 3},
		{"the second", Pick{Nth: 2}, 1, 2},
		{"past the last", Pick{Nth: 3}, 0, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sols, found, err := p.Pick(context.Background(), tt.pick)
			if err != nil || len(sols) != tt.sols || found != tt.found {
				t.Fatalf("Pick(%+v) = %d solutions, %d found, %v; want %d, %d", tt.pick, len(sols), found, err, tt.sols, tt.found)
			}
			if tt.pick.Nth == 2 && sols[0].Compare(tiled(res.Distinct[1])) != 0 {
				t.Errorf("Pick(Nth: 2) is not the second class in canonical order")
			}
		})
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if sols, _, err := p.Pick(ctx, Pick{}); !errors.Is(err, context.Canceled) || sols != nil {
		t.Errorf("Pick on a canceled context = %d solutions, %v; want none, context.Canceled", len(sols), err)
	}
}
