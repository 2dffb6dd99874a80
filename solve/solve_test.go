package solve_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/polytile/polytile/internal/golden"
	"github.com/polytile/polytile/solve"
)

// mustAdd adds an option to p, failing the test if AddOption refuses it.
func mustAdd(t testing.TB, p *solve.Links, items ...int) int {
	t.Helper()
	k, err := p.AddOption(items...)
	if err != nil {
		t.Fatalf("AddOption(%v): %v", items, err)
	}
	return k
}

// fromMatrix builds a problem from a 0/1 matrix whose first primary columns
// are primary items and the rest secondary items.
func fromMatrix(t testing.TB, primary int, rows []string) *solve.Links {
	t.Helper()
	n := len(strings.Fields(rows[0]))
	p := solve.NewLinks(primary, n-primary)
	for _, row := range rows {
		var items []int
		for j, f := range strings.Fields(row) {
			if f == "1" {
				items = append(items, j)
			}
		}
		mustAdd(t, p, items...)
	}
	return p
}

// twoPieces is the exact-cover example of two pieces on a board of six
// cells: items 0 and 1 are the pieces, items 2…7 the cells.
func twoPieces(t testing.TB) *solve.Links {
	t.Helper()
	shapes := []string{
		"0 1 1 0 1 0",
		"0 0 1 1 0 1",
		"0 0 1 1 1 0",
		"1 0 1 1 0 0",
		"0 0 1 0 1 1",
		"1 1 1 0 0 0",
		"0 0 0 1 1 1",
	}
	var rows []string
	for _, piece := range []string{"1 0", "0 1"} {
		for _, s := range shapes {
			rows = append(rows, piece+" "+s)
		}
	}
	return fromMatrix(t, 8, rows)
}

// queens returns n queens as an exact-cover problem: ranks 0…n-1 and files
// n…2n-1 are primary, the diagonals and antidiagonals secondary. Option
// r*n+c puts a queen on rank r, file c.
func queens(n int) *solve.Links {
	p := solve.NewLinks(2*n, 2*(2*n-1))
	for r := range n {
		for c := range n {
			diag := 2*n + r + c
			anti := 2*n + (2*n - 1) + r - c + n - 1
			if _, err := p.AddOption(r, n+c, diag, anti); err != nil {
				panic(err)
			}
		}
	}
	return p
}

// collect runs the search and returns every solution it yields.
func collect(s *solve.Search) [][]int {
	var sols [][]int
	for sol := range s.Solutions(context.Background()) {
		sols = append(sols, sol)
	}
	return sols
}

// checkSolution reports why sol is not an exact cover of p, or "" if it is:
// sorted distinct option indices covering each primary item exactly once and
// each secondary item at most once.
func checkSolution(p *solve.Links, sol []int) string {
	if !slices.IsSorted(sol) {
		return fmt.Sprintf("options %v not sorted", sol)
	}
	covered := make([]int, p.Primary()+p.Secondary())
	for i, k := range sol {
		if k < 0 || k >= p.Options() {
			return fmt.Sprintf("option %d out of range", k)
		}
		if i > 0 && sol[i-1] == k {
			return fmt.Sprintf("option %d given twice", k)
		}
		for _, it := range p.Option(k) {
			covered[it]++
		}
	}
	for it, c := range covered {
		if it < p.Primary() && c != 1 {
			return fmt.Sprintf("primary item %d covered %d times", it, c)
		}
		if c > 1 {
			return fmt.Sprintf("secondary item %d covered %d times", it, c)
		}
	}
	return ""
}

// sortSolutions sorts solutions lexicographically, for comparing sets.
func sortSolutions(sols [][]int) [][]int {
	sols = slices.Clone(sols)
	slices.SortFunc(sols, slices.Compare)
	return sols
}

func TestTwoPieces(t *testing.T) {
	p := twoPieces(t)
	if got, want := p.Options(), 14; got != want {
		t.Fatalf("Options(two pieces) = %d, want %d", got, want)
	}
	got := collect(solve.NewSearch(p, nil))
	want := [][]int{{5, 13}, {6, 12}}
	if !slices.EqualFunc(got, want, slices.Equal) {
		t.Errorf("Solutions(two pieces) = %v, want %v", got, want)
	}
	for _, sol := range got {
		if msg := checkSolution(p, sol); msg != "" {
			t.Errorf("Solutions(two pieces) yielded %v: %s", sol, msg)
		}
	}
	n, err := p.Count(context.Background())
	if n != 2 || err != nil {
		t.Errorf("Count(two pieces) = %d, %v, want 2, nil", n, err)
	}
}

// TestTwoPiecesStats checks the statistics against a count by hand: the
// search chooses the first cell (4 options); two of them lead straight to a
// dead end, the other two to one more choice each, so 6 options are tried.
func TestTwoPiecesStats(t *testing.T) {
	s := solve.NewSearch(twoPieces(t), nil)
	if _, err := s.Count(context.Background()); err != nil {
		t.Fatalf("Count(two pieces): %v", err)
	}
	want := solve.Stats{Nodes: 6, Updates: 132, Solutions: 2}
	if got := s.Stats(); got != want {
		t.Errorf("Stats(two pieces) = %+v, want %+v", got, want)
	}
}

// TestSolutionOrder checks the order of the solutions in a problem where it
// shows the choice of item: items 0 and 1 have two options each, and the
// search branches on the first of them, item 0, trying its options top down.
func TestSolutionOrder(t *testing.T) {
	p := solve.NewLinks(2, 1)
	for _, o := range [][]int{{0, 2}, {1, 2}, {0}, {1}} {
		mustAdd(t, p, o...)
	}
	s := solve.NewSearch(p, nil)
	got := collect(s)
	want := [][]int{{0, 3}, {1, 2}, {2, 3}}
	if !slices.EqualFunc(got, want, slices.Equal) {
		t.Errorf("Solutions(tie) = %v, want %v", got, want)
	}
	// Options 0, 3, 2, 1, 3 are tried, in that order.
	if got := s.Stats().Nodes; got != 5 {
		t.Errorf("Stats(tie).Nodes = %d, want 5", got)
	}
}

// transforms are the 8 symmetries of the n×n square, acting on (rank, file).
var transforms = []func(n, r, c int) (int, int){
	func(n, r, c int) (int, int) { return r, c },
	func(n, r, c int) (int, int) { return c, n - 1 - r },
	func(n, r, c int) (int, int) { return n - 1 - r, n - 1 - c },
	func(n, r, c int) (int, int) { return n - 1 - c, r },
	func(n, r, c int) (int, int) { return r, n - 1 - c },
	func(n, r, c int) (int, int) { return n - 1 - r, c },
	func(n, r, c int) (int, int) { return c, r },
	func(n, r, c int) (int, int) { return n - 1 - c, n - 1 - r },
}

// queensBoard turns a queens solution into its files by rank: board[r] is
// the file of the queen on rank r.
func queensBoard(n int, sol []int) []byte {
	board := make([]byte, n)
	for _, k := range sol {
		board[k/n] = byte(k % n)
	}
	return board
}

// canonical returns the smallest encoding of board over the 8 symmetries of
// the square, and how many of them leave the board unchanged.
func canonical(board []byte) (string, int) {
	n := len(board)
	best, fixed := "", 0
	img := make([]byte, n)
	for i, f := range transforms {
		for r, c := range board {
			r2, c2 := f(n, r, int(c))
			img[r2] = byte(c2)
		}
		if string(img) == string(board) {
			fixed++
		}
		if i == 0 || string(img) < best {
			best = string(img)
		}
	}
	return best, fixed
}

func TestQueens(t *testing.T) {
	tests := []struct {
		n       int
		raw     int64 // OEIS A000170
		classes int   // OEIS A002562
	}{
		{1, 1, 1},
		{2, 0, 0},
		{3, 0, 0},
		{4, 2, 1},
		{5, 10, 2},
		{6, 4, 1},
		{7, 40, 6},
		{8, 92, 12},
		{9, 352, 46},
		{10, 724, 92},
		{11, 2680, 341},
		{12, 14200, 1787},
		{13, 73712, 9233},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprint(tt.n), func(t *testing.T) {
			p := queens(tt.n)
			count, err := p.Count(context.Background())
			if count != tt.raw || err != nil {
				t.Errorf("Count(queens %d) = %d, %v, want %d, nil", tt.n, count, err, tt.raw)
			}

			var raw, orbits int64
			classes := map[string]bool{}
			for sol := range p.Solutions(context.Background()) {
				raw++
				if msg := checkSolution(p, sol); msg != "" {
					t.Fatalf("Solutions(queens %d) yielded %v: %s", tt.n, sol, msg)
				}
				c, fixed := canonical(queensBoard(tt.n, sol))
				if !classes[c] {
					classes[c] = true
					orbits += int64(8 / fixed)
				}
			}
			if raw != tt.raw {
				t.Errorf("len(Solutions(queens %d)) = %d, want %d", tt.n, raw, tt.raw)
			}
			if len(classes) != tt.classes {
				t.Errorf("classes(queens %d) = %d, want %d", tt.n, len(classes), tt.classes)
			}
			if orbits != raw {
				t.Errorf("sum of orbit sizes(queens %d) = %d, want %d", tt.n, orbits, raw)
			}
		})
	}
}

// sudoku returns the standard 324-item exact cover of a 9×9 Sudoku with the
// given rows (digits, '0' for a blank), with only the options consistent
// with the givens, and what each option places: cell r*9+c gets digit d+1
// for option k when place[k] = [3]int{r, c, d}.
func sudoku(t *testing.T, rows []string) (*solve.Links, [][3]int) {
	t.Helper()
	var given [9][9]int
	for r, row := range rows {
		for c, ch := range row {
			given[r][c] = int(ch - '0')
		}
	}
	box := func(r, c int) int { return r/3*3 + c/3 }
	conflicts := func(r, c, d int) bool { // digit d+1 clashes with a given
		for r2 := range 9 {
			for c2 := range 9 {
				if given[r2][c2] == d+1 && (r2 == r || c2 == c || box(r2, c2) == box(r, c)) {
					return true
				}
			}
		}
		return false
	}
	p := solve.NewLinks(324, 0)
	var place [][3]int
	for r := range 9 {
		for c := range 9 {
			for d := range 9 {
				if g := given[r][c]; g != 0 && g != d+1 || g == 0 && conflicts(r, c, d) {
					continue
				}
				mustAdd(t, p, r*9+c, 81+r*9+d, 162+c*9+d, 243+box(r, c)*9+d)
				place = append(place, [3]int{r, c, d})
			}
		}
	}
	return p, place
}

func TestSudoku(t *testing.T) {
	puzzle := []string{
		"010009000",
		"743002000",
		"000800102",
		"000000400",
		"000060050",
		"009001007",
		"005000060",
		"001000900",
		"000750801",
	}
	want := []string{
		"812539746",
		"743612598",
		"596874132",
		"627985413",
		"138467259",
		"459321687",
		"275198364",
		"381246975",
		"964753821",
	}
	p, place := sudoku(t, puzzle)
	var sols [][]string
	for sol := range p.Solutions(context.Background()) {
		if msg := checkSolution(p, sol); msg != "" {
			t.Fatalf("Solutions(sudoku) yielded %v: %s", sol, msg)
		}
		var grid [9][9]byte
		for _, k := range sol {
			pl := place[k]
			grid[pl[0]][pl[1]] = byte('1' + pl[2])
		}
		var rows []string
		for _, row := range grid {
			rows = append(rows, string(row[:]))
		}
		sols = append(sols, rows)
	}
	if len(sols) != 1 {
		t.Fatalf("len(Solutions(sudoku)) = %d, want 1", len(sols))
	}
	if !slices.Equal(sols[0], want) {
		t.Errorf("Solutions(sudoku) = %v, want %v", sols[0], want)
	}
}

func TestSmallProblems(t *testing.T) {
	tests := []struct {
		name               string
		primary, secondary int
		options            [][]int
		want               [][]int // sorted
	}{
		{
			name:    "no items",
			options: nil,
			want:    [][]int{{}},
		},
		{
			// As in Knuth's DLX1, an option with no primary item is never
			// chosen, so it is in no solution.
			name:      "secondary only",
			secondary: 2,
			options:   [][]int{{0}, {1}, {0, 1}},
			want:      [][]int{{}},
		},
		{
			name:      "option without primary item",
			primary:   1,
			secondary: 1,
			options:   [][]int{{0}, {1}},
			want:      [][]int{{0}},
		},
		{
			name:    "item without options",
			primary: 3,
			options: [][]int{{0, 1}, {0}, {1}},
			want:    nil,
		},
		{
			name:    "no options",
			primary: 1,
			want:    nil,
		},
		{
			name:    "single option",
			primary: 3,
			options: [][]int{{2, 0, 1}},
			want:    [][]int{{0}},
		},
		{
			// Item 2 is secondary: options 0 and 1 both cover it, so they
			// never appear together, and {2, 3} leaves it uncovered.
			name:      "secondary at most once",
			primary:   2,
			secondary: 1,
			options:   [][]int{{0, 2}, {1, 2}, {0}, {1}},
			want:      [][]int{{0, 3}, {1, 2}, {2, 3}},
		},
		{
			name:      "secondary forbids",
			primary:   2,
			secondary: 1,
			options:   [][]int{{0, 2}, {1, 2}},
			want:      nil,
		},
		{
			name:    "duplicate options",
			primary: 2,
			options: [][]int{{0, 1}, {1, 0}, {0}, {1}},
			want:    [][]int{{0}, {1}, {2, 3}},
		},
		{
			name:    "overlap",
			primary: 3,
			options: [][]int{{0, 1}, {1, 2}, {0, 2}},
			want:    nil,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := solve.NewLinks(tt.primary, tt.secondary)
			for _, o := range tt.options {
				mustAdd(t, p, o...)
			}
			got := sortSolutions(collect(solve.NewSearch(p, nil)))
			if !slices.EqualFunc(got, tt.want, slices.Equal) || len(got) != len(tt.want) {
				t.Errorf("Solutions(%s) = %v, want %v", tt.name, got, tt.want)
			}
			for _, sol := range got {
				if sol == nil {
					t.Errorf("Solutions(%s) yielded a nil slice, want an empty one", tt.name)
				}
				if msg := checkSolution(p, sol); msg != "" {
					t.Errorf("Solutions(%s) yielded %v: %s", tt.name, sol, msg)
				}
			}
			n, err := p.Count(context.Background())
			if n != int64(len(tt.want)) || err != nil {
				t.Errorf("Count(%s) = %d, %v, want %d, nil", tt.name, n, err, len(tt.want))
			}
		})
	}
}

// bruteForce returns every exact cover of p by trying every set of options.
// Like Knuth's DLX1, it leaves out options without a primary item: the
// search only ever chooses an option for a primary item, so such an option
// is never part of a solution.
func bruteForce(p *solve.Links) [][]int {
	var sols [][]int
	for mask := 0; mask < 1<<p.Options(); mask++ {
		var sol []int
		for k := range p.Options() {
			if mask&(1<<k) != 0 {
				sol = append(sol, k)
			}
		}
		if slices.ContainsFunc(sol, func(k int) bool { return !hasPrimary(p, k) }) {
			continue
		}
		if checkSolution(p, sol) == "" {
			sols = append(sols, append([]int{}, sol...))
		}
	}
	return sortSolutions(sols)
}

// hasPrimary reports whether option k of p has a primary item.
func hasPrimary(p *solve.Links, k int) bool {
	return slices.ContainsFunc(p.Option(k), func(it int) bool { return it < p.Primary() })
}

func TestRandomAgainstBruteForce(t *testing.T) {
	tests := []struct {
		name               string
		primary, secondary int
		options            int
		density            float64
	}{
		{"sparse", 6, 0, 12, 0.25},
		{"dense", 5, 0, 12, 0.5},
		{"with secondary", 5, 3, 12, 0.3},
		{"many items", 10, 4, 14, 0.2},
		{"one item", 1, 1, 8, 0.5},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(1, uint64(len(tt.name))))
			n := tt.primary + tt.secondary
			for trial := range 50 {
				p := solve.NewLinks(tt.primary, tt.secondary)
				for range tt.options {
					var items []int
					for it := range n {
						if rng.Float64() < tt.density {
							items = append(items, it)
						}
					}
					if len(items) == 0 {
						items = append(items, rng.IntN(n))
					}
					rng.Shuffle(len(items), func(i, j int) { items[i], items[j] = items[j], items[i] })
					mustAdd(t, p, items...)
				}
				want := bruteForce(p)
				s := solve.NewSearch(p, nil)
				got := collect(s)
				for _, sol := range got {
					if msg := checkSolution(p, sol); msg != "" {
						t.Errorf("trial %d: Solutions(%s) yielded %v: %s", trial, tt.name, sol, msg)
					}
				}
				if got := sortSolutions(got); !slices.EqualFunc(got, want, slices.Equal) || len(got) != len(want) {
					t.Errorf("trial %d: Solutions(%s) = %v, want %v", trial, tt.name, got, want)
				}
				if c, err := s.Count(context.Background()); c != int64(len(want)) || err != nil {
					t.Errorf("trial %d: Count(%s) = %d, %v, want %d, nil", trial, tt.name, c, err, len(want))
				}
			}
		})
	}
}

func TestStats(t *testing.T) {
	tests := []struct {
		name string
		p    *solve.Links
		want int64
	}{
		{"two pieces", twoPieces(t), 2},
		{"queens 6", queens(6), 4},
		{"queens 8", queens(8), 92},
		{"queens 10", queens(10), 724},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s1 := solve.NewSearch(tt.p, nil)
			if _, err := s1.Count(context.Background()); err != nil {
				t.Fatalf("Count(%s): %v", tt.name, err)
			}
			st := s1.Stats()
			if st.Nodes <= 0 || st.Updates <= 0 || st.Solutions != tt.want {
				t.Errorf("Stats(%s) = %+v, want positive Nodes and Updates, Solutions %d", tt.name, st, tt.want)
			}
			if st.Nodes < st.Solutions {
				t.Errorf("Stats(%s).Nodes = %d, want at least Solutions = %d", tt.name, st.Nodes, st.Solutions)
			}
			// A new search over the same problem, and over a copy built
			// afresh, visits exactly the same nodes.
			s2 := solve.NewSearch(tt.p, nil)
			if _, err := s2.Count(context.Background()); err != nil {
				t.Fatalf("Count(%s): %v", tt.name, err)
			}
			if s2.Stats() != st {
				t.Errorf("Stats(%s) second search = %+v, want %+v", tt.name, s2.Stats(), st)
			}
		})
	}
	t.Run("before run", func(t *testing.T) {
		s := solve.NewSearch(queens(4), nil)
		if got := s.Stats(); got != (solve.Stats{}) {
			t.Errorf("Stats(queens 4) before any run = %+v, want zero", got)
		}
		if err := s.Err(); err != nil {
			t.Errorf("Err(queens 4) before any run = %v, want nil", err)
		}
	})
}

func TestAddOptionErrors(t *testing.T) {
	tests := []struct {
		name  string
		items []int
		want  string // in the message
	}{
		{"empty", nil, "no items"},
		{"empty slice", []int{}, "no items"},
		{"negative", []int{0, -1}, "item -1 out of range"},
		{"too big", []int{5}, "item 5 out of range"},
		{"far too big", []int{1, 1 << 40}, "out of range"},
		{"duplicate", []int{0, 3, 0}, "item 0 given twice"},
		{"duplicate secondary", []int{4, 4}, "item 4 given twice"},
		{"duplicate in a long option", append(slices.Repeat([]int{0, 1, 2, 3}, 10), 4, 2), "item 0 given twice"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := solve.NewLinks(3, 2)
			mustAdd(t, p, 0, 1)
			_, err := p.AddOption(tt.items...)
			if err == nil {
				t.Fatalf("AddOption(%v) error = nil, want %v", tt.items, solve.ErrBadOption)
			}
			if !errors.Is(err, solve.ErrBadOption) {
				t.Errorf("AddOption(%v) error = %v, want one wrapping %v", tt.items, err, solve.ErrBadOption)
			}
			if msg := err.Error(); !strings.HasPrefix(msg, "solve: ") || !strings.Contains(msg, tt.want) {
				t.Errorf("AddOption(%v) error = %q, want it to start with %q and contain %q", tt.items, msg, "solve: ", tt.want)
			}
			// A refused option is not added.
			if got := p.Options(); got != 1 {
				t.Errorf("Options() after AddOption(%v) failed = %d, want 1", tt.items, got)
			}
		})
	}
}

func TestProblemAccessors(t *testing.T) {
	p := solve.NewLinks(3, 2)
	opts := [][]int{{2, 0}, {4}, {1, 3, 0}}
	for i, o := range opts {
		if k := mustAdd(t, p, o...); k != i {
			t.Errorf("AddOption(%v) = %d, want %d", o, k, i)
		}
	}
	if got := p.Primary(); got != 3 {
		t.Errorf("Primary() = %d, want 3", got)
	}
	if got := p.Secondary(); got != 2 {
		t.Errorf("Secondary() = %d, want 2", got)
	}
	if got := p.Options(); got != len(opts) {
		t.Errorf("Options() = %d, want %d", got, len(opts))
	}
	for k, o := range opts {
		got := p.Option(k)
		if !slices.Equal(got, o) {
			t.Errorf("Option(%d) = %v, want %v", k, got, o)
		}
		got[0] = -1 // the caller's copy
		if again := p.Option(k); !slices.Equal(again, o) {
			t.Errorf("Option(%d) after writing to its result = %v, want %v", k, again, o)
		}
	}
}

func TestNewProblemPanics(t *testing.T) {
	tests := []struct {
		name               string
		primary, secondary int
	}{
		{"negative primary", -1, 0},
		{"negative secondary", 0, -1},
		{"too many items", 1 << 30, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			defer func() {
				if recover() == nil {
					t.Errorf("NewProblem(%d, %d) did not panic", tt.primary, tt.secondary)
				}
			}()
			solve.NewLinks(tt.primary, tt.secondary)
		})
	}
}

// The six-queens solutions, drawn, against testdata/queens6.golden
// (go test ./solve -update rewrites it): the order of the search, too.
func TestQueensGolden(t *testing.T) {
	var b strings.Builder
	s := solve.NewSearch(queens(6), nil)
	for sol := range s.Solutions(context.Background()) {
		for _, c := range queensBoard(6, sol) {
			b.WriteString(strings.Repeat(".", int(c)) + "Q" + strings.Repeat(".", 5-int(c)) + "\n")
		}
		b.WriteString("\n")
	}
	fmt.Fprintf(&b, "%+v\n", s.Stats())
	golden.Check(t, "queens6.golden", []byte(b.String()))
}
