package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"

	"github.com/polytile/polytile/gallery"
	"github.com/polytile/polytile/internal/cli"
	"github.com/polytile/polytile/puzzles/specs"
	"github.com/polytile/polytile/render"
	"github.com/spf13/pflag"
)

// lookFlags are the flags that set how pictures look: one for each row of
// the table of render keys (specs.RenderKeyTable), of the key's name,
// with its usage as help. Their values are kept as written, in the order
// given, and read by specs.RenderOptions.Set.
type lookFlags struct {
	given []cli.Setting
}

func (l *lookFlags) register(fl *pflag.FlagSet) {
	for _, k := range specs.RenderKeyTable() {
		cli.Record(fl, k.Name, k.Usage, k.Kind == specs.RenderKindBool, &l.given)
	}
}

// renderOptions returns the render options that the command line sets,
// each with no position (so that an error names its flag), laid over the
// spec's (specs.RenderOptions.Over): a flag wins over the spec's key of
// its name, and --color over the spec's piece colours piece by piece.
func (l *lookFlags) renderOptions(spec *specs.Spec) (*specs.RenderOptions, error) {
	r := &specs.RenderOptions{}
	for _, v := range l.given {
		if err := r.Set(v.Name, v.Value); err != nil {
			return nil, cli.UsageError{Err: flagWords(err)}
		}
	}
	if spec == nil {
		return r, nil
	}
	return r.Over(spec.Render), nil
}

// flagWords words err with the look flags: a *specs.RenderKeyError, a
// mistake in a value that no spec wrote, is one in the flag of its key's
// name, as in --columns: "x": want …, or, for a value of the wrong form,
// --color "red": want …, in whatever words wrap it.
func flagWords(err error) error {
	if ke := (*specs.RenderKeyError)(nil); errors.As(err, &ke) {
		ke.Name = "--" + ke.Key
	}
	return err
}

// savedNote says on w what of a saved file's look is left out (note, as
// results.Saved.Note says it), unless --font sets the font.
func (l *lookFlags) savedNote(w io.Writer, note string) {
	if note != "" && !slices.ContainsFunc(l.given, func(s cli.Setting) bool { return s.Name == "font" }) {
		fmt.Fprintf(w, "polytile: warning: %s; --font sets a font of your own\n", note)
	}
}

// options returns the gallery's and the renderer's options that the
// command line and the spec (nil for none) set, for a puzzle of the named
// pieces (continuous palettes are sampled to their number; a colour for
// another piece is a mistake), checked by uses (nil: not checked), which
// says that the drawing uses every key set (gallery.CheckKeys,
// gallery.CheckLatticeKeys). A bad value on the command line is a usage
// error; one in the spec an error at its line and column.
func (l *lookFlags) options(ctx context.Context, spec *specs.Spec, names []string, uses func(*specs.RenderOptions) error) (*gallery.Options, *render.Options, error) {
	r, err := l.renderOptions(spec)
	if err != nil {
		return nil, nil, err
	}
	opt, err := gallery.NewOptionsContext(ctx, r, len(names))
	if err == nil {
		err = r.CheckPieces(names)
	}
	if err == nil && uses != nil {
		err = uses(r)
	}
	if err == nil {
		var ropt *render.Options
		if ropt, err = render.OptionsOf(r); err == nil {
			return opt, ropt, nil
		}
	}
	if errors.As(err, new(*specs.SpecError)) {
		return nil, nil, err
	}
	if ctx.Err() != nil {
		return nil, nil, flagWords(err) // a stop (a font's search) is no mistake of usage
	}
	return nil, nil, cli.UsageError{Err: flagWords(err)}
}
