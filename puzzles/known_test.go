package puzzles

import (
	"context"
	"testing"
)

const scottPic = `........
........
........
...##...
...##...
........
........
........
`

func mustPentominoPuzzle(t testing.TB, board *Board, err error) *Puzzle {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
	pieces, err := PieceSet("pentominoes")
	if err != nil {
		t.Fatal(err)
	}
	p, err := New("", board, pieces)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestKnownCounts(t *testing.T) {
	scott, err := ParseBoard(scottPic)
	rect := func(r, c int) *Board {
		b, err := NewRectBoard(r, c, nil)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	tests := []struct {
		name                string
		board               *Board
		syms, raw, distinct int
		placements          int
		long                bool
	}{
		{"scott", scott, 8, 520, 65, 1568, false},
		{"3x20", rect(3, 20), 4, 8, 2, 1236, false}, // 1168 in the PC Plus article: see TestPlacements
		{"4x15", rect(4, 15), 4, 1472, 368, 0, false},
		{"5x12", rect(5, 12), 4, 4040, 1010, 0, false},
		{"6x10", rect(6, 10), 4, 9356, 2339, 2056, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := mustPentominoPuzzle(t, tt.board, err)
			if got := p.Symmetries(); got != tt.syms {
				t.Errorf("Symmetries() = %d, want %d", got, tt.syms)
			}
			if tt.placements > 0 && len(p.Placements()) != tt.placements {
				t.Errorf("placements = %d, want %d", len(p.Placements()), tt.placements)
			}
			for _, nb := range []bool{false, true} {
				res, err := p.Solve(context.Background(), &SolveConfig{NoSymmetryBreaking: nb, Engine: EngineDLX})
				if err != nil {
					t.Fatal(err)
				}
				if res.Raw != int64(tt.raw) || len(res.Distinct) != tt.distinct {
					t.Errorf("Solve(noBreaking=%v) raw %d distinct %d, want %d %d", nb, res.Raw, len(res.Distinct), tt.raw, tt.distinct)
				}
				t.Logf("noBreaking=%v found %d restricted %d stats %+v elapsed %v", nb, res.Found, res.Restricted, res.Stats, res.Elapsed)
				if nb && res.Found != res.Raw {
					t.Errorf("found %d raw covers, sum of orbits %d", res.Found, res.Raw)
				}
			}
		})
	}
}
