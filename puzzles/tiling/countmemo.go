package tiling

import (
	"context"
	"encoding/binary"
	"math/big"
	"slices"

	"github.com/polytile/polytile/puzzles/run"
	"github.com/polytile/polytile/puzzles/tiling/memo"
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
	at := make([][]memo.Option, n)
	most, slack := make([]int, len(p.pieces)), make([]int, len(p.pieces))
	unbounded := make([]bool, len(p.pieces))
	for i, pc := range p.pieces {
		most[i], slack[i], unbounded[i] = pc.Count, pc.Spare, pc.Any
	}
	wide := false
	for _, u := range unions {
		o := memo.Option{Pieces: make([]int32, len(u))}
		first, last := n, -1
		for i, k := range u {
			o.Pieces[i] = int32(p.placements[k].piece)
			for _, cell := range p.placements[k].cells {
				o.Cells = append(o.Cells, pos[cell])
				first, last = min(first, pos[cell]), max(last, pos[cell])
			}
		}
		wide = wide || last-first >= 64
		for _, q := range o.Cells {
			if q-first < 64 {
				o.Mask |= 1 << (q - first)
			}
		}
		at[first] = append(at[first], o)
	}
	var tell func(float64)
	if g != nil {
		tell = g.Tell
	}
	c := memo.New(ctx, at, most, slack, unbounded)
	total, err := c.Count(wide, shard, shards, tell)
	if err != nil {
		return nil, countStopped(ctx, err)
	}
	return total, nil
}
