package palettes

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
)

// WriteList writes a table of the built-in palettes to w: each one's name,
// number of colours and description, and its colours in hex on the next
// line (continuous palettes sampled to DefaultSamples), as polytile
// palettes prints it.
func WriteList(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "PALETTE\tCOLOURS\tDESCRIPTION")
	for _, name := range Names() {
		p, err := Named(name, 0)
		if err != nil {
			return err
		}
		hex := make([]string, len(p.Colors))
		for i, c := range p.Colors {
			hex[i] = Hex(c)
		}
		fmt.Fprintf(tw, "%s\t%d\t%s\n\t\t%s\n", name, len(p.Colors), About(name), strings.Join(hex, " "))
	}
	return tw.Flush()
}
