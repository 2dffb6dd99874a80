package tiling

import (
	"context"
	"errors"
	"math/big"
	"testing"
	"time"

	"github.com/polytile/polytile/puzzles"
)

// CountRaw counts what a search finds, without listing it: every built-in
// tiling small enough to list, on each lattice, with pieces of one copy,
// of several and of any count, agrees with Solve's raw count; and counts
// too many to list match published ones.
func TestCountRaw(t *testing.T) {
	listed := []string{"scott", "pentominoes-3x20", "dominoes-4x4", "dominoes-2x10", "hexiamonds-4x9", "tetrahexes-4x7", "soma", "two-pieces", "tetracubes-2x2x8"}
	for _, name := range listed {
		s, err := loadSpec(name)
		if err != nil {
			t.Fatal(err)
		}
		res, err := s.Puzzle.Solve(context.Background(), nil)
		if err != nil {
			t.Fatal(err)
		}
		got, err := s.Puzzle.CountRaw(context.Background())
		if err != nil || got.Cmp(big.NewInt(res.Raw)) != 0 {
			t.Errorf("%s: CountRaw = %v, %v; Solve found %d", name, got, err, res.Raw)
		}
	}
	// Published: the domino tilings of the 8 × 8 board, 12,988,816 (OEIS
	// A004003); the tilings of 5 × 10 by pentominoes of any count,
	// 101,698,212 (A233427); and, far past 64 bits, the domino tilings of
	// the 2 × 100 strip: the 101st Fibonacci number.
	published := []struct {
		spec, want string
	}{
		{"board: {rows: 8, cols: 8}\npieces: [{set: domino, count: 32}]\n", "12988816"},
		{"board: {rows: 5, cols: 10}\npieces: [{set: pentominoes, count: any}]\n", "101698212"},
		{"board: {rows: 2, cols: 100}\npieces: [{set: domino, count: any}]\n", "573147844013817084101"},
	}
	for _, tt := range published {
		s, err := parseSpec("count.yaml", []byte(tt.spec))
		if err != nil {
			t.Fatal(err)
		}
		got, err := s.Puzzle.CountRaw(context.Background())
		if err != nil || got.String() != tt.want {
			t.Errorf("%q: CountRaw = %v, %v; want %s", tt.spec, got, err, tt.want)
		}
	}
	ctx, cancel := context.WithCancelCause(context.Background())
	why := errors.New("stopped by the test")
	cancel(why)
	s, err := parseSpec("count.yaml", []byte(published[1].spec))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Puzzle.CountRaw(ctx); !errors.Is(err, why) {
		t.Errorf("a stopped count: %v, want it to say why", err)
	}
}

// Count's distinct solutions, by Burnside's lemma, are Solve's classes,
// and its raw ones Solve's raw count, on built-ins of every lattice and
// symmetry group (Scott's board and its 8 symmetries, the one-sided
// pieces of a strip, whose reflections swap pieces, hexagons, triangles,
// cubes), with symmetry kept to rotations or none; and the fixed counts
// are what a listing shows: the identity fixes every solution, and the
// others' sum is what the orbits of the classes leave.
func TestCount(t *testing.T) {
	specs := []string{"scott", "pentominoes-3x20", "dominoes-4x4", "hexiamonds-4x9", "tetrahexes-4x7", "soma", "tetracubes-2x2x8", "tetracubes-2x4x4"}
	for _, name := range specs {
		s, err := loadSpec(name)
		if err != nil {
			t.Fatal(err)
		}
		checkCount(t, name, s.Puzzle)
	}
	extra := []struct{ name, spec string }{
		{"one-sided strip", "board: {rows: 3, cols: 10}\npieces: [{set: one-sided-tetrominoes, count: 1}, {set: domino, count: 1}]\n"},
		{"any count", "board: {rows: 4, cols: 5}\npieces: [{set: pentominoes, count: any}]\n"},
		{"rotations", "board: {rows: 4, cols: 6}\nsymmetry: rotations\npieces: [{set: tetrominoes, count: 1}, {set: domino, count: 2}]\n"},
		{"none", "board: {rows: 4, cols: 4}\nsymmetry: none\npieces: [{set: domino, count: 8}]\n"},
	}
	for _, tt := range extra {
		s, err := parseSpec(tt.name+".yaml", []byte(tt.spec))
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		checkCount(t, tt.name, s.Puzzle)
	}
}

func checkCount(t *testing.T, name string, p *Puzzle) {
	t.Helper()
	res, err := p.Solve(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, workers := range []int{1, 3} {
		c, err := p.Count(context.Background(), &puzzles.CountConfig{Workers: workers})
		if err != nil {
			t.Errorf("%s: Count: %v", name, err)
			return
		}
		if c.Raw.Cmp(big.NewInt(res.Raw)) != 0 || c.Distinct.Cmp(big.NewInt(int64(len(res.Distinct)))) != 0 {
			t.Errorf("%s, %d workers: Count = %v raw, %v distinct; Solve found %d, %d", name, workers, c.Raw, c.Distinct, res.Raw, len(res.Distinct))
		}
		if len(c.Fixed) != res.Symmetries || len(c.Fixed) != p.Symmetries() {
			t.Errorf("%s: %d fixed counts for %d symmetries", name, len(c.Fixed), res.Symmetries)
		}
		// Each raw solution S is fixed by |G| / |orbit of S| symmetries,
		// so the symmetries other than the identity fix, together,
		// Σ over the classes of |G| − |orbit| solutions.
		want := int64(0)
		for _, cl := range res.Distinct {
			want += int64(res.Symmetries - cl.Orbit)
		}
		others := new(big.Int)
		for _, f := range c.Fixed[1:] {
			others.Add(others, f)
		}
		if others.Cmp(big.NewInt(want)) != 0 {
			t.Errorf("%s: the symmetries other than the identity fix %v solutions; the classes say %d", name, others, want)
		}
	}
	// The memo counts every puzzle: the same fixed counts as the search,
	// where the search counts.
	if p.countMethod() == puzzles.CountSearch {
		search, err := p.Count(context.Background(), nil)
		if err != nil {
			t.Fatal(err)
		}
		memo, err := p.count(context.Background(), &puzzles.CountConfig{Workers: 2, Shards: 1}, puzzles.CountMemo)
		if err != nil {
			t.Fatal(err)
		}
		for g := range search.Fixed {
			if search.Fixed[g].Cmp(memo.Fixed[g]) != 0 {
				t.Errorf("%s: symmetry %d fixes %v covers by the search, %v by the memo", name, g, search.Fixed[g], memo.Fixed[g])
			}
		}
	}
}

// The mirror that swaps the halves of a 6 × 10 board fixes exactly the
// tilings of a 3 × 10 half by pentominoes of any count (no pentomino,
// odd, can lie across the mirror's line as its own image): 7,670, OEIS
// A233427, a published count reached through Burnside's fixed counts.
// (The raw and distinct counts are the count's own, kept so that a change
// to them shows.)
func TestCountMirrorHalves(t *testing.T) {
	s, err := parseSpec("any.yaml", []byte("board: {rows: 6, cols: 10}\npieces: [{set: pentominoes, count: any}]\n"))
	if err != nil {
		t.Fatal(err)
	}
	c, err := s.Puzzle.Count(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	halves := 0
	for _, f := range c.Fixed {
		if f.Cmp(big.NewInt(7670)) == 0 {
			halves++
		}
	}
	if halves != 1 || c.Raw.String() != "7845888732" || c.Distinct.String() != "1961527604" {
		t.Errorf("6 × 10, pentominoes of any count: %v raw, %v distinct, fixed %v; want one symmetry fixing 7670", c.Raw, c.Distinct, c.Fixed)
	}
}

// Count tells its progress: fractions that never go back, tasks done
// never more than there are, and at the end every task done and the
// fraction 1; by the fill engine's search (its tasks weighed by their
// estimated sizes), by the memo (the ways to cover the first cell) and by
// the frontier (its position).
func TestCountProgress(t *testing.T) {
	defer func(every time.Duration) { progressEvery = every }(progressEvery)
	progressEvery = time.Millisecond
	for _, tt := range []struct{ name, spec string }{
		{"search", "board: {rows: 5, cols: 12}\npieces: pentominoes\n"},
		{"memo", "board: {rows: 5, cols: 8}\npieces: [{set: pentominoes, count: any}, {set: monomino, count: 5}]\n"},
		{"frontier", "board: {rows: 8, cols: 9}\npieces: [{set: pentominoes, count: any}]\n"},
	} {
		s, err := parseSpec(tt.name+".yaml", []byte(tt.spec))
		if err != nil {
			t.Fatal(err)
		}
		var seen []puzzles.CountProgress
		c, err := s.Puzzle.Count(context.Background(), &puzzles.CountConfig{Workers: 2, Progress: func(p puzzles.CountProgress) {
			seen = append(seen, p)
		}})
		if err != nil {
			t.Fatal(err)
		}
		if want := map[string]puzzles.CountMethod{"search": puzzles.CountSearch, "memo": puzzles.CountMemo, "frontier": puzzles.CountFrontier}[tt.name]; c.Method != want {
			t.Errorf("%s: counted by %v, want %v", tt.name, c.Method, want)
		}
		if len(seen) == 0 {
			t.Fatalf("%s: no progress told", tt.name)
		}
		for i, p := range seen {
			if p.Done > p.Tasks || p.Fraction < 0 || p.Fraction > 1 || i > 0 && (p.Fraction < seen[i-1].Fraction || p.Done < seen[i-1].Done) {
				t.Errorf("%s: progress %d of %d: %+v after %+v", tt.name, i, len(seen), p, seen[max(i-1, 0)])
			}
		}
		if last := seen[len(seen)-1]; last.Fraction != 1 || !last.Estimated || last.Done != last.Tasks || last.Left != 0 {
			t.Errorf("%s: the last progress is %+v, want every task done, the fraction 1", tt.name, last)
		}
	}
}

// A symmetry that maps a piece of one copy to itself but none of its
// placements onto itself is known to fix nothing: every symmetry of
// Scott's board but the identity (the L pentomino has no placement that a
// quarter turn or a mirror keeps); on the 2 × 10 strip of dominoes, of
// ten copies, none is.
func TestFixesNone(t *testing.T) {
	for _, tt := range []struct {
		name string
		none []bool // by symmetry
	}{
		{"scott", []bool{false, true, true, true, true, true, true, true}},
		{"dominoes-2x10", []bool{false, false, false, false}},
	} {
		s, err := loadSpec(tt.name)
		if err != nil {
			t.Fatal(err)
		}
		p := s.Puzzle.ready()
		for g, want := range tt.none {
			if got := p.fixesNone(g); got != want {
				t.Errorf("%s: fixesNone(%d) = %v, want %v", tt.name, g, got, want)
			}
		}
	}
}
