package tiling

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"slices"
	"time"

	"github.com/polytile/polytile/puzzles"
	"github.com/polytile/polytile/puzzles/frontier"
	"github.com/polytile/polytile/puzzles/geom"
	"github.com/polytile/polytile/puzzles/run"
	"github.com/polytile/polytile/puzzles/tiling/vacant"
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
	return p.countCovers(ctx, p.placementOrbits(0), 0, 1, nil) // the identity's
}

// Count counts the raw and the distinct solutions, exactly, without
// listing them, whole or the part that cfg (nil: the defaults) says. The
// distinct ones are counted by Burnside's lemma: the number of classes is
// the mean, over the symmetries of the puzzle, of the raw solutions each
// one maps onto itself. A solution that symmetry g fixes is a union of
// whole orbits of placements under g (g maps each of its placements to
// one of its placements), each orbit's placements disjoint; so those
// solutions are the covers of the board by such orbits, counted as
// CountRaw counts covers by placements (the identity's orbits are the
// placements, and its count is the raw one). Pieces all of any count: by a frontier.
//
// A puzzle whose pieces have one copy each, which the fill engine takes,
// has its raw solutions counted by that engine's search instead
// (puzzles.CountSearch): with symmetry breaking, its piece restricted to
// one placement k of each orbit of placements under the group, the
// solutions with that piece at any placement of k's orbit are as many as
// those with it at k, so each cover found counts |G| / |stabilizer of k|
// times. The counts of the covers below the states of the search are
// remembered, as CountRaw remembers them.
//
// Part i of n counts, for each symmetry, the covers that begin with
// every n-th way to cover the first position (from the i-th on), or the
// raw covers of every n-th task of the search (with empty cells, of every
// n-th class of them: puzzles.CountEmptyFirst); the parts' fixed counts add
// up to the whole's (puzzles.MergeCounts), and a part's Distinct is nil
// unless it is the whole. It stops when ctx ends, with ctx's cause.
func (p *Puzzle) Count(ctx context.Context, cfg *puzzles.CountConfig) (*puzzles.Counts, error) {
	c, err := puzzles.CheckCountConfig(cfg)
	if err != nil {
		return nil, fmt.Errorf("tiling: %w", err)
	}
	if err := p.prepare(ctx); err != nil {
		return nil, countStopped(ctx, err)
	}
	if p.noCrossing() {
		return p.countListed(ctx, c.Workers, c.Shard, c.Shards)
	}
	// The frontier keeps no books of copies: pieces of any count, none at least.
	if !slices.ContainsFunc(p.pieces, func(pc geom.Piece) bool { return !pc.Any || pc.Least() > 0 }) {
		if counts, err := frontier.Count(ctx, p.frontier(), &c); !errors.Is(err, frontier.ErrWide) {
			return counts, err
		}
	}
	counts, err := p.count(ctx, &c, p.countMethod())
	if errors.Is(err, errCountOverflow) {
		counts, err = p.count(ctx, &c, puzzles.CountMemo)
	}
	return counts, err
}

// frontier is the puzzle for a count by a frontier (package frontier).
func (p *Puzzle) frontier() *frontier.Problem {
	fp := &frontier.Problem{Cells: p.board.Cells(), Fingerprint: countVersion + "frontier " + p.Fingerprint(nil), Every: progressEvery}
	for _, c := range fp.Cells {
		if x, y, ok := p.board.Lattice().PlaneCentre(c); ok {
			fp.Centres = append(fp.Centres, [2]float64{x, y})
		}
	}
	if len(fp.Centres) < len(fp.Cells) {
		fp.Centres = nil // cells with no centre in the plane: no Pfaffian
	}
	fp.Neighbors = make([][]int32, len(fp.Cells))
	for i, c := range fp.Cells {
		for _, n := range p.board.Lattice().Neighbors(c) {
			if j := p.board.Index(n); j >= 0 {
				fp.Neighbors[i] = append(fp.Neighbors[i], int32(j))
			}
		}
	}
	for _, pl := range p.placements {
		fp.Placements = append(fp.Placements, frontier.Placement{Piece: int32(pl.piece), Cells: pl.cells})
	}
	sym := func(s symmetry) frontier.Symmetry {
		return frontier.Symmetry{Name: p.board.Lattice().TransformName(s.t), Cells: s.cells, Pieces: s.pieces}
	}
	for _, s := range p.group {
		fp.Symmetries = append(fp.Symmetries, sym(s))
	}
	if p.symmetry != SymmetryAll { // the raw count still maps states by every symmetry
		for _, s := range puzzleGroup(p.board, p.pieces, SymmetryAll) {
			fp.Folds = append(fp.Folds, sym(s))
		}
	}
	return fp
}

// countMethod chooses how to count the puzzle: by the fill engine's
// search when its pieces have one copy each and the engine takes it, the
// empty cells chosen first if it leaves a fixed number that pays
// (vacant.Pays), by the memo otherwise.
func (p *Puzzle) countMethod() puzzles.CountMethod {
	if slices.ContainsFunc(p.Pieces(), func(pc geom.Piece) bool { return !pc.Single() }) || !fillFits(p) {
		return puzzles.CountMemo
	}
	if p.hole < 0 {
		return puzzles.CountSearch
	} else if e := p.pieces[p.hole]; e.Fixed() && vacant.Pays(p.board.Len(), e.Count, p.shown) {
		return puzzles.CountEmptyFirst
	}
	return puzzles.CountMemo
}

// count is Count by the given method, c checked: its jobs (countRun) run
// on workers (package run), which add up the fixed counts.
func (p *Puzzle) count(ctx context.Context, c *puzzles.CountConfig, method puzzles.CountMethod) (*puzzles.Counts, error) {
	r := &countRun{p: p, cfg: c}
	fixed := make([]*big.Int, len(p.group))
	for g := range fixed {
		fixed[g] = new(big.Int)
	}
	first := 0 // the first symmetry counted by the memo
	if method == puzzles.CountSearch {
		e, err := p.encode(ctx, true)
		if err == nil {
			r.e = e
			r.tasks, err = p.tasks(ctx, e, newFill(e))
		}
		if err != nil {
			return nil, countStopped(ctx, err)
		}
	} else if method == puzzles.CountEmptyFirst {
		group := make([][]int32, len(p.group))
		for g := range p.group {
			group[g] = p.group[g].cells
		}
		classes, err := vacant.Classes(p.board, group, p.pieces[p.hole].Count, p.Pieces())
		if err != nil {
			return nil, err
		}
		for _, cl := range classes {
			r.tasks = append(r.tasks, task{prefix: cl.Cells, stab: cl.Stab})
		}
	}
	if method != puzzles.CountMemo {
		r.jobs = run.Ours(len(r.tasks), c.Shard, c.Shards, nil)
		first = 1
	}
	for g := first; g < len(p.group); g++ {
		if !p.fixesNone(g) { // (it fixes no solution: nothing to count)
			r.jobs = append(r.jobs, len(r.tasks)+g)
		}
	}
	rc := &run.Config{Tasks: r.jobs, Workers: c.Workers, Sums: fixed, Every: progressEvery, Sampled: countSampled,
		NewSearcher: func() run.Searcher { return &countWorker{r: r} }}
	if c.Progress != nil {
		rc.Progress = func(pr puzzles.Progress) {
			c.Progress(puzzles.CountProgress{Tasks: pr.Tasks, Done: pr.Done, Elapsed: pr.Elapsed,
				Estimated: pr.Estimated, Fraction: pr.Fraction, Left: pr.Left})
		}
		rc.Weights = r.weigh()
	}
	var res puzzles.Result
	if err := run.Run(ctx, rc, &res); err != nil {
		if ctx.Err() != nil {
			return nil, countStopped(ctx, nil)
		}
		return nil, err
	}
	names := make([]string, len(p.group))
	for g, sym := range p.group {
		names[g] = p.board.Lattice().TransformName(sym.t)
	}
	counts := &puzzles.Counts{Fixed: fixed, FixedBy: names, Raw: fixed[0], Symmetries: len(p.group), Method: method,
		Shard: c.Shard, Shards: c.Shards, Fingerprint: countVersion + countMethodNames[method] + " " + p.Fingerprint(nil)}
	if c.Shards > 1 {
		return counts, nil
	}
	return counts, counts.Burnside()
}

// countVersion names the way a count is split into parts, in its
// fingerprint, so that parts of different splits are never merged; the
// method's name follows it there.
const countVersion = "count-2 "

var countMethodNames = map[puzzles.CountMethod]string{puzzles.CountMemo: "memo", puzzles.CountSearch: "search", puzzles.CountEmptyFirst: "empty-first"}

// errCountOverflow stops a count by the fill engine's search whose covers
// below a state pass 2^64: Count then counts again by the memo, in
// integers of any size.
var errCountOverflow = errors.New("tiling: more covers than 64 bits hold")

// searchCount counts a task of the fill engine's search: fill.countTask,
// which a test replaces to see Count fall back on the memo.
var searchCount = (*fill).countTask

// countRun is one count: its jobs are tasks of the fill engine's search
// (by their index, below len(tasks)), and the fixed covers of symmetry g
// by the memo (len(tasks) + g).
type countRun struct {
	p     *Puzzle
	cfg   *puzzles.CountConfig
	e     *Encoding // with symmetry breaking, and the tasks of its search, for CountSearch
	tasks []task
	jobs  []int
}

// weigh gives each task of the search its estimated share of the work
// (the search nodes below it, by Knuth's estimate, as Solve's progress
// weighs its tasks), and each memo count the share of the smallest task
// (run.Weigh).
func (r *countRun) weigh() []float64 {
	var pr run.Prober
	if r.e != nil {
		pr = taskProber{newFill(r.e), r.tasks}
	}
	return run.Weigh(pr, r.jobs, func(j int) bool { return j < len(r.tasks) })
}

// countWorker runs the jobs of a count; its fill engine is made at its
// first task of the search.
type countWorker struct {
	r *countRun
	f *fill
}

// Search runs job j, adding what it counts to the fixed count of its
// symmetry.
func (w *countWorker) Search(ctx context.Context, j int, y *run.Yield) (run.Stats, error) {
	r := w.r
	if j >= len(r.tasks) {
		g := j - len(r.tasks)
		v, err := r.p.countCovers(ctx, r.p.placementOrbits(g), r.cfg.Shard, r.cfg.Shards, y.Gauge())
		if err == nil {
			y.Add(g, v)
		}
		return run.Stats{}, err
	}
	if t := &r.tasks[j]; r.e == nil { // puzzles.CountEmptyFirst: t.prefix are the empty cells
		v, err := r.p.countWithout(ctx, t.prefix)
		if err == nil {
			y.Add(0, v.Mul(v, big.NewInt(int64(len(r.p.group)/len(t.stab)))))
		}
		return run.Stats{}, err
	}
	if w.f == nil {
		w.f = newFill(r.e)
		w.f.memo.Init(&w.f.dead)
	}
	t := &r.tasks[j]
	covers, err := searchCount(w.f, ctx, t.prefix, y.Gauge())
	if err != nil {
		return run.Stats{}, err
	}
	// Each cover stands for the orbit of its restricted placement,
	// |G| / |stabilizer| of them (t.stab is the whole group when no piece
	// is restricted).
	v := new(big.Int).SetUint64(covers)
	y.Add(0, v.Mul(v, big.NewInt(int64(len(r.p.group)/len(t.stab)))))
	return run.Stats{}, nil
}

// countWithout counts the covers of the board without the cells holes
// by the pieces but the hole's, whole, on one goroutine.
func (p *Puzzle) countWithout(ctx context.Context, holes []int32) (*big.Int, error) {
	b, _ := vacant.Without(p.board, holes) // (it keeps some cells: the pieces cover them)
	q, err := NewWith(p.title, b, p.Pieces(), Options{Symmetry: SymmetryNone, Crossing: p.crossing})
	if err != nil {
		return nil, err
	}
	c, err := q.Count(ctx, &puzzles.CountConfig{Workers: 1})
	if err != nil {
		return nil, err
	}
	return c.Raw, nil
}

// Release gives back the fill engine's memory.
func (w *countWorker) Release() {
	if w.f != nil {
		w.f.release()
	}
}

// countSampled, if not nil, is given the states of a count's jobs each
// time it reports progress: for tests, which record them.
var countSampled func(elapsed time.Duration, jobs []run.TaskState)

// fixesNone reports whether symmetry g fixes no solution because some
// piece of one copy that g maps to itself has no placement that g maps
// onto itself (as the L pentomino under a quarter turn or a mirror): in a
// solution that g fixes, that piece's one placement would be one.
func (p *Puzzle) fixesNone(g int) bool {
	sym := &p.group[g]
	var img []int32
	for i, pc := range p.pieces {
		if !pc.Single() || sym.pieces[i] != int32(i) {
			continue
		}
		fixed := false
		for k := range p.placements {
			pl := &p.placements[k]
			if pl.piece != i {
				continue
			}
			img = img[:0]
			for _, c := range pl.cells {
				img = append(img, sym.cells[c])
			}
			slices.Sort(img)
			if slices.Equal(img, pl.cells) {
				fixed = true
				break
			}
		}
		if !fixed {
			return true
		}
	}
	return false
}

// countStopped words err, the error of a count's set-up, as a stop if
// ctx ended; it returns err otherwise.
func countStopped(ctx context.Context, err error) error {
	if ctx.Err() != nil {
		return fmt.Errorf("tiling: count stopped: %w", context.Cause(ctx))
	}
	return err
}
