package results

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/polytile/polytile/puzzles"
)

// Run is what a search run by Solve found and how it went.
type Run struct {
	// Result is the search's result. With a file, its Distinct is empty:
	// the solutions went to the file.
	Result *puzzles.Result
	// Raw and Distinct count the solutions found: the result's, or the
	// file's.
	Raw, Distinct int64
	// Done is the number of tasks finished at the last progress report,
	// or -1 if none came.
	Done int
	// Wall is the wall time of the search.
	Wall time.Duration
	// Spec is the spec searched, Shard the part of the search run
	// (ShardName; "" for the whole), and File where the solutions went
	// ("" if the result keeps them).
	Spec        *puzzles.Spec
	Shard, File string
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
		o := NewResult(r.Spec, r.Result)
		o.Shard = r.Shard
		return o.Encode(w)
	}
	t := Report{Spec: r.Spec, Result: r.Result, Raw: r.Raw, Distinct: r.Distinct, Show: show, Shard: r.Shard, File: r.File}
	return t.Write(w)
}

// Solve searches spec's puzzle with cfg (nil: the defaults), streaming
// the distinct solutions to a shard file at path as they are found (Create,
// then Close with the end line, stopped or not) unless path is "", in which
// case the result keeps them. cfg's own Each is replaced; its Progress is
// still called. As puzzles.(*Puzzle).Solve does, it returns what was found
// with ctx's error if ctx stopped the search; the error is then
// ctx.Err(), and the file has its end line, marked incomplete.
func Solve(ctx context.Context, spec *puzzles.Spec, cfg *puzzles.SolveConfig, path string) (*Run, error) {
	c := puzzles.SolveConfig{}
	if cfg != nil {
		c = *cfg
	}
	var stream *Writer
	if path != "" {
		var err error
		if stream, err = Create(path, NewHeader(spec, &c)); err != nil {
			return nil, err
		}
		c.Each = stream.Add
	}
	run := &Run{Done: -1, Spec: spec, File: path}
	if c.Shards > 1 {
		run.Shard = ShardName(c.Shard, c.Shards)
	}
	progress := c.Progress
	c.Progress = func(p puzzles.Progress) {
		run.Done = p.Done
		if progress != nil {
			progress(p)
		}
	}
	start := time.Now()
	res, err := spec.Puzzle.Solve(ctx, &c)
	run.Wall = time.Since(start)
	if res == nil {
		if stream != nil {
			stream.Abort()
		}
		return nil, err
	}
	run.Result, run.Raw, run.Distinct = res, res.Raw, int64(len(res.Distinct))
	if stream != nil {
		if cerr := stream.Close(NewEnd(res, res.Complete && err == nil)); cerr != nil {
			return nil, cerr
		}
		run.Raw, run.Distinct = stream.Raw(), stream.Distinct()
	}
	return run, err
}
