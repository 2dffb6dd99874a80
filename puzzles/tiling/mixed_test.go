package tiling

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/polytile/polytile/puzzles"
	"github.com/polytile/polytile/puzzles/geom"
)

// mixedCase is a random puzzle whose pieces mix fixed counts with any
// counts, and its covers and classes by a brute force.
type mixedCase struct {
	name         string
	board        *geom.Board
	pieces       []geom.Piece
	sym          Symmetry
	crossing     bool       // sticks: pieces may cross
	empty        geom.Piece // Options.Empty
	raw, classes int
}

// withEmpty draws, one time in three, how many cells a puzzle of pieces on
// b leaves empty (1, 0..2, any or 1..any), and returns it and the pieces
// that a brute force takes for it: pieces and a piece of one cell, as
// many as the empty cells.
func withEmpty(rng *rand.Rand, b *geom.Board, pieces []geom.Piece) (geom.Piece, []geom.Piece) {
	if rng.IntN(3) != 0 {
		return geom.Piece{}, pieces
	}
	e := []geom.Piece{{Count: 1}, {Count: 2, Spare: 2}, {Any: true}, {Count: 1, Any: true}}[rng.IntN(4)]
	area := e.Least()
	for _, pc := range pieces {
		area += len(pc.Cells) * pc.Least()
	}
	if area > b.Len() {
		return geom.Piece{}, pieces // the empty cells do not fit
	}
	mono := geom.Piece{Name: "empty", Cells: b.Lattice().Normalize(b.Cells()[:1]), Count: e.Count, Spare: e.Spare, Any: e.Any}
	return e, append(slices.Clip(pieces), mono)
}

// mixPieces draws two or three pieces of pool, at least one of a fixed
// count (1 or 2 copies) and one whose count is not fixed (any, 1..any,
// 0..1, 1..2 or 0..3), whose fewest copies fit in cells; ok is false if
// the draw does not.
func mixPieces(rng *rand.Rand, pool []geom.Piece, cells int) ([]geom.Piece, bool) {
	k := 2 + rng.IntN(2)
	var pieces []geom.Piece
	for _, i := range rng.Perm(len(pool))[:min(k, len(pool))] {
		pc := pool[i]
		pc.Cells = slices.Clone(pc.Cells)
		pieces = append(pieces, pc)
	}
	area, most, unbounded := 0, 0, false
	loose := []geom.Piece{{Any: true}, {Count: 1, Any: true}, {Count: 1, Spare: 1}, {Count: 2, Spare: 1}, {Count: 3, Spare: 3}}
	for i := range pieces {
		pc := &pieces[i]
		if i == 1 {
			pc.Count = 1 + rng.IntN(2)
		} else {
			c := loose[rng.IntN(len(loose))]
			pc.Count, pc.Spare, pc.Any = c.Count, c.Spare, c.Any
		}
		area += len(pc.Cells) * pc.Least()
		most += pc.Area()
		unbounded = unbounded || pc.Any
	}
	if !unbounded && most < cells {
		return nil, false // no cover: draw again
	}
	rng.Shuffle(len(pieces), func(i, j int) { pieces[i], pieces[j] = pieces[j], pieces[i] })
	return pieces, area <= cells
}

// mixedName names a case by its board and its pieces' counts.
func mixedName(b *geom.Board, pieces []geom.Piece) string {
	var parts []string
	for _, pc := range pieces {
		parts = append(parts, fmt.Sprintf("%s×%s", pc.Name, pc.CountText()))
	}
	return fmt.Sprintf("%s %d cells %s", b.Lattice().Name(), b.Len(), strings.Join(parts, " "))
}

// mixedCases draws n random puzzles of mixed counts on each lattice of
// the plane and on boxes of cubes, each with its brute-force count.
func mixedCases(t *testing.T, n int) []mixedCase {
	rng := rand.New(rand.NewPCG(33, 1))
	pool := func(names ...string) []geom.Piece {
		var out []geom.Piece
		for _, name := range names {
			out = append(out, mustSet(t, name)...)
		}
		return out
	}
	var out []mixedCase
	// Squares: rectangles up to 4 × 5 with a hole now and then; the
	// symmetry group as the puzzle finds it, or none.
	squares := pool("monomino", "domino", "trominoes", "tetrominoes")
	for len(out) < n {
		rows, cols := 1+rng.IntN(4), 2+rng.IntN(4)
		var holes []geom.Cell
		if rows*cols > 6 && rng.IntN(3) == 0 {
			holes = []geom.Cell{{Row: rng.IntN(rows), Col: rng.IntN(cols)}}
		}
		b, err := geom.NewRectBoard(rows, cols, holes)
		if err != nil {
			t.Fatal(err)
		}
		pieces, ok := mixPieces(rng, squares, b.Len())
		if !ok {
			continue
		}
		sym := SymmetryAll
		if rng.IntN(4) == 0 {
			sym = SymmetryNone
		}
		empty, brute := withEmpty(rng, b, pieces)
		p, err := NewWith("", b, pieces, Options{Symmetry: sym, Empty: empty})
		if err != nil {
			t.Fatalf("%s: %v", mixedName(b, brute), err)
		}
		inGroup := func(tr int) bool {
			return slices.ContainsFunc(p.group, func(g symmetry) bool { return g.t == tr })
		}
		raw, classes := bruteCount(b, brute, inGroup)
		out = append(out, mixedCase{mixedName(b, brute), b, pieces, sym, false, empty, raw, classes})
	}
	// Triangles and hexagons: parallelograms of up to 12 cells.
	for _, lat := range []geom.Lattice{geom.Triangle, geom.Hexagon} {
		plane := pool("moniamond", "diamond", "triamond", "tetriamonds")
		if lat == geom.Hexagon {
			plane = pool("monohex", "dihex", "trihexes")
		}
		for made := 0; made < n/2; {
			rows, cols := 1+rng.IntN(3), 2+rng.IntN(4)
			b, err := geom.NewRectBoardOn(lat, rows, cols, nil)
			if err != nil {
				t.Fatal(err)
			}
			if b.Len() > 12 {
				continue
			}
			pieces, ok := mixPieces(rng, plane, b.Len())
			if !ok {
				continue
			}
			empty, brute := withEmpty(rng, b, pieces)
			raw, classes, _ := bruteCount6(lat, b.Cells(), brute)
			out = append(out, mixedCase{mixedName(b, brute), b, pieces, SymmetryAll, false, empty, raw, classes})
			made++
		}
	}
	// Boxes of cubes: a cube, a bar of two and the tricubes.
	cubes := pool("tricubes")
	one, err := geom.NewPiece(geom.Cube, "C1", []geom.Cell{{}})
	if err != nil {
		t.Fatal(err)
	}
	two, err := geom.NewPiece(geom.Cube, "C2", []geom.Cell{{}, {Col: 1}})
	if err != nil {
		t.Fatal(err)
	}
	cubes = append(cubes, one, two)
	for made := 0; made < n/4; {
		dims := vec{1 + rng.IntN(2), 1 + rng.IntN(2), 2 + rng.IntN(2)}
		b, err := geom.NewBoxBoard(dims[0], dims[1], dims[2], nil)
		if err != nil {
			t.Fatal(err)
		}
		pieces, ok := mixPieces(rng, cubes, b.Len())
		if !ok {
			continue
		}
		empty, brute := withEmpty(rng, b, pieces)
		raw, classes, _ := bruteCount3(dims, brute, SymmetryAll)
		out = append(out, mixedCase{mixedName(b, brute), b, pieces, SymmetryAll, false, empty, raw, classes})
		made++
	}
	// Sticks, crossing or not: small grids, a stick of one segment, the
	// two of two and the tristicks.
	sticks := pool("tristicks")
	for i, pic := range []string{"+-+", "+-+-+", "+-+\n|\n+"} {
		pc, err := geom.ParsePieceOn(geom.Stick, fmt.Sprintf("S%d", i), pic)
		if err != nil {
			t.Fatal(err)
		}
		sticks = append(sticks, pc)
	}
	grids := []string{
		"+-+-+\n| | |\n+-+-+\n",
		"+-+-+\n| | |\n+-+-+\n| | |\n+-+-+\n",
		"+-+-+-+\n| | | |\n+-+-+-+\n",
		"+-+-+\n| | |\n+-+-+\n| |\n+-+\n",
	}
	for made := 0; made < n/4; {
		b, err := geom.ParseBoardOn(geom.Stick, grids[rng.IntN(len(grids))])
		if err != nil {
			t.Fatal(err)
		}
		pieces, ok := mixPieces(rng, sticks, b.Len())
		if !ok {
			continue
		}
		crossing := rng.IntN(2) == 0
		empty, brute := withEmpty(rng, b, pieces)
		raw, classes, _ := bruteSegments(geom.Stick, b.Cells(), brute, crossing)
		out = append(out, mixedCase{fmt.Sprintf("%s crossing %v", mixedName(b, brute), crossing), b, pieces, SymmetryAll, crossing, empty, raw, classes})
		made++
	}
	return out
}

// Puzzles whose pieces mix fixed counts with any counts agree with a
// brute force on every engine, with and without symmetry breaking, in
// shards, and counted without listing: a cover puts down every copy of a
// piece of a fixed count, however many of the others fill the board.
func TestMixedCountsAgainstBruteForce(t *testing.T) {
	n := 60
	if testing.Short() {
		n = 20
	}
	cases := mixedCases(t, n)
	covered := 0
	for _, tc := range cases {
		if tc.raw > 0 {
			covered++
		}
	}
	if covered < len(cases)/3 || covered == len(cases) {
		t.Fatalf("%d of %d cases have covers: draw cases that test both", covered, len(cases))
	}
	ctx := context.Background()
	for i, tc := range cases {
		t.Run(fmt.Sprintf("%d %s", i, tc.name), func(t *testing.T) {
			p, err := NewWith("", tc.board, tc.pieces, Options{Symmetry: tc.sym, Crossing: tc.crossing, Empty: tc.empty})
			if err != nil {
				t.Fatal(err)
			}
			engines := []puzzles.Engine{puzzles.EngineAuto, puzzles.EngineDLX, puzzles.EngineFill}
			if p.noCrossing() {
				engines = engines[:2] // the fill engine does not keep pieces from crossing
			}
			for _, eng := range engines {
				for _, nb := range []bool{false, true} {
					res, err := p.Solve(ctx, &puzzles.SolveConfig{Engine: eng, NoSymmetryBreaking: nb, Workers: 2})
					if err != nil {
						t.Fatalf("Solve(%v, noBreaking=%v): %v", eng, nb, err)
					}
					if res.Raw != int64(tc.raw) || len(res.Distinct) != tc.classes {
						t.Errorf("Solve(%v, noBreaking=%v): raw %d, distinct %d; brute force %d, %d", eng, nb, res.Raw, len(res.Distinct), tc.raw, tc.classes)
					}
				}
				// Three shards add up to the whole.
				raw, classes := int64(0), 0
				for s := range 3 {
					res, err := p.Solve(ctx, &puzzles.SolveConfig{Engine: eng, Shard: s, Shards: 3, Workers: 1})
					if err != nil {
						t.Fatalf("Solve(%v, shard %d of 3): %v", eng, s, err)
					}
					raw += res.Raw
					classes += len(res.Distinct)
				}
				if raw != int64(tc.raw) || classes != tc.classes {
					t.Errorf("Solve(%v) in 3 shards: raw %d, distinct %d; brute force %d, %d", eng, raw, classes, tc.raw, tc.classes)
				}
			}
			c, err := p.Count(ctx, &puzzles.CountConfig{Workers: 2})
			if err != nil {
				t.Fatal(err)
			}
			if c.Raw.Int64() != int64(tc.raw) || c.Distinct.Int64() != int64(tc.classes) {
				t.Errorf("Count: raw %v, distinct %v; brute force %d, %d", c.Raw, c.Distinct, tc.raw, tc.classes)
			}
			if p.noCrossing() {
				return // counted by solving it, whole: it has no parts
			}
			var parts []*puzzles.Counts
			for s := range 2 {
				part, err := p.Count(ctx, &puzzles.CountConfig{Workers: 1, Shard: s, Shards: 2})
				if err != nil {
					t.Fatal(err)
				}
				parts = append(parts, part)
			}
			whole, err := puzzles.MergeCounts(parts)
			if err != nil {
				t.Fatal(err)
			}
			if whole.Raw.Cmp(c.Raw) != 0 || whole.Distinct.Cmp(c.Distinct) != 0 {
				t.Errorf("Count in 2 parts: raw %v, distinct %v; whole %v, %v", whole.Raw, whole.Distinct, c.Raw, c.Distinct)
			}
		})
	}
}

// The fill engine once kept a full board that left out a piece of a fixed
// count beside one of any count, and crashed when the pieces of any count
// made more placements than a cover can hold.
func TestMixedCountsExamples(t *testing.T) {
	piece := func(name, pic string, count int) geom.Piece {
		pc, err := geom.ParsePiece(name, pic)
		if err != nil {
			t.Fatal(err)
		}
		pc.Count, pc.Any = count, count == 0
		return pc
	}
	tests := []struct {
		name         string
		board        *geom.Board
		pieces       []geom.Piece
		sym          Symmetry
		raw, classes int64
	}{
		// A lone domino does not use the monomino.
		{"a monomino and any dominoes in 1×2", mustRect(t, 1, 2), []geom.Piece{piece("M", "#", 1), piece("D", "##", 0)}, SymmetryNone, 0, 0},
		{"a domino and any monominoes in 1×2", mustRect(t, 1, 2), []geom.Piece{piece("D", "##", 1), piece("M", "#", 0)}, SymmetryNone, 1, 1},
		{"two L tetrominoes and any squares in 6×2", mustRect(t, 6, 2), []geom.Piece{piece("L", "#\n#\n##", 2), piece("O", "##\n##", 0)}, SymmetryAll, 4, 1},
		// count: 1..any beside count: any: of the 2×2's seven tilings by
		// monominoes and dominoes, the two of dominoes alone are left out.
		{"one or more monominoes and any dominoes in 2×2", mustRect(t, 2, 2), []geom.Piece{atLeast(piece("M", "#", 0), 1), piece("D", "##", 0)}, SymmetryNone, 5, 5},
		// Of 1×4's five, only two dominoes.
		{"two or more dominoes and any monominoes in 1×4", mustRect(t, 1, 4), []geom.Piece{atLeast(piece("D", "##", 0), 2), piece("M", "#", 0)}, SymmetryNone, 1, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := NewSymmetry("", tt.board, tt.pieces, tt.sym)
			if err != nil {
				t.Fatal(err)
			}
			inGroup := func(tr int) bool {
				return slices.ContainsFunc(p.group, func(g symmetry) bool { return g.t == tr })
			}
			if raw, classes := bruteCount(tt.board, p.pieces, inGroup); int64(raw) != tt.raw || int64(classes) != tt.classes {
				t.Fatalf("brute force: raw %d, distinct %d; want %d, %d", raw, classes, tt.raw, tt.classes)
			}
			for _, eng := range []puzzles.Engine{puzzles.EngineDLX, puzzles.EngineFill} {
				res, err := p.Solve(context.Background(), &puzzles.SolveConfig{Engine: eng})
				if err != nil {
					t.Fatal(err)
				}
				if res.Raw != tt.raw || int64(len(res.Distinct)) != tt.classes {
					t.Errorf("Solve(%v): raw %d, distinct %d; want %d, %d", eng, res.Raw, len(res.Distinct), tt.raw, tt.classes)
				}
			}
			counts, err := p.Count(context.Background(), &puzzles.CountConfig{})
			if err != nil {
				t.Fatal(err)
			}
			if counts.Raw.Int64() != tt.raw || counts.Distinct.Int64() != tt.classes {
				t.Errorf("Count: raw %v, distinct %v (%s); want %d, %d", counts.Raw, counts.Distinct, counts.Method, tt.raw, tt.classes)
			}
		})
	}
}

// atLeast returns pc, of any count, at least n times (count: n..any).
func atLeast(pc geom.Piece, n int) geom.Piece {
	pc.Count, pc.Any = n, true
	return pc
}

// tooFew reports whether a brute force's full board holds fewer copies of
// pc than its fewest, left being left of its most (n, the board's cells,
// for a piece of any count).
func tooFew(pc geom.Piece, left, n int) bool {
	most := pc.Count
	if pc.Any {
		most = n
	}
	return most-left < pc.Least()
}
