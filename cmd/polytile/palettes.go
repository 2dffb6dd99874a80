package main

import (
	"fmt"
	"strings"
	"text/tabwriter"

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
			w := tabwriter.NewWriter(cmd.OutOrStdout(), 0, 4, 2, ' ', 0)
			fmt.Fprintln(w, "PALETTE\tCOLOURS\tDESCRIPTION")
			for _, name := range palettes.Names() {
				p, err := palettes.Named(name, 0)
				if err != nil {
					return err
				}
				var hex []string
				for _, c := range p.Colors {
					hex = append(hex, palettes.Hex(c))
				}
				fmt.Fprintf(w, "%s\t%d\t%s\n\t\t%s\n", name, len(p.Colors), palettes.About(name), strings.Join(hex, " "))
			}
			return w.Flush()
		},
	}
}
