package main

import (
	"errors"
	"strings"

	"github.com/polytile/polytile/gallery"
	"github.com/polytile/polytile/internal/cli"
	"github.com/polytile/polytile/puzzles"
	"github.com/polytile/polytile/render"
	"github.com/spf13/pflag"
)

// lookFlags are the flags that set how pictures look: one for each key of
// a spec's render: mapping (puzzles.RenderKeys), of the same name. Their
// values are kept as written, in the order given, and read by
// puzzles.RenderOptions.Set.
type lookFlags struct {
	given []cli.Setting
}

func (l *lookFlags) register(fl *pflag.FlagSet) {
	for _, key := range puzzles.RenderKeys() {
		f := fl.VarPF(&cli.Recorder{Name: key, Bool: puzzles.RenderKeyIsFlag(key), Into: &l.given}, key, "", puzzles.RenderKeyUsage(key))
		if puzzles.RenderKeyIsFlag(key) {
			f.NoOptDefVal = "true"
		}
	}
}

// renderOptions returns the render options that the command line sets,
// each with no position (so that an error names its flag), laid over the
// spec's (puzzles.RenderOptions.Over): a flag wins over the spec's key of
// its name, and --color over the spec's piece colours piece by piece.
func (l *lookFlags) renderOptions(spec *puzzles.Spec) (*puzzles.RenderOptions, error) {
	r := &puzzles.RenderOptions{}
	for _, v := range l.given {
		if err := r.Set(v.Name, v.Value); err != nil {
			return nil, cli.UsageError{Err: err}
		}
	}
	if spec == nil {
		return r, nil
	}
	return r.Over(spec.Render), nil
}

// options returns the gallery's and the renderer's options that the
// command line and the spec (nil for none) set, for a puzzle of the named
// pieces (continuous palettes are sampled to their number; a colour for
// another piece is a mistake). A bad value on the command line is a usage
// error; one in the spec an error at its line and column.
func (l *lookFlags) options(spec *puzzles.Spec, names []string) (*gallery.Options, *render.Options, error) {
	r, err := l.renderOptions(spec)
	if err != nil {
		return nil, nil, err
	}
	opt, err := gallery.NewOptions(r, len(names))
	if err == nil {
		err = r.CheckPieces(names)
	}
	if err == nil {
		var dpi float64
		if dpi, err = resolution(r); err == nil {
			return opt, &render.Options{DPI: dpi}, nil
		}
	}
	if errors.As(err, new(*puzzles.SpecError)) {
		return nil, nil, err
	}
	return nil, nil, cli.UsageError{Err: err}
}

// resolution returns the PNG's resolution that r's scale or dpi gives
// (render.DPIOf), blaming scale for a bad scale and dpi for the rest.
func resolution(r *puzzles.RenderOptions) (float64, error) {
	unprefixed := func(err error) error { return errors.New(strings.TrimPrefix(err.Error(), "render: ")) }
	if _, err := render.DPIOf(r.Scale.Value, 0); err != nil {
		return 0, r.Scale.Fail("scale", unprefixed(err))
	}
	dpi, err := render.DPIOf(r.Scale.Value, r.DPI.Value)
	if err != nil {
		return 0, r.DPI.Fail("dpi", unprefixed(err))
	}
	return dpi, nil
}
