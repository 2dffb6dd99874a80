package matrix

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/polytile/polytile/internal/plural"
	"github.com/polytile/polytile/puzzles"
)

// Queens is the N-queens problem: N queens on an N × N board, none
// attacking another, so one in each row and each column (primary items)
// and at most one on each diagonal (secondary items). Holes are cells no
// queen may stand on. Two solutions are the same if a symmetry of the
// square that maps the holes onto themselves maps one onto the other.
type Queens struct {
	N      int
	Holes  [][2]int
	m      *puzzles.Matrix
	syms   []int       // the transforms of the square that keep the holes
	option map[int]int // row × N + column → the option of a queen there
}

// NewQueens returns the problem of n queens, 1 ≤ n ≤ 64, on a board with
// the given holes, each [row, col] inside the board, given once.
func NewQueens(n int, holes [][2]int) (*Queens, error) {
	if n < 1 || n > 64 {
		return nil, fmt.Errorf("n is %d; want 1 to 64", n)
	}
	hole := map[[2]int]bool{}
	for _, h := range holes {
		if h[0] < 0 || h[1] < 0 || h[0] >= n || h[1] >= n {
			return nil, fmt.Errorf("hole %v is off the %d × %d board", h, n, n)
		}
		if hole[h] {
			return nil, fmt.Errorf("hole %v is given twice", h)
		}
		hole[h] = true
	}
	q := &Queens{N: n, Holes: holes}
	m := &puzzles.Matrix{}
	for r := range n {
		m.Items = append(m.Items, fmt.Sprintf("r%d", r))
	}
	for c := range n {
		m.Items = append(m.Items, fmt.Sprintf("c%d", c))
	}
	m.Primary = 2 * n
	for k := range 2*n - 1 {
		m.Items = append(m.Items, fmt.Sprintf("a%d", k))
	}
	for k := range 2*n - 1 {
		m.Items = append(m.Items, fmt.Sprintf("b%d", k))
	}
	for r := range n {
		for c := range n {
			if hole[[2]int{r, c}] {
				continue
			}
			m.Options = append(m.Options, []int{r, n + c, 2*n + r + c, 2*n + 2*n - 1 + r - c + n - 1})
			m.Names = append(m.Names, fmt.Sprintf("r%dc%d", r, c))
		}
	}
	q.m = m
	q.option = map[int]int{}
	for k, o := range m.Options {
		q.option[o[0]*n+o[1]-n] = k
	}
	for t := range 8 {
		ok := true
		for h := range hole {
			ok = ok && hole[q.transform(t, h)]
		}
		if ok {
			q.syms = append(q.syms, t)
		}
	}
	return q, nil
}

// transform maps a cell by symmetry t of the square: t < 4 turns it by
// t quarter turns, t ≥ 4 reflects it, then turns it.
func (q *Queens) transform(t int, p [2]int) [2]int {
	r, c := p[0], p[1]
	if t >= 4 {
		c = q.N - 1 - c
	}
	for range t % 4 {
		r, c = c, q.N-1-r
	}
	return [2]int{r, c}
}

// Cells returns where the queens of a solution stand, in reading order.
func (q *Queens) Cells(sol []int) [][2]int {
	out := make([][2]int, len(sol))
	for i, k := range sol {
		o := q.m.Options[k]
		out[i] = [2]int{o[0], o[1] - q.N}
	}
	slices.SortFunc(out, func(a, b [2]int) int { return (a[0]-b[0])*q.N + a[1] - b[1] })
	return out
}

// Squares returns the board's side and its holes, each [row, col].
func (q *Queens) Squares() (n int, holes [][2]int) { return q.N, q.Holes }

func (q *Queens) Kind() string            { return "queens" }
func (q *Queens) Matrix() *puzzles.Matrix { return q.m }
func (q *Queens) Symmetries() int         { return len(q.syms) }

// Canonical returns the least of the solution's images under the
// symmetries, and its orbit: the symmetries over those that fix it.
func (q *Queens) Canonical(sol []int) (string, []int, int) {
	cells := q.Cells(sol)
	best, same := "", 0
	var bestImg []int
	for _, t := range q.syms {
		img := make([]int, len(cells))
		for i, c := range cells {
			p := q.transform(t, c)
			img[i] = p[0]*q.N + p[1]
		}
		slices.Sort(img)
		var b strings.Builder
		for _, v := range img {
			fmt.Fprintf(&b, "%04d", v)
		}
		key := b.String()
		switch {
		case best == "" || key < best:
			best, same, bestImg = key, 1, img
		case key == best:
			same++
		}
	}
	// The canonical solution: the queens of the least image.
	canon := make([]int, len(bestImg))
	for i, v := range bestImg {
		canon[i] = q.option[v]
	}
	slices.Sort(canon)
	// The images equal to the least are as many as the symmetries that
	// fix the solution.
	return best, canon, len(q.syms) / same
}

// Text draws the board: Q for a queen, '.' for an empty cell, '#' for a
// hole.
func (q *Queens) Text(sol []int) string {
	grid := make([][]byte, q.N)
	for r := range grid {
		grid[r] = []byte(strings.Repeat(".", q.N))
	}
	for _, h := range q.Holes {
		grid[h[0]][h[1]] = '#'
	}
	for _, c := range q.Cells(sol) {
		grid[c[0]][c[1]] = 'Q'
	}
	var b strings.Builder
	for _, row := range grid {
		b.Write(row)
		b.WriteByte('\n')
	}
	return b.String()
}

// Encode returns {"queens": [[row, col], …]}, in reading order.
func (q *Queens) Encode(sol []int) any {
	return struct {
		Queens [][2]int `json:"queens"`
	}{q.Cells(sol)}
}

// Decode reads {"queens": [[row, col], …]}.
func (q *Queens) Decode(data []byte) ([]int, error) {
	var v struct {
		Queens [][2]int `json:"queens"`
	}
	if err := json.Unmarshal(data, &v); err != nil {
		return nil, err
	}
	find := byName(len(q.m.Names), func(k int) string { return q.m.Names[k] })
	var sol []int
	for _, c := range v.Queens {
		k, ok := find(fmt.Sprintf("r%dc%d", c[0], c[1]))
		if !ok {
			return nil, fmt.Errorf("no queen can stand on %v (or two do)", c)
		}
		sol = append(sol, k)
	}
	slices.Sort(sol)
	return sol, nil
}

func (q *Queens) About() string {
	h := ""
	if len(q.Holes) > 0 {
		h = " with " + plural.Of(len(q.Holes), "hole")
	}
	// "an 8 × 8", "an 11 × 11", "an 18 × 18": as the number is said.
	size := fmt.Sprint(q.N)
	article := "a"
	if strings.HasPrefix(size, "8") || size == "11" || size == "18" {
		article = "an"
	}
	return fmt.Sprintf("%d queens on %s %d × %d board%s: %d items (%d secondary), %d options",
		q.N, article, q.N, q.N, h, len(q.m.Items), len(q.m.Items)-q.m.Primary, len(q.m.Options))
}
