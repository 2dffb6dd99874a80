package puzzles

import (
	"time"

	"github.com/polytile/polytile/solve"
)

// Class is one class of solutions: its canonical representative and
// the number of raw solutions in it.
type Class struct {
	// Solution is the class's solution in canonical form: a *tiling.Solution
	// for a tiling, a *matrix.Solution for a puzzle of package matrix.
	Solution Answer
	// Orbit is the number of raw solutions in the class: the group's order
	// divided by the number of symmetries that map the solution onto itself.
	Orbit int
}

// String writes the class's solution as text (Answer.String).
func (c Class) String() string { return c.Solution.String() }

// Result is what Solve found.
type Result struct {
	// Raw is the number of raw solutions: every cover of the fixed board,
	// the sum of the orbits of the distinct solutions found.
	Raw int64
	// Distinct holds the distinct solutions, each in canonical form, in
	// increasing order of their encodings.
	Distinct []Class
	// Symmetries is the order of the puzzle's symmetry group.
	Symmetries int
	// Found is the number of covers the search found: Raw without
	// symmetry breaking, about Raw / Symmetries with it. Found and Stats
	// count the tasks whose results were merged whole: when Limit or Each
	// stops the search, the task it stops in and those after it count
	// nothing, so that these numbers, like the solutions, are the same for
	// any number of workers. (When ctx stops the search, they count the
	// tasks finished and merged by then.)
	Found int64
	// Restricted is the piece that symmetry breaking restricted, or -1.
	Restricted int
	// Complete is false if a limit or the context stopped the search.
	Complete bool
	// Engine is the engine that searched.
	Engine Engine
	// Tasks is the number of tasks run: parts of the search that ran
	// apart (this shard's, when sharded); Workers the goroutines that
	// ran them.
	Tasks, Workers int
	// Finished is the number of those tasks that ended (stopped or not).
	Finished int
	// Stats are the search's statistics, of the tasks Found counts; the
	// fill engine makes no link updates.
	Stats solve.Stats
	// Elapsed is the wall time the search took.
	Elapsed time.Duration

	// Buffered is the most classes one task of a tiling held in memory
	// before they were merged; Spilled, the classes that went through
	// spill files on disk instead.
	Buffered int
	Spilled  int64
}
