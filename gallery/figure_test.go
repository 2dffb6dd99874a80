package gallery

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/polytile/polytile/puzzles"
	"github.com/polytile/polytile/puzzles/results"
	"github.com/polytile/polytile/puzzles/specs"
	"github.com/polytile/polytile/puzzles/tiling"
)

// Draw lays out each figure of a puzzle, says when there is no solution
// to draw, and draws nothing from a search that was stopped.
func TestDrawFigures(t *testing.T) {
	spec, err := specs.Load("pentominoes-3x20")
	if err != nil {
		t.Fatal(err)
	}
	knuth, err := specs.Load("knuth-7")
	if err != nil {
		t.Fatal(err)
	}
	stopped, cancel := context.WithCancelCause(context.Background())
	cause := errors.New("told to stop")
	cancel(cause)
	tests := []struct {
		name   string
		ctx    context.Context
		spec   *specs.Spec
		fig    Figure
		frames int
		err    error
	}{
		{"every solution", context.Background(), spec, Figure{}, 2, nil},
		{"the second", context.Background(), spec, Figure{Pick: puzzles.Pick{Nth: 2}}, 1, nil},
		{"past the last", context.Background(), spec, Figure{Pick: puzzles.Pick{Nth: 3}}, 0, &NoSolutionError{Nth: 3, Total: 2}},
		{"the puzzle", context.Background(), spec, Figure{Puzzle: true}, 1, nil},
		{"the matrix", context.Background(), knuth, Figure{Matrix: true}, 1, nil},
		{"the matrix, no such row set", context.Background(), knuth, Figure{Matrix: true, Pick: puzzles.Pick{Nth: 2}}, 0, &NoSolutionError{Nth: 2, Total: 1}},
		{"the search tree", context.Background(), knuth, Figure{Tree: true}, 1, nil},
		{"stopped", stopped, spec, Figure{}, 0, &StoppedError{Found: 0, Err: cause}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sheets, err := Draw(tt.ctx, tt.spec, tt.fig, &Options{})
			if tt.err != nil {
				var none *NoSolutionError
				var stop *StoppedError
				switch want := tt.err.(type) {
				case *NoSolutionError:
					if !errors.As(err, &none) || *none != *want {
						t.Fatalf("Draw error %v, want %v", err, want)
					}
				case *StoppedError:
					if !errors.As(err, &stop) || !errors.Is(err, cause) || sheets != nil {
						t.Fatalf("Draw = %d sheets, error %v; want none and %v", len(sheets), err, want)
					}
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			frames := 0
			for _, s := range sheets {
				frames += len(s.Frames)
			}
			if frames < tt.frames || frames == 0 {
				t.Errorf("Draw laid out %d frames, want %d", frames, tt.frames)
			}
		})
	}
}

// DrawSaved draws a saved file's solutions, its title saying when the file
// holds a part of them, or the puzzle; CheckSaved refuses a drawing too
// large before it reads the solutions, and lets the rest through.
func TestDrawSaved(t *testing.T) {
	spec, err := specs.Load("pentominoes-3x20")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "first.jsonl")
	run, err := results.Solve(context.Background(), spec, &puzzles.SolveConfig{Limit: 1}, path)
	if err != nil || run == nil {
		t.Fatalf("Solve: %v", err)
	}
	saved, err := results.Load(path, puzzles.Pick{})
	if err != nil {
		t.Fatal(err)
	}
	if saved.Partial == "" || len(saved.Solutions) != 1 {
		t.Fatalf("the file of a search stopped at 1 solution holds %d, partial %q", len(saved.Solutions), saved.Partial)
	}
	sheets, err := DrawSaved(context.Background(), saved, Figure{}, &Options{Title: "Pentominoes"})
	if err != nil {
		t.Fatal(err)
	}
	if title := sheets[0].Title; title == nil || title.Text != "Pentominoes — partial: "+saved.Partial || len(sheets[0].Frames) != 1 {
		t.Errorf("DrawSaved: title %v, %d frames; want the partial title and 1 frame", title, len(sheets[0].Frames))
	}
	puzzle, err := DrawSaved(context.Background(), saved, Figure{Puzzle: true}, &Options{})
	if err != nil || len(puzzle) != 1 || puzzle[0].Title != nil {
		t.Errorf("DrawSaved of the puzzle: %v, %v", puzzle, err)
	}

	ctx := context.Background()
	if err := CheckSaved(ctx, path, Figure{}, 2); err != nil {
		t.Errorf("CheckSaved of one solution: %v", err)
	}
	huge := int(MaxLayoutBytes/layoutBytesPerCell/60) + 1 // frames per solution past the bound
	if err := CheckSaved(ctx, path, Figure{}, huge); !errors.As(err, new(*TooLargeError)) {
		t.Errorf("CheckSaved of %d frames of 60 cells = %v, want a *TooLargeError", huge, err)
	}
	if err := CheckSaved(ctx, path, Figure{Pick: puzzles.Pick{Nth: 1}}, huge); err != nil {
		t.Errorf("CheckSaved of one chosen solution: %v", err)
	}
	if err := CheckSaved(ctx, filepath.Join(t.TempDir(), "none.jsonl"), Figure{}, huge); err != nil {
		t.Errorf("CheckSaved of a missing file = %v, want nil (the full read says)", err)
	}
}

// A layout stops when its context ends, with an error that says why, for
// every kind and every way in: Layout, Answers, DrawSaved and a site.
func TestLayoutStops(t *testing.T) {
	tiles, err := specs.Load("pentominoes-3x20")
	if err != nil {
		t.Fatal(err)
	}
	queens, err := specs.Load("queens-8")
	if err != nil {
		t.Fatal(err)
	}
	answers := func(spec *specs.Spec) []puzzles.Answer {
		sols, _, err := puzzles.Choose(context.Background(), spec.Problem, puzzles.Pick{})
		if err != nil || len(sols) == 0 {
			t.Fatalf("%s: %d solutions, %v", spec.Name, len(sols), err)
		}
		return sols
	}
	tileSols, queenSols := answers(tiles), answers(queens)
	why := errors.New("the user pressed Ctrl-C")
	ctx, cancel := context.WithCancelCause(context.Background())
	cancel(why)
	classes := make([]puzzles.Class, len(tileSols))
	for i, s := range tileSols {
		classes[i] = puzzles.Class{Solution: s, Orbit: 4}
	}
	for name, lay := range map[string]func(context.Context) ([]*Sheet, error){
		"layout": func(ctx context.Context) ([]*Sheet, error) {
			return LayoutContext(ctx, []Item{{Solution: tileSols[0].(*tiling.Solution)}}, nil)
		},
		"tilings": func(ctx context.Context) ([]*Sheet, error) {
			return AnswersContext(ctx, tileSols, []int{1, 2}, 0, 2, nil)
		},
		"queens": func(ctx context.Context) ([]*Sheet, error) {
			return AnswersContext(ctx, queenSols, make([]int, len(queenSols)), 0, len(queenSols), nil)
		},
		"saved": func(ctx context.Context) ([]*Sheet, error) {
			return DrawSaved(ctx, &results.Saved{Spec: queens, Solutions: queenSols, Numbers: make([]int, len(queenSols)), Total: len(queenSols)}, Figure{}, nil)
		},
		"site": func(ctx context.Context) ([]*Sheet, error) {
			site, err := NewSiteContext(ctx, classes, nil)
			if err != nil {
				return nil, err
			}
			return []*Sheet{site.Poster}, nil
		},
	} {
		if sheets, err := lay(context.Background()); err != nil || len(sheets) == 0 {
			t.Errorf("%s: %d sheets, %v", name, len(sheets), err)
		}
		if sheets, err := lay(ctx); !errors.Is(err, context.Canceled) || !strings.Contains(fmt.Sprint(err), why.Error()) || sheets != nil {
			t.Errorf("%s stopped: %d sheets, %v; want none and an error that says why", name, len(sheets), err)
		}
	}
}
