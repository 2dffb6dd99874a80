package tiling

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/polytile/polytile/puzzles"
	"github.com/polytile/polytile/puzzles/geom"
)

// The brute force here knows space only as integer vectors turned by the
// 48 signed permutation matrices, made here from scratch: it shares
// nothing with the package but the pieces' cells, so it checks the cube's
// transforms, the symmetry group (all, rotations, none), canonical forms,
// and both engines at once.

type vec [3]int // layer, row, col

// matrices returns the signed permutation matrices, those of determinant
// 1 (rotations) first when rotations, else all 48.
func matrices(rotations bool) []matrix {
	var out []matrix
	perms := [][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}
	for _, p := range perms {
		for signs := range 8 {
			var m matrix
			for i := range 3 {
				m[i][p[i]] = 1
				if signs&(1<<i) != 0 {
					m[i][p[i]] = -1
				}
			}
			det := m[0][0]*(m[1][1]*m[2][2]-m[1][2]*m[2][1]) - m[0][1]*(m[1][0]*m[2][2]-m[1][2]*m[2][0]) + m[0][2]*(m[1][0]*m[2][1]-m[1][1]*m[2][0])
			if !rotations || det == 1 {
				out = append(out, m)
			}
		}
	}
	return out
}

// matrix is a signed permutation matrix.
type matrix [3][3]int

func (m matrix) apply(v vec) vec {
	var w vec
	for i := range 3 {
		for j := range 3 {
			w[i] += m[i][j] * v[j]
		}
	}
	return w
}

// shapeKey is a shape moved to the origin and sorted, as text.
func shapeKey(cells []vec) string {
	lo := cells[0]
	for _, c := range cells {
		for i := range 3 {
			lo[i] = min(lo[i], c[i])
		}
	}
	moved := make([]vec, len(cells))
	for k, c := range cells {
		moved[k] = vec{c[0] - lo[0], c[1] - lo[1], c[2] - lo[2]}
	}
	slices.SortFunc(moved, func(a, b vec) int { return slices.Compare(a[:], b[:]) })
	return fmt.Sprint(moved)
}

func vecs(cells []geom.Cell) []vec {
	out := make([]vec, len(cells))
	for i, c := range cells {
		out[i] = vec{c.Layer, c.Row, c.Col}
	}
	return out
}

// bruteCount3 counts the covers of a box of size dims by the pieces (each
// turned by the 24 rotations, never reflected), and their classes under
// the box's isometries of the kind sym allows, a reflection taking a piece
// to the piece of its mirror image's shape.
func bruteCount3(dims vec, pieces []geom.Piece, sym Symmetry) (raw, classes, syms int) {
	in := func(v vec) bool {
		return v[0] >= 0 && v[1] >= 0 && v[2] >= 0 && v[0] < dims[0] && v[1] < dims[1] && v[2] < dims[2]
	}
	index := func(v vec) int { return (v[0]*dims[1]+v[1])*dims[2] + v[2] }
	n := dims[0] * dims[1] * dims[2]
	// Every placement of every piece: its rotations, moved everywhere.
	type placement struct {
		piece int
		cells []int
	}
	var pls []placement
	rot := matrices(true)
	shapeOf := map[string]int{} // a shape up to rotation → piece
	for i, pc := range pieces {
		seen := map[string]bool{}
		for _, m := range rot {
			var img []vec
			for _, c := range vecs(pc.Cells) {
				img = append(img, m.apply(c))
			}
			k := shapeKey(img)
			shapeOf[k] = i
			if seen[k] {
				continue
			}
			seen[k] = true
			var shape []vec
			lo := img[0]
			for _, c := range img {
				for d := range 3 {
					lo[d] = min(lo[d], c[d])
				}
			}
			for _, c := range img {
				shape = append(shape, vec{c[0] - lo[0], c[1] - lo[1], c[2] - lo[2]})
			}
			for l := range dims[0] {
				for r := range dims[1] {
					for c := range dims[2] {
						var cells []int
						ok := true
						for _, s := range shape {
							v := vec{s[0] + l, s[1] + r, s[2] + c}
							if !in(v) {
								ok = false
								break
							}
							cells = append(cells, index(v))
						}
						if ok {
							pls = append(pls, placement{i, cells})
						}
					}
				}
			}
		}
	}
	// The box's isometries that sym allows: matrices that map the box
	// onto itself after a translation.
	var group [][]int // cell → cell
	var mats []matrix
	for _, m := range matrices(sym == SymmetryRotations) {
		if sym == SymmetryNone && m != (matrix{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}) {
			continue
		}
		var img []vec
		lo := vec{1 << 30, 1 << 30, 1 << 30}
		for i := range n {
			v := m.apply(vec{i / (dims[1] * dims[2]), i / dims[2] % dims[1], i % dims[2]})
			img = append(img, v)
			for d := range 3 {
				lo[d] = min(lo[d], v[d])
			}
		}
		perm := make([]int, n)
		ok := true
		for i, v := range img {
			w := vec{v[0] - lo[0], v[1] - lo[1], v[2] - lo[2]}
			if !in(w) {
				ok = false
				break
			}
			perm[i] = index(w)
		}
		if ok {
			group = append(group, perm)
			mats = append(mats, m)
		}
	}
	// A reflection's image of each piece: the piece of its mirror shape.
	mirror := func(m matrix, i int) int {
		var img []vec
		for _, c := range vecs(pieces[i].Cells) {
			img = append(img, m.apply(c))
		}
		j, ok := shapeOf[shapeKey(img)]
		if !ok || pieces[j].Count != pieces[i].Count {
			return -1
		}
		return j
	}
	var allowed []int
	for g, m := range mats {
		ok := true
		for i := range pieces {
			ok = ok && mirror(m, i) >= 0
		}
		if ok {
			allowed = append(allowed, g)
		}
	}
	syms = len(allowed)
	// Search, first empty cell first.
	owner := make([]int, n) // the piece on each cell
	inst := make([]int, n)  // the placement on each cell, telling copies apart
	for i := range owner {
		owner[i] = -1
	}
	left := make([]int, len(pieces))
	for i, pc := range pieces {
		left[i] = pc.Count
		if pc.Any {
			left[i] = n // never used up
		}
	}
	byCell := make([][]int, n)
	for k, pl := range pls {
		byCell[slices.Min(pl.cells)] = append(byCell[slices.Min(pl.cells)], k)
	}
	seen := map[string]bool{}
	var search func()
	search = func() {
		first := slices.Index(owner, -1)
		if first < 0 {
			for i, pc := range pieces {
				if tooFew(pc, left[i], n) {
					return // fewer copies than the fewest
				}
			}
			raw++
			// A solution's image, cell by cell in order: the piece's name
			// and the rank of its placement among those met so far.
			best := ""
			for _, g := range allowed {
				name, place := make([]string, n), make([]int, n)
				for i, p := range owner {
					name[group[g][i]], place[group[g][i]] = pieces[mirror(mats[g], p)].Name, inst[i]
				}
				rank := map[int]int{}
				img := make([]string, n)
				for i := range n {
					if _, ok := rank[place[i]]; !ok {
						rank[place[i]] = len(rank)
					}
					img[i] = fmt.Sprint(name[i], rank[place[i]])
				}
				if k := strings.Join(img, " "); best == "" || k < best {
					best = k
				}
			}
			if !seen[best] {
				seen[best] = true
				classes++
			}
			return
		}
		for _, k := range byCell[first] {
			pl := pls[k]
			if left[pl.piece] == 0 || slices.ContainsFunc(pl.cells, func(c int) bool { return owner[c] >= 0 }) {
				continue
			}
			left[pl.piece]--
			for _, c := range pl.cells {
				owner[c], inst[c] = pl.piece, k
			}
			search()
			for _, c := range pl.cells {
				owner[c] = -1
			}
			left[pl.piece]++
		}
	}
	search()
	return raw, classes, syms
}

// The cube lattice's puzzles agree with the brute force, for each
// symmetry, on both engines.
func TestAgainstBruteForce3(t *testing.T) {
	set := func(name string, only ...string) []geom.Piece {
		pcs, err := geom.PieceSet(name)
		if err != nil {
			t.Fatal(err)
		}
		if only == nil {
			return pcs
		}
		var out []geom.Piece
		for _, p := range pcs {
			if slices.Contains(only, p.Name) {
				out = append(out, p)
			}
		}
		return out
	}
	copies := func(pcs []geom.Piece, k int) []geom.Piece {
		for i := range pcs {
			pcs[i].Count = k
		}
		return pcs
	}
	tests := []struct {
		name   string
		dims   vec
		pieces []geom.Piece
	}{
		{"tricubes twice in 2×2×3", vec{2, 2, 3}, copies(set("tricubes"), 2)},
		{"six V in 2×3×3", vec{2, 3, 3}, copies(set("tricubes", "V"), 6)},
		{"the screws twice in 2×2×4", vec{2, 2, 4}, copies(set("tetracubes", "A", "B"), 2)},
		{"A, P, L and T in 2×2×4", vec{2, 2, 4}, set("tetracubes", "A", "L", "T", "P")},
		{"A, B, I and O in 2×2×4", vec{2, 2, 4}, set("tetracubes", "A", "B", "I", "O")},
		{"the Soma cube", vec{3, 3, 3}, set("soma")},
	}
	if testing.Short() {
		tests = tests[:len(tests)-1]
	}
	for _, tt := range tests {
		for _, sym := range []Symmetry{SymmetryAll, SymmetryRotations, SymmetryNone} {
			t.Run(tt.name+" "+sym.String(), func(t *testing.T) {
				raw, classes, syms := bruteCount3(tt.dims, tt.pieces, sym)
				if raw == 0 {
					t.Fatalf("the brute force finds no cover: choose another case")
				}
				b, err := geom.NewBoxBoard(tt.dims[0], tt.dims[1], tt.dims[2], nil)
				if err != nil {
					t.Fatal(err)
				}
				p, err := NewSymmetry(tt.name, b, tt.pieces, sym)
				if err != nil {
					t.Fatal(err)
				}
				if p.Symmetries() != syms {
					t.Errorf("%d symmetries, the brute force %d", p.Symmetries(), syms)
				}
				for _, e := range []puzzles.Engine{puzzles.EngineDLX, puzzles.EngineFill} {
					res, err := p.Solve(context.Background(), &puzzles.SolveConfig{Engine: e})
					if err != nil {
						t.Fatal(err)
					}
					if res.Raw != int64(raw) || len(res.Distinct) != classes {
						t.Errorf("%v: raw %d, distinct %d; the brute force %d, %d", e, res.Raw, len(res.Distinct), raw, classes)
					}
				}
			})
		}
	}
}
