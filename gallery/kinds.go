package gallery

import (
	"context"
	"fmt"

	"github.com/polytile/polytile/puzzles"
	"github.com/polytile/polytile/puzzles/matrix"
	"github.com/polytile/polytile/puzzles/tiling"
)

// This file is where each kind of puzzle is drawn: a new kind adds its
// case to Answers and Problem.

// Answers lays out solutions of a puzzle of any kind, of total solutions
// (total < 0: a number not known), numbers giving each one's number. A
// tiling's are laid out as Chosen lays them out (nth > 0: the nth
// solution alone, titled with its number), the kinds of package matrix
// each in a frame. No solutions is a *NoSolutionError.
func Answers(sols []puzzles.Answer, numbers []int, nth, total int, opt *Options) ([]*Sheet, error) {
	return AnswersContext(context.Background(), sols, numbers, nth, total, opt)
}

// AnswersContext is Answers, which stops when ctx ends, with an error
// that matches ctx.Err() (errors.Is) and says why (context.Cause).
func AnswersContext(ctx context.Context, sols []puzzles.Answer, numbers []int, nth, total int, opt *Options) ([]*Sheet, error) {
	if len(sols) == 0 {
		return nil, &NoSolutionError{Nth: nth, Total: total}
	}
	switch first := sols[0].(type) {
	case *tiling.Solution:
		tilings := make([]*tiling.Solution, len(sols))
		for i, s := range sols {
			t, ok := s.(*tiling.Solution)
			if !ok {
				return nil, fmt.Errorf("gallery: solution %d is a %T, not a tiling as the first is", i+1, s)
			}
			tilings[i] = t
		}
		return chosen(ctx, tilings, nth, total, opt)
	case *matrix.Solution:
		options := make([][]int, len(sols))
		for i, s := range sols {
			m, ok := s.(*matrix.Solution)
			if !ok || m.Problem != first.Problem {
				return nil, fmt.Errorf("gallery: solution %d is not of the puzzle the first is of", i+1)
			}
			options[i] = m.Options
		}
		return matrixSolutions(ctx, first.Problem, options, numbers, total, opt)
	}
	return nil, fmt.Errorf("gallery: cannot draw a solution of type %T", sols[0])
}

// Problem lays out the problem p poses, before it is solved: a tiling's
// empty board and pieces (Puzzle), a Sudoku's givens, the empty board of N
// queens, a matrix with no rows chosen.
func Problem(p puzzles.Problem, opt *Options) ([]*Sheet, error) {
	switch q := p.(type) {
	case *tiling.Puzzle:
		return Puzzle(q, opt)
	case *matrix.Puzzle:
		return matrixPuzzle(q.Of, opt)
	}
	return nil, fmt.Errorf("gallery: cannot draw a %s puzzle", p.Kind())
}

// CheckSize says whether frames of p's solutions can be laid out within
// MaxLayoutBytes (a *TooLargeError if not), before any of them is read: a
// file of millions of solutions is refused before it fills the memory.
// A frame counts the cells of a tiling's board, or, for another kind, an
// option of its matrix a cell (a queens board's squares; a Sudoku's
// symbols in its cells, more than it draws).
func CheckSize(p puzzles.Problem, frames int) error {
	cells := 0
	switch q := p.(type) {
	case *tiling.Puzzle:
		cells = q.Board().Len()
	default:
		cells = len(p.Matrix().Options)
	}
	if bytes := int64(frames) * int64(cells) * layoutBytesPerCell; bytes > MaxLayoutBytes {
		return &TooLargeError{Frames: frames, Cells: cells, Bytes: bytes}
	}
	return nil
}

// CheckSite says whether a web gallery (NewSite) can show p's solutions:
// it shows tilings.
func CheckSite(p puzzles.Problem) error {
	if _, ok := p.(*tiling.Puzzle); !ok {
		return &SiteKindError{Kind: p.Kind()}
	}
	return nil
}

// SiteKindError is the error of a web gallery of a puzzle that is not a
// tiling.
type SiteKindError struct {
	Kind string // the puzzle's kind
}

func (e *SiteKindError) Error() string {
	return fmt.Sprintf("gallery: a web gallery shows tilings; a %s puzzle is drawn as a picture", e.Kind)
}
