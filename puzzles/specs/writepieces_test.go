package specs

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/polytile/polytile/puzzles/geom"
)

// TestWritePiecesRoundTrip checks that every built-in set, written as a
// spec's pieces, reads back as the same pieces, in a spec whose board is
// as large as they are.
func TestWritePiecesRoundTrip(t *testing.T) {
	for _, name := range geom.PieceSetNames() {
		t.Run(name, func(t *testing.T) {
			pieces, err := geom.PieceSet(name)
			if err != nil {
				t.Fatal(err)
			}
			lat := geom.PieceSetLattice(name)
			var buf bytes.Buffer
			if err := WritePieces(&buf, name+": "+geom.PieceSetAbout(name), lat, pieces); err != nil {
				t.Fatal(err)
			}
			area := 0
			for _, pc := range pieces {
				area += pc.Area()
			}
			// A board of one row, as many cells as the pieces cover: on
			// the hexagonal lattice every other position is a cell.
			cols := area
			if lat == geom.Hexagon {
				cols = 2*area - 1
			}
			board := fmt.Sprintf("{rows: 1, cols: %d}", cols)
			if lat == geom.Stick {
				board = strconv.Quote("+" + strings.Repeat("-+", area)) // one line of segments
			}
			if lat == geom.Trig {
				board = strconv.Quote("+" + strings.Repeat("---+", area)) // one row of horizontal segments
			}
			if geom.Solid(lat) {
				board = fmt.Sprintf("{layers: 1, rows: 1, cols: %d}", cols)
			}
			spec := fmt.Sprintf("board: %s\n%s", board, buf.String())
			s, err := Parse(name+".yaml", []byte(spec))
			if err != nil {
				t.Fatalf("%v\n%s", err, spec)
			}
			got := tilingOf(t, s).Pieces()
			if len(got) != len(pieces) {
				t.Fatalf("%d pieces read back, want %d", len(got), len(pieces))
			}
			for i := range pieces {
				a, b := pieces[i], got[i]
				if a.Name != b.Name || a.Count != b.Count || a.OneSided != b.OneSided || !slices.Equal(a.Cells, b.Cells) {
					t.Errorf("piece %d read back as %+v, want %+v", i, b, a)
				}
			}
		})
	}
}

func TestWritePiecesText(t *testing.T) {
	pieces := []geom.Piece{
		{Name: "X", Cells: []geom.Cell{{Row: 0, Col: 1}, {Row: 1, Col: 0}, {Row: 1, Col: 1}, {Row: 1, Col: 2}, {Row: 2, Col: 1}}, Count: 1},
		{Name: "two words", Cells: []geom.Cell{{Row: 0, Col: 0}, {Row: 0, Col: 1}}, Count: 3, OneSided: true},
	}
	var buf bytes.Buffer
	if err := WritePieces(&buf, "a cross\nand a bar", geom.Square, pieces); err != nil {
		t.Fatal(err)
	}
	want := strings.Join([]string{
		"# a cross",
		"# and a bar",
		"pieces:",
		"  - name: X",
		"    shape: |2",
		"       #",
		"      ###",
		"       #",
		`  - name: "two words"`,
		"    shape: |",
		"      ##",
		"    count: 3",
		"    one-sided: true",
		"",
	}, "\n")
	if got := buf.String(); got != want {
		t.Errorf("WritePieces wrote\n%s\nwant\n%s", got, want)
	}
}
