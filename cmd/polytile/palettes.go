package main

import (
	"github.com/polytile/polytile/palettes"
	"github.com/spf13/cobra"
)

func newPalettesCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "palettes",
		Short: "List the colour palettes",
		Long: `Palettes lists the named colour palettes that draw and pieces accept with
--palette, with their colours. A palette may also be given as a list of
colours (--palette '#e41a1c,#377eb8,gold'), and single pieces coloured with
--color F=tomato; in a spec, under render:, palette takes a name, a list,
or a map from piece name to colour.`,
		Args: exactArgs(0, "no arguments"),
		RunE: func(cmd *cobra.Command, args []string) error {
			return palettes.WriteList(cmd.OutOrStdout())
		},
	}
}
