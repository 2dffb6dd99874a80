package matrix

import (
	"errors"

	"github.com/polytile/polytile/puzzles"
)

// SudokuKind reads a spec of kind sudoku: grid, the rows of digits (then
// letters) with '.' or '0' for a blank, and diagonals.
var SudokuKind = puzzles.Kind{
	Name:  "sudoku",
	About: "a Sudoku grid of n² × n² cells (4 × 4, 9 × 9, 16 × 16 or 25 × 25) to fill so that each row, column and box holds each symbol once",
	Keys: []puzzles.KindKey{
		{Name: "grid", Form: puzzles.KeyFormPicture, Required: true,
			About: "the grid, as a literal block (|) with a row on each line: 1 to 9, then A to Z past 9, for a given; '.' or '0' for a blank. Spaces, and the characters | - + that draw the boxes, are left out; a Sudoku has 4, 9, 16 or 25 rows"},
		{Name: "diagonals", Form: puzzles.KeyFormBool,
			About: "whether each symbol also appears once on each of the two main diagonals (default false)"},
	},
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
	Name:  "queens",
	About: "n queens on an n × n board, no queen attacking another",
	Keys: []puzzles.KindKey{
		{Name: "n", Form: puzzles.KeyFormInt, Min: 1, Max: 64, Required: true,
			About: "the number of queens and the side of the board, from 1 to 64"},
		{Name: "holes", Form: puzzles.KeyFormCells,
			About: "cells where no queen may stand: [row, col] pairs, counted from 0 at the top left, each on the board and given once"},
	},
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
	Name:  "exact-cover",
	About: "a matrix of items and options, of which to choose options that cover each primary item exactly once and each secondary item at most once, or by options that give it the same colour",
	Keys: []puzzles.KindKey{
		{Name: "items", Form: puzzles.KeyFormNames, Required: true,
			About: "the primary items, each to be covered exactly once: a list of names, or names separated by spaces (A B C)"},
		{Name: "secondary", Form: puzzles.KeyFormNames,
			About: "the secondary items, each to be covered at most once, or by options that give it the same colour: names, as items takes them"},
		{Name: "options", Form: puzzles.KeyFormNamesList, Required: true,
			About: `the options: a list whose entries each name an option's items, as a list or separated by spaces ("A D"); each name is an item or a secondary item, a secondary item with a colour after a colon if the option gives it one ("A x:red", as Knuth's DLX2 writes it)`},
	},
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
		m, err := NewMatrix(primary, secondary, options)
		if err != nil {
			return nil, placeError(r, err, len(primary))
		}
		return NewPuzzle(&Plain{M: m}), nil
	},
}

// placeError places NewMatrix's mistake at the entry of the spec at fault:
// the option, or the item among items or secondary (np primary items).
func placeError(r puzzles.SpecReader, err error, np int) error {
	var me *Error
	switch {
	case !errors.As(err, &me) || me.Option == 0 && me.Item == 0:
		return r.Errorf("items", -1, "%v", err)
	case me.Option > 0:
		return r.Errorf("options", me.Option-1, "%v", err)
	case me.Item <= np:
		return r.Errorf("items", me.Item-1, "%v", err)
	}
	return r.Errorf("secondary", me.Item-1-np, "%v", err)
}
