package main

import (
	"fmt"

	"github.com/polytile/polytile/internal/safefile"
	"github.com/polytile/polytile/puzzles/results"
	"github.com/spf13/cobra"
)

func newMergeCmd() *cobra.Command {
	var output, spec string
	cmd := &cobra.Command{
		Use:   "merge SHARD.jsonl...",
		Short: "Combine the shards of a search into its distinct solutions",
		Long: `Merge reads the files that polytile solve --shard i/n --jsonl wrote, one for
each of the n shards, checks that they are the n whole parts of one search
and every solution in them against the puzzle (the spec they name, or
--spec), and prints the result of the whole search as polytile solve --json
does, the same as an unsharded run prints.`,
		Example: `  parallel polytile solve pentominoes-6x10 --shard {}/8 --workers 1 --jsonl shard-{}.jsonl --quiet ::: $(seq 0 7)
  polytile merge shard-*.jsonl > 6x10.json`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return usagef("merge: want the shard files, got none")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := safefile.NotInput("-o", output, append(args, spec)...); err != nil {
				return err
			}
			res, err := results.MergeFiles(args, spec)
			if err != nil {
				return err
			}
			if output == "" || output == "-" {
				return res.Encode(cmd.OutOrStdout())
			}
			if err := safefile.WriteFile(output, res.Encode); err != nil {
				return err
			}
			fmt.Fprintf(cmd.ErrOrStderr(), "wrote %s\n", output)
			return nil
		},
	}
	cmd.Flags().StringVarP(&output, "output", "o", "", "write the JSON to `FILE` instead of standard output")
	cmd.Flags().StringVar(&spec, "spec", "", "check the solutions against the puzzle in `SPEC` (default: the one the shards name)")
	return cmd
}
