package main

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/polytile/polytile/gallery"
	"github.com/polytile/polytile/internal/cli"
	"github.com/polytile/polytile/internal/plural"
	"github.com/polytile/polytile/internal/safefile"
	"github.com/polytile/polytile/puzzles"
	"github.com/polytile/polytile/puzzles/geom"
	"github.com/polytile/polytile/puzzles/results"
	"github.com/polytile/polytile/puzzles/specs"
	"github.com/polytile/polytile/render"
	"github.com/polytile/polytile/render/mesh"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// drawFlags are the options of polytile draw and polytile pieces.
type drawFlags struct {
	outs           cli.Outputs // what -o takes
	output, format string
	look           lookFlags
	fig            gallery.Figure // what to draw, its Progress set by the search
	search         cli.SearchFlags
}

func newDrawCmd() *cobra.Command {
	f := drawFlags{outs: drawOutputs}
	cmd := &cobra.Command{
		Use:     "draw SPEC -o FILE",
		Short:   "Draw the distinct solutions of a puzzle as " + drawOutputs.Short(),
		Long:    help.Text("draw"),
		Example: help.Examples("draw"),
		Args:    cli.Args(1, 1, "one SPEC (a file or a built-in name)"),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runDraw(cmd, args[0], &f)
		},
	}
	fl := cmd.Flags()
	f.register(fl)
	fl.IntVar(&f.fig.Pick.Limit, "limit", 0, "draw at most `N` solutions (0: all)")
	fl.BoolVar(&f.fig.Pick.Raw, "raw", false, "draw every raw solution, not one per class")
	fl.IntVar(&f.fig.Pick.Nth, "solution", 0, "draw only the `K`-th distinct solution (from 1)")
	f.search.Register(fl, "drawing nothing: the search is stopped with an error")
	fl.BoolVar(&f.fig.Tree, "search", false, "draw the search tree of Algorithm X over the matrix (of a large problem, with --depth)")
	fl.IntVar(&f.fig.Depth, "depth", 0, "with --search, draw the tree down to depth `N`, what lies below each node there counted (0: all of it)")
	fl.BoolVar(&f.fig.Matrix, "matrix", false, "draw the puzzle's exact-cover matrix (with --solution K, its rows marked)")
	fl.BoolVar(&f.fig.Puzzle, "puzzle", false, "draw the puzzle, not its solutions: the empty board and the pieces to place")
	completeDrawing(cmd, false)
	return cmd
}

func newPiecesCmd() *cobra.Command {
	f := drawFlags{outs: piecesOutputs}
	var ascii bool
	cmd := &cobra.Command{
		Use:     "pieces SET -o FILE",
		Short:   "Draw a set of pieces with their names, as " + piecesOutputs.Short(),
		Long:    help.Text("pieces"),
		Example: help.Examples("pieces"),
		Args:    cli.Args(1, 1, "one SET (a piece set, a spec file or a built-in puzzle)"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if cmd.Flags().Changed("labels") {
				return cli.Usagef("--labels: pieces names every piece under it already (--letters writes the names on them)")
			}
			if !ascii {
				if err := f.check(args[0]); err != nil {
					return err
				}
			}
			l, err := specs.LoadPiecesContext(cmd.Context(), args[0])
			if err != nil {
				return err
			}
			if ascii {
				return specs.WritePieces(cmd.OutOrStdout(), specs.PiecesAbout(args[0], l.Spec), l.Lattice, l.Pieces)
			}
			if format, ok := mesh.FormatOf(f.output); ok {
				return f.print(cmd, l.Spec, mesh.PiecesTo(f.output, format, l.Lattice, l.Pieces))
			}
			uses := func(r *specs.RenderOptions) error { return gallery.CheckLatticeKeys(l.Lattice, r) }
			return f.draw(cmd, l.Spec, geom.Names(l.Pieces), nil, uses, func(opt *gallery.Options) ([]*gallery.Sheet, error) {
				opt.Lattice = l.Lattice
				return gallery.Pieces(l.Pieces, opt)
			})
		},
	}
	f.register(cmd.Flags())
	cmd.Flags().MarkHidden("labels")
	cmd.Flags().BoolVar(&ascii, "ascii", false, "print the pieces as a spec's pieces: ASCII pictures, on standard output")
	completeDrawing(cmd, true)
	return cmd
}

func (f *drawFlags) register(fl *pflag.FlagSet) {
	fl.StringVarP(&f.output, "output", "o", "", f.outs.OutputUsage())
	fl.StringVar(&f.format, "format", "", f.outs.FormatUsage())
	f.look.register(fl)
}

// check validates the flags that do not depend on the spec, and that the
// output is not the input.
func (f *drawFlags) check(input string) error {
	g, pick := f.fig, f.fig.Pick
	switch {
	case pick.Limit < 0:
		return cli.Usagef("--limit %d: want 0 (no limit) or more", pick.Limit)
	case pick.Nth < 0:
		return cli.Usagef("--solution %d: want a solution number from 1", pick.Nth)
	case g.Depth < 0:
		return cli.Usagef("--depth %d: want a depth from 1, or 0 for the whole tree", g.Depth)
	case g.Depth > 0 && !g.Tree:
		return cli.Usagef("--depth %d: it cuts the search tree; give it with --search", g.Depth)
	case pick.Nth > 0 && (pick.Raw || pick.Limit > 0) || (g.Puzzle || g.Matrix || g.Tree) && (pick.Raw || pick.Limit > 0) || g.Puzzle && (pick.Nth > 0 || g.Matrix || g.Tree) || g.Tree && (g.Matrix || pick.Nth > 0):
		return cli.Usagef("--puzzle, --matrix and --search draw one figure each, and --solution one solution: give one of them, without --raw and --limit (--matrix may take --solution)")
	}
	if err := checkOutput(f.outs, f.output, f.format); err != nil {
		return cli.UsageError{Err: err}
	}
	return safefile.NotInput("-o", f.output, input)
}

// draw lays out, with the look that the command line and spec (nil for
// none) set for a puzzle of the named pieces, fig (nil for a piece set)
// what is drawn of it, checked by uses (see
// lookFlags.options), and writes the sheets.
func (f *drawFlags) draw(cmd *cobra.Command, spec *specs.Spec, pieces []string, fig *gallery.Figure, uses func(*specs.RenderOptions) error, layout func(*gallery.Options) ([]*gallery.Sheet, error)) error {
	opt, ropt, err := f.look.options(cmd.Context(), spec, pieces, uses)
	if err != nil {
		return err
	}
	format, err := render.FormatFor(f.output, f.format)
	if err != nil {
		return err
	}
	// A font the format cannot set text in is refused before the search.
	if err := render.CheckFont(format, opt.Font); err != nil {
		return f.fontWords(err)
	}
	if w := opt.PaletteWarning(pieces); w != "" {
		fmt.Fprintln(cmd.ErrOrStderr(), "polytile: warning:", w)
	}
	sheets, err := layout(opt)
	if err != nil {
		return err
	}
	if n := gallery.FindSmallText(sheets); n != nil {
		fmt.Fprintln(cmd.ErrOrStderr(), "polytile: warning:", smallTextWords(n, sheets[0], opt, fig))
	}
	// Write the sheets where -o says, and say on stderr what was written.
	paths, err := render.Output(cmd.Context(), cmd.OutOrStdout(), f.output, format, sheets, ropt)
	for _, p := range paths {
		fmt.Fprintf(cmd.ErrOrStderr(), "wrote %s\n", p)
	}
	return err
}

func runDraw(cmd *cobra.Command, name string, f *drawFlags) error {
	if err := f.check(name); err != nil {
		return err
	}
	if results.IsSaved(name) {
		return f.drawSaved(cmd, name)
	}
	spec, err := specs.LoadContext(cmd.Context(), name)
	if err != nil {
		return err
	}
	if err := gallery.CheckSite(spec.Problem); render.IsSite(f.output) && err != nil {
		return cli.Usagef("-o %s: %v (draw it as %s)", f.output, err, cli.OrList(f.outs.Pictures))
	}
	ctx, progress, stop, err := cli.StartSearch[puzzles.Progress](&f.search, cmd)
	if err != nil {
		return err
	}
	defer stop()
	if render.IsSite(f.output) {
		all, err := results.SolveAll(ctx, spec, &puzzles.SolveConfig{Progress: progress})
		stop()
		if err != nil {
			return fmt.Errorf("search stopped: %w; nothing written", err)
		}
		return f.drawSite(cmd, all)
	}
	if format, ok := mesh.FormatOf(f.output); ok {
		return f.print(cmd, spec, func(r *specs.RenderOptions) (string, error) {
			return f.output, f.drawWords(mesh.PrintSolution(ctx, f.output, format, spec.Problem, f.fig.Pick.Nth, r), name+" has")
		})
	}
	f.fig.Pick.Progress = progress
	uses := func(r *specs.RenderOptions) error { return gallery.CheckKeys(spec.Problem, f.fig, r) }
	return f.draw(cmd, spec, spec.PieceNames(), &f.fig, uses, func(opt *gallery.Options) ([]*gallery.Sheet, error) {
		sheets, err := gallery.Draw(ctx, spec, f.fig, opt)
		stop()
		return sheets, f.drawWords(err, name+" has")
	})
}

// print writes pieces to print with write, the look flags over the spec's, each used (mesh.CheckKeys); write says what it wrote.
func (f *drawFlags) print(cmd *cobra.Command, spec *specs.Spec, write func(*specs.RenderOptions) (string, error)) error {
	r, err := f.look.renderOptions(spec)
	if err != nil {
		return err
	}
	if err := mesh.CheckKeys(r); err != nil {
		return cli.UsageError{Err: flagWords(err)}
	}
	what, err := write(r)
	if err == nil {
		fmt.Fprintf(cmd.ErrOrStderr(), "wrote %s\n", what)
	}
	return flagWords(err)
}

// smallTextWords words the note that a figure's text is small, on sheets
// whose first is first, laid out with opt, of fig (nil: pieces), with the
// flags that would make it larger.
func smallTextWords(n *gallery.SmallText, first *gallery.Sheet, opt *gallery.Options, fig *gallery.Figure) string {
	w, _ := first.SizeText()
	var help []string
	if fig != nil && !fig.Puzzle && !fig.Matrix && !fig.Tree && fig.Pick.Nth == 0 {
		help = append(help, "fewer solutions (--limit N)")
	}
	switch {
	case opt.Width > 0 || opt.Height > 0:
		if len(first.Frames) > 1 {
			help = append(help, "other --columns")
		}
		if opt.Width > 0 {
			help = append(help, "a larger --width")
		} else {
			help = append(help, "a larger --height")
		}
	default:
		help = append(help, "a larger --cell-size or --width")
	}
	return fmt.Sprintf("the figure, %s wide, has %s: hard to read in print; %s would make them larger", w, n, cli.OrList(help))
}

// fontWords words render's refusal of a font for the output's format
// for the command line.
func (f *drawFlags) fontWords(err error) error {
	var fe *render.FontFormatError
	if !errors.As(err, &fe) {
		return err
	}
	format := strings.ToUpper(fe.Format.String())
	return cli.Usagef("-o %s: the font %q has PostScript (CFF) outlines, which %s does not embed: give --font a font with TrueType outlines (a .ttf file, or the family of one), or draw SVG, PNG or TikZ", f.output, fe.Family, format)
}

// drawWords words gallery's errors for the command line; has begins the
// message that there is nothing to draw.
func (f *drawFlags) drawWords(err error, has string) error {
	var stopped *gallery.StoppedError
	var none *gallery.NoSolutionError
	var large *gallery.TooLargeError
	var tree *puzzles.TreeTooLargeError
	switch {
	case errors.As(err, &large) && render.IsSite(f.output):
		return fmt.Errorf("%w: a web gallery shows every solution; draw some as a poster instead, with --limit N", err)
	case errors.As(err, &large):
		return fmt.Errorf("%w: draw some with --limit N, or one with --solution K", err)
	case errors.As(err, &tree) && tree.Fits > 0:
		return fmt.Errorf("%w; draw it down to depth %d with --depth %d", err, tree.Fits, tree.Fits)
	case errors.As(err, &stopped):
		return fmt.Errorf("search stopped: %w; nothing drawn (%s had been found; --limit draws the first ones)", stopped.Err, plural.Of(stopped.Found, "solution"))
	case errors.As(err, new(*mesh.OneSolutionError)):
		return cli.Usagef("-o %s: %v: give --solution K", f.output, err)
	case errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded):
		return fmt.Errorf("%w; nothing written", err)
	case !errors.As(err, &none):
		return err
	case none.Nth > 0 && f.fig.Matrix:
		return cli.Usagef("--solution %d: the puzzle has %s", none.Nth, plural.Of(none.Total, "distinct solution"))
	case none.Nth > none.Total && none.Total >= 0:
		return cli.Usagef("--solution %d: the puzzle has %s; want 1 to %d", none.Nth, plural.Of(none.Total, "distinct solution"), none.Total)
	}
	return fmt.Errorf("%s no solutions: nothing to draw", has)
}

// drawSite writes the web gallery of all the solutions, with the look the
// command line and the spec set, offering their saved results.
func (f *drawFlags) drawSite(cmd *cobra.Command, all *results.All) error {
	uses := func(r *specs.RenderOptions) error { return gallery.CheckKeys(all.Spec.Problem, gallery.Figure{}, r) }
	f.look.savedNote(cmd.ErrOrStderr(), all.Note)
	opt, ropt, err := f.look.options(cmd.Context(), all.Spec, all.Spec.PieceNames(), uses)
	if err != nil {
		return err
	}
	paths, err := render.WriteGallery(cmd.Context(), f.output, all, opt, ropt)
	if err == nil {
		fmt.Fprintf(cmd.ErrOrStderr(), "wrote %s and %s beside it\n", f.output, plural.Of(len(paths)-1, "file"))
	}
	return f.drawWords(err, "")
}

// drawSaved draws the solutions the file of saved results at path holds,
// without solving again, with its spec's look.
func (f *drawFlags) drawSaved(cmd *cobra.Command, path string) error {
	if render.IsSite(f.output) {
		all, err := gallery.LoadSite(cmd.Context(), path)
		if err != nil {
			return f.drawWords(err, path)
		}
		return f.drawSite(cmd, all)
	}
	if _, ok := mesh.FormatOf(f.output); ok {
		return cli.Usagef("-o %s: a saved file is drawn as a picture (%s); pieces to print come from its spec: polytile draw SPEC -o %s --solution K", f.output, cli.OrList(f.outs.Pictures), f.output)
	}
	saved, err := gallery.LoadSaved(cmd.Context(), path, f.fig)
	if err != nil {
		return f.drawWords(err, path)
	}
	f.look.savedNote(cmd.ErrOrStderr(), saved.Note)
	uses := func(r *specs.RenderOptions) error { return gallery.CheckKeys(saved.Spec.Problem, f.fig, r) }
	return f.draw(cmd, saved.Spec, saved.Spec.PieceNames(), &f.fig, uses, func(opt *gallery.Options) ([]*gallery.Sheet, error) {
		sheets, err := gallery.DrawSaved(cmd.Context(), saved, f.fig, opt)
		return sheets, f.drawWords(err, path+" holds")
	})
}
