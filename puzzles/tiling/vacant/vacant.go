// Package vacant chooses the cells a tiling leaves empty before it
// covers the rest: the sets of k cells of a board, one of each class
// under the board's symmetries, with the symmetries that map it onto
// itself. A tiling whose pieces all have a fixed count leaves as many
// cells empty as its area forces, so its covers are the covers of the
// board with each such set taken out, and the sets of one class have as
// many. Sets that wall in a region no choice of pieces fills are left
// out. It knows cells by their indices alone.
package vacant

import (
	"fmt"
	"math/big"
	"slices"

	"github.com/polytile/polytile/puzzles/geom"
)

// Class is one class of sets of empty cells under the symmetries: its
// first set in the order Classes goes through them, and the symmetries
// (indices into the group) that map it onto itself, the identity's 0
// first. The class has len(group) / len(Stab) sets.
type Class struct {
	Cells []int32 // sorted
	Stab  []int
}

// Most is the most sets of empty cells Pays takes: the twelve
// pentominoes in 8 × 8 with four empty have 635,376 (79,920 classes,
// about 0.11 s of the fill engine's search each); with five, 7,624,512,
// whose classes would take days, as the memo would.
const Most = 1 << 20

// Fewest is the fewest pieces with which Pays takes a puzzle: the memo,
// which chooses the empty cells as it goes, keeps states of the pieces
// left, which grow as 2^pieces, while a count of each set costs at least
// the setting up of its board (about 0.5 ms). The five tetrominoes in 5
// × 5 with five empty take 0.08 s by the memo, 3 s with the 6,700
// classes of empty cells chosen first; the twelve pentominoes in 8 × 8
// with four empty about 21 hours by the memo, 2.4 hours of CPU time by
// the classes.
const Fewest = 10

// Subsets returns the number of sets of k of n cells, C(n, k).
func Subsets(n, k int) *big.Int {
	return new(big.Int).Binomial(int64(n), int64(k))
}

// Pays reports whether choosing k empty cells of n first pays for a
// puzzle of that many pieces: whether they are Fewest or more, and the
// sets Most or fewer.
func Pays(n, k, pieces int) bool {
	return pieces >= Fewest && 0 <= k && k <= n && Subsets(n, k).Cmp(big.NewInt(Most)) <= 0
}

// board is what Classes needs of a board: its cells' neighbours (cells
// 0 … len(next)-1) and its symmetry group as permutations of the cells,
// the identity first.
type board struct {
	next  [][]int32
	group [][]int32
}

// Classes returns a set of each class of the sets of k empty cells of b
// under group (permutations of b's cells, the identity first), in the
// order of their cells from the last (colexicographic), but those that
// leave a region (cells joined by neighbours) of a size that no choice of
// the pieces' copies covers. It refuses more than Most sets.
func Classes(b *geom.Board, group [][]int32, k int, pieces []geom.Piece) ([]Class, error) {
	n := b.Len()
	if k < 0 || k > n || Subsets(n, k).Cmp(big.NewInt(Most)) > 0 {
		return nil, fmt.Errorf("vacant: %v sets of %d empty cells of %d: more than %d", Subsets(n, max(k, 0)), k, n, Most)
	}
	var out []Class
	set := make([]int32, k)
	for i := range set {
		set[i] = int32(i)
	}
	w := &walker{b: newBoard(b, group), sizes: Sizes(pieces, n), hole: make([]bool, n), seen: make([]bool, n), img: make([]int32, k)}
	for {
		if stab, ok := w.first(set); ok && w.fills(set) {
			out = append(out, Class{Cells: slices.Clone(set), Stab: stab})
		}
		if !next(set, n) {
			return out, nil
		}
	}
}

// next makes set the next set of its size of n cells in colexicographic
// order (the last cell changing slowest), and reports false after the
// last.
func next(set []int32, n int) bool {
	for i := range set {
		top := int32(n)
		if i+1 < len(set) {
			top = set[i+1]
		}
		if set[i]+1 < top {
			set[i]++
			for j := range i {
				set[j] = int32(j)
			}
			return true
		}
	}
	return false
}

// walker holds Classes' scratch space.
type walker struct {
	b          *board
	sizes      []bool
	hole, seen []bool
	img, stack []int32
}

// first reports whether set comes first of its class (no symmetry maps
// it onto a set earlier in the order), and returns the symmetries that
// map it onto itself.
func (w *walker) first(set []int32) ([]int, bool) {
	var stab []int
	for g, perm := range w.b.group {
		for i, c := range set {
			w.img[i] = perm[c]
		}
		slices.Sort(w.img)
		switch colex(w.img, set) {
		case -1:
			return nil, false
		case 0:
			stab = append(stab, g)
		}
	}
	return stab, true
}

// colex compares two sorted sets of one size from their last cells.
func colex(a, b []int32) int {
	for i := len(a) - 1; i >= 0; i-- {
		if a[i] != b[i] {
			if a[i] < b[i] {
				return -1
			}
			return +1
		}
	}
	return 0
}

// fills reports whether every region the set leaves has a size that
// some choice of pieces covers.
func (w *walker) fills(set []int32) bool {
	clear(w.hole)
	clear(w.seen)
	for _, c := range set {
		w.hole[c] = true
	}
	for start := range w.b.next {
		if w.hole[start] || w.seen[start] {
			continue
		}
		size := 0
		w.seen[start] = true
		w.stack = append(w.stack[:0], int32(start))
		for len(w.stack) > 0 {
			c := w.stack[len(w.stack)-1]
			w.stack = w.stack[:len(w.stack)-1]
			size++
			for _, d := range w.b.next[c] {
				if !w.hole[d] && !w.seen[d] {
					w.seen[d] = true
					w.stack = append(w.stack, d)
				}
			}
		}
		if size >= len(w.sizes) || !w.sizes[size] {
			return false
		}
	}
	return true
}

// Sizes returns which numbers of cells, up to total, some choice of the
// pieces' copies covers (each piece Count times at most): sizes[s].
func Sizes(pieces []geom.Piece, total int) []bool {
	sizes := make([]bool, total+1)
	sizes[0] = true
	for _, pc := range pieces {
		for range pc.Count {
			for s := total; s >= len(pc.Cells); s-- {
				sizes[s] = sizes[s] || sizes[s-len(pc.Cells)]
			}
		}
	}
	return sizes
}

// newBoard returns b's cells' neighbours and the group.
func newBoard(b *geom.Board, group [][]int32) *board {
	vb := &board{next: make([][]int32, b.Len()), group: group}
	for i, c := range b.Cells() {
		for _, d := range b.Lattice().Neighbors(c) {
			if j := b.Index(d); j >= 0 {
				vb.next[i] = append(vb.next[i], int32(j))
			}
		}
	}
	return vb
}

// Without returns b without the cells holes (indices of b's cells).
func Without(b *geom.Board, holes []int32) (*geom.Board, error) {
	cells := slices.Clone(b.Cells())
	for _, c := range holes {
		cells[c].Row = -1
	}
	return geom.NewBoard(b.Lattice(), slices.DeleteFunc(cells, func(c geom.Cell) bool { return c.Row < 0 }))
}
