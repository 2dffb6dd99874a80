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

// randomWindow returns a window from a half to seven eighths covered,
// its first cell covered.
func randomWindow(rng *rand.Rand) uint64 {
	after := rng.Uint64()
	for range rng.IntN(3) {
		after |= rng.Uint64()
	}
	return after | 1
}

// walledByLook returns the walled-in cells and pairs of the window after
// at base, on a board of n positions whose neighbours nbrs gives, found
// cell by cell: those of a set (a cell, or a cell and a later neighbour)
// that are empty, in the window, and whose neighbours outside the set are
// covered, the cells before the window covered and those past it empty.
func walledByLook(n, base int, after uint64, nbrs func(int) []int) (singles, pairs uint64) {
	covered := func(q int) bool {
		switch {
		case q < base:
			return true
		case q >= base+fillMax:
			return false
		}
		return after>>(q-base)&1 != 0
	}
	end := min(n, base+fillMax) // past the window or the board
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
	for q := base; q < end; q++ {
		bit := uint64(1) << (q - base)
		if walled(q) {
			singles |= bit
		}
		for _, r := range nbrs(q) {
			if r > q && walled(q, r) {
				pairs |= bit
			}
		}
	}
	return singles, pairs
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
		after := randomWindow(rng)
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
		singles, pairs := walledByLook(n, base, after, nbrs)
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

// The walled-in cells and pairs that boxMasks finds with shifts of the
// window are those a cell-by-cell look finds, on boxes of lines of 1 to 5
// cells, layers of 1 to 5 lines and 2 to 9 layers, at any position, the
// cells before the window covered and those past it taken to be empty.
func TestBoxWalled(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	found := [2]int{}
	for range 20000 {
		line := 1 + rng.IntN(5)
		plane := line * (1 + rng.IntN(5))
		n := plane * (2 + rng.IntN(8))
		base := rng.IntN(n)
		after := randomWindow(rng)
		// The neighbours of q that are in the box.
		nbrs := func(q int) []int {
			var out []int
			if q%line > 0 {
				out = append(out, q-1)
			}
			if q%line < line-1 {
				out = append(out, q+1)
			}
			if q%plane >= line {
				out = append(out, q-line)
			}
			if q%plane < plane-line {
				out = append(out, q+line)
			}
			if q >= plane {
				out = append(out, q-plane)
			}
			if q+plane < n {
				out = append(out, q+plane)
			}
			return out
		}
		singles, pairs := walledByLook(n, base, after, nbrs)
		g := &boxMasksOf(n, line, plane)[base]
		if got := g.walled(after, uint(line), uint(plane), false); got != singles {
			t.Fatalf("line %d, plane %d, n %d, base %d, window %064b:\nwalled-in cells %064b,\nwant            %064b", line, plane, n, base, after, got, singles)
		}
		if got := g.walled(after, uint(line), uint(plane), true); got != singles|pairs {
			t.Fatalf("line %d, plane %d, n %d, base %d, window %064b:\nwalled-in cells and pairs %064b,\nwant                      %064b", line, plane, n, base, after, got, singles|pairs)
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

// The split on the item with the fewest placements (fill.fewest), which
// the fill engine makes where it keeps no table of dead states, partitions
// the covers: made on puzzles where the engine would split otherwise (on
// squares, triangles and cubes, with and without its table), its tasks'
// searches find every cover of the search that splits nothing, once;
// with symmetry breaking, some of them (narrow leaves out the images of
// others under the symmetries that fix the restricted piece's
// placement), once.
func TestFillSplitFewest(t *testing.T) {
	for _, name := range []string{"scott", "hexiamonds-4x9", "soma", "tetracubes-2x4x4"} {
		t.Run(name, func(t *testing.T) {
			spec, err := loadSpec(name)
			if err != nil {
				t.Fatal(err)
			}
			p := spec.Puzzle
			for _, breaking := range []bool{false, true} {
				e := p.Encode(breaking)
				f := newFill(e)
				var whole int64
				all := map[string]bool{}
				if _, _, err := f.search(context.Background(), nil, func(pls []int32) bool {
					whole++
					all[fmt.Sprint(slices.Sorted(slices.Values(pls)))] = true
					return true
				}); err != nil {
					t.Fatal(err)
				}
				f.fewestSplit = true
				tasks, err := p.tasks(context.Background(), e, f)
				if err != nil {
					t.Fatal(err)
				}
				var split int64
				seen := map[string]bool{}
				for _, tk := range tasks {
					_, _, err := f.search(context.Background(), tk.prefix, func(pls []int32) bool {
						key := slices.Sorted(slices.Values(pls))
						k := fmt.Sprint(key)
						if seen[k] {
							t.Errorf("breaking %v: cover %v found twice", breaking, key)
						}
						if !all[k] {
							t.Errorf("breaking %v: cover %v not found by the whole search", breaking, key)
						}
						seen[k] = true
						split++
						return true
					})
					if err != nil {
						t.Fatal(err)
					}
				}
				if !breaking && split != whole || split > whole || split == 0 {
					t.Errorf("breaking %v: %d tasks find %d covers, the whole search %d", breaking, len(tasks), split, whole)
				}
			}
		})
	}
}

// narrow, which splits the tasks whose covers may repeat under the
// symmetries that fix the restricted piece's placement on other pieces,
// keeps every class once: the classes the tasks keep (worker.class) are
// the puzzle's, their orbits add up to its raw count, and fewer covers
// are searched than without it (on puzzles whose split does not narrow,
// being small).
// restrictedFrontier returns the tasks of the split's first level: one for
// each placement of the restricted piece that e keeps, with its
// stabilizer.
func restrictedFrontier(p *Puzzle, e *Encoding) []task {
	var frontier []task
	mark := make([]bool, p.board.Len())
	for _, k := range e.options {
		if pl := &p.placements[k]; pl.piece == e.Restricted {
			frontier = append(frontier, task{prefix: []int32{k}, stab: p.stabilizer(pl.cells, mark)})
		}
	}
	return frontier
}

func TestNarrowKeepsClasses(t *testing.T) {
	for _, name := range []string{"scott", "pentominoes-3x20", "soma", "tetracubes-2x4x4", "hexiamonds-rhombus-6x6"} {
		t.Run(name, func(t *testing.T) {
			spec, res := mustSolve(t, name)
			p := spec.Puzzle
			e := p.Encode(true)
			frontier := restrictedFrontier(p, e)
			tasks, err := p.narrow(context.Background(), e, frontier)
			if err != nil {
				t.Fatal(err)
			}
			if !p.narrows() || len(tasks) == len(frontier) {
				t.Fatalf("narrow split nothing (narrows %v)", p.narrows())
			}
			found, classes, raw := classesOf(t, p, newFill(e), tasks)
			if classes != int64(len(res.Distinct)) || raw != res.Raw || found >= res.Found {
				t.Errorf("narrowed: %d covers, %d classes, %d raw; unnarrowed: %d covers, %d classes, %d raw",
					found, classes, raw, res.Found, len(res.Distinct), res.Raw)
			}
		})
	}
}
