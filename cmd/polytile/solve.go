package main

import (
	"cmp"
	"context"

	"github.com/polytile/polytile/internal/cli"
	"github.com/polytile/polytile/internal/safefile"
	"github.com/polytile/polytile/puzzles"
	"github.com/polytile/polytile/puzzles/results"
	"github.com/polytile/polytile/puzzles/specs"
	"github.com/spf13/cobra"
)

// solveFlags are the options of polytile solve.
type solveFlags struct {
	limit      int
	show       int
	noBreaking bool
	json       bool
	engine     string
	split      cli.SplitFlags
	search     cli.SearchFlags
	jsonl      string
	resume     string
	stats      bool
}

func newSolveCmd() *cobra.Command {
	var f solveFlags
	cmd := &cobra.Command{
		Use:     "solve SPEC",
		Short:   "Find the distinct solutions of a puzzle",
		Long:    help.Text("solve"),
		Example: help.Examples("solve"),
		Args:    cli.Args(1, 1, "one SPEC (a file or a built-in name)"),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runSolve(cmd, args[0], &f)
		},
	}
	fl := cmd.Flags()
	fl.IntVar(&f.limit, "limit", 0, "stop after `N` distinct solutions (0: find them all)")
	fl.IntVar(&f.show, "show", 3, "print the first `N` distinct solutions as ASCII grids")
	fl.BoolVar(&f.noBreaking, "no-symmetry-breaking", false, "search every raw solution instead of (mostly) one per class")
	fl.BoolVar(&f.json, "json", false, "print one JSON object with the counts and every distinct solution found")
	fl.StringVar(&f.engine, "engine", "auto", "search engine: dlx (Dancing Links), fill (64-bit masks: at most 64 pieces, boards about ten cells across or less) or auto (fill where it fits)")
	f.search.Register(fl, "keeping what was found: it is printed and saved, marked as partial")
	fl.StringVar(&f.jsonl, "jsonl", "", "stream the distinct solutions to `FILE` as JSON lines instead of keeping them")
	fl.StringVar(&f.resume, "resume", "", "stream to `FILE` as --jsonl does, continuing the stopped run that FILE (or the part a killed run left) holds")
	f.split.Register(fl, "search", "the search", "run only part `i/n` of the search: the i-th of n, from 0")
	fl.BoolVar(&f.stats, "stats", false, "print the search's statistics (nodes, rates, wall and CPU time) on standard error")
	cmd.ValidArgsFunction = completeSpec(false)
	return cmd
}

// check validates the flags that do not depend on the spec, and returns
// the shard to run.
func (f *solveFlags) check() (shard, shards int, err error) {
	switch {
	case f.limit < 0:
		return 0, 0, cli.Usagef("--limit %d: want 0 (no limit) or more", f.limit)
	case f.show < 0:
		return 0, 0, cli.Usagef("--show %d: want 0 or more", f.show)
	case f.json && f.jsonl != "":
		return 0, 0, cli.Usagef("--json keeps every solution to print it, --jsonl streams them to a file: choose one")
	case f.jsonl == "-" || f.resume == "-":
		return 0, 0, cli.Usagef("--jsonl and --resume write to a file: give its name")
	case f.resume != "" && (f.json || f.limit > 0 || (f.jsonl != "" && f.jsonl != f.resume)):
		return 0, 0, cli.Usagef("--resume FILE streams to FILE to the end of the search: it goes with neither --json, --limit nor another --jsonl")
	}
	f.jsonl = cmp.Or(f.resume, f.jsonl)
	return f.split.Split()
}

func runSolve(cmd *cobra.Command, name string, f *solveFlags) error {
	shard, shards, err := f.check()
	if err != nil {
		return err
	}
	defer cli.CapCores(f.split.Workers)()
	if err := safefile.NotInput("--jsonl", f.jsonl, name); err != nil {
		return err
	}
	engine, err := puzzles.ParseEngine(f.engine)
	if err != nil {
		return cli.Usagef("--engine: %w", err)
	}
	spec, err := specs.LoadContext(cmd.Context(), name)
	if err != nil {
		return err
	}
	ctx, progress, stop, err := cli.StartSearch[puzzles.Progress](&f.search, cmd)
	if err != nil {
		return err
	}
	defer stop()
	cfg := &puzzles.SolveConfig{
		Progress:           progress,
		NoSymmetryBreaking: f.noBreaking,
		Limit:              f.limit,
		Engine:             engine,
		Workers:            f.split.Workers,
		Shard:              shard,
		Shards:             shards,
	}
	run, solveErr := results.SolveKept(ctx, spec, cfg, results.Keep{Path: f.jsonl, Resume: f.resume != "", All: f.json, Show: f.show})
	stop()
	if run == nil {
		return solveErr
	}
	if err := run.Write(cmd.OutOrStdout(), f.json, f.show); err != nil {
		return err
	}
	if f.stats {
		if err := run.Stats().Write(cmd.ErrOrStderr()); err != nil {
			return err
		}
	}
	return run.Stopped(solveErr, context.Cause(ctx))
}
