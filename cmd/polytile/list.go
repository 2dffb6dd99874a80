package main

import (
	"fmt"
	"text/tabwriter"

	"github.com/polytile/polytile/puzzles"
	"github.com/spf13/cobra"
)

func newListCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "list",
		Short: "List the built-in puzzles and piece sets",
		Args:  exactArgs(0, "no arguments"),
		RunE: func(cmd *cobra.Command, args []string) error {
			w := tabwriter.NewWriter(cmd.OutOrStdout(), 0, 4, 2, ' ', 0)
			fmt.Fprintln(w, "PUZZLE\tBOARD\tCELLS\tPIECES\tTITLE")
			for _, b := range puzzles.Builtins() {
				fmt.Fprintf(w, "%s\t%s\t%d\t%d\t%s\n", b.Name, b.Size, b.Cells, b.Pieces, b.Title)
			}
			if err := w.Flush(); err != nil {
				return err
			}
			fmt.Fprintln(cmd.OutOrStdout())
			w = tabwriter.NewWriter(cmd.OutOrStdout(), 0, 4, 2, ' ', 0)
			fmt.Fprintln(w, "PIECE SET\tPIECES\tDESCRIPTION")
			for _, name := range puzzles.PieceSetNames() {
				pieces, err := puzzles.PieceSet(name)
				if err != nil {
					return err
				}
				fmt.Fprintf(w, "%s\t%d\t%s\n", name, len(pieces), puzzles.PieceSetAbout(name))
			}
			return w.Flush()
		},
	}
}
