package tiling

import (
	"context"
	"fmt"
	"reflect"
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
// independently of the exact-cover encoding and of the canonizer. A cover
// uses every copy of a piece of a fixed count, and a piece of any count
// (geom.Piece.Any) as often as it likes.
func bruteCount(b *geom.Board, pieces []geom.Piece, symmetric func(t int) bool) (raw int, classes int) {
	owner := map[geom.Cell]int{} // cell → instance
	kinds := []int{}             // instance → piece
	left := make([]int, len(pieces))
	for i, p := range pieces {
		left[i] = p.Count
		if p.Any {
			left[i] = b.Len() // never used up
		}
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
			for i, p := range pieces {
				if tooFew(p, left[i], b.Len()) {
					return // fewer copies than the fewest
				}
			}
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

// tiled returns the tiling's solution of a class.
func tiled(d puzzles.Class) *Solution { return d.Solution.(*Solution) }
