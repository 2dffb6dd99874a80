package tiling

import (
	"context"
	"strings"
	"testing"

	"github.com/polytile/polytile/puzzles"
	"github.com/polytile/polytile/puzzles/geom"
)

// NewSolution rebuilds every solution from its placements.
func TestNewSolutionRoundTrip(t *testing.T) {
	for _, name := range []string{"scott", "dominoes-4x4", "pentominoes-3x20"} {
		t.Run(name, func(t *testing.T) {
			spec, err := loadSpec(name)
			if err != nil {
				t.Fatal(err)
			}
			p := spec.Puzzle
			res, err := p.Solve(context.Background(), &puzzles.SolveConfig{Limit: 10})
			if err != nil {
				t.Fatal(err)
			}
			for i, d := range res.Distinct {
				pls := tiled(d).Placements()
				// In another order too: the last first.
				pls[0], pls[len(pls)-1] = pls[len(pls)-1], pls[0]
				s, err := NewSolution(p, pls)
				if err != nil {
					t.Fatalf("NewSolution(solution %d) = %v", i, err)
				}
				if s.Compare(tiled(d)) != 0 {
					t.Errorf("NewSolution(solution %d) =\n%s, want\n%s", i, s, d.Solution)
				}
			}
		})
	}
}

func TestNewSolutionErrors(t *testing.T) {
	// Four dominoes round a hole, and two one-sided L tetrominoes in a 2×4
	// box.
	d, err := geom.ParsePiece("D", "##")
	if err != nil {
		t.Fatal(err)
	}
	d.Count = 4
	ring := mustPuzzle(t, mustBoard(t, "...\n. .\n..."), []geom.Piece{d})
	l, err := geom.ParsePiece("L", "###\n#")
	if err != nil {
		t.Fatal(err)
	}
	l.Count, l.OneSided = 2, true
	box := mustPuzzle(t, mustRect(t, 2, 4), []geom.Piece{l})
	pl := func(piece int, cells ...int) Placement {
		p := Placement{Piece: piece}
		for i := 0; i < len(cells); i += 2 {
			p.Cells = append(p.Cells, geom.Cell{Row: cells[i], Col: cells[i+1]})
		}
		return p
	}
	// A cover of the ring: top, right, bottom, left.
	top, right, bottom, left := pl(0, 0, 0, 0, 1), pl(0, 0, 2, 1, 2), pl(0, 2, 1, 2, 2), pl(0, 1, 0, 2, 0)
	tests := []struct {
		name string
		p    *Puzzle
		pls  []Placement
		err  string // "" for none
	}{
		{"ring", ring, []Placement{top, right, bottom, left}, ""},
		{"box", box, []Placement{pl(0, 0, 0, 0, 1, 0, 2, 1, 0), pl(0, 1, 1, 1, 2, 1, 3, 0, 3)}, ""},
		{"no such piece", ring, []Placement{top, right, bottom, pl(1, 1, 0, 2, 0)}, "placement 3 is of piece 1; the puzzle has pieces 0 to 0"},
		{"negative piece", ring, []Placement{pl(-1, 1, 0, 2, 0)}, "placement 0 is of piece -1"},
		{"off the board", ring, []Placement{top, right, bottom, pl(0, 2, 0, 3, 0)}, `piece "D" covers cell [3, 0], which is off the board`},
		{"negative cell", ring, []Placement{pl(0, -1, 0, 0, 0)}, `cell [-1, 0], which is off the board`},
		{"in the hole", ring, []Placement{top, right, bottom, pl(0, 1, 0, 1, 1)}, `piece "D" covers cell [1, 1], which is in a hole of the board`},
		{"overlap", ring, []Placement{top, right, bottom, pl(0, 0, 0, 1, 0)}, `cell [0, 0] is covered twice, by pieces "D" and "D"`},
		{"a cell twice in a piece", ring, []Placement{pl(0, 0, 0, 0, 0)}, `cell [0, 0] is covered twice`},
		{"missing piece", ring, []Placement{top, right, bottom}, `piece "D" is put down 3 times, want 4`},
		{"extra piece", ring, []Placement{top, right, bottom, left, left}, `covered twice`},
		{"wrong shape", ring, []Placement{top, right, bottom, pl(0, 1, 0)}, `piece "D" is put down on 1 cell, not its shape`},
		{"no cells", ring, []Placement{top, right, bottom, pl(0)}, `piece "D" is put down on 0 cells`},
		{"disconnected", ring, []Placement{pl(0, 0, 0, 0, 2)}, `piece "D" is put down on 2 cells, not its shape`},
		{"reflected one-sided", box, []Placement{pl(0, 0, 0, 0, 1, 0, 2, 1, 2)}, `piece "L" is put down on 4 cells, not its shape in any orientation it may take`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := NewSolution(tt.p, tt.pls)
			switch {
			case tt.err == "" && err != nil:
				t.Errorf("NewSolution = %v, want no error", err)
			case tt.err == "" && s == nil:
				t.Errorf("NewSolution = nil, want a solution")
			case tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err) || !strings.HasPrefix(err.Error(), "tiling: ")):
				t.Errorf("NewSolution = %v, want an error with %q", err, tt.err)
			}
		})
	}
}
