package main

import (
	"errors"
	"fmt"

	"github.com/polytile/polytile/internal/cli"
	"github.com/polytile/polytile/render"
	"github.com/polytile/polytile/render/mesh"
)

var (
	drawOutputs   = outputsFor("draw", true, true)
	piecesOutputs = outputsFor("pieces", false, true)
)

// outputsFor returns what -o of command takes: pictures (.svg, .png, .pdf,
// .tex: render's formats) and, if site, a web gallery, and, if prints,
// pieces to print (.stl, .3mf: mesh's formats).
func outputsFor(command string, site, prints bool) cli.Outputs {
	o := cli.Outputs{Command: command, Site: ".html", Stdout: render.Stdout, WritesSite: site, WritesPrints: prints}
	for _, f := range render.Formats() {
		o.Pictures = append(o.Pictures, "."+f.String())
		o.Formats = append(o.Formats, f.String())
	}
	for _, f := range mesh.Formats() {
		o.Prints = append(o.Prints, "."+f.String())
	}
	return o
}

// checkOutput checks that the command can write -o path, in the --format
// name if given: o.Check, and render.CheckOutput, its errors worded with
// -o and --format.
func checkOutput(o cli.Outputs, path, name string) error {
	if err := o.Check(path, name); err != nil {
		return err
	}
	err := render.CheckOutput(path, name)
	var oe *render.OutputError
	switch {
	case !errors.As(err, &oe):
		return err
	case errors.Is(oe, render.ErrStdoutFormat):
		return fmt.Errorf("-o - writes to standard output: give --format %s", cli.OrList(o.Formats))
	case oe.Field == render.OutputFormat:
		return fmt.Errorf("--format %s: %s", oe.Format, oe.Reason())
	}
	return fmt.Errorf("-o %s: %s", oe.Path, oe.Reason())
}
