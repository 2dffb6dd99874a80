package tiling

import (
	"context"
	"math/big"
	"os"
	"strings"
	"testing"

	"github.com/polytile/polytile/puzzles"
	"github.com/polytile/polytile/puzzles/geom"
	"github.com/polytile/polytile/puzzles/tiling/vacant"
)

// pentominoes8x8Empty is the twelve pentominoes in 8 × 8, four cells
// left empty anywhere: the built-in pentominoes-8x8-empty.
func pentominoes8x8Empty(t *testing.T) *Puzzle {
	t.Helper()
	p, err := NewWith("", mustRect(t, 8, 8), mustSet(t, "pentominoes"), Options{Empty: geom.Piece{Count: 4}})
	if err != nil {
		t.Fatal(err)
	}
	if err := p.prepare(context.Background()); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestEmptyFirst8x8Classes checks the count of the twelve pentominoes in
// 8 × 8 with four empty cells on a few of its classes of empty cells:
// the classes cover the sets of four cells that wall in no region of a
// size that is not a multiple of 5, and the covers of the board without
// a class's cells, as the count counts them, are those Dancing Links
// lists.
func TestEmptyFirst8x8Classes(t *testing.T) {
	ctx := context.Background()
	p := pentominoes8x8Empty(t)
	if m := p.countMethod(); m != puzzles.CountEmptyFirst {
		t.Fatalf("counted by %v", m)
	}
	// The puzzle's line counts its pieces, not the empty cells.
	if line := p.String(); !strings.HasPrefix(line, "64 cells, 12 pieces (F I L N P T U V W X Y Z and 4 empty), ") {
		t.Errorf("String() = %q", line)
	}
	group := make([][]int32, len(p.group))
	for g := range p.group {
		group[g] = p.group[g].cells
	}
	classes, err := vacant.Classes(p.board, group, 4, p.Pieces())
	if err != nil {
		t.Fatal(err)
	}
	sets, symmetric := 0, -1
	for i, cl := range classes {
		sets += len(group) / len(cl.Stab)
		if symmetric < 0 && len(cl.Stab) > 1 {
			symmetric = i
		}
	}
	t.Logf("%d classes, %d sets of %d", len(classes), sets, vacant.Subsets(64, 4))
	if want := fillableSets(8, 4, 5); sets != want {
		t.Errorf("%d classes of %d sets; want %d sets", len(classes), sets, want)
	}
	if testing.Short() {
		return
	}
	for _, i := range []int{symmetric, len(classes) / 2} {
		holes := classes[i].Cells
		got, err := p.countWithout(ctx, holes)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := vacant.Without(p.board, holes)
		q, err := New("", b, p.Pieces())
		if err != nil {
			t.Fatal(err)
		}
		res, err := q.Solve(ctx, &puzzles.SolveConfig{Engine: puzzles.EngineDLX})
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("class %d, %v (stabiliser %v): %v covers", i, holes, classes[i].Stab, got)
		if got.Int64() != res.Raw {
			t.Errorf("class %d, empty %v: %v covers, Dancing Links lists %d", i, holes, got, res.Raw)
		}
	}
}

// fillableSets counts the sets of k cells of the n × n square, each set
// on its own, whose removal leaves regions (cells joined by edges) all of
// sizes divisible by m.
func fillableSets(n, k, m int) int {
	count := 0
	hole, seen := make([]bool, n*n), make([]bool, n*n)
	var choose func(from, left int)
	choose = func(from, left int) {
		if left == 0 {
			if regionsDivide(n, hole, seen, m) {
				count++
			}
			return
		}
		for c := from; c < n*n; c++ {
			hole[c] = true
			choose(c+1, left-1)
			hole[c] = false
		}
	}
	choose(0, k)
	return count
}

// regionsDivide reports whether the cells of the n × n square that are
// not holes form regions of sizes divisible by m (seen: scratch space).
func regionsDivide(n int, hole, seen []bool, m int) bool {
	clear(seen)
	for s := range n * n {
		if hole[s] || seen[s] {
			continue
		}
		size, stack := 0, []int{s}
		seen[s] = true
		for len(stack) > 0 {
			c := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			size++
			r, col := c/n, c%n
			for _, d := range [][2]int{{r - 1, col}, {r + 1, col}, {r, col - 1}, {r, col + 1}} {
				if d[0] >= 0 && d[0] < n && d[1] >= 0 && d[1] < n && !hole[d[0]*n+d[1]] && !seen[d[0]*n+d[1]] {
					seen[d[0]*n+d[1]] = true
					stack = append(stack, d[0]*n+d[1])
				}
			}
		}
		if size%m != 0 {
			return false
		}
	}
	return true
}

// TestEmptyFirst8x8Full counts the twelve pentominoes in 8 × 8 with four
// empty cells whole: some 2.4 hours of processor time, so only when
// POLYTILE_LONG is set (docs/solving.md). No symmetry fixes a solution,
// so the distinct solutions are the raw ones divided by 8.
func TestEmptyFirst8x8Full(t *testing.T) {
	if os.Getenv("POLYTILE_LONG") == "" {
		t.Skip("hours of processor time: set POLYTILE_LONG=1 to run it")
	}
	p := pentominoes8x8Empty(t)
	c, err := p.Count(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("raw %v, distinct %v, fixed %v", c.Raw, c.Distinct, c.Fixed)
	eight := new(big.Int).Mul(c.Distinct, big.NewInt(8))
	if c.Method != puzzles.CountEmptyFirst || c.Raw.Sign() == 0 || eight.Cmp(c.Raw) != 0 {
		t.Errorf("%v: raw %v, distinct %v; want distinct an eighth of raw", c.Method, c.Raw, c.Distinct)
	}
	for g, f := range c.Fixed[1:] {
		if f.Sign() != 0 {
			t.Errorf("%s fixes %v solutions; want 0", c.FixedBy[g+1], f)
		}
	}
}
