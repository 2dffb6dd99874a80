package cli

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/polytile/polytile/internal/safefile"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// Main runs run with a context that Ctrl-C, or the SIGTERM with which
// Kubernetes ends a pod, cancels, so that a search stops cleanly; a
// second signal ends the program at once, and so does the first if the
// command has not ended StopGrace after it (a write to a FIFO no one
// reads, a disk that does not answer), saying so on standard error as
// the program named name. It returns run's exit status.
func Main(name string, run func(ctx context.Context) int) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	go func() {
		<-ctx.Done()
		stop()
		time.Sleep(StopGrace)
		fmt.Fprintf(os.Stderr, "%s: %v: stopped, %v after it, while still writing or reading: what it was writing may be incomplete\n", name, context.Cause(ctx), StopGrace)
		os.Exit(1)
	}()
	defer stop()
	return run(ctx)
}

// StopGrace is how long a command may go on after SIGINT or SIGTERM
// before Main ends it: every phase stops on its own well within it.
const StopGrace = 1500 * time.Millisecond

// Listing returns a command of no arguments, named name, that writes a
// text (a list, a schema) with write; h holds its long help.
func Listing(name, short string, h Help, write func(io.Writer) error) *cobra.Command {
	return &cobra.Command{Use: name, Short: short, Long: h.Text(name), Example: h.Examples(name), Args: Args(0, 0, "no arguments"),
		RunE: func(cmd *cobra.Command, args []string) error { return write(cmd.OutOrStdout()) }}
}

// WriteOutput writes with write to the file at path, safely (a temporary
// file renamed), saying so on cmd's standard error, or to cmd's standard
// output if path is "" or "-".
func WriteOutput(cmd *cobra.Command, path string, write func(io.Writer) error) error {
	if path == "" || path == "-" {
		return write(cmd.OutOrStdout())
	}
	if err := safefile.WriteFile(path, write); err != nil {
		return err
	}
	fmt.Fprintf(cmd.ErrOrStderr(), "wrote %s\n", path)
	return nil
}

// SplitFlags are the flags that split a search: --workers, the goroutines
// on as many cores, and --shard and --shards, the part of it to run.
type SplitFlags struct {
	Workers int
	Shard   string
	Shards  int
}

// Register registers the flags; verb says what the command does
// ("search", "count"), what the search is ("the search", "the count"),
// and shard is the usage of --shard.
func (s *SplitFlags) Register(fl *pflag.FlagSet, verb, what, shard string) {
	fl.IntVar(&s.Workers, "workers", 0, verb+" on `N` goroutines, on at most N cores (0: one per core)")
	fl.StringVar(&s.Shard, "shard", "", shard)
	fl.IntVar(&s.Shards, "shards", 0, "the number of parts `N` "+what+" is split into; the part is --shard's, or "+IndexEnv)
}

// Split checks the flags and returns the part of the search to run, i of
// n (Shard, from the environment's IndexEnv when --shard is not given);
// a mistake is a usage error.
func (s *SplitFlags) Split() (i, n int, err error) {
	if s.Workers < 0 {
		return 0, 0, Usagef("--workers %d: want 1 or more, or 0 for one per core", s.Workers)
	}
	i, n, err = Shard(s.Shard, s.Shards, os.Getenv)
	if err != nil {
		return 0, 0, UsageError{Err: err}
	}
	return i, n, nil
}

// Root returns a program's root command, named name, of the given
// commands and cobra's completion (AddCompletion): with no command it
// prints its help (h's text of name); --version prints Version; its
// flags' errors are usage errors in a person's words (FlagError); it
// writes to stdout and stderr, and leaves errors to Execute.
func Root(name, short string, h Help, stdout, stderr io.Writer, commands ...*cobra.Command) *cobra.Command {
	root := &cobra.Command{
		Use:           name,
		Short:         short,
		Long:          h.Text(name),
		Version:       Version(),
		SilenceErrors: true,
		SilenceUsage:  true,
		Args:          Args(0, 0, "a command ("+name+" help lists them)"),
		RunE:          func(cmd *cobra.Command, args []string) error { return cmd.Help() },
	}
	root.SetOut(stdout)
	root.SetErr(stderr)
	root.SetFlagErrorFunc(func(cmd *cobra.Command, err error) error {
		return UsageError{Err: FlagError(cmd, err)}
	})
	root.AddCommand(commands...)
	AddCompletion(root)
	return root
}
