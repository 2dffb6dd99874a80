package main

import (
	"io"

	"github.com/polytile/polytile/internal/cli"
	"github.com/polytile/polytile/internal/safefile"
	"github.com/polytile/polytile/puzzles/results"
	"github.com/spf13/cobra"
)

func newMergeCmd() *cobra.Command {
	var output, spec string
	cmd := &cobra.Command{
		Use:     "merge SHARD.jsonl...",
		Short:   "Combine the shards of a search into its distinct solutions",
		Long:    help.Text("merge"),
		Example: help.Examples("merge"),
		Args:    cli.Args(1, -1, "the shard files"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := safefile.NotInput("-o", output, append(args, spec)...); err != nil {
				return err
			}
			return cli.WriteOutput(cmd, output, func(w io.Writer) error { return results.MergeAnyTo(cmd.Context(), w, args, spec, "", 0) })
		},
	}
	cmd.Flags().StringVarP(&output, "output", "o", "", "write the JSON to `FILE` instead of standard output")
	cmd.Flags().StringVar(&spec, "spec", "", "check the solutions against the puzzle in `SPEC` (default: the one the shards name)")
	return cmd
}
