package tiling

import (
	"context"
	"errors"
	"math/big"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/polytile/polytile/puzzles"
	"github.com/polytile/polytile/puzzles/geom"
)

// anyPieces draws one to three pieces of pool, each of any count.
func anyPieces(rng *rand.Rand, pool []geom.Piece) []geom.Piece {
	var pieces []geom.Piece
	for _, i := range rng.Perm(len(pool))[:1+rng.IntN(min(3, len(pool)))] {
		pc := pool[i]
		pc.Cells = slices.Clone(pc.Cells)
		pc.Count, pc.Any = 0, true
		pieces = append(pieces, pc)
	}
	return pieces
}

// frontierCase is a random puzzle whose pieces are all of any count.
type frontierCase struct {
	name string
	p    *Puzzle
	// raw and classes, by a brute force, on squares; -1 elsewhere
	raw, classes int
}

// frontierCases draws random puzzles of pieces of any count: rectangles
// of squares up to 5 × 6 with holes (checked by a brute force), and
// parallelograms of triangles and hexagons, boxes of cubes and grids of
// sticks that may cross.
func frontierCases(t *testing.T, n int) []frontierCase {
	rng := rand.New(rand.NewPCG(37, 5))
	pool := func(names ...string) []geom.Piece {
		var out []geom.Piece
		for _, name := range names {
			out = append(out, mustSet(t, name)...)
		}
		return out
	}
	var out []frontierCase
	squares := pool("monomino", "domino", "trominoes", "tetrominoes")
	for range n {
		rows, cols := 1+rng.IntN(5), 2+rng.IntN(5)
		var holes []geom.Cell
		for range rng.IntN(3) {
			holes = append(holes, geom.Cell{Row: rng.IntN(rows), Col: rng.IntN(cols)})
		}
		b, err := geom.NewRectBoard(rows, cols, holes)
		if err != nil {
			continue // every cell a hole
		}
		pieces := anyPieces(rng, squares)
		sym := SymmetryAll
		switch rng.IntN(6) {
		case 0:
			sym = SymmetryRotations
		case 1:
			sym = SymmetryNone // the raw count's states still mapped by every symmetry (Folds)
		}
		p, err := NewSymmetry("", b, pieces, sym)
		if err != nil {
			t.Fatal(err)
		}
		inGroup := func(tr int) bool { return slices.ContainsFunc(p.group, func(g symmetry) bool { return g.t == tr }) }
		raw, classes := bruteCount(b, p.pieces, inGroup)
		out = append(out, frontierCase{mixedName(b, pieces), p, raw, classes})
	}
	others := []struct {
		lat    geom.Lattice
		pieces []geom.Piece
	}{
		{geom.Triangle, pool("moniamond", "diamond", "triamond", "tetriamonds")},
		{geom.Hexagon, pool("monohex", "dihex", "trihexes")},
		{geom.Cube, pool("tricubes")},
	}
	for _, o := range others {
		for range n / 3 {
			var b *geom.Board
			var err error
			if o.lat == geom.Cube {
				b, err = geom.NewBoxBoard(1+rng.IntN(3), 1+rng.IntN(3), 2+rng.IntN(3), nil)
			} else {
				b, err = geom.NewRectBoardOn(o.lat, 1+rng.IntN(4), 2+rng.IntN(4), nil)
			}
			if err != nil {
				t.Fatal(err)
			}
			pieces := anyPieces(rng, o.pieces)
			p, err := New("", b, pieces)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, frontierCase{mixedName(b, pieces), p, -1, -1})
		}
	}
	for _, grid := range []string{"+-+-+\n| | |\n+-+-+\n| | |\n+-+-+\n", "+-+-+-+\n| | | |\n+-+-+-+\n| | | |\n+-+-+-+\n"} {
		b, err := geom.ParseBoardOn(geom.Stick, grid)
		if err != nil {
			t.Fatal(err)
		}
		pieces := anyPieces(rng, pool("tristicks"))
		p, err := NewWith("", b, pieces, Options{Crossing: true})
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, frontierCase{mixedName(b, pieces) + " crossing", p, -1, -1})
	}
	return out
}

// Puzzles whose pieces are all of any count are counted by the frontier:
// every fixed count equal to the memo's, the raw and distinct ones to a
// brute force on squares (with holes), on every lattice; and the parts of
// a count add up to the whole.
func TestCountFrontier(t *testing.T) {
	n := 60
	if testing.Short() {
		n = 20
	}
	for _, tt := range frontierCases(t, n) {
		c, err := tt.p.Count(context.Background(), &puzzles.CountConfig{Workers: 2})
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if want := tt.p.frontierMethod(); c.Method != want {
			t.Errorf("%s: counted by %v, want %v", tt.name, c.Method, want)
		}
		memo, err := tt.p.count(context.Background(), &puzzles.CountConfig{Workers: 2, Shards: 1}, puzzles.CountMemo)
		if err != nil {
			t.Fatal(err)
		}
		for g := range c.Fixed {
			if c.Fixed[g].Cmp(memo.Fixed[g]) != 0 {
				t.Errorf("%s: %s fixes %v tilings by the frontier, %v by the memo", tt.name, c.FixedBy[g], c.Fixed[g], memo.Fixed[g])
			}
		}
		if tt.raw >= 0 && (c.Raw.Int64() != int64(tt.raw) || c.Distinct.Int64() != int64(tt.classes)) {
			t.Errorf("%s: %v raw, %v distinct; the brute force finds %d, %d", tt.name, c.Raw, c.Distinct, tt.raw, tt.classes)
		}
		checkParts(t, tt.name, tt.p, c, 3)
	}
}

// frontierMethod is the method that counts a puzzle of pieces of any
// count: the Pfaffian where every placement covers two cells of the plane
// and some placement fits, the frontier otherwise.
func (p *Puzzle) frontierMethod() puzzles.CountMethod {
	_, _, plane := p.board.Lattice().PlaneCentre(geom.Cell{})
	if plane && len(p.placements) > 0 && !slices.ContainsFunc(p.placements, func(pl placement) bool { return len(pl.cells) != 2 }) {
		return puzzles.CountPfaffian
	}
	return puzzles.CountFrontier
}

// checkParts counts the puzzle in parts and checks that they merge to
// whole.
func checkParts(t *testing.T, name string, p *Puzzle, whole *puzzles.Counts, n int) {
	t.Helper()
	var parts []*puzzles.Counts
	for i := range n {
		c, err := p.Count(context.Background(), &puzzles.CountConfig{Workers: 1, Shard: i, Shards: n})
		if err != nil {
			t.Fatalf("%s: part %d/%d: %v", name, i, n, err)
		}
		if c.Distinct != nil {
			t.Errorf("%s: part %d/%d has distinct solutions", name, i, n)
		}
		parts = append(parts, c)
	}
	merged, err := puzzles.MergeCounts(parts)
	if err != nil {
		t.Fatalf("%s: merge: %v", name, err)
	}
	if !slices.EqualFunc(merged.Fixed, whole.Fixed, func(a, b *big.Int) bool { return a.Cmp(b) == 0 }) {
		t.Errorf("%s: %d parts add up to %v, the whole is %v", name, n, merged.Fixed, whole.Fixed)
	}
}

// kasteleyn counts the domino tilings of the rows × cols rectangle
// independently of any search: the absolute value of the determinant of
// its Kasteleyn matrix (black cells by white cells, 1 for a horizontal
// neighbour, (−1)^column for a vertical one, so that each square face's
// signs multiply to −1), by Bareiss's fraction-free elimination.
func kasteleyn(rows, cols int) *big.Int {
	index := map[[2]int]int{}
	var black, white [][2]int
	for r := range rows {
		for c := range cols {
			if (r+c)%2 == 0 {
				index[[2]int{r, c}] = len(black)
				black = append(black, [2]int{r, c})
			} else {
				index[[2]int{r, c}] = len(white)
				white = append(white, [2]int{r, c})
			}
		}
	}
	if len(black) != len(white) {
		return new(big.Int)
	}
	n := len(black)
	m := make([][]*big.Int, n)
	for i, b := range black {
		m[i] = make([]*big.Int, n)
		for j := range m[i] {
			m[i][j] = new(big.Int)
		}
		for _, d := range [][2]int{{0, 1}, {0, -1}, {1, 0}, {-1, 0}} {
			w := [2]int{b[0] + d[0], b[1] + d[1]}
			if w[0] < 0 || w[0] >= rows || w[1] < 0 || w[1] >= cols {
				continue
			}
			v := int64(1)
			if d[0] != 0 && b[1]%2 == 1 {
				v = -1
			}
			m[i][index[w]].SetInt64(v)
		}
	}
	sign, prev := 1, big.NewInt(1)
	var t1, t2 big.Int
	for k := range n {
		if m[k][k].Sign() == 0 {
			p := k + 1
			for p < n && m[p][k].Sign() == 0 {
				p++
			}
			if p == n {
				return new(big.Int)
			}
			m[k], m[p] = m[p], m[k]
			sign = -sign
		}
		for i := k + 1; i < n; i++ {
			for j := k + 1; j < n; j++ {
				t1.Mul(m[i][j], m[k][k])
				t2.Mul(m[i][k], m[k][j])
				m[i][j].Quo(t1.Sub(&t1, &t2), prev)
			}
		}
		prev = m[k][k]
	}
	return new(big.Int).Abs(m[n-1][n-1])
}

// dominoProduct counts the domino tilings of the 2n × 2n square by the
// closed formula of Kasteleyn and of Temperley and Fisher (1961), the
// product over 1 ≤ j, k ≤ n of 4 cos²(jπ/(2n+1)) + 4 cos²(kπ/(2n+1)),
// in floating point of 1,200 bits (π by Machin's formula, the cosines by
// their series), rounded: a count that has no matrix in it.
func dominoProduct(n int) *big.Int {
	const prec = 1200
	f := func(x int64) *big.Float { return new(big.Float).SetPrec(prec).SetInt64(x) }
	atanInv := func(x int64) *big.Float { // arctan(1/x) = Σ (−1)^k / ((2k+1) x^(2k+1))
		sum, pow := f(0), new(big.Float).SetPrec(prec).Quo(f(1), f(x))
		for k := int64(0); pow.MantExp(nil) > -prec; k++ {
			term := new(big.Float).SetPrec(prec).Quo(pow, f(2*k+1))
			if k%2 == 1 {
				term.Neg(term)
			}
			sum.Add(sum, term)
			pow.Quo(pow, f(x*x))
		}
		return sum
	}
	pi := new(big.Float).SetPrec(prec).Sub(new(big.Float).Mul(f(16), atanInv(5)), new(big.Float).Mul(f(4), atanInv(239)))
	fourCos2 := make([]*big.Float, n+1) // 4 cos²(jπ/(2n+1))
	for j := 1; j <= n; j++ {
		x := new(big.Float).SetPrec(prec).Quo(new(big.Float).Mul(pi, f(int64(j))), f(int64(2*n+1)))
		x2 := new(big.Float).SetPrec(prec).Mul(x, x)
		cos, term := f(1), f(1)
		for k := int64(1); term.Sign() != 0 && term.MantExp(nil) > -prec; k++ {
			term.Mul(term, x2)
			term.Quo(term, f((2*k-1)*(2*k)))
			term.Neg(term)
			cos.Add(cos, term)
		}
		fourCos2[j] = new(big.Float).SetPrec(prec).Mul(f(4), new(big.Float).Mul(cos, cos))
	}
	prod := f(1)
	for j := 1; j <= n; j++ {
		for k := 1; k <= n; k++ {
			prod.Mul(prod, new(big.Float).SetPrec(prec).Add(fourCos2[j], fourCos2[k]))
		}
	}
	out, _ := prod.Add(prod, new(big.Float).SetFloat64(0.5)).Int(nil)
	return out
}

// The Pfaffian counts the domino tilings of the 2n × 2n square, to 32 ×
// 32, as OEIS A004003 lists them (to 20 × 20), as the determinant of the
// board's Kasteleyn matrix does (to 16 × 16), as the closed product
// formula does, and as John and Sachs found them: 2^n times a square
// (A065072). The frontier counts the tilings of rectangles by pentominoes
// of any count as OEIS lists them (A233427 and its columns).
func TestCountFrontierPublished(t *testing.T) {
	a004003 := []string{"1", "2", "36", "6728", "12988816", "258584046368", "53060477521960000",
		"112202208776036178000000", "2444888770250892795802079170816", "548943583215388338077567813208427340288",
		"1269984011256235834242602753102293934298576249856"}
	sides := 17
	if testing.Short() {
		sides = len(a004003)
	}
	for n := range sides {
		want := dominoProduct(n)
		if n < len(a004003) && want.String() != a004003[n] {
			t.Errorf("the product for %d × %d: %v, OEIS %s", 2*n, 2*n, want, a004003[n])
		}
		if n > 0 && n <= 8 && !testing.Short() || n > 0 && n <= 6 {
			if k := kasteleyn(2*n, 2*n); k.Cmp(want) != 0 {
				t.Errorf("Kasteleyn %d × %d: %v, the product %v", 2*n, 2*n, k, want)
			}
		}
		b, err := geom.NewRectBoard(max(2*n, 1), max(2*n, 1), nil)
		if n == 0 {
			b, err = geom.NewRectBoard(1, 1, []geom.Cell{{}})
		}
		if err != nil && n > 0 {
			t.Fatal(err)
		}
		if b == nil {
			continue
		}
		domino := mustSet(t, "domino")
		domino[0].Count, domino[0].Any = 0, true
		p, err := New("", b, domino)
		if err != nil {
			t.Fatal(err)
		}
		c, err := p.Count(context.Background(), nil)
		if err != nil || c.Raw.Cmp(want) != 0 || c.Method != puzzles.CountPfaffian {
			t.Errorf("dominoes in %d × %d: %v by %v, %v; want %v by the Pfaffian", 2*n, 2*n, c.Raw, c.Method, err, want)
		}
		half := new(big.Int).Rsh(want, uint(n))
		if root := new(big.Int).Sqrt(half); n > 0 && (new(big.Int).Lsh(half, uint(n)).Cmp(want) != 0 || root.Mul(root, root).Cmp(half) != 0) {
			t.Errorf("dominoes in %d × %d: %v, not 2^%d times a square", 2*n, 2*n, want, n)
		}
	}
	// A233427's rectangles, and its columns of 3, 4 and 6 rows (A233428,
	// A233429, A233430) to 15 and 20 columns.
	published := []struct {
		rows, cols int
		raw        string
	}{{5, 5, "4006"}, {3, 10, "7670"}, {4, 10, "890989"}, {5, 10, "101698212"}, {3, 15, "1082911"},
		{4, 20, "3125064284901"}, {6, 15, "2440547587954985"}, {6, 20, "761939299852168617616"}}
	for _, tt := range published {
		b, err := geom.NewRectBoard(tt.rows, tt.cols, nil)
		if err != nil {
			t.Fatal(err)
		}
		pieces := mustSet(t, "pentominoes")
		for i := range pieces {
			pieces[i].Count, pieces[i].Any = 0, true
		}
		p, err := New("", b, pieces)
		if err != nil {
			t.Fatal(err)
		}
		c, err := p.Count(context.Background(), nil)
		if err != nil || c.Raw.String() != tt.raw {
			t.Errorf("pentominoes in %d × %d: %v, %v; want %s", tt.rows, tt.cols, c.Raw, err, tt.raw)
		}
	}
}

// A count by the frontier stops soon after its context ends, with its
// cause.
func TestCountFrontierStops(t *testing.T) {
	s, err := parseSpec("count.yaml", []byte("board: {rows: 11, cols: 11}\npieces: [{set: pentominoes, count: any}]\n"))
	if err != nil {
		t.Fatal(err)
	}
	why := errors.New("stopped by the test")
	ctx, cancel := context.WithCancelCause(context.Background())
	time.AfterFunc(200*time.Millisecond, func() { cancel(why) })
	start := time.Now()
	if _, err := s.Puzzle.Count(ctx, nil); !errors.Is(err, why) {
		t.Errorf("a stopped count: %v, want it to say why", err)
	}
	if d := time.Since(start); d > 3*time.Second {
		t.Errorf("the count stopped %v after it was told", d)
	}
}

// A puzzle of pieces of any count whose placements span more than 64
// cells in every scan order is counted by the memo: a bar of 70 squares
// and a monomino in a 2 × 70 board.
func TestCountFrontierWide(t *testing.T) {
	var bar []geom.Cell
	for c := range 70 {
		bar = append(bar, geom.Cell{Col: c})
	}
	long, err := geom.NewPiece(geom.Square, "I70", bar)
	if err != nil {
		t.Fatal(err)
	}
	pieces := append(mustSet(t, "monomino"), long)
	for i := range pieces {
		pieces[i].Count, pieces[i].Any = 0, true
	}
	b, err := geom.NewRectBoard(2, 70, nil)
	if err != nil {
		t.Fatal(err)
	}
	p, err := New("", b, pieces)
	if err != nil {
		t.Fatal(err)
	}
	c, err := p.Count(context.Background(), nil)
	// Each row is the bar or 70 monominoes.
	if err != nil || c.Method != puzzles.CountMemo || c.Raw.String() != "4" {
		t.Errorf("2 × 70 by a bar of 70 and a monomino: %v by %v, %v; want 4 by the memo", c.Raw, c.Method, err)
	}
}

// The pentominoes of any count tile 10 × 10 in 729,748,655,181,974,778
// ways (the frontier with its reaches; without them, in three times the
// time and five times the states, the same). A tiling fixed by a middle
// mirror has no piece across it (five cells cannot pair up), so it is two
// tilings of 5 × 10 mirrored: 101,698,212 (OEIS A233427). Seven to ten
// seconds of two cores and 700 MB: not with -short.
func TestCountFrontier10x10(t *testing.T) {
	if testing.Short() {
		t.Skip("seven to ten seconds of two cores and 700 MB")
	}
	s, err := parseSpec("count.yaml", []byte("board: {rows: 10, cols: 10}\npieces: [{set: pentominoes, count: any}]\n"))
	if err != nil {
		t.Fatal(err)
	}
	c, err := s.Puzzle.Count(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if c.Raw.String() != "729748655181974778" || c.Distinct.String() != "91218582148103481" {
		t.Errorf("10 × 10: %v raw, %v distinct; want 729748655181974778, 91218582148103481", c.Raw, c.Distinct)
	}
	for g, name := range c.FixedBy {
		if strings.HasPrefix(name, "reflect-") && c.Fixed[g].Sign() != 0 && c.Fixed[g].String() != "101698212" {
			t.Errorf("10 × 10 fixed by %s: %v, want 0 or 101698212 (5 × 10)", name, c.Fixed[g])
		}
	}
}

// A count by fewer symmetries than the board's still gives the frontier
// every symmetry to map the raw count's states by (frontier.Problem's
// Folds); a count by all gives it them as its symmetries.
func TestFrontierFolds(t *testing.T) {
	b, err := geom.NewRectBoard(4, 6, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		sym         Symmetry
		syms, folds int
	}{{SymmetryAll, 4, 0}, {SymmetryRotations, 2, 4}, {SymmetryNone, 1, 4}} {
		pieces := mustSet(t, "trominoes")
		for i := range pieces {
			pieces[i].Any = true
		}
		p, err := NewSymmetry("", b, pieces, tt.sym)
		if err != nil {
			t.Fatal(err)
		}
		fp := p.frontier()
		if len(fp.Symmetries) != tt.syms || len(fp.Folds) != tt.folds {
			t.Errorf("%v: %d symmetries and %d folds, want %d and %d", tt.sym, len(fp.Symmetries), len(fp.Folds), tt.syms, tt.folds)
		}
	}
}
