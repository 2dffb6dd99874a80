package puzzles

import (
	"context"
	"fmt"
	"slices"

	"github.com/polytile/polytile/solve"
)

// Encoding is a puzzle as an exact-cover problem: the Problem to solve and
// the way back from its solutions to the puzzle's.
//
// The items are, in this order, one primary item for each piece of count 1
// and one primary item for each board cell (pieces first, as in Knuth's
// matrices, so the search breaks ties the way his programs do). The options
// are the placements, less those that leave a region no pieces can fill
// (livePlacements), in the order Placements lists them. A piece with several copies has no item of its own: the
// copies are interchangeable, and naming each would multiply every solution
// by the number of ways to order them. When one piece has copies, the areas
// alone fix how many of it a cover uses; when several do, Decode rejects the
// covers that use them in the wrong numbers.
type Encoding struct {
	// Problem is the exact-cover problem.
	Problem *solve.Problem
	// Restricted is the piece whose placements symmetry breaking cut down
	// to one in each orbit under the symmetry group, or -1.
	Restricted int

	p       *Puzzle
	options []int32 // option → placement
	check   bool    // whether Decode must check the counts of pieces
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
	e := &Encoding{p: p, Restricted: -1}
	item := make([]int, len(p.pieces)) // piece → its item, or -1
	n := 0
	multi := 0
	for i, pc := range p.pieces {
		item[i] = -1
		if pc.Count == 1 {
			item[i] = n
			n++
		} else {
			multi++
		}
	}
	e.check = multi > 1
	cellBase := n
	e.Problem = solve.NewProblem(n+p.board.Len(), 0)
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
		if it := item[pl.piece]; it >= 0 {
			items = append(items, it)
		}
		for _, c := range pl.cells {
			items = append(items, cellBase+int(c))
		}
		if _, err := e.Problem.AddOption(items...); err != nil {
			panic("puzzles: " + err.Error()) // placements are built valid
		}
		e.options = append(e.options, int32(k))
	}
	return e, nil
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
func (p *Puzzle) livePlacements(ctx context.Context) ([]bool, error) {
	g, smallest := 0, len(p.pieces[0].Cells)
	for _, pc := range p.pieces {
		g = gcd(g, len(pc.Cells))
		smallest = min(smallest, len(pc.Cells))
	}
	b := p.board
	n := b.Len()
	nbrs := make([][]int32, n)
	for i, c := range b.cells {
		for _, d := range b.lat.Neighbors(c) {
			if j := b.Index(d); j >= 0 {
				nbrs[i] = append(nbrs[i], int32(j))
			}
		}
	}
	mark := make([]int32, n) // the placement that last marked the cell, plus 1
	stack := make([]int32, 0, n)
	live := make([]bool, len(p.placements))
	for k, pl := range p.placements {
		if k%checkSetup == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		stamp := int32(k + 1)
		for _, c := range pl.cells {
			mark[c] = stamp
		}
		live[k] = true
		for start := range mark {
			if mark[start] == stamp {
				continue
			}
			// Measure the region of start.
			size := 0
			mark[start] = stamp
			stack = append(stack[:0], int32(start))
			for len(stack) > 0 {
				c := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				size++
				for _, d := range nbrs[c] {
					if mark[d] != stamp {
						mark[d] = stamp
						stack = append(stack, d)
					}
				}
			}
			if size < smallest || size%g != 0 {
				live[k] = false
				break
			}
		}
	}
	return live, nil
}

// checkSetup is how many placements pass between two looks at the context
// in the loops that prepare a search.
const checkSetup = 64

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
	if len(options) != e.p.Instances() {
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
		if scratch[i] != pc.Count {
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
	index := make(map[string]int, len(p.placements))
	key := func(piece int, cells []int32) string { return fmt.Sprint(piece, cells) }
	for k, pl := range p.placements {
		index[key(pl.piece, pl.cells)] = k
	}
	best, bestKept := -1, 0
	var bestKeep []bool
	img := make([]int32, 0, 16)
pieces:
	for i, pc := range p.pieces {
		if pc.Count != 1 {
			continue
		}
		for _, g := range p.group {
			if g.pieces[i] != int32(i) {
				continue pieces
			}
		}
		keep := make([]bool, len(p.placements))
		kept := 0
		for k, pl := range p.placements {
			if pl.piece != i {
				continue
			}
			if k%checkSetup == 0 && ctx.Err() != nil {
				return -1, nil, ctx.Err()
			}
			first := k // the smallest placement in k's orbit
			for _, g := range p.group[1:] {
				img = img[:0]
				for _, c := range pl.cells {
					img = append(img, g.cells[c])
				}
				slices.Sort(img)
				j, ok := index[key(i, img)]
				if !ok {
					panic("puzzles: a symmetry maps a placement off the board")
				}
				first = min(first, j)
			}
			if first == k {
				keep[k] = true
				kept++
			}
		}
		if best < 0 || kept < bestKept {
			best, bestKept, bestKeep = i, kept, keep
		}
	}
	return best, bestKeep, nil
}
