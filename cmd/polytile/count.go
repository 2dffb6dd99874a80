package main

import (
	"github.com/polytile/polytile/internal/cli"
	"github.com/polytile/polytile/puzzles"
	"github.com/polytile/polytile/puzzles/results"
	"github.com/polytile/polytile/puzzles/specs"
	"github.com/spf13/cobra"
)

func newCountCmd() *cobra.Command {
	var asJSON bool
	var split cli.SplitFlags
	var search cli.SearchFlags
	cmd := &cobra.Command{
		Use:     "count SPEC",
		Short:   "Count a puzzle's raw and distinct solutions exactly, without listing them",
		Long:    help.Text("count"),
		Example: help.Examples("count"),
		Args:    cli.Args(1, 1, "one SPEC (a file or a built-in name)"),
		RunE: func(cmd *cobra.Command, args []string) error {
			i, n, err := split.Split()
			if err != nil {
				return err
			}
			defer cli.CapCores(split.Workers)()
			spec, err := specs.LoadContext(cmd.Context(), args[0])
			if err != nil {
				return err
			}
			ctx, progress, stop, err := cli.StartSearch[puzzles.CountProgress](&search, cmd)
			if err != nil {
				return err
			}
			defer stop()
			c, err := puzzles.Count(ctx, spec.Problem, &puzzles.CountConfig{Workers: split.Workers, Shard: i, Shards: n, Progress: progress})
			stop()
			if err != nil {
				return err
			}
			if asJSON {
				return results.WriteCounts(cmd.OutOrStdout(), results.CountHeader(spec, c), c)
			}
			return c.Write(cmd.OutOrStdout(), spec.Name, false)
		},
	}
	fl := cmd.Flags()
	fl.BoolVar(&asJSON, "json", false, "print one JSON object, the counts as exact integers")
	search.Register(fl, "with an error and no count: a count is whole, or nothing")
	split.Register(fl, "count", "the count", "count only part `i/n`, the i-th of n, from 0 (polytile merge adds the parts up)")
	cmd.ValidArgsFunction = completeSpec(false)
	return cmd
}
