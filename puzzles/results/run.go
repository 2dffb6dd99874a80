package results

import (
	"context"
	"fmt"
	"io"
	"math"
	"time"

	"github.com/polytile/polytile/internal/safefile"
	"github.com/polytile/polytile/puzzles"
	"github.com/polytile/polytile/puzzles/run"
	"github.com/polytile/polytile/puzzles/specs"
)

// Run is what a search run by Solve found and how it went.
type Run struct {
	// Result is the search's result. With a file, its Distinct is empty:
	// the solutions went to the file.
	Result *puzzles.Result
	// Raw and Distinct count the solutions found: the result's, or the
	// file's.
	Raw, Distinct int64
	// Done is the number of tasks finished (Result.Finished, with those a
	// resumed run kept), or -1 if the search did not run.
	Done int
	// Wall is the wall time of the search; User and Sys the CPU time the
	// process used during it, if CPUKnown.
	Wall      time.Duration
	User, Sys time.Duration
	CPUKnown  bool
	// Spec is the spec searched, Shard the part of the search run
	// (ShardName; "" for the whole), and File where the solutions went
	// ("" if the result keeps them).
	Spec        *specs.Spec
	Shard, File string
	// Resumed is the number of tasks kept from File (Resume).
	Resumed int
}

// Stats returns the run's statistics, to print with RunStats.Write.
func (r *Run) Stats() *RunStats {
	return &RunStats{Result: r.Result, Done: r.Done, Distinct: r.Distinct, Wall: r.Wall,
		User: r.User, Sys: r.Sys, CPUKnown: r.CPUKnown}
}

// Stopped returns the error of a run that err stopped (nil: none), in
// words that say what the output is worth: "search stopped: --timeout 10s
// reached (the results above, and x.jsonl, are partial)". cause, if not
// nil, says why better than err (context.Cause).
func (r *Run) Stopped(err, cause error) error {
	if err == nil {
		return nil
	}
	if cause != nil {
		err = cause
	}
	where := "the results above are partial"
	if r.File != "" {
		where = fmt.Sprintf("the results above, and %s, are partial", r.File)
	}
	return fmt.Errorf("search stopped: %w (%s)", err, where)
}

// Write writes what the run found as polytile solve prints it: as one
// JSON object (Result) if asJSON, else as the text report (Report) with
// the first show distinct solutions drawn in ASCII.
func (r *Run) Write(w io.Writer, asJSON bool, show int) error {
	if asJSON {
		o := newResultHead(r.Spec, r.Result)
		o.Shard = r.Shard
		return o.encode(w, len(r.Result.Distinct), func(b []byte, i int) []byte {
			return appendSolution(b, r.Result.Distinct[i])
		})
	}
	t := Report{Spec: r.Spec, Result: r.Result, Raw: r.Raw, Distinct: r.Distinct, Show: show, Shard: r.Shard, File: r.File, Resumed: r.Resumed}
	return t.Write(w)
}

// Solve searches spec's puzzle with cfg (nil: the defaults), streaming
// the distinct solutions to a shard file at path as they are found (Create,
// then Close with the end line, stopped or not) unless path is "", in which
// case the result keeps them. cfg's own Each is replaced; its Progress is
// still called. As Problem.Solve does, it returns what was found
// with ctx's error if ctx stopped the search; the error is then
// ctx.Err(), and the file has its end line, marked incomplete.
func Solve(ctx context.Context, spec *specs.Spec, cfg *puzzles.SolveConfig, path string) (*Run, error) {
	c := puzzles.SolveConfig{}
	if cfg != nil {
		c = *cfg
	}
	var h *Header
	if path != "" {
		h = NewHeader(spec, &c)
		part, left, busy, err := safefile.PartLeft(path)
		switch {
		case err != nil:
			return nil, err
		case busy:
			return nil, &BusyError{Path: path, Part: part}
		case left:
			return nil, &KilledRunError{Path: path, Part: part}
		}
	}
	return solveTo(ctx, spec, &c, path, h, nil)
}

// SolveShowing is Solve without a file for a search whose report shows
// only its first show distinct solutions (Run.Write with show): the
// result keeps just those, the first in canonical order (Answer.SortKey),
// and counts the rest, so that its memory is bounded by show however many
// solutions the search finds (an empty 25 × 25 Sudoku finds ten thousand
// a second). Run.Raw and Run.Distinct count them all.
func SolveShowing(ctx context.Context, spec *specs.Spec, cfg *puzzles.SolveConfig, show int) (*Run, error) {
	c := puzzles.SolveConfig{}
	if cfg != nil {
		c = *cfg
	}
	first := run.NewFirsts(show)
	c.Each = first.Each
	r, err := solveTo(ctx, spec, &c, "", nil, nil)
	if r == nil {
		return nil, err
	}
	r.Result.Distinct = first.Classes()
	r.Raw, r.Distinct = first.Raw, first.Distinct
	return r, err
}

// solveTo is Solve, streaming to path with header h unless path is "",
// and keeping the tasks that ran to their end in from, if not nil.
func solveTo(ctx context.Context, spec *specs.Spec, c *puzzles.SolveConfig, path string, h *Header, from *saved) (*Run, error) {
	var stream *Writer
	var copied *copier
	var before End // what the tasks copied found
	if path != "" {
		var err error
		if stream, err = Create(path, h); err != nil {
			return nil, err
		}
		c.Each = stream.Add
		c.TaskDone = stream.Done
		if from != nil && len(from.done) > 0 {
			if copied, err = from.copier(from.hasDone); err != nil {
				stream.Abort()
				return nil, err
			}
			defer copied.close()
			for _, d := range from.done {
				before.Found += d.Found
				before.Nodes += d.Nodes
				before.Updates += d.Updates
				before.Tasks++
			}
			c.Skip = from.hasDone
			c.Each = func(d puzzles.Class, task int) bool {
				copied.upTo(task, stream)
				return stream.Add(d, task)
			}
			c.TaskDone = func(task int, st puzzles.TaskStats) {
				copied.upTo(task, stream)
				stream.Done(task, st)
			}
		}
	}
	r := &Run{Done: -1, Spec: spec, File: path}
	if c.Shards > 1 {
		r.Shard = ShardName(c.Shard, c.Shards)
	}
	t, err := run.Solve(ctx, spec.Problem, c)
	res := t.Result
	r.Wall, r.User, r.Sys, r.CPUKnown = t.Wall, t.User, t.Sys, t.CPUKnown
	if res == nil {
		if stream != nil {
			stream.Abort()
		}
		return nil, err
	}
	r.Result, r.Raw, r.Distinct = res, res.Raw, int64(len(res.Distinct))
	r.Done = res.Finished
	if stream != nil {
		if copied != nil {
			copied.upTo(math.MaxInt, stream)
			res.Found += before.Found
			res.Stats.Nodes += before.Nodes
			res.Stats.Updates += before.Updates
			res.Stats.Solutions = res.Found
			res.Tasks += before.Tasks
			res.Finished += before.Tasks
			r.Done, r.Resumed = res.Finished, before.Tasks
		}
		if cerr := stream.Close(NewEnd(res, res.Complete && err == nil)); cerr != nil {
			return nil, cerr
		}
		r.Raw, r.Distinct = stream.Raw(), stream.Distinct()
	}
	return r, err
}

// Keep says what a run keeps of the solutions it finds (SolveKept).
type Keep struct {
	// Path is the shard file to stream them to, as Solve streams them;
	// "" keeps them in memory.
	Path string
	// Resume continues the run that Path holds (Resume).
	Resume bool
	// All keeps every solution in memory when there is no Path; without
	// it, only the first Show, in canonical order (SolveShowing).
	All  bool
	Show int
}

// SolveKept searches spec's puzzle with cfg, keeping what k says: Resume,
// Solve or SolveShowing.
func SolveKept(ctx context.Context, spec *specs.Spec, cfg *puzzles.SolveConfig, k Keep) (*Run, error) {
	switch {
	case k.Resume:
		return Resume(ctx, spec, cfg, k.Path)
	case k.Path == "" && !k.All:
		return SolveShowing(ctx, spec, cfg, k.Show)
	}
	return Solve(ctx, spec, cfg, k.Path)
}
