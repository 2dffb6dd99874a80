package tiling

import (
	"context"
	"fmt"
	"testing"

	"github.com/polytile/polytile/puzzles"
	"github.com/polytile/polytile/puzzles/geom"
)

// emptyCase is a puzzle of pieces of one copy each that leaves empty
// cells: counted with them chosen first (puzzles.CountEmptyFirst).
type emptyCase struct {
	name   string
	lat    geom.Lattice
	layers int // 0: a flat board
	rows   int
	cols   int
	set    string // "": one straight tromino
	k      int    // empty cells
}

func (tc emptyCase) puzzle(t *testing.T) *Puzzle {
	t.Helper()
	var cells []geom.Cell
	probe, err := geom.NewRectBoardOn(tc.lat, tc.rows, tc.cols, nil)
	if err != nil {
		t.Fatal(err)
	}
	for l := range max(tc.layers, 1) {
		for _, c := range probe.Cells() {
			cells = append(cells, geom.Cell{Layer: l, Row: c.Row, Col: c.Col})
		}
	}
	b, err := geom.NewBoard(tc.lat, cells)
	if err != nil {
		t.Fatal(err)
	}
	pieces := []geom.Piece{{Name: "I", Cells: []geom.Cell{{Row: 0}, {Row: 1}, {Row: 2}}, Count: 1}}
	if tc.set != "" {
		pieces = mustSet(t, tc.set)
	}
	p, err := NewWith(tc.name, b, pieces, Options{Empty: geom.Piece{Count: tc.k}})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

var emptyCases = []emptyCase{
	{name: "tetrominoes 3×7", lat: geom.Square, rows: 3, cols: 7, set: "tetrominoes", k: 1},
	{name: "tetrominoes 2×11", lat: geom.Square, rows: 2, cols: 11, set: "tetrominoes", k: 2},
	{name: "trominoes 3×3", lat: geom.Square, rows: 3, cols: 3, set: "trominoes", k: 3},
	{name: "I3 3×3", lat: geom.Square, rows: 3, cols: 3, k: 6}, // fixed by symmetries too
	{name: "one-sided tetrominoes 5×6", lat: geom.Square, rows: 5, cols: 6, set: "one-sided-tetrominoes", k: 2},
	{name: "pentiamonds", lat: geom.Triangle, rows: 2, cols: 12, set: "pentiamonds", k: 4},
	{name: "tetriamonds", lat: geom.Triangle, rows: 2, cols: 8, set: "tetriamonds", k: 4},
	{name: "trihexes", lat: geom.Hexagon, rows: 2, cols: 10, set: "trihexes", k: 1},
	{name: "tetrahexes", lat: geom.Hexagon, rows: 5, cols: 12, set: "tetrahexes", k: 2},
	{name: "tricubes", lat: geom.Cube, layers: 2, rows: 2, cols: 3, set: "tricubes", k: 6},
	{name: "soma", lat: geom.Cube, layers: 2, rows: 2, cols: 7, set: "soma", k: 1},
}

// TestEmptyFirstAgainstMemo counts puzzles that leave cells empty with
// the empty cells chosen first and by the memo, which chooses them as it
// goes: raw, every symmetry's fixed count and distinct agree, and the
// parts of a count merge to the whole.
func TestEmptyFirstAgainstMemo(t *testing.T) {
	ctx := context.Background()
	for _, tc := range emptyCases {
		t.Run(tc.name, func(t *testing.T) {
			p := tc.puzzle(t)
			if err := p.prepare(ctx); err != nil {
				t.Fatal(err)
			}
			cfg, _ := puzzles.CheckCountConfig(nil)
			got, err := p.count(ctx, &cfg, puzzles.CountEmptyFirst)
			if err != nil {
				t.Fatal(err)
			}
			want, err := p.count(ctx, &cfg, puzzles.CountMemo)
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%v: %v fixed %v, %v distinct, memo %v %v", p, got.Method == puzzles.CountEmptyFirst, got.Fixed, got.Distinct, want.Fixed, want.Distinct)
			if want.Raw.Sign() == 0 {
				t.Fatal("no solutions: a test that cannot tell")
			}
			if fmt.Sprint(got.Fixed) != fmt.Sprint(want.Fixed) || got.Distinct.Cmp(want.Distinct) != 0 {
				t.Errorf("fixed %v, distinct %v; the memo's %v, %v", got.Fixed, got.Distinct, want.Fixed, want.Distinct)
			}
			// Parts, each every third class, add up to the whole.
			var parts []*puzzles.Counts
			for i := range 3 {
				c := cfg
				c.Shard, c.Shards = i, 3
				part, err := p.count(ctx, &c, puzzles.CountEmptyFirst)
				if err != nil {
					t.Fatal(err)
				}
				parts = append(parts, part)
			}
			merged, err := puzzles.MergeCounts(parts)
			if err != nil {
				t.Fatal(err)
			}
			if fmt.Sprint(merged.Fixed) != fmt.Sprint(want.Fixed) || merged.Distinct.Cmp(want.Distinct) != 0 {
				t.Errorf("3 parts merged: fixed %v, distinct %v; the memo's %v, %v", merged.Fixed, merged.Distinct, want.Fixed, want.Distinct)
			}
		})
	}
}

// TestEmptyFirstChosen checks when Count chooses the empty cells first:
// pieces of one copy, ten or more, a fixed number of empty cells, and
// few enough sets of them.
func TestEmptyFirstChosen(t *testing.T) {
	ctx := context.Background()
	pent, tet := mustSet(t, "pentominoes"), mustSet(t, "tetrominoes")
	for _, tc := range []struct {
		name       string
		rows, cols int
		pieces     []geom.Piece
		empty      geom.Piece
		want       puzzles.CountMethod
	}{
		{"pentominoes 8×8, 4 empty", 8, 8, pent, geom.Piece{Count: 4}, puzzles.CountEmptyFirst},
		{"pentominoes 8×8, 4 empty of 4..4", 8, 8, pent, geom.Piece{Count: 4, Spare: 0}, puzzles.CountEmptyFirst},
		{"pentominoes 8×8, 0..4 empty", 8, 8, pent, geom.Piece{Count: 4, Spare: 4}, puzzles.CountMemo},
		{"pentominoes 8×8, any empty", 8, 8, pent, geom.Piece{Any: true}, puzzles.CountMemo},
		{"pentominoes 5×13, 5 empty: too many sets", 5, 13, pent, geom.Piece{Count: 5}, puzzles.CountMemo},
		{"tetrominoes 5×5, 5 empty: too few pieces", 5, 5, tet, geom.Piece{Count: 5}, puzzles.CountMemo},
		{"pentominoes 6×10", 6, 10, pent, geom.Piece{}, puzzles.CountSearch},
	} {
		p, err := NewWith("", mustRect(t, tc.rows, tc.cols), tc.pieces, Options{Empty: tc.empty})
		if err != nil {
			t.Fatal(err)
		}
		if err := p.prepare(ctx); err != nil {
			t.Fatal(err)
		}
		if got := p.countMethod(); got != tc.want {
			t.Errorf("%s: counted by %v, want %v", tc.name, got, tc.want)
		}
	}
}
