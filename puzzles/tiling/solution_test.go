package tiling

import (
	"cmp"
	"context"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/polytile/polytile/puzzles"
	"github.com/polytile/polytile/puzzles/geom"
)

// parseGrid reads a solution's String back into groups of cells by letter.
func parseGrid(s string) map[rune][]geom.Cell {
	out := map[rune][]geom.Cell{}
	for r, line := range strings.Split(strings.TrimSuffix(s, "\n"), "\n") {
		for c, ch := range []rune(line) {
			if ch != ' ' {
				out[ch] = append(out[ch], geom.Cell{Row: r, Col: c})
			}
		}
	}
	return out
}

func TestSolutionString(t *testing.T) {
	p := mustPuzzle(t, mustRect(t, 3, 20), mustSet(t, "pentominoes"))
	res, err := p.Solve(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	for i, d := range res.Distinct {
		grid := parseGrid(tiled(d).String())
		// Round trip: every letter's cells are exactly one placement.
		if len(grid) != 12 {
			t.Errorf("solution %d: %d letters in\n%s", i, len(grid), d.Solution)
		}
		for _, pl := range tiled(d).Placements() {
			name := p.Pieces()[pl.Piece].Name
			if !slices.Equal(grid[rune(name[0])], pl.Cells) {
				t.Errorf("solution %d: letter %s covers %v, placement %v", i, name, grid[rune(name[0])], pl.Cells)
			}
		}
	}
}

func TestLetters(t *testing.T) {
	pieces := mustSet(t, "domino")
	pieces[0].Count = 3
	p := mustPuzzle(t, mustRect(t, 2, 3), pieces)
	res, err := p.Solve(context.Background(), &puzzles.SolveConfig{NoSymmetryBreaking: true})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, d := range res.Distinct {
		got = append(got, tiled(d).String())
	}
	want := []string{"IiA\nIiA\n", "IIi\nAAi\n"}
	slices.Sort(want)
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("dominoes on 2×3 drawn as %q, want %q", got, want)
	}
}

// Spec → solutions → ASCII grids → cells: every grid covers exactly the
// board of the spec, and each letter's cells are one placement of its piece.
func TestRoundTrip(t *testing.T) {
	for _, name := range []string{"scott", "pentominoes-3x20", "dominoes-4x4", "pentominoes-8x8-corners"} {
		t.Run(name, func(t *testing.T) {
			spec, err := loadSpec(name)
			if err != nil {
				t.Fatal(err)
			}
			p := spec.Puzzle
			res, err := p.Solve(context.Background(), &puzzles.SolveConfig{Limit: 20})
			if err != nil {
				t.Fatal(err)
			}
			legal := map[string]bool{}
			for _, pl := range p.Placements() {
				legal[fmt.Sprint(pl)] = true
			}
			for i, d := range res.Distinct {
				grid := parseGrid(tiled(d).String())
				var covered []geom.Cell
				letters := tiled(d).Letters()
				for _, pl := range tiled(d).Placements() {
					inst := -1
					for k, c := range p.Board().Cells() {
						if c == pl.Cells[0] {
							_, inst = tiled(d).At(k)
						}
					}
					cells := grid[letters[inst]]
					if !legal[fmt.Sprint(Placement{Piece: pl.Piece, Cells: cells})] {
						t.Errorf("solution %d: letter %c covers %v, not a placement of %s", i, letters[inst], cells, p.Pieces()[pl.Piece].Name)
					}
					covered = append(covered, cells...)
				}
				slices.SortFunc(covered, geom.Cell.Compare)
				if !slices.Equal(covered, p.Board().Cells()) {
					t.Errorf("solution %d covers %v, not the board", i, covered)
				}
			}
		})
	}
}

// CoverKey computes from a cover's pieces the encoding solutions are
// ordered by.
func TestCoverKey(t *testing.T) {
	for _, name := range []string{"scott", "dominoes-4x4"} {
		spec, res := mustSolve(t, name)
		for i, d := range res.Distinct {
			var piece []int
			var cells [][]geom.Cell
			for _, pl := range tiled(d).Placements() {
				piece = append(piece, pl.Piece)
				cells = append(cells, pl.Cells)
			}
			if got := CoverKey(len(spec.Puzzle.Pieces()), piece, cells); !slices.Equal(got, tiled(d).code) {
				t.Fatalf("%s, solution %d: CoverKey = %v, encoding %v", name, i, got, tiled(d).code)
			}
		}
	}
}

func TestSolutionLegend(t *testing.T) {
	for _, tt := range []struct{ name, want string }{
		{"scott", ""},
		{"hexiamonds-4x9", "key: b bar, c crook, C crown, h hook, "},
		{"dominoes-2x10", "key: d domino, D domino, A domino, "},
	} {
		spec, err := loadSpec(tt.name)
		if err != nil {
			t.Fatal(err)
		}
		res, err := spec.Puzzle.Solve(context.Background(), &puzzles.SolveConfig{Limit: 1})
		if err != nil {
			t.Fatal(err)
		}
		s := tiled(res.Distinct[0])
		got := s.Legend()
		if !strings.HasPrefix(got, tt.want) || (tt.want == "") != (got == "") {
			t.Errorf("%s: Legend() = %q, want %q…", tt.name, got, tt.want)
		}
		// Every character of the grid is in the key, once.
		for _, c := range strings.ReplaceAll(strings.ReplaceAll(s.String(), "\n", ""), " ", "") {
			if got != "" && !strings.Contains(got, " "+string(c)+" ") && !strings.HasPrefix(got, "key: "+string(c)+" ") {
				t.Errorf("%s: %q is not in the key %q", tt.name, c, got)
				break
			}
		}
		for _, c := range strings.ReplaceAll(strings.ReplaceAll(s.String(), "\n", ""), " ", "") {
			if c > 0x7f {
				t.Errorf("%s: the grid has %q, not ASCII", tt.name, c)
				break
			}
		}
	}
}

// AppendPlacements gives what Placements gives, after what pls held,
// and reuses the cells' space it is given when it is large enough, from
// one solution to the next.
func TestAppendPlacements(t *testing.T) {
	check := func(name string, p *Puzzle, res *puzzles.Result) {
		t.Helper()
		front := Placement{Piece: -1}
		var pls []Placement
		var cells []geom.Cell
		for i, d := range res.Distinct {
			want := tiled(d).Placements()
			// The same, cell by cell: each piece put down and its
			// cells in reading order, sorted by piece and first cell.
			var ref []Placement
			at := map[int]int{} // instance → its index in ref
			for c, cell := range p.Board().Cells() {
				piece, inst := tiled(d).At(c)
				j, ok := at[inst]
				if !ok {
					j = len(ref)
					at[inst] = j
					ref = append(ref, Placement{Piece: piece})
				}
				ref[j].Cells = append(ref[j].Cells, cell)
			}
			slices.SortFunc(ref, func(a, b Placement) int {
				return cmp.Or(a.Piece-b.Piece, a.Cells[0].Compare(b.Cells[0]))
			})
			if !reflect.DeepEqual(want, ref) {
				t.Fatalf("%s, solution %d: placements %v, want %v", name, i+1, want, ref)
			}
			before := cells
			pls, cells = tiled(d).AppendPlacements(append(pls[:0], front), cells)
			if !reflect.DeepEqual(pls[0], front) {
				t.Fatalf("%s, solution %d: the placement before became %v", name, i+1, pls[0])
			}
			if !reflect.DeepEqual(pls[1:], want) {
				t.Fatalf("%s, solution %d: appended %v, want %v", name, i+1, pls[1:], want)
			}
			if i > 0 && &cells[0] != &before[0] {
				t.Fatalf("%s, solution %d: the cells' space was not reused", name, i+1)
			}
			if n := p.Board().Len(); len(cells) != n {
				t.Fatalf("%s, solution %d: %d cells, want %d", name, i+1, len(cells), n)
			}
		}
	}
	for _, name := range []string{"scott", "hexiamonds-4x9", "dominoes-4x4", "one-sided-tetrominoes-4x7"} {
		spec, res := mustSolve(t, name)
		check(name, spec.Puzzle, res)
	}
	// More pieces than the insertion sort is for.
	p := monominoRow(t, 70)
	res, err := p.Solve(context.Background(), &puzzles.SolveConfig{Limit: 3})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Distinct) != 3 {
		t.Fatalf("70 monominoes: %d solutions", len(res.Distinct))
	}
	check("70 monominoes", p, res)
}
