package matrix

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/polytile/polytile/puzzles"
)

// sudokuSymbols are the symbols of a Sudoku, in order: digits, then
// letters, as 16 × 16 grids write them.
const sudokuSymbols = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"

// SudokuSymbol returns the symbol of value v, from 1: '1'–'9', then 'A'.
func SudokuSymbol(v int) byte { return sudokuSymbols[v-1] }

// Sudoku is a Sudoku of n² × n² cells, n from 2 to 5: every row, column
// and n × n box, and with Diagonals both main diagonals, holds each of the
// n² symbols once. Givens holds the grid's symbols, 0 for a blank.
type Sudoku struct {
	N         int // the side of a box; the grid is N² across
	Givens    [][]int
	Diagonals bool
	m         *puzzles.Matrix
}

// SudokuError is a mistake in a Sudoku's grid, at a row and column of
// its picture counted from 1.
type SudokuError struct {
	Line, Col int
	Msg       string
}

func (e *SudokuError) Error() string { return fmt.Sprintf("%d:%d: %s", e.Line, e.Col, e.Msg) }

// ParseSudoku reads a grid: rows of symbols (1–9, then A–Z past 9), '.' or
// '0' for a blank, spaces between them allowed and ignored; n² rows of n²
// symbols, n from 2 to 5 (4 × 4, 9 × 9, 16 × 16, 25 × 25).
func ParseSudoku(grid string, diagonals bool) (*Sudoku, error) {
	var rows [][]int
	var lineOf []int
	var colOf [][]int // each cell's column in its line, from 1
	for i, line := range strings.Split(strings.TrimRight(grid, "\n"), "\n") {
		line = strings.TrimRight(line, " \t\r")
		if strings.TrimSpace(line) == "" {
			continue
		}
		var row, cols []int
		for j, r := range line {
			switch {
			case r == ' ' || r == '|' || r == '-' || r == '+':
				continue
			case r == '.' || r == '0':
				row = append(row, 0)
			default:
				k := strings.IndexRune(sudokuSymbols, r)
				if k < 0 {
					k = strings.IndexRune(sudokuSymbols, r-'a'+'A')
				}
				if k < 0 {
					return nil, &SudokuError{i + 1, j + 1, fmt.Sprintf("%q in the grid: write 1–9 (then A–Z past 9) for a given, '.' or '0' for a blank", r)}
				}
				row = append(row, k+1)
			}
			cols = append(cols, j+1)
		}
		if len(row) == 0 {
			continue // a line of '-', '+' and '|' between boxes, such as ---+---+---
		}
		rows = append(rows, row)
		lineOf = append(lineOf, i+1)
		colOf = append(colOf, cols)
	}
	size := len(rows)
	n := int(math.Round(math.Sqrt(float64(size))))
	if n < 2 || n > 5 || n*n != size {
		return nil, &SudokuError{1, 1, fmt.Sprintf("the grid has %d rows; a Sudoku has 4, 9, 16 or 25 (n² for n from 2 to 5)", size)}
	}
	for i, row := range rows {
		if len(row) != size {
			return nil, &SudokuError{lineOf[i], 1, fmt.Sprintf("row %d has %d cells; every row of this grid has %d", i+1, len(row), size)}
		}
		for j, v := range row {
			if v > size {
				return nil, &SudokuError{lineOf[i], colOf[i][j], fmt.Sprintf("row %d, cell %d is %c, past the %d symbols of a %d × %d grid", i+1, j+1, sudokuSymbols[v-1], size, size, size)}
			}
		}
	}
	if r, c, msg := conflict(rows, n, diagonals); msg != "" {
		return nil, &SudokuError{lineOf[r], colOf[r][c], msg + ": a symbol is given once in each row, column and box" + map[bool]string{true: ", and on each diagonal"}[diagonals]}
	}
	s := &Sudoku{N: n, Givens: rows, Diagonals: diagonals}
	s.m = s.matrix()
	return s, nil
}

// conflict finds a given that an earlier given of the same symbol (in
// reading order) shares a row, column, box (or, with diagonals, a
// diagonal) with: its row and column, and what is wrong ("1 is given twice
// in row 1 (columns 1 and 2)"); msg is "" if no two givens conflict.
func conflict(rows [][]int, n int, diagonals bool) (r, c int, msg string) {
	size := n * n
	seen := map[[3]int][2]int{} // (kind of unit, which, symbol) → the cell first seen
	for r, row := range rows {
		for c, v := range row {
			if v == 0 {
				continue
			}
			units := [][2]int{{0, r}, {1, c}, {2, r/n*n + c/n}}
			if diagonals && r == c {
				units = append(units, [2]int{3, 0})
			}
			if diagonals && r+c == size-1 {
				units = append(units, [2]int{3, 1})
			}
			for _, u := range units {
				k := [3]int{u[0], u[1], v}
				at, ok := seen[k]
				if !ok {
					seen[k] = [2]int{r, c}
					continue
				}
				sym := sudokuSymbols[v-1]
				switch u[0] {
				case 0:
					return r, c, fmt.Sprintf("%c is given twice in row %d (columns %d and %d)", sym, r+1, at[1]+1, c+1)
				case 1:
					return r, c, fmt.Sprintf("%c is given twice in column %d (rows %d and %d)", sym, c+1, at[0]+1, r+1)
				case 2:
					return r, c, fmt.Sprintf("%c is given twice in box %d (row %d, column %d and row %d, column %d)", sym, u[1]+1, at[0]+1, at[1]+1, r+1, c+1)
				}
				return r, c, fmt.Sprintf("%c is given twice on a diagonal (row %d, column %d and row %d, column %d)", sym, at[0]+1, at[1]+1, r+1, c+1)
			}
		}
	}
	return 0, 0, ""
}

// matrix encodes the Sudoku: items cell r,c; row r has d; column c has d;
// box b has d (and the diagonals have d), all primary; an option for each
// symbol a cell may hold (its given, or any on a blank).
func (s *Sudoku) matrix() *puzzles.Matrix {
	size := s.N * s.N
	m := &puzzles.Matrix{}
	add := func(format string, args ...any) { m.Items = append(m.Items, fmt.Sprintf(format, args...)) }
	for r := range size {
		for c := range size {
			add("r%dc%d", r+1, c+1)
		}
	}
	for _, kind := range []string{"r", "c", "b"} {
		for i := range size {
			for d := range size {
				add("%s%d#%c", kind, i+1, sudokuSymbols[d])
			}
		}
	}
	if s.Diagonals {
		for _, kind := range []string{"d", "a"} {
			for d := range size {
				add("%s#%c", kind, sudokuSymbols[d])
			}
		}
	}
	m.Primary = len(m.Items)
	cellItems := size * size
	for r := range size {
		for c := range size {
			for d := range size {
				if g := s.Givens[r][c]; g != 0 && g != d+1 {
					continue
				}
				b := r/s.N*s.N + c/s.N
				o := []int{r*size + c, cellItems + r*size + d, cellItems + size*size + c*size + d, cellItems + 2*size*size + b*size + d}
				if s.Diagonals {
					diag := cellItems + 3*size*size
					if r == c {
						o = append(o, diag+d)
					}
					if r+c == size-1 {
						o = append(o, diag+size+d)
					}
				}
				m.Options = append(m.Options, o)
				m.Names = append(m.Names, fmt.Sprintf("r%dc%d=%c", r+1, c+1, sudokuSymbols[d]))
			}
		}
	}
	return m
}

// Boxes returns the side of a box (the grid is box² across) and the
// givens, a symbol's number from 1 (SudokuSymbol), 0 for a blank.
func (s *Sudoku) Boxes() (box int, givens [][]int) { return s.N, s.Givens }

func (s *Sudoku) Kind() string            { return "sudoku" }
func (s *Sudoku) Matrix() *puzzles.Matrix { return s.m }
func (s *Sudoku) Symmetries() int         { return 1 }

// Canonical: every solution is its own class; the key is its grid.
func (s *Sudoku) Canonical(sol []int) (string, []int, int) {
	return strings.Join(s.Grid(sol), ""), sol, 1
}

// Grid returns the solution as rows of symbols.
func (s *Sudoku) Grid(sol []int) []string {
	size := s.N * s.N
	cells := make([][]byte, size)
	for r := range cells {
		cells[r] = make([]byte, size)
	}
	for _, k := range sol {
		// An option's first item is its cell, r*size + c; its second, that
		// row r has symbol d, size*size + r*size + d (see matrix).
		o := s.m.Options[k]
		r, c := o[0]/size, o[0]%size
		cells[r][c] = sudokuSymbols[o[1]-size*size-r*size]
	}
	out := make([]string, size)
	for r := range cells {
		out[r] = string(cells[r])
	}
	return out
}

// Text writes the solved grid, a row a line, boxes apart.
func (s *Sudoku) Text(sol []int) string {
	var b strings.Builder
	for r, row := range s.Grid(sol) {
		if r > 0 && r%s.N == 0 {
			b.WriteString("\n")
		}
		for c := range len(row) {
			if c > 0 && c%s.N == 0 {
				b.WriteByte(' ')
			}
			b.WriteByte(row[c])
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// Encode returns {"grid": ["534678912", …]}, one string per row.
func (s *Sudoku) Encode(sol []int) any {
	return struct {
		Grid []string `json:"grid"`
	}{s.Grid(sol)}
}

// Decode reads {"grid": ["534678912", …]}: the solution writing those
// symbols.
func (s *Sudoku) Decode(data []byte) ([]int, error) {
	var v struct {
		Grid []string `json:"grid"`
	}
	if err := json.Unmarshal(data, &v); err != nil {
		return nil, err
	}
	size := s.N * s.N
	if len(v.Grid) != size {
		return nil, fmt.Errorf("the grid has %d rows, want %d", len(v.Grid), size)
	}
	find := byName(len(s.m.Names), func(k int) string { return s.m.Names[k] })
	var sol []int
	for r, row := range v.Grid {
		if len(row) != size {
			return nil, fmt.Errorf("row %d has %d symbols, want %d", r+1, len(row), size)
		}
		for c := range size {
			k, ok := find(fmt.Sprintf("r%dc%d=%c", r+1, c+1, row[c]))
			if !ok {
				return nil, fmt.Errorf("row %d, column %d: %q is not a symbol the cell may hold", r+1, c+1, row[c])
			}
			sol = append(sol, k)
		}
	}
	slices.Sort(sol)
	return sol, nil
}

func (s *Sudoku) About() string {
	givens := 0
	for _, row := range s.Givens {
		for _, v := range row {
			if v != 0 {
				givens++
			}
		}
	}
	size := s.N * s.N
	d := ""
	if s.Diagonals {
		d = ", diagonals"
	}
	return fmt.Sprintf("%d × %d Sudoku, %d givens%s: %d items, %d options", size, size, givens, d, len(s.m.Items), len(s.m.Options))
}

// Remark says whether the grid is proper, as a setter asks: has it one
// solution, as a Sudoku must? distinct is the number of solutions found,
// complete whether the search ran to its end.
func (s *Sudoku) Remark(distinct int64, complete bool) (label, text string) {
	text = "unknown: the search stopped before it could tell"
	switch {
	case distinct >= 2:
		text = "no: more than one solution (a search that stops at 2 is enough to tell)"
	case complete && distinct == 1:
		text = "yes: exactly one solution"
	case complete && distinct == 0:
		text = "no: no solution"
	}
	return "proper", text
}
