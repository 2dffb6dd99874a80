package specs

import (
	"context"
	"fmt"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/polytile/polytile/puzzles"
	"github.com/polytile/polytile/puzzles/geom"
	"github.com/polytile/polytile/puzzles/tiling"
)

func TestBuiltins(t *testing.T) {
	want := []BuiltinInfo{
		{"dominoes-2x10", "tiling", "Dominoes in a 2×10 strip", 20, 10, "2×10"},
		{"dominoes-4x4", "tiling", "Dominoes on a 4×4 board", 16, 8, "4×4"},
		{"hexiamonds-3x12", "tiling", "Hexiamonds in a 3×12 parallelogram", 72, 12, "triangles"},
		{"hexiamonds-4x9", "tiling", "Hexiamonds in a 4×9 parallelogram", 72, 12, "triangles"},
		{"hexiamonds-chevron", "tiling", "Hexiamonds in a chevron", 72, 12, "triangles"},
		{"hexiamonds-hexagon", "tiling", "Hexiamonds in a hexagon of sides 6, 2 and 3", 72, 12, "triangles"},
		{"hexiamonds-rhombus-6x6", "tiling", "Hexiamonds in a 6×6 rhombus", 72, 12, "triangles"},
		{"knuth-7", "exact-cover", "Knuth's seven-item example", 0, 0, ""},
		{"one-sided-pentominoes-5x18", "tiling", "One-sided pentominoes in a 5×18 rectangle", 90, 18, "5×18"},
		{"one-sided-pentominoes-6x15", "tiling", "One-sided pentominoes in a 6×15 rectangle", 90, 18, "6×15"},
		{"one-sided-tetrahexes-5x8", "tiling", "One-sided tetrahexes in a 5×8 parallelogram", 40, 10, "hexagons"},
		{"one-sided-tetrominoes-4x7", "tiling", "One-sided tetrominoes in a 4×7 rectangle", 28, 7, "4×7"},
		{"one-sided-welded-tetrasticks-4x4", "tiling", "One-sided welded tetrasticks in a 4×4 grid", 40, 10, "4×4 grid"},
		{"pentahexes-10x11", "tiling", "Pentahexes in a 10×11 parallelogram", 110, 22, "hexagons"},
		{"pentominoes-3x20", "tiling", "Pentominoes in a 3×20 rectangle", 60, 12, "3×20"},
		{"pentominoes-4x15", "tiling", "Pentominoes in a 4×15 rectangle", 60, 12, "4×15"},
		{"pentominoes-5x10-ten", "tiling", "Ten of the twelve pentominoes in a 5×10 rectangle", 50, 12, "5×10"},
		{"pentominoes-5x12", "tiling", "Pentominoes in a 5×12 rectangle", 60, 12, "5×12"},
		{"pentominoes-6x10", "tiling", "Pentominoes in a 6×10 rectangle", 60, 12, "6×10"},
		{"pentominoes-8x8-corners", "tiling", "Pentominoes on an 8×8 board without its corners", 60, 12, "8×8"},
		{"pentominoes-8x8-empty", "tiling", "Pentominoes in an 8×8 square, four cells empty", 64, 12, "8×8"}, // the empty cells are no pieces
		{"polysticks-123-clipped", "tiling", "Polysticks of 1 to 3 segments in a clipped 3×3 grid", 20, 8, "3×3 grid"},
		{"queens-8", "queens", "Eight queens", 0, 0, ""},
		{"scott", "tiling", "Dana Scott's pentomino problem", 60, 12, "8×8"},
		{"solid-pentominoes-2x3x10", "tiling", "Solid pentominoes in a 2×3×10 box", 60, 12, "2×3×10"},
		{"solid-pentominoes-2x5x6", "tiling", "Solid pentominoes in a 2×5×6 box", 60, 12, "2×5×6"},
		{"solid-pentominoes-3x4x5", "tiling", "Solid pentominoes in a 3×4×5 box", 60, 12, "3×4×5"},
		{"soma", "tiling", "The Soma cube", 27, 7, "3×3×3"},
		{"sudoku", "sudoku", "A Sudoku as an exact cover", 0, 0, ""},
		{"tetracubes-2x2x8", "tiling", "Tetracubes in a 2×2×8 box", 32, 8, "2×2×8"},
		{"tetracubes-2x4x4", "tiling", "Tetracubes in a 2×4×4 box", 32, 8, "2×4×4"},
		{"tetrahexes-4x7", "tiling", "Tetrahexes in a 4×7 parallelogram", 28, 7, "hexagons"},
		{"tetrahexes-hexagon", "tiling", "Tetrahexes in a hexagon of rows 6, 7, 8 and 7", 28, 7, "hexagons"},
		{"tetrasticks-5x5", "tiling", "Tetrasticks in a 5×5 grid, without H", 60, 15, "5×5 grid"},
		{"tritrigs-parallelogram-5x2", "tiling", "Tritrigs in a parallelogram without its centre", 36, 12, "36 segments"},
		{"two-pieces", "tiling", "Two pieces on six cells", 6, 2, "3×3"},
	}
	got := Builtins()
	if !slices.Equal(got, want) {
		t.Errorf("Builtins() =\n%v\nwant\n%v", got, want)
	}
	if !slices.IsSortedFunc(got, func(a, b BuiltinInfo) int { return strings.Compare(a.Name, b.Name) }) {
		t.Errorf("Builtins() is not sorted by name")
	}
	for _, info := range got {
		t.Run(info.Name, func(t *testing.T) {
			s, err := Builtin(info.Name)
			if err != nil {
				t.Fatal(err)
			}
			p, ok := s.Problem.(*tiling.Puzzle)
			if !ok {
				if s.Problem == nil || s.Kind() != info.Kind || s.Title != info.Title {
					t.Errorf("Builtin(%s): kind %q, title %q; info says %q, %q", info.Name, s.Kind(), s.Title, info.Kind, info.Title)
				}
				return
			}
			b := p.Board()
			if s.Name != info.Name || s.Title != info.Title || p.Title() != info.Title || s.Title == "" {
				t.Errorf("Builtin(%s): Name %q, Title %q, Puzzle.Title() %q; info says %q", info.Name, s.Name, s.Title, p.Title(), info.Title)
			}
			if b.Len() != info.Cells || p.PieceInstances() != info.Pieces {
				t.Errorf("Builtin(%s): %d cells, %d pieces; info says %d, %d", info.Name, b.Len(), p.PieceInstances(), info.Cells, info.Pieces)
			}
			data, err := library.ReadFile(path.Join("library", info.Name+".yaml"))
			if err != nil {
				t.Fatal(err)
			}
			if !strings.HasPrefix(string(data), "# ") {
				t.Errorf("library/%s.yaml does not begin with a comment saying what it is", info.Name)
			}
			l, err := Load(info.Name)
			if err != nil {
				t.Fatalf("Load(%s): %v", info.Name, err)
			}
			if l.Name != info.Name || tilingOf(t, l).String() != p.String() {
				t.Errorf("Load(%s) = %q %v, want %q %v", info.Name, l.Name, tilingOf(t, l), info.Name, p)
			}
		})
	}
	t.Run("unknown", func(t *testing.T) {
		_, err := Builtin("scot")
		if err == nil || !strings.HasPrefix(err.Error(), "specs: ") || !strings.Contains(err.Error(), "dominoes-2x10, dominoes-4x4") {
			t.Errorf("Builtin(scot) error %v, want one listing the built-in puzzles", err)
		}
	})
}

// TestBuiltinSolve solves every built-in puzzle with and without symmetry
// breaking, checking that both find the same distinct solutions, that
// the raw count is the sum of the orbits and is what the search finds
// without symmetry breaking, and that the counts are the known ones.
func TestBuiltinSolve(t *testing.T) {
	type builtinCase struct {
		name          string
		raw, distinct int    // the counts: known, or what both modes of the solver agree on
		heavy         bool   // a search of seconds, skipped with -short
		skip          string // why the case is skipped, if it is
	}
	tests := []builtinCase{
		{name: "dominoes-2x10", raw: 89, distinct: 51},
		{name: "dominoes-4x4", raw: 36, distinct: 9},
		// No solution (found by both engines, with and without breaking).
		{name: "hexiamonds-3x12", raw: 0, distinct: 0},
		{name: "hexiamonds-4x9", raw: 148, distinct: 74},
		{name: "hexiamonds-chevron", raw: 2008, distinct: 1004, heavy: true},
		{name: "hexiamonds-hexagon", raw: 11832, distinct: 5916, heavy: true},
		// 156: the published count of this classic.
		{name: "hexiamonds-rhombus-6x6", raw: 624, distinct: 156},
		// Knuth's example has one solution; a proper Sudoku one; eight
		// queens 92, 12 under the square's symmetries.
		{name: "knuth-7", raw: 1, distinct: 1},
		{name: "queens-8", raw: 92, distinct: 12},
		{name: "sudoku", raw: 1, distinct: 1},
		// The two copies of the piece are interchangeable: one cover.
		{name: "two-pieces", raw: 1, distinct: 1},
		{name: "one-sided-tetrahexes-5x8", raw: 384, distinct: 192},
		{name: "one-sided-pentominoes-5x18", skip: "a long run (TestProgressEstimateRun runs it with POLYTILE_ESTIMATE_SPEC)"},
		{name: "one-sided-pentominoes-6x15", skip: "a long run"},
		// No solution: on a chessboard colouring the T covers 3 squares of
		// one colour, the others 2 of each, and the board has 14 of each.
		{name: "one-sided-tetrominoes-4x7", raw: 0, distinct: 0},
		{name: "pentahexes-10x11", skip: "a long run (TestPentahexes finds solutions)"},
		{name: "pentominoes-3x20", raw: 8, distinct: 2},
		{name: "pentominoes-4x15", raw: 1472, distinct: 368, heavy: true},
		{name: "pentominoes-5x12", raw: 4040, distinct: 1010, heavy: true},
		{name: "pentominoes-6x10", raw: 9356, distinct: 2339, heavy: true},
		{name: "pentominoes-8x8-corners", raw: 17360, distinct: 2170, heavy: true},
		// Any ten of the twelve: 6,951 as published (the sums of the 66
		// choices of ten, TestRangesAgainstSubsets).
		{name: "pentominoes-5x10-ten", raw: 27804, distinct: 6951, heavy: true},
		{name: "pentominoes-8x8-empty", skip: "millions of solutions (docs/solving.md counts them)"},
		{name: "scott", raw: 520, distinct: 65},
		// Published: the Soma cube 240 (Winning Ways), the solid
		// pentominoes 12 in 2×3×10, 264 in 2×5×6 and 3,940 in 3×4×5
		// (Bouwkamp); the tetracube boxes as both engines find them.
		{name: "soma", raw: 11520, distinct: 240},
		{name: "solid-pentominoes-2x3x10", raw: 96, distinct: 12},
		{name: "solid-pentominoes-2x5x6", raw: 2112, distinct: 264, heavy: true},
		{name: "solid-pentominoes-3x4x5", raw: 31520, distinct: 3940, skip: "a run of seconds (TestSolidPentominoBox runs it without -short)"},
		{name: "tetracubes-2x2x8", raw: 1792, distinct: 112},
		{name: "tetracubes-2x4x4", raw: 11120, distinct: 695},
		{name: "tetrahexes-4x7", raw: 18, distinct: 9},
		// Published by Polyform Puzzler (Tetrasticks6x6, whose docstring
		// gives 72 leaving out H, and Knuth's paper), Polysticks123_
		// 4x4ClippedCorners1, TritrigsParallelogram5x2 and
		// OneSidedWeldedTetrasticks5x5, pieces never crossing.
		{name: "tetrasticks-5x5", raw: 576, distinct: 72, heavy: true},
		{name: "polysticks-123-clipped", raw: 84, distinct: 21},
		{name: "tritrigs-parallelogram-5x2", raw: 18, distinct: 9},
		{name: "one-sided-welded-tetrasticks-4x4", raw: 16, distinct: 3},
		{name: "tetrahexes-hexagon", raw: 30, distinct: 15},
	}
	for _, info := range Builtins() {
		if !slices.ContainsFunc(tests, func(tt builtinCase) bool { return tt.name == info.Name }) {
			t.Errorf("built-in %s has no test case", info.Name)
		}
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.skip != "" {
				t.Skip(tt.skip)
			}
			if tt.heavy && testing.Short() {
				t.Skip("a search of seconds, skipped with -short")
			}
			t.Parallel()
			s, err := Builtin(tt.name)
			if err != nil {
				t.Fatal(err)
			}
			if _, ok := s.Problem.(*tiling.Puzzle); !ok {
				res, err := s.Problem.Solve(context.Background(), nil)
				if err != nil {
					t.Fatal(err)
				}
				if res.Raw != int64(tt.raw) || len(res.Distinct) != tt.distinct {
					t.Errorf("%d raw, %d distinct; want %d, %d", res.Raw, len(res.Distinct), tt.raw, tt.distinct)
				}
				return
			}
			// Both engines, with and without symmetry breaking: four runs
			// that must agree; the engines must also find the same covers.
			var keys [4][]string
			var raw [4]int64
			var found [4]int64
			run := 0
			engines := []puzzles.Engine{puzzles.EngineDLX, puzzles.EngineFill}
			if tilingOf(t, s).Board().Lattice().PiecesCross() && !tilingOf(t, s).Crossing() {
				// The fill engine covers cells alone: pieces that may not
				// cross are Dancing Links' (TestAgainstBruteForceSticks
				// checks both engines with crossings allowed).
				engines[1] = puzzles.EngineDLX
			}
			for _, eng := range engines {
				for _, nb := range []bool{false, true} {
					res, err := s.Problem.Solve(context.Background(), &puzzles.SolveConfig{NoSymmetryBreaking: nb, Engine: eng})
					if err != nil {
						t.Fatal(err)
					}
					if !res.Complete || res.Engine != eng {
						t.Fatalf("Solve(%v, noBreaking=%v): complete %v, engine %v", eng, nb, res.Complete, res.Engine)
					}
					sum := int64(0)
					for _, d := range res.Distinct {
						sum += int64(d.Orbit)
						keys[run] = append(keys[run], d.Solution.(*tiling.Solution).Key())
					}
					if res.Raw != sum {
						t.Errorf("Solve(%v, noBreaking=%v): Raw = %d, sum of orbits %d", eng, nb, res.Raw, sum)
					}
					if nb && res.Found != res.Raw {
						t.Errorf("Solve(%v, noBreaking=true) found %d covers, Raw = %d", eng, res.Found, res.Raw)
					}
					raw[run], found[run] = res.Raw, res.Found
					run++
				}
			}
			for i := 1; i < 4; i++ {
				if raw[i] != raw[0] || !slices.Equal(keys[i], keys[0]) {
					t.Fatalf("Solve(%s): runs disagree: raw %v, distinct %d %d %d %d (dlx, dlx without breaking, fill, fill without)",
						tt.name, raw, len(keys[0]), len(keys[1]), len(keys[2]), len(keys[3]))
				}
			}
			if found[0] != found[2] || found[1] != found[3] {
				t.Errorf("the engines found different numbers of covers: dlx %d, %d; fill %d, %d", found[0], found[1], found[2], found[3])
			}
			if raw[0] != int64(tt.raw) || len(keys[0]) != tt.distinct {
				t.Errorf("Solve(%s): raw %d, distinct %d; want %d, %d", tt.name, raw[0], len(keys[0]), tt.raw, tt.distinct)
			}
		})
	}
}

// Every built-in board is what its title says: a rectangle R×C of the
// square lattice is R rows of C cells; a parallelogram or rhombus R×C of
// the triangle lattice is R rows of C diamonds, each row a whole row of
// diamonds under the one above (starting on a triangle that points up);
// one of the hexagon lattice is R rows of C hexagons, each row half a
// hexagon to the right of the one above; a hexagon of rows a, b, … has
// those rows; one of sides a, b, c has the area 2(ab + bc + ca). The board
// is built here from the title alone and compared cell by cell.
func TestBuiltinBoardsMatchTitles(t *testing.T) {
	dims := regexp.MustCompile(`(\d+)×(\d+) (rectangle|strip|board|parallelogram|rhombus)`)
	grid := regexp.MustCompile(`in an? (\d+)×(\d+) grid`) // every segment of a grid of squares
	rows := regexp.MustCompile(`hexagon of rows ([\d, and]+)$`)
	sides := regexp.MustCompile(`hexagon of sides (\d+), (\d+) and (\d+)$`)
	checked := 0
	for _, info := range Builtins() {
		s, err := Load(info.Name)
		if err != nil {
			t.Fatal(err)
		}
		p, ok := s.Problem.(*tiling.Puzzle)
		if !ok {
			continue // not a tiling: no board
		}
		b := p.Board()
		lat := b.Lattice()
		var want []geom.Cell
		switch m := dims.FindStringSubmatch(s.Title); {
		case m != nil:
			r, c := atoi(t, m[1]), atoi(t, m[2])
			want = titleBoard(lat, r, c)
			if strings.Contains(s.Title, "without its corners") {
				want = slices.DeleteFunc(want, func(x geom.Cell) bool {
					return (x.Row == 0 || x.Row == r-1) && (x.Col == 0 || x.Col == c-1)
				})
			}
		case grid.MatchString(s.Title) && lat == geom.Stick:
			m := grid.FindStringSubmatch(s.Title)
			r, c := atoi(t, m[1]), atoi(t, m[2])
			for i := 0; i <= 2*r; i++ {
				for j := 0; j <= 2*c; j++ {
					if (i+j)%2 == 1 {
						want = append(want, geom.Cell{Row: i, Col: j})
					}
				}
			}
		case rows.MatchString(s.Title):
			var got []int
			for _, f := range strings.FieldsFunc(rows.FindStringSubmatch(s.Title)[1], func(r rune) bool { return r == ',' || r == ' ' }) {
				if f != "and" {
					got = append(got, atoi(t, f))
				}
			}
			if lengths := rowLengths(b); !slices.Equal(lengths, got) {
				t.Errorf("%s: rows of %v cells; the title says %v", info.Name, lengths, got)
			}
			checked++
			continue
		case sides.MatchString(s.Title):
			m := sides.FindStringSubmatch(s.Title)
			a, bb, c := atoi(t, m[1]), atoi(t, m[2]), atoi(t, m[3])
			if area := 2 * (a*bb + bb*c + c*a); b.Len() != area {
				t.Errorf("%s: %d cells; a hexagon of sides %d, %d, %d has %d", info.Name, b.Len(), a, bb, c, area)
			}
			checked++
			continue
		case info.Name == "scott":
			want = titleBoard(lat, 8, 8)
			want = slices.DeleteFunc(want, func(x geom.Cell) bool { return x.Row >= 3 && x.Row <= 4 && x.Col >= 3 && x.Col <= 4 })
		default:
			t.Logf("%s: %q gives no size to check", info.Name, s.Title)
			continue
		}
		got := lat.Normalize(slices.Clone(b.Cells()))
		want = lat.Normalize(want)
		if !slices.Equal(got, want) {
			t.Errorf("%s is not the board its title %q names:\n%s", info.Name, s.Title, b)
		}
		checked++
	}
	if checked < 18 {
		t.Errorf("checked %d built-in boards; want every one whose title gives its size", checked)
	}
}

// titleBoard is the board of r rows of c units on lat: squares, diamonds
// (two triangles) or hexagons, as titleBoard's caller reads a title.
func titleBoard(lat geom.Lattice, r, c int) []geom.Cell {
	var cells []geom.Cell
	for i := range r {
		switch lat {
		case geom.Triangle:
			for j := range 2 * c {
				cells = append(cells, geom.Cell{Row: i, Col: 2*r - i + j}) // 2r-i+i is even: up
			}
		case geom.Hexagon:
			for j := range c {
				cells = append(cells, geom.Cell{Row: i, Col: i + 2*j})
			}
		default:
			for j := range c {
				cells = append(cells, geom.Cell{Row: i, Col: j})
			}
		}
	}
	return cells
}

// rowLengths counts b's cells row by row.
func rowLengths(b *geom.Board) []int {
	var out []int
	for _, c := range b.Cells() {
		for len(out) <= c.Row {
			out = append(out, 0)
		}
		out[c.Row]++
	}
	return out
}

func atoi(t *testing.T, s string) int {
	t.Helper()
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// The 12 solid pentominoes fill a 3×4×5 box in 3,940 distinct ways
// (C. J. Bouwkamp, 1967): a search of seconds on the fill engine, too
// long for both engines both ways as TestBuiltinSolve runs the others.
func TestSolidPentominoBox(t *testing.T) {
	if testing.Short() {
		t.Skip("a search of seconds, skipped with -short")
	}
	s, err := Builtin("solid-pentominoes-3x4x5")
	if err != nil {
		t.Fatal(err)
	}
	res, err := s.Problem.Solve(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.Raw != 31520 || len(res.Distinct) != 3940 || res.Symmetries != 8 {
		t.Errorf("raw %d, distinct %d, symmetries %d; want 31520, 3940, 8", res.Raw, len(res.Distinct), res.Symmetries)
	}
}

// Pieces of any count: the tilings of rectangles by the pentominoes, each
// used as often as it fits (OEIS A233427: 4,006 of 5 × 5, 7,670 of 3 × 10,
// 890,989 of 4 × 10), found alike by both engines, with and without
// symmetry breaking, raw being the sum of the orbits.
func TestAnyCount(t *testing.T) {
	tests := []struct {
		rows, cols int
		raw        int64
		heavy      bool
	}{{5, 5, 4006, false}, {3, 10, 7670, false}, {4, 10, 890989, true}}
	for _, tt := range tests {
		if tt.heavy && testing.Short() {
			continue
		}
		s, err := Parse("any.yaml", []byte(fmt.Sprintf("board: {rows: %d, cols: %d}\npieces: [{set: pentominoes, count: any}]\n", tt.rows, tt.cols)))
		if err != nil {
			t.Fatal(err)
		}
		distinct := -1
		for _, e := range []puzzles.Engine{puzzles.EngineFill, puzzles.EngineDLX} {
			for _, nb := range []bool{false, true} {
				res, err := s.Problem.Solve(context.Background(), &puzzles.SolveConfig{Engine: e, NoSymmetryBreaking: nb})
				if err != nil {
					t.Fatal(err)
				}
				var sum int64
				for _, c := range res.Distinct {
					sum += int64(c.Orbit)
				}
				if res.Raw != tt.raw || sum != tt.raw || distinct >= 0 && len(res.Distinct) != distinct {
					t.Errorf("%d × %d, %v, breaking off %v: raw %d (orbits %d), distinct %d; want raw %d", tt.rows, tt.cols, e, nb, res.Raw, sum, len(res.Distinct), tt.raw)
				}
				distinct = len(res.Distinct)
			}
		}
	}
	if _, err := Parse("any.yaml", []byte("board: {rows: 2, cols: 2}\npieces:\n  - {set: pentominoes, count: any, except: [X]}\n  - {set: pentominoes, only: [X]}\n")); err == nil || !strings.Contains(err.Error(), "they must fit") {
		t.Errorf("fixed pieces larger than the board: %v", err)
	}
}

// TestCatalogPieces checks that the catalog's PIECES column counts the
// pieces a solution puts down, not the cells it leaves empty: the twelve
// pentominoes in 8 × 8 with four empty are 12 pieces on 64 cells.
func TestCatalogPieces(t *testing.T) {
	var b strings.Builder
	if err := WriteCatalog(&b); err != nil {
		t.Fatal(err)
	}
	for _, want := range [][]string{
		{"pentominoes-8x8-empty", "8×8", "64", "12"},
		{"pentominoes-5x10-ten", "5×10", "50", "12"},
		{"scott", "8×8", "60", "12"},
	} {
		found := false
		for _, line := range strings.Split(b.String(), "\n") {
			if f := strings.Fields(line); len(f) >= 4 && f[0] == want[0] {
				found = true
				if !slices.Equal(f[:4], want) {
					t.Errorf("catalog line %q; want it to begin %q", line, strings.Join(want, " "))
				}
			}
		}
		if !found {
			t.Errorf("catalog has no line for %s", want[0])
		}
	}
}
