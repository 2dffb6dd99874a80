package frontier

import (
	"context"
	"fmt"
	"math/big"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/polytile/polytile/puzzles"
	"github.com/polytile/polytile/puzzles/geom"
)

// A state and its image under a symmetry that keeps the positions before
// it are completed in as many ways: every symmetry's fixed count is the
// same with the raw count's states mapped to their least image and
// without, whole and in three parts, on rectangles of small pieces,
// trominoes, L and T tetrominoes and pentominoes, and on discs of
// squares, triangles and hexagons by polyforms, and by the folds of a
// count of the raw tilings alone; and the states are
// mapped where they should be: at the start of every line of a rectangle,
// somewhere on some board of each lattice.
func TestMirrorCounts(t *testing.T) {
	defer func(nm, np bool) { noMirror, noPfaffian = nm, np }(noMirror, noPfaffian)
	noPfaffian = true
	type mirrorCase struct {
		name    string
		p       *Problem
		mirrors int    // how many positions map states; -1: any
		lattice string // the lattice whose cases map states somewhere
	}
	var cases []mirrorCase
	for _, rc := range [][2]int{{5, 7}, {6, 6}, {4, 9}} {
		cases = append(cases, mirrorCase{fmt.Sprintf("small pieces %d × %d", rc[0], rc[1]), smallPieces(rc[0], rc[1]), lines(rc), ""})
	}
	for _, tc := range reachCases() {
		cases = append(cases, mirrorCase{tc.name, tc.p, -1, "squares"})
	}
	for _, rc := range [][2]int{{5, 6}, {4, 10}, {6, 10}} {
		b, err := geom.NewRectBoardOn(geom.Square, rc[0], rc[1], nil)
		if err != nil {
			t.Fatal(err)
		}
		cases = append(cases, mirrorCase{fmt.Sprintf("pentominoes %d × %d", rc[0], rc[1]), polyforms(geom.Square, b.Cells(), 5), lines(rc), ""})
	}
	raw := smallPieces(5, 8) // the raw count alone, states mapped by the folds
	raw.Folds, raw.Symmetries = raw.Symmetries, raw.Symmetries[:1]
	cases = append(cases, mirrorCase{"small pieces 5 × 8, raw, folds", raw, 7, ""})
	rng := rand.New(rand.NewPCG(3, 41))
	for k, l := range []struct {
		name   string
		lat    geom.Lattice
		centre [2]float64
	}{{"squares", geom.Square, [2]float64{0.5, 0.5}}, {"triangles", geom.Triangle, [2]float64{0, -1 / 1.7320508075688772}},
		{"hexagons", geom.Hexagon, [2]float64{0, -1}}} {
		for j, sz := range [][]int{{3}, {2, 3}, {4}} {
			r := 2.2 + 0.5*float64(j+k)
			cells := disc(l.lat, 20+l.centre[0], 20+l.centre[1], r, 0, rng)
			cases = append(cases, mirrorCase{fmt.Sprintf("%s r %.1f sizes %v", l.name, r, sz), polyforms(l.lat, cells, sz...), -1, l.name})
		}
		b, err := geom.NewRectBoardOn(l.lat, 4, 7, nil)
		if err != nil {
			t.Fatal(err)
		}
		cases = append(cases, mirrorCase{l.name + " 4 × 7 sizes [3]", polyforms(l.lat, b.Cells(), 3), -1, l.name})
	}
	mapped := map[string]bool{}
	for _, tc := range cases {
		noMirror = false
		got := len(newPlan(tc.p, 0).mirrors)
		mapped[tc.lattice] = mapped[tc.lattice] || got > 0
		if tc.mirrors >= 0 && got != tc.mirrors {
			t.Errorf("%s: states mapped at %d positions, want %d", tc.name, got, tc.mirrors)
		}
		with, err := Count(context.Background(), tc.p, &puzzles.CountConfig{Workers: 2})
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		checkParts(t, tc.name, tc.p, with)
		noMirror = true
		without, err := Count(context.Background(), tc.p, &puzzles.CountConfig{Workers: 2})
		if err != nil {
			t.Fatalf("%s, states not mapped: %v", tc.name, err)
		}
		if !slices.EqualFunc(with.Fixed, without.Fixed, func(a, b *big.Int) bool { return a.Cmp(b) == 0 }) {
			t.Errorf("%s: fixed %v with states mapped, %v without", tc.name, with.Fixed, without.Fixed)
		}
	}
	for _, l := range []string{"squares", "triangles", "hexagons"} {
		if !mapped[l] {
			t.Errorf("no board of %s mapped states: the test proves little", l)
		}
	}
}

// lines returns where a rectangle's states are mapped: at the start of
// each line of the scan but the first, across the narrower side, and on a
// square also past its first cell and before its last (which its diagonal
// keeps).
func lines(rc [2]int) int {
	if rc[0] == rc[1] {
		return rc[0] + 1
	}
	return max(rc[0], rc[1]) - 1
}

// A symmetry of the board that the pieces do not share (S tetrominoes,
// turned but never reflected, and the rectangle's mirrors) maps no
// states; where the pieces share it, the lines of the rectangle share
// the table of its map, but for the last, whose windows pass the end.
func TestMirrorNotShared(t *testing.T) {
	s := [][][2]int{{{0, 1}, {0, 2}, {1, 0}, {1, 1}}, {{0, 0}, {1, 0}, {1, 1}, {2, 1}}}
	p := shaped(4, 8, s)
	if m := newPlan(p, 0).mirrors; len(m) != 0 {
		t.Errorf("S tetrominoes: states mapped at %d positions by symmetries the pieces do not have", len(m))
	}
	p = shaped(4, 8, orient(s[0])) // the Z too
	m := newPlan(p, 0).mirrors
	if len(m) != 7 {
		t.Errorf("S and Z tetrominoes: states mapped at %d positions, want 7", len(m))
	}
	tables := map[*byteMap]bool{}
	for _, at := range m {
		for _, bm := range at.maps {
			tables[bm] = true
		}
	}
	if len(tables) != 3 {
		t.Errorf("S and Z tetrominoes: %d tables for the mirror at 7 lines, want 3 (the lines whose window passes the board's end have their own)", len(tables))
	}
}

// The board folded by a symmetry is mapped by the symmetries that map its
// orbits onto orbits: 6 × 8 folded by the half turn (24 orbits, its
// columns 0 to 3, scanned a column of 6 at a time), by the mirror across
// its rows, at the start of each column but the first; and its count is
// the same without.
func TestMirrorFolded(t *testing.T) {
	defer func(nm bool) { noMirror = nm }(noMirror)
	p := smallPieces(6, 8)
	pl := newPlan(p, 1) // the half turn
	var at []int
	for _, m := range pl.mirrors {
		at = append(at, m.at)
	}
	if !slices.Equal(at, []int{6, 12, 18}) {
		t.Errorf("6 × 8 folded by the half turn: states mapped at %v, want 6, 12, 18", at)
	}
	var fixed [2]*big.Int
	for i, off := range []bool{false, true} {
		noMirror = off
		s := &sweep{ctx: context.Background(), pl: newPlan(p, 1), workers: 2}
		v, err := s.count()
		if err != nil {
			t.Fatal(err)
		}
		fixed[i] = v
	}
	if fixed[0].Cmp(fixed[1]) != 0 || fixed[0].Sign() == 0 {
		t.Errorf("6 × 8 folded by the half turn: %v tilings with states mapped, %v without", fixed[0], fixed[1])
	}
}
