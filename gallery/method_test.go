package gallery

import (
	"fmt"
	"image/color"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/polytile/polytile/internal/golden"
	"github.com/polytile/polytile/puzzles"
	"github.com/polytile/polytile/puzzles/matrix"
	"github.com/polytile/polytile/puzzles/specs"
)

// knuthMatrix is Knuth's example with a secondary item, H.
func knuthMatrix(t *testing.T) *puzzles.Matrix {
	t.Helper()
	m, err := matrix.ParseDLX("k.dlx", strings.NewReader("A B C D E F G | H\nC E F\nA D G\nB C F H\nA D\nB G\nD E G\n"))
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// specMatrix returns the matrix of a built-in puzzle.
func specMatrix(t *testing.T, name string) *puzzles.Matrix {
	t.Helper()
	spec, err := specs.Load(name)
	if err != nil {
		t.Fatal(err)
	}
	return spec.Matrix()
}

// matrixParts is a matrix figure read back: the matrix's frame, the
// names above its columns and left of its rows, the key's entries and
// the notes.
type matrixParts struct {
	sheet        *Sheet
	frame        Frame
	items, rows  []Text
	key          []Frame
	notes        []string
	keyFills     map[color.NRGBA]string
	matrixFrames int
}

func readMatrix(t *testing.T, sheets []*Sheet) matrixParts {
	t.Helper()
	if len(sheets) != 1 {
		t.Fatalf("%d sheets, want 1", len(sheets))
	}
	p := matrixParts{sheet: sheets[0], keyFills: map[color.NRGBA]string{}}
	for _, f := range p.sheet.Frames {
		switch {
		case strings.HasPrefix(f.Title, "legend: "):
			p.key = append(p.key, f)
			p.keyFills[f.Shapes[0].Fill] = strings.TrimPrefix(f.Title, "legend: ")
		case f.Title == "note":
			p.notes = append(p.notes, f.Letters[0].Text)
		default:
			p.frame = f
			p.matrixFrames++
		}
	}
	if p.matrixFrames != 1 {
		t.Fatalf("%d frames besides the key and notes, want the matrix's alone", p.matrixFrames)
	}
	for _, l := range p.frame.Letters {
		switch l.Anchor {
		case AnchorMiddle:
			p.items = append(p.items, l)
		case AnchorEnd:
			p.rows = append(p.rows, l)
		default:
			t.Errorf("a name %q anchored %d", l.Text, l.Anchor)
		}
	}
	// Everything lies on the sheet.
	for _, f := range p.sheet.Frames {
		if f.X < 0 || f.Y < 0 || f.X+f.Width > p.sheet.Width+1e-9 || f.Y+f.Height > p.sheet.Height+1e-9 {
			t.Errorf("frame %q at %g,%g, %g × %g, leaves the %g × %g sheet", f.Title, f.X, f.Y, f.Width, f.Height, p.sheet.Width, p.sheet.Height)
		}
	}
	return p
}

func texts(ts []Text) string {
	var out []string
	for _, t := range ts {
		out = append(out, t.Text)
	}
	return strings.Join(out, " | ")
}

// TestMatrix checks the picture of a small exact-cover matrix by meaning:
// every item named above its column, primary ones in bold; every option
// named on its left, the chosen ones in blue; a filled cell for each one
// of each option, the chosen options' in blue; a key to the colours; no
// note, since no name is left out.
func TestMatrix(t *testing.T) {
	m := knuthMatrix(t)
	sheets, err := Matrix(m, []int{0, 3, 4}, "Knuth", nil)
	if err != nil {
		t.Fatal(err)
	}
	p := readMatrix(t, sheets)
	if got := texts(p.items); got != "A | B | C | D | E | F | G | H" {
		t.Errorf("the columns are named %s", got)
	}
	for i, l := range p.items {
		if l.Bold != (i < m.Primary) || l.Size < minLabel {
			t.Errorf("item %s named in bold %v at %g pixels; primary items in bold, at least %d pixels", l.Text, l.Bold, l.Size, minLabel)
		}
	}
	if got := texts(p.rows); got != "C E F | A D G | B C F H | A D | B G | D E G" {
		t.Errorf("the rows are named %s", got)
	}
	for k, l := range p.rows {
		want := p.sheet.BorderColor
		if k == 0 || k == 3 || k == 4 {
			want = solvedInk
		}
		if l.Color != want || l.X > p.frame.X+p.frame.Width/2 {
			t.Errorf("option %s named in %v at x = %g; want %v, left of the matrix", l.Text, l.Color, l.X, want)
		}
	}
	ones, blue := 0, 0
	for _, sh := range p.frame.Shapes {
		switch sh.Fill {
		case chosenRow:
			blue++
			ones++
		case otherRow:
			ones++
		}
	}
	if ones != 17 || blue != 7 {
		t.Errorf("%d ones, %d of them chosen; want 17 and 7", ones, blue)
	}
	var key []string
	for _, f := range p.key {
		key = append(key, strings.TrimPrefix(f.Title, "legend: "))
	}
	if got := strings.Join(key, " | "); got != "item of an option | item of a chosen option | primary item (named in bold) | secondary item" {
		t.Errorf("the key: %s", got)
	}
	if len(p.notes) != 0 {
		t.Errorf("notes %q, though every name is written", p.notes)
	}
	// Without a solution, no key to its colour; without secondary items,
	// none to theirs.
	sheets, err = Matrix(specMatrix(t, "knuth-7"), nil, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	if p := readMatrix(t, sheets); len(p.key) != 1 || p.key[0].Title != "legend: item of an option" {
		t.Errorf("the key of a matrix of primary items, no options chosen: %d entries", len(p.key))
	}
}

// A small matrix's figure, written out, against testdata/matrix.golden
// (go test ./gallery -update rewrites it).
func TestGoldenMatrix(t *testing.T) {
	sheets, err := Matrix(knuthMatrix(t), []int{0, 3, 4}, "Knuth", &Options{CellSize: 20})
	if err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "matrix.golden", []byte(sheetText(sheets[0])))
}

// TestMatrixDefaultSize checks that large matrices get a figure of a
// sensible size when none is asked for (the Sudoku's was 7827 × 13167
// pixels at the cells of 24 pixels it had), that a size asked for wins,
// and that small matrices keep their cells.
func TestMatrixDefaultSize(t *testing.T) {
	for _, tt := range []struct {
		name string
		cell float64 // the cell a default figure has
	}{
		{"sudoku", 4},
		{"scott", 16},
		{"queens-8", 24},
		{"two-pieces", 24},
	} {
		t.Run(tt.name, func(t *testing.T) {
			m := specMatrix(t, tt.name)
			sheets, err := Matrix(m, nil, tt.name, nil)
			if err != nil {
				t.Fatal(err)
			}
			p := readMatrix(t, sheets)
			if p.sheet.Width > 3000 || p.sheet.Height > 3000 || max(p.frame.Width, p.frame.Height) > MatrixSide {
				t.Errorf("a sheet of %g × %g pixels, its matrix %g × %g; want at most %d on a side, and the sheet 3000", p.sheet.Width, p.sheet.Height, p.frame.Width, p.frame.Height, MatrixSide)
			}
			cols := float64(len(m.Items))
			if cell := p.frame.Shapes[len(p.frame.Shapes)-1].Outline[0]; math.Abs(cell[1].X-cell[0].X-tt.cell) > 1e-9 {
				t.Errorf("cells of %g pixels, want %g", cell[1].X-cell[0].X, tt.cell)
			}
			// Text keeps the default cell's size: names at least 8
			// pixels, the key's text 0.7 of 24.
			for _, l := range append(p.items, p.rows...) {
				if l.Size < minLabel {
					t.Errorf("the name %s at %g pixels", l.Text, l.Size)
				}
			}
			if size := p.key[0].Letters[0].Size; math.Abs(size-0.7*24) > 1e-9 {
				t.Errorf("the key's text at %g pixels, want %g", size, 0.7*24)
			}
			// A cell size asked for wins.
			sheets, err = Matrix(m, nil, tt.name, &Options{CellSize: 24})
			if err != nil {
				t.Fatal(err)
			}
			if w := readMatrix(t, sheets).frame.Width; w < 24*cols {
				t.Errorf("the matrix at 24-pixel cells is %g wide, want at least %g", w, 24*cols)
			}
			// So does a width.
			sheets, err = Matrix(m, nil, tt.name, &Options{Width: 500})
			if err != nil {
				t.Fatal(err)
			}
			if w, _ := sheets[0].Size(); w != 500 {
				t.Errorf("a figure 500 pixels wide drawn %g wide", w)
			}
		})
	}
}

// TestMatrixNames checks that names are written where they can be read
// and left out exactly where they cannot: at every size of cell, each
// name written is at least 8 pixels high, clear of its neighbours by an
// em, over its own column or beside its own row; every k-th is written
// (k 1, 2, 5, 10…), and none only where cells are too small; a note says
// which are written whenever some are not.
func TestMatrixNames(t *testing.T) {
	for _, tt := range []struct {
		spec string
		cell float64
	}{
		{"sudoku", 1}, {"sudoku", 2}, {"sudoku", 2.9}, {"sudoku", 3}, {"sudoku", 4}, {"sudoku", 7},
		{"sudoku", 12}, {"sudoku", 16}, {"sudoku", 24}, {"sudoku", 40},
		{"scott", 2}, {"scott", 10}, {"scott", 24},
		{"two-pieces", 10}, {"two-pieces", 24},
	} {
		t.Run(fmt.Sprintf("%s at %g", tt.spec, tt.cell), func(t *testing.T) {
			m := specMatrix(t, tt.spec)
			p := readMatrix(t, mustMatrix(t, m, &Options{CellSize: tt.cell}))
			cols, rows := len(m.Items), len(m.Options)
			per := newMatrixPicture(m, nil).per
			left := p.frame.X + p.frame.Width - float64(cols)*tt.cell // the matrix's left edge
			top := p.frame.Y + p.frame.Height - float64((rows+per-1)/per)*tt.cell
			tooSmall := tt.cell < minLabelCell
			if tooSmall != (len(p.items) == 0) {
				t.Errorf("cells of %g pixels: %d items named", tt.cell, len(p.items))
			}
			if (tooSmall || per > 1) != (len(p.rows) == 0) {
				t.Errorf("cells of %g pixels, %d options a row: %d options named", tt.cell, per, len(p.rows))
			}
			every := func(names []Text, n int, pos func(Text) float64, extent func(Text) float64) int {
				if len(names) < 2 {
					return len(names)
				}
				k := int(math.Round((pos(names[1]) - pos(names[0])) / tt.cell))
				if k != 1 && k != 2 && k != 5 && k%10 != 0 || len(names) != (n+k-1)/k {
					t.Errorf("%d names, %d apart, of %d", len(names), k, n)
				}
				for i, l := range names {
					if l.Size < minLabel {
						t.Errorf("%s is %g pixels high", l.Text, l.Size)
					}
					if math.Abs(pos(l)-float64(i*k)*tt.cell) > 1e-6 {
						t.Errorf("%s is %g pixels along, want %g: not at its own column or row", l.Text, pos(l), float64(i*k)*tt.cell)
					}
					if i > 0 && pos(l)-pos(names[i-1]) < (extent(names[i-1])+extent(l))/2+l.Size-1e-6 {
						t.Errorf("%s and %s are less than an em apart", names[i-1].Text, l.Text)
					}
				}
				return k
			}
			items := every(p.items, cols, func(l Text) float64 { return l.X - left - tt.cell/2 }, func(l Text) float64 { return estimate(l.Text, l.Size) })
			options := every(p.rows, rows, func(l Text) float64 { return l.Y - top - tt.cell/2 }, func(l Text) float64 { return l.Size / 2 })
			for _, l := range p.rows {
				if l.X > left || l.X-estimate(l.Text, l.Size) < p.frame.X-1e-6 {
					t.Errorf("option %s, right-aligned at %g, is not between the frame's left edge (%g) and the matrix's (%g)", l.Text, l.X, p.frame.X, left)
				}
			}
			if items == 1 && options == 1 {
				if len(p.notes) != 0 {
					t.Errorf("notes %q, though every name is written", p.notes)
				}
				return
			}
			if len(p.notes) != 1 {
				t.Fatalf("notes %q; want one, saying which names are written", p.notes)
			}
			note := p.notes[0]
			for _, want := range []string{noteOf(items, cols, "items"), noteOf(options, rows, "options")} {
				if !strings.Contains(note, want) {
					t.Errorf("the note %q does not say %q", note, want)
				}
			}
			switch {
			case tooSmall && !strings.Contains(note, "too small"):
				t.Errorf("the note %q does not say the cells are too small", note)
			case per > 1 && !tooSmall && !strings.Contains(note, fmt.Sprintf("a row gathers %d options", per)):
				t.Errorf("the note %q does not say why options are not named", note)
			}
		})
	}
}

// noteOf is what the note says of every k-th of n names.
func noteOf(k, n int, what string) string {
	switch k {
	case 0:
		return fmt.Sprintf("none of the %d %s", n, what)
	case 1:
		return fmt.Sprintf("every one of the %d %s", n, what)
	}
	return fmt.Sprintf("every %s of the %d %s", ordinal(k), n, what)
}

func mustMatrix(t *testing.T, m *puzzles.Matrix, opt *Options) []*Sheet {
	t.Helper()
	sheets, err := Matrix(m, nil, "", opt)
	if err != nil {
		t.Fatal(err)
	}
	return sheets
}

// TestMatrixKey checks that the key explains every colour the matrix is
// drawn in (the shades of a density picture lie between its lightest and
// darkest entries), and that each of its colours is used.
func TestMatrixKey(t *testing.T) {
	for _, tt := range []struct {
		name   string
		m      *puzzles.Matrix
		chosen []int
	}{
		{"knuth", knuthMatrix(t), []int{0, 3, 4}},
		{"sudoku", specMatrix(t, "sudoku"), nil},
		{"scott", specMatrix(t, "scott"), []int{0}},
		{"queens", specMatrix(t, "queens-8"), []int{1, 12}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			sheets, err := Matrix(tt.m, tt.chosen, "", nil)
			if err != nil {
				t.Fatal(err)
			}
			p := readMatrix(t, sheets)
			light, dark := uint8(0), uint8(255)
			for c, what := range p.keyFills {
				if strings.HasPrefix(what, "item in ") {
					light, dark = max(light, c.R), min(dark, c.R)
				}
			}
			used := map[color.NRGBA]bool{}
			for _, sh := range p.frame.Shapes {
				used[sh.Fill] = true
				_, inKey := p.keyFills[sh.Fill]
				grey := sh.Fill.R == sh.Fill.G && sh.Fill.G == sh.Fill.B && sh.Fill.R <= light && sh.Fill.R >= dark
				if !inKey && !grey {
					t.Errorf("%s is filled with %v, which the key %v does not explain", sh.Piece, sh.Fill, p.keyFills)
				}
			}
			for c, what := range p.keyFills {
				if c.A != 0 && !used[c] {
					t.Errorf("the key explains %v (%s), which the matrix does not use", c, what)
				}
			}
		})
	}
}

// A large matrix is a density picture: fewer rows than options.
func TestMatrixDensity(t *testing.T) {
	big := specMatrix(t, "pentominoes-6x10")
	if len(big.Options) != 2056 || len(big.Items) != 72 {
		t.Fatalf("6 × 10: %d options, %d items; want 2056 and 72", len(big.Options), len(big.Items))
	}
	p := readMatrix(t, mustMatrix(t, big, &Options{CellSize: 24}))
	if h := p.frame.Height / 24; h > 2*72+1.5+1 {
		t.Errorf("the 6 × 10 matrix is %g cells high: not a density picture", h)
	}
}

func TestOrdinal(t *testing.T) {
	for n, want := range map[int]string{1: "1st", 2: "2nd", 3: "3rd", 4: "4th", 10: "10th", 11: "11th", 12: "12th", 13: "13th", 21: "21st", 22: "22nd", 100: "100th", 111: "111th", 1002: "1002nd"} {
		if got := ordinal(n); got != want {
			t.Errorf("ordinal(%d) = %s, want %s", n, got, want)
		}
	}
}

// A matrix with Knuth's colours writes each colour in its cell (white on
// a chosen option's blue), and the key says what the letters are.
func TestMatrixColors(t *testing.T) {
	m, err := matrix.ParseDLX("c.dlx", strings.NewReader("p q r | x y\np q x y:A\np r x:A y\np x:B\nq x:A\nr y:B\n"))
	if err != nil {
		t.Fatal(err)
	}
	sheets, err := Matrix(m, []int{1, 3}, "colours", nil)
	if err != nil {
		t.Fatal(err)
	}
	p := readMatrix(t, sheets)
	names, colors := p.items[:len(m.Items)], p.items[len(m.Items):]
	if got := texts(names); got != "p | q | r | x | y" {
		t.Fatalf("the columns are named %s", got)
	}
	var got []string
	for _, c := range colors {
		col := slices.IndexFunc(names, func(l Text) bool { return math.Abs(l.X-c.X) < 1e-6 })
		row := slices.IndexFunc(p.rows, func(l Text) bool { return math.Abs(l.Y-c.Y) < 1e-6 })
		if col < 0 || row < 0 {
			t.Fatalf("colour %q at %g,%g is in no cell", c.Text, c.X, c.Y)
		}
		chosen := row == 1 || row == 3
		if white := c.Color == letterLight; white != chosen {
			t.Errorf("colour %s of option %s written in %v", c.Text, p.rows[row].Text, c.Color)
		}
		got = append(got, fmt.Sprintf("%s in %s of %s", c.Text, names[col].Text, p.rows[row].Text))
	}
	want := "A in y of p q x y:A | A in x of p r x:A y | B in x of p x:B | A in x of q x:A | B in y of r y:B"
	if strings.Join(got, " | ") != want {
		t.Errorf("the colours written: %s\nwant %s", strings.Join(got, " | "), want)
	}
	if k := p.key[len(p.key)-1].Title; !strings.Contains(k, "colour") {
		t.Errorf("the key's last entry is %q, not the colours'", k)
	}
	// Cells too small for a name write no colour, and the key says nothing of them.
	sheets, err = Matrix(m, nil, "", &Options{CellSize: 4})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range sheets[0].Frames {
		if strings.Contains(f.Title, "colour") {
			t.Errorf("tiny cells, yet the key has %q", f.Title)
		}
	}
}
