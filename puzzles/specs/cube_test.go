package specs

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/polytile/polytile/puzzles"
	"github.com/polytile/polytile/puzzles/geom"
)

// A spec of the cube lattice: a board drawn layer by layer, pieces drawn
// layer by layer or flat, square sets laid flat, and the symmetry key.
func TestCubeSpec(t *testing.T) {
	spec := `lattice: cube
symmetry: rotations
board:
  - |
    ...
    ...
  - |
    ..#
    ...
pieces:
  - name: A
    shape:
      - |
        ##
        #
      - |2
         #
  - name: W
    shape: |
      ##
       ##
  - set: trominoes
    only: [V3]
`
	s, err := Parse("cube.yaml", []byte(spec))
	if err != nil {
		t.Fatal(err)
	}
	b := tilingOf(t, s).Board()
	if b.Lattice() != geom.Cube || b.Len() != 11 || b.Layers() != 2 || b.Index(geom.Cell{Layer: 1, Row: 0, Col: 2}) >= 0 {
		t.Fatalf("board: %d cells, %d layers\n%s", b.Len(), b.Layers(), b)
	}
	tetra, _ := geom.PieceSet("tetracubes")
	pcs := tilingOf(t, s).Pieces()
	if !geom.SameShape(geom.Cube, tetra[5], pcs[0].Cells) || tetra[5].Name != "A" {
		t.Errorf("piece A drawn in two layers is not the tetracube A: %v", pcs[0].Cells)
	}
	for _, pc := range pcs {
		if !pc.OneSided {
			t.Errorf("piece %s is not one-sided: every solid is", pc.Name)
		}
	}
	if tilingOf(t, s).Symmetry().String() != "rotations" {
		t.Errorf("symmetry %v, want rotations", tilingOf(t, s).Symmetry())
	}
	res, err := s.Problem.Solve(context.Background(), &puzzles.SolveConfig{Limit: 1})
	if err != nil || len(res.Distinct) != 1 {
		t.Fatalf("no solution: %v", err)
	}
	text := res.Distinct[0].String()
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	if len(lines) != 3 || lines[0] != "layer 1   layer 2" {
		t.Errorf("the solution's text:\n%s\nwant a line naming the layers, then two rows of them side by side", text)
	}
	var b2 []byte
	b2 = res.Distinct[0].Solution.AppendJSON(b2)
	if !strings.Contains(string(b2), `"cells":[[`) || strings.Count(string(b2), ",") < 3*11 {
		t.Errorf("cells are not [layer, row, col] triples: %s", b2)
	}
	back, err := s.Problem.Decode([]byte("{\"orbit\":1," + string(b2) + "}"))
	if err != nil || back.Solution.String() != text {
		t.Errorf("Decode of the saved solution: %v", err)
	}
}

// A board drawn as layers may have layers with no cells: each layer keeps
// its place in the list, as a picture's rows keep theirs, so an empty
// layer between two others keeps them apart, and the board is the box of
// the same size with that layer's cells as holes. As with a picture's rows,
// empty layers below the first cell are part of the board's picture and
// those above its last cell are not.
func TestCubeBoardEmptyLayers(t *testing.T) {
	tests := []struct {
		name   string
		board  string // the board: value
		box    string // the same board as a box with holes, or ""
		layers int
		cells  []geom.Cell
		raw    int // solutions with dominoes (count: any)
	}{
		{"middle empty", `["..", "##", ".."]`, `{layers: 3, rows: 1, cols: 2, holes: [[1, 0, 0], [1, 0, 1]]}`,
			3, []geom.Cell{{Layer: 0, Row: 0, Col: 0}, {Layer: 0, Row: 0, Col: 1}, {Layer: 2, Row: 0, Col: 0}, {Layer: 2, Row: 0, Col: 1}}, 1},
		{"middle empty string", `["..", "", ".."]`, `{layers: 3, rows: 1, cols: 2, holes: [[1, 0, 0], [1, 0, 1]]}`,
			3, []geom.Cell{{Layer: 0, Row: 0, Col: 0}, {Layer: 0, Row: 0, Col: 1}, {Layer: 2, Row: 0, Col: 0}, {Layer: 2, Row: 0, Col: 1}}, 1},
		{"middle spaces", "\n  - |\n    ..\n  - \"  \"\n  - |\n    ..", `{layers: 3, rows: 1, cols: 2, holes: [[1, 0, 0], [1, 0, 1]]}`,
			3, []geom.Cell{{Layer: 0, Row: 0, Col: 0}, {Layer: 0, Row: 0, Col: 1}, {Layer: 2, Row: 0, Col: 0}, {Layer: 2, Row: 0, Col: 1}}, 1},
		{"two empty between", `[".", "#", "#", "."]`, `{layers: 4, rows: 1, cols: 1, holes: [[1, 0, 0], [2, 0, 0]]}`,
			4, []geom.Cell{{Layer: 0}, {Layer: 3}}, 0},
		{"bottom empty", `["##", "..", ".."]`, "",
			3, []geom.Cell{{Layer: 1, Row: 0, Col: 0}, {Layer: 1, Row: 0, Col: 1}, {Layer: 2, Row: 0, Col: 0}, {Layer: 2, Row: 0, Col: 1}}, 2},
		{"top empty", `["..", "..", "##"]`, "",
			2, []geom.Cell{{Layer: 0, Row: 0, Col: 0}, {Layer: 0, Row: 0, Col: 1}, {Layer: 1, Row: 0, Col: 0}, {Layer: 1, Row: 0, Col: 1}}, 2},
	}
	parse := func(t *testing.T, board string) *Spec {
		t.Helper()
		spec := "lattice: cube\nsymmetry: none\nboard: " + board + "\npieces:\n  - {name: D, shape: \"##\", count: any}\n  - {name: M, shape: \"#\", count: any}\n"
		s, err := Parse("layers.yaml", []byte(spec))
		if err != nil {
			t.Fatalf("Parse(board: %s): %v", board, err)
		}
		return s
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := parse(t, tt.board)
			b := tilingOf(t, s).Board()
			if !slices.Equal(b.Cells(), tt.cells) || b.Layers() != tt.layers {
				t.Fatalf("board %s: cells %v in %d layers, want %v in %d", tt.board, b.Cells(), b.Layers(), tt.cells, tt.layers)
			}
			if tt.box != "" {
				bb := tilingOf(t, parse(t, tt.box)).Board()
				if !slices.Equal(b.Cells(), bb.Cells()) || b.Layers() != bb.Layers() || b.Rows() != bb.Rows() || b.Cols() != bb.Cols() {
					t.Errorf("board %s is %d × %d × %d with cells %v; the box %s is %d × %d × %d with cells %v",
						tt.board, b.Layers(), b.Rows(), b.Cols(), b.Cells(), tt.box, bb.Layers(), bb.Rows(), bb.Cols(), bb.Cells())
				}
			}
			// Dominoes and monominoes: a domino never bridges the empty layer.
			res, err := s.Problem.Solve(context.Background(), nil)
			if err != nil {
				t.Fatal(err)
			}
			withM := 0
			for _, d := range res.Distinct {
				if strings.ContainsAny(d.String(), "Mm") {
					withM++
				}
			}
			if got := len(res.Distinct) - withM; got != tt.raw {
				t.Errorf("board %s: %d tilings by dominoes alone, want %d:\n%v", tt.board, got, tt.raw, res.Distinct)
			}
		})
	}
}
