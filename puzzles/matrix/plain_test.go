package matrix

import (
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/polytile/polytile/puzzles"
)

// Two identical options are two options: the covers that choose one or
// the other are two solutions, which the text and the saved form tell
// apart (rows) and Decode reads back as they were.
func TestPlainRepeatedOptions(t *testing.T) {
	m, err := NewMatrix([]string{"A", "B"}, nil, [][]string{{"A"}, {"A"}, {"B"}})
	if err != nil {
		t.Fatal(err)
	}
	p := &Plain{M: m}
	res, err := solveAll(p, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Distinct) != 2 {
		t.Fatalf("%d solutions, want 2 (one for each A)", len(res.Distinct))
	}
	var keys []string
	for _, c := range res.Distinct {
		data, err := json.Marshal(p.Encode(c.Options))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(data), `"rows":[`) {
			t.Errorf("saved %s has no rows", data)
		}
		back, err := p.Decode(data)
		if err != nil || !slices.Equal(back, c.Options) {
			t.Errorf("Decode(%s) = %v, %v; want %v", data, back, err, c.Options)
		}
		key, _, _ := p.Canonical(back)
		keys = append(keys, key)
		if !strings.Contains(p.Text(c.Options), "(option ") {
			t.Errorf("text %q does not number the options", p.Text(c.Options))
		}
	}
	if keys[0] == keys[1] {
		t.Errorf("the two solutions read back as one")
	}
	for _, bad := range []string{
		`{"options":[["A"],["B"]]}`,              // which A?
		`{"options":[["A"],["B"]],"rows":[1]}`,   // too few rows
		`{"options":[["A"],["B"]],"rows":[3,1]}`, // rows not the options named
		`{"options":[["A"],["A"]],"rows":[1,1]}`, // one option twice
		`{"options":[["A"],["B"]],"rows":[0,3]}`, // no option 0
		`{"options":[["A"],["B"]],"rows":[2,9]}`, // past the last
	} {
		if sol, err := p.Decode([]byte(bad)); err == nil {
			t.Errorf("Decode(%s) = %v, want an error", bad, sol)
		}
	}
	// A matrix without repeated options saves no rows, as it always has.
	q := &Plain{M: mustMatrix(t)}
	if data, _ := json.Marshal(q.Encode([]int{0})); strings.Contains(string(data), "rows") {
		t.Errorf("a matrix without repeats saved %s", data)
	}
}

func mustMatrix(t *testing.T) *puzzles.Matrix {
	t.Helper()
	m, err := NewMatrix([]string{"A", "B"}, nil, [][]string{{"A"}, {"B"}})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// A .dlx file that is not text is a clear error at its line and column,
// which never echoes the bytes it found.
func TestParseDLXNotText(t *testing.T) {
	tests := []struct {
		name, text, want string
	}{
		{"bom", "\ufeffA B\nA\nB\n", "x.dlx:1:1: the file starts with a byte-order mark"},
		{"nul in a name", "A B\nA\x00C\n", "x.dlx:2:2: a control character (U+0000) in a name"},
		{"escape in a name", "A B\nA \x1b[31mB\n", "x.dlx:2:3: a control character (U+001B)"},
		{"binary", "A B\n\xff\xfe\x00\x01\n", "x.dlx:2:1: byte 0xff is not UTF-8 text"},
		{"a long line", "A B\n" + strings.Repeat("A ", MaxDLXLine) + "\n", "x.dlx:2: a line longer than 1024 KiB"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseDLX("x.dlx", strings.NewReader(tt.text))
			if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
				t.Fatalf("ParseDLX error %v, want one starting %q", err, tt.want)
			}
			for _, r := range err.Error() {
				if r < ' ' || r == 0x7f || r == '\ufeff' {
					t.Errorf("the error %q echoes a control character %U", err, r)
				}
			}
		})
	}
	// Tabs and a CR before the newline are text.
	if _, err := ParseDLX("x.dlx", strings.NewReader("A\tB\r\nA\r\nB\r\n")); err != nil {
		t.Errorf("tabs and CRLF: %v", err)
	}
}

// Givens that a Sudoku's rules forbid are an error at the second one,
// saying where both are; lines of '-', '+' and '|' between boxes are not
// rows.
func TestSudokuGivens(t *testing.T) {
	blank := strings.Repeat(".........\n", 9)
	row := func(i int, s string) string {
		lines := strings.Split(blank, "\n")
		lines[i] = s
		return strings.Join(lines, "\n")
	}
	tests := []struct {
		name, grid string
		diagonals  bool
		line, col  int
		want       string
	}{
		{"row", row(0, "1.1......"), false, 1, 3, "1 is given twice in row 1 (columns 1 and 3)"},
		{"one given", row(0, "....5...."), false, 0, 0, ""},
		{"box", "2........\n.2.......\n" + strings.Repeat(".........\n", 7), false, 2, 2, "2 is given twice in box 1 (row 1, column 1 and row 2, column 2)"},
		{"diagonal", "3........\n.........\n..3......\n" + strings.Repeat(".........\n", 6), true, 3, 3, "3 is given twice in box 1"},
		{"anti-diagonal", "........4\n" + strings.Repeat(".........\n", 7) + "4........\n", true, 9, 1, "4 is given twice on a diagonal (row 1, column 9 and row 9, column 1)"},
		{"no diagonals", "........4\n" + strings.Repeat(".........\n", 7) + "4........\n", false, 0, 0, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseSudoku(tt.grid, tt.diagonals)
			if tt.want == "" {
				if err != nil {
					t.Fatalf("ParseSudoku: %v", err)
				}
				return
			}
			var se *SudokuError
			if !errors.As(err, &se) || se.Line != tt.line || se.Col != tt.col || !strings.Contains(se.Msg, tt.want) {
				t.Fatalf("ParseSudoku error %v, want %d:%d: %s", err, tt.line, tt.col, tt.want)
			}
		})
	}
	col := "5........\n" + strings.Repeat(".........\n", 4) + "5........\n" + strings.Repeat(".........\n", 3)
	if _, err := ParseSudoku(col, false); err == nil || !strings.Contains(err.Error(), "6:1: 5 is given twice in column 1 (rows 1 and 6)") {
		t.Errorf("a column's conflict: %v", err)
	}
	boxed := "53.|.7.|...\n6..|195|...\n.98|...|.6.\n---+---+---\n8..|.6.|..3\n4..|8.3|..1\n7..|.2.|..6\n---+---+---\n.6.|...|28.\n...|419|..5\n...|.8.|.79\n"
	s, err := ParseSudoku(boxed, false)
	if err != nil || s.N != 3 || s.Givens[3][0] != 8 {
		t.Errorf("a grid drawn with separators: %v", err)
	}
}

// A .dlx file's mistake in an option is placed at the option's line,
// found from the *Error's option, and names the file once.
func TestParseDLXOptionLine(t *testing.T) {
	_, err := ParseDLX("x.dlx", strings.NewReader("| a comment\na b\n\na\nb z\n"))
	var me *Error
	if !errors.As(err, &me) || me.Option != 2 {
		t.Fatalf("ParseDLX = %v, want a *Error of option 2", err)
	}
	if got, want := err.Error(), `x.dlx:5: option 2 (b z) names "z", which is not an item`; got != want {
		t.Errorf("ParseDLX: %q, want %q", got, want)
	}
}
