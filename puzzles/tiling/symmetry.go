package tiling

import (
	"slices"

	"github.com/polytile/polytile/puzzles/geom"
)

// symmetry is one element of a puzzle's symmetry group: a point symmetry of
// the lattice that maps the board onto itself, with what it does to the
// board's cells and to the pieces (a reflection turns a one-sided piece
// into its mirror image, which must be a piece of the puzzle too).
type symmetry struct {
	t      int     // the lattice transform
	cells  []int32 // board cell i goes to board cell cells[i]
	from   []int32 // the inverse of cells: board cell c comes from cell from[c]
	id     bool    // the identity
	pieces []int32 // piece i goes to piece pieces[i]
}

// puzzleGroup returns the symmetries of the board that also map the piece
// set onto itself, among those sym allows, the identity first.
func puzzleGroup(b *geom.Board, pieces []geom.Piece, sym Symmetry) []symmetry {
	var group []symmetry
	for t := range b.Lattice().Transforms() {
		if sym == SymmetryNone && t > 0 || sym == SymmetryRotations && b.Lattice().Reflects(t) {
			continue
		}
		cells, ok := boardSymmetry(b, t)
		if !ok {
			continue
		}
		pmap, ok := pieceSymmetry(b.Lattice(), t, pieces)
		if !ok {
			continue
		}
		from := make([]int32, len(cells))
		for i, c := range cells {
			from[c] = int32(i)
		}
		id := true
		for i, c := range cells {
			id = id && c == int32(i)
		}
		for i, q := range pmap {
			id = id && q == int32(i)
		}
		group = append(group, symmetry{t: t, cells: cells, from: from, id: id, pieces: pmap})
	}
	return group
}

// boardSymmetry returns the permutation of b's cells that transform t
// followed by a translation makes, if it maps the board onto itself.
func boardSymmetry(b *geom.Board, t int) ([]int32, bool) {
	img := make([]geom.Cell, len(b.Cells()))
	first := 0
	for i, c := range b.Cells() {
		img[i] = b.Lattice().Transform(t, c)
		if img[i].Compare(img[first]) < 0 {
			first = i
		}
	}
	moved, ok := b.Lattice().Translate(img, img[first], b.Cells()[0])
	if !ok {
		return nil, false
	}
	perm := make([]int32, len(moved))
	for i, c := range moved {
		j := b.Index(c)
		if j < 0 {
			return nil, false
		}
		perm[i] = int32(j)
	}
	return perm, true // a map from a finite set into itself that is one-to-one on equal sizes
}

// pieceSymmetry returns what transform t does to the pieces: free pieces
// stay themselves; a reflection takes a one-sided piece to the one-sided
// piece of the same count whose shape is its mirror image (itself, if it
// has one). It reports false if some piece has no such image.
func pieceSymmetry(lat geom.Lattice, t int, pieces []geom.Piece) ([]int32, bool) {
	pmap := make([]int32, len(pieces))
	used := make([]bool, len(pieces))
	for i, pc := range pieces {
		j := i
		if pc.OneSided && lat.Reflects(t) {
			img := geom.TransformShape(lat, t, pc.Cells)
			match := func(q geom.Piece) bool {
				return q.OneSided && q.CountText() == pc.CountText() && geom.SameShape(lat, q, img)
			}
			if !match(pc) {
				j = slices.IndexFunc(pieces, match)
				if j < 0 {
					return nil, false
				}
			}
		}
		if used[j] {
			return nil, false
		}
		used[j] = true
		pmap[i] = int32(j)
	}
	return pmap, true
}

// Symmetries returns the order of the puzzle's symmetry group: the number
// of rotations and reflections of the board that map it, and its piece
// set, onto themselves.
func (p *Puzzle) Symmetries() int { return len(p.group) }

// canonizer computes the canonical form of solutions of one puzzle. It
// holds scratch space, so each goroutine needs its own.
type canonizer struct {
	p     *Puzzle
	kinds int32   // number of pieces
	moved []int32 // instance at each cell of the image
	rank  []int32 // rank of each instance in the image, or -1
	code  []int32 // the image's encoding
	best  []int32 // the smallest encoding so far
}

func newCanonizer(p *Puzzle) *canonizer {
	n := p.board.Len()
	return &canonizer{
		p:     p,
		kinds: int32(len(p.pieces)),
		moved: make([]int32, n),
		rank:  make([]int32, p.Instances()),
		code:  make([]int32, n),
		best:  make([]int32, n),
	}
}

// encode writes into out the encoding of the image under g of the solution
// in which board cell i holds instance owner[i], of piece kind[owner[i]]:
// for each cell in reading order, rank × pieces + piece, where an instance's
// rank is the order in which it is first met reading the image. The
// encoding fixes the partition and the piece on each part, and leaves out
// which copy of a piece is which.
func (cz *canonizer) encode(g *symmetry, owner, kind []int32, out []int32) {
	moved := owner
	if !g.id {
		moved = cz.moved
		for i, o := range owner {
			moved[g.cells[i]] = o
		}
	}
	for k := range cz.rank {
		cz.rank[k] = -1
	}
	next := int32(0)
	for c, o := range moved {
		r := cz.rank[o]
		if r < 0 {
			r = next
			cz.rank[o] = r
			next++
		}
		out[c] = r*cz.kinds + g.pieces[kind[o]]
	}
}

// compare compares the encoding of the image under g of the solution
// (as encode writes it) with best, reading the image only as far as
// they differ: it returns -1 if the image's is smaller, and then holds it
// whole in out, 0 if they are equal, +1 if it is larger.
func (cz *canonizer) compare(g *symmetry, owner, kind, best, out []int32) int {
	for k := range cz.rank {
		cz.rank[k] = -1
	}
	next := int32(0)
	for c, i := range g.from {
		o := owner[i]
		r := cz.rank[o]
		if r < 0 {
			r = next
			cz.rank[o] = r
			next++
		}
		if v := r*cz.kinds + g.pieces[kind[o]]; v != best[c] {
			if v > best[c] {
				return +1
			}
			cz.encode(g, owner, kind, out)
			return -1
		}
	}
	return 0
}

// canonical returns the smallest encoding of the solution over the group
// (in scratch space that the next call reuses) and the size of its orbit.
func (cz *canonizer) canonical(owner, kind []int32) ([]int32, int) {
	cz.encode(&cz.p.group[0], owner, kind, cz.best)
	return cz.canonicalRest(owner, kind)
}

// canonicalRest is canonical when cz.best holds the solution's own
// encoding (under the identity, the group's first element).
func (cz *canonizer) canonicalRest(owner, kind []int32) ([]int32, int) {
	group := cz.p.group
	same := 1 // the number of group elements giving best: the stabilizer's order
	for g := 1; g < len(group); g++ {
		switch cz.compare(&group[g], owner, kind, cz.best, cz.code) {
		case -1:
			cz.code, cz.best = cz.best, cz.code
			same = 1
		case 0:
			same++
		}
	}
	return cz.best, len(group) / same
}
