package tiling

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/polytile/polytile/puzzles"
	"github.com/polytile/polytile/puzzles/geom"
)

// The brute force here knows the triangular and hexagonal lattices only as
// points in the plane, where the drawing puts the cells' centres:
// it turns and reflects pieces and boards in floating point and finds the
// board's symmetries by trying the 12 isometries about the centroid of its
// cells. It shares nothing with the package but the pieces' cells and the
// lattices' neighbours, so it checks Transform, Translate, the symmetry
// group, canonical forms and both engines at once.

type point struct{ x, y float64 }

func (p point) key() [2]int64 {
	return [2]int64{int64(math.Round(p.x * 1e6)), int64(math.Round(p.y * 1e6))}
}

// isometry k of 12 about c: reflect in the horizontal line through c for
// k ≥ 6, then turn by k × 60°.
func isometry(k int, c, p point) point {
	x, y := p.x-c.x, p.y-c.y
	if k >= 6 {
		y = -y
	}
	th := float64(k%6) * math.Pi / 3
	return point{c.x + x*math.Cos(th) - y*math.Sin(th), c.y + x*math.Sin(th) + y*math.Cos(th)}
}

type bruteLattice struct {
	lat  geom.Lattice
	cell map[[2]int64]geom.Cell // centre → cell, over a generous window
}

func newBruteLattice(lat geom.Lattice) *bruteLattice {
	bl := &bruteLattice{lat: lat, cell: map[[2]int64]geom.Cell{}}
	for r := -40; r <= 40; r++ {
		for c := -80; c <= 80; c++ {
			if geom.ValidCell(lat, geom.Cell{Row: r, Col: c}) {
				x, y := geom.Centre(lat, geom.Cell{Row: r, Col: c})
				bl.cell[point{x, y}.key()] = geom.Cell{Row: r, Col: c}
			}
		}
	}
	return bl
}

func (bl *bruteLattice) at(c geom.Cell) point {
	x, y := geom.Centre(bl.lat, c)
	return point{x, y}
}

// marks returns points that tell a triangle from its turn by 60° about
// its centre: a little way from the centre towards each of its corners.
func (bl *bruteLattice) marks(c geom.Cell) []point {
	p := bl.at(c)
	if bl.lat != geom.Triangle {
		return []point{p}
	}
	start := -90.0 // the apex of an up triangle, y growing down
	if !geom.PointsUp(c) {
		start = 90
	}
	var out []point
	for k := range 3 {
		a := (start + 120*float64(k)) * math.Pi / 180
		out = append(out, point{p.x + 0.1*math.Cos(a), p.y + 0.1*math.Sin(a)})
	}
	return out
}

// image maps cells by isometry k about o and then by the vector that
// takes the image of from to to; false if some image is no cell.
func (bl *bruteLattice) image(cells []geom.Cell, k int, o point, from point, to point) ([]geom.Cell, bool) {
	f := isometry(k, o, from)
	out := make([]geom.Cell, len(cells))
	for i, c := range cells {
		p := isometry(k, o, bl.at(c))
		q, ok := bl.cell[point{p.x - f.x + to.x, p.y - f.y + to.y}.key()]
		if !ok {
			return nil, false
		}
		// The image must be the cell itself, not the cell turned about
		// its centre.
		want := bl.marks(q)
		for _, m := range bl.marks(c) {
			m = isometry(k, o, m)
			key := point{m.x - f.x + to.x, m.y - f.y + to.y}.key()
			if !slices.ContainsFunc(want, func(w point) bool { return w.key() == key }) {
				return nil, false
			}
		}
		out[i] = q
	}
	return out, true
}

// bruteCount6 counts the covers of board by pieces (free ones: any of the
// 12 isometries) and the classes of covers under the board's symmetries.
// A cover uses every copy of a piece of a fixed count, and a piece of any
// count (geom.Piece.Any) as often as it likes.
func bruteCount6(lat geom.Lattice, board []geom.Cell, pieces []geom.Piece) (raw, classes, syms int) {
	bl := newBruteLattice(lat)
	in := map[geom.Cell]bool{}
	var cen point
	for _, c := range board {
		in[c] = true
		p := bl.at(c)
		cen.x += p.x / float64(len(board))
		cen.y += p.y / float64(len(board))
	}
	var group []int // isometries about the centroid that map the board onto itself
	for k := range 12 {
		img, ok := bl.image(board, k, cen, cen, cen)
		if ok && !slices.ContainsFunc(img, func(c geom.Cell) bool { return !in[c] }) {
			group = append(group, k)
		}
	}
	sorted := slices.Clone(board)
	slices.SortFunc(sorted, geom.Cell.Compare)
	owner := map[geom.Cell]int{}
	var names []string
	left := make([]int, len(pieces))
	for i, p := range pieces {
		left[i] = p.Count
		if p.Any {
			left[i] = len(board) // never used up
		}
	}
	seen := map[string]bool{}
	var rec func()
	rec = func() {
		first := -1
		for i, c := range sorted {
			if _, ok := owner[c]; !ok {
				first = i
				break
			}
		}
		if first < 0 {
			for i, p := range pieces {
				if tooFew(p, left[i], len(board)) {
					return // fewer copies than the fewest
				}
			}
			raw++
			best := ""
			for _, k := range group {
				img := map[geom.Cell]int{}
				moved, _ := bl.image(sorted, k, cen, cen, cen)
				for i, c := range sorted {
					img[moved[i]] = owner[c]
				}
				rank := map[int]int{}
				var sb strings.Builder
				for _, c := range sorted {
					o := img[c]
					if _, ok := rank[o]; !ok {
						rank[o] = len(rank)
					}
					fmt.Fprintf(&sb, "%d%s,", rank[o], names[o])
				}
				if s := sb.String(); best == "" || s < best {
					best = s
				}
			}
			seen[best] = true
			return
		}
		empty := sorted[first]
		for i, p := range pieces {
			if left[i] == 0 {
				continue
			}
			tried := map[string]bool{}
			for k := range 12 {
				for _, at := range p.Cells {
					moved, ok := bl.image(p.Cells, k, point{}, bl.at(at), bl.at(empty))
					if !ok || slices.ContainsFunc(moved, func(c geom.Cell) bool { _, taken := owner[c]; return !in[c] || taken }) {
						continue
					}
					slices.SortFunc(moved, geom.Cell.Compare)
					if key := fmt.Sprint(moved); !tried[key] {
						tried[key] = true
						inst := len(names)
						names = append(names, p.Name)
						for _, c := range moved {
							owner[c] = inst
						}
						left[i]--
						rec()
						left[i]++
						for _, c := range moved {
							delete(owner, c)
						}
						names = names[:inst]
					}
				}
			}
		}
	}
	rec()
	return raw, len(seen), len(group)
}

func TestAgainstBruteForce6(t *testing.T) {
	pieces := func(set string, count int) []geom.Piece {
		ps := mustSet(t, set)
		for i := range ps {
			ps[i].Count = count
		}
		return ps
	}
	board := func(lat geom.Lattice, pic string) *geom.Board {
		b, err := geom.ParseBoardOn(lat, pic)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	hexagon2 := "  .....\n .......\n .......\n  .....\n" // the hexagon of side 2
	tests := []struct {
		name       string
		board      *geom.Board
		pieces     []geom.Piece
		syms       int
		wantRawPub int  // a published count, 0 for none
		long       bool // seconds of brute force: skipped with -short
	}{
		// MacMahon's formula: a hexagon of sides 2, 2, 2 has 20 lozenge tilings.
		{name: "diamonds in a hexagon of side 2", board: board(geom.Triangle, hexagon2), pieces: pieces("diamond", 12), wantRawPub: 20, syms: 12},
		{name: "tetriamonds twice in a hexagon of side 2", board: board(geom.Triangle, hexagon2), pieces: pieces("tetriamonds", 2), syms: 12},
		{name: "pentiamonds twice in a 4 × 5 parallelogram", board: board(geom.Triangle, "    ..........\n   ..........\n  ..........\n ..........\n"), pieces: pieces("pentiamonds", 2), syms: 2, long: true},
		{name: "triamonds in a triangle of side 3", board: board(geom.Triangle, "    .\n   ...\n  .....\n"), pieces: pieces("triamond", 3), syms: 6},
		{name: "triamonds and diamonds in a triangle of side 4", board: board(geom.Triangle, "    .\n   ...\n  .....\n .......\n"),
			pieces: slices.Concat(pieces("triamond", 4), pieces("diamond", 2)), syms: 6},
		{name: "trihexes twice in a 3 × 6 parallelogram", board: board(geom.Hexagon, ". . . . . .\n . . . . . .\n  . . . . . .\n"), pieces: pieces("trihexes", 2), syms: 2},
		{name: "dihexes in a hexagon of side 2 without its centre", board: board(geom.Hexagon, "  . .\n . # .\n  . .\n"), pieces: pieces("dihex", 3), syms: 12},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.long && testing.Short() {
				t.Skip("seconds of brute force, skipped with -short")
			}
			p := mustPuzzle(t, tt.board, tt.pieces)
			raw, classes, syms := bruteCount6(tt.board.Lattice(), tt.board.Cells(), p.pieces)
			t.Logf("brute force: raw %d, distinct %d, %d symmetries", raw, classes, syms)
			if raw == 0 {
				t.Fatalf("no covers: a case that proves nothing")
			}
			if tt.wantRawPub != 0 && raw != tt.wantRawPub {
				t.Errorf("brute force raw = %d, want the published %d", raw, tt.wantRawPub)
			}
			if syms != tt.syms || p.Symmetries() != tt.syms {
				t.Errorf("symmetries: brute force %d, Symmetries() = %d, want %d", syms, p.Symmetries(), tt.syms)
			}
			for _, eng := range []puzzles.Engine{puzzles.EngineDLX, puzzles.EngineFill} {
				for _, nb := range []bool{false, true} {
					res, err := p.Solve(context.Background(), &puzzles.SolveConfig{NoSymmetryBreaking: nb, Engine: eng})
					if err != nil {
						t.Fatal(err)
					}
					if res.Raw != int64(raw) || len(res.Distinct) != classes {
						t.Errorf("Solve(%v, noBreaking=%v): raw %d, distinct %d; brute force: %d, %d", eng, nb, res.Raw, len(res.Distinct), raw, classes)
					}
					if nb && res.Found != res.Raw {
						t.Errorf("Solve(%v): covers found = %d, sum of orbits = %d", eng, res.Found, res.Raw)
					}
				}
			}
		})
	}
}

// bruteSymmetries returns the number of the 12 isometries of the plane
// about the centroid of cells that map them onto themselves.
func bruteSymmetries(lat geom.Lattice, cells []geom.Cell) int {
	bl := newBruteLattice(lat)
	in := map[geom.Cell]bool{}
	var cen point
	for _, c := range cells {
		in[c] = true
		p := bl.at(c)
		cen.x += p.x / float64(len(cells))
		cen.y += p.y / float64(len(cells))
	}
	n := 0
	for k := range 12 {
		img, ok := bl.image(cells, k, cen, cen, cen)
		if ok && !slices.ContainsFunc(img, func(c geom.Cell) bool { return !in[c] }) {
			n++
		}
	}
	return n
}

// TestGroup6 checks the order of the symmetry group of boards that are
// symmetric on one lattice and not on another, and of boards centred on a
// vertex, a cell's centre or an edge's midpoint, against the brute force.
func TestGroup6(t *testing.T) {
	tests := []struct {
		name string
		lat  geom.Lattice
		pic  string
		want int
	}{
		{"2×6 on squares", geom.Square, "......\n......\n", 4},
		{"2×6 on triangles", geom.Triangle, "......\n......\n", 2},
		{"hexagon of side 1: centre a vertex", geom.Triangle, "...\n...\n", 12},
		{"triangle of side 3: centre a cell's", geom.Triangle, "  .\n ...\n.....\n", 6},
		{"diamond: centre an edge's midpoint", geom.Triangle, "..\n", 4},
		{"one triangle", geom.Triangle, ".\n", 6},
		{"sphinx: no symmetry", geom.Triangle, "    .\n .....\n", 1},
		{"one hexagon", geom.Hexagon, ".\n", 12},
		{"two hexagons: centre an edge's midpoint", geom.Hexagon, ". .\n", 4},
		{"three hexagons: centre a vertex", geom.Hexagon, ". .\n .\n", 6},
		{"hexagon of side 2", geom.Hexagon, "  . .\n . . .\n  . .\n", 12},
		{"3 × 3 rhombus", geom.Hexagon, ". . .\n . . .\n  . . .\n", 4},
		{"rows 1 and 2 on squares: a mirror", geom.Square, " .\n..\n", 2},
		{"rows 1 and 2 on hexagons: a triangle", geom.Hexagon, "  .\n . .\n", 6},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := geom.ParseBoardOn(tt.lat, tt.pic)
			if err != nil {
				t.Fatal(err)
			}
			pieces := []geom.Piece{{Name: "m", Cells: []geom.Cell{{Row: 0, Col: 0}}, Count: b.Len()}}
			if tt.lat != geom.Square {
				if got := bruteSymmetries(tt.lat, b.Cells()); got != tt.want {
					t.Errorf("brute force: %d symmetries, want %d", got, tt.want)
				}
			}
			if got := mustPuzzle(t, b, pieces).Symmetries(); got != tt.want {
				t.Errorf("Symmetries() = %d, want %d", got, tt.want)
			}
		})
	}
}

// TestShards6 splits hexiamond and tetrahex searches into shards: their
// distinct solutions together are the whole search's.
func TestShards6(t *testing.T) {
	for _, name := range []string{"hexiamonds-4x9", "tetrahexes-hexagon"} {
		s, err := loadSpec(name)
		if err != nil {
			t.Fatal(err)
		}
		whole, err := s.Puzzle.Solve(context.Background(), nil)
		if err != nil {
			t.Fatal(err)
		}
		var keys, want []string
		raw := int64(0)
		for i := range 3 {
			res, err := s.Puzzle.Solve(context.Background(), &puzzles.SolveConfig{Shard: i, Shards: 3})
			if err != nil {
				t.Fatal(err)
			}
			raw += res.Raw
			for _, d := range res.Distinct {
				keys = append(keys, tiled(d).Key())
			}
		}
		for _, d := range whole.Distinct {
			want = append(want, tiled(d).Key())
		}
		slices.Sort(keys)
		slices.Sort(want)
		if raw != whole.Raw || !slices.Equal(keys, want) {
			t.Errorf("%s: shards found raw %d, %d distinct; the whole search %d, %d", name, raw, len(keys), whole.Raw, len(want))
		}
	}
}

// TestPentahexes finds the first solutions of the pentahexes in a 10×11
// parallelogram with both engines and checks that each covers every cell
// once and puts down every piece once.
func TestPentahexes(t *testing.T) {
	s, err := loadSpec("pentahexes-10x11")
	if err != nil {
		t.Fatal(err)
	}
	p := s.Puzzle
	for _, eng := range []puzzles.Engine{puzzles.EngineFill, puzzles.EngineDLX} {
		res, err := p.Solve(context.Background(), &puzzles.SolveConfig{Limit: 2, Engine: eng})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Distinct) != 2 || res.Complete {
			t.Fatalf("Solve(%v, limit 2): %d distinct, complete %v; want 2, incomplete", eng, len(res.Distinct), res.Complete)
		}
		for _, d := range res.Distinct {
			cells := make([]int, p.Instances())
			kinds := map[int]int{}
			for i := range p.Board().Len() {
				piece, inst := tiled(d).At(i)
				cells[inst]++
				kinds[inst] = piece
			}
			used := map[int]bool{}
			for inst, n := range cells {
				if n != 5 || used[kinds[inst]] {
					t.Errorf("Solve(%v): instance %d of piece %d covers %d cells (or the piece twice)", eng, inst, kinds[inst], n)
				}
				used[kinds[inst]] = true
			}
			if len(used) != 22 {
				t.Errorf("Solve(%v): %d pieces put down, want 22", eng, len(used))
			}
		}
	}
}
