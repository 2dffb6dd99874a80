package main

import (
	"errors"
	"fmt"

	"github.com/polytile/polytile/render"
)

// checkOutput is render.CheckOutput for -o path and --format name, its
// error worded with them.
func checkOutput(path, name string) error {
	err := render.CheckOutput(path, name)
	var oe *render.OutputError
	switch {
	case !errors.As(err, &oe):
		return err
	case errors.Is(oe, render.ErrStdoutFormat):
		return errors.New("-o - writes to standard output: give --format svg, png, pdf or tex")
	case oe.Part == render.OutputFormat:
		return fmt.Errorf("--format %s: %s", oe.Format, oe.Reason())
	}
	return fmt.Errorf("-o %s: %s", oe.Path, oe.Reason())
}
