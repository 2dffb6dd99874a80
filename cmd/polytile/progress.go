package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"github.com/polytile/polytile/puzzles"
	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"golang.org/x/term"
)

// searchFlags are the flags of a command that searches: solve, and draw
// of a spec.
type searchFlags struct {
	timeout time.Duration
	quiet   bool
}

func (s *searchFlags) register(fl *pflag.FlagSet) {
	fl.BoolVar(&s.quiet, "quiet", false, "show no progress bar")
	fl.DurationVar(&s.timeout, "timeout", 0, "stop the search after `DURATION` (such as 90s or 2h), keeping what was found (0: no limit)")
}

// start returns the context of the search, which --timeout ends, and the
// progress bar to give it (nil on no terminal, or with --quiet); stop
// releases them, taking the bar off the screen (once: later calls do
// nothing).
func (s *searchFlags) start(cmd *cobra.Command) (ctx context.Context, progress func(puzzles.Progress), stop func(), err error) {
	if s.timeout < 0 {
		return nil, nil, nil, usagef("--timeout %v: want a positive duration, such as 30s, or 0 for none", s.timeout)
	}
	ctx, cancel := cmd.Context(), context.CancelFunc(func() {})
	if s.timeout > 0 {
		ctx, cancel = context.WithTimeoutCause(ctx, s.timeout, fmt.Errorf("--timeout %v reached", s.timeout))
	}
	var bar *progressBar
	if !s.quiet && isTerminal(cmd.ErrOrStderr()) {
		bar = newProgressBar(cmd.ErrOrStderr())
		progress = bar.update
	}
	return ctx, progress, sync.OnceFunc(func() {
		cancel()
		if bar != nil {
			bar.clear()
		}
	}), nil
}

// isTerminal reports whether w is a terminal: the progress bar is for
// people, and stays out of files, pipes and tests.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// progressBar shows how far a search has gone, on one line of the
// terminal that it redraws:
//
//	12% |███▌                       | (231/1950) [1m4s] 3689 distinct, 57/s, ~7m50s left
//
// The fraction done is the fraction of the search's tasks (the subproblems
// it splits into) that are finished, and the time left is the time taken
// so far scaled by the tasks left: tasks differ in size, so it is a guide,
// not a promise, and it is not shown until a task has finished.
type progressBar struct {
	w   io.Writer
	bar *progressbar.ProgressBar // made at the first update, which knows the tasks
}

func newProgressBar(w io.Writer) *progressBar {
	return &progressBar{w: w}
}

// update redraws the bar; it is a puzzles.SolveConfig.Progress.
func (b *progressBar) update(p puzzles.Progress) {
	if b.bar == nil {
		b.bar = progressbar.NewOptions(max(p.Tasks, 1),
			progressbar.OptionSetWriter(b.w),
			progressbar.OptionSetDescription(p.String()),
			progressbar.OptionShowDescriptionAtLineEnd(),
			progressbar.OptionShowCount(),
			progressbar.OptionFullWidth(),
			progressbar.OptionSetElapsedTime(true),
			progressbar.OptionSetPredictTime(false), // progressLine estimates
			progressbar.OptionUseANSICodes(true),
		)
	}
	if p.Tasks > 0 && b.bar.GetMax() != p.Tasks {
		b.bar.ChangeMax(p.Tasks)
	}
	b.bar.Describe(p.String())
	b.bar.Set(p.Done)
}

// clear takes the bar off the screen, for the results to be printed.
func (b *progressBar) clear() {
	if b.bar != nil {
		b.bar.Clear()
		b.bar.Exit()
	}
}
