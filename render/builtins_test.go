package render_test

import (
	"bytes"
	"context"
	"testing"
	"time"

	"github.com/polytile/polytile/gallery"
	"github.com/polytile/polytile/puzzles"
	"github.com/polytile/polytile/puzzles/specs"
	"github.com/polytile/polytile/render"
)

// Every built-in puzzle, of every kind, goes through the library's
// documented path (Example): load, solve through Problem, lay out the
// distinct solutions (or, with none, the puzzle) and encode them, without
// a panic.
func TestDocumentedPathEveryBuiltin(t *testing.T) {
	kinds := map[string]bool{}
	for _, b := range specs.Builtins() {
		t.Run(b.Name, func(t *testing.T) {
			spec, err := specs.Load(b.Name)
			if err != nil {
				t.Fatal(err)
			}
			kinds[b.Kind] = true
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			res, err := spec.Problem.Solve(ctx, &puzzles.SolveConfig{Limit: 2})
			if err != nil && ctx.Err() == nil {
				t.Fatal(err)
			}
			sheets, err := gallery.Classes(res.Distinct, &gallery.Options{CellSize: 8})
			if len(res.Distinct) == 0 {
				sheets, err = gallery.Problem(spec.Problem, nil)
			}
			if err != nil {
				t.Fatal(err)
			}
			var b bytes.Buffer
			if err := render.Encode(&b, render.FormatSVG, sheets, nil); err != nil || b.Len() == 0 {
				t.Fatalf("Encode: %d bytes, %v", b.Len(), err)
			}
		})
	}
	for _, kind := range []string{"tiling", "sudoku", "queens", "exact-cover"} {
		if !kinds[kind] {
			t.Errorf("no built-in puzzle of kind %s went through the path", kind)
		}
	}
}
