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
// entries, each a name and an ASCII picture of the piece ('#' for a cell;
// on the stick lattice '+', '-' and '|'),
// with its count and one-sidedness when they are not the defaults, and a
// lattice key first unless lat is the square lattice. A solid's shape is a
// list of its layers' pictures, bottom first; it is one-sided without
// saying so. It is what a spec
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
	lat = geom.OrDefault(lat)
	if !lat.Default() {
		fmt.Fprintf(bw, "lattice: %s\n", lat.Name())
	}
	bw.WriteString("pieces:\n")
	for _, pc := range pieces {
		name := pc.Name
		if !plainName().MatchString(name) {
			name = strconv.Quote(name)
		}
		fmt.Fprintf(bw, "  - name: %s\n", name)
		if pics := lat.PiecePictures(pc); layered(lat) {
			// A list of the layers' pictures, bottom first.
			bw.WriteString("    shape:\n")
			for _, pic := range pics {
				writePicture(bw, "      - |", "        ", pic)
			}
		} else {
			writePicture(bw, "    shape: |", "      ", pics[0])
		}
		if pc.Count > 1 {
			fmt.Fprintf(bw, "    count: %d\n", pc.Count)
		}
		if pc.OneSided && lat.Reflectable() {
			bw.WriteString("    one-sided: true\n")
		}
	}
	return bw.Flush()
}

// writePicture writes pic as a YAML literal block: head ("shape: |"),
// with the indentation indicator that a first row starting with blanks
// needs, then the rows, each after indent.
func writePicture(bw *bufio.Writer, head, indent, pic string) {
	indicator := ""
	if strings.HasPrefix(strings.TrimLeft(pic, "\n"), " ") || strings.HasPrefix(pic, "\n") {
		// The first row starts with blanks, or is blank: YAML needs to
		// be told how far in the rows are.
		indicator = "2"
	}
	fmt.Fprintf(bw, "%s%s\n", head, indicator)
	for _, line := range geom.PictureLines(pic) {
		if line == "" {
			bw.WriteString("\n")
			continue
		}
		fmt.Fprintf(bw, "%s%s\n", indent, line)
	}
}
