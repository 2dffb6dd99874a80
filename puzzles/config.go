package puzzles

import (
	"fmt"
	"runtime"
	"time"
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
	// Workers is the number of goroutines searching; 0 means
	// runtime.GOMAXPROCS(0). The results do not depend on it.
	Workers int
	// Shard and Shards run only the tasks whose index i has
	// i % Shards == Shard: one of Shards disjoint parts of the search,
	// whose union is the whole. Shards 0 or 1 means the whole search.
	Shard, Shards int
	// Each, if not nil, receives every distinct solution as it is found,
	// with the index of the task that found it, in the order of the tasks
	// (the same for any number of workers); Result.Distinct is then left
	// empty, so memory stays bounded. Returning false stops the search.
	Each func(d Class, task int) bool
	// Progress, if not nil, is called about every ProgressEvery and once
	// at the end, from the goroutine that called Solve.
	Progress func(Progress)
	// Skip, if not nil, names tasks (by their index among all the tasks,
	// as Each and TaskDone number them) that this run leaves out: those
	// that an earlier, stopped run finished, when a run is resumed.
	Skip func(task int) bool
	// TaskDone, if not nil, is told of each task that ran to its end, with
	// what it found, in the order of the tasks, after Each was given the
	// task's last solution, from the goroutine that called Solve. A task
	// that a stop cut short is not told of: a resumed run must run it
	// again.
	TaskDone func(task int, st TaskStats)
}

// TaskStats is what one task found.
type TaskStats struct {
	Found, Distinct, Raw int64 // covers, distinct solutions, the sum of their orbits
	Nodes, Updates       int64
}

// ProgressEvery is how often Solve reports progress.
const ProgressEvery = 200 * time.Millisecond

// Progress is how far a search has come.
type Progress struct {
	Tasks, Done     int   // the tasks of this run, and those finished
	Found, Distinct int64 // covers found, distinct solutions among them
	Nodes           int64 // search nodes of the tasks finished
	Running         int64 // search nodes the tasks running have made so far
	Elapsed         time.Duration
	// Estimated says whether Fraction and Left are known. Tasks differ in
	// size by orders of magnitude, so Solve weighs them by estimates of
	// their search trees, from random probes of them (Knuth's estimate),
	// made a little at a time as the search goes; the estimate is given
	// once every task not finished has been probed 16 times.
	Estimated bool
	// Fraction is the estimated fraction of the search's nodes made, from
	// 0 to 1, counting the nodes of the tasks running as they go.
	Fraction float64
	// Left is the time left if the search goes on at the rate it went:
	// Elapsed × (1 − Fraction) / Fraction.
	Left time.Duration
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
	// EngineFill fills the first empty cell, with the board seen through
	// a 64-bit window: for at most 64 pieces on boards whose placements
	// span less than 64 cells in its order (any board at most about ten
	// cells across), and many times faster there.
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

// ParseEngine returns the engine that String names name: auto, dlx or
// fill. Another name is a *NameError.
func ParseEngine(name string) (Engine, error) {
	engines := []Engine{EngineAuto, EngineDLX, EngineFill}
	var names []string
	for _, e := range engines {
		if e.String() == name {
			return e, nil
		}
		names = append(names, e.String())
	}
	return 0, &NameError{What: "engine", Name: name, Valid: names}
}

// CheckConfig checks cfg and returns it with its defaults filled in.
func CheckConfig(cfg *SolveConfig) (SolveConfig, error) {
	var c SolveConfig
	if cfg != nil {
		c = *cfg
	}
	if c.Engine < EngineAuto || c.Engine > EngineFill {
		return c, fmt.Errorf("puzzles: unknown engine %d", int(c.Engine))
	}
	if c.Shards < 0 || c.Shard < 0 || (c.Shards > 1 && c.Shard >= c.Shards) || (c.Shards <= 1 && c.Shard > 0) {
		return c, fmt.Errorf("puzzles: shard %d of %d: want 0 ≤ shard < shards", c.Shard, c.Shards)
	}
	if c.Workers < 0 || c.Limit < 0 {
		return c, fmt.Errorf("puzzles: workers %d, limit %d: want 0 (the default) or more", c.Workers, c.Limit)
	}
	if c.Workers == 0 {
		c.Workers = runtime.GOMAXPROCS(0)
	}
	return c, nil
}
