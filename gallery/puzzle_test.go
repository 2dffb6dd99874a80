package gallery

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/polytile/polytile/puzzles"
	"github.com/polytile/polytile/puzzles/matrix"
	"github.com/polytile/polytile/puzzles/specs"
	"github.com/polytile/polytile/puzzles/tiling"
)

func TestPuzzle(t *testing.T) {
	for _, tt := range []struct {
		name   string
		opt    Options
		pieces int
	}{
		{"scott", Options{Title: "Scott"}, 12},
		{"hexiamonds-4x9", Options{}, 12},
		{"tetrahexes-4x7", Options{Style: StyleOutline}, 7},
		{"pentominoes-6x10", Options{Width: 400}, 12},
	} {
		t.Run(tt.name, func(t *testing.T) {
			spec, err := specs.Load(tt.name)
			if err != nil {
				t.Fatal(err)
			}
			sheets, err := Puzzle(tilingOf(t, spec), &tt.opt)
			if err != nil {
				t.Fatal(err)
			}
			if len(sheets) != 1 {
				t.Fatalf("%d sheets, want 1", len(sheets))
			}
			s := sheets[0]
			if len(s.Frames) != 1+tt.pieces {
				t.Fatalf("%d frames, want the board and %d pieces", len(s.Frames), tt.pieces)
			}
			board := s.Frames[0]
			if len(board.Shapes) != 1 || len(board.Borders) == 0 {
				t.Errorf("the board has %d shapes and %d borders, want one shape and its outline", len(board.Shapes), len(board.Borders))
			}
			if tt.opt.Style == StyleOutline {
				if board.Shapes[0].Fill.A != 0 || len(board.Grid) != 0 {
					t.Errorf("an outline board is filled %v with %d grid lines, want neither", board.Shapes[0].Fill, len(board.Grid))
				}
			} else if board.Shapes[0].Fill != boardFill || len(board.Grid) == 0 {
				t.Errorf("the board is filled %v with %d grid lines, want %v and its cells ruled", board.Shapes[0].Fill, len(board.Grid), boardFill)
			}
			// The pieces lie below the board, inside the sheet, each with
			// its name.
			for i, f := range s.Frames[1:] {
				want := tilingOf(t, spec).Pieces()[i].Name
				if f.Caption == nil || f.Caption.Text != want || f.Shapes[0].Piece != want {
					t.Errorf("frame %d is not piece %s", i+2, want)
				}
				if f.Y < board.Y+board.Height || f.X < 0 || f.X+f.Width > s.Width || f.Y+f.Height > s.Height {
					t.Errorf("piece %s at %g,%g (%g × %g): not below the board on the %g × %g sheet", want, f.X, f.Y, f.Width, f.Height, s.Width, s.Height)
				}
			}
			if tt.opt.Width > 0 {
				if w, h := s.Size(); w != tt.opt.Width || math.Abs(w/h-s.Width/s.Height) > 1e-9 {
					t.Errorf("drawn at %g × %g, want %g wide in the sheet's proportions", w, h, tt.opt.Width)
				}
			}
		})
	}
}

// The figure of a puzzle: its empty board, then its pieces.
func ExamplePuzzle() {
	spec, err := specs.Load("scott")
	if err != nil {
		panic(err)
	}
	sheets, err := Puzzle(spec.Problem.(*tiling.Puzzle), &Options{Title: spec.Title})
	if err != nil {
		panic(err)
	}
	s := sheets[0]
	fmt.Println(s.Title.Text)
	fmt.Println(s.Frames[0].Title, "with", len(s.Frames[0].Grid), "grid lines")
	for _, f := range s.Frames[1:4] {
		fmt.Println(f.Title)
	}
	// Output:
	// Dana Scott's pentomino problem
	// the board with 20 grid lines
	// F
	// I
	// L
}

func TestChosen(t *testing.T) {
	sols := distinct(t, "scott", 0)
	for _, tt := range []struct {
		sols         []*tiling.Solution
		nth, found   int
		frames       int
		title, label string
	}{
		{sols[6:7], 7, 65, 1, "solution 7 of 65", "7"},
		{sols[6:7], 7, -1, 1, "solution 7", "7"},
		{sols[:5], 0, 65, 5, "solution 1 of 5", "1"},
	} {
		answers := make([]puzzles.Answer, len(tt.sols))
		for i, s := range tt.sols {
			answers[i] = s
		}
		sheets, err := Answers(answers, nil, tt.nth, tt.found, &Options{Labels: true})
		if err != nil {
			t.Fatal(err)
		}
		f := sheets[0].Frames[0]
		if len(sheets[0].Frames) != tt.frames || f.Title != tt.title || f.Caption.Text != tt.label {
			t.Errorf("Answers(%d of %d): %d frames, the first %q captioned %q; want %d, %q, %q", tt.nth, tt.found, len(sheets[0].Frames), f.Title, f.Caption.Text, tt.frames, tt.title, tt.label)
		}
	}
}

func TestSearchTree(t *testing.T) {
	m, _ := matrix.ParseDLX("k.dlx", strings.NewReader("A B C D E F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n"))
	sheets, err := SearchTree(context.Background(), m, puzzles.TreeConfig{Most: 100}, "Knuth", nil)
	if err != nil {
		t.Fatal(err)
	}
	f := sheets[0].Frames[0]
	boxes := map[string]int{}
	for _, sh := range f.Shapes {
		boxes[sh.Piece]++
	}
	if len(f.Shapes) != 6 || boxes["solution"] != 1 || boxes["× E"] != 1 || boxes["A"] != 1 {
		t.Errorf("the tree's boxes: %v", boxes)
	}
	if _, err := SearchTree(context.Background(), m, puzzles.TreeConfig{Most: 3}, "", nil); !errors.As(err, new(*puzzles.TreeTooLargeError)) {
		t.Errorf("a tree past its limit: %v", err)
	}
}

// The puzzle figure says which pieces come in any number.
func TestPuzzleAnyCount(t *testing.T) {
	spec, err := specs.Parse("any.yaml", []byte("board: {rows: 5, cols: 5}\npieces: [{set: pentominoes, count: any}]\n"))
	if err != nil {
		t.Fatal(err)
	}
	sheets, err := Puzzle(tilingOf(t, spec), nil)
	if err != nil {
		t.Fatal(err)
	}
	captions := 0
	for _, f := range sheets[0].Frames {
		if f.Caption != nil && strings.HasSuffix(f.Caption.Text, " ×any") {
			captions++
		}
	}
	if captions != 12 {
		t.Errorf("%d pieces captioned ×any, want the 12 pentominoes", captions)
	}
}

// tilingOf returns the tiling that spec s describes, failing tb if it is
// a puzzle of another kind.
func tilingOf(tb testing.TB, s *specs.Spec) *tiling.Puzzle {
	tb.Helper()
	p, ok := s.Problem.(*tiling.Puzzle)
	if !ok {
		tb.Fatalf("%s is a %s puzzle, not a tiling", s.Name, s.Kind())
	}
	return p
}
