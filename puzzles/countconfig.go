package puzzles

import (
	"fmt"
	"runtime"
	"time"
)

// CountConfig sets how Count counts. The zero value counts the whole
// problem on one goroutine per core, and reports no progress.
type CountConfig struct {
	// Workers is the number of goroutines counting; 0 means
	// runtime.GOMAXPROCS(0). The counts do not depend on it.
	Workers int
	// Shard and Shards count only part Shard of Shards (from 0): parts
	// whose fixed counts add up to the whole's (MergeCounts). Shards 0
	// or 1 means the whole.
	Shard, Shards int
	// Progress, if not nil, is called about every ProgressEvery and once
	// at the end, from the goroutine that called Count.
	Progress func(CountProgress)
}

// CheckCountConfig checks cfg (nil: the defaults) and returns it with its
// defaults filled in: Shards at least 1, Workers runtime.GOMAXPROCS(0)
// where 0 or less.
func CheckCountConfig(cfg *CountConfig) (CountConfig, error) {
	var c CountConfig
	if cfg != nil {
		c = *cfg
	}
	c.Shards = max(c.Shards, 1)
	if c.Shard < 0 || c.Shard >= c.Shards {
		return c, fmt.Errorf("part %d of %d: want 0 ≤ part < parts", c.Shard, c.Shards)
	}
	if c.Workers <= 0 {
		c.Workers = runtime.GOMAXPROCS(0)
	}
	return c, nil
}

// CountProgress is how far a count has come.
type CountProgress struct {
	Tasks, Done int // the tasks of the count, and those finished
	Elapsed     time.Duration
	// Estimated says whether Fraction and Left are known.
	Estimated bool
	// Fraction is the estimated fraction of the count done, from 0 to 1,
	// 1 at the end.
	Fraction float64
	// Left is the time left if the count goes on at the rate it went:
	// Elapsed × (1 − Fraction) / Fraction.
	Left time.Duration
}

// Line describes the count so far in a line, as a progress bar shows it:
// "12/40 tasks, ~4s left".
func (p CountProgress) Line() string {
	line := fmt.Sprintf("%d/%d tasks counted", p.Done, p.Tasks)
	if p.Estimated && p.Fraction < 1 {
		line += fmt.Sprintf(", ~%v left", p.Left.Round(time.Second))
	}
	return line
}

// Estimate returns the fraction of the count done, and whether it is
// known.
func (p CountProgress) Estimate() (fraction float64, ok bool) { return p.Fraction, p.Estimated }

// CountMethod is the way a problem's solutions were counted.
type CountMethod int

const (
	// CountMemo counts the search of a tiling that fills the first empty
	// cell, each of its states (the cell, the covered cells after it, the
	// pieces left) once, remembered: the work grows with the states, not
	// with the covers. Distinct solutions by Burnside's lemma.
	CountMemo CountMethod = iota
	// CountSearch counts the raw solutions of a tiling whose pieces have
	// one copy each by the fill engine's own search, with its symmetry
	// breaking (each cover found stands for the orbit of its restricted
	// piece's placement) and the covers below the states it meets
	// remembered; the other symmetries' fixed solutions by CountMemo, and
	// the distinct solutions by Burnside's lemma.
	CountSearch
	// CountListed lists the solutions, one by one: for the kinds that
	// have no count of their own.
	CountListed
	// CountFrontier counts a tiling whose pieces may each be put down
	// any number of times by a frontier (a broken profile): the cells
	// are gone through in a scan order across the board's narrower side,
	// a state is which of the cells just ahead are covered, and each
	// state's ways are counted once. The solutions each symmetry fixes,
	// for Burnside's lemma, are counted the same way on the board folded
	// by the symmetry.
	CountFrontier
	// CountPfaffian counts a tiling whose pieces each cover two cells,
	// any number of times, as the perfect matchings of the board's graph
	// drawn in the plane, by Kasteleyn's Pfaffian; the symmetries whose
	// folded board is not such a graph (reflections) by CountFrontier.
	CountPfaffian
	// CountEmptyFirst counts a tiling whose pieces have one copy each and
	// which leaves cells empty by choosing the empty cells first: one set
	// of each class under the board's symmetries, each a task of the fill
	// engine's search, its covers counted as CountSearch counts them
	// and taken as many times as the class has sets; the other
	// symmetries' fixed solutions by CountMemo, the distinct solutions by
	// Burnside's lemma.
	CountEmptyFirst
)

// countMethods are the methods, in the order of their values.
var countMethods = []CountMethod{CountMemo, CountSearch, CountListed, CountFrontier, CountPfaffian, CountEmptyFirst}

// String describes the method as count --json writes it, in its "method"
// field.
func (m CountMethod) String() string {
	switch m {
	case CountMemo:
		return "counted without listing; distinct by Burnside's lemma"
	case CountSearch:
		return "counted without listing, by the fill engine's search with symmetry breaking; distinct by Burnside's lemma"
	case CountListed:
		return "listed"
	case CountFrontier:
		return "counted without listing, by a frontier across the board; distinct by Burnside's lemma, on the board folded by each symmetry"
	case CountPfaffian:
		return "counted without listing, by Kasteleyn's Pfaffian of the board's graph (two-cell pieces), a frontier across the board for the symmetries it cannot fold; distinct by Burnside's lemma, on the board folded by each symmetry"
	case CountEmptyFirst:
		return "counted without listing, the empty cells chosen first (one choice of each class under the board's symmetries) and the rest by the fill engine's search; distinct by Burnside's lemma"
	}
	return fmt.Sprintf("CountMethod(%d)", int(m))
}
