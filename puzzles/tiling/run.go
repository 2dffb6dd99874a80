package tiling

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"strings"

	"github.com/polytile/polytile/puzzles"
	"github.com/polytile/polytile/puzzles/geom"
)

// A task is an independent part of the search: the covers that contain its
// prefix, the placements put down first. The tasks of a puzzle partition its
// covers: at the first level by the placement of the piece that symmetry
// breaking restricted, if there is one, then, where narrow splits them, by
// other pieces in fewer placements (the covers left out are images of
// covers kept, under symmetries that fix the prefix), then, level by level
// until there are at least as many as the engine aims at (or as many as
// maxTasks allows), as the engine
// itself branches (searcher.branch): Dancing Links on the item package
// solve chooses, the piece (of one copy) or the empty cell with the
// fewest placements left;
// the fill engine on the first empty cell in its order, or, where it keeps
// no table of dead states, on the item with the fewest (fill.fewest),
// which its search below the prefix then need not choose. They depend
// on the puzzle, on symmetry breaking and on the engine alone, and come in
// a fixed order, so results can be merged in the same order however many
// workers ran them, and shards of one search fit together.
type task struct {
	prefix []int32 // placements
	stab   []int   // the group elements under which found covers may repeat (worker.class)
}

// splitVersion names the format of the split: how many tasks it aims at,
// how deep it goes, how the first level is made. It is part of
// Fingerprint, so that shards of different splits are never merged. (The
// branching below the first level is the engines' own, so it cannot drift
// from the search.)
const splitVersion = "tasks-6"

// minTasks is the number of tasks the split aims at (searcher.tasks):
// enough to keep every core busy to the end and to give shards similar
// shares. Dancing Links aims lower: each of its tasks covers its prefix's
// items afresh, which costs about as much as a few search nodes do.
// maxSplit bounds the prefixes' length. The fill engine aims higher and
// goes deeper when it splits on the item with the fewest placements
// (fill.fewest, on a board where it keeps no table of dead states;
// Fingerprint tells that split apart): each
// level of that split leaves a smaller search below it (on the 3 × 4 × 5
// box of solid pentominoes, the fill engine searches 257 million nodes
// below the first piece, 203 million below four levels of the split and
// 153 million below six, the split itself taking about 0.2 s).
const (
	minTasks       = 256
	minTasksDLX    = 64
	maxSplit       = 4
	minTasksFewest = 1 << 17
	maxSplitFewest = 6
)

// maxTasks bounds the tasks of a split after its first level (a variable
// so that tests can lower it): a level that would make more splits only
// its first tasks, as many as keep the split within maxTasks, leaving the
// others whole, and goes no deeper; narrow likewise. So the split takes a
// bounded time and memory (about 300 bytes a task, with its result and
// its estimate, so some 80 MB at most), however many placements each task
// branches into: a 1 × 64 board of 64 different monominoes, split on the
// item with the fewest placements, made 7.6 million tasks before, and
// took seconds and 2 GB only to make and free them. The search below a
// task left whole does what the split would have done. The first level,
// a task for each placement that symmetry breaking keeps of its piece, is
// not bounded, but those placements are the puzzle's own. The fingerprint
// of a split that may reach the bound says so (splitMayCap).
var maxTasks = 1 << 18

// tasks lists the tasks of the encoding's search, branching level by level
// as the searcher does (searcher.branch) until there are at least as many
// as it aims at (searcher.tasks), or as many as maxTasks allows.
func (p *Puzzle) tasks(ctx context.Context, e *Encoding, s searcher) ([]task, error) {
	var frontier []task
	if e.Restricted < 0 {
		all := make([]int, len(p.group))
		for g := range all {
			all[g] = g
		}
		frontier = []task{{stab: all}}
	}
	mark := make([]bool, p.board.Len())
	for i, k := range e.options {
		if i%checkSetup == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		if pl := &p.placements[k]; pl.piece == e.Restricted {
			// With symmetry breaking, only the symmetries that fix the
			// restricted piece's placement can repeat a class.
			frontier = append(frontier, task{prefix: []int32{k}, stab: p.stabilizer(pl.cells, mark)})
		}
	}
	if e.Restricted >= 0 && fillSplitsFewest(p) {
		// (Where the fill engine keeps a table of dead states, pieces put
		// down ahead of its first empty cell would keep it out: the
		// pentominoes in a 5 × 12 rectangle took 0.50 million nodes
		// instead of 0.41, and twice the time. Both engines split alike,
		// so that they find the same covers.)
		var err error
		if frontier, err = p.narrow(ctx, e, frontier); err != nil {
			return nil, err
		}
	}
	aim, most := s.tasks()
	for depth := 1; len(frontier) < aim && depth < most; depth++ {
		next, capped, err := branchAll(ctx, s, frontier)
		if err != nil {
			return nil, err
		}
		frontier = next
		if capped {
			break // at maxTasks
		}
	}
	return frontier, nil
}

// branchAll splits every task of the frontier into its branches
// (searcher.branch), or only the first ones, if all would make more than
// maxTasks (capped is then true); a task that is a whole cover already
// stays as it is.
func branchAll(ctx context.Context, s searcher, frontier []task) (next []task, capped bool, err error) {
	// The branches of every task first, so that the next tasks and their
	// prefixes take one allocation each.
	type branched struct {
		opts []int32
		more bool // false: the task is a whole cover already
	}
	bs := make([]branched, len(frontier))
	tasks, cells, split := 0, 0, len(frontier)
	for i, t := range frontier {
		if err := ctx.Err(); err != nil {
			return nil, false, err
		}
		opts, more := s.branch(t.prefix)
		n := 1
		if more {
			n = len(opts)
		}
		if tasks+n+len(frontier)-i-1 > maxTasks {
			split = i // this task and those after it stay whole
			tasks += len(frontier) - i
			break
		}
		bs[i] = branched{opts, more}
		tasks += n
		if more {
			cells += len(opts) * (len(t.prefix) + 1)
		}
	}
	next = make([]task, 0, tasks)
	room := make([]int32, cells)
	for i, t := range frontier {
		if i >= split || !bs[i].more {
			next = append(next, t)
			continue
		}
		n := len(t.prefix) + 1
		for _, k := range bs[i].opts {
			prefix := room[:n:n]
			room = room[n:]
			copy(prefix, t.prefix)
			prefix[n-1] = k
			next = append(next, task{prefix: prefix, stab: t.stab})
		}
	}
	return next, split < len(bs), nil
}

// narrow splits each task whose covers may repeat under symmetries that
// fix its prefix (task.stab, more than the identity) on another piece of
// one copy that they map to itself, keeping of its placements that fit
// the first of each orbit under those symmetries alone; each new task's
// stab is the symmetries that fix its new placement too. Again, while a
// task's stab is more than the identity and such a piece is left. The
// classes are the same: a cover dropped is the image, under a symmetry
// that fixes the prefix, of one that is kept, and the covers kept of one
// class lie in one task, in which only its stab can repeat them. So fewer
// covers of each class are searched (on the 3 × 4 × 5 box of solid
// pentominoes, whose restricted piece, I, lies on a plane of symmetry
// wherever it is, 2.4 for each class before). The piece is the one with
// the fewest such placements. Where splitting a task would make more than
// maxTasks, that task and those after it are left as they are.
func (p *Puzzle) narrow(ctx context.Context, e *Encoding, frontier []task) ([]task, error) {
	n := newNarrower(p, e)
	for range maxNarrow {
		var next []task
		split := false
		for j, t := range frontier {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			if !slices.ContainsFunc(t.stab, p.moves) {
				next = append(next, t)
				continue
			}
			best, ok := n.choose(t)
			if !ok {
				next = append(next, t)
				continue
			}
			if len(next)+len(best)+len(frontier)-j-1 > maxTasks {
				// This task and those after it stay as they are.
				return append(next, frontier[j:]...), nil
			}
			split = true
			next = n.children(next, t, best)
		}
		frontier = next
		if !split {
			break
		}
	}
	return frontier, nil
}

// narrower is the scratch space of narrow.
type narrower struct {
	p          *Puzzle
	byPiece    [][]int32 // the options' placements, by piece
	o          *orbits
	used, mark []bool // by cell
	in         []bool // by piece
	keep, best []int32
}

func newNarrower(p *Puzzle, e *Encoding) *narrower {
	n := &narrower{p: p, byPiece: make([][]int32, len(p.pieces)), o: newOrbits(p),
		used: make([]bool, p.board.Len()), mark: make([]bool, p.board.Len()), in: make([]bool, len(p.pieces))}
	for _, k := range e.options {
		pc := p.placements[k].piece
		n.byPiece[pc] = append(n.byPiece[pc], k)
	}
	return n
}

// choose returns the placements that task t keeps of the piece it is to
// be split on (the piece of one copy, left by t's prefix and mapped to
// itself by t.stab, with the fewest placements that fit the first of
// their orbit under t.stab); false if there is no such piece.
func (n *narrower) choose(t task) ([]int32, bool) {
	p := n.p
	n.mark1(t.prefix, true)
	n.best = n.best[:0]
	chosen := -1
	for i, pc := range p.pieces {
		if n.in[i] || !pc.Single() || len(n.byPiece[i]) == 0 ||
			slices.ContainsFunc(t.stab, func(g int) bool { return p.group[g].pieces[i] != int32(i) }) {
			continue
		}
		lo, hi := p.pieceRange(i)
		n.o.index(lo, hi)
		n.keep = n.keep[:0]
		for _, k := range n.byPiece[i] {
			if slices.ContainsFunc(p.placements[k].cells, func(c int32) bool { return n.used[c] }) {
				continue
			}
			first := int(k)
			for _, g := range t.stab[1:] {
				first = min(first, n.o.image(g, int(k)))
			}
			if first == int(k) {
				n.keep = append(n.keep, k)
			}
		}
		if chosen < 0 || len(n.keep) < len(n.best) {
			chosen = i
			n.keep, n.best = n.best, n.keep
		}
	}
	n.mark1(t.prefix, false)
	return n.best, chosen >= 0
}

// mark1 marks (or unmarks) the pieces and the cells of the prefix's
// placements as used.
func (n *narrower) mark1(prefix []int32, on bool) {
	for _, k := range prefix {
		pl := &n.p.placements[k]
		n.in[pl.piece] = on
		for _, c := range pl.cells {
			n.used[c] = on
		}
	}
}

// children appends to next the tasks that split t by the placements best,
// each with the symmetries of t.stab that fix its new placement too.
func (n *narrower) children(next []task, t task, best []int32) []task {
	p := n.p
	for _, k := range best {
		cells := p.placements[k].cells
		var stab []int
		for _, c := range cells {
			n.mark[c] = true
		}
		for _, g := range t.stab {
			if !slices.ContainsFunc(cells, func(c int32) bool { return !n.mark[p.group[g].cells[c]] }) {
				stab = append(stab, g)
			}
		}
		for _, c := range cells {
			n.mark[c] = false
		}
		next = append(next, task{prefix: append(slices.Clip(t.prefix), k), stab: stab})
	}
	return next
}

// moves reports whether symmetry g moves a cell (on a board of one line,
// a reflection across it moves none, and fixes every cover).
func (p *Puzzle) moves(g int) bool {
	return slices.ContainsFunc(p.group[g].cells, func(c int32) bool { return p.group[g].cells[c] != c })
}

// narrows reports whether narrow may split the tasks of p's search with
// symmetry breaking: whether a placement that symmetry breaking keeps of
// the restricted piece is fixed by a symmetry that moves cells, and
// another piece has one copy. (For Fingerprint, which tells that split
// apart: other puzzles keep the fingerprints they had.)
func (p *Puzzle) narrows() bool {
	r, keep, err := p.breakingPiece(context.Background())
	if err != nil || r < 0 {
		return false
	}
	ones := 0
	for _, pc := range p.pieces {
		if pc.Single() {
			ones++
		}
	}
	if ones < 2 {
		return false
	}
	mark := make([]bool, p.board.Len())
	for k, ok := range keep {
		if ok && slices.ContainsFunc(p.stabilizer(p.placements[k].cells, mark), p.moves) {
			return true
		}
	}
	return false
}

// maxNarrow bounds the pieces narrow puts down in a task (a piece's
// placement may keep every symmetry that fixes the prefix); one or two
// leave none but the identity on the boxes of the library.
const maxNarrow = 4

// pieceRange returns the placements of piece i, lo to hi (placements
// lists them piece by piece).
func (p *Puzzle) pieceRange(i int) (lo, hi int) {
	lo = max(0, slices.IndexFunc(p.placements, func(pl placement) bool { return pl.piece == i }))
	hi = lo
	for hi < len(p.placements) && p.placements[hi].piece == i {
		hi++
	}
	return lo, hi
}

// stabilizer returns the group elements that map the cells onto
// themselves, using mark (all false, and left so) to mark the cells.
func (p *Puzzle) stabilizer(cells []int32, mark []bool) []int {
	for _, c := range cells {
		mark[c] = true
	}
	var out []int
	for g, sym := range p.group {
		if !slices.ContainsFunc(cells, func(c int32) bool { return !mark[sym.cells[c]] }) {
			out = append(out, g)
		}
	}
	for _, c := range cells {
		mark[c] = false
	}
	return out
}

// Fingerprint identifies the search that Solve runs for cfg: the board, the
// pieces, symmetry breaking, the engine and the way the search is split into
// tasks. Two runs with the same fingerprint have the same tasks, so their
// shards may be merged; the workers and the shard do not change it.
func (p *Puzzle) Fingerprint(cfg *puzzles.SolveConfig) string {
	engine := puzzles.EngineAuto
	if cfg != nil {
		engine = cfg.Engine
	}
	if e, err := p.engine(engine); err == nil {
		engine = e
	}
	h := sha256.New()
	fmt.Fprintf(h, "%s\n%s\n%s\n", splitVersion, engine, p.board.Lattice().Name())
	if engine == puzzles.EngineFill && fillSplitsFewest(p) {
		// A split of its own (tasks).
		fmt.Fprint(h, "split fewest\n")
	}
	for _, c := range p.board.Cells() {
		fmt.Fprintf(h, "%d,%d;", c.Row, c.Col)
		if c.Layer != 0 {
			fmt.Fprintf(h, "%d;", c.Layer)
		}
	}
	for _, pc := range p.pieces {
		fmt.Fprintf(h, "\n%q %d %v %s", pc.Name, pc.Count, pc.OneSided, cellsText(pc.Cells))
		if !pc.Fixed() {
			fmt.Fprint(h, " "+pc.CountText())
		}
	}
	breaking := cfg == nil || !cfg.NoSymmetryBreaking
	fmt.Fprintf(h, "\nbreaking %v", breaking)
	if breaking && fillSplitsFewest(p) && p.narrows() {
		// A split of its own (narrow).
		fmt.Fprint(h, "\nnarrow")
	}
	if p.symmetry != SymmetryAll {
		fmt.Fprintf(h, "\nsymmetry %v", p.symmetry)
	}
	if p.noCrossing() {
		fmt.Fprint(h, "\nno crossing")
	}
	if p.splitMayCap(engine) {
		// A split that maxTasks may cut short: made another way before
		// there was a bound.
		fmt.Fprintf(h, "\nat most %d tasks", maxTasks)
	}
	return hex.EncodeToString(h.Sum(nil)[:16])
}

// splitMayCap reports whether maxTasks may cut short the split of p's
// search by engine, by a bound on the tasks it makes that takes no
// search: the split on the item with the fewest placements aims at more
// tasks than any other and narrows them, so it may; the others branch
// fewer than their aim times the placements of one branch, which are at
// most those that start at one position of the fill engine's order, or,
// for Dancing Links, which chooses the item with the fewest left, those
// that cover one cell. (So the puzzles that the bound never reaches keep
// the fingerprints they had before it.)
func (p *Puzzle) splitMayCap(engine puzzles.Engine) bool {
	p.ready()
	fill := engine == puzzles.EngineFill
	if fill && fillSplitsFewest(p) {
		return true
	}
	per := make([]int, p.board.Len()) // placements of one branch, by cell or position
	var pos []int
	if fill {
		pos = fillLayoutOf(p.board).pos
	}
	for _, pl := range p.placements {
		if fill {
			first := pl.cells[0]
			for _, c := range pl.cells {
				if pos[c] < pos[first] {
					first = c
				}
			}
			per[first]++
			continue
		}
		for _, c := range pl.cells {
			per[c]++
		}
	}
	aim := minTasksDLX
	if fill {
		aim = minTasks
	}
	return (aim-1)*slices.Max(per) > maxTasks
}

// cellsText writes cells as fmt's %v wrote them when cells had a row and
// a column alone, "[{0 0} {0 1}]", and a cell of another layer as
// "{row col layer}": fingerprints of the plane's puzzles stay as they were.
func cellsText(cells []geom.Cell) string {
	var b strings.Builder
	b.WriteByte('[')
	for i, c := range cells {
		if i > 0 {
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "{%d %d", c.Row, c.Col)
		if c.Layer != 0 {
			fmt.Fprintf(&b, " %d", c.Layer)
		}
		b.WriteByte('}')
	}
	b.WriteByte(']')
	return b.String()
}

// engine resolves EngineAuto and checks that the engine can run p.
func (p *Puzzle) engine(e puzzles.Engine) (puzzles.Engine, error) {
	p.ready()
	switch e {
	case puzzles.EngineAuto:
		if fillFits(p) && !p.noCrossing() {
			return puzzles.EngineFill, nil
		}
		return puzzles.EngineDLX, nil
	case puzzles.EngineFill:
		if p.noCrossing() {
			return 0, fmt.Errorf("tiling: the fill engine covers cells alone and cannot keep pieces from crossing at grid points; Dancing Links can (or allow crossings)")
		}
		if !fillFits(p) {
			return 0, fmt.Errorf("tiling: the fill engine takes at most %d pieces, and placements less than %d cells long in its order (%d cells across); this puzzle has %d pieces on a %d × %d board",
				fillMax, fillMax, fillMax, len(p.pieces), p.board.Rows(), p.board.Cols())
		}
		return e, nil
	case puzzles.EngineDLX:
		return e, nil
	}
	return 0, fmt.Errorf("tiling: unknown engine %d", int(e))
}
