package main

import (
	"github.com/polytile/polytile/puzzles"
	"github.com/spf13/cobra"
)

func newListCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "list",
		Short: "List the built-in puzzles and piece sets",
		Args:  exactArgs(0, "no arguments"),
		RunE: func(cmd *cobra.Command, args []string) error {
			return puzzles.WriteCatalog(cmd.OutOrStdout())
		},
	}
}
