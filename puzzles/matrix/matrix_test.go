package matrix

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/polytile/polytile/puzzles"
	"github.com/polytile/polytile/solve"
)

// The number of ways to put n queens on an n × n board, and of them
// distinct under the symmetries of the square (OEIS A000170, A002562).
var queensCounts = []struct {
	n             int
	raw, distinct int
}{{1, 1, 1}, {2, 0, 0}, {3, 0, 0}, {4, 2, 1}, {5, 10, 2}, {6, 4, 1}, {7, 40, 6}, {8, 92, 12}, {9, 352, 46}, {10, 724, 92}, {11, 2680, 341}, {12, 14200, 1787}, {13, 73712, 9233}}

func TestQueens(t *testing.T) {
	for _, tt := range queensCounts {
		q, err := NewQueens(tt.n, nil)
		if err != nil {
			t.Fatal(err)
		}
		res, err := solveAll(q, 0)
		if err != nil {
			t.Fatal(err)
		}
		if res.Raw != int64(tt.raw) || len(res.Distinct) != tt.distinct || !res.Complete {
			t.Errorf("%d queens: %d raw, %d distinct, want %d and %d", tt.n, res.Raw, len(res.Distinct), tt.raw, tt.distinct)
		}
	}
	q, _ := NewQueens(8, nil)
	res, _ := solveAll(q, 1)
	if got := q.Text(res.Distinct[0].Options); strings.Count(got, "Q") != 8 {
		t.Errorf("text:\n%s", got)
	}
}

// Knuth's example in "Dancing links" (2000): seven items, six options, one
// solution.
const knuth7 = `| Knuth's seven-item example
A B C D E F G
C E F
A D G
B C F
A D
B G
D E G
`

func TestPlain(t *testing.T) {
	m, err := ParseDLX("knuth.dlx", strings.NewReader(knuth7))
	if err != nil {
		t.Fatal(err)
	}
	p := &Plain{M: m}
	res, err := solveAll(p, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Distinct) != 1 || res.Raw != 1 {
		t.Fatalf("%d solutions, want 1", len(res.Distinct))
	}
	if got := p.Text(res.Distinct[0].Options); got != "C E F\nA D\nB G\n" {
		t.Errorf("the solution is\n%s", got)
	}
	for _, tt := range []struct{ text, msg string }{
		{"| only a comment\n", "no items"},
		{"A B | C | D\nA\n", "two '|'"},
		{"A B\nA Z\n", "bad.dlx:2: option 1 (A Z) names \"Z\""},
		{"A A\n", `item "A" is named twice`},
		{"| A\n| B\nA B\nA A\n", "bad.dlx:4: option 1 (A A) names \"A\" twice"},
	} {
		if _, err := ParseDLX("bad.dlx", strings.NewReader(tt.text)); err == nil || !strings.Contains(err.Error(), tt.msg) {
			t.Errorf("ParseDLX(%q) = %v, want %q", tt.text, err, tt.msg)
		}
	}
	// Secondary items: a solution covers them at most once.
	m, err = ParseDLX("sec.dlx", strings.NewReader("A B | X\nA X\nB X\nA\nB\n"))
	if err != nil {
		t.Fatal(err)
	}
	if res, _ := solveAll(&Plain{M: m}, 0); res.Raw != 3 {
		t.Errorf("with a secondary item: %d solutions, want 3", res.Raw)
	}
}

// The Sudoku of Radcliffe's slides, and its solution.
const seedSudoku = `
010009000
743002000
000800102
000000400
000060050
009001007
005000060
001000900
000750801
`

func TestSudoku(t *testing.T) {
	s, err := ParseSudoku(seedSudoku, false)
	if err != nil {
		t.Fatal(err)
	}
	res, err := solveAll(s, 2)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Distinct) != 1 || !res.Complete {
		t.Fatalf("%d solutions (complete %v), want exactly 1", len(res.Distinct), res.Complete)
	}
	grid := s.Grid(res.Distinct[0].Options)
	// Every row, column and box holds each digit once, and the givens stay.
	for i := range 9 {
		row, col, box := map[byte]bool{}, map[byte]bool{}, map[byte]bool{}
		for j := range 9 {
			row[grid[i][j]] = true
			col[grid[j][i]] = true
			box[grid[i/3*3+j/3][i%3*3+j%3]] = true
			if g := s.Givens[i][j]; g != 0 && grid[i][j] != sudokuSymbols[g-1] {
				t.Errorf("cell %d,%d: %c, given %d", i, j, grid[i][j], g)
			}
		}
		if len(row) != 9 || len(col) != 9 || len(box) != 9 {
			t.Errorf("row, column or box %d repeats a digit:\n%s", i, strings.Join(grid, "\n"))
		}
	}
	// A grid with two solutions: --limit 2 says it is not proper.
	two, _ := ParseSudoku("12..\n..12\n....\n....\n", false)
	if res, _ := solveAll(two, 2); len(res.Distinct) != 2 {
		t.Errorf("a 4 × 4 grid with few givens: %d solutions found with limit 2", len(res.Distinct))
	}
	// A 16 × 16 grid, empty: the first solution of many.
	empty := strings.Repeat(strings.Repeat(".", 16)+"\n", 16)
	big, err := ParseSudoku(empty, false)
	if err != nil {
		t.Fatal(err)
	}
	if res, _ := solveAll(big, 1); len(res.Distinct) != 1 || !strings.ContainsAny(big.Grid(res.Distinct[0].Options)[0], "ABCDEFG") {
		t.Errorf("an empty 16 × 16 grid: no solution with letters")
	}
	for _, tt := range []struct{ grid, msg string }{
		{"12\n21\n", "a Sudoku has 4, 9, 16 or 25"},
		{"1%..\n....\n....\n....\n", `1:2: '%' in the grid`},
		{"12.\n....\n....\n....\n", "row 1 has 3 cells"},
		{"5...\n....\n....\n....\n", "past the 4 symbols"},
	} {
		if _, err := ParseSudoku(tt.grid, false); err == nil || !strings.Contains(err.Error(), tt.msg) {
			t.Errorf("ParseSudoku(%q) = %v, want %q", tt.grid, err, tt.msg)
		}
	}
}

// TestTree checks the search tree of Knuth's example: the root chooses A,
// whose options are A D G and A D; the first is a dead end at B... as
// DLX1 searches it.
func TestTree(t *testing.T) {
	m, _ := ParseDLX("k.dlx", strings.NewReader(knuth7))
	root, err := m.Tree(context.Background(), puzzles.TreeConfig{Most: 100})
	if err != nil {
		t.Fatal(err)
	}
	count, solutions, dead, _ := walkTree(root)
	if int64(count) != root.Below+1 || solutions != 1 || root.Solutions != 1 || dead == 0 {
		t.Errorf("%d nodes (the root counts %d below it), %d solutions (the root counts %d), %d dead ends", count, root.Below, solutions, root.Solutions, dead)
	}
	// The search nodes of package solve are the options tried: the tree's
	// nodes but the root.
	res, _ := solveAll(&Plain{M: m}, 0)
	if root.Below != res.Nodes {
		t.Errorf("the tree has %d nodes besides the root; the search visits %d", root.Below, res.Nodes)
	}
	if m.Items[root.Item] != "A" {
		t.Errorf("the root chooses %s, want A (two options, the first such item)", m.Items[root.Item])
	}
	var large *puzzles.TreeTooLargeError
	if _, err := m.Tree(context.Background(), puzzles.TreeConfig{Most: 3}); !errors.As(err, &large) || !strings.Contains(err.Error(), "more than 3 nodes") {
		t.Errorf("a tree past its limit: %v", err)
	} else if large.Fits != 1 {
		t.Errorf("a tree past 3 nodes fits to depth %d, want 1 (the root and its two children)", large.Fits)
	}
}

// walkTree returns the number of nodes of the tree kept under root, of
// its solutions and dead ends, and the nodes and solutions that its cut
// nodes count below them.
func walkTree(root *puzzles.Node) (nodes, solutions, dead int, cut [2]int64) {
	var walk func(n *puzzles.Node)
	walk = func(n *puzzles.Node) {
		nodes++
		switch {
		case n.Solution:
			solutions++
		case n.Dead:
			dead++
		case n.Cut:
			cut[0] += n.Below
			cut[1] += n.Solutions
		}
		for _, c := range n.Children {
			walk(c)
		}
	}
	walk(root)
	return nodes, solutions, dead, cut
}

// TestTreeCut checks a search tree of more than 500 nodes cut at depth 2:
// the nodes kept and those its cut nodes count below them make the whole
// tree, and so do their solutions; the whole tree refused past 500 nodes
// says to what depth it fits; a stopped context stops the count.
func TestTreeCut(t *testing.T) {
	q, err := NewQueens(8, nil)
	if err != nil {
		t.Fatal(err)
	}
	m := q.Matrix()
	ctx := context.Background()
	whole, err := m.Tree(ctx, puzzles.TreeConfig{})
	if err != nil {
		t.Fatal(err)
	}
	wholeNodes, wholeSolutions, _, _ := walkTree(whole)
	if wholeNodes <= 500 || wholeSolutions != 92 {
		t.Fatalf("the whole tree of 8 queens: %d nodes, %d solutions; want more than 500, and 92", wholeNodes, wholeSolutions)
	}
	var large *puzzles.TreeTooLargeError
	if _, err := m.Tree(ctx, puzzles.TreeConfig{Most: 500}); !errors.As(err, &large) || large.Depth != 0 || large.Fits < 1 {
		t.Fatalf("the whole tree past 500 nodes: %v (%+v)", err, large)
	}
	fits, err := m.Tree(ctx, puzzles.TreeConfig{Most: 500, Depth: large.Fits})
	if err != nil {
		t.Errorf("the tree cut at depth %d, which fits: %v", large.Fits, err)
	} else if _, err := m.Tree(ctx, puzzles.TreeConfig{Most: 500, Depth: large.Fits + 1}); !errors.As(err, &large) {
		t.Errorf("the tree cut at depth %d, which does not fit: %v", large.Fits+1, err)
	} else if kept, _, _, _ := walkTree(fits); kept > 500 {
		t.Errorf("the tree cut at depth %d keeps %d nodes", large.Fits, kept)
	}
	cut, err := m.Tree(ctx, puzzles.TreeConfig{Most: 500, Depth: 2})
	if err != nil {
		t.Fatal(err)
	}
	nodes, solutions, _, below := walkTree(cut)
	if int64(nodes)+below[0] != int64(wholeNodes) || int64(solutions)+below[1] != int64(wholeSolutions) {
		t.Errorf("cut at depth 2: %d nodes kept and %d below them, %d solutions kept and %d below; want %d nodes and %d solutions in all",
			nodes, below[0], solutions, below[1], wholeNodes, wholeSolutions)
	}
	if cut.Below != whole.Below || cut.Solutions != whole.Solutions {
		t.Errorf("the cut tree's root counts %d nodes and %d solutions below it, the whole tree's %d and %d", cut.Below, cut.Solutions, whole.Below, whole.Solutions)
	}
	// Every node at depth 2 that has children is cut, none above.
	for _, c := range cut.Children {
		if c.Cut || len(c.Children) == 0 {
			t.Errorf("a node at depth 1 is cut (%v) or has no children", c.Cut)
		}
		for _, g := range c.Children {
			if len(g.Children) > 0 || !g.Cut && !g.Solution && !g.Dead {
				t.Errorf("a node at depth 2 not cut: %d children, cut %v", len(g.Children), g.Cut)
			}
		}
	}
	stopped, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := m.Tree(stopped, puzzles.TreeConfig{Depth: 2}); !errors.Is(err, context.Canceled) {
		t.Errorf("a stopped tree: %v", err)
	}
}

// testResult is what solveAll found.
type testResult struct {
	Raw      int64
	Distinct []testClass
	Complete bool
	Nodes    int64
}

type testClass struct {
	Options []int
	Orbit   int
}

// solveAll searches p's matrix with package solve, keeping each cover that
// is its class's canonical solution, up to limit classes (0: all): the
// tests' own search, apart from the one package puzzles runs.
func solveAll(p Model, limit int) (*testResult, error) {
	pr, err := p.Matrix().Encode()
	if err != nil {
		return nil, err
	}
	s := solve.NewSearch(pr, nil)
	res := &testResult{Complete: true}
	for sol := range s.Solutions(context.Background()) {
		opts := slices.Sorted(slices.Values(sol))
		if _, canon, orbit := p.Canonical(opts); slices.Equal(canon, opts) {
			res.Raw += int64(orbit)
			res.Distinct = append(res.Distinct, testClass{opts, orbit})
			if limit > 0 && len(res.Distinct) == limit {
				res.Complete = false
				break
			}
		}
	}
	res.Nodes = s.Stats().Nodes
	return res, s.Err()
}
