package gallery

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/polytile/polytile/puzzles"
	"github.com/polytile/polytile/puzzles/specs"
	"github.com/polytile/polytile/puzzles/tiling"
)

// legendTexts returns the names the legend of sheet writes, in order.
func legendTexts(sh *Sheet) []string {
	var out []string
	for _, f := range sh.Frames {
		if strings.HasPrefix(f.Title, "legend: ") {
			out = append(out, f.Letters[0].Text)
		}
	}
	return out
}

// The legend of a figure of a puzzle whose counts are not fixed says how
// many copies of each such piece the figure puts down, from the
// solution's placements; a piece of fixed count is named alone, and a
// piece no frame puts down has no entry.
func TestLegendCopiesUsed(t *testing.T) {
	spec, err := specs.Parse("ranges.yaml", []byte("board: {rows: 2, cols: 3}\n"+
		"pieces:\n  - {name: I, shape: '###'}\n  - {name: D, shape: '##', count: 0..1}\n  - {name: m, shape: '#', count: any}\n"))
	if err != nil {
		t.Fatal(err)
	}
	res, err := spec.Problem.Solve(context.Background(), &puzzles.SolveConfig{})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Distinct) != 2 {
		t.Fatalf("%d distinct solutions, want 2 (I above D and m, I above three m)", len(res.Distinct))
	}
	names := []string{"I", "D", "m"}
	lo, hi := map[string]int{"D": 99, "m": 99}, map[string]int{}
	var sols []*tiling.Solution
	for _, d := range res.Distinct {
		sol := d.Solution.(*tiling.Solution)
		sols = append(sols, sol)
		n := make([]int, len(names))
		for _, pl := range sol.Placements() {
			n[pl.Piece]++
		}
		want := []string{"I"}
		for i, name := range names[1:] {
			c := n[i+1]
			lo[name], hi[name] = min(lo[name], c), max(hi[name], c)
			if c > 0 {
				want = append(want, fmt.Sprintf("%s ×%d", name, c))
			}
		}
		sheets, err := Solutions([]*tiling.Solution{sol}, &Options{Legend: true})
		if err != nil {
			t.Fatal(err)
		}
		if got := legendTexts(sheets[0]); !slices.Equal(got, want) {
			t.Errorf("solution of %v copies: legend %q, want %q", n, got, want)
		}
	}
	// Both solutions in one figure: the copies from the fewest to the most.
	sheets, err := Solutions(sols, &Options{Legend: true})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"I", fmt.Sprintf("D ×%d..%d", lo["D"], hi["D"]), fmt.Sprintf("m ×%d..%d", lo["m"], hi["m"])}
	if got := legendTexts(sheets[0]); !slices.Equal(got, want) || lo["m"] == hi["m"] {
		t.Errorf("the figure of both: legend %q, want %q", got, want)
	}
	// A puzzle of fixed counts: the names alone, copies or not.
	for _, name := range []string{"two-pieces", "pentominoes-3x20"} {
		sheets, err := Solutions(distinct(t, name, 1), &Options{Legend: true})
		if err != nil {
			t.Fatal(err)
		}
		got := legendTexts(sheets[0])
		if len(got) == 0 || strings.Contains(strings.Join(got, ","), "×") {
			t.Errorf("%s: legend %q, want the pieces' names alone", name, got)
		}
	}
}
