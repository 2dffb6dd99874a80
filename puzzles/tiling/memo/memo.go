// Package memo counts the covers of a board by unions of placements
// exactly, without listing them, for the tiling kind's count: a search
// that fills the first empty position in an order of the board's cells,
// each state of which (the position, which of the next 64 are covered,
// and the copies of each piece left) is counted once and remembered, so
// that the work grows with the states, not with the covers. It keeps the
// books of the pieces' copies: a piece's most copies, how many of them a
// cover may leave out, and whether it may be put down any number of
// times. Standard library only.
package memo

import (
	"context"
	"encoding/binary"
	"math/big"
	"math/bits"
	"slices"
)

// Option is a union of placements as the counter tries it: their pieces
// (a piece may be among them more than once), their cells as a mask from
// the first (the first 64), and their positions.
type Option struct {
	Pieces []int32
	Mask   uint64
	Cells  []int
}

// Counter counts the covers below each state of the search once.
type Counter struct {
	ctx   context.Context
	n     int
	at    [][]Option
	left  []int  // copies of each piece left; for a piece of any count, of its fewest
	slack []int  // how many copies of each piece may be left at the end
	any   []bool // pieces of any count, never used up
	memo  map[string]*big.Int
	calls int
	key   []byte
	// covered is by position, for countWide.
	covered []bool
	tellTop func(float64)
	// top is set while the count below the first level has not yet
	// branched: there it tells tellTop of each branch, the topK-th of the
	// topN ways to cover the first position.
	top        bool
	topK, topN int
}

// New returns a counter of the covers of len(at) positions by the
// options, at[q] those whose first position is q. Piece i may be put
// down most[i] times, of which slack[i] may be left out; if unbounded[i], at
// least most[i] times and any number more (slack[i] is then 0).
func New(ctx context.Context, at [][]Option, most, slack []int, unbounded []bool) *Counter {
	c := &Counter{ctx: ctx, n: len(at), at: at, memo: map[string]*big.Int{},
		left: slices.Clone(most), slack: slices.Clone(slack), any: slices.Clone(unbounded)}
	return c
}

var one = big.NewInt(1)

// Max is the most states a count remembers at once, about 150 bytes
// each: some 600 megabytes.
const Max = 1 << 22

// Count counts the covers, exactly. When an option spans more than the
// window of 64 positions (wide: an orbit from one end of the board to the
// other, or a board more than 64 cells across), a state holds every
// position from the first empty one on instead (countWide).
//
// Only the shard-th of every shards ways to cover the first position are
// counted; tell, if not nil, is told the share of them counted as it
// goes. It stops when the counter's context ends, with its cause.
func (c *Counter) Count(wide bool, shard, shards int, tell func(float64)) (*big.Int, error) {
	var part []Option
	for j, o := range c.at[0] {
		if j%shards == shard {
			part = append(part, o)
		}
	}
	if wide {
		c.covered = make([]bool, c.n)
	}
	// The first level by hand, to tell of each way to cover the first
	// position; the second is told by count or countWide (c.top).
	total := new(big.Int)
	c.tellTop, c.topN = tell, len(part)
	for j, o := range part {
		if c.take(o.Pieces) {
			c.top, c.topK = tell != nil, j
			var v *big.Int
			var err error
			if wide {
				c.set(o.Cells, true)
				v, err = c.countWide(0)
				c.set(o.Cells, false)
			} else {
				v, err = c.count(0, o.Mask)
			}
			c.give(o.Pieces)
			if err != nil {
				return nil, err
			}
			total.Add(total, v)
		}
		if tell != nil {
			tell(float64(j+1) / float64(len(part)))
		}
	}
	if c.n == 0 {
		total.Set(c.end())
	}
	return total, nil
}

// count returns the covers of the cells from position base on, given the
// window of the next 64 (bit k: base + k is covered) and the pieces left.
func (c *Counter) count(base int, window uint64) (*big.Int, error) {
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
		if o.Mask&window != 0 || !c.take(o.Pieces) {
			continue
		}
		if top {
			c.tell(i, len(c.at[base]))
		}
		v, err := c.count(base, window|o.Mask)
		c.give(o.Pieces)
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
func (c *Counter) countWide(first int) (*big.Int, error) {
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
		if slices.ContainsFunc(o.Cells, func(q int) bool { return c.covered[q] }) || !c.take(o.Pieces) {
			continue
		}
		if top {
			c.tell(i, len(c.at[first]))
		}
		c.set(o.Cells, true)
		v, err := c.countWide(first)
		c.set(o.Cells, false)
		c.give(o.Pieces)
		if err != nil {
			return nil, err
		}
		sum.Add(sum, v)
	}
	c.remember(key, sum)
	return sum, nil
}

// set marks the positions as covered, or not.
func (c *Counter) set(positions []int, covered bool) {
	for _, q := range positions {
		c.covered[q] = covered
	}
}

// end returns the covers of a whole board: one, unless fewer copies of
// some piece are down than its fewest.
func (c *Counter) end() *big.Int {
	for i, l := range c.left {
		if l > c.slack[i] && !c.any[i] || l > 0 && c.any[i] {
			return new(big.Int)
		}
	}
	return one
}

// tell tells c.tellTop the share of the count done as the second level
// starts its i-th branch of n (those that do not fit counted too): the
// first level's branches done, and that share of the one it is in.
func (c *Counter) tell(i, n int) {
	c.tellTop((float64(c.topK) + float64(i)/float64(n)) / float64(c.topN))
}

// tick returns the count's stop, once in a while, if its context ended.
func (c *Counter) tick() error {
	if c.calls++; c.calls%4096 == 0 && c.ctx.Err() != nil {
		return context.Cause(c.ctx)
	}
	return nil
}

// remember stores the covers below a state. When the table is full it
// starts again, so that memory stays bounded; the states forgotten are
// counted again when met.
func (c *Counter) remember(key string, covers *big.Int) {
	if len(c.memo) >= Max {
		clear(c.memo)
	}
	c.memo[key] = covers
}

// take uses one copy of each of pieces (a piece may be among them more
// than once), if there are that many left; if not, it uses none.
func (c *Counter) take(pieces []int32) bool {
	for i, pc := range pieces {
		if c.left[pc] == 0 && !c.any[pc] {
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
func (c *Counter) give(pieces []int32) {
	for _, pc := range pieces {
		c.left[pc]++
	}
}

// stateKey encodes a state: the position, the window, and the copies left
// of each piece.
func (c *Counter) stateKey(base int, window uint64) string {
	b := c.key[:0]
	b = binary.AppendUvarint(b, uint64(base))
	b = binary.LittleEndian.AppendUint64(b, window)
	c.key = c.appendLeft(b)
	return string(c.key)
}

// appendLeft appends the copies left of each piece: for a piece of any
// count, of its fewest (none once they are down).
func (c *Counter) appendLeft(b []byte) []byte {
	for i, l := range c.left {
		if c.any[i] {
			l = max(l, 0)
		}
		b = binary.AppendUvarint(b, uint64(l))
	}
	return b
}
