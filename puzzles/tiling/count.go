package tiling

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"math/big"
	"math/bits"
)

// ErrCountSpan is the error of CountRaw on a puzzle whose placements span
// more than 64 cells in the order it fills the board in.
var ErrCountSpan = errors.New("tiling: a placement spans more than 64 cells in the fill order: too wide to count")

// CountRaw returns the number of raw solutions, every cover of the fixed
// board, exactly, however many there are, without listing them: a count
// of the search that fills the first empty cell in the fill engine's
// order, each state of which (the cell, which of the next 64 are covered,
// and the pieces left) is counted once and remembered, so that the work
// grows with the states, not with the covers. It stops when ctx ends,
// with ctx's cause.
func (p *Puzzle) CountRaw(ctx context.Context) (*big.Int, error) {
	if err := p.prepare(ctx); err != nil {
		if ctx.Err() != nil {
			return nil, fmt.Errorf("tiling: count stopped: %w", context.Cause(ctx))
		}
		return nil, err
	}
	b := p.board
	n := b.Len()
	pos := make([]int, n) // each board cell's position, 0 … n-1, in the fill order
	for k, i := range fillOrder(b) {
		pos[i] = k
	}
	at := make([][]countOption, n) // by first position
	for _, pl := range p.placements {
		first, last := n, -1
		for _, c := range pl.cells {
			first, last = min(first, pos[c]), max(last, pos[c])
		}
		if last-first >= 64 {
			return nil, ErrCountSpan
		}
		var mask uint64
		for _, c := range pl.cells {
			mask |= 1 << (pos[c] - first)
		}
		at[first] = append(at[first], countOption{pl.piece, mask})
	}
	c := &counter{ctx: ctx, n: n, memo: map[string]*big.Int{}, left: make([]int, len(p.pieces)), anyPiece: make([]bool, len(p.pieces))}
	for i, pc := range p.pieces {
		c.left[i], c.anyPiece[i] = pc.Count, pc.Any
	}
	c.at = at
	total, err := c.count(0, 0)
	if err != nil {
		return nil, err
	}
	return new(big.Int).Set(total), nil
}

// countOption is a placement as the counter tries it: its piece, and its
// cells as a mask from its first.
type countOption struct {
	piece int
	mask  uint64
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
}

var one = big.NewInt(1)

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
		for i, l := range c.left {
			if l != 0 && !c.anyPiece[i] {
				return new(big.Int), nil // fixed pieces left over
			}
		}
		return one, nil
	}
	if c.calls++; c.calls%4096 == 0 && c.ctx.Err() != nil {
		return nil, fmt.Errorf("tiling: count stopped: %w", context.Cause(c.ctx))
	}
	key := c.stateKey(base, window)
	if v, ok := c.memo[key]; ok {
		return v, nil
	}
	sum := new(big.Int)
	for _, o := range c.at[base] {
		if o.mask&window != 0 || c.left[o.piece] == 0 && !c.anyPiece[o.piece] {
			continue
		}
		c.left[o.piece]--
		v, err := c.count(base, window|o.mask)
		c.left[o.piece]++
		if err != nil {
			return nil, err
		}
		sum.Add(sum, v)
	}
	c.memo[key] = sum
	return sum, nil
}

// stateKey encodes a state: the position, the window, and the copies left
// of each piece of a fixed count.
func (c *counter) stateKey(base int, window uint64) string {
	b := c.key[:0]
	b = binary.AppendUvarint(b, uint64(base))
	b = binary.LittleEndian.AppendUint64(b, window)
	for i, l := range c.left {
		if !c.anyPiece[i] {
			b = binary.AppendUvarint(b, uint64(l))
		}
	}
	c.key = b
	return string(b)
}
