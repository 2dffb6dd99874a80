package specs

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/polytile/polytile/internal/golden"
	"github.com/polytile/polytile/puzzles/geom"
	"github.com/polytile/polytile/puzzles/tiling"
)

// summary lists pieces as "name", "name×count", with "*" for one-sided.
func summary(pieces []geom.Piece) string {
	var out []string
	for _, pc := range pieces {
		s := pc.Name
		if pc.Count > 1 {
			s += fmt.Sprintf("×%d", pc.Count)
		}
		if pc.OneSided {
			s += "*"
		}
		out = append(out, s)
	}
	return strings.Join(out, " ")
}

const pentominoNames = "F I L N P T U V W X Y Z"

// scottBoard is Scott's board as Board.String draws it.
const scottBoard = `........
........
........
...##...
...##...
........
........
........
`

// goodSpec is a file in testdata/specs and what it describes.
type goodSpec struct {
	file      string
	title     string
	cells     int
	instances int
	pieces    string // summary of the pieces
	syms      int
	board     string // Board.String(), if not ""
	render    bool   // whether it has a render mapping
}

func TestParse(t *testing.T) {
	tests := []goodSpec{
		{"picture-board", "Dana Scott's pentomino problem", 60, 12, pentominoNames, 8, scottBoard, false},
		{"rect-holes", "", 60, 12, pentominoNames, 8, scottBoard, false},
		{"rect-flow", "A 6 × 10 box", 60, 12, pentominoNames, 4, "", false},
		{"one-sided-set", "One-sided pentominoes", 90, 18, "F* F'* I* L* L'* N* N'* P* P'* T* U* V* W* X* Y* Y'* Z* Z'*", 4, "", false},
		{"list-entries", "A mixed bag", 32, 11, "I4* O4* T4* L4* S4* O1×3 L3×2* bar", 2, "", false},
		{"set-count", "", 12, 4, "I3×2 V3×2", 4, "....\n....\n....\n", false},
		{"set-only", "", 12, 3, "I4 T4 L4", 4, "", false},
		{"set-except", "", 12, 3, "I4* T4* L4*", 2, "", false},
		{"mapping", "Mapping", 10, 3, "L O I", 4, ".....\n.....\n", false},
		{"mapping-flow", "Flow", 3, 2, "A B", 4, "...\n", false},
		{"render", "", 5, 1, "U", 2, ".#.\n...\n", true},
		{"indicator", "Indented pictures", 15, 7, "X W O1×5", 1, "###.\n##...\n###....\n##.......\n", false},
		{"indicator-mapping", "", 9, 2, "T U", 1, "###..\n##....\n##...\n", false},
		{"triangle-rect", "Triamonds", 6, 2, "T3×2", 12, "...\n...\n", false},
		{"hexagon-rect", "Dihexes, two rows", 8, 4, "H2×4", 2, ". . . .\n . . . .\n", false},
		{"hexagon-drawn", "", 6, 2, "C D", 12, "# . .\n . # .\n# . .\n", false},
		{"cube-empty-layer", "Two slabs, a layer apart", 12, 4, "L×4*", 8, "...\n...\n\n\n\n\n...\n...\n", false},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			name := filepath.Join("testdata", "specs", tt.file+".yaml")
			s, err := Load(name)
			if err != nil {
				t.Fatal(err)
			}
			p := tilingOf(t, s)
			if s.Name != name {
				t.Errorf("Name = %q, want %q", s.Name, name)
			}
			if s.Title != tt.title || p.Title() != tt.title {
				t.Errorf("Title = %q, Puzzle.Title() = %q, want %q", s.Title, p.Title(), tt.title)
			}
			if got := p.Board().Len(); got != tt.cells {
				t.Errorf("cells = %d, want %d", got, tt.cells)
			}
			if got := p.Instances(); got != tt.instances {
				t.Errorf("Instances() = %d, want %d", got, tt.instances)
			}
			if got := summary(p.Pieces()); got != tt.pieces {
				t.Errorf("pieces = %s, want %s", got, tt.pieces)
			}
			if got := p.Symmetries(); got != tt.syms {
				t.Errorf("Symmetries() = %d, want %d", got, tt.syms)
			}
			if got := p.Board().String(); tt.board != "" && got != tt.board {
				t.Errorf("board =\n%s\nwant\n%s", got, tt.board)
			}
			if (s.Render != nil) != tt.render {
				t.Errorf("Render = %v, want options: %v", s.Render, tt.render)
			}
		})
	}
	t.Run("every file tested", func(t *testing.T) {
		files, _ := filepath.Glob("testdata/specs/*.yaml")
		for _, f := range files {
			name := strings.TrimSuffix(filepath.Base(f), ".yaml")
			if !slices.ContainsFunc(tests, func(tt goodSpec) bool { return tt.file == name }) {
				t.Errorf("%s has no test case", f)
			}
		}
	})
}

// badSpec is a file in testdata/bad, where its error is, and what the
// message must say would be valid.
type badSpec struct {
	file  string
	pos   string // line:col
	valid string // part of the message saying what would be valid
}

var badSpecs = []badSpec{
	{"alias", "2:9", "write the value out"},
	{"area-mismatch", "3:1", "the pieces cover 61 cells and the board has 60; the pieces' total area must equal the board's"},
	{"bad-utf8", "3:10", "invalid leading UTF-8 octet"},
	{"board-duplicate-key", "1:27", `key "rows" given twice in board (first at line 1); give each key once`},
	{"board-bad-char", "4:9", "use '.' for a cell to cover, ' ' or '#' for no cell"},
	{"board-folded", "1:8", "want a literal block (|)"},
	{"board-list", "2:3", "want a picture"},
	{"board-no-cells", "1:8", "in a board's picture '.' is a cell to cover"},
	{"board-tab", "3:5", "draw with spaces"},
	{"board-unknown-key", "4:3", `unknown key "hole" in board (did you mean holes?); valid keys are rows, cols, holes`},
	{"cols-missing", "2:3", "needs rows and cols"},
	{"count-float", "5:12", "want a whole number from 1 to"},
	{"count-string", "5:12", "want a whole number from 1 to"},
	{"count-zero", "5:12", "count is 0; want a whole number from 1 to"},
	{"duplicate-key", "3:1", `key "board" given twice in the spec (first at line 1); give each key once`},
	{"duplicate-piece", "5:10", `two pieces are named "F" (the first at line 3); piece names must be unique`},
	{"duplicate-piece-name", "5:11", "piece names must be unique"},
	{"empty", "1:1", "a spec is a mapping with keys title, board, pieces and render"},
	{"entry-duplicate-key", "6:5", `key "count" given twice in a piece entry (first at line 5)`},
	{"entry-both", "3:5", "has both set and name; want an entry with set"},
	{"entry-neither", "3:5", "has neither set nor name; want an entry with set"},
	{"entry-string", "3:5", "such as - set: pentominoes"},
	{"hole-not-pair", "4:11", "a hole is a list of 3 items; want [row, col]"},
	{"hole-outside", "4:36", "a hole's row is 8; want a row from 0 to 7"},
	{"hole-twice", "7:7", "hole [3, 3] is given twice (first at line 5); give each hole once"},
	{"hole-twice-flow", "4:43", "hole [3, 3] is given twice (first at line 4)"},
	{"missing-board", "1:1", "the spec has no board; a spec needs a board and pieces"},
	{"missing-pieces", "1:1", "the spec has no pieces; a spec needs a board and pieces"},
	{"not-mapping", "1:1", "the spec is a list; a spec is a mapping"},
	{"null-document", "2:1", "empty spec; a spec is a mapping"},
	{"one-sided-false-on-set", "4:16", "leave out one-sided: false"},
	{"one-sided-yes", "5:16", `one-sided is "yes"; want true or false`},
	{"picture-lost-row-board", "4:3", `write "board: |2" (YAML's indentation indicator`},
	{"picture-lost-row-comment", "5:2", "a comment after a picture is indented no more than its key"},
	{"picture-lost-row-entry", "9:7", `write "shape: |2"`},
	{"picture-lost-row-indicator", "7:7", `write "shape: |2"`},
	{"picture-lost-row-mapping", "5:5", `write "A: |2"`},
	{"piece-disconnected", "5:6", `piece "B" is not connected: its cells must join edge to edge`},
	{"stick-misplaced", "4:6", `'|' at row 1, column 3 (from 0) is out of place`},
	{"stick-hole-point", "2:35", "hole [2, 2] is a grid point or a square's centre, not a segment"},
	{"stick-piece-apart", "4:6", `piece "A" is not connected on the stick lattice: its cells must join end to end`},
	{"crossing-on-square", "2:1", "crossing is a rule of the lattices whose pieces are segments (lattice: stick or trig)"},
	{"crossing-unknown", "2:11", `crossing is "sometimes"; want forbidden`},
	{"lattice-unknown", "1:10", `lattice is "hex" (did you mean hexagon?); want square, triangle, hexagon, cube, stick or trig`},
	{"board-layers-on-square", "2:3", "a list of pictures, one for each layer, is a board of the cube lattice: add lattice: cube at the top of the spec"},
	{"cube-box-no-layers", "2:8", "the board has no layers; a box needs layers, rows and cols"},
	{"cube-box-unknown-key", "2:38", `unknown key "depth" in board; valid keys are layers, rows, cols, holes`},
	{"cube-hole-outside", "2:47", "a hole's layer is 2; want a layer from 0 to 1"},
	{"cube-hole-pair", "2:46", "a hole is a list of 2 items; want [layer, row, col]"},
	{"cube-layer-bad-char", "6:6", "'x' in board picture"},
	{"cube-layers-no-cells", "3:3", "the board has no cells: in a board's picture '.' is a cell to cover"},
	{"cube-one-sided", "7:5", "one-sided on the cube lattice: a solid turns every way in space but is never reflected"},
	{"cube-piece-disconnected", "6:9", `piece "A" is not connected on the cube lattice: its cells must join face to face`},
	{"cube-piece-mixed", "9:10", `piece "A" mixes '#' and '.'`},
	{"cube-set-triangle", "3:9", "set hexiamonds is of the triangle lattice and this spec's is cube; write lattice: triangle at the top of the spec, or use a set of the cube lattice: monomino,"},
	{"symmetry-unknown", "2:11", `symmetry is "mirrors"; want all (rotations and reflections, the default), rotations or none`},
	{"hexagon-odd-board", "4:3", "'.' at an odd position: on the hexagon lattice a cell's row + column, counted from 0, is even (this is row 1, column 0)"},
	{"hexagon-odd-piece", "9:9", "a cell at an odd position: on the hexagon lattice"},
	{"hexagon-odd-hole", "5:11", "hole [0, 1] is not a cell of the hexagon lattice"},
	{"set-other-lattice", "3:9", "set hexiamonds is of the triangle lattice and this spec's is square; write lattice: triangle"},
	{"set-square-on-triangle", "3:9", "set pentominoes is of the square lattice and this spec's is triangle; write lattice: square at the top of the spec, or use a set of the triangle lattice: moniamond,"},
	{"triangle-disconnected", "6:6", `piece "B" is not connected on the triangle lattice`},
	{"piece-name-empty", "3:11", "want a name on one line"},
	{"piece-no-shape", "3:5", `piece "A" has no shape; draw it under shape:`},
	{"piece-picture-list", "3:6", "want a picture (for count or one-sided, list the pieces: - name: A, shape: ..., count: ...); a list of pictures, one for each layer, is a solid of the cube lattice: add lattice: cube at the top of the spec"},
	{"piece-tab-quoted", "3:8", "draw with spaces"},
	{"pieces-empty", "2:9", "want at least one entry"},
	{"render-bool-yes", "4:9", `render.grid is "yes"; want true or false`},
	{"render-color-duplicate-piece", "5:28", `piece "B" given twice in render.color (first at line 5)`},
	{"render-color-empty", "5:8", "render.color.I2 is empty; want a colour such as"},
	{"render-color-scalar", "4:10", "want a mapping from piece names to colours"},
	{"render-colour-list", "4:17", "render.border-color is a list; want a colour"},
	{"render-colour-unquoted", "4:14", "a colour starting with # must be quoted"},
	{"render-columns-float", "4:12", "want a whole number from 0 (the default) to 1048576"},
	{"render-columns-huge", "4:12", "want a whole number from 0 (the default) to 1048576"},
	{"render-duplicate-key", "6:3", `key "columns" given twice in render (first at line 4)`},
	{"render-infinite", "4:11", "not a finite number; want a number of pixels (0 or negative: none)"},
	{"render-key-list", "4:3", "a key of render is a list; valid keys are cell-size,"},
	{"render-nan", "4:10", "not a finite number; want a number, 0 (the default) or more"},
	{"render-negative", "3:21", "render.cell-size is -3; want a number of pixels, 0 (the default) or more"},
	{"render-null", "4:11", "render.columns has no value; want a value, such as 13"},
	{"render-number-string", "4:14", `render.cell-size is "24"; want a number of pixels`},
	{"render-palette-duplicate-piece", "8:5", `piece "A" given twice in render.palette (first at line 6)`},
	{"render-palette-empty", "4:12", "render.palette lists no colours"},
	{"render-palette-item-mapping", "4:18", "a colour of render.palette is a mapping"},
	{"render-per-page-negative", "4:13", "render.per-page is -1; want a whole number from 0"},
	{"render-scalar", "3:9", "want a mapping of render options"},
	{"render-title-list", "4:10", "render.title is a list; want a string"},
	{"render-unknown-key", "5:3", `unknown key "colums" in render (did you mean columns?); valid keys are cell-size, border-width`},
	{"rows-string", "2:9", `rows is "six"; want a whole number from 1 to`},
	{"rows-zero", "1:15", "rows is 0; want a whole number from 1 to"},
	{"set-with-shape", "4:5", "a shape goes with a name"},
	{"render-width-no-unit", "4:10", "render.width is the number 17; want a length such as 17cm"},
	{"render-style-unknown", "4:10", `render.style is "neon": want a style: color, grey, outline`},
	{"render-font-size-unit", "4:14", `render.font-size is "3furlongs": unknown unit "furlongs"`},
	{"kind-unknown", "1:7", `kind is "chess"; want tiling, sudoku, queens, exact-cover`},
	{"sudoku-bad-char", "4:5", `'%' in the grid: write 1–9 (then A–Z past 9) for a given`},
	{"exact-cover-unknown-item", "5:5", `option 2 (B Z) names "Z", which is not an item`},
	{"queens-no-n", "1:1", "a queens spec needs n, such as n: 8"},
	{"queens-n-too-big", "2:4", "n is 65; want a whole number from 1 to 64"},
	{"queens-hole-outside", "3:18", "a hole's row is 5; want a row from 0 to 4"},
	{"exact-cover-options-not-list", "3:10", `options is "A B"; want a list of options, each its items' names`},
	{"sudoku-diagonals-not-bool", "2:12", `diagonals is "yes please"; want true or false`},
	{"sudoku-pieces", "4:1", `unknown key "pieces" in a sudoku spec; valid keys are title, kind, grid, diagonals, render`},
	{"set-only-unknown", "4:16", `tetrominoes has no piece "Q4" (did you mean I4, O4 or T4?); its pieces are I4, O4, T4, L4, S4`},
	{"set-only-empty", "4:11", "only is an empty list; want a list of pieces of tetrominoes"},
	{"set-only-and-except", "5:5", "both only: and except:"},
	{"set-except-all", "4:13", "except leaves out every piece of tetrominoes"},
	{"set-only-twice", "4:20", "only names I4 twice (the first at line 4, column 12)"},
	{"set-only-number", "4:11", "only is the number 4; want a list of pieces"},
	{"name-only", "5:5", "a piece entry with a name has only:"},
	{"piece-mixes-dot", "8:8", `piece "A" mixes '#' and '.': in a piece's picture every character but a space is a cell, '.' too`},
	{"board-drawn-as-piece", "1:8", "the board has no cells: in a board's picture '.' is a cell to cover, and ' ' and '#' are none"},
	{"board-hash-area", "4:1", "(in the board's picture '.' is a cell to cover, ' ' and '#' are none; in a piece's, any character but a space is a cell)"},
	{"syntax", "2:7", "did not find expected ',' or ']'"},
	{"title-list", "1:8", "title is a list; want a string"},
	{"too-large", "2:1", "use fewer kinds of piece or a smaller board"},
	{"two-documents", "3:1", "a spec is one document"},
	{"count-range-backwards", "5:12", `count is "3..2"; want a whole number from 1 to 1048576, any, or a range LO..HI`},
	{"count-range-short", "2:1", `the most copies of the pieces cover 6 cells and the board has 8; they must be able to cover it`},
	{"empty-word", "2:8", `empty is "lots"; want a whole number from 0`},
	{"empty-too-many", "3:1", `the pieces and the empty cells cover 5 cells and the board has 4`},
	{"unknown-key", "3:1", `unknown key "bord" in the spec (did you mean board?); valid keys are title, kind, board, pieces, lattice, symmetry, crossing, empty, render`},
	{"unknown-set", "2:9", `no built-in piece set "pentomino" (did you mean pentominoes or monomino?); valid sets are monomino, domino, trominoes, tetrominoes, pentominoes,`},
	{"unknown-set-entry", "5:10", `no built-in piece set "hexomino" (did you mean hexominoes?); valid sets are`},
	// A mistyped name gets the names it was probably meant to be; a board
	// or piece of layers, the lattice it needs.
	{"unknown-key-lattice", "1:1", `unknown key "latice" in the spec (did you mean lattice?); valid keys are title, kind, board, pieces, lattice,`},
	{"lattice-typo", "1:10", `lattice is "hexagonal" (did you mean hexagon?); want square, triangle, hexagon, cube, stick or trig`},
	{"symmetry-typo", "3:11", `symmetry is "rotation" (did you mean rotations?); want all`},
	{"only-typo", "4:12", `hexominoes has no piece "H1" (did you mean H01, H10 or H11?); its pieces are`},
	{"board-box-on-square", "1:9", "a board with layers is a box of the cube lattice: add lattice: cube at the top of the spec, or leave out layers"},
	{"board-box-on-hexagon", "3:27", "a board with layers is a box of the cube lattice: write lattice: cube in place of lattice: hexagon (line 2), or leave out layers"},
	{"piece-layers-on-square", "5:7", `the shape of piece "A" is a list; want a picture: any character other than a space is a cell; a list of pictures, one for each layer, is a solid of the cube lattice: add lattice: cube at the top of the spec`},
	{"piece-layers-mapping", "3:6", `the picture of piece "A" is a list; want a picture (for count or one-sided, list the pieces: - name: A, shape: ..., count: ...); a list of pictures, one for each layer, is a solid of the cube lattice: add lattice: cube at the top of the spec`},
}

func TestParseErrors(t *testing.T) {
	var all strings.Builder // every message, for the golden file
	for _, tt := range badSpecs {
		name := path.Join("testdata", "bad", tt.file+".yaml")
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		s, err := Parse(name, data)
		fmt.Fprintln(&all, err)
		t.Run(tt.file, func(t *testing.T) {
			if err == nil {
				t.Fatalf("Parse(%s) = %v, want an error", name, tilingOf(t, s))
			}
			var se *SpecError
			if !errors.As(err, &se) {
				t.Fatalf("Parse(%s) error %T %v, want a *SpecError", name, err, err)
			}
			if se.File != name {
				t.Errorf("File = %q, want %q", se.File, name)
			}
			if pos := fmt.Sprintf("%d:%d", se.Line, se.Col); pos != tt.pos {
				t.Errorf("error at %s, want %s: %v", pos, tt.pos, err)
			}
			if want := fmt.Sprintf("%s:%d:%d: %s", name, se.Line, se.Col, se.Msg); err.Error() != want {
				t.Errorf("Error() = %q, want %q", err, want)
			}
			if !strings.Contains(se.Msg, tt.valid) {
				t.Errorf("message %q does not say %q", se.Msg, tt.valid)
			}
		})
	}
	t.Run("golden", func(t *testing.T) {
		golden.Check(t, "bad.golden", []byte(all.String()))
	})
	t.Run("every file tested", func(t *testing.T) {
		files, _ := filepath.Glob("testdata/bad/*.yaml")
		for _, f := range files {
			name := strings.TrimSuffix(filepath.Base(f), ".yaml")
			if !slices.ContainsFunc(badSpecs, func(tt badSpec) bool { return tt.file == name }) {
				t.Errorf("%s has no test case in badSpecs", f)
			}
		}
	})
}

// TestPicturePosition checks that a mistake in a picture is reported where
// it is in the file, whichever way the picture is written.
func TestPicturePosition(t *testing.T) {
	tests := []struct {
		name string
		src  string
		pos  string
	}{
		{"literal", "board: |\n  ....\n  ..x.\npieces: pentominoes\n", "3:5"},
		{"literal deeper", "board:\n      |\n      ....\n      ..x.\npieces: pentominoes\n", "4:9"},
		{"literal indicator", "board: |2\n   ...\n  ..x.\npieces: pentominoes\n", "3:5"},
		{"literal blank first line", "board: |\n\n  ..x.\npieces: pentominoes\n", "3:5"},
		{"literal keep", "board: |+\n  ....\n  ..x.\n\npieces: pentominoes\n", "3:5"},
		{"literal in list", "board: {rows: 1, cols: 2}\npieces:\n  - name: A\n    shape: |\n      #\n      #\t\n", "6:8"},
		{"CRLF", "board: |\r\n  ....\r\n  ..x.\r\npieces: pentominoes\r\n", "3:5"},
		{"plain", "board: ..x.\npieces: pentominoes\n", "1:10"},
		{"double quoted", "board: \"..x.\"\npieces: pentominoes\n", "1:11"},
		{"single quoted", "board: '..x.'\npieces: pentominoes\n", "1:11"},
		{"quoted second line", "board: \"....\\n..x.\"\npieces: pentominoes\n", "2:3"},
		{"unicode before", "board: |\n  ééé\npieces: pentominoes\n", "2:3"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse("x.yaml", []byte(tt.src))
			var se *SpecError
			if !errors.As(err, &se) {
				t.Fatalf("Parse error %v, want a *SpecError", err)
			}
			if pos := fmt.Sprintf("%d:%d", se.Line, se.Col); pos != tt.pos {
				t.Errorf("error at %s, want %s: %v", pos, tt.pos, err)
			}
		})
	}
}

func TestLoad(t *testing.T) {
	t.Run("built-in", func(t *testing.T) {
		s, err := Load("scott")
		if err != nil {
			t.Fatal(err)
		}
		if s.Name != "scott" || tilingOf(t, s).Board().String() != scottBoard {
			t.Errorf("Load(scott) = %q with board\n%s", s.Name, tilingOf(t, s).Board())
		}
	})
	t.Run("file", func(t *testing.T) {
		dir := t.TempDir()
		name := filepath.Join(dir, "box.yaml")
		src := []byte("board: {rows: 1, cols: 3}\npieces: {I: '###'}\n")
		if err := os.WriteFile(name, src, 0o644); err != nil {
			t.Fatal(err)
		}
		s, err := Load(name)
		if err != nil {
			t.Fatal(err)
		}
		if s.Name != name || tilingOf(t, s).Board().Len() != 3 {
			t.Errorf("Load = %q, %v", s.Name, tilingOf(t, s))
		}
		if data, _ := os.ReadFile(name); string(data) != string(src) {
			t.Errorf("Load changed its file to %q", data)
		}
	})
	t.Run("a file wins over a built-in puzzle", func(t *testing.T) {
		t.Chdir(t.TempDir())
		if err := os.WriteFile("scott", []byte("board: {rows: 1, cols: 2}\npieces: domino\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		s, err := Load("scott")
		if err != nil {
			t.Fatal(err)
		}
		if got := tilingOf(t, s).Board().Len(); s.Name != "scott" || got != 2 {
			t.Errorf("Load(scott) with a file scott = %q with %d cells, want the file's 2", s.Name, got)
		}
	})
	t.Run("a directory does not hide a built-in puzzle", func(t *testing.T) {
		t.Chdir(t.TempDir())
		if err := os.Mkdir("scott", 0o755); err != nil {
			t.Fatal(err)
		}
		s, err := Load("scott")
		if err != nil {
			t.Fatal(err)
		}
		if tilingOf(t, s).Board().String() != scottBoard {
			t.Errorf("Load(scott) with a directory scott = board\n%s\nwant the built-in", tilingOf(t, s).Board())
		}
		if _, err := Load("."); err == nil || !strings.Contains(err.Error(), "is a directory") {
			t.Errorf("Load(.) = %v, want an error saying it is a directory", err)
		}
	})
	t.Run("missing", func(t *testing.T) {
		name := filepath.Join(t.TempDir(), "nope.yaml")
		tests := []struct {
			name string
			want []string
		}{
			{name, []string{name + ": no such file"}},
			{"scot", []string{`named "scot"`, "did you mean scott?"}},
			{"zzzzzz", []string{`named "zzzzzz"`, "scott", "pentominoes-6x10"}},
		}
		for _, tt := range tests {
			_, err := Load(tt.name)
			var nf *NotFoundError
			if !errors.As(err, &nf) || nf.Name != tt.name {
				t.Errorf("Load(%s) = %v, want a *NotFoundError", tt.name, err)
				continue
			}
			for _, want := range tt.want {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("Load(%s) error %q does not say %q", tt.name, err, want)
				}
			}
		}
		_, _, _, err := LoadPieces("pentominos")
		if err == nil || !strings.Contains(err.Error(), "piece set") || !strings.Contains(err.Error(), "did you mean pentominoes?") {
			t.Errorf("LoadPieces(pentominos) = %v, want a suggestion of the piece set", err)
		}
	})
	t.Run("bad file", func(t *testing.T) {
		name := filepath.Join("testdata", "bad", "syntax.yaml")
		_, err := Load(name)
		var se *SpecError
		if !errors.As(err, &se) || se.File != name {
			t.Errorf("Load(%s) error %v, want a *SpecError in that file", name, err)
		}
	})
}

// fuzzSeeds returns every spec in testdata and in the library.
func fuzzSeeds(t testing.TB) [][]byte {
	var seeds [][]byte
	for _, dir := range []string{"testdata/specs", "testdata/bad"} {
		files, err := filepath.Glob(filepath.Join(dir, "*.yaml"))
		if err != nil || len(files) == 0 {
			t.Fatalf("no seeds in %s: %v", dir, err)
		}
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			seeds = append(seeds, data)
		}
	}
	err := fs.WalkDir(library, "library", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := library.ReadFile(p)
		seeds = append(seeds, data)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return seeds
}

func FuzzParse(f *testing.F) {
	for _, s := range fuzzSeeds(f) {
		f.Add(s)
	}
	// Knuth's colours in an exact-cover spec, and one on a primary item.
	f.Add([]byte("kind: exact-cover\nitems: p q r\nsecondary: x y\noptions: [\"p q x y:A\", \"p r x:A y\", \"p x:B\", \"q x:A\", \"r y:B\"]\n"))
	f.Add([]byte("kind: exact-cover\nitems: [p, 'q:']\nsecondary: x\noptions: [[p, x:A], [q:A, 'x:']]\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := Parse("fuzz.yaml", data)
		if err != nil {
			var se *SpecError
			if !errors.As(err, &se) {
				t.Fatalf("error %T %q, want a *SpecError", err, err)
			}
			if se.File != "fuzz.yaml" || se.Line < 1 || se.Col < 1 || !strings.HasPrefix(err.Error(), "fuzz.yaml:") {
				t.Fatalf("error %q at %s:%d:%d", err, se.File, se.Line, se.Col)
			}
			return
		}
		if _, ok := s.Problem.(*tiling.Puzzle); !ok {
			if s.Problem == nil || s.Kind() == "tiling" {
				t.Fatalf("a %s spec with neither a tiling nor a matrix puzzle", s.Kind())
			}
			return
		}
		// The fewest copies of the pieces and empty cells fit, and the
		// most cover the board.
		pcs := tilingOf(t, s).Pieces()
		if e, ok := tilingOf(t, s).Empty(); ok {
			pcs = append(slices.Clip(pcs), e)
		}
		least, most, unbounded := 0, 0, false
		for _, pc := range pcs {
			least, most, unbounded = least+len(pc.Cells)*pc.Least(), most+pc.Area(), unbounded || pc.Any
		}
		if b := tilingOf(t, s).Board(); least > b.Len() || most < b.Len() && !unbounded {
			t.Fatalf("pieces cover %d to %d cells (unbounded %v), board has %d", least, most, unbounded, b.Len())
		}
	})
}

// A .dlx file over MaxDLXSize is refused without being read further, as a
// spec over MaxSize is; one within it reads, and carries its text.
func TestLoadDLXSize(t *testing.T) {
	dir := t.TempDir()
	small := filepath.Join(dir, "small.dlx")
	if err := os.WriteFile(small, []byte("A B\nA\nB\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := Load(small)
	if err != nil || s.Source != "A B\nA\nB\n" || s.Kind() != "exact-cover" {
		t.Fatalf("Load(small.dlx) = %+v, %v", s, err)
	}
	big := filepath.Join(dir, "big.dlx")
	f, err := os.Create(big)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteString("A B\n"); err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(MaxDLXSize + 2); err != nil { // sparse: NUL bytes past the header
		t.Fatal(err)
	}
	f.Close()
	if _, err := Load(big); err == nil || !strings.Contains(err.Error(), "larger than 4 MiB") {
		t.Errorf("Load(big.dlx) error %v, want it too large", err)
	}
	if _, err := ParseDLX("big.dlx", make([]byte, MaxDLXSize+1)); err == nil {
		t.Error("ParseDLX of more than MaxDLXSize bytes: no error")
	}
}

// The bounds on a puzzle's size count what listing its placements costs:
// a million monominoes on a 1000 × 1000 board cost a million checks (the
// copies of a piece are placed alike) and are no error; a large piece on
// that board is (a straight piece of 300 cells, in two orientations),
// with advice that fits it.
func TestSizeBounds(t *testing.T) {
	if _, err := Parse("mono.yaml", []byte("board: {rows: 1000, cols: 1000}\npieces:\n  - set: monomino\n    count: 1000000\n")); err != nil {
		t.Errorf("a million monominoes: %v", err)
	}
	big := "board: {rows: 1000, cols: 1000}\npieces:\n  - name: I\n    shape: \"" + strings.Repeat("#", 300) + "\"\n    count: 3333\n  - set: monomino\n    count: 100\n"
	_, err := Parse("big.yaml", []byte(big))
	if err == nil || !strings.Contains(err.Error(), "listing where its pieces fit would check more than") || !strings.Contains(err.Error(), "smaller pieces or a smaller board") {
		t.Errorf("a piece of 300 cells on a million: %v", err)
	}
}

// tilingOf returns the tiling that spec s describes, failing tb if it is
// a puzzle of another kind.
func tilingOf(tb testing.TB, s *Spec) *tiling.Puzzle {
	tb.Helper()
	p, ok := s.Problem.(*tiling.Puzzle)
	if !ok {
		tb.Fatalf("%s is a %s puzzle, not a tiling", s.Name, s.Kind())
	}
	return p
}
