package matrix

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/polytile/polytile/puzzles"
	"github.com/polytile/polytile/solve"
)

var (
	_ puzzles.Problem = (*Puzzle)(nil)
	_ puzzles.Answer  = (*Solution)(nil)
)

// Puzzle is a puzzle of package matrix (a plain matrix, a Sudoku,
// N queens) as a Problem: Solve searches its matrix with Dancing Links,
// keeping each class in the task that finds its canonical solution, so
// that a class is found once in the whole search, whatever its split.
type Puzzle struct {
	// Of is the puzzle.
	Of Problem
}

// NewPuzzle returns p as a Problem.
func NewPuzzle(p Problem) *Puzzle { return &Puzzle{Of: p} }

// MatrixProblem returns the puzzle of package matrix that m is (Of).
func (m *Puzzle) MatrixProblem() Problem { return m.Of }

// Kind names the puzzle's kind: "exact-cover", "sudoku" or "queens".
func (m *Puzzle) Kind() string { return m.Of.Kind() }

// About says in a line what the puzzle is.
func (m *Puzzle) About() string { return m.Of.About() }

// Symmetries returns the order of the puzzle's symmetry group.
func (m *Puzzle) Symmetries() int { return m.Of.Symmetries() }

// Matrix returns the puzzle's
func (m *Puzzle) Matrix() *puzzles.Matrix { return m.Of.Matrix() }

// Fingerprint identifies the puzzle's matrix (Fingerprint), and the
// rules by which its search is split: for a puzzle with symmetries, that
// a task keeps a class by its canonical solution (shards written by the
// rule before it, which kept a class where it was first found, do not mix
// with these); and, for a whole search (cfg's Shards at most 1), that its
// tasks are the options of the first item, as a split search's are (whole
// searches that earlier versions ran as one task are not resumed as
// these). Every search is split the same way, so a merge of shards counts
// what the whole search counts.
func (m *Puzzle) Fingerprint(cfg *puzzles.SolveConfig) string {
	fp := Fingerprint(m.Of)
	if m.Symmetries() > 1 {
		sum := sha256.Sum256([]byte(matrixSplitVersion + " " + fp))
		fp = hex.EncodeToString(sum[:8])
	}
	if cfg == nil || cfg.Shards <= 1 {
		sum := sha256.Sum256([]byte(wholeSplitVersion + " " + fp))
		fp = hex.EncodeToString(sum[:8])
	}
	return fp
}

// matrixSplitVersion names the rule by which a task of a matrix puzzle
// with symmetries keeps a class; wholeSplitVersion, the rule that a whole
// search is split into the tasks a sharded one is.
const (
	matrixSplitVersion = "canonical-task-1"
	wholeSplitVersion  = "first-item-tasks-1"
)

// String says what the puzzle is (About).
func (m *Puzzle) String() string { return m.Of.About() }

// Decode reads back a solution as Solution.AppendJSON saved it,
// checks that it is an exact cover of the matrix, and returns its class,
// in canonical form.
func (m *Puzzle) Decode(data []byte) (puzzles.Class, error) {
	sol, err := m.Of.Decode(data)
	if err == nil {
		err = m.Of.Matrix().Check(sol)
	}
	if err != nil {
		return puzzles.Class{}, fmt.Errorf("not a solution of the puzzle: %w", err)
	}
	_, canon, orbit := m.Of.Canonical(sol)
	return puzzles.Class{Solution: &Solution{Problem: m.Of, Options: canon}, Orbit: orbit}, nil
}

// Solve searches the puzzle's matrix with Dancing Links. Its tasks are the
// options of the item the search chooses first, in a whole search as in
// one split into shards. A cover is kept when it is its class's canonical
// solution, so each class is kept by one task. The search runs on one
// goroutine: Workers is at most one here; the engine is Dancing Links
// (puzzles.EngineAuto or puzzles.EngineDLX); symmetry breaking does not apply.
func (m *Puzzle) Solve(ctx context.Context, cfg *puzzles.SolveConfig) (*puzzles.Result, error) {
	c, err := puzzles.CheckConfig(cfg)
	if err != nil {
		return nil, err
	}
	if c.Engine == puzzles.EngineFill {
		return nil, fmt.Errorf("matrix: the fill engine searches tilings; a %s puzzle is searched by Dancing Links (dlx)", m.Kind())
	}
	pr, err := m.Of.Matrix().Encode()
	if err != nil {
		return nil, fmt.Errorf("matrix: %w", err)
	}
	r := &matrixRun{m: m, cfg: &c, pr: pr, start: time.Now(),
		res: &puzzles.Result{Symmetries: m.Symmetries(), Restricted: -1, Complete: true, Engine: puzzles.EngineDLX, Workers: 1}}
	err = r.run(ctx)
	if c.Each == nil {
		sortClasses(r.res.Distinct)
	}
	r.res.Elapsed = time.Since(r.start)
	r.progress()
	return r.res, err
}

// matrixRun is one run of Puzzle.Solve.
type matrixRun struct {
	m     *Puzzle
	cfg   *puzzles.SolveConfig
	pr    *solve.Problem
	res   *puzzles.Result
	start time.Time
	done  int   // tasks finished
	kept  int64 // classes kept
}

// tasks returns the prefixes of the tasks: the options of the item the
// search chooses first, whether or not the search is split into shards,
// so that a whole search counts its nodes as its shards do together.
func (r *matrixRun) tasks() [][]int {
	first, ok := solve.NewSearch(r.pr, nil).Branch()
	if !ok {
		return [][]int{nil} // no primary item: the root is the one solution
	}
	tasks := make([][]int, len(first))
	for i, o := range first {
		tasks[i] = []int{o}
	}
	return tasks
}

// run runs the tasks of the configuration's shard, those not skipped.
func (r *matrixRun) run(ctx context.Context) error {
	c := r.cfg
	var mine []int
	tasks := r.tasks()
	for t := range tasks {
		if (c.Shards <= 1 || t%c.Shards == c.Shard) && (c.Skip == nil || !c.Skip(t)) {
			mine = append(mine, t)
		}
	}
	r.res.Tasks = len(mine)
	for _, t := range mine {
		st, stop, err := r.task(ctx, t, tasks[t])
		r.res.Finished++
		if err != nil || stop {
			r.res.Complete = false
			return err
		}
		r.res.Found += st.Found
		r.res.Stats.Nodes += st.Nodes
		r.res.Stats.Updates += st.Updates
		r.done++
		if c.TaskDone != nil {
			c.TaskDone(t, st)
		}
	}
	return nil
}

// task runs task t, whose prefix is prefix: it reports the task's figures,
// and whether the limit or Each stopped the search.
func (r *matrixRun) task(ctx context.Context, t int, prefix []int) (puzzles.TaskStats, bool, error) {
	c, res := r.cfg, r.res
	var st puzzles.TaskStats
	s := solve.NewSearch(r.pr, &solve.Config{Prefix: prefix})
	stop := false
	for sol := range s.Solutions(ctx) {
		st.Found++
		opts := slices.Sorted(slices.Values(sol))
		_, canon, orbit := r.m.Of.Canonical(opts)
		if !slices.Equal(canon, opts) {
			continue // the class's canonical solution is found elsewhere
		}
		d := puzzles.Class{Solution: &Solution{Problem: r.m.Of, Options: opts}, Orbit: orbit}
		st.Distinct++
		st.Raw += int64(orbit)
		res.Raw += int64(orbit)
		r.kept++
		if c.Each != nil {
			stop = !c.Each(d, t)
		} else {
			res.Distinct = append(res.Distinct, d)
		}
		if stop || c.Limit > 0 && r.kept >= int64(c.Limit) {
			stop = true
			break
		}
	}
	st.Nodes, st.Updates = s.Stats().Nodes, s.Stats().Updates
	return st, stop, s.Err()
}

// progress tells cfg.Progress where the search is, at its end.
func (r *matrixRun) progress() {
	if r.cfg.Progress == nil {
		return
	}
	r.cfg.Progress(puzzles.Progress{Tasks: r.res.Tasks, Done: r.done, Found: r.res.Found, Distinct: r.kept,
		Nodes: r.res.Stats.Nodes, Elapsed: time.Since(r.start), Estimated: true, Fraction: 1})
}

// Remark forwards the puzzle's remark on what a search found, if its kind
// makes one (a Sudoku says whether it is proper).
func (m *Puzzle) Remark(distinct int64, complete bool) (label, text string) {
	if r, ok := m.Of.(puzzles.Remarker); ok {
		return r.Remark(distinct, complete)
	}
	return "", ""
}

// sortClasses puts classes in the order of their sort keys, making each
// key once (a matrix solution's key is its class's canonical form).
func sortClasses(cs []puzzles.Class) {
	type keyed struct {
		key string
		c   puzzles.Class
	}
	ks := make([]keyed, len(cs))
	for i, c := range cs {
		ks[i] = keyed{c.Solution.SortKey(), c}
	}
	slices.SortFunc(ks, func(a, b keyed) int { return strings.Compare(a.key, b.key) })
	for i := range ks {
		cs[i] = ks[i].c
	}
}
