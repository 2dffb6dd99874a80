package tiling

import (
	"cmp"
	"context"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/polytile/polytile/puzzles"
	"github.com/polytile/polytile/puzzles/geom"
)

func mustSet(t testing.TB, name string) []geom.Piece {
	t.Helper()
	pieces, err := geom.PieceSet(name)
	if err != nil {
		t.Fatal(err)
	}
	return pieces
}

func mustBoard(t testing.TB, pic string) *geom.Board {
	t.Helper()
	b, err := geom.ParseBoard(pic)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func mustRect(t testing.TB, rows, cols int) *geom.Board {
	t.Helper()
	b, err := geom.NewRectBoard(rows, cols, nil)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// mustSolve loads the built-in puzzle and solves it with the defaults.
func mustSolve(t testing.TB, name string) (*testSpec, *puzzles.Result) {
	t.Helper()
	spec, err := loadSpec(name)
	if err != nil {
		t.Fatal(err)
	}
	res, err := spec.Puzzle.Solve(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	return spec, res
}

func mustPuzzle(t testing.TB, b *geom.Board, pieces []geom.Piece) *Puzzle {
	t.Helper()
	p, err := New("", b, pieces)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestSets(t *testing.T) {
	tests := []struct {
		set          string
		pieces       int
		size         int
		orientations int // fixed orientations of all pieces together
	}{
		{"monomino", 1, 1, 1},
		{"domino", 1, 2, 2},
		{"trominoes", 2, 3, 6},
		{"tetrominoes", 5, 4, 19},
		{"pentominoes", 12, 5, 63},
		{"hexominoes", 35, 6, 216},
		{"one-sided-tetrominoes", 7, 4, 19},
		{"one-sided-pentominoes", 18, 5, 63},
	}
	for _, tt := range tests {
		t.Run(tt.set, func(t *testing.T) {
			pieces := mustSet(t, tt.set)
			if len(pieces) != tt.pieces {
				t.Errorf("len(PieceSet(%q)) = %d, want %d", tt.set, len(pieces), tt.pieces)
			}
			orients := 0
			var names []string
			for i, p := range pieces {
				if len(p.Cells) != tt.size {
					t.Errorf("piece %s has %d cells, want %d", p.Name, len(p.Cells), tt.size)
				}
				if !geom.Connected(geom.Square, p.Cells) {
					t.Errorf("piece %s is not connected", p.Name)
				}
				if slices.Contains(names, p.Name) {
					t.Errorf("name %s used twice", p.Name)
				}
				names = append(names, p.Name)
				os := p.Orientations(geom.Square)
				orients += len(os)
				// No two pieces of a set are the same shape.
				for _, q := range pieces[:i] {
					for _, o := range os {
						if geom.SameShape(geom.Square, q, o) {
							t.Errorf("pieces %s and %s have the same shape", q.Name, p.Name)
						}
					}
				}
			}
			if orients != tt.orientations {
				t.Errorf("fixed orientations of %s = %d, want %d", tt.set, orients, tt.orientations)
			}
		})
	}
	if _, err := geom.PieceSet("heptominoes"); err == nil || !strings.Contains(err.Error(), "pentominoes") {
		t.Errorf("PieceSet(heptominoes) error = %v, want one listing the sets", err)
	}
}

func TestPolyominoes(t *testing.T) {
	// OEIS A000105: free polyominoes with n cells.
	want := []int{0, 1, 1, 2, 5, 12, 35, 108}
	for n := range want {
		if got := len(geom.Polyominoes(n)); got != want[n] {
			t.Errorf("len(Polyominoes(%d)) = %d, want %d", n, got, want[n])
		}
	}
}

func TestPentominoOrientations(t *testing.T) {
	free := map[string]int{"F": 8, "I": 2, "L": 8, "N": 8, "P": 8, "T": 4, "U": 4, "V": 4, "W": 4, "X": 1, "Y": 8, "Z": 4}
	oneSided := map[string]int{"F": 4, "I": 2, "L": 4, "N": 4, "P": 4, "T": 4, "U": 4, "V": 4, "W": 4, "X": 1, "Y": 4, "Z": 2}
	for _, p := range mustSet(t, "pentominoes") {
		if got := len(p.Orientations(geom.Square)); got != free[p.Name] {
			t.Errorf("%s: %d orientations, want %d", p.Name, got, free[p.Name])
		}
		p.OneSided = true
		if got := len(p.Orientations(geom.Square)); got != oneSided[p.Name] {
			t.Errorf("one-sided %s: %d orientations, want %d", p.Name, got, oneSided[p.Name])
		}
	}
}

func TestPlacements(t *testing.T) {
	// Placements of each pentomino on 3×20. The PC Plus article behind
	// the 1,168 rows usually quoted gives N 68; N has four orientations of
	// 2 × 4 that fit 2 × 17 ways each, like Y, so it has 136 and the
	// matrix has 1,236 rows.
	want3x20 := map[string]int{"F": 144, "I": 48, "L": 136, "N": 136, "P": 220, "T": 72, "U": 110, "V": 72, "W": 72, "X": 18, "Y": 136, "Z": 72}
	p := mustPuzzle(t, mustRect(t, 3, 20), mustSet(t, "pentominoes"))
	got := map[string]int{}
	for _, pl := range p.Placements() {
		got[p.Pieces()[pl.Piece].Name]++
	}
	for name, n := range want3x20 {
		if got[name] != n {
			t.Errorf("3×20: %s has %d placements, want %d", name, got[name], n)
		}
	}
	tests := []struct {
		name       string
		board      *geom.Board
		placements int // every placement
		live       int // options without symmetry breaking: placements less dead ones
		kept       int // options with symmetry breaking
		xKept      int // X options with symmetry breaking
	}{
		// X on 3×20: 18 placements; the flip of the middle row fixes each.
		// Only centres in columns 2, 7, 12 and 17 leave regions of 5k cells,
		// and they make two orbits.
		{"3x20", mustRect(t, 3, 20), 1236, 728, 726, 2},
		// Scott's board: X has 24 placements in 4 orbits; one of them cuts
		// off a corner cell, which leaves Knuth's three.
		{"scott", mustBoard(t, scottPic), 1568, 1432, 1415, 3},
		// 6×10: X held to one quadrant, as Knuth holds it (8 placements),
		// less the one that cuts off a corner.
		{"6x10", mustRect(t, 6, 10), 2056, 1928, 1907, 7},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := mustPuzzle(t, tt.board, mustSet(t, "pentominoes"))
			if n := len(p.Placements()); n != tt.placements {
				t.Errorf("placements = %d, want %d", n, tt.placements)
			}
			if n := p.Encode(false).Problem.Options(); n != tt.live {
				t.Errorf("options without symmetry breaking = %d, want %d", n, tt.live)
			}
			e := p.Encode(true)
			if n := e.Problem.Options(); n != tt.kept {
				t.Errorf("options with symmetry breaking = %d, want %d", n, tt.kept)
			}
			if name := p.Pieces()[e.Restricted].Name; name != "X" {
				t.Errorf("restricted piece = %s, want X", name)
			}
			x := 0
			for k := range e.Problem.Options() {
				pl := e.Placement(k)
				if len(pl.Cells) != 5 {
					t.Fatalf("option %d: placement %v", k, pl)
				}
				if p.Pieces()[pl.Piece].Name == "X" {
					x++
				}
			}
			if x != tt.xKept {
				t.Errorf("X options with symmetry breaking = %d, want %d", x, tt.xKept)
			}
		})
	}
}

func TestLivePlacements(t *testing.T) {
	tests := []struct {
		name   string
		board  string
		pieces []string
		want   []bool // by placement: every orientation at every cell, piece by piece
	}{
		// An I3 in the middle of a 1×6 strip leaves a region of 1 or 2.
		{"strip", "......", []string{"###", "###"}, []bool{true, false, false, true, true, false, false, true}},
		// A domino and a monomino: gcd 1, smallest 1: nothing is dead.
		{"gcd 1", "...", []string{"##", "#"}, []bool{true, true, true, true, true}},
		// An I3 and a domino on a 1×5 strip: a lone cell is dead.
		{"1x5", ".....", []string{"###", "##"}, []bool{true, false, true, true, false, false, true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var pieces []geom.Piece
			for i, pic := range tt.pieces {
				pc, err := geom.ParsePiece(fmt.Sprint("P", i), pic)
				if err != nil {
					t.Fatal(err)
				}
				pieces = append(pieces, pc)
			}
			pieces[0].Count = (mustBoard(t, tt.board).Len() - len(pieces[1].Cells)) / len(pieces[0].Cells)
			p := mustPuzzle(t, mustBoard(t, tt.board), pieces)
			if got, _ := p.ready().livePlacements(context.Background()); !slices.Equal(got, tt.want) {
				t.Errorf("livePlacements() = %v, want %v", got, tt.want)
				for k, pl := range p.Placements() {
					t.Logf("%v %v", pl, got[k])
				}
			}
		})
	}
}

func TestGroup(t *testing.T) {
	mirrorPair := func(oneSided bool, names ...string) []geom.Piece {
		var out []geom.Piece
		for _, p := range mustSet(t, "one-sided-tetrominoes") {
			if slices.Contains(names, p.Name) {
				p.OneSided = oneSided
				out = append(out, p)
			}
		}
		return out
	}
	tests := []struct {
		name   string
		board  *geom.Board
		pieces []geom.Piece
		want   int
	}{
		{"square free", mustRect(t, 2, 4), mirrorPair(false, "L4", "O4"), 4},
		{"one-sided L4 without its mirror", mustRect(t, 2, 4), mirrorPair(true, "L4", "O4"), 2},
		{"one-sided L4 and J4", mustRect(t, 2, 4), mirrorPair(true, "L4", "J4"), 4},
		{"scott", mustBoard(t, scottPic), mustSet(t, "pentominoes"), 8},
		{"one-sided pentominoes", mustRect(t, 6, 15), mustSet(t, "one-sided-pentominoes"), 4},
		{"asymmetric board", mustBoard(t, "...\n..\n..."), []geom.Piece{mustSet(t, "trominoes")[0], mustSet(t, "domino")[0], mustSet(t, "trominoes")[1]}, 2},
		{"L board", mustBoard(t, ".\n.\n.."), mustSet(t, "tetrominoes")[3:4], 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := mustPuzzle(t, tt.board, tt.pieces)
			if got := p.Symmetries(); got != tt.want {
				t.Errorf("Symmetries() = %d, want %d", got, tt.want)
			}
		})
	}
}

// bruteCount counts the raw covers of b by pieces by filling the first
// empty cell, and their classes under the 8 symmetries of the square,
// independently of the exact-cover encoding and of the canonizer.
func bruteCount(b *geom.Board, pieces []geom.Piece, symmetric func(t int) bool) (raw int, classes int) {
	owner := map[geom.Cell]int{} // cell → instance
	kinds := []int{}             // instance → piece
	left := make([]int, len(pieces))
	for i, p := range pieces {
		left[i] = p.Count
	}
	seen := map[string]bool{}
	orients := make([][][]geom.Cell, len(pieces))
	for i, p := range pieces {
		orients[i] = p.Orientations(geom.Square)
	}
	var rec func()
	rec = func() {
		var empty *geom.Cell
		for _, c := range b.Cells() {
			if _, ok := owner[c]; !ok {
				empty = &c
				break
			}
		}
		if empty == nil {
			raw++
			best := ""
			for t := range 8 {
				if !symmetric(t) {
					continue
				}
				// Draw the image, pieces renumbered by first appearance.
				img := map[geom.Cell]int{}
				var cells []geom.Cell
				for c, o := range owner {
					d := geom.Square.Transform(t, c)
					img[d] = o
					cells = append(cells, d)
				}
				slices.SortFunc(cells, geom.Cell.Compare)
				rank := map[int]int{}
				var sb strings.Builder
				for _, c := range cells {
					o := img[c]
					if _, ok := rank[o]; !ok {
						rank[o] = len(rank)
					}
					fmt.Fprintf(&sb, "%d:%s,", rank[o], pieces[kinds[o]].Name)
				}
				if s := sb.String(); best == "" || s < best {
					best = s
				}
			}
			seen[best] = true
			return
		}
		for i := range pieces {
			if left[i] == 0 {
				continue
			}
			for _, o := range orients[i] {
				moved, _ := geom.Square.Translate(o, o[0], *empty)
				fits := true
				for _, c := range moved {
					if _, taken := owner[c]; taken || b.Index(c) < 0 {
						fits = false
						break
					}
				}
				if !fits {
					continue
				}
				inst := len(kinds)
				kinds = append(kinds, i)
				for _, c := range moved {
					owner[c] = inst
				}
				left[i]--
				rec()
				left[i]++
				for _, c := range moved {
					delete(owner, c)
				}
				kinds = kinds[:inst]
			}
		}
	}
	rec()
	return raw, len(seen)
}

func TestAgainstBruteForce(t *testing.T) {
	set := func(name string, count int, oneSided bool) []geom.Piece {
		pieces := mustSet(t, name)
		for i := range pieces {
			pieces[i].Count = count
			pieces[i].OneSided = oneSided
		}
		return pieces
	}
	cat := func(sets ...[]geom.Piece) []geom.Piece { return slices.Concat(sets...) }
	tests := []struct {
		name   string
		board  *geom.Board
		pieces []geom.Piece
	}{
		{"dominoes 2x3", mustRect(t, 2, 3), set("domino", 3, false)},
		{"dominoes 4x4", mustRect(t, 4, 4), set("domino", 8, false)},
		{"monominoes and dominoes 2x3", mustRect(t, 2, 3), cat(set("monomino", 2, false), set("domino", 2, false))},
		{"monominoes and dominoes 3x3", mustRect(t, 3, 3), cat(set("monomino", 3, false), set("domino", 3, false))},
		// One copy of each piece, a monomino among them: a cell walled in
		// is no dead end.
		{"a monomino, a domino and the trominoes, 3x3", mustRect(t, 3, 3), cat(set("monomino", 1, false), set("domino", 1, false), set("trominoes", 1, false))},
		{"the same on a holed board", mustBoard(t, "...\n.#.\n...\n."), cat(set("monomino", 1, false), set("domino", 1, false), set("trominoes", 1, false))},
		{"a monomino and the tetrominoes, 3x7", mustRect(t, 3, 7), cat(set("monomino", 1, false), set("tetrominoes", 1, false))},
		{"trominoes twice, 3x4", mustRect(t, 3, 4), set("trominoes", 2, false)},
		{"L trominoes 3x4", mustRect(t, 3, 4), set("trominoes", 4, false)[1:]},
		{"trominoes on a holed board", mustBoard(t, "....\n.#..\n....\n...."),
			cat(set("trominoes", 2, false)[:1], set("trominoes", 3, false)[1:])},
		{"one-sided tetrominoes but T, 4x6", mustRect(t, 4, 6), slices.DeleteFunc(mustSet(t, "one-sided-tetrominoes"), func(p geom.Piece) bool { return p.Name == "T4" })},
		{"one-sided L and J twice, 4x4", mustRect(t, 4, 4), set("one-sided-tetrominoes", 2, true)[3:5]},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := mustPuzzle(t, tt.board, tt.pieces)
			inGroup := func(tr int) bool {
				for _, g := range p.group {
					if g.t == tr {
						return true
					}
				}
				return false
			}
			raw, classes := bruteCount(tt.board, p.pieces, inGroup)
			if raw == 0 {
				t.Fatalf("no covers: a case that proves nothing")
			}
			t.Logf("raw %d, distinct %d", raw, classes)
			for _, nb := range []bool{false, true} {
				res, err := p.Solve(context.Background(), &puzzles.SolveConfig{NoSymmetryBreaking: nb})
				if err != nil {
					t.Fatal(err)
				}
				if res.Raw != int64(raw) || len(res.Distinct) != classes {
					t.Errorf("Solve(noBreaking=%v): raw %d, distinct %d; brute force: %d, %d", nb, res.Raw, len(res.Distinct), raw, classes)
				}
				if nb && res.Found != res.Raw {
					t.Errorf("covers found = %d, sum of orbits = %d", res.Found, res.Raw)
				}
			}
		})
	}
}

func TestCanonical(t *testing.T) {
	p := mustPuzzle(t, mustBoard(t, scottPic), mustSet(t, "pentominoes"))
	var raw []*Solution
	for s := range p.Solutions(context.Background()) {
		raw = append(raw, s)
		if len(raw) == 40 {
			break
		}
	}
	for i, s := range raw {
		c, orbit := s.Canonical()
		for k := range p.Symmetries() {
			img := s.Transform(k)
			ic, iorbit := img.Canonical()
			if ic.Key() != c.Key() || iorbit != orbit {
				t.Fatalf("solution %d: canonical form changes under symmetry %d", i, k)
			}
			if img.Compare(c) < 0 {
				t.Fatalf("solution %d: image under %d is smaller than the canonical form", i, k)
			}
		}
	}
}

func TestBreakingFindsTheSameClasses(t *testing.T) {
	for _, name := range []string{"scott", "3x20", "holed"} {
		var b *geom.Board
		switch name {
		case "scott":
			b = mustBoard(t, scottPic)
		case "3x20":
			b = mustRect(t, 3, 20)
		case "holed":
			b = mustBoard(t, "........\n.#....#.\n........\n........\n........\n.#....#.\n........\n........\n")
		}
		t.Run(name, func(t *testing.T) {
			p := mustPuzzle(t, b, mustSet(t, "pentominoes"))
			keys := func(nb bool) []string {
				res, err := p.Solve(context.Background(), &puzzles.SolveConfig{NoSymmetryBreaking: nb})
				if err != nil {
					t.Fatal(err)
				}
				var ks []string
				sum := int64(0)
				for _, d := range res.Distinct {
					ks = append(ks, tiled(d).Key())
					sum += int64(d.Orbit)
				}
				if sum != res.Raw {
					t.Errorf("sum of orbits %d, raw %d", sum, res.Raw)
				}
				return ks
			}
			if a, b := keys(false), keys(true); !slices.Equal(a, b) {
				t.Errorf("distinct solutions differ: %d with symmetry breaking, %d without", len(a), len(b))
			}
		})
	}
}

// parseGrid reads a solution's String back into groups of cells by letter.
func parseGrid(s string) map[rune][]geom.Cell {
	out := map[rune][]geom.Cell{}
	for r, line := range strings.Split(strings.TrimSuffix(s, "\n"), "\n") {
		for c, ch := range []rune(line) {
			if ch != ' ' {
				out[ch] = append(out[ch], geom.Cell{Row: r, Col: c})
			}
		}
	}
	return out
}

func TestSolutionString(t *testing.T) {
	p := mustPuzzle(t, mustRect(t, 3, 20), mustSet(t, "pentominoes"))
	res, err := p.Solve(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	for i, d := range res.Distinct {
		grid := parseGrid(tiled(d).String())
		// Round trip: every letter's cells are exactly one placement.
		if len(grid) != 12 {
			t.Errorf("solution %d: %d letters in\n%s", i, len(grid), d.Solution)
		}
		for _, pl := range tiled(d).Placements() {
			name := p.Pieces()[pl.Piece].Name
			if !slices.Equal(grid[rune(name[0])], pl.Cells) {
				t.Errorf("solution %d: letter %s covers %v, placement %v", i, name, grid[rune(name[0])], pl.Cells)
			}
		}
	}
}

func TestLetters(t *testing.T) {
	pieces := mustSet(t, "domino")
	pieces[0].Count = 3
	p := mustPuzzle(t, mustRect(t, 2, 3), pieces)
	res, err := p.Solve(context.Background(), &puzzles.SolveConfig{NoSymmetryBreaking: true})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, d := range res.Distinct {
		got = append(got, tiled(d).String())
	}
	want := []string{"IiA\nIiA\n", "IIi\nAAi\n"}
	slices.Sort(want)
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("dominoes on 2×3 drawn as %q, want %q", got, want)
	}
}

func TestNewErrors(t *testing.T) {
	pent := mustSet(t, "pentominoes")
	dup := slices.Clone(pent)
	dup[1].Name = "F"
	bad := slices.Clone(pent)
	bad[0].Count = 0
	tests := []struct {
		name   string
		board  *geom.Board
		pieces []geom.Piece
		want   string
	}{
		{"area", mustRect(t, 5, 11), pent, "pieces cover 60 cells and the board has 55"},
		{"duplicate names", mustRect(t, 6, 10), dup, `two pieces are named "F"`},
		{"count", mustRect(t, 6, 10), bad, "count 0, want at least 1"},
		{"no pieces", mustRect(t, 6, 10), nil, "no pieces"},
		{"disconnected", mustRect(t, 1, 2), []geom.Piece{{Name: "A", Cells: []geom.Cell{{Row: 0, Col: 0}, {Row: 0, Col: 2}}, Count: 1}}, "not connected"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := New("", tt.board, tt.pieces)
			// The piece's own faults are geom's; the puzzle's, tiling's.
			if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.HasPrefix(err.Error(), "tiling: ") && !strings.HasPrefix(err.Error(), "geom: ") {
				t.Errorf("New() error = %v, want one from tiling or geom containing %q", err, tt.want)
			}
		})
	}
}

func TestPictureErrors(t *testing.T) {
	tests := []struct {
		pic       string
		line, col int
	}{
		{"...\n..x\n", 2, 3},
		{"..\t.\n", 1, 3},
	}
	for _, tt := range tests {
		_, err := geom.ParseBoard(tt.pic)
		pe, ok := err.(*geom.PictureError)
		if !ok || pe.Line != tt.line || pe.Col != tt.col {
			t.Errorf("ParseBoard(%q) error = %v, want one at line %d, column %d", tt.pic, err, tt.line, tt.col)
		}
	}
	if _, err := geom.ParseBoard("  \n##\n"); err == nil {
		t.Errorf("ParseBoard of a picture without cells: no error")
	}
	if _, err := geom.ParsePiece("A", "   \n"); err == nil {
		t.Errorf("ParsePiece of an empty picture: no error")
	}
}

// Spec → solutions → ASCII grids → cells: every grid covers exactly the
// board of the spec, and each letter's cells are one placement of its piece.
func TestRoundTrip(t *testing.T) {
	for _, name := range []string{"scott", "pentominoes-3x20", "dominoes-4x4", "pentominoes-8x8-corners"} {
		t.Run(name, func(t *testing.T) {
			spec, err := loadSpec(name)
			if err != nil {
				t.Fatal(err)
			}
			p := spec.Puzzle
			res, err := p.Solve(context.Background(), &puzzles.SolveConfig{Limit: 20})
			if err != nil {
				t.Fatal(err)
			}
			legal := map[string]bool{}
			for _, pl := range p.Placements() {
				legal[fmt.Sprint(pl)] = true
			}
			for i, d := range res.Distinct {
				grid := parseGrid(tiled(d).String())
				var covered []geom.Cell
				letters := tiled(d).Letters()
				for _, pl := range tiled(d).Placements() {
					inst := -1
					for k, c := range p.Board().Cells() {
						if c == pl.Cells[0] {
							_, inst = tiled(d).At(k)
						}
					}
					cells := grid[letters[inst]]
					if !legal[fmt.Sprint(Placement{Piece: pl.Piece, Cells: cells})] {
						t.Errorf("solution %d: letter %c covers %v, not a placement of %s", i, letters[inst], cells, p.Pieces()[pl.Piece].Name)
					}
					covered = append(covered, cells...)
				}
				slices.SortFunc(covered, geom.Cell.Compare)
				if !slices.Equal(covered, p.Board().Cells()) {
					t.Errorf("solution %d covers %v, not the board", i, covered)
				}
			}
		})
	}
}

// CoverKey computes from a cover's pieces the encoding solutions are
// ordered by.
func TestCoverKey(t *testing.T) {
	for _, name := range []string{"scott", "dominoes-4x4"} {
		spec, res := mustSolve(t, name)
		for i, d := range res.Distinct {
			var piece []int
			var cells [][]geom.Cell
			for _, pl := range tiled(d).Placements() {
				piece = append(piece, pl.Piece)
				cells = append(cells, pl.Cells)
			}
			if got := CoverKey(len(spec.Puzzle.Pieces()), piece, cells); !slices.Equal(got, tiled(d).code) {
				t.Fatalf("%s, solution %d: CoverKey = %v, encoding %v", name, i, got, tiled(d).code)
			}
		}
	}
}

func TestSolutionLegend(t *testing.T) {
	for _, tt := range []struct{ name, want string }{
		{"scott", ""},
		{"hexiamonds-4x9", "key: b bar, c crook, C crown, h hook, "},
		{"dominoes-2x10", "key: d domino, D domino, A domino, "},
	} {
		spec, err := loadSpec(tt.name)
		if err != nil {
			t.Fatal(err)
		}
		res, err := spec.Puzzle.Solve(context.Background(), &puzzles.SolveConfig{Limit: 1})
		if err != nil {
			t.Fatal(err)
		}
		s := tiled(res.Distinct[0])
		got := s.Legend()
		if !strings.HasPrefix(got, tt.want) || (tt.want == "") != (got == "") {
			t.Errorf("%s: Legend() = %q, want %q…", tt.name, got, tt.want)
		}
		// Every character of the grid is in the key, once.
		for _, c := range strings.ReplaceAll(strings.ReplaceAll(s.String(), "\n", ""), " ", "") {
			if got != "" && !strings.Contains(got, " "+string(c)+" ") && !strings.HasPrefix(got, "key: "+string(c)+" ") {
				t.Errorf("%s: %q is not in the key %q", tt.name, c, got)
				break
			}
		}
		for _, c := range strings.ReplaceAll(strings.ReplaceAll(s.String(), "\n", ""), " ", "") {
			if c > 0x7f {
				t.Errorf("%s: the grid has %q, not ASCII", tt.name, c)
				break
			}
		}
	}
}

// rawByEngine returns the raw solutions of p that the fill engine and
// Dancing Links find, in that order.
func rawByEngine(t *testing.T, p *Puzzle) [2]int64 {
	t.Helper()
	var raws [2]int64
	for i, engine := range []puzzles.Engine{puzzles.EngineFill, puzzles.EngineDLX} {
		res, err := p.Solve(context.Background(), &puzzles.SolveConfig{Engine: engine, NoSymmetryBreaking: true})
		if err != nil {
			t.Fatal(err)
		}
		raws[i] = res.Raw
	}
	return raws
}

// On boards of squares, with holes anywhere (the first cell, the edges,
// the middle), the fill engine lays the board out as its whole rectangle
// and finds the walled-in cells on the whole window at once; it finds the
// covers Dancing Links finds. Boards of triangles and hexagons keep the
// cells' own positions.
func TestFillLayout(t *testing.T) {
	pieces := mustSet(t, "one-sided-tetrominoes") // 7 pieces, 28 cells
	rng := rand.New(rand.NewPCG(7, 11))
	solved := 0
	for k := range 40 {
		rows, cols := 5, 6
		if k%2 == 1 {
			rows, cols = 6, 5 // filled row by row
		}
		holes := map[int]bool{}
		if k == 0 {
			holes[0] = true // the first cell
		}
		for len(holes) < rows*cols-28 {
			holes[rng.IntN(rows*cols)] = true
		}
		var pic strings.Builder
		for r := range rows {
			for c := range cols {
				if holes[r*cols+c] {
					pic.WriteByte('#')
				} else {
					pic.WriteByte('.')
				}
			}
			pic.WriteByte('\n')
		}
		b := mustBoard(t, pic.String())
		if lay := fillLayoutOf(b); lay.stride == 0 || len(lay.holes) != b.Rows()*b.Cols()-b.Len() {
			// A hole on the rim shrinks the board's rectangle: count
			// the holes inside it.
			t.Fatalf("board %d:\n%s: not laid out as its rectangle (stride %d, %d holes)", k, pic.String(), lay.stride, len(lay.holes))
		}
		p := mustPuzzle(t, b, pieces)
		raws := rawByEngine(t, p)
		if raws[0] != raws[1] {
			t.Errorf("board %d:\n%sfill finds %d covers, Dancing Links %d", k, pic.String(), raws[0], raws[1])
		}
		if raws[0] > 0 {
			solved++
		}
	}
	if solved < 5 {
		t.Errorf("only %d of the boards have covers: a test that proves little", solved)
	}
	for _, name := range []string{"hexiamonds-4x9", "tetrahexes-4x7"} {
		spec, err := loadSpec(name)
		if err != nil {
			t.Fatal(err)
		}
		if lay := fillLayoutOf(spec.Puzzle.board); lay.stride != 0 || lay.n != spec.Puzzle.board.Len() {
			t.Errorf("%s: laid out as a rectangle of squares (stride %d, %d positions)", name, lay.stride, lay.n)
		}
	}
}

// The walled-in cells and pairs that gridMasks finds with shifts of the
// window are those a cell-by-cell look finds, on rectangles of lines of 2
// to 9 cells, at any position, the cells before the window covered and
// those past it taken to be empty.
func TestGridWalled(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	found := [2]int{}
	for range 20000 {
		stride := 2 + rng.IntN(8)
		n := stride * (2 + rng.IntN(12))
		base := rng.IntN(n)
		after := rng.Uint64()
		for range rng.IntN(3) {
			after |= rng.Uint64() // from a half to seven eighths covered
		}
		after |= 1                    // the window's first cell is covered
		covered := func(q int) bool { // q a position of the rectangle
			switch {
			case q < base:
				return true
			case q >= base+fillMax:
				return false
			}
			return after>>(q-base)&1 != 0
		}
		// The neighbours of q that are on the board.
		nbrs := func(q int) []int {
			var out []int
			if q%stride > 0 {
				out = append(out, q-1)
			}
			if q%stride < stride-1 {
				out = append(out, q+1)
			}
			if q >= stride {
				out = append(out, q-stride)
			}
			if q+stride < n {
				out = append(out, q+stride)
			}
			return out
		}
		end := min(n, base+fillMax) // past the window or the board
		// walled reports whether the cells of set are empty, in the
		// window, and every neighbour of theirs not in set is covered.
		walled := func(set ...int) bool {
			for _, q := range set {
				if q >= end || covered(q) {
					return false
				}
				for _, r := range nbrs(q) {
					if !slices.Contains(set, r) && !covered(r) {
						return false
					}
				}
			}
			return true
		}
		var singles, pairs uint64
		for q := base; q < end; q++ {
			bit := uint64(1) << (q - base)
			if walled(q) {
				singles |= bit
			}
			if q%stride < stride-1 && walled(q, q+1) || walled(q, q+stride) {
				pairs |= bit
			}
		}
		g := &gridMasksOf(n, stride)[base]
		if got := g.walled(after, uint(stride), false); got != singles {
			t.Fatalf("stride %d, n %d, base %d, window %064b:\nwalled-in cells %064b,\nwant            %064b", stride, n, base, after, got, singles)
		}
		if got := g.walled(after, uint(stride), true); got != singles|pairs {
			t.Fatalf("stride %d, n %d, base %d, window %064b:\nwalled-in cells and pairs %064b,\nwant                      %064b", stride, n, base, after, got, singles|pairs)
		}
		if singles != 0 {
			found[0]++
		}
		if pairs != 0 {
			found[1]++
		}
	}
	if found[0] < 1000 || found[1] < 1000 {
		t.Errorf("%d windows with a walled-in cell, %d with a pair: too few to tell", found[0], found[1])
	}
}

// placeGrid gathers the options of a position in an array of
// gridMaxFits: a puzzle with more options at one position is left to
// place1 (the 35 hexominoes have 216 fixed orientations), one with fewer
// is not.
func TestFillGridLimit(t *testing.T) {
	for _, tt := range []struct {
		pieces     string
		rows, cols int
		grid       bool
	}{
		{"pentominoes", 6, 10, true},
		{"hexominoes", 14, 15, false},
	} {
		p := mustPuzzle(t, mustRect(t, tt.rows, tt.cols), mustSet(t, tt.pieces))
		e, err := p.encode(context.Background(), true)
		if err != nil {
			t.Fatal(err)
		}
		f := newFill(e)
		most := f.mostOptions()
		if got := f.gopts != nil; got != tt.grid || got != (most <= gridMaxFits) {
			t.Errorf("%s in %d×%d: %d options at a position, placeGrid %v, want %v", tt.pieces, tt.rows, tt.cols, most, got, tt.grid)
		}
	}
}

// A board whose parts lie more than a window apart in the fill order (64
// positions of holes between them): the fill engine moves on past the
// holes and finds the covers Dancing Links finds, with pieces of one copy
// on squares (placeGrid), with a monomino (place1) and with copies
// (place).
func TestFillFarApart(t *testing.T) {
	domino, err := geom.ParsePiece("domino", "##")
	if err != nil {
		t.Fatal(err)
	}
	domino.Count = 6
	monos := mustSet(t, "one-sided-tetrominoes")[:5:5] // 20 cells, and four of one cell
	for _, name := range []string{"a", "b", "c", "d"} {
		mono, err := geom.ParsePiece(name, "#")
		if err != nil {
			t.Fatal(err)
		}
		monos = append(monos, mono)
	}
	rooms := func(rows, cols, gap int) string {
		row := strings.Repeat(".", cols) + strings.Repeat("#", gap) + strings.Repeat(".", cols)
		return strings.Repeat(row+"\n", rows)
	}
	for _, tt := range []struct {
		name   string
		board  string
		pieces []geom.Piece
	}{
		{"pentominoes in two 5×6 rooms, 65 holes apart", rooms(5, 6, 13), mustSet(t, "pentominoes")},
		{"tetrominoes and monominoes in two 3×4 rooms, 66 holes apart", rooms(3, 4, 22), monos},
		{"six dominoes in two 2×3 rooms, 70 holes apart", rooms(2, 3, 35), []geom.Piece{domino}},
	} {
		p := mustPuzzle(t, mustBoard(t, tt.board), tt.pieces)
		if !fillFits(p) || fillLayoutOf(p.board).stride == 0 {
			t.Fatalf("%s: not laid out as a rectangle for the fill engine", tt.name)
		}
		raws := rawByEngine(t, p)
		if raws[0] != raws[1] || raws[1] == 0 {
			t.Errorf("%s: fill finds %d covers, Dancing Links %d", tt.name, raws[0], raws[1])
		}
	}
}

// TestDeadTable checks the table of dead states: the bucket and the tag
// give a state's key back, a state whose window prefix cells may still
// come into has none, states whose keys differ in one bit never share
// a bucket and a tag, a state stored is found with its nodes, the table
// grows when it should and keeps what it held, and a bucket keeps the
// state with the most nodes and the last one.
func TestDeadTable(t *testing.T) {
	ctx := context.Background()
	// The inverse of the hash's multiplier modulo 2^64 (Newton's
	// iteration: each step doubles the bits that are right).
	const mul = deadMul
	inverse := uint64(mul)
	for range 6 {
		inverse *= 2 - mul*inverse
	}
	if inverse*mul != 1 {
		t.Fatalf("inverse %#x", inverse)
	}
	// Nine monominoes in a row: keys of 14 bits, fewer than a bucket's
	// number has in a full table.
	monominoes := monominoRow(t, 9)
	for _, name := range []string{"pentominoes-6x10", "scott", "pentominoes-3x20", "one-sided-pentominoes-6x15", "monominoes"} {
		p := monominoes
		if name != "monominoes" {
			spec, err := loadSpec(name)
			if err != nil {
				t.Fatal(err)
			}
			p = spec.Puzzle
		}
		p = p.ready()
		e, err := p.encode(ctx, true)
		if err != nil {
			t.Fatal(err)
		}
		f := newFill(e)
		tab := &f.dead
		if tab.span == 0 {
			t.Fatalf("%s: no table of dead states", name)
		}
		// The table's sizes: 2^K slots at most, a bucket a key.
		first, whole := 1<<min(deadBits, tab.k), 1<<min(deadMostBits, tab.k)
		tab.prepare(0)
		if len(tab.words) != first || tab.few != deadLeft {
			t.Fatalf("%s: a table of %d slots for keys of %d bits, states with %d pieces left", name, len(tab.words), tab.k, tab.few)
		}
		span, np := tab.span, f.np
		rng := rand.New(rand.NewPCG(7, uint64(len(name))))
		state := func() (int, uint64, uint64) {
			base := rng.IntN(f.n)
			avail := rng.Uint64() & (1<<np - 1)
			for bits.OnesCount64(avail) < deadLeft {
				avail |= 1 << rng.IntN(np)
			}
			return base, rng.Uint64()&(1<<span-1)&^1 | tab.hi[base]<<span, avail
		}
		type slot struct {
			bucket int
			tag    uint64
		}
		type dead struct {
			base          int
			window, avail uint64
			n             int64
		}
		var stored []dead
		for range 5000 {
			base, window, avail := state()
			bucket, tag := tab.slot(base, window, avail)
			if bucket < 0 || bucket >= len(tab.words)/2 || tag&(1<<tab.shift-1) != 0 {
				t.Fatalf("%s: state (%d, %#x, %#x) has bucket %d, tag %#x", name, base, window, avail, bucket, tag)
			}
			// Prefix cells yet to come into the window, in a task
			// whose prefix ends further on: not a state to remember.
			tab.prepare(base + fillMax + 1)
			if b, _ := tab.slot(base, window, avail); b >= 0 {
				t.Fatalf("%s: state (%d, %#x, %#x) has bucket %d with prefix cells past its window", name, base, window, avail, b)
			}
			tab.prepare(0)
			// The bucket and the tag give the key back: the hash is
			// one to one.
			k := tab.k
			key := window&(1<<span-1) | avail<<span | uint64(base)<<tab.base
			h := uint64(bucket)<<(k-tab.up) | tag>>tab.shift
			if back := h * inverse & (1<<k - 1); back != key {
				t.Fatalf("%s: state (%d, %#x, %#x), key %#x: bucket %d and tag %#x give key %#x", name, base, window, avail, key, bucket, tag, back)
			}
			at := slot{bucket, tag}
			for i := 1; i < int(span); i++ {
				if b, g := tab.slot(base, window^1<<i, avail); (slot{b, g}) == at {
					t.Fatalf("%s: states (%d, %#x, %#x) and window %#x share bucket %d, tag %#x", name, base, window, avail, window^1<<i, b, g)
				}
			}
			for i := range np {
				if a := avail ^ 1<<i; bits.OnesCount64(a) >= deadLeft {
					if b, g := tab.slot(base, window, a); (slot{b, g}) == at {
						t.Fatalf("%s: states (%d, %#x, %#x) and pieces %#x share a slot", name, base, window, avail, a)
					}
				}
			}
			for i := range bits.Len(uint(f.n)) {
				if q := base ^ 1<<i; q < f.n && tab.hi[q] == tab.hi[base] {
					if b, g := tab.slot(q, window, avail); (slot{b, g}) == at {
						t.Fatalf("%s: states (%d, %#x, %#x) and position %d share a slot", name, base, window, avail, q)
					}
				}
			}
			if _, ok := tab.lookup(bucket, tag); ok {
				continue // the search stores a state only when it does not find it
			}
			n := rng.Int64N(1 << 20)
			tab.store(bucket, tag, n)
			if got, ok := tab.lookup(bucket, tag); !ok || got != n {
				t.Fatalf("%s: stored %d nodes, found %d, %v", name, n, got, ok)
			}
			stored = append(stored, dead{base, window, avail, n})
		}
		// Growing the table keeps every state it held.
		var held []dead
		for _, d := range stored {
			if n, ok := tab.lookup(tab.slot(d.base, d.window, d.avail)); ok && n == d.n {
				held = append(held, d)
			}
		}
		if len(held) < len(stored)/2 {
			t.Fatalf("%s: %d of %d states held", name, len(held), len(stored))
		}
		for _, size := range []int{first, whole} {
			tab.prepare(0)
			if len(tab.words) != size {
				t.Fatalf("%s: %d slots before the search made enough nodes, want %d", name, len(tab.words), size)
			}
			if size < whole && tab.growIn > deadGrowth*int64(len(tab.words)) {
				t.Fatalf("%s: the table of %d slots grows after %d nodes more", name, len(tab.words), tab.growIn)
			}
			tab.growIn = 0
			tab.prepare(0)
			if len(tab.words) != whole {
				t.Fatalf("%s: %d slots, want %d", name, len(tab.words), whole)
			}
			for _, d := range held {
				if n, ok := tab.lookup(tab.slot(d.base, d.window, d.avail)); !ok || n != d.n {
					t.Fatalf("%s: state %v lost or changed (%d, %v) in a table of %d slots", name, d, n, ok, len(tab.words))
				}
			}
		}
		// A table from deadBigWords slots is mapped apart, on Linux;
		// release gives it back.
		if apart := tab.free != nil; apart != (len(tab.words) >= deadBigWords && runtime.GOOS == "linux") {
			t.Fatalf("%s: a table of %d slots mapped apart: %v", name, len(tab.words), apart)
		}
		defer f.release()
		if tab.shift > 61 {
			continue // tags of fewer than 3 bits: no tags 1 to 4
		}
		// One bucket, states with tags 1 to 4.
		clear(tab.words)
		tag := func(i uint64) uint64 { return i << tab.shift }
		most := int64(1)<<(tab.shift-1) - 1
		for _, step := range []struct {
			tag  uint64
			n    int64
			kept []uint64 // the tags found after it
		}{
			{1, 10, []uint64{1}},
			{2, 5, []uint64{1, 2}},
			{3, 1, []uint64{1, 3}},        // the second slot is the last one's
			{4, 100, []uint64{4, 1}},      // the most nodes first
			{2, 0, []uint64{4, 2}},        // a dead end with no nodes below
			{3, most + 1, []uint64{4, 2}}, // too many to keep
			{3, most, []uint64{3, 4}},
		} {
			tab.store(5, tag(step.tag), step.n)
			for i := uint64(1); i <= 4; i++ {
				_, ok := tab.lookup(5, tag(i))
				if ok != slices.Contains(step.kept, i) {
					t.Fatalf("%s: after storing tag %d with %d nodes, tag %d found %v, want %v kept", name, step.tag, step.n, i, ok, step.kept)
				}
			}
			if _, ok := tab.lookup(4, tag(step.tag)); ok {
				t.Fatalf("%s: tag %d found in another bucket", name, step.tag)
			}
		}
		if got, _ := tab.lookup(5, tag(3)); got != most {
			t.Fatalf("%s: %d nodes kept, want %d", name, got, most)
		}
		t.Logf("%s: keys of %d bits, tags of %d, node counts up to %d", name, tab.k, 64-tab.shift, most)
	}
}

// AppendPlacements gives what Placements gives, after what pls held,
// and reuses the cells' space it is given when it is large enough, from
// one solution to the next.
func TestAppendPlacements(t *testing.T) {
	check := func(name string, p *Puzzle, res *puzzles.Result) {
		t.Helper()
		front := Placement{Piece: -1}
		var pls []Placement
		var cells []geom.Cell
		for i, d := range res.Distinct {
			want := tiled(d).Placements()
			// The same, cell by cell: each piece put down and its
			// cells in reading order, sorted by piece and first cell.
			var ref []Placement
			at := map[int]int{} // instance → its index in ref
			for c, cell := range p.Board().Cells() {
				piece, inst := tiled(d).At(c)
				j, ok := at[inst]
				if !ok {
					j = len(ref)
					at[inst] = j
					ref = append(ref, Placement{Piece: piece})
				}
				ref[j].Cells = append(ref[j].Cells, cell)
			}
			slices.SortFunc(ref, func(a, b Placement) int {
				return cmp.Or(a.Piece-b.Piece, a.Cells[0].Compare(b.Cells[0]))
			})
			if !reflect.DeepEqual(want, ref) {
				t.Fatalf("%s, solution %d: placements %v, want %v", name, i+1, want, ref)
			}
			before := cells
			pls, cells = tiled(d).AppendPlacements(append(pls[:0], front), cells)
			if !reflect.DeepEqual(pls[0], front) {
				t.Fatalf("%s, solution %d: the placement before became %v", name, i+1, pls[0])
			}
			if !reflect.DeepEqual(pls[1:], want) {
				t.Fatalf("%s, solution %d: appended %v, want %v", name, i+1, pls[1:], want)
			}
			if i > 0 && &cells[0] != &before[0] {
				t.Fatalf("%s, solution %d: the cells' space was not reused", name, i+1)
			}
			if n := p.Board().Len(); len(cells) != n {
				t.Fatalf("%s, solution %d: %d cells, want %d", name, i+1, len(cells), n)
			}
		}
	}
	for _, name := range []string{"scott", "hexiamonds-4x9", "dominoes-4x4", "one-sided-tetrominoes-4x7"} {
		spec, res := mustSolve(t, name)
		check(name, spec.Puzzle, res)
	}
	// More pieces than the insertion sort is for.
	p := monominoRow(t, 70)
	res, err := p.Solve(context.Background(), &puzzles.SolveConfig{Limit: 3})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Distinct) != 3 {
		t.Fatalf("70 monominoes: %d solutions", len(res.Distinct))
	}
	check("70 monominoes", p, res)
}

// plainLattice is a lattice of the package seen as any other Lattice:
// without the shift that placements uses to spare moving the cells.
type plainLattice struct{ geom.Lattice }

// placements finds the same placements, in the same order, on a lattice
// of the package (by shifts) and on the same lattice seen as any other
// (by Translate).
func TestPlacementsAnyLattice(t *testing.T) {
	ctx := context.Background()
	for _, name := range []string{"scott", "hexiamonds-hexagon", "tetrahexes-4x7", "one-sided-pentominoes-6x15"} {
		spec, err := loadSpec(name)
		if err != nil {
			t.Fatal(err)
		}
		p := spec.Puzzle
		lat := p.board.Lattice()
		if _, ok := lat.(geom.Shifter); !ok {
			t.Fatalf("%s: the lattice %s has no shift", name, lat.Name())
		}
		want, err := placements(ctx, p.board, p.pieces)
		if err != nil {
			t.Fatal(err)
		}
		plain, err := geom.NewBoard(plainLattice{lat}, p.board.Cells())
		if err != nil {
			t.Fatal(err)
		}
		got, err := placements(ctx, plain, p.pieces)
		if err != nil {
			t.Fatal(err)
		}
		if len(want) == 0 || !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: %d placements by Translate, %d by shifts", name, len(got), len(want))
		}
	}
}

// The table of dead states holds no state with nothing below it: such a
// state costs no more to meet again than a look (placeGrid, place1).
func TestDeadTableNoEmptyStates(t *testing.T) {
	ctx := context.Background()
	for _, name := range []string{"pentominoes-6x10", "hexiamonds-4x9"} {
		spec, err := loadSpec(name)
		if err != nil {
			t.Fatal(err)
		}
		p := spec.Puzzle.ready()
		e, err := p.encode(ctx, true)
		if err != nil {
			t.Fatal(err)
		}
		f := newFill(e)
		defer f.release()
		covers := 0
		if _, _, err := f.search(ctx, nil, func([]int32) bool { covers++; return true }); err != nil {
			t.Fatal(err)
		}
		if covers == 0 {
			t.Fatalf("%s: no covers", name)
		}
		nodes := uint64(1)<<(f.dead.shift&63) - 2
		stored := 0
		for i, e := range f.dead.words {
			if e&1 == 0 {
				continue
			}
			stored++
			if e&nodes == 0 {
				t.Fatalf("%s: slot %d holds a state with no nodes below it", name, i)
			}
		}
		if stored == 0 {
			t.Fatalf("%s: nothing stored", name)
		}
	}
}

// tiled returns the tiling's solution of a class.
func tiled(d puzzles.Class) *Solution { return d.Solution.(*Solution) }
