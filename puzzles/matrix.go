package puzzles

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/polytile/polytile/puzzles/cover"
)

// Matrix returns the exact-cover matrix of the spec's puzzle, with names
// for people: a tiling's items are its pieces of one copy (by name) and its
// board's cells ("r,c"), and its options every placement of every piece,
// piece by piece (Puzzle.Placements), without symmetry breaking; the other
// kinds' are their own (cover.Problem.Matrix).
func (s *Spec) Matrix() *cover.Matrix {
	if s.Cover != nil {
		return s.Cover.Matrix()
	}
	p := s.Puzzle
	m := &cover.Matrix{}
	item := make([]int, len(p.pieces))
	for i, pc := range p.pieces {
		item[i] = -1
		if pc.Count == 1 {
			item[i] = len(m.Items)
			m.Items = append(m.Items, pc.Name)
		}
	}
	base := len(m.Items)
	for _, c := range p.board.cells {
		m.Items = append(m.Items, fmt.Sprintf("%d,%d", c.Row, c.Col))
	}
	m.Primary = len(m.Items)
	for _, pl := range p.Placements() {
		var o []int
		if it := item[pl.Piece]; it >= 0 {
			o = append(o, it)
		}
		var cells []string
		for _, c := range pl.Cells {
			o = append(o, base+p.board.Index(c))
			cells = append(cells, fmt.Sprintf("%d,%d", c.Row, c.Col))
		}
		m.Options = append(m.Options, o)
		m.Names = append(m.Names, p.pieces[pl.Piece].Name+" "+strings.Join(cells, " "))
	}
	return m
}

// PieceNames returns the names of the puzzle's pieces: none for a puzzle
// that is not a tiling.
func (s *Spec) PieceNames() []string {
	if s.Puzzle == nil {
		return nil
	}
	return s.Puzzle.PieceNames()
}

// MatrixRows returns the options of Spec.Matrix that the nth distinct
// solution (counted from 1 in canonical order) chooses, searching for it,
// and the number of distinct solutions: no rows if nth is past it.
func (s *Spec) MatrixRows(ctx context.Context, nth int) ([]int, int, error) {
	if s.Cover != nil {
		sols, _, total, err := cover.Pick(ctx, s.Cover, 0, nth)
		if err != nil || len(sols) == 0 {
			return nil, total, err
		}
		return sols[0], total, nil
	}
	sols, total, err := s.Puzzle.Pick(ctx, Pick{Nth: nth})
	if err != nil || len(sols) == 0 {
		return nil, total, err
	}
	key := func(pl Placement) string {
		cells := slices.Clone(pl.Cells)
		slices.SortFunc(cells, Cell.Compare)
		return fmt.Sprint(pl.Piece, cells)
	}
	index := map[string]int{}
	for k, pl := range s.Puzzle.Placements() {
		index[key(pl)] = k
	}
	var rows []int
	for _, pl := range sols[0].Placements() {
		rows = append(rows, index[key(pl)])
	}
	slices.Sort(rows)
	return rows, total, nil
}
