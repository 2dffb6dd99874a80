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
//	12% |███▌                       | [1m4s] 231/1950 tasks, 3689 distinct, 57/s, ~7m50s left
//
// The fraction done and the time left are the search's estimates
// (puzzles.Progress): the tasks weighed by estimates of their size, made
// by probing their search trees at random. Until there is an estimate (a
// tenth of a second, or less) the bar stays at 0.
type progressBar struct {
	w   io.Writer
	bar *progressbar.ProgressBar // made at the first update
}

func newProgressBar(w io.Writer) *progressBar {
	return &progressBar{w: w}
}

// barSteps is the bar's resolution: a thousandth.
const barSteps = 1000

// update redraws the bar; it is a puzzles.SolveConfig.Progress.
func (b *progressBar) update(p puzzles.Progress) {
	line := fmt.Sprintf("%d/%d tasks, %s", p.Done, p.Tasks, p)
	if b.bar == nil {
		b.bar = progressbar.NewOptions(barSteps,
			progressbar.OptionSetWriter(b.w),
			progressbar.OptionSetDescription(line),
			progressbar.OptionShowDescriptionAtLineEnd(),
			progressbar.OptionFullWidth(),
			progressbar.OptionSetElapsedTime(true),
			progressbar.OptionSetPredictTime(false), // the search estimates
			progressbar.OptionUseANSICodes(true),
		)
	}
	b.bar.Describe(line)
	if p.Estimated {
		b.bar.Set(min(int(p.Fraction*barSteps), barSteps))
	}
}

// clear takes the bar off the screen, for the results to be printed.
func (b *progressBar) clear() {
	if b.bar != nil {
		b.bar.Clear()
		b.bar.Exit()
	}
}
