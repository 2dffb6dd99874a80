package results

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/polytile/polytile/internal/plural"
	"github.com/polytile/polytile/internal/quote"
	"github.com/polytile/polytile/puzzles"
	"github.com/polytile/polytile/puzzles/specs"
)

// Report is the plain-text summary of a search that polytile solve prints:
// the counts, the time, and the first distinct solutions as ASCII grids.
type Report struct {
	Spec   *specs.Spec
	Result *puzzles.Result
	// Raw and Distinct are the counts to print: the result's, or, when the
	// solutions were streamed to a file (Writer), the file's.
	Raw, Distinct int64
	Show          int    // the number of solutions to draw as grids
	Shard         string // "i/n" for a part of the search, or ""
	File          string // the file the solutions were streamed to, or ""
	// Resumed is the number of tasks kept from File, which an earlier run
	// of the search ran to their end (Resume).
	Resumed int
}

// Write prints the report to w, its control characters (in a title, a
// piece's name) written as escapes.
func (t *Report) Write(w io.Writer) error {
	spec, res := t.Spec, t.Result
	some := ""
	if !res.Complete {
		some = "at least "
	}
	title := spec.Title
	if title == "" {
		title = spec.Name
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "%s\n", title)
	fmt.Fprintf(&b, "puzzle:     %s\n", spec.Problem.About())
	if t.Shard != "" {
		fmt.Fprintf(&b, "shard:      %s (%s; the counts are this shard's)\n", t.Shard, plural.Of(res.Tasks, "task"))
	}
	fmt.Fprintf(&b, "raw:        %s%d\n", some, t.Raw)
	fmt.Fprintf(&b, "distinct:   %s%d\n", some, t.Distinct)
	fmt.Fprintf(&b, "symmetries: %d\n", res.Symmetries)
	nodes := plural.Of(res.Stats.Nodes, "search node")
	if !res.Complete {
		// The statistics count only the tasks that ended (puzzles.Result).
		nodes += " in the tasks that ended"
	}
	fmt.Fprintf(&b, "time:       %v (%s engine, %s, %s)\n",
		res.Elapsed.Round(time.Millisecond), res.Engine, plural.Of(res.Workers, "worker"), nodes)
	if t.File != "" {
		fmt.Fprintf(&b, "solutions:  written to %s\n", t.File)
	}
	if t.Resumed > 0 {
		fmt.Fprintf(&b, "resumed:    %d of the %s had ended in an earlier run, and were kept (the time and the workers are this run's)\n", t.Resumed, plural.Of(res.Tasks, "task"))
	}
	if r, ok := spec.Problem.(puzzles.Remarker); ok {
		if label, text := r.Remark(t.Distinct, res.Complete); label != "" {
			fmt.Fprintf(&b, "%-12s%s\n", label+":", text)
		}
	}
	if !res.Complete {
		fmt.Fprintf(&b, "partial:    the search stopped early\n")
	}
	for i, d := range res.Distinct[:min(t.Show, len(res.Distinct))] {
		legend := ""
		if l, ok := d.Solution.(puzzles.Legender); ok {
			legend = l.Legend()
		}
		fmt.Fprintf(&b, "\nsolution %d of %s%d (orbit %d):\n%s%s", i+1, some, t.Distinct, d.Orbit, d.Solution, legend)
	}
	_, err := w.Write(quote.Controls(b.Bytes())) // a title from a file must not drive the terminal
	return err
}

// RunStats are the figures of one run of a search that polytile solve
// --stats prints.
type RunStats struct {
	Result   *puzzles.Result
	Done     int   // tasks finished, from the last progress report; -1 if none came
	Distinct int64 // distinct solutions found (streamed or kept)
	Wall     time.Duration
	// User and Sys are the CPU time the process used during the search,
	// if CPUKnown.
	User, Sys time.Duration
	CPUKnown  bool
}

// Write prints the statistics, one "name: value" a line, in an order and
// with names that stay put for scripts to read:
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
func (s *RunStats) Write(w io.Writer) error {
	res := s.Result
	sec := s.Wall.Seconds()
	rate := func(n int64) string {
		if sec <= 0 {
			return "-"
		}
		return fmt.Sprintf("%.0f", float64(n)/sec)
	}
	tasks := fmt.Sprint(res.Tasks)
	if s.Done >= 0 && s.Done < res.Tasks {
		tasks = fmt.Sprintf("%d (%d finished)", res.Tasks, s.Done)
	}
	updates := fmt.Sprint(res.Stats.Updates)
	if res.Engine == puzzles.EngineFill {
		updates = "- (the fill engine has no links)"
	}
	ms := func(d time.Duration) time.Duration { return d.Round(time.Millisecond) }
	cpu := "- (not known on this system)"
	if s.CPUKnown {
		t := s.User + s.Sys
		cpu = fmt.Sprintf("%v (user %v, system %v)", ms(t), ms(s.User), ms(s.Sys))
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
`, res.Engine, res.Workers, tasks, res.Stats.Nodes, updates, res.Found, s.Distinct,
		rate(s.Distinct), rate(res.Found), rate(res.Stats.Nodes), ms(s.Wall), cpu)
	return err
}

// ShardError is a shard that ParseShard cannot read. Its message names
// no option: a command words it in its own terms from the fields.
type ShardError struct {
	Shard string // the text given
	// Form says whether Shard is not of the form i/n at all; if it is, i
	// is not from 0 to n-1.
	Form bool
}

// Error says what is wrong with the shard: "results: shard 4/4: want …".
func (e *ShardError) Error() string { return "results: " + e.Named("shard") }

// Named says what is wrong, naming the shard as name (what gave it, such
// as an option's name): "name 9/8: want 0 ≤ i < n", or, for a shard of the
// wrong form, quoted: name "x": want i/n, ….
func (e *ShardError) Named(name string) string {
	if e.Form {
		return fmt.Sprintf("%s %q: %s", name, e.Shard, e.Want())
	}
	return fmt.Sprintf("%s %s: %s", name, e.Shard, e.Want())
}

// Want says what a valid shard is, for a message.
func (e *ShardError) Want() string {
	if e.Form {
		return "want i/n, the i-th of n parts counted from 0 (0/4 … 3/4)"
	}
	return "want 0 ≤ i < n"
}

// ParseShard reads "i/n", the i-th of n parts of a search counted from 0.
// Its error is a *ShardError.
func ParseShard(s string) (i, n int, err error) {
	a, b, ok := strings.Cut(s, "/")
	i, erri := strconv.Atoi(a)
	n, errn := strconv.Atoi(b)
	if !ok || erri != nil || errn != nil {
		return 0, 0, &ShardError{Shard: s, Form: true}
	}
	if n < 1 || i < 0 || i >= n {
		return 0, 0, &ShardError{Shard: s}
	}
	return i, n, nil
}
