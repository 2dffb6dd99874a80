package specs

import (
	"context"

	"github.com/polytile/polytile/puzzles"
)

// Matrix returns the exact-cover matrix of the spec's problem, with names
// for people (Problem.Matrix).
func (s *Spec) Matrix() *puzzles.Matrix { return s.Problem.Matrix() }

// PieceNames returns the names of the puzzle's pieces: none for a puzzle
// that is not a tiling.
func (s *Spec) PieceNames() []string {
	if pn, ok := s.Problem.(pieceNamer); ok {
		return pn.PieceNames()
	}
	return nil
}

// pieceNamer is a Problem with named pieces: a tiling.
type pieceNamer interface{ PieceNames() []string }

// MatrixRows returns the options of Spec.Matrix that the nth distinct
// solution (counted from 1 in canonical order) chooses, searching for it,
// and the number of distinct solutions: no rows if nth is past it.
func (s *Spec) MatrixRows(ctx context.Context, nth int) ([]int, int, error) {
	sols, total, err := puzzles.Choose(ctx, s.Problem, puzzles.Pick{Nth: nth})
	if err != nil || len(sols) == 0 {
		return nil, total, err
	}
	return sols[0].Rows(), total, nil
}

// Kind returns the kind of the spec's puzzle (Kinds).
func (s *Spec) Kind() string { return s.Problem.Kind() }
