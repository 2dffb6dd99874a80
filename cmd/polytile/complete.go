package main

import (
	"github.com/polytile/polytile/internal/cli"
	"github.com/polytile/polytile/palettes"
	"github.com/polytile/polytile/puzzles/geom"
	"github.com/polytile/polytile/puzzles/specs"
	"github.com/spf13/cobra"
)

// Shell completion: polytile completion bash|zsh|fish|powershell writes a
// script (cobra's) that completes commands and flags, and, through the
// functions here, a SPEC with the built-in puzzles (and files), a SET
// with the piece sets too, --palette and --format with their names.

// completeSpec completes the one SPEC argument with the built-in puzzles,
// and, if sets, the built-in piece sets first, beside the files the shell
// completes.
func completeSpec(sets bool) cobra.CompletionFunc {
	return cli.CompleteArg(func() []string {
		if sets {
			return append(geom.PieceSetNames(), specs.BuiltinNames()...)
		}
		return specs.BuiltinNames()
	})
}

// completeDrawing registers the completion of a command that draws: its
// SPEC (or SET, if sets), --palette and --format.
func completeDrawing(cmd *cobra.Command, sets bool) {
	cmd.ValidArgsFunction = completeSpec(sets)
	cli.CompleteFlags(cmd, map[string]func() []string{"palette": palettes.Names, "format": func() []string { return drawOutputs.Formats }})
}
