package main

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/polytile/polytile/internal/cli"
	"github.com/polytile/polytile/internal/termbar"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// searchFlags are the flags of a command that searches: solve, and draw
// of a spec.
type searchFlags struct {
	timeout time.Duration
	quiet   bool
}

// register registers --quiet and --timeout; stopped says what the
// command does when the time is up ("keeping what was found").
func (s *searchFlags) register(fl *pflag.FlagSet, stopped string) {
	fl.BoolVar(&s.quiet, "quiet", false, "show no progress bar")
	fl.DurationVar(&s.timeout, "timeout", 0, "stop after `DURATION` (such as 90s or 2h), "+stopped+" (0: no limit)")
}

// start returns the context of the search, which --timeout ends, and the
// progress bar to show it on (nil on no terminal, or with --quiet); stop
// releases them, taking the bar off the screen (once: later calls do
// nothing).
func (s *searchFlags) start(cmd *cobra.Command) (ctx context.Context, bar *termbar.Bar, stop func(), err error) {
	if s.timeout < 0 {
		return nil, nil, nil, cli.Usagef("--timeout %v: want a positive duration, such as 30s, or 0 for none", s.timeout)
	}
	ctx, cancel := cmd.Context(), context.CancelFunc(func() {})
	if s.timeout > 0 {
		ctx, cancel = context.WithTimeoutCause(ctx, s.timeout, fmt.Errorf("--timeout %v reached", s.timeout))
	}
	if !s.quiet && termbar.IsTerminal(cmd.ErrOrStderr()) {
		bar = termbar.New(cmd.ErrOrStderr())
	}
	return ctx, bar, sync.OnceFunc(func() {
		cancel()
		if bar != nil {
			bar.Clear()
		}
	}), nil
}
