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
	"io"
	"os"

	"github.com/polytile/polytile/internal/cli"
	"github.com/polytile/polytile/palettes"
	"github.com/polytile/polytile/puzzles/specs"
	"github.com/spf13/cobra"
)

func main() {
	os.Exit(cli.Main("polytile", func(ctx context.Context) int { return run(ctx, os.Args[1:], os.Stdout, os.Stderr) }))
}

// run runs the command line args and returns the exit status.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	out := &cli.StickyWriter{W: stdout}
	return cli.Execute(ctx, newRoot(out, stderr), args, out, stderr, reword)
}

func newRoot(stdout, stderr io.Writer) *cobra.Command {
	return cli.Root("polytile", "Solve tiling puzzles written as YAML and show their distinct solutions", help, stdout, stderr,
		newSolveCmd(), newCountCmd(), newDrawCmd(), newPiecesCmd(), newMergeCmd(),
		cli.Listing("list", "List the built-in puzzles and piece sets", help, specs.WriteCatalog),
		cli.Listing("palettes", "List the colour palettes", help, palettes.WriteList),
		cli.Listing("schema", "Print a JSON Schema of the spec, for editors", help, specs.WriteSchema))
}

// helpFiles holds the long help of each command, and its examples, in
// help/NAME.txt: the help, then a line "Examples:" and the examples.
//
//go:embed help/*.txt
var helpFiles embed.FS

// help is the long help of the commands.
var help = cli.Help{FS: helpFiles, Dir: "help"}
