package puzzles

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/polytile/polytile/solve"
)

// A task is an independent part of the search: the covers that contain its
// prefix, the placements put down first. The tasks of a puzzle partition its
// covers: at the first level by the placement of the piece that symmetry
// breaking restricted, if there is one, then, level by level until there
// are at least minTasks of them, as the engine would branch: Dancing Links
// on the piece (of one copy) or the empty cell with the fewest placements
// left, the fill engine on the first empty cell in its order. They depend
// on the puzzle, on symmetry breaking and on the engine alone, and come in
// a fixed order, so results can be merged in the same order however many
// workers ran them, and shards of one search fit together.
type task struct {
	prefix []int32 // placements
	stab   []int   // the group elements under which found covers may repeat (worker.cover)
}

// splitVersion names the way tasks are made; it is part of Fingerprint, so
// that shards of different splits are never merged.
const splitVersion = "tasks-6"

// minTasks is the number of tasks the split aims at: enough to keep every
// core busy to the end and to give shards similar shares. Dancing Links
// aims lower: each of its tasks covers its prefix's items afresh, which
// costs about as much as a few search nodes do. maxSplit bounds the
// prefixes' length.
const (
	minTasks    = 256
	minTasksDLX = 64
	maxSplit    = 4
)

// tasks lists the tasks of the encoding's search with the engine.
func (p *Puzzle) tasks(e *Encoding, engine Engine) []task {
	var order []int // the fill engine's order of the cells
	if engine == EngineFill {
		order = fillOrder(p.board)
	}
	all := make([]int, len(p.group))
	for g := range all {
		all[g] = g
	}
	var frontier []task
	if e.Restricted < 0 {
		frontier = []task{{stab: all}}
	}
	byCell := make([][]int32, p.board.Len()) // the options covering each cell
	byPiece := make([][]int32, len(p.pieces))
	for _, k := range e.options {
		pl := &p.placements[k]
		byPiece[pl.piece] = append(byPiece[pl.piece], k)
		for _, c := range pl.cells {
			byCell[c] = append(byCell[c], k)
		}
		if pl.piece == e.Restricted {
			// With symmetry breaking, only the symmetries that fix the
			// restricted piece's placement can repeat a class.
			frontier = append(frontier, task{prefix: []int32{k}, stab: p.stabilizer(pl.cells)})
		}
	}
	used := make([]bool, p.board.Len())
	left := make([]int, len(p.pieces))
	want := minTasks
	if engine == EngineDLX {
		want = minTasksDLX
	}
	for depth := 1; len(frontier) < want && depth < maxSplit; depth++ {
		var next []task
		for _, t := range frontier {
			for i := range used {
				used[i] = false
			}
			for i, pc := range p.pieces {
				left[i] = pc.Count
			}
			for _, k := range t.prefix {
				pl := &p.placements[k]
				left[pl.piece]--
				for _, c := range pl.cells {
					used[c] = true
				}
			}
			fits := func(k int32) bool {
				pl := &p.placements[k]
				return left[pl.piece] > 0 && !slices.ContainsFunc(pl.cells, func(c int32) bool { return used[c] })
			}
			// The item with the fewest placements left, in the order of
			// the encoding's items: pieces of one copy, then cells; or, for
			// the fill engine, the first empty cell.
			var branch []int32
			fewest := -1
			if order != nil {
				for _, c := range order {
					if !used[c] {
						branch, fewest = byCell[c], 0
						break
					}
				}
			} else {
				consider := func(opts []int32) {
					n := 0
					for _, k := range opts {
						if fits(k) {
							n++
						}
					}
					if fewest < 0 || n < fewest {
						branch, fewest = opts, n
					}
				}
				for i, pc := range p.pieces {
					if pc.Count == 1 && left[i] > 0 {
						consider(byPiece[i])
					}
				}
				for c := range used {
					if !used[c] {
						consider(byCell[c])
					}
				}
			}
			if fewest < 0 {
				next = append(next, t) // a whole cover already
				continue
			}
			for _, k := range branch {
				if fits(k) {
					next = append(next, task{prefix: append(slices.Clone(t.prefix), k), stab: t.stab})
				}
			}
		}
		frontier = next
	}
	return frontier
}

// stabilizer returns the group elements that map the cells onto
// themselves.
func (p *Puzzle) stabilizer(cells []int32) []int {
	var out []int
	img := make([]int32, len(cells))
	for g, sym := range p.group {
		for i, c := range cells {
			img[i] = sym.cells[c]
		}
		slices.Sort(img)
		if slices.Equal(img, cells) {
			out = append(out, g)
		}
	}
	return out
}

// Fingerprint identifies the search that Solve runs for cfg: the board, the
// pieces, symmetry breaking, the engine and the way the search is split into
// tasks. Two runs with the same fingerprint have the same tasks, so their
// shards may be merged; the workers and the shard do not change it.
func (p *Puzzle) Fingerprint(cfg *SolveConfig) string {
	engine := EngineAuto
	if cfg != nil {
		engine = cfg.Engine
	}
	if e, err := p.engine(engine); err == nil {
		engine = e
	}
	h := sha256.New()
	fmt.Fprintf(h, "%s\n%s\n%s\n", splitVersion, engine, p.board.lat.Name())
	for _, c := range p.board.cells {
		fmt.Fprintf(h, "%d,%d;", c.Row, c.Col)
	}
	for _, pc := range p.pieces {
		fmt.Fprintf(h, "\n%q %d %v %v", pc.Name, pc.Count, pc.OneSided, pc.Cells)
	}
	fmt.Fprintf(h, "\nbreaking %v", cfg == nil || !cfg.NoSymmetryBreaking)
	return hex.EncodeToString(h.Sum(nil)[:16])
}

// taskResult is what one task found.
// The worker running the task appends to distinct as it finds them; the
// merger takes them from the front task as they come, so that a long task
// neither holds its solutions until it ends nor delays a stop.
type taskResult struct {
	mu       sync.Mutex
	distinct []Class // found and not yet taken by the merger
	finished bool    // the task has ended; the fields below are set

	found, nodes, updates int64
	err                   error
}

// worker runs tasks with one engine's state.
type worker struct {
	p     *Puzzle
	e     *Encoding
	fill  *fill // nil for Dancing Links
	optOf map[int32]int
	cz    *canonizer
	owner []int32
	kind  []int32
	code  []int32
}

func newWorker(p *Puzzle, e *Encoding, engine Engine) *worker {
	w := &worker{p: p, e: e, cz: newCanonizer(p),
		owner: make([]int32, p.board.Len()), kind: make([]int32, p.Instances()), code: make([]int32, p.board.Len())}
	if engine == EngineFill {
		w.fill = newFill(e)
	} else {
		w.optOf = make(map[int32]int, len(e.options))
		for o, k := range e.options {
			w.optOf[k] = o
		}
	}
	return w
}

// cover handles one cover, whose owner and kind are filled in: it counts
// it, and keeps it if it is the representative of its class among the covers
// the search finds: the smallest of its images under t.stab, which are the
// only covers of its class the search finds. So each class is kept by
// exactly one task, without a shared set of the classes seen.
func (w *worker) cover(t *task, r *taskResult, found *int64) {
	*found++
	group := w.p.group
	own := w.cz.best
	w.cz.encode(&group[0], w.owner, w.kind, own)
	for _, g := range t.stab[1:] {
		w.cz.encode(&group[g], w.owner, w.kind, w.code)
		if slices.Compare(w.code, own) < 0 {
			return
		}
	}
	best, orbit := w.cz.canonical(w.owner, w.kind)
	d := Class{Solution: &Solution{p: w.p, code: slices.Clone(best)}, Orbit: orbit}
	r.mu.Lock()
	r.distinct = append(r.distinct, d)
	r.mu.Unlock()
}

// run runs one task; a canceled ctx stops it, with what it found so far.
func (w *worker) run(ctx context.Context, t *task, r *taskResult) {
	var found, nodes, updates int64
	var err error
	if w.fill != nil {
		start := w.fill.nodes
		w.fill.run(ctx, t.prefix, func(placements []int32) bool {
			for inst, k := range placements {
				pl := &w.p.placements[k]
				w.kind[inst] = int32(pl.piece)
				for _, c := range pl.cells {
					w.owner[c] = int32(inst)
				}
			}
			w.cover(t, r, &found)
			return true
		})
		nodes, err = w.fill.nodes-start, ctx.Err()
	} else {
		prefix := make([]int, len(t.prefix))
		for i, k := range t.prefix {
			prefix[i] = w.optOf[k]
		}
		s := solve.NewSearch(w.e.Problem, &solve.Config{Prefix: prefix})
		for opts := range s.Solutions(ctx) {
			if w.e.decode(opts, w.owner, w.kind) {
				w.cover(t, r, &found)
			}
		}
		st := s.Stats()
		nodes, updates, err = st.Nodes, st.Updates, s.Err()
	}
	r.mu.Lock()
	r.found, r.nodes, r.updates, r.err, r.finished = found, nodes, updates, err, true
	r.mu.Unlock()
}

// Solve finds the distinct solutions of the puzzle, splitting the search
// into tasks run by cfg.Workers goroutines. If ctx is canceled it returns
// what was found so far, marked incomplete, with ctx's error.
func (p *Puzzle) Solve(ctx context.Context, cfg *SolveConfig) (*Result, error) {
	var c SolveConfig
	if cfg != nil {
		c = *cfg
	}
	engine, err := p.engine(c.Engine)
	if err != nil {
		return nil, err
	}
	if c.Shards < 0 || c.Shard < 0 || (c.Shards > 1 && c.Shard >= c.Shards) || (c.Shards <= 1 && c.Shard > 0) {
		return nil, fmt.Errorf("puzzles: shard %d of %d: want 0 ≤ shard < shards", c.Shard, c.Shards)
	}
	if c.Workers < 0 || c.Limit < 0 {
		return nil, fmt.Errorf("puzzles: workers %d, limit %d: want 0 (the default) or more", c.Workers, c.Limit)
	}
	start := time.Now()
	e := p.Encode(!c.NoSymmetryBreaking)
	var tasks []task
	var index []int // each task's index among all the tasks
	for i, t := range p.tasks(e, engine) {
		if c.Shards <= 1 || i%c.Shards == c.Shard {
			tasks = append(tasks, t)
			index = append(index, i)
		}
	}
	workers := c.Workers
	if workers == 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = max(1, min(workers, len(tasks)))
	res := &Result{Symmetries: len(p.group), Restricted: e.Restricted, Complete: true,
		Engine: engine, Tasks: len(tasks), Workers: workers}

	parent := ctx
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	results := make([]taskResult, len(tasks))
	finished := make(chan int, len(tasks))
	var next atomic.Int64
	var front int64 // the first task not merged yet, guarded by gate.L
	gate := sync.NewCond(new(sync.Mutex))
	ahead := int64(64 + 8*workers)
	context.AfterFunc(ctx, func() { gate.L.Lock(); gate.Broadcast(); gate.L.Unlock() })
	var nodes atomic.Int64 // of finished tasks, for progress
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			w := newWorker(p, e, engine)
			for {
				i := int(next.Add(1) - 1)
				if i >= len(tasks) {
					return
				}
				// Run ahead of the merger by at most ahead tasks, so that
				// the solutions waiting for earlier tasks stay few.
				gate.L.Lock()
				for int64(i) >= front+ahead && ctx.Err() == nil {
					gate.Wait()
				}
				gate.L.Unlock()
				if ctx.Err() != nil {
					return
				}
				w.run(ctx, &tasks[i], &results[i])
				nodes.Add(results[i].nodes)
				finished <- i
			}
		})
	}
	go func() { wg.Wait(); close(finished) }()

	// Merge the results in task order: the front task's as they come,
	// the others' once they are at the front.
	var distinct int64
	stopped := false // by the limit or by Each
	take := func(d Class, i int) {
		distinct++
		res.Raw += int64(d.Orbit)
		if c.Each != nil {
			if !c.Each(d, index[i]) {
				stopped = true
			}
		} else {
			res.Distinct = append(res.Distinct, d)
		}
		if c.Limit > 0 && distinct >= int64(c.Limit) {
			stopped = true
		}
	}
	// drain takes what task i has found so far, and reports whether it has
	// ended and given all it found.
	drain := func(i int) bool {
		r := &results[i]
		r.mu.Lock()
		ds, done := r.distinct, r.finished
		r.distinct = nil
		r.mu.Unlock()
		for _, d := range ds {
			if stopped {
				break
			}
			take(d, i)
		}
		if done {
			res.Found += r.found
			res.Stats.Nodes += r.nodes
			res.Stats.Updates += r.updates
			if r.err != nil {
				res.Complete = false
			}
		}
		return done
	}
	merged := 0
	mergeFront := func() {
		for merged < len(tasks) && !stopped && drain(merged) {
			merged++
			gate.L.Lock()
			front = int64(merged)
			gate.Broadcast()
			gate.L.Unlock()
		}
		if stopped {
			cancel()
		}
	}
	// The front task is looked at often; progress is reported less often.
	const look = ProgressEvery / 4
	ticker := time.NewTicker(look)
	defer ticker.Stop()
	done, ticks := 0, 0
	progress := func() {
		if c.Progress != nil {
			c.Progress(Progress{Tasks: len(tasks), Done: done, Found: res.Found, Distinct: distinct,
				Nodes: nodes.Load(), Elapsed: time.Since(start)})
		}
	}
	for open := true; open; {
		select {
		case _, ok := <-finished:
			if !ok {
				open = false
				break
			}
			done++
			mergeFront()
		case <-ticker.C:
			mergeFront()
			if ticks++; ticks%4 == 0 {
				progress()
			}
		}
	}
	mergeFront()
	if parent.Err() != nil && !stopped {
		// Interrupted: keep whatever the other tasks found, in task order.
		for i := merged; i < len(tasks); i++ {
			if !drain(i) {
				res.Complete = false
			}
		}
	}
	if stopped || merged < len(tasks) {
		res.Complete = false
	}
	progress()
	res.Elapsed = time.Since(start)
	res.Stats.Solutions = res.Found
	if c.Each == nil {
		slices.SortFunc(res.Distinct, func(a, b Class) int { return a.Compare(b.Solution) })
	}
	if err := parent.Err(); err != nil {
		res.Complete = false
		return res, err
	}
	return res, nil
}

// engine resolves EngineAuto and checks that the engine can run p.
func (p *Puzzle) engine(e Engine) (Engine, error) {
	switch e {
	case EngineAuto:
		if fillFits(p) {
			return EngineFill, nil
		}
		return EngineDLX, nil
	case EngineFill:
		if !fillFits(p) {
			return 0, fmt.Errorf("puzzles: the fill engine takes at most %d pieces, and placements less than %d cells long in its order (%d cells across); this puzzle has %d pieces on a %d × %d board",
				fillMax, fillMax, fillMax, len(p.pieces), p.board.Rows(), p.board.Cols())
		}
		return e, nil
	case EngineDLX:
		return e, nil
	}
	return 0, fmt.Errorf("puzzles: unknown engine %d", int(e))
}
