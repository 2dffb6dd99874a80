package main

import (
	"github.com/polytile/polytile/palettes"
	"github.com/spf13/cobra"
)

func newPalettesCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "palettes",
		Short: "List the colour palettes",
		Long:  helpText("palettes"),
		Args:  exactArgs(0, "no arguments"),
		RunE: func(cmd *cobra.Command, args []string) error {
			return palettes.WriteList(cmd.OutOrStdout())
		},
	}
}
