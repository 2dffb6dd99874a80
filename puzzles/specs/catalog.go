package specs

import (
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/polytile/polytile/puzzles/geom"
)

// WriteCatalog writes two tables to w, as polytile list prints them: the
// built-in puzzles (Builtins), and the built-in piece sets with their
// numbers of pieces and descriptions.
func WriteCatalog(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "PUZZLE\tBOARD\tCELLS\tPIECES\tTITLE")
	for _, b := range Builtins() {
		if b.Kind != "tiling" {
			fmt.Fprintf(tw, "%s\t%s\t\t\t%s\n", b.Name, b.Kind, b.Title)
			continue
		}
		fmt.Fprintf(tw, "%s\t%s\t%d\t%d\t%s\n", b.Name, b.Size, b.Cells, b.Pieces, b.Title)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if _, err := fmt.Fprintln(w); err != nil {
		return err
	}
	tw = tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "PIECE SET\tPIECES\tDESCRIPTION")
	for _, name := range geom.PieceSetNames() {
		pieces, err := geom.PieceSet(name)
		if err != nil {
			return err
		}
		fmt.Fprintf(tw, "%s\t%d\t%s\n", name, len(pieces), geom.PieceSetAbout(name))
	}
	return tw.Flush()
}
