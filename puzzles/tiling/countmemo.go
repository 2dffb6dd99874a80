package tiling

import (
	"context"
	"encoding/binary"
	"math/big"
	"math/bits"
	"slices"

	"github.com/polytile/polytile/puzzles/run"
)

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
// counted; g, if not nil, is told the share of them counted as it goes.
func (p *Puzzle) countCovers(ctx context.Context, unions [][]int32, shard, shards int, g *run.Gauge) (*big.Int, error) {
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
	if wide {
		c.covered = make([]bool, n)
	}
	// The first level by hand, to tell g of each way to cover the first
	// position; the second is told by count or countWide (c.top).
	total := new(big.Int)
	c.gauge, c.topN = g, len(part)
	for j, o := range part {
		if c.take(o.pieces) {
			c.top, c.topK = g != nil, j
			var v *big.Int
			var err error
			if wide {
				c.set(o.cells, true)
				v, err = c.countWide(0)
				c.set(o.cells, false)
			} else {
				v, err = c.count(0, o.mask)
			}
			c.give(o.pieces)
			if err != nil {
				return nil, err
			}
			total.Add(total, v)
		}
		if g != nil {
			g.Tell(float64(j+1) / float64(len(part)))
		}
	}
	if n == 0 {
		total.Set(c.end())
	}
	return total, nil
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
	gauge    *run.Gauge
	// top is set while the count below the first level has not yet
	// branched: there it tells gauge of each branch, the topK-th of the
	// topN ways to cover the first position.
	top        bool
	topK, topN int
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
	top := c.top
	c.top = false
	sum := new(big.Int)
	for i, o := range c.at[base] {
		if o.mask&window != 0 || !c.take(o.pieces) {
			continue
		}
		if top {
			c.tell(i, len(c.at[base]))
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
	top := c.top
	c.top = false
	sum := new(big.Int)
	for i, o := range c.at[first] {
		if slices.ContainsFunc(o.cells, func(q int) bool { return c.covered[q] }) || !c.take(o.pieces) {
			continue
		}
		if top {
			c.tell(i, len(c.at[first]))
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

// tell tells c.gauge the share of the count done as the second level
// starts its i-th branch of n (those that do not fit counted too): the
// first level's branches done, and that share of the one it is in.
func (c *counter) tell(i, n int) {
	c.gauge.Tell((float64(c.topK) + float64(i)/float64(n)) / float64(c.topN))
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
