package puzzles

import (
	"context"
	"fmt"
	"iter"
	"slices"
	"time"

	"github.com/polytile/polytile/solve"
)

// SolveConfig sets how Solve searches. The zero value finds every distinct
// solution, with symmetry breaking.
type SolveConfig struct {
	// NoSymmetryBreaking makes the search find every raw solution instead
	// of (mostly) one per class: slower by up to the group's order, and a
	// check on the faster way.
	NoSymmetryBreaking bool
	// Limit stops the search once it has found this many distinct
	// solutions; 0 means no limit.
	Limit int
	// Engine chooses the search engine; the zero value chooses for itself.
	Engine Engine
}

// Engine is a search engine. Both find the same covers, so the same
// results; they differ in speed.
type Engine int

const (
	// EngineAuto uses EngineFill when the puzzle fits it, else EngineDLX.
	EngineAuto Engine = iota
	// EngineDLX is Knuth's Dancing Links over the exact-cover encoding
	// (package solve): general, and the reference.
	EngineDLX
	// EngineFill fills the first empty cell, with the board and the
	// placements as 64-bit masks: for boards of at most 64 cells and at
	// most 64 pieces, and several times faster there.
	EngineFill
)

// String names the engine as the command line does.
func (e Engine) String() string {
	switch e {
	case EngineAuto:
		return "auto"
	case EngineDLX:
		return "dlx"
	case EngineFill:
		return "fill"
	}
	return fmt.Sprintf("Engine(%d)", int(e))
}

// Distinct is one class of solutions: its canonical representative and
// the number of raw solutions in it.
type Distinct struct {
	*Solution
	// Orbit is the number of raw solutions in the class: the group's order
	// divided by the number of symmetries that map the solution onto itself.
	Orbit int
}

// Result is what Solve found.
type Result struct {
	// Raw is the number of raw solutions: every cover of the fixed board,
	// the sum of the orbits of the distinct solutions found.
	Raw int64
	// Distinct holds the distinct solutions, each in canonical form, in
	// increasing order of their encodings.
	Distinct []Distinct
	// Symmetries is the order of the puzzle's symmetry group.
	Symmetries int
	// Found is the number of covers the search found: Raw without
	// symmetry breaking, about Raw / Symmetries with it.
	Found int64
	// Restricted is the piece that symmetry breaking restricted, or -1.
	Restricted int
	// Complete is false if a limit or the context stopped the search.
	Complete bool
	// Engine is the engine that searched.
	Engine Engine
	// Stats are the exact-cover search's statistics.
	Stats solve.Stats
	// Elapsed is the wall time the search took.
	Elapsed time.Duration
}

// Solve finds the distinct solutions of the puzzle. If ctx is canceled it
// returns what was found so far, marked incomplete, with ctx's error.
func (p *Puzzle) Solve(ctx context.Context, cfg *SolveConfig) (*Result, error) {
	var c SolveConfig
	if cfg != nil {
		c = *cfg
	}
	engine := c.Engine
	switch engine {
	case EngineAuto:
		engine = EngineDLX
		if fillFits(p) {
			engine = EngineFill
		}
	case EngineFill:
		if !fillFits(p) {
			return nil, fmt.Errorf("puzzles: the fill engine takes at most %d cells and %d pieces; this puzzle has %d and %d",
				fillMaxCells, fillMaxCells, p.board.Len(), len(p.pieces))
		}
	case EngineDLX:
	default:
		return nil, fmt.Errorf("puzzles: unknown engine %d", int(engine))
	}
	start := time.Now()
	e := p.Encode(!c.NoSymmetryBreaking)
	res := &Result{Symmetries: len(p.group), Restricted: e.Restricted, Complete: true, Engine: engine}
	col := newCollector(p, res, c.Limit)
	var err error
	switch engine {
	case EngineDLX:
		search := solve.NewSearch(e.Problem, nil)
		for opts := range search.Solutions(ctx) {
			if e.decode(opts, col.owner, col.kind) && !col.add() {
				break
			}
		}
		res.Stats = search.Stats()
		err = search.Err()
	case EngineFill:
		f := newFill(e)
		stopped := f.run(ctx, func(placements []int32) bool {
			for inst, k := range placements {
				pl := &p.placements[k]
				col.kind[inst] = int32(pl.piece)
				for _, cell := range pl.cells {
					col.owner[cell] = int32(inst)
				}
			}
			return col.add()
		})
		res.Stats = solve.Stats{Nodes: f.nodes, Solutions: res.Found}
		if stopped {
			err = ctx.Err()
		}
	}
	res.Elapsed = time.Since(start)
	slices.SortFunc(res.Distinct, func(a, b Distinct) int { return a.Compare(b.Solution) })
	if err != nil {
		res.Complete = false
		return res, err
	}
	return res, nil
}

// collector turns covers into distinct solutions: it canonicalizes each
// cover found and keeps the classes not seen before.
type collector struct {
	p     *Puzzle
	res   *Result
	limit int
	cz    *canonizer
	owner []int32 // the cover to add: the instance at each cell
	kind  []int32 // and the piece of each instance
	seen  map[string]bool
}

func newCollector(p *Puzzle, res *Result, limit int) *collector {
	return &collector{
		p: p, res: res, limit: limit,
		cz:    newCanonizer(p),
		owner: make([]int32, p.board.Len()),
		kind:  make([]int32, p.Instances()),
		seen:  map[string]bool{},
	}
}

// add adds the cover in owner and kind, and reports whether the search
// should go on.
func (c *collector) add() bool {
	c.res.Found++
	best, orbit := c.cz.canonical(c.owner, c.kind)
	canon := &Solution{p: c.p, code: best}
	key := canon.Key()
	if c.seen[key] {
		return true
	}
	c.seen[key] = true
	canon.code = slices.Clone(best)
	c.res.Distinct = append(c.res.Distinct, Distinct{Solution: canon, Orbit: orbit})
	c.res.Raw += int64(orbit)
	if c.limit > 0 && len(c.res.Distinct) >= c.limit {
		c.res.Complete = false
		return false
	}
	return true
}

// Solutions returns every raw solution of the puzzle, in the order the
// search finds them. Breaking the loop stops the search, as does canceling
// ctx.
func (p *Puzzle) Solutions(ctx context.Context) iter.Seq[*Solution] {
	return func(yield func(*Solution) bool) {
		e := p.Encode(false)
		for opts := range e.Problem.Solutions(ctx) {
			if sol, ok := e.Decode(opts); ok && !yield(sol) {
				return
			}
		}
	}
}
