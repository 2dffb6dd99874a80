package specs

import (
	"strings"
	"testing"
)

// TestTrigSpecs checks specs of the trig lattice: boards as pictures and
// by shape, with holes, and their mistakes at their place; the schema
// accepts the specs the reader accepts and refuses the boards it can
// tell are wrong.
func TestTrigSpecs(t *testing.T) {
	sch := compileSchema(t)
	for _, tc := range []struct {
		name, spec string
		segs       int    // the board's segments, when the spec is read
		err        string // the reader's error, when it is not
		schemaOK   bool   // whether the schema accepts it
	}{
		{"hexagon of 42", "lattice: trig\nboard: {hexagon: 2, holes: [[4, 10], [4, 6]]}\npieces: tritrigs\n", 40, "the pieces cover 36 cells and the board has 40", true},
		{"triangle of 9", "lattice: trig\nboard: {triangle: 2}\npieces:\n  - set: tritrigs\n    only: [O3, I3, J3]\n", 9, "", true},
		{"parallelogram with its centre out", "lattice: trig\nboard: {rows: 2, cols: 5, holes: [[2, 12]]}\npieces: tritrigs\n", 36, "", true},
		{"picture", "lattice: trig\nboard: |\n  +---+\n   \\ / \\\n    +---+\npieces:\n  - set: tritrigs\n    only: [S3, O3]\n", 0, "the pieces cover 6 cells and the board has 5", true},
		{"a point as a hole", "lattice: trig\nboard: {triangle: 2, holes: [[0, 4]]}\npieces: tritrigs\n", 0, "2:30: hole [0, 4] is a grid point or no position of a segment", true},
		{"a hole outside", "lattice: trig\nboard: {triangle: 2, holes: [[9, 1]]}\npieces: tritrigs\n", 0, "2:31: a hole's row is 9; want a row from 0 to 4", true},
		{"two shapes", "lattice: trig\nboard: {triangle: 2, hexagon: 1}\npieces: tritrigs\n", 0, "2:22: the board is a triangle and a hexagon; give one of {rows, cols}, {hexagon} and {triangle}", false},
		{"a shape and rows", "lattice: trig\nboard: {hexagon: 2, rows: 3}\npieces: tritrigs\n", 0, "2:21: the board is a hexagon and a parallelogram; give one of", false},
		{"size zero", "lattice: trig\nboard: {hexagon: 0}\npieces: tritrigs\n", 0, "2:18: hexagon is 0; want a whole number from 1 to 512", false},
		{"a hexagon on the square lattice", "board: {hexagon: 2}\npieces: pentominoes\n", 0, "1:9: unknown key \"hexagon\" in board; valid keys are rows, cols, holes", false},
		{"a stick picture", "lattice: trig\nboard: |\n  +-+\npieces: tritrigs\n", 0, "3:5: '+' is out of place", true},
		{"crossing", "lattice: trig\nboard: {triangle: 2}\ncrossing: allowed\npieces:\n  - set: tritrigs\n    only: [O3, I3, J3]\n", 9, "", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := Parse(tc.name+".yaml", []byte(tc.spec))
			switch {
			case tc.err == "" && err != nil:
				t.Errorf("%v", err)
			case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
				t.Errorf("error %v, want one with %q", err, tc.err)
			case err == nil && tilingOf(t, s).Board().Len() != tc.segs:
				t.Errorf("the board has %d segments, want %d", tilingOf(t, s).Board().Len(), tc.segs)
			}
			if err := checkSpec(sch, []byte(tc.spec)); (err == nil) != tc.schemaOK {
				t.Errorf("the schema: %v; want it to accept the spec: %v", err, tc.schemaOK)
			}
		})
	}
}
