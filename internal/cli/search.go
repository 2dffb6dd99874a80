package cli

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/polytile/polytile/internal/termbar"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// SearchFlags are the flags of a command that searches: --timeout and
// --quiet.
type SearchFlags struct {
	Timeout time.Duration
	Quiet   bool
}

// Register registers --quiet and --timeout; stopped says what the
// command does when the time is up ("keeping what was found").
func (s *SearchFlags) Register(fl *pflag.FlagSet, stopped string) {
	fl.BoolVar(&s.Quiet, "quiet", false, "show no progress bar")
	fl.DurationVar(&s.Timeout, "timeout", 0, "stop after `DURATION` (such as 90s or 2h), "+stopped+" (0: no limit)")
}

// StartSearch is s.Start with the bar as the function that reports a
// search's progress, of type R, on it (nil without a bar).
func StartSearch[R termbar.Report](s *SearchFlags, cmd *cobra.Command) (ctx context.Context, progress func(R), stop func(), err error) {
	ctx, bar, stop, err := s.Start(cmd)
	return ctx, termbar.Reporter[R](bar), stop, err
}

// Start returns the context of the search, which --timeout ends, and the
// progress bar to show it on (nil on no terminal, or with --quiet); stop
// releases them, taking the bar off the screen (once: later calls do
// nothing).
func (s *SearchFlags) Start(cmd *cobra.Command) (ctx context.Context, bar *termbar.Bar, stop func(), err error) {
	if s.Timeout < 0 {
		return nil, nil, nil, Usagef("--timeout %v: want a positive duration, such as 30s, or 0 for none", s.Timeout)
	}
	ctx, cancel := cmd.Context(), context.CancelFunc(func() {})
	if s.Timeout > 0 {
		ctx, cancel = context.WithTimeoutCause(ctx, s.Timeout, fmt.Errorf("--timeout %v reached", s.Timeout))
	}
	if !s.Quiet && termbar.IsTerminal(cmd.ErrOrStderr()) {
		bar = termbar.New(cmd.ErrOrStderr())
	}
	return ctx, bar, sync.OnceFunc(func() {
		cancel()
		if bar != nil {
			bar.Clear()
		}
	}), nil
}
