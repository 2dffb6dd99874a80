package gallery

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"strings"

	"github.com/polytile/polytile/puzzles"
	"github.com/polytile/polytile/puzzles/results"
	"github.com/polytile/polytile/puzzles/specs"
)

// MaxTreeNodes is the most nodes a search tree that Draw lays out may
// have: the whole tree's, or those kept down to Figure.Depth.
const MaxTreeNodes = 500

// Figure chooses what Draw lays out of a puzzle: its solutions, as Pick
// chooses them, or one figure: the puzzle itself (the empty board and the
// pieces), its exact-cover matrix (with the rows of the Pick.Nth distinct
// solution marked), or the search tree of Algorithm X over the matrix,
// down to Depth (0: all of it; see puzzles.TreeConfig).
type Figure struct {
	Pick   puzzles.Pick
	Puzzle bool
	Matrix bool
	Tree   bool
	Depth  int
}

// NoSolutionError says that there is no solution to draw: none at all
// (Nth 0), or no Nth distinct one among the Total found (Total -1:
// unknown).
type NoSolutionError struct {
	Nth, Total int
}

func (e *NoSolutionError) Error() string {
	if e.Nth == 0 {
		return "no solutions: nothing to draw"
	}
	return fmt.Sprintf("no distinct solution %d among %d: nothing to draw", e.Nth, e.Total)
}

// StoppedError says that the search for the solutions to draw stopped,
// by its context, after it had found Found; nothing is drawn.
type StoppedError struct {
	Found int
	Err   error
}

func (e *StoppedError) Error() string {
	return fmt.Sprintf("search stopped after %d solutions: %v; nothing drawn", e.Found, e.Err)
}

func (e *StoppedError) Unwrap() error { return e.Err }

// Draw lays out the figure fig of spec's puzzle, searching with ctx for
// the solutions it needs. A search that ctx stops draws nothing: it
// returns a *StoppedError, or, for a search tree cut at fig.Depth whose
// count of what lies below the cut ctx stops, an error that matches
// ctx.Err() and says why (context.Cause). A search tree of more than
// MaxTreeNodes nodes (kept) is refused with a *puzzles.TreeTooLargeError.
func Draw(ctx context.Context, spec *specs.Spec, fig Figure, opt *Options) ([]*Sheet, error) {
	title := cmp.Or(spec.Title, spec.Name)
	switch {
	case fig.Puzzle:
		return Problem(spec.Problem, opt)
	case fig.Tree:
		return SearchTree(ctx, spec.Matrix(), puzzles.TreeConfig{Most: MaxTreeNodes, Depth: fig.Depth}, title, opt)
	case fig.Matrix:
		rows, total, err := spec.MatrixRows(ctx, fig.Pick.Nth)
		if err != nil {
			return nil, err
		}
		if fig.Pick.Nth > 0 && rows == nil {
			return nil, &NoSolutionError{Nth: fig.Pick.Nth, Total: total}
		}
		return Matrix(spec.Matrix(), rows, title, opt)
	}
	sols, found, err := puzzles.Choose(ctx, spec.Problem, fig.Pick)
	if cause := context.Cause(ctx); cause != nil {
		return nil, &StoppedError{Found: found, Err: cause}
	}
	if err != nil {
		return nil, err
	}
	numbers := []int{fig.Pick.Nth}
	if fig.Pick.Nth == 0 {
		numbers = make([]int, len(sols))
		for i := range numbers {
			numbers[i] = i + 1
		}
	}
	return AnswersContext(ctx, sols, numbers, fig.Pick.Nth, found, opt)
}

// DrawSaved lays out the figure fig of the solutions that saved holds, as
// results.Load read them with fig.Pick: the puzzle itself (fig.Puzzle), or
// the solutions, in frames numbered as in the file. A picture of a part of
// the solutions says so in its title. (The matrix and the search tree are
// figures of a puzzle, which Draw lays out.) It stops when ctx ends, as
// AnswersContext does.
func DrawSaved(ctx context.Context, saved *results.Saved, fig Figure, opt *Options) ([]*Sheet, error) {
	if fig.Puzzle {
		return Problem(saved.Spec.Problem, opt)
	}
	if saved.Partial != "" {
		opt.Title = strings.TrimPrefix(opt.Title+" — partial: "+saved.Partial, " — ")
	}
	return AnswersContext(ctx, saved.Solutions, saved.Numbers, fig.Pick.Nth, saved.Total, opt)
}

// CheckSaved refuses, before reading them, a drawing of the solutions of
// the saved file at path that fig chooses, each in per frames, that would
// take more memory than a layout may (CheckSize), with a *TooLargeError.
// It reads the file's first solution and its count (from its end line or
// its head), and leaves any other fault of the file to the full read.
func CheckSaved(ctx context.Context, path string, fig Figure, per int) error {
	if fig.Pick.Nth > 0 || fig.Puzzle {
		return nil
	}
	head, err := results.LoadContext(ctx, path, puzzles.Pick{Limit: 1})
	if err != nil || head.Total <= 0 {
		return nil
	}
	n := head.Total
	if fig.Pick.Limit > 0 {
		n = min(n, fig.Pick.Limit)
	}
	return CheckSize(head.Spec.Problem, per*min(n, math.MaxInt/per)) // a forged count must not wrap round
}

// LoadSaved reads the solutions of the saved file at path that fig
// draws, as results.LoadContext reads them with fig.Pick, for DrawSaved,
// after CheckSaved has refused (with a *TooLargeError) a drawing of them
// one to a frame that would take more memory than a layout may.
func LoadSaved(ctx context.Context, path string, fig Figure) (*results.Saved, error) {
	if err := CheckSaved(ctx, path, fig, 1); err != nil {
		return nil, err
	}
	return results.LoadContext(ctx, path, fig.Pick)
}

// LoadSite reads every solution of the saved file at path, as
// results.LoadAllContext does, for a web gallery (NewSiteContext), after
// CheckSaved has refused (with a *TooLargeError) one that would take
// more memory than a layout may: each solution is in two frames, the
// poster's and its page's.
func LoadSite(ctx context.Context, path string) (*results.All, error) {
	if err := CheckSaved(ctx, path, Figure{}, 2); err != nil {
		return nil, err
	}
	return results.LoadAllContext(ctx, path)
}
