package tiling

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/polytile/polytile/puzzles/geom"
)

// TestAgainstBruteForceSticks checks both engines, with and without
// symmetry breaking, crossings forbidden and allowed, against the brute
// force (bruteSegments) on small stick boards and random sets of
// polysticks cut from them.
func TestAgainstBruteForceSticks(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	var boards []bruteBoard
	for i, bd := range []struct {
		pic  string
		syms int
	}{
		{"+-+-+\n| | |\n+-+-+\n| | |\n+-+-+\n", 8},
		{"+-+-+-+\n| | | |\n+-+-+-+\n| | | |\n+-+-+-+\n", 4},
		{"+-+-+-+-+-+\n| | | | | |\n+-+-+-+-+-+\n", 4},
		{"+-+-+\n| | |\n+-+-+\n| |\n+-+\n", 2},
		{"+-+-+-+\n| | | |\n+-+-+-+\n| | | |\n+-+-+-+\n| | | |\n+-+-+-+\n", 8},
	} {
		b, err := geom.ParseBoardOn(geom.Stick, bd.pic)
		if err != nil {
			t.Fatal(err)
		}
		boards = append(boards, bruteBoard{fmt.Sprint("board ", i), b, bd.syms})
	}
	checkAgainstBruteForce(t, geom.Stick, rng, boards, 8, 20)
}

// TestPublishedSticks checks counts that Polyform Puzzler publishes for
// polystick puzzles (its OneSidedWeldedTetrasticksTriangle and
// …Trapezoid, and Polysticks123_4x4ClippedCorners2), pieces never
// crossing, distinct under the board's symmetries, with both counts
// checked against the brute force.
func TestPublishedSticks(t *testing.T) {
	welded := func() []geom.Piece {
		pcs := mustSet(t, "one-sided-tetrasticks")
		return slices.DeleteFunc(pcs, func(p geom.Piece) bool {
			return !slices.Contains([]string{"F", "F'", "H", "H'", "R", "R'", "T", "X", "Y", "Y'"}, p.Name)
		})
	}
	small := func() []geom.Piece {
		pcs := mustSet(t, "tristicks")
		for _, s := range []struct{ name, pic string }{{"I1", "+-+"}, {"I2", "+-+-+"}, {"V2", "+\n|\n+-+"}} {
			p, err := geom.ParsePieceOn(geom.Stick, s.name, s.pic)
			if err != nil {
				t.Fatal(err)
			}
			pcs = append(pcs, p)
		}
		return pcs
	}
	for _, tc := range []struct {
		name, board   string
		pieces        []geom.Piece
		raw, distinct int
	}{
		{"welded triangle", "+-+\n| |\n+-+-+\n| | |\n+-+-+-+\n| | | |\n+-+-+-+-+\n| | | | |\n+-+-+-+-+-+\n| | | | | |\n+-+-+-+-+-+\n", welded(), 18, 9},
		{"welded trapezoid", "    +-+-+-+\n    | | | |\n  +-+-+-+-+-+\n  | | | | | |\n+-+-+-+-+-+-+-+\n| | | | | | | |\n+-+-+-+-+-+-+-+\n", welded(), 14, 7},
		{"1 to 3 in a 3×3 grid clipped at the top", "  +-+\n  | |\n+-+-+-+\n| | | |\n+-+-+-+\n| | | |\n+-+-+-+\n", small(), 264, 132},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b, err := geom.ParseBoardOn(geom.Stick, tc.board)
			if err != nil {
				t.Fatal(err)
			}
			p, err := New(tc.name, b, tc.pieces)
			if err != nil {
				t.Fatal(err)
			}
			res, err := p.Solve(context.Background(), nil)
			if err != nil {
				t.Fatal(err)
			}
			raw, classes, _ := bruteSegments(geom.Stick, b.Cells(), p.pieces, false)
			if res.Raw != int64(tc.raw) || len(res.Distinct) != tc.distinct || raw != tc.raw || classes != tc.distinct {
				t.Errorf("raw %d, distinct %d (brute force %d, %d); published %d, %d", res.Raw, len(res.Distinct), raw, classes, tc.raw, tc.distinct)
			}
		})
	}
}
