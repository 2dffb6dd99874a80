package tiling

import (
	"context"
	"math/bits"
	"slices"
	"sync/atomic"

	"github.com/polytile/polytile/puzzles/run"
	"github.com/polytile/polytile/puzzles/tiling/states"
)

// fill is the second search engine: it covers the board in a fixed order of
// its cells, always filling the first empty cell. Since every cell before the
// first empty one is covered, a placement that covers it has it as its own
// first cell; so the engine lists, for each cell and each piece, the
// placements whose first cell that is, and tries only those. It does the same
// exact cover as the Dancing Links encoding, over the same placements (live
// ones, with the same symmetry breaking), so it finds the same covers.
//
// The board is seen through a 64-bit window that starts at the first empty
// cell: bit k is the k-th cell from there, in the fill order. Every covered
// cell at or after the first empty one belongs to a placement whose first
// cell is before it, so it lies within a placement's span of it; a window of
// 64 cells holds them all when no placement spans more than 64 cells in the
// fill order. So the board may be of any length (6 × 15, 3 × 40, …), as long
// as it is at most 64 cells across in the order's short direction, and there
// are at most 64 pieces. Each placement is a mask relative to its first cell.
// The holes of a board of squares and the placements of a task's prefix,
// which may lie anywhere, are kept apart (pre) and come into the window as
// it moves (front).
//
// The cells are ordered along the board's shorter side (column by column on
// a board wider than tall): the first empty cell then has few ways to be
// filled, which keeps the search tree narrow, and spans stay short. This
// holds on every lattice, the order being that of the board's picture: on
// the triangular and hexagonal boards of the library it searches 3 to 90
// times fewer nodes than reading order.
type fill struct {
	p      *Puzzle
	n      int              // cells
	np     int              // pieces
	pos    []int            // each board cell's position in the fill order
	at     [][][]fillOption // at[position][piece]: the placements whose first cell is there
	walls  []uint64         // the neighbours of the options' walls (fillWall.nbrs), one option's after another
	pre    []uint64         // the cells of the task's prefix, by position, one bit each
	preEnd int              // one past the prefix's last position
	left   []int            // copies of each piece still to put down
	avail  uint64           // bit p set while left[p] > 0
	chosen []int32          // the placements put down, in order
	kids   []fillChild      // scratch for probe
	nodes  int64
	// stride is not 0 when the board is a whole rectangle of squares
	// (fillLayout), filled in its order with stride cells a line: a cell's
	// neighbours are then the cells 1 and stride positions before and after
	// it, and the search finds the cells walled in on the whole window at
	// once (gridMasks).
	stride int
	gm     []gridMasks // by position of the window's first cell, when stride is not 0
	holes  []int       // the positions that are not the board's cells, always covered
	// dead remembers states of the search below which there is no cover,
	// for place1 and placeGrid; made at the first search, when a state's
	// key fits a word (its span is then not 0). It is held by value: the
	// hot loops reach its fields as they reach fill's own.
	dead     states.Dead
	covers   int64 // the covers visited
	nextTick int64 // the nodes at which to tick
	// gridWalls is set on a board of squares (stride) whose pieces are
	// all larger than one cell: a cell walled in is then a dead end;
	// gridPairs when they are all larger than two: two cells walled in
	// together are too.
	gridWalls, gridPairs bool
	// For placeGrid: the options of at, as masks, placements and
	// pieces, in four runs for each position and piece, by the cells
	// next to the first empty one that they cover, those that fit in
	// case c (the window's two bits there) at
	// gspan[(position*4+c)*len(pieces)+piece].
	gopts []gridOption
	gspan []fillSpan
	fits  []int32 // placeGrid's options at each depth, gridMaxFits a depth
	// singles is set when every piece has one copy: the search then keeps
	// the pieces left in avail alone (place1).
	singles bool
	visit   func([]int32) bool // for place1
	live    *atomic.Int64      // if not nil, given nodes every checkEvery nodes (setLive)
	// memo remembers the covers below states, for countGrid and
	// count1; overflow is set when a count passes 64 bits.
	memo     states.Counts
	overflow bool
	// For the progress of a count: the share of the task done goes to
	// gauge, told on the levels of the search down to tellDepth (-1:
	// none), below root, the task's; topK of topN branches of its first
	// level are done.
	gauge      *run.Gauge
	root       int
	tellDepth  int
	topK, topN int
	done       <-chan struct{}
	stop       bool
	// The fields of boxes and of the split, last, so that the search on
	// squares finds its own where it did (where they lie in the struct
	// moved 6 × 10's time by 8%).
	//
	// line and plane are not 0 when the board is a box of cubes
	// (boxLayoutOf), filled in its order, line cells a line and plane
	// cells a layer: the search then finds the cells walled in by shifts
	// of the window too (boxMasks).
	line, plane uint
	bm          []boxMasks // by position of the window's first cell, when plane is not 0
	// boxWalls and boxPairs are gridWalls and gridPairs on a box of
	// cubes (plane).
	boxWalls, boxPairs bool
	// fewestSplit is set when the split into tasks branches on the item
	// with the fewest placements (fillSplitsFewest).
	fewestSplit bool
}

// gridMasks are the window's cells, from a position on, that have no
// neighbour before them in their line (first), after it (last), in the
// line after (end: the board's last line), and that are on the board.
type gridMasks struct{ first, last, end, on uint64 }

// gridOption is an option as placeGrid needs it.
type gridOption struct {
	mask      uint64
	placement int32
	piece     int32
}

// gridMaxFits is the most options of one position that placeGrid holds
// at once (a power of 2); a puzzle with more is left to place1.
const gridMaxFits = 128

// fillSpan is where a list of options is: [lo, hi).
type fillSpan struct{ lo, hi int32 }

// fillChild is a placement that probe may put down.
type fillChild struct {
	piece int
	o     *fillOption
}

// fillOption is one placement, as a mask of cells relative to its first.
type fillOption struct {
	mask      uint64
	halo      uint64 // the cells next to it that it may wall in
	walls     int32  // where their neighbours start in fill.walls, in the order of their bits
	placement int32  // index into Puzzle.placements
}

// fillMax is the most pieces, and the longest span of a placement in the
// fill order, that fill handles.
const fillMax = states.Window

// newFill returns a searcher of the fill engine for e's options: its
// tables, built once for e, are shared; its state is its own.
func newFill(e *Encoding) *fill {
	e.fillOnce.Do(func() { e.fill = buildFill(e) })
	f := *e.fill
	f.left, f.pre = make([]int, len(f.left)), make([]uint64, len(f.pre))
	return &f
}

// branch: the fill engine branches on the first empty cell in its order,
// over the placements that cover it and fit, in the order of the options;
// on a board where it keeps no table of dead states (fewestSplit), on the
// item with the fewest placements that fit (fewest), Dancing Links'
// choice: its search fills the first empty cell below any prefix, so the
// split may choose otherwise, and placements put down away from the first
// empty cell cost it nothing but a table that it has not.
func (f *fill) branch(prefix []int32) ([]int32, bool) {
	used := make([]bool, f.n) // by position
	for _, q := range f.holes {
		used[q] = true
	}
	left := make([]int, len(f.p.pieces))
	for i := range f.p.pieces {
		left[i] = f.p.most(i)
	}
	for _, k := range prefix {
		pl := &f.p.placements[k]
		left[pl.piece]--
		for _, c := range pl.cells {
			used[f.pos[c]] = true
		}
	}
	first := slices.Index(used, false)
	if first < 0 {
		return nil, false
	}
	if f.fewestSplit {
		return f.fewest(used, left, first), true
	}
	// Every position before first is covered, so a placement covering
	// first that fits starts there.
	var out []int32
	for piece, opts := range f.at[first] {
		if left[piece] <= 0 {
			continue
		}
		for _, o := range opts {
			if !slices.ContainsFunc(f.p.placements[o.placement].cells, func(c int32) bool { return used[f.pos[c]] }) {
				out = append(out, o.placement)
			}
		}
	}
	slices.Sort(out)
	return out, true
}

// fewest returns the placements that fit (used: the positions covered,
// left: the copies of each piece left) of the item that has fewest: the
// first empty cell, a piece of one copy, or another empty cell, in this
// order when they tie. Any item's placements partition the covers, since
// a cover covers each cell once and puts down each piece of one copy
// once.
func (f *fill) fewest(used []bool, left []int, first int) []int32 {
	covered := make([]uint64, len(f.pre))
	for q, u := range used {
		if u {
			covered[q/64] |= 1 << (q % 64)
		}
	}
	byCell := make([]int, f.n)
	byPiece := make([]int, f.np)
	for q, byP := range f.at {
		win := windowOf(covered, q)
		for piece, opts := range byP {
			if left[piece] <= 0 {
				continue
			}
			for _, o := range opts {
				if o.mask&win != 0 {
					continue
				}
				byPiece[piece]++
				for m := o.mask; m != 0; m &= m - 1 {
					byCell[q+bits.TrailingZeros64(m)]++
				}
			}
		}
	}
	best, cell, piece := byCell[first], first, -1
	for q, pc := range f.p.pieces {
		if pc.Single() && left[q] > 0 && byPiece[q] < best {
			best, piece = byPiece[q], q
		}
	}
	for q := range f.n {
		if !used[q] && byCell[q] < best {
			best, cell, piece = byCell[q], q, -1
		}
	}
	out := make([]int32, 0, best)
	last := f.n - 1 // the last position where a placement may start
	if piece < 0 {
		last = cell
	}
	for q, byP := range f.at[:last+1] {
		win := windowOf(covered, q)
		for p, opts := range byP {
			if left[p] <= 0 || piece >= 0 && p != piece {
				continue
			}
			for _, o := range opts {
				if o.mask&win == 0 && (piece >= 0 || cell-q < fillMax && o.mask>>(cell-q)&1 != 0) {
					out = append(out, o.placement)
				}
			}
		}
	}
	slices.Sort(out)
	return out
}

// setLive makes the search store its nodes in live as it goes, for
// progress reports.
func (f *fill) setLive(live *atomic.Int64) { f.live = live }

// tasks: fill's tasks cost next to nothing to start. When the split
// branches on the item with fewest placements (fewest), each of its
// levels cuts the search below, so it goes deeper.
func (f *fill) tasks() (int, int) {
	if f.fewestSplit {
		return minTasksFewest, maxSplitFewest
	}
	return minTasks, maxSplit
}

// search searches every cover that contains the placements of prefix (a
// task: see tasks), calling visit with the placements of each, prefix
// first; it stops when visit returns false or ctx is canceled. The prefix is
// a valid partial cover.
func (f *fill) search(ctx context.Context, prefix []int32, visit func(placements []int32) bool) (nodes, updates int64, err error) {
	f.load(prefix)
	f.chosen = append(f.chosen[:0], prefix...)
	f.done = ctx.Done()
	f.stop = false
	f.nodes, f.nextTick = 0, checkEvery
	if f.singles {
		// Room for every piece after the prefix.
		f.chosen = slices.Grow(f.chosen, len(f.p.pieces))[:len(f.p.pieces)+len(prefix)]
		f.visit = visit
		if f.dead.Span() > 0 {
			f.dead.Prepare(f.preEnd)
		}
		if f.gopts != nil {
			if f.fits == nil {
				f.fits = make([]int32, (len(f.p.pieces)+1)*gridMaxFits)
			}
			if f.plane > 0 {
				f.placeBox(0, f.window(0), f.avail, len(prefix))
			} else {
				f.placeGrid(0, f.window(0), f.avail, len(prefix))
			}
		} else {
			f.place1(0, f.window(0), f.avail, len(prefix))
		}
		f.visit = nil
	} else {
		f.place(0, f.window(0), visit)
	}
	if f.stop {
		err = ctx.Err()
	}
	f.dead.Spend(f.nodes)
	return f.nodes, 0, err
}

// release gives back the memory of the tables of dead states and of
// counts.
func (f *fill) release() {
	f.dead.Release()
	f.memo.Release()
}

// load puts down the placements of prefix.
func (f *fill) load(prefix []int32) {
	f.avail = 0
	for i := range f.p.pieces {
		f.left[i] = f.p.most(i)
		f.avail |= 1 << i
	}
	for i := range f.pre {
		f.pre[i] = 0
	}
	f.preEnd = 0
	for _, q := range f.holes {
		f.pre[q/64] |= 1 << (q % 64)
		f.preEnd = max(f.preEnd, q+1)
	}
	for _, k := range prefix {
		pl := &f.p.placements[k]
		for _, c := range pl.cells {
			q := f.pos[c]
			f.pre[q/64] |= 1 << (q % 64)
			f.preEnd = max(f.preEnd, q+1)
		}
		f.left[pl.piece]--
		if f.left[pl.piece] == 0 {
			f.avail &^= 1 << pl.piece
		}
	}
}

// count counts n nodes more: those below a state the search skips.
func (f *fill) count(n int64) {
	if f.nodes += n; f.nodes >= f.nextTick {
		f.tick()
	}
}

// tick is called once checkEvery nodes have passed (fill.nextTick): it
// gives the nodes to live and stops the search if its context is done.
//
//go:noinline
func (f *fill) tick() {
	f.nextTick = f.nodes + checkEvery
	if f.live != nil {
		f.live.Store(f.nodes)
	}
	if f.done != nil {
		select {
		case <-f.done:
			f.stop = true
		default:
		}
	}
}

// checkEvery is how many search nodes pass between two looks at the
// context: often enough to stop within a millisecond.
const checkEvery = 1 << 12

// probe estimates the number of search nodes below prefix by one random
// descent (Knuth's estimate of the size of a backtrack tree): at each
// level it counts the placements the search would try, and goes down
// one of them, chosen by pick(n) in [0, n); the estimate is the sum over
// the levels of the products of the counts. Its mean over many probes is
// the number of nodes the search makes.
func (f *fill) probe(prefix []int32, pick func(n int) int) float64 {
	f.load(prefix)
	base, window := 0, f.window(0)
	est, product := 0.0, 1.0
	kids := f.kids[:0]
	for {
		if base, window = f.front(base, window); base >= f.n {
			break
		}
		kids = kids[:0]
		for avail := f.avail; avail != 0; avail &= avail - 1 {
			piece := bits.TrailingZeros64(avail)
			opts := f.at[base][piece]
			for i := range opts {
				o := &opts[i]
				if o.mask&window != 0 {
					continue
				}
				if f.walledIn(base, o, window|o.mask) {
					continue
				}
				kids = append(kids, fillChild{piece, o})
			}
		}
		if len(kids) == 0 {
			break
		}
		product *= float64(len(kids))
		est += product
		c := kids[pick(len(kids))]
		window |= c.o.mask
		f.left[c.piece]--
		if f.left[c.piece] == 0 {
			f.avail &^= 1 << c.piece
		}
	}
	f.kids = kids
	return est
}
