package specs

import (
	"bufio"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/polytile/polytile/puzzles/geom"
)

// plainName matches the piece names that YAML reads as strings without
// quotes.
var plainName = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_'.+-]*$`) })

// WritePieces writes pieces of lat as the pieces key of a spec: a list of
// entries, each a name and an ASCII picture of the piece ('#' for a cell),
// with its count and one-sidedness when they are not the defaults, and a
// lattice key first unless lat is the square lattice. It is what a spec
// needs to start from a built-in set and change it: Parse reads the
// pieces back as they are. A comment, when not empty, comes first, each
// of its lines marked with "# ".
func WritePieces(w io.Writer, comment string, lat geom.Lattice, pieces []geom.Piece) error {
	bw := bufio.NewWriter(w)
	if comment != "" {
		for _, line := range strings.Split(strings.TrimRight(comment, "\n"), "\n") {
			fmt.Fprintf(bw, "# %s\n", strings.TrimRight(line, " "))
		}
	}
	if lat != nil && lat != geom.Square {
		fmt.Fprintf(bw, "lattice: %s\n", lat.Name())
	}
	bw.WriteString("pieces:\n")
	for _, pc := range pieces {
		name := pc.Name
		if !plainName().MatchString(name) {
			name = strconv.Quote(name)
		}
		fmt.Fprintf(bw, "  - name: %s\n", name)
		pic := pc.String()
		indicator := ""
		if strings.HasPrefix(pic, " ") {
			// The first row starts with blanks: YAML needs to be told
			// how far in the rows are.
			indicator = "2"
		}
		fmt.Fprintf(bw, "    shape: |%s\n", indicator)
		for _, line := range geom.PictureLines(pic) {
			if line == "" {
				bw.WriteString("\n")
				continue
			}
			fmt.Fprintf(bw, "      %s\n", line)
		}
		if pc.Count > 1 {
			fmt.Fprintf(bw, "    count: %d\n", pc.Count)
		}
		if pc.OneSided {
			bw.WriteString("    one-sided: true\n")
		}
	}
	return bw.Flush()
}
