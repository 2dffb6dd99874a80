// Package cover holds the puzzles that are exact-cover problems but not
// tilings: a plain matrix of items and options (Matrix, also read from
// the text format of Knuth's DLX programs), Sudoku (Sudoku) and N queens
// (Queens). Each encodes itself as a Matrix, turns a solution (the options
// chosen) back into its own terms, and knows the symmetries under which
// two solutions are the same. Solve searches any of them with package
// solve, keeping one solution of each class. The package knows nothing of
// tilings and imports only solve and the standard library.
package cover

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"strings"

	"github.com/polytile/polytile/solve"
)

// Matrix is an exact-cover problem: named items, the first Primary of
// them primary (covered exactly once by a solution) and the rest secondary
// (at most once), and options, each a set of items.
type Matrix struct {
	Items   []string
	Primary int
	Options [][]int
	// Names names each option for people ("r1c2 5" for a digit written in
	// a Sudoku's cell); nil when options are known by their items.
	Names []string
}

// NewMatrix makes the matrix of the named primary and secondary items and
// of options given as lists of item names, checking that names are
// unique, that options name known items, each once, and that no option
// is empty.
func NewMatrix(primary, secondary []string, options [][]string) (*Matrix, error) {
	m := &Matrix{Items: append(slices.Clone(primary), secondary...), Primary: len(primary)}
	index := map[string]int{}
	for i, it := range m.Items {
		if it == "" {
			return nil, fmt.Errorf("item %d has no name", i+1)
		}
		if j, ok := index[it]; ok {
			return nil, fmt.Errorf("item %q is named twice (items %d and %d)", it, j+1, i+1)
		}
		index[it] = i
	}
	if len(primary) == 0 {
		return nil, fmt.Errorf("no primary items: a solution would be empty")
	}
	for k, o := range options {
		if len(o) == 0 {
			return nil, fmt.Errorf("option %d is empty", k+1)
		}
		var items []int
		for _, name := range o {
			i, ok := index[name]
			if !ok {
				return nil, fmt.Errorf("option %d (%s) names %q, which is not an item", k+1, strings.Join(o, " "), name)
			}
			if slices.Contains(items, i) {
				return nil, fmt.Errorf("option %d (%s) names %q twice", k+1, strings.Join(o, " "), name)
			}
			items = append(items, i)
		}
		m.Options = append(m.Options, items)
	}
	return m, nil
}

// problem returns the matrix for package solve.
func (m *Matrix) problem() (*solve.Problem, error) {
	p := solve.NewProblem(m.Primary, len(m.Items)-m.Primary)
	for _, o := range m.Options {
		if _, err := p.AddOption(o...); err != nil {
			return nil, err
		}
	}
	return p, nil
}

// OptionText writes option k as Knuth writes options: its items' names,
// separated by spaces.
func (m *Matrix) OptionText(k int) string {
	names := make([]string, len(m.Options[k]))
	for i, it := range m.Options[k] {
		names[i] = m.Items[it]
	}
	return strings.Join(names, " ")
}

// Problem is an exact-cover puzzle of one of this package's kinds.
type Problem interface {
	// Kind names the kind: "exact-cover", "sudoku" or "queens".
	Kind() string
	// Matrix returns the problem as an exact-cover matrix.
	Matrix() *Matrix
	// Symmetries returns the number of symmetries under which two
	// solutions are the same: 1 when every solution is its own class.
	Symmetries() int
	// Canonical returns a key equal for two solutions (sorted option
	// indices) of one class, and only for them; the class's canonical
	// solution, the one a search keeps of it whichever it finds; and the
	// size of the class.
	Canonical(sol []int) (key string, canon []int, orbit int)
	// Text writes a solution as text, as polytile solve prints it.
	Text(sol []int) string
	// Saved returns a solution as the JSON value it is saved as: an
	// object.
	Saved(sol []int) any
	// Decode reads back a solution that Saved saved (a JSON object, which
	// may have other fields) as the options it chooses, sorted, checking
	// that they are options of the problem.
	Decode(data []byte) ([]int, error)
	// About says in a line what the problem is.
	About() string
}

// Class is one class of solutions: a solution of it (the options chosen,
// sorted) and the number of solutions in it.
type Class struct {
	Options []int
	Orbit   int
}

// Config sets how Solve searches. The zero value finds every class and
// keeps them.
type Config struct {
	// Limit stops the search after this many classes; 0 means no limit.
	Limit int
	// Shard and Shards run one part of the search, for a search split
	// over machines: the tasks (the options of the item chosen first) whose
	// number modulo Shards is Shard. Shards 0 or 1 is the whole search.
	Shard, Shards int
	// Each, if not nil, is given each new class and the task that found
	// it, instead of the result keeping it; returning false stops the
	// search.
	Each func(c Class, task int) bool
}

// Result is what Solve found.
type Result struct {
	Raw      int64   // solutions: the sum of the orbits
	Distinct []Class // one solution of each class, in canonical order (none with Each)
	Found    int     // classes found
	Complete bool    // false if the limit, Each or ctx stopped the search
	Nodes    int64   // search nodes
	Tasks    int     // the tasks of the part searched
}

// Solve searches p with cfg (nil: the zero Config) and keeps one solution
// of each class (its canonical one), in the order of their canonical keys.
// ctx stops the search, with its error and what was found. A class is
// found once within a search; two shards may each find it, and merging
// their files keeps one.
func Solve(ctx context.Context, p Problem, limit int) (*Result, error) {
	return SolveWith(ctx, p, &Config{Limit: limit})
}

// SolveWith is Solve with a Config.
func SolveWith(ctx context.Context, p Problem, cfg *Config) (*Result, error) {
	if cfg == nil {
		cfg = &Config{}
	}
	pr, err := p.Matrix().problem()
	if err != nil {
		return nil, err
	}
	res := &Result{Complete: true}
	// The tasks: the whole search, or the options of the first item.
	tasks := [][]int{nil}
	if cfg.Shards > 1 {
		first, ok := solve.NewSearch(pr, nil).Branch()
		tasks = nil
		if ok {
			for _, o := range first {
				tasks = append(tasks, []int{o})
			}
		}
	}
	seen := map[string]bool{}
	for t, prefix := range tasks {
		if cfg.Shards > 1 && t%cfg.Shards != cfg.Shard {
			continue
		}
		res.Tasks++
		s := solve.NewSearch(pr, &solve.Config{Prefix: prefix})
		stop := false
		for sol := range s.Solutions(ctx) {
			key, canon, orbit := p.Canonical(sol)
			if seen[key] {
				continue
			}
			seen[key] = true
			c := Class{Options: canon, Orbit: orbit}
			res.Raw += int64(orbit)
			res.Found++
			if cfg.Each != nil {
				stop = !cfg.Each(c, t)
			} else {
				res.Distinct = append(res.Distinct, c)
			}
			if stop || cfg.Limit > 0 && res.Found >= cfg.Limit {
				stop = true
				break
			}
		}
		res.Nodes += s.Stats().Nodes
		if err := s.Err(); err != nil {
			res.Complete = false
			sortClasses(p, res.Distinct)
			return res, err
		}
		if stop {
			res.Complete = false
			break
		}
	}
	sortClasses(p, res.Distinct)
	return res, nil
}

// sortClasses puts classes in the order of their canonical keys.
func sortClasses(p Problem, cs []Class) {
	keys := make([]string, len(cs))
	for i, c := range cs {
		keys[i], _, _ = p.Canonical(c.Options)
	}
	idx := make([]int, len(cs))
	for i := range idx {
		idx[i] = i
	}
	slices.SortFunc(idx, func(a, b int) int { return strings.Compare(keys[a], keys[b]) })
	out := make([]Class, len(cs))
	for i, k := range idx {
		out[i] = cs[k]
	}
	copy(cs, out)
}

// Fingerprint returns a short text equal for two problems with the same
// items and options, in the same order: two searches split the same way.
func Fingerprint(p Problem) string {
	h := sha256.New()
	m := p.Matrix()
	fmt.Fprintf(h, "%s %d %q\n", p.Kind(), m.Primary, m.Items)
	for _, o := range m.Options {
		fmt.Fprintln(h, o)
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// byName returns a function that finds option indices by a key of each
// option, taking each option once (a matrix may repeat one).
func byName(n int, key func(k int) string) func(string) (int, bool) {
	index := map[string][]int{}
	for k := range n {
		index[key(k)] = append(index[key(k)], k)
	}
	return func(name string) (int, bool) {
		ks := index[name]
		if len(ks) == 0 {
			return 0, false
		}
		index[name] = ks[1:]
		return ks[0], true
	}
}

// Pick searches p for the solutions to show: with nth > 0, the nth
// distinct solution alone (counted from 1 in canonical order, which takes
// the whole search), else the first limit found (0: all), in canonical
// order. It returns them with their numbers and the number of distinct
// solutions (when nth is past it, no solution).
func Pick(ctx context.Context, p Problem, limit, nth int) (sols [][]int, numbers []int, total int, err error) {
	if nth > 0 {
		limit = 0
	}
	res, err := Solve(ctx, p, limit)
	if err != nil {
		return nil, nil, 0, err
	}
	total = len(res.Distinct)
	for i, c := range res.Distinct {
		if nth == 0 || nth == i+1 {
			sols = append(sols, c.Options)
			numbers = append(numbers, i+1)
		}
	}
	return sols, numbers, total, nil
}

// Check checks that the options sol (indices) are an exact cover of m:
// every primary item covered once, no secondary item twice.
func (m *Matrix) Check(sol []int) error {
	count := make([]int, len(m.Items))
	for _, k := range sol {
		if k < 0 || k >= len(m.Options) {
			return fmt.Errorf("option %d is not one of the %d options", k, len(m.Options))
		}
		for _, it := range m.Options[k] {
			count[it]++
		}
	}
	for i, n := range count {
		switch {
		case n > 1:
			return fmt.Errorf("item %s is covered %d times", m.Items[i], n)
		case n == 0 && i < m.Primary:
			return fmt.Errorf("item %s is not covered", m.Items[i])
		}
	}
	return nil
}
