package tiling

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"math/big"
	"math/bits"
	"runtime"
	"slices"
	"sync"

	"github.com/polytile/polytile/puzzles"
)

// CountRaw returns the number of raw solutions, every cover of the fixed
// board, exactly, however many there are, without listing them: a count
// of the search that fills the first empty cell in the fill engine's
// order, each state of which (the cell, which of the next 64 are covered,
// and the pieces left) is counted once and remembered, so that the work
// grows with the states, not with the covers (on a board where a
// placement spans more than 64 cells of the order, a state holds every
// cell from the first empty one on). It stops when ctx ends, with ctx's
// cause.
func (p *Puzzle) CountRaw(ctx context.Context) (*big.Int, error) {
	if err := p.prepare(ctx); err != nil {
		return nil, countStopped(ctx, err)
	}
	if p.noCrossing() {
		c, err := p.countListed(ctx, 0, 0, 1)
		if err != nil {
			return nil, err
		}
		return c.Raw, nil
	}
	return p.countCovers(ctx, p.placementOrbits(0), 0, 1) // the identity's
}

// Count counts the raw and the distinct solutions, exactly, without
// listing them. The distinct ones are counted by Burnside's lemma: the
// number of classes is the mean, over the symmetries of the puzzle, of the
// raw solutions each one maps onto itself. A solution that symmetry g
// fixes is a union of whole orbits of placements under g (g maps each of
// its placements to one of its placements), each orbit's placements
// disjoint; so those solutions are the covers of the board by such
// orbits, counted as CountRaw counts covers by placements (the identity's
// orbits are the placements, and its count is the raw one). It counts up
// to workers symmetries at once (0: one per core). It stops when ctx ends,
// with ctx's cause.
func (p *Puzzle) Count(ctx context.Context, workers int) (*puzzles.Counts, error) {
	return p.CountPart(ctx, workers, 0, 1)
}

// CountPart is Count of part shard of shards (0 of 1: the whole): for
// each symmetry, the covers that begin (at the first position of the fill
// order) with one of every shards-th of the ways to cover it, from the
// shard-th on. The parts' fixed counts add up to the whole's
// (puzzles.MergeCounts); a part's Distinct is nil unless it is the whole.
func (p *Puzzle) CountPart(ctx context.Context, workers, shard, shards int) (*puzzles.Counts, error) {
	if shards < 1 || shard < 0 || shard >= shards {
		return nil, fmt.Errorf("tiling: part %d of %d: want 0 ≤ part < parts", shard, shards)
	}
	if err := p.prepare(ctx); err != nil {
		return nil, countStopped(ctx, err)
	}
	if p.noCrossing() {
		return p.countListed(ctx, workers, shard, shards)
	}
	c := &puzzles.Counts{Fixed: make([]*big.Int, len(p.group)), Symmetries: len(p.group),
		Shard: shard, Shards: shards, Fingerprint: countVersion + p.Fingerprint(nil)}
	errs := make([]error, len(p.group))
	next := make(chan int)
	var wg sync.WaitGroup
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	for range min(workers, len(p.group)) {
		wg.Go(func() {
			for g := range next {
				c.Fixed[g], errs[g] = p.countCovers(ctx, p.placementOrbits(g), shard, shards)
			}
		})
	}
	for g := range p.group {
		next <- g
	}
	close(next)
	wg.Wait()
	if ctx.Err() != nil {
		return nil, countStopped(ctx, nil)
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	c.Raw = c.Fixed[0]
	if shards > 1 {
		return c, nil
	}
	return c, c.Burnside()
}

// countVersion names the way a count is split into parts, in its
// fingerprint, so that parts of different splits are never merged.
const countVersion = "count-1 "

// countStopped words err, the error of a count's set-up, as a stop if
// ctx ended; it returns err otherwise.
func countStopped(ctx context.Context, err error) error {
	if ctx.Err() != nil {
		return fmt.Errorf("tiling: count stopped: %w", context.Cause(ctx))
	}
	return err
}

// placementOrbits returns the orbits of the placements under the group's
// symmetry g (the placements g, g², … map a placement to), each once,
// leaving out those two of whose placements overlap: no solution that g
// fixes holds them.
func (p *Puzzle) placementOrbits(g int) [][]int32 {
	sym := &p.group[g]
	if sym.id {
		orbits := make([][]int32, len(p.placements))
		for k := range orbits {
			orbits[k] = []int32{int32(k)}
		}
		return orbits
	}
	key := func(piece int, cells []int32) string {
		b := binary.AppendUvarint(nil, uint64(piece))
		for _, c := range cells {
			b = binary.AppendUvarint(b, uint64(c))
		}
		return string(b)
	}
	index := make(map[string]int32, len(p.placements))
	for k, pl := range p.placements {
		index[key(pl.piece, pl.cells)] = int32(k)
	}
	image := func(k int32) (int32, bool) {
		pl := &p.placements[k]
		cells := make([]int32, len(pl.cells))
		for i, c := range pl.cells {
			cells[i] = sym.cells[c]
		}
		slices.Sort(cells)
		j, ok := index[key(int(sym.pieces[pl.piece]), cells)]
		return j, ok
	}
	var orbits [][]int32
	seen := make([]bool, len(p.placements))
	covered := make([]bool, p.board.Len())
next:
	for k := range p.placements {
		if seen[k] {
			continue
		}
		orbit := []int32{int32(k)}
		seen[k] = true
		for at := int32(k); ; {
			j, ok := image(at)
			if !ok {
				continue next // off the placements: in no solution
			}
			if j == int32(k) {
				break
			}
			seen[j] = true
			orbit = append(orbit, j)
			at = j
		}
		clear(covered)
		disjoint := true
		for _, j := range orbit {
			for _, c := range p.placements[j].cells {
				disjoint = disjoint && !covered[c]
				covered[c] = true
			}
		}
		if disjoint {
			orbits = append(orbits, orbit)
		}
	}
	return orbits
}

// countCovers counts the covers of the board by the given unions of
// placements (each a list of placements, pieces used once each), exactly,
// as CountRaw says. When a union spans more than the window of 64
// positions (an orbit from one end of the board to the other, or a board
// more than 64 cells across), a state holds every position from the first
// empty one on instead (countWide).
//
// Only the shard-th of every shards ways to cover the first position are
// counted.
func (p *Puzzle) countCovers(ctx context.Context, unions [][]int32, shard, shards int) (*big.Int, error) {
	n := p.board.Len()
	pos := make([]int, n) // each board cell's position, 0 … n-1, in the fill order
	for k, i := range fillOrder(p.board) {
		pos[i] = k
	}
	c := &counter{ctx: ctx, n: n, memo: map[string]*big.Int{}, left: make([]int, len(p.pieces)), anyPiece: make([]bool, len(p.pieces)),
		at: make([][]countOption, n)}
	for i, pc := range p.pieces {
		c.left[i], c.anyPiece[i] = pc.Count, pc.Any
	}
	wide := false
	for _, u := range unions {
		o := countOption{pieces: make([]int32, len(u))}
		first, last := n, -1
		for i, k := range u {
			o.pieces[i] = int32(p.placements[k].piece)
			for _, cell := range p.placements[k].cells {
				o.cells = append(o.cells, pos[cell])
				first, last = min(first, pos[cell]), max(last, pos[cell])
			}
		}
		wide = wide || last-first >= 64
		for _, q := range o.cells {
			if q-first < 64 {
				o.mask |= 1 << (q - first)
			}
		}
		c.at[first] = append(c.at[first], o)
	}
	var part []countOption
	for j, o := range c.at[0] {
		if j%shards == shard {
			part = append(part, o)
		}
	}
	c.at[0] = part
	var total *big.Int
	var err error
	if wide {
		c.covered = make([]bool, n)
		total, err = c.countWide(0)
	} else {
		total, err = c.count(0, 0)
	}
	if err != nil {
		return nil, err
	}
	return new(big.Int).Set(total), nil
}

// countOption is a union of placements as the counter tries it: their
// pieces, their cells as a mask from the first (the first 64), and their
// positions.
type countOption struct {
	pieces []int32
	mask   uint64
	cells  []int
}

// counter counts the covers below each state of the search once.
type counter struct {
	ctx      context.Context
	n        int
	at       [][]countOption
	left     []int  // copies of each piece left
	anyPiece []bool // pieces of any count, never used up
	memo     map[string]*big.Int
	calls    int
	key      []byte
	covered  []bool // by position, for countWide
}

var one = big.NewInt(1)

// countMemo is the most states a count remembers at once, about 150 bytes
// each: some 600 megabytes.
const countMemo = 1 << 22

// count returns the covers of the cells from position base on, given the
// window of the next 64 (bit k: base + k is covered) and the pieces left.
func (c *counter) count(base int, window uint64) (*big.Int, error) {
	k := bits.TrailingZeros64(^window)
	base += k
	window >>= k & 63
	if k == 64 {
		window = 0
	}
	if base >= c.n {
		return c.end(), nil
	}
	if err := c.tick(); err != nil {
		return nil, err
	}
	key := c.stateKey(base, window)
	if v, ok := c.memo[key]; ok {
		return v, nil
	}
	sum := new(big.Int)
	for _, o := range c.at[base] {
		if o.mask&window != 0 || !c.take(o.pieces) {
			continue
		}
		v, err := c.count(base, window|o.mask)
		c.give(o.pieces)
		if err != nil {
			return nil, err
		}
		sum.Add(sum, v)
	}
	c.remember(key, sum)
	return sum, nil
}

// countWide is count for unions that span more than 64 positions: the
// state is the first empty position, every position from there on
// (covered, by position), and the pieces left.
func (c *counter) countWide(first int) (*big.Int, error) {
	for first < c.n && c.covered[first] {
		first++
	}
	if first == c.n {
		return c.end(), nil
	}
	if err := c.tick(); err != nil {
		return nil, err
	}
	b := binary.AppendUvarint(c.key[:0], uint64(first))
	var word byte
	for i, on := range c.covered[first:] {
		if on {
			word |= 1 << (i % 8)
		}
		if i%8 == 7 || first+i == c.n-1 {
			b, word = append(b, word), 0
		}
	}
	c.key = c.appendLeft(b)
	key := string(c.key)
	if v, ok := c.memo[key]; ok {
		return v, nil
	}
	sum := new(big.Int)
	for _, o := range c.at[first] {
		if slices.ContainsFunc(o.cells, func(q int) bool { return c.covered[q] }) || !c.take(o.pieces) {
			continue
		}
		c.set(o.cells, true)
		v, err := c.countWide(first)
		c.set(o.cells, false)
		c.give(o.pieces)
		if err != nil {
			return nil, err
		}
		sum.Add(sum, v)
	}
	c.remember(key, sum)
	return sum, nil
}

// set marks the positions as covered, or not.
func (c *counter) set(positions []int, covered bool) {
	for _, q := range positions {
		c.covered[q] = covered
	}
}

// end returns the covers of a whole board: one, unless pieces of a fixed
// count are left over.
func (c *counter) end() *big.Int {
	for i, l := range c.left {
		if l != 0 && !c.anyPiece[i] {
			return new(big.Int)
		}
	}
	return one
}

// tick returns the count's stop, once in a while, if its context ended.
func (c *counter) tick() error {
	if c.calls++; c.calls%4096 == 0 && c.ctx.Err() != nil {
		return countStopped(c.ctx, nil)
	}
	return nil
}

// remember stores the covers below a state. When the table is full it
// starts again, so that memory stays bounded; the states forgotten are
// counted again when met.
func (c *counter) remember(key string, covers *big.Int) {
	if len(c.memo) >= countMemo {
		clear(c.memo)
	}
	c.memo[key] = covers
}

// take uses one copy of each of pieces (a piece may be among them more
// than once), if there are that many left; if not, it uses none.
func (c *counter) take(pieces []int32) bool {
	for i, pc := range pieces {
		if c.left[pc] == 0 && !c.anyPiece[pc] {
			for _, q := range pieces[:i] {
				c.left[q]++
			}
			return false
		}
		c.left[pc]--
	}
	return true
}

// give puts back the copies that take used.
func (c *counter) give(pieces []int32) {
	for _, pc := range pieces {
		c.left[pc]++
	}
}

// stateKey encodes a state: the position, the window, and the copies left
// of each piece of a fixed count.
func (c *counter) stateKey(base int, window uint64) string {
	b := c.key[:0]
	b = binary.AppendUvarint(b, uint64(base))
	b = binary.LittleEndian.AppendUint64(b, window)
	c.key = c.appendLeft(b)
	return string(c.key)
}

// appendLeft appends the copies left of each piece of a fixed count.
func (c *counter) appendLeft(b []byte) []byte {
	for i, l := range c.left {
		if !c.anyPiece[i] {
			b = binary.AppendUvarint(b, uint64(l))
		}
	}
	return b
}
