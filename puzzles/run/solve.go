package run

import (
	"context"
	"slices"
	"strings"
	"time"

	"github.com/polytile/polytile/internal/cputime"
	"github.com/polytile/polytile/puzzles"
)

// Timed is a search and what it took: its result (nil if it did not
// run), its wall time, and the CPU time the process used meanwhile, if
// CPUKnown.
type Timed struct {
	Result    *puzzles.Result
	Wall      time.Duration
	User, Sys time.Duration
	CPUKnown  bool
}

// Solve runs p's search as cfg says (Problem.Solve), timing it.
func Solve(ctx context.Context, p puzzles.Problem, cfg *puzzles.SolveConfig) (*Timed, error) {
	start := time.Now()
	user0, sys0, ok0 := cputime.Used()
	res, err := p.Solve(ctx, cfg)
	user1, sys1, ok1 := cputime.Used()
	return &Timed{Result: res, Wall: time.Since(start), User: user1 - user0, Sys: sys1 - sys0, CPUKnown: ok0 && ok1}, err
}

// Firsts keeps, of the classes its Each is given, the first n in
// canonical order (Answer.SortKey), and counts them all: memory bounded
// by n however many classes a search finds.
type Firsts struct {
	n             int
	kept          []firstKept // the n smallest keys, in order
	Raw, Distinct int64       // the classes given, and the sum of their orbits
}

type firstKept struct {
	key string
	c   puzzles.Class
}

// NewFirsts returns a Firsts that keeps n classes (none if n ≤ 0).
func NewFirsts(n int) *Firsts { return &Firsts{n: n} }

// Each takes a class (SolveConfig.Each); it always goes on.
func (f *Firsts) Each(d puzzles.Class, _ int) bool {
	f.Raw += int64(d.Orbit)
	f.Distinct++
	if f.n <= 0 {
		return true
	}
	key := d.Solution.SortKey()
	if len(f.kept) == f.n && key >= f.kept[f.n-1].key {
		return true
	}
	i, _ := slices.BinarySearchFunc(f.kept, key, func(k firstKept, key string) int { return strings.Compare(k.key, key) })
	f.kept = slices.Insert(f.kept, i, firstKept{key, d})
	if len(f.kept) > f.n {
		f.kept = f.kept[:f.n]
	}
	return true
}

// Classes returns the classes kept, in canonical order.
func (f *Firsts) Classes() []puzzles.Class {
	out := make([]puzzles.Class, len(f.kept))
	for i, k := range f.kept {
		out[i] = k.c
	}
	return out
}
