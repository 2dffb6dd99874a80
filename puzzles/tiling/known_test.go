package tiling

import (
	"context"
	"testing"

	"github.com/polytile/polytile/puzzles"
	"github.com/polytile/polytile/puzzles/geom"
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

func mustPentominoPuzzle(t testing.TB, board *geom.Board, err error) *Puzzle {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
	pieces, err := geom.PieceSet("pentominoes")
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
	scott, err := geom.ParseBoard(scottPic)
	rect := func(r, c int) *geom.Board {
		b, err := geom.NewRectBoard(r, c, nil)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	tests := []struct {
		name                string
		board               *geom.Board
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
				res, err := p.Solve(context.Background(), &puzzles.SolveConfig{NoSymmetryBreaking: nb, Engine: puzzles.EngineDLX})
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

// Every built-in set makes a puzzle: on a strip of its area, New accepts
// its pieces.
func TestPieceSetsMakePuzzles(t *testing.T) {
	for _, set := range geom.PieceSetNames() {
		pieces, err := geom.PieceSet(set)
		if err != nil {
			t.Fatal(err)
		}
		lat := geom.PieceSetLattice(set)
		if _, err := New(set, stripBoard(t, lat, pieces), pieces); err != nil {
			t.Errorf("pieces of %s: %v", set, err)
		}
	}
}

// stripBoard returns a board of the same area as pieces, of lat: a strip.
func stripBoard(t *testing.T, lat geom.Lattice, pieces []geom.Piece) *geom.Board {
	t.Helper()
	area := 0
	for _, p := range pieces {
		area += p.Area()
	}
	var cells []geom.Cell
	for i := range area {
		c := geom.Cell{Row: 0, Col: i}
		if lat == geom.Hexagon {
			c.Col = 2 * i
		}
		if lat == geom.Stick {
			c.Col = 2*i + 1 // a line of horizontal segments
		}
		if lat == geom.Trig {
			c.Col = 4*i + 2 // a line of horizontal segments
		}
		cells = append(cells, c)
	}
	b, err := geom.NewBoard(lat, cells)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
