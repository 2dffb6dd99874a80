package main

import (
	"fmt"
	"io"
	"time"

	"github.com/polytile/polytile/puzzles"
)

// runStats are the figures of one solve run that --stats prints.
type runStats struct {
	res      *puzzles.Result
	done     int   // tasks finished, from the last progress report; -1 if none came
	distinct int64 // distinct solutions found (streamed or kept)
	wall     time.Duration
	user     time.Duration // CPU time of the process during the search
	sys      time.Duration
	cpu      bool // whether user and sys are known
}

// writeStats prints the statistics, one "name: value" a line, in an
// order and with names that stay put for scripts to read:
//
//	engine:       the engine that searched (fill or dlx)
//	workers:      goroutines that searched
//	tasks:        subproblems run (and, on a stopped run, how many finished)
//	nodes:        search nodes (options tried)
//	updates:      link updates (Dancing Links only)
//	covers:       covers of the board found (with symmetry breaking, about raw / symmetries)
//	distinct:     distinct solutions
//	solutions/s:  distinct solutions and covers a second of wall time
//	nodes/s:      search nodes a second of wall time
//	wall:         wall time of the search
//	cpu:          CPU time of the process during the search, user + system,
//	              and the cores it kept busy on average (cpu / wall)
func writeStats(w io.Writer, s *runStats) error {
	res := s.res
	sec := s.wall.Seconds()
	rate := func(n int64) string {
		if sec <= 0 {
			return "-"
		}
		return fmt.Sprintf("%.0f", float64(n)/sec)
	}
	tasks := fmt.Sprint(res.Tasks)
	if s.done >= 0 && s.done < res.Tasks {
		tasks = fmt.Sprintf("%d (%d finished)", res.Tasks, s.done)
	}
	updates := fmt.Sprint(res.Stats.Updates)
	if res.Engine == puzzles.EngineFill {
		updates = "- (the fill engine has no links)"
	}
	cpu := "- (not known on this system)"
	if s.cpu {
		t := s.user + s.sys
		cpu = fmt.Sprintf("%v (user %v, system %v)", ms(t), ms(s.user), ms(s.sys))
		if sec > 0 {
			cpu += fmt.Sprintf(": %.2f cores busy", t.Seconds()/sec)
		}
	}
	_, err := fmt.Fprintf(w, `engine:       %s
workers:      %d
tasks:        %s
nodes:        %d
updates:      %s
covers:       %d
distinct:     %d
solutions/s:  %s distinct, %s covers
nodes/s:      %s
wall:         %v
cpu:          %s
`, res.Engine, res.Workers, tasks, res.Stats.Nodes, updates, res.Found, s.distinct,
		rate(s.distinct), rate(res.Found), rate(res.Stats.Nodes), ms(s.wall), cpu)
	return err
}

// ms rounds a duration to the millisecond, for printing.
func ms(d time.Duration) time.Duration { return d.Round(time.Millisecond) }
