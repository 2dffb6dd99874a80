package matrix

import (
	"errors"
	"fmt"

	"github.com/polytile/polytile/puzzles"
)

// SudokuKind reads a spec of kind sudoku: grid, the rows of digits (then
// letters) with '.' or '0' for a blank, and diagonals.
var SudokuKind = puzzles.Kind{
	Name: "sudoku",
	Keys: []string{"grid", "diagonals"},
	Read: func(r puzzles.SpecReader) (puzzles.Problem, error) {
		if err := r.Need("grid", "grid: | and rows of digits, '.' for a blank"); err != nil {
			return nil, err
		}
		pic, err := r.Picture("grid", "the grid", "rows of digits (then letters), '.' or '0' for a blank")
		if err != nil {
			return nil, err
		}
		diag, err := r.Bool("diagonals")
		if err != nil {
			return nil, err
		}
		sd, err := ParseSudoku(pic, diag)
		if se := (*SudokuError)(nil); errors.As(err, &se) {
			return nil, r.PictureError("grid", se.Line, se.Col, se.Msg)
		}
		if err != nil {
			return nil, err
		}
		return NewPuzzle(sd), nil
	},
}

// QueensKind reads a spec of kind queens: n, the size of the board, and
// holes, its cells where no queen may stand.
var QueensKind = puzzles.Kind{
	Name: "queens",
	Keys: []string{"n", "holes"},
	Read: func(r puzzles.SpecReader) (puzzles.Problem, error) {
		if err := r.Need("n", "n: 8"); err != nil {
			return nil, err
		}
		n, err := r.Int("n", 1, 64, "a whole number from 1 to 64")
		if err != nil {
			return nil, err
		}
		holes, err := r.Cells("holes", n, n)
		if err != nil {
			return nil, err
		}
		q, err := NewQueens(n, holes)
		if err != nil {
			return nil, r.Errorf("n", -1, "%v", err)
		}
		return NewPuzzle(q), nil
	},
}

// ExactCoverKind reads a spec of kind exact-cover: items (primary),
// secondary items (none when left out or empty, secondary: []), and
// options, each the names of its items.
var ExactCoverKind = puzzles.Kind{
	Name: "exact-cover",
	Keys: []string{"items", "secondary", "options"},
	Read: func(r puzzles.SpecReader) (puzzles.Problem, error) {
		if err := r.Need("items", "items: [A, B, C]"); err != nil {
			return nil, err
		}
		primary, err := r.Names("items")
		if err != nil {
			return nil, err
		}
		if len(primary) == 0 {
			return nil, r.Errorf("items", -1, "items is empty; want items: a list of names, or names separated by spaces")
		}
		secondary, err := r.Names("secondary")
		if err != nil {
			return nil, err
		}
		if err := r.Need("options", `options: ["A D", "B C"]`); err != nil {
			return nil, err
		}
		options, err := r.NamesList("options", "an option", `a list of options, each its items' names: ["A D", "B C"]`)
		if err != nil {
			return nil, err
		}
		m, err := puzzles.NewMatrix(primary, secondary, options)
		if err != nil {
			k := -1
			if _, serr := fmt.Sscanf(err.Error(), "option %d", &k); serr == nil {
				k-- // counted from 1 in the message
			}
			return nil, r.Errorf("options", k, "%v", err)
		}
		return NewPuzzle(&Plain{M: m}), nil
	},
}
