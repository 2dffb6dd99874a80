package tiling

import (
	"context"
	"errors"
	"slices"
	"sync/atomic"
	"time"

	"github.com/polytile/polytile/puzzles"
	"github.com/polytile/polytile/puzzles/run"
)

// bufferCap is the most classes a task holds in memory that the merge has
// not taken (run.Config.Buffer; 0: the runner's own), which tests lower.
var bufferCap = 0

// progressEvery is ProgressEvery, which tests may shorten.
var progressEvery = puzzles.ProgressEvery

// Solve finds the distinct solutions of the puzzle, splitting the search
// into tasks run by cfg.Workers goroutines (package run). If ctx is
// canceled it returns what was found so far, marked incomplete, with ctx's
// error.
func (p *Puzzle) Solve(ctx context.Context, cfg *puzzles.SolveConfig) (*puzzles.Result, error) {
	c, err := puzzles.CheckConfig(cfg)
	if err != nil {
		return nil, err
	}
	start := time.Now()
	res := &puzzles.Result{Symmetries: len(p.group), Restricted: -1, Engine: c.Engine}
	e, all, ours, err := p.split(ctx, &c, res)
	if err != nil && !errors.Is(err, ctx.Err()) {
		return nil, err // the engine cannot run the puzzle
	}
	rc := &run.Config{Tasks: ours, Workers: c.Workers, Each: c.Each, Limit: c.Limit, TaskDone: c.TaskDone,
		Progress: c.Progress, Every: progressEvery, Start: start, Codec: solutionCodec(p), Buffer: bufferCap,
		NewSearcher: func() run.Searcher { return newWorker(p, newSearcher(e, res.Engine), all) }}
	if err == nil && c.Progress != nil {
		rc.Prober = taskProber{newSearcher(e, res.Engine), all}
	}
	if err == nil {
		err = run.Run(ctx, rc, res)
	} else {
		rc.Tasks = nil
		run.Stopped(rc, res) // stopped before the search: nothing found
	}
	if c.Each == nil {
		slices.SortFunc(res.Distinct, func(a, b puzzles.Class) int { return a.Solution.(*Solution).Compare(b.Solution.(*Solution)) })
	}
	res.Elapsed = time.Since(start)
	return res, err
}

// split makes the placements, chooses the engine, encodes the puzzle and
// splits its search into tasks, noting in res what it chose; it returns
// all the tasks, and the indices of those of c's shard that c does not
// skip.
func (p *Puzzle) split(ctx context.Context, c *puzzles.SolveConfig, res *puzzles.Result) (*Encoding, []task, []int, error) {
	err := p.prepare(ctx)
	if err == nil {
		res.Engine, err = p.engine(c.Engine)
	}
	var e *Encoding
	if err == nil {
		e, err = p.encode(ctx, !c.NoSymmetryBreaking)
	}
	var all []task
	if err == nil {
		all, err = p.tasks(ctx, e, newSearcher(e, res.Engine))
	}
	if err != nil {
		return nil, nil, nil, err
	}
	ours := run.Ours(len(all), c.Shard, c.Shards, c.Skip)
	res.Restricted, res.Tasks = e.Restricted, len(ours)
	return e, all, ours, nil
}

// taskProber probes the tasks' search trees with a searcher of its own.
type taskProber struct {
	s     searcher
	tasks []task
}

func (t taskProber) Probe(i int, pick func(n int) int) float64 {
	return t.s.probe(t.tasks[i].prefix, pick)
}

// worker runs tasks with one searcher.
type worker struct {
	p     *Puzzle
	s     searcher
	tasks []task // all the tasks, by index
	cz    *canonizer
	owner []int32 // the instance covering each cell
	kind  []int32 // the piece of each instance
	code  []int32
}

func newWorker(p *Puzzle, s searcher, tasks []task) *worker {
	return &worker{p: p, s: s, tasks: tasks, cz: newCanonizer(p),
		owner: make([]int32, p.board.Len()), kind: make([]int32, p.Instances()), code: make([]int32, p.board.Len())}
}

// Search runs task i, giving y the classes it keeps; a canceled ctx stops
// it, with what it found so far.
func (w *worker) Search(ctx context.Context, i int, y *run.Yield) (run.Stats, error) {
	if l, ok := w.s.(interface{ setLive(*atomic.Int64) }); ok {
		l.setLive(y.Live())
	}
	t := &w.tasks[i]
	var found int64
	refused := false
	nodes, updates, err := w.s.search(ctx, t.prefix, func(placements []int32) bool {
		found++
		w.cover(placements)
		if d, ok := w.class(t); ok && !y.Class(d) {
			refused = true
			return false
		}
		return true
	})
	if refused && err == nil {
		err = ctx.Err()
	}
	return run.Stats{Found: found, Nodes: nodes, Updates: updates}, err
}

// cover fills in owner and kind from the placements of a cover, the
// instances numbered in their order.
func (w *worker) cover(placements []int32) {
	for inst, k := range placements {
		pl := &w.p.placements[k]
		w.kind[inst] = int32(pl.piece)
		for _, c := range pl.cells {
			w.owner[c] = int32(inst)
		}
	}
}

// Release gives back the searcher's memory.
func (w *worker) Release() { w.s.release() }

// class returns the class of the cover whose owner and kind are filled in,
// if the cover is its representative among the covers the search finds:
// the smallest of its images under t.stab, which are the only covers of its
// class the search finds. So each class is kept by exactly one task,
// without a shared set of the classes seen.
func (w *worker) class(t *task) (puzzles.Class, bool) {
	group := w.p.group
	own := w.cz.best
	w.cz.encode(&group[0], w.owner, w.kind, own)
	for _, g := range t.stab[1:] {
		if w.cz.compare(&group[g], w.owner, w.kind, own, w.code) < 0 {
			return puzzles.Class{}, false
		}
	}
	best, orbit := w.cz.canonicalRest(w.owner, w.kind)
	return puzzles.Class{Solution: &Solution{p: w.p, code: slices.Clone(best)}, Orbit: orbit}, true
}

// solutionCodec writes a class of the puzzle's as its orbit and the code
// of its solution (run.Numbers), for the classes a task puts aside on
// disk.
func solutionCodec(p *Puzzle) run.Codec {
	return run.Numbers{Count: p.board.Len(), Wide: p.Instances()*len(p.pieces) >= 1<<16,
		Of: func(c puzzles.Class) []int32 { return c.Solution.(*Solution).code },
		Back: func(orbit int, code []int32) puzzles.Class {
			return puzzles.Class{Solution: &Solution{p: p, code: code}, Orbit: orbit}
		}}
}
