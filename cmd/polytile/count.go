package main

import (
	"github.com/polytile/polytile/internal/cli"
	"github.com/polytile/polytile/internal/termbar"
	"github.com/polytile/polytile/puzzles"
	"github.com/polytile/polytile/puzzles/results"
	"github.com/polytile/polytile/puzzles/specs"
	"github.com/spf13/cobra"
	"os"
)

func newCountCmd() *cobra.Command {
	var asJSON bool
	var workers, shards int
	var shard string
	var search cli.SearchFlags
	cmd := &cobra.Command{
		Use:     "count SPEC",
		Short:   "Count a puzzle's raw and distinct solutions exactly, without listing them",
		Long:    help.Text("count"),
		Example: help.Examples("count"),
		Args:    cli.Args(1, 1, "one SPEC (a file or a built-in name)"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if workers < 0 {
				return cli.Usagef("--workers %d: want 1 or more, or 0 for one per core", workers)
			}
			i, n, err := cli.Shard(shard, shards, os.Getenv)
			if err != nil {
				return cli.UsageError{Err: err}
			}
			defer cli.CapCores(workers)()
			spec, err := specs.LoadContext(cmd.Context(), args[0])
			if err != nil {
				return err
			}
			ctx, bar, stop, err := search.Start(cmd)
			if err != nil {
				return err
			}
			defer stop()
			c, err := puzzles.Count(ctx, spec.Problem, &puzzles.CountConfig{Workers: workers, Shard: i, Shards: n,
				Progress: termbar.Reporter[puzzles.CountProgress](bar)})
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
	fl.IntVar(&workers, "workers", 0, "count on `N` goroutines, on at most N cores (0: one per core)")
	search.Register(fl, "with an error and no count: a count is whole, or nothing")
	fl.StringVar(&shard, "shard", "", "count only part `i/n`, the i-th of n, from 0 (polytile merge adds the parts up)")
	fl.IntVar(&shards, "shards", 0, "the number of parts `N` the count is split into; the part is --shard's, or JOB_COMPLETION_INDEX")
	cmd.ValidArgsFunction = completeSpec(false)
	return cmd
}
