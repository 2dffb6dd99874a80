package tiling

import (
	"context"
	"math/bits"
	"slices"
	"sync"

	"github.com/polytile/polytile/solve"
)

// Encoding is a puzzle as an exact-cover problem: the Problem to solve and
// the way back from its solutions to the puzzle's.
//
// The items are, in this order, one primary item for each piece of count 1
// and one primary item for each board cell (pieces first, as in Knuth's
// matrices, so the search breaks ties the way his programs do), and, on a
// stick board whose pieces may not cross, one secondary item for each
// grid point that a placement passes straight through (Puzzle.points). The options
// are the placements, less those that leave a region no pieces can fill
// (livePlacements), in the order Placements lists them. A piece with several copies has no item of its own: the
// copies are interchangeable, and naming each would multiply every solution
// by the number of ways to order them. When one piece has copies, the areas
// alone fix how many of it a cover uses; when several do, Decode rejects the
// covers that use them in the wrong numbers.
type Encoding struct {
	// Problem is the exact-cover problem.
	Problem *solve.Links
	// Restricted is the piece whose placements symmetry breaking cut down
	// to one in each orbit under the symmetry group, or -1.
	Restricted int

	p       *Puzzle
	options []int32 // option → placement
	check   bool    // whether Decode must check the counts of pieces

	fillOnce sync.Once
	fill     *fill // the fill engine's tables, which its searchers share (newFill)
}

// Encode returns the exact-cover problem of the puzzle. With breakSymmetry,
// one piece's placements are cut down to one per orbit under the symmetry
// group (breakingPiece), so that the search finds each distinct solution at
// least once and usually once; without it, every raw solution is a cover.
func (p *Puzzle) Encode(breakSymmetry bool) *Encoding {
	e, _ := p.encode(context.Background(), breakSymmetry)
	return e
}

// encode is Encode, stopped by ctx.
func (p *Puzzle) encode(ctx context.Context, breakSymmetry bool) (*Encoding, error) {
	if err := p.prepare(ctx); err != nil {
		return nil, err
	}
	e := &Encoding{p: p, Restricted: -1}
	n, item := p.pieceItems()
	multi := 0
	for _, pc := range p.pieces {
		if pc.Count != 1 || pc.Any {
			multi++
		}
	}
	// The counts need checking when two pieces share the cells left by
	// the others, or when some piece's count is not fixed.
	e.check = multi > 1 || p.anyCount()
	cellBase := n
	points, through := p.points()
	pointBase := n + p.board.Len()
	e.Problem = solve.NewLinks(pointBase, len(points)+len(item)-n)
	var keep []bool
	if breakSymmetry {
		var err error
		if e.Restricted, keep, err = p.breakingPiece(ctx); err != nil {
			return nil, err
		}
	}
	live, err := p.livePlacements(ctx)
	if err != nil {
		return nil, err
	}
	items := make([]int, 0, 16)
	for k, pl := range p.placements {
		if !live[k] || keep != nil && pl.piece == e.Restricted && !keep[k] {
			continue
		}
		items = items[:0]
		if it := item[pl.piece]; it >= n {
			// A piece of no copy or one, a secondary item after the points.
			items = append(items, it+p.board.Len()+len(points))
		} else if it >= 0 {
			items = append(items, it)
		}
		for _, c := range pl.cells {
			items = append(items, cellBase+int(c))
		}
		if through != nil {
			for _, pt := range through[k] {
				items = append(items, pointBase+int(pt))
			}
		}
		if _, err := e.Problem.AddOption(items...); err != nil {
			panic("tiling: " + err.Error()) // placements are built valid
		}
		e.options = append(e.options, int32(k))
	}
	return e, nil
}

// pieceItems returns the items of the pieces: item[i] is piece i's, or
// -1. The n pieces of one copy (geom.Piece.Single) have the first n, the
// primary items, and those of no copy or one the next, n on, which are
// secondary: a cover may leave them out. The others have none.
func (p *Puzzle) pieceItems() (n int, item []int) {
	item = make([]int, len(p.pieces))
	for i, pc := range p.pieces {
		item[i] = -1
		if pc.Single() {
			item[i] = n
			n++
		}
	}
	k := n
	for i, pc := range p.pieces {
		if !pc.Any && pc.Count == 1 && pc.Spare == 1 {
			item[i] = k
			k++
		}
	}
	return n, item
}

// livePlacements reports for each placement whether it can be part of a
// solution as far as a quick look tells: a placement that splits the rest
// of the board into a region no set of pieces can fill (smaller than the
// smallest piece, or of a size that is not a multiple of the greatest
// common divisor of the piece sizes) cannot. Pieces are connected, so each
// lies in one region, and a region's size is the sum of its pieces' sizes.
// Leaving such placements out of the problem spares the search from hiding
// them again and again (Knuth's 1547 rows for Scott's board, instead of
// 1568, drop one of them by hand).
//
// A placement changes only the region of the board it lies in, and cuts
// it into regions that each touch it; all but the largest are usually
// small. So they are measured from the placement's neighbours outwards,
// each up to a budget of cells, and the one large region, if there is one,
// by what is left: a placement costs about its neighbourhood, not the
// board. A board of 64 cells or fewer is a word of bits, and its regions
// are flooded whole (fitsWord), which costs less than any exploration.
func (p *Puzzle) livePlacements(ctx context.Context) ([]bool, error) {
	g, smallest := 0, len(p.pieces[0].Cells)
	for _, pc := range p.pieces {
		g = gcd(g, len(pc.Cells))
		smallest = min(smallest, len(pc.Cells))
	}
	bad := func(size int) bool { return size < smallest || size%g != 0 }
	b := p.board
	n := b.Len()
	f := &flood{nbrs: make([][]int32, n), mark: make([]int32, n), bad: bad, budget: floodBudget}
	for i, c := range b.Cells() {
		for _, d := range b.Lattice().Neighbors(c) {
			if j := b.Index(d); j >= 0 {
				f.nbrs[i] = append(f.nbrs[i], int32(j))
			}
		}
	}
	// The board's own regions, and how many of them are bad.
	region := make([]int32, n) // each cell's, plus 1
	var sizes []int
	badRegions := 0
	for c := range region {
		if region[c] != 0 {
			continue
		}
		r := int32(len(sizes) + 1)
		region[c] = r
		q := append(f.queue[:0], int32(c))
		for head := 0; head < len(q); head++ {
			for _, d := range f.nbrs[q[head]] {
				if region[d] == 0 {
					region[d] = r
					q = append(q, d)
				}
			}
		}
		f.queue = q
		sizes = append(sizes, len(q))
		if bad(len(q)) {
			badRegions++
		}
	}
	live := make([]bool, len(p.placements))
	if n <= 64 {
		// A board of 64 cells or fewer: its cells are the bits of a word,
		// and each region of what a placement leaves is found whole.
		nb := make([]uint64, n) // the neighbours of each cell
		for i, ns := range f.nbrs {
			for _, j := range ns {
				nb[i] |= 1 << j
			}
		}
		all := uint64(1)<<n - 1 // all ones when n is 64
		for k, pl := range p.placements {
			if k%checkSetup == 0 && ctx.Err() != nil {
				return nil, ctx.Err()
			}
			rest := all
			for _, c := range pl.cells {
				rest &^= 1 << c
			}
			live[k] = fitsWord(rest, nb, bad)
		}
		return live, nil
	}
	for k, pl := range p.placements {
		if k%checkSetup == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		size := sizes[region[pl.cells[0]]-1]
		others := badRegions // bad regions the placement leaves as they are
		if bad(size) {
			others--
		}
		live[k] = others == 0 && f.fits(pl.cells, size-len(pl.cells))
	}
	return live, nil
}

// fitsWord reports whether every region of the cells of rest (bits of a
// board of at most 64 cells whose neighbours are nb) has a size that is
// not bad.
func fitsWord(rest uint64, nb []uint64, bad func(int) bool) bool {
	for rest != 0 {
		region := rest & -rest
		for front := region; front != 0; {
			var next uint64
			for c := front; c != 0; c &= c - 1 {
				next |= nb[bits.TrailingZeros64(c)]
			}
			front = next & rest &^ region
			region |= front
		}
		if bad(bits.OnesCount64(region)) {
			return false
		}
		rest &^= region
	}
	return true
}

// floodBudget is the fewest cells livePlacements explores from a
// placement's neighbour before it counts the region as large (a variable
// so that tests can lower it).
var floodBudget = 64

// checkSetup is how many placements pass between two looks at the context
// in the loops that prepare a search.
const checkSetup = 64

// flood measures the regions into which placements cut the board.
type flood struct {
	nbrs   [][]int32      // the neighbours of each cell
	bad    func(int) bool // whether no pieces fill a region of that size
	budget int            // the cells an exploration sees before it counts as large
	mark   []int32        // the stamp of the last exploration that reached each cell
	stamp  int32
	queue  []int32
}

// fits reports whether every region that removing cells leaves of theirs,
// rest cells in all, has a size that is not bad.
func (f *flood) fits(cells []int32, rest int) bool {
	if rest == 0 {
		return true
	}
	base := f.mark1(cells)
	measured := 0 // cells in the regions measured whole
	large := 0    // explorations cut short that met no earlier one
	for _, c := range cells {
		for _, s := range f.nbrs[c] {
			if f.mark[s] >= base {
				continue // the placement, or explored already
			}
			f.stamp++
			switch size, met := f.measure(s, base, f.budget); {
			case size >= 0 && f.bad(size):
				return false
			case size >= 0:
				measured += size
			case !met:
				large++
			}
		}
	}
	switch large {
	case 0:
		return true
	case 1:
		return !f.bad(rest - measured)
	}
	// Two large explorations, of one region or of two: measure them whole.
	base = f.mark1(cells)
	for _, c := range cells {
		for _, s := range f.nbrs[c] {
			if f.mark[s] < base {
				f.stamp++
				if size, _ := f.measure(s, base, len(f.mark)); f.bad(size) {
					return false
				}
			}
		}
	}
	return true
}

// mark1 marks cells with a new stamp and returns it.
func (f *flood) mark1(cells []int32) int32 {
	if f.stamp > 1<<30 {
		clear(f.mark)
		f.stamp = 0
	}
	f.stamp++
	for _, c := range cells {
		f.mark[c] = f.stamp
	}
	return f.stamp
}

// measure explores the region of cell s breadth first, marking the cells
// it reaches with f.stamp and leaving them in f.queue, and returns the
// region's size. It stops early, returning -1, once it has seen budget
// cells, or when it meets a cell that an earlier exploration since base
// reached (cut short, so of a large region: met is then true); cells
// marked base are not of the region.
func (f *flood) measure(s, base int32, budget int) (size int, met bool) {
	f.mark[s] = f.stamp
	q := append(f.queue[:0], s)
	defer func() { f.queue = q }()
	for head := 0; head < len(q); head++ {
		if head >= budget {
			return -1, false
		}
		for _, d := range f.nbrs[q[head]] {
			switch m := f.mark[d]; {
			case m == f.stamp || m == base:
			case m > base:
				return -1, true
			default:
				f.mark[d] = f.stamp
				q = append(q, d)
			}
		}
	}
	return len(q), false
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// Placement returns the placement that option k of the problem puts down.
func (e *Encoding) Placement(k int) Placement { return e.p.placement(e.p.placements[e.options[k]]) }

// Decode returns the puzzle's solution for a solution of the problem, given
// as option indices, and false if it is a cover that uses some piece the
// wrong number of times (possible only when two pieces have several copies).
func (e *Encoding) Decode(options []int) (*Solution, bool) {
	owner := make([]int32, e.p.board.Len())
	kind := make([]int32, e.p.Instances())
	if !e.decode(options, owner, kind) {
		return nil, false
	}
	return newSolution(e.p, owner, kind), true
}

// decode fills owner with the instance (the index in options) covering
// each board cell and kind with the piece of each instance, and reports
// whether the pieces are used in the right numbers.
func (e *Encoding) decode(options []int, owner, kind []int32) bool {
	if !e.counts(options, make([]int, len(e.p.pieces))) {
		return false
	}
	for inst, o := range options {
		pl := &e.p.placements[e.options[o]]
		kind[inst] = int32(pl.piece)
		for _, c := range pl.cells {
			owner[c] = int32(inst)
		}
	}
	return true
}

// counts reports whether a cover, given as options, uses the pieces in the
// right numbers, using scratch (one int for each piece) when it must count
// them.
func (e *Encoding) counts(options []int, scratch []int) bool {
	if len(options) != e.p.Instances() && !e.p.anyCount() {
		return false
	}
	if !e.check {
		return true
	}
	clear(scratch)
	for _, o := range options {
		scratch[e.p.placements[e.options[o]].piece]++
	}
	for i, pc := range e.p.pieces {
		if scratch[i] < pc.Least() || scratch[i] > e.p.most(i) {
			return false
		}
	}
	return true
}

// breakingPiece chooses the piece whose placements symmetry breaking
// restricts, and which of all placements to keep: for that piece, the first
// placement of each orbit under the group. Only a piece of one copy that
// every symmetry maps to itself will do; of those, the one left with the
// fewest placements, for it is the most constrained (the X pentomino, on
// Scott's board and on rectangles). It returns -1 and nil if the group is
// trivial or no piece will do.
func (p *Puzzle) breakingPiece(ctx context.Context) (int, []bool, error) {
	if len(p.group) < 2 {
		return -1, nil, nil
	}
	best, bestKept := -1, 0
	var bestKeep []bool
	o := newOrbits(p)
	for i, pc := range p.pieces {
		if !pc.Single() || !p.fixedByGroup(i) {
			continue
		}
		keep, kept, err := o.firsts(ctx, i)
		if err != nil {
			return -1, nil, err
		}
		if best < 0 || kept < bestKept {
			best, bestKept, bestKeep = i, kept, keep
		}
	}
	return best, bestKeep, nil
}

// fixedByGroup reports whether every symmetry of the group maps piece i
// to itself.
func (p *Puzzle) fixedByGroup(i int) bool {
	for _, g := range p.group {
		if g.pieces[i] != int32(i) {
			return false
		}
	}
	return true
}

// orbits finds the orbits of a piece's placements under the puzzle's
// symmetry group: it looks up the image of a placement under each
// symmetry among the piece's placements, by the hash of its cells.
type orbits struct {
	p *Puzzle
	n int // the board's cells
	// hashes[g*n+c] is the hash (cellHash) of the image of cell c under
	// symmetry g: the hash of a set of cells is the sum of its cells', so
	// an image's hash is a sum of looks.
	hashes []uint64
	table  []int32 // the piece's placements by hash, open addressing: slot h holds a placement's index plus one
	img    []int32 // scratch: the image of a placement
	mark   []int32 // k+1 for the cells of placement k (sameCells)
}

// newOrbits returns the orbits of p's placements, the hashes of every
// cell's images made.
func newOrbits(p *Puzzle) *orbits {
	n := p.board.Len()
	o := &orbits{p: p, n: n, hashes: make([]uint64, len(p.group)*n),
		img: make([]int32, 0, 16), mark: make([]int32, n)}
	for g, sym := range p.group {
		for c := range n {
			to := int32(c)
			if !sym.id {
				to = sym.cells[c]
			}
			o.hashes[g*n+c] = cellHash(to)
		}
	}
	return o
}

// hash returns the hash of the image of cells under symmetry g.
func (o *orbits) hash(g int, cells []int32) uint64 {
	var h uint64
	for _, c := range cells {
		h += o.hashes[g*o.n+int(c)]
	}
	return h
}

// index puts the placements lo to hi in the table, by the hash of their
// cells.
func (o *orbits) index(lo, hi int) {
	size := 1 << bits.Len(uint(2*(hi-lo)))
	if cap(o.table) < size {
		o.table = make([]int32, size)
	}
	o.table = o.table[:size]
	clear(o.table)
	for k := lo; k < hi; k++ {
		h := int(o.hash(0, o.p.placements[k].cells) & uint64(size-1))
		for o.table[h] != 0 {
			h = (h + 1) & (size - 1)
		}
		o.table[h] = int32(k + 1)
	}
}

// firsts returns which of all placements are the first of their orbit
// among the placements of piece i, and how many those are.
func (o *orbits) firsts(ctx context.Context, i int) ([]bool, int, error) {
	p := o.p
	// The piece's placements, lo to hi (placements lists them piece by
	// piece).
	lo := max(0, slices.IndexFunc(p.placements, func(pl placement) bool { return pl.piece == i }))
	hi := lo
	for hi < len(p.placements) && p.placements[hi].piece == i {
		hi++
	}
	o.index(lo, hi)
	keep := make([]bool, len(p.placements))
	kept := 0
	for k := lo; k < hi; k++ {
		if k%checkSetup == 0 && ctx.Err() != nil {
			return nil, 0, ctx.Err()
		}
		first := k // the smallest placement in k's orbit
		for g := 1; g < len(p.group); g++ {
			first = min(first, o.image(g, k))
		}
		if first == k {
			keep[k] = true
			kept++
		}
	}
	return keep, kept, nil
}

// image returns the placement that is the image of placement k under
// symmetry g, among those in the table.
func (o *orbits) image(g, k int) int {
	p, size := o.p, len(o.table)
	pl := &p.placements[k]
	o.img = o.img[:0]
	for _, c := range pl.cells {
		o.img = append(o.img, p.group[g].cells[c])
	}
	h := int(o.hash(g, pl.cells) & uint64(size-1))
	for o.table[h] != 0 && !sameCells(p.placements[o.table[h]-1].cells, o.img, o.mark, o.table[h]) {
		h = (h + 1) & (size - 1)
	}
	if o.table[h] == 0 {
		panic("tiling: a symmetry maps a placement off the board")
	}
	return int(o.table[h] - 1)
}

// cellHash is a cell's part of the hash of a set of cells, the sum of
// its cells' (which does not depend on their order): SplitMix64's
// finalizer, which spreads the bits of each cell.
func cellHash(c int32) uint64 {
	x := uint64(c) + 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

// sameCells reports whether the sets of distinct cells a and b are equal,
// marking a's cells with stamp in mark.
func sameCells(a, b []int32, mark []int32, stamp int32) bool {
	if len(a) != len(b) {
		return false
	}
	for _, c := range a {
		mark[c] = stamp
	}
	for _, c := range b {
		if mark[c] != stamp {
			return false
		}
	}
	return true
}
