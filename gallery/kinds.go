package gallery

import (
	"context"
	"fmt"
	"slices"

	"github.com/polytile/polytile/puzzles"
	"github.com/polytile/polytile/puzzles/geom"
	"github.com/polytile/polytile/puzzles/matrix"
	"github.com/polytile/polytile/puzzles/specs"
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
	// Compared by division: a forged count of frames must not wrap round.
	if per := int64(cells) * layoutBytesPerCell; per > 0 && int64(frames) > MaxLayoutBytes/per {
		return &TooLargeError{Frames: frames, Cells: cells, Bytes: int64(min(float64(frames)*float64(per), 1e18))}
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

// pieceKeys are the render keys about pieces: their colours, names and
// fills. Only a tiling's solutions and puzzle figure have pieces.
var pieceKeys = []string{"palette", "color", "letters", "legend", "style", "grid", "shade-copies"}

// UnusedKeyError is the error of a render key set for a figure that does
// not use it: a Sudoku has no pieces to colour or name.
type UnusedKeyError struct {
	Key    string // the render key
	Figure string // what is drawn, such as "a sudoku puzzle" or "the matrix figure"
	// Why is why the figure has no use for the key; "" for the usual
	// reason, that it has no pieces.
	Why string
}

func (e *UnusedKeyError) Error() string {
	if e.Why != "" {
		return fmt.Sprintf("%s %s, so nothing for it to change", e.Figure, e.Why)
	}
	return fmt.Sprintf("%s has no pieces, so nothing for it to change", e.Figure)
}

// CheckKeys returns an error, at its place in the spec or as a
// *specs.RenderKeyError wrapping an *UnusedKeyError, for the first
// render key r sets that the figure fig of p would not use: the keys
// about pieces, for a puzzle of a kind that has none, or for the figures
// of the method (the matrix and the search tree), which have none of any
// kind. For those figures a key the spec sets is no mistake (it is for
// its solutions); one set elsewhere, such as on a command line, is.
func CheckKeys(p puzzles.Problem, fig Figure, r *specs.RenderOptions) error {
	t, tiling := p.(*tiling.Puzzle)
	method := fig.Matrix || fig.Tree
	if tiling && !method {
		return checkSolidKeys(t, r)
	}
	what := "a " + p.Kind() + " puzzle"
	switch {
	case fig.Matrix:
		what = "the matrix figure"
	case fig.Tree:
		what = "the search tree"
	}
	for _, key := range r.Given() {
		if slices.Contains(pieceKeys, key) && !(method && r.FromSpec(key)) {
			return r.Fail(key, &UnusedKeyError{Key: key, Figure: what})
		}
	}
	return nil
}

// checkSolidKeys returns an error for a key r sets that a drawing of the
// tiling p does not use (CheckLatticeKeys).
func checkSolidKeys(p *tiling.Puzzle, r *specs.RenderOptions) error {
	return CheckLatticeKeys(p.Board().Lattice(), r)
}

// CheckLatticeKeys returns an error, at its place in the spec or as a
// *specs.RenderKeyError wrapping an *UnusedKeyError, for a key r sets
// that a drawing on lat, of a tiling or of pieces alike, does not use:
// view on the plane, which has no solids; grid on the stick lattice,
// whose pieces are lines; on the cube, in a view in space, the keys of
// flat drawings (the names on the pieces, the grid lines between their
// cells).
func CheckLatticeKeys(lat geom.Lattice, r *specs.RenderOptions) error {
	solid := inSpace(lat)
	if !solid && r.View.Set {
		return r.Fail("view", &UnusedKeyError{Key: "view", Figure: "the " + lat.Name() + " lattice", Why: "is flat, with no solid to view"})
	}
	if lat.CellShape() == geom.SegmentCells && slices.Contains(r.Given(), "grid") {
		return r.Fail("grid", &UnusedKeyError{Key: "grid", Figure: "polysticks",
			Why: "are drawn as lines along their segments, with no cells inside to rule"})
	}
	if !solid || r.View.Value == ViewLayers {
		return nil
	}
	for _, key := range []string{"letters", "grid"} {
		if slices.Contains(r.Given(), key) {
			return r.Fail(key, &UnusedKeyError{Key: key, Figure: "a solid drawn in space",
				Why: "shows no names or grid lines on its faces (view: layers does)"})
		}
	}
	return nil
}
