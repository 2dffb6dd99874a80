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
	"github.com/polytile/polytile/puzzles/run"
	"github.com/polytile/polytile/solve"
)

var (
	_ puzzles.Problem = (*Puzzle)(nil)
	_ puzzles.Answer  = (*Solution)(nil)
)

// Puzzle is a puzzle of package matrix (a plain matrix, a Sudoku,
// N queens) as a puzzles.Problem: Solve searches its matrix with Dancing Links,
// keeping each class in the task that finds its canonical solution, so
// that a class is found once in the whole search, whatever its split.
type Puzzle struct {
	// Of is the puzzle.
	Of Model
}

// NewPuzzle returns p as a puzzles.Problem.
func NewPuzzle(p Model) *Puzzle { return &Puzzle{Of: p} }

// Model returns the puzzle of package matrix that m is (Of).
func (m *Puzzle) Model() Model { return m.Of }

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
	return puzzles.Class{Solution: &Solution{Of: m.Of, Options: canon}, Orbit: orbit}, nil
}

// Solve searches the puzzle's matrix with Dancing Links. Its tasks are the
// options of the item the search chooses first, in a whole search as in
// one split into shards, run on cfg.Workers goroutines (package run). A
// cover is kept when it is its class's canonical solution, so each class
// is kept by one task. The engine is Dancing Links (puzzles.EngineAuto or
// puzzles.EngineDLX); symmetry breaking does not apply.
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
	start := time.Now()
	tasks := firstTasks(pr)
	res := &puzzles.Result{Symmetries: m.Symmetries(), Restricted: -1, Engine: puzzles.EngineDLX}
	rc := &run.Config{Tasks: run.Ours(len(tasks), c.Shard, c.Shards, c.Skip), Workers: c.Workers,
		Each: c.Each, Limit: c.Limit, TaskDone: c.TaskDone, Progress: c.Progress, Start: start,
		NewSearcher: func() run.Searcher { return &searcher{m: m, pr: pr, tasks: tasks} }}
	if c.Progress != nil {
		rc.Prober = prober{pr, tasks}
	}
	err = run.Run(ctx, rc, res)
	if c.Each == nil {
		sortClasses(res.Distinct)
	}
	res.Elapsed = time.Since(start)
	return res, err
}

// firstTasks returns the prefixes of the tasks: the options of the item
// the search chooses first, whether or not the search is split into
// shards, so that a whole search counts its nodes as its shards do
// together.
func firstTasks(pr *solve.Links) [][]int {
	first, ok := solve.NewSearch(pr, nil).Branch()
	if !ok {
		return [][]int{nil} // no primary item: the root is the one solution
	}
	tasks := make([][]int, len(first))
	for i, o := range first {
		tasks[i] = []int{o}
	}
	return tasks
}

// searcher runs the tasks of a matrix puzzle (run.Searcher).
type searcher struct {
	m     *Puzzle
	pr    *solve.Links
	tasks [][]int
}

// Search runs task t, giving y the covers that are their class's
// canonical solution.
func (s *searcher) Search(ctx context.Context, t int, y *run.Yield) (run.Stats, error) {
	var st run.Stats
	search := solve.NewSearch(s.pr, &solve.Config{Prefix: s.tasks[t]})
	for sol := range search.Solutions(ctx) {
		st.Found++
		opts := slices.Sorted(slices.Values(sol))
		_, canon, orbit := s.m.Of.Canonical(opts)
		if !slices.Equal(canon, opts) {
			continue // the class's canonical solution is found elsewhere
		}
		if !y.Class(puzzles.Class{Solution: &Solution{Of: s.m.Of, Options: opts}, Orbit: orbit}) {
			break
		}
	}
	st.Nodes, st.Updates = search.Stats().Nodes, search.Stats().Updates
	err := search.Err()
	if err == nil {
		err = ctx.Err()
	}
	return st, err
}

func (s *searcher) Release() {}

// prober estimates the size of a task's search tree by one random descent
// through the branches the search chooses among (run.Prober).
type prober struct {
	pr    *solve.Links
	tasks [][]int
}

func (p prober) Probe(t int, pick func(n int) int) float64 {
	return run.Descend(p.tasks[t], func(path []int) ([]int, bool) {
		return solve.NewSearch(p.pr, &solve.Config{Prefix: path}).Branch()
	}, pick)
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
