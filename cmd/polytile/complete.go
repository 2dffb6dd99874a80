package main

import (
	"strings"

	"github.com/polytile/polytile/internal/cli"
	"github.com/polytile/polytile/internal/suggest"
	"github.com/polytile/polytile/palettes"
	"github.com/polytile/polytile/puzzles/geom"
	"github.com/polytile/polytile/puzzles/specs"
	"github.com/polytile/polytile/render"
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
	return func(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		if len(args) > 0 {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		names := specs.BuiltinNames()
		if sets {
			names = append(geom.PieceSetNames(), names...)
		}
		return withPrefix(names, toComplete), cobra.ShellCompDirectiveDefault
	}
}

// completeWords completes a flag's value with the words words returns.
func completeWords(words func() []string) cobra.CompletionFunc {
	return func(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		return withPrefix(words(), toComplete), cobra.ShellCompDirectiveNoFileComp
	}
}

// withPrefix returns the words that start with prefix.
func withPrefix(words []string, prefix string) []cobra.Completion {
	var out []cobra.Completion
	for _, w := range words {
		if strings.HasPrefix(w, prefix) {
			out = append(out, w)
		}
	}
	return out
}

// formatNames returns the names --format takes.
func formatNames() []string {
	var out []string
	for _, f := range render.Formats() {
		out = append(out, f.String())
	}
	return out
}

// completeDrawing registers the completion of a command that draws: its
// SPEC (or SET, if sets), --palette and --format.
func completeDrawing(cmd *cobra.Command, sets bool) {
	cmd.ValidArgsFunction = completeSpec(sets)
	cmd.RegisterFlagCompletionFunc("palette", completeWords(palettes.Names))
	cmd.RegisterFlagCompletionFunc("format", completeWords(formatNames))
}

// addCompletion adds cobra's command polytile completion SHELL to root,
// now rather than when cobra runs, so that it is a command like the
// others (cli.Execute refuses a word that names none), and makes a shell
// it has no script for a usage error.
func addCompletion(root *cobra.Command) {
	root.InitDefaultCompletionCmd()
	c, _, err := root.Find([]string{"completion"})
	if err != nil || c == root {
		panic("polytile: cobra made no completion command")
	}
	var shells []string
	for _, sh := range c.Commands() {
		shells = append(shells, sh.Name())
	}
	c.Args = func(cmd *cobra.Command, args []string) error {
		if len(args) > 0 {
			return cli.Usagef("no completion for the shell %q%s; want %s", args[0], suggest.Phrase(suggest.Closest(args[0], shells)), orList(shells))
		}
		return nil
	}
	c.RunE = func(cmd *cobra.Command, args []string) error { return cmd.Help() }
}
