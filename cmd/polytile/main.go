// Command polytile solves tiling puzzles written as YAML specs and shows
// their essentially different solutions: polytile solve, count, draw, merge,
// pieces, palettes, list and schema. polytile help COMMAND (help/COMMAND.txt) says
// what each does and lists its flags; the look flags of draw and pieces are
// also the keys of a spec's render: mapping, the command line winning. The
// exit status is 0 on success, 1 on an error and 2 on bad usage.
package main

import (
	"context"
	"embed"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/polytile/polytile/internal/cli"
	"github.com/polytile/polytile/palettes"
	"github.com/polytile/polytile/puzzles/specs"
	"github.com/spf13/cobra"
)

func main() {
	// Ctrl-C, or the SIGTERM with which Kubernetes ends a pod, stops the
	// search cleanly; a second one ends the program at once, and so does
	// the first if the command has not ended stopGrace after it (a write
	// to a FIFO no one reads, a disk that does not answer).
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	go func() {
		<-ctx.Done()
		stop()
		time.Sleep(stopGrace)
		fmt.Fprintf(os.Stderr, "polytile: %v: stopped, %v after it, while still writing or reading: what it was writing may be incomplete\n", context.Cause(ctx), stopGrace)
		os.Exit(1)
	}()
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// stopGrace is how long the command may go on after SIGINT or SIGTERM
// before it is ended: every phase stops on its own well within it.
const stopGrace = 1500 * time.Millisecond

// run runs the command line args and returns the exit status.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	out := &cli.StickyWriter{W: stdout}
	return cli.Execute(ctx, newRoot(out, stderr), args, out, stderr, reword)
}

func newRoot(stdout, stderr io.Writer) *cobra.Command {
	root := &cobra.Command{
		Use:           "polytile",
		Short:         "Solve tiling puzzles written as YAML and show their distinct solutions",
		Long:          help.Text("polytile"),
		Version:       cli.Version(),
		SilenceErrors: true,
		SilenceUsage:  true,
		Args:          cli.Args(0, 0, "a command (polytile help lists them)"),
		RunE: func(cmd *cobra.Command, args []string) error {
			return cmd.Help()
		},
	}
	root.SetOut(stdout)
	root.SetErr(stderr)
	root.SetFlagErrorFunc(func(cmd *cobra.Command, err error) error {
		return cli.UsageError{Err: cli.FlagError(cmd, err)}
	})
	root.AddCommand(newSolveCmd(), newCountCmd(), newDrawCmd(), newPiecesCmd(), newMergeCmd(),
		listing("list", "List the built-in puzzles and piece sets", specs.WriteCatalog),
		listing("palettes", "List the colour palettes", palettes.WriteList),
		listing("schema", "Print a JSON Schema of the spec, for editors", specs.WriteSchema))
	addCompletion(root)
	return root
}

// listing returns a command of no arguments that writes a text: a list, or the schema.
func listing(name, short string, write func(io.Writer) error) *cobra.Command {
	return &cobra.Command{Use: name, Short: short, Long: help.Text(name), Example: help.Examples(name), Args: cli.Args(0, 0, "no arguments"),
		RunE: func(cmd *cobra.Command, args []string) error { return write(cmd.OutOrStdout()) }}
}

// helpFiles holds the long help of each command, and its examples, in
// help/NAME.txt: the help, then a line "Examples:" and the examples.
//
//go:embed help/*.txt
var helpFiles embed.FS

// help is the long help of the commands.
var help = cli.Help{FS: helpFiles, Dir: "help"}
