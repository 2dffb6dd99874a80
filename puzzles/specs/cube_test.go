package specs

import (
	"context"
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
	b := s.Puzzle.Board()
	if b.Lattice() != geom.Cube || b.Len() != 11 || b.Layers() != 2 || b.Index(geom.Cell{Layer: 1, Row: 0, Col: 2}) >= 0 {
		t.Fatalf("board: %d cells, %d layers\n%s", b.Len(), b.Layers(), b)
	}
	tetra, _ := geom.PieceSet("tetracubes")
	pcs := s.Puzzle.Pieces()
	if !geom.SameShape(geom.Cube, tetra[5], pcs[0].Cells) || tetra[5].Name != "A" {
		t.Errorf("piece A drawn in two layers is not the tetracube A: %v", pcs[0].Cells)
	}
	for _, pc := range pcs {
		if !pc.OneSided {
			t.Errorf("piece %s is not one-sided: every solid is", pc.Name)
		}
	}
	if s.Puzzle.Symmetry().String() != "rotations" {
		t.Errorf("symmetry %v, want rotations", s.Puzzle.Symmetry())
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
