package solve_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/polytile/polytile/solve"
)

// colorCheck checks that the options sol are a cover of p with colours,
// independently of the search: every primary item once; every secondary
// item at most once, or any number of times by options that all give it
// the same colour. It returns what is wrong, or "".
func colorCheck(p *solve.Links, sol []int) string {
	count := make([]int, p.Primary()+p.Secondary())
	color := make([]int, len(count))
	for _, k := range sol {
		cs := p.Colors(k)
		for j, it := range p.Option(k) {
			c := 0
			if cs != nil {
				c = cs[j]
			}
			if count[it] > 0 && (c == 0 || color[it] != c) {
				return fmt.Sprintf("item %d taken twice, colours %d and %d", it, color[it], c)
			}
			count[it]++
			color[it] = c
		}
	}
	for it := range p.Primary() {
		if count[it] != 1 {
			return fmt.Sprintf("primary item %d covered %d times", it, count[it])
		}
	}
	return ""
}

// colorBruteForce returns every cover of p with colours by trying every
// set of options, leaving out options without a primary item as the
// search does.
func colorBruteForce(p *solve.Links) [][]int {
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
		if colorCheck(p, sol) == "" {
			sols = append(sols, sol)
		}
	}
	return sortSolutions(sols)
}

// knuthColors is the example of colours in TAOCP 7.2.2.1, (49): items
// p q r | x y; options "p q x y:A", "p r x:A y", "p x:B", "q x:A",
// "r y:B". Its one solution is "q x:A" and "p r x:A y".
func knuthColors(t testing.TB) *solve.Links {
	p := solve.NewLinks(3, 2)
	const pp, q, r, x, y = 0, 1, 2, 3, 4
	const A, B = 1, 2
	for _, o := range []struct{ items, colors []int }{
		{[]int{pp, q, x, y}, []int{0, 0, 0, A}},
		{[]int{pp, r, x, y}, []int{0, 0, A, 0}},
		{[]int{pp, x}, []int{0, B}},
		{[]int{q, x}, []int{0, A}},
		{[]int{r, y}, []int{0, B}},
	} {
		if _, err := p.AddColoredOption(o.items, o.colors); err != nil {
			t.Fatalf("AddColoredOption(%v, %v): %v", o.items, o.colors, err)
		}
	}
	return p
}

func TestColorsKnuth(t *testing.T) {
	p := knuthColors(t)
	want := [][]int{{1, 3}}
	if got := collect(solve.NewSearch(p, nil)); !slices.EqualFunc(got, want, slices.Equal) {
		t.Errorf("Solutions = %v, want %v", got, want)
	}
	if got := colorBruteForce(p); !slices.EqualFunc(got, want, slices.Equal) {
		t.Errorf("the brute force finds %v, want %v", got, want)
	}
	// Without its colours, x in "p r x y" and "q x" is taken twice: no
	// solution.
	plain := solve.NewLinks(3, 2)
	for k := range p.Options() {
		mustAdd(t, plain, p.Option(k)...)
	}
	if n, err := plain.Count(context.Background()); n != 0 || err != nil {
		t.Errorf("Count without colours = %d, %v, want 0", n, err)
	}
}

// randomColored returns a random matrix of primary and secondary items
// whose options give each secondary item one of colors colours, or none
// (colour 0), with the given density.
func randomColored(rng *rand.Rand, primary, secondary, options, colors int, density float64) *solve.Links {
	p := solve.NewLinks(primary, secondary)
	n := primary + secondary
	for range options {
		var items, cs []int
		for it := range n {
			if rng.Float64() < density {
				items = append(items, it)
				c := 0
				if it >= primary {
					c = rng.IntN(colors + 1)
				}
				cs = append(cs, c)
			}
		}
		if len(items) == 0 {
			items, cs = []int{rng.IntN(primary)}, []int{0}
		}
		perm := rng.Perm(len(items))
		pi, pc := make([]int, len(items)), make([]int, len(items))
		for i, j := range perm {
			pi[i], pc[i] = items[j], cs[j]
		}
		if _, err := p.AddColoredOption(pi, pc); err != nil {
			panic(err)
		}
	}
	return p
}

// Listing and counting agree with the brute force on random small
// matrices with colours, whole and split on the first item's options.
func TestColorsAgainstBruteForce(t *testing.T) {
	tests := []struct {
		name                        string
		primary, secondary, options int
		colors                      int
		density                     float64
	}{
		{"one colour", 4, 3, 12, 1, 0.35},
		{"two colours", 4, 3, 13, 2, 0.35},
		{"three colours, dense", 3, 4, 12, 3, 0.5},
		{"many secondary", 3, 6, 14, 2, 0.3},
		{"one secondary", 3, 1, 12, 2, 0.45},
		{"sparse", 6, 3, 14, 2, 0.2},
	}
	ctx := context.Background()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(7, uint64(len(tt.name))))
			found := 0
			for trial := range 60 {
				p := randomColored(rng, tt.primary, tt.secondary, tt.options, tt.colors, tt.density)
				want := colorBruteForce(p)
				found += len(want)
				got := sortSolutions(collect(solve.NewSearch(p, nil)))
				if !slices.EqualFunc(got, want, slices.Equal) || len(got) != len(want) {
					t.Errorf("trial %d: Solutions = %v, want %v", trial, got, want)
				}
				if n, err := p.Count(ctx); n != int64(len(want)) || err != nil {
					t.Errorf("trial %d: Count = %d, %v, want %d", trial, n, err, len(want))
				}
				// Split on the options of the first item, and on theirs.
				var parts [][]int
				first, ok := solve.NewSearch(p, nil).Branch()
				for _, k := range first {
					second, ok := solve.NewSearch(p, &solve.Config{Prefix: []int{k}}).Branch()
					if !ok {
						parts = append(parts, collect(solve.NewSearch(p, &solve.Config{Prefix: []int{k}}))...)
					}
					for _, k2 := range second {
						parts = append(parts, collect(solve.NewSearch(p, &solve.Config{Prefix: []int{k, k2}}))...)
					}
				}
				if ok && !slices.EqualFunc(sortSolutions(parts), want, slices.Equal) {
					t.Errorf("trial %d: the parts hold %v, want %v", trial, sortSolutions(parts), want)
				}
				// The search leaves its links as it found them: a second run
				// (over the links pooled by the first) finds the same.
				if n, _ := p.Count(ctx); n != int64(len(want)) {
					t.Errorf("trial %d: a second Count = %d, want %d", trial, n, len(want))
				}
			}
			if found == 0 {
				t.Errorf("no trial has a solution: the test checks nothing")
			}
		})
	}
}

// A prefix of options puts them down first: compatible colours go
// together, others leave nothing.
func TestColorsPrefix(t *testing.T) {
	p := knuthColors(t)
	tests := []struct {
		prefix []int
		want   int64
	}{
		{[]int{1}, 1},
		{[]int{3}, 1},
		{[]int{3, 1}, 1}, // both give x colour A
		{[]int{0}, 0},
		{[]int{2, 3}, 0}, // x:B and x:A
		{[]int{0, 3}, 0}, // q twice
		{[]int{4, 2}, 0}, // p x:B leaves q to "q x:A", which clashes
		{[]int{0, 4}, 0}, // y and y:B
		{[]int{1, 4}, 0}, // r twice
	}
	for _, tt := range tests {
		t.Run(fmt.Sprint(tt.prefix), func(t *testing.T) {
			s := solve.NewSearch(p, &solve.Config{Prefix: tt.prefix})
			if n, err := s.Count(context.Background()); n != tt.want || err != nil {
				t.Errorf("Count with prefix %v = %d, %v, want %d", tt.prefix, n, err, tt.want)
			}
			// The links went back to the pool as they were.
			if n, _ := p.Count(context.Background()); n != 1 {
				t.Errorf("Count after the prefix %v = %d, want 1", tt.prefix, n)
			}
		})
	}
}

func TestAddColoredOptionErrors(t *testing.T) {
	tests := []struct {
		name          string
		items, colors []int
	}{
		{"colour on a primary item", []int{0, 2}, []int{1, 0}},
		{"negative colour", []int{0, 2}, []int{0, -1}},
		{"too few colours", []int{0, 2}, []int{0}},
		{"colour past 32 bits", []int{0, 2}, []int{0, 1 << 40}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := solve.NewLinks(2, 1)
			if _, err := p.AddColoredOption(tt.items, tt.colors); !errors.Is(err, solve.ErrBadOption) {
				t.Errorf("AddColoredOption(%v, %v) = %v, want an ErrBadOption", tt.items, tt.colors, err)
			}
			if p.Options() != 0 || p.Colors(0) != nil && len(p.Colors(0)) > 0 {
				t.Errorf("a refused option was kept")
			}
		})
	}
	// Options without colours before and after one with: theirs are 0.
	p := solve.NewLinks(2, 1)
	mustAdd(t, p, 0, 2)
	if p.Colors(0) != nil {
		t.Errorf("Colors(0) = %v in a matrix without colours, want nil", p.Colors(0))
	}
	if _, err := p.AddColoredOption([]int{1, 2}, []int{0, 3}); err != nil {
		t.Fatal(err)
	}
	mustAdd(t, p, 1)
	for k, want := range [][]int{{0, 0}, {0, 3}, {0}} {
		if got := p.Colors(k); !slices.Equal(got, want) {
			t.Errorf("Colors(%d) = %v, want %v", k, got, want)
		}
	}
}

// wordSquares is the matrix with colours of the n × n squares of letters
// whose rows and columns are all words (n letters each): an item for each
// row and column (primary), one for each cell (secondary), and an option
// for each word in each row and column, giving each of its cells its
// letter as a colour, as Knuth writes word rectangles for DLX2.
func wordSquares(n int, words []string) *solve.Links {
	p := solve.NewLinks(2*n, n*n)
	for line := range 2 * n {
		for _, w := range words {
			items, colors := []int{line}, []int{0}
			for i := range n {
				cell := line*n + i // a row's i-th cell
				if line >= n {
					cell = i*n + line - n // a column's
				}
				items, colors = append(items, 2*n+cell), append(colors, int(w[i]-'a'+1))
			}
			if _, err := p.AddColoredOption(items, colors); err != nil {
				panic(err)
			}
		}
	}
	return p
}

// The word squares agree with a count of the grids whose rows and
// columns are all words, made apart from the search: with every word of
// three letters a, b, c every grid is one, 3⁹; with some words, fewer.
func TestColorsWordSquares(t *testing.T) {
	var all []string
	for i := range 27 {
		all = append(all, string([]byte{'a' + byte(i/9), 'a' + byte(i/3%3), 'a' + byte(i%3)}))
	}
	rng := rand.New(rand.NewPCG(9, 9))
	for _, words := range [][]string{all, all[:20], all[5:14], {"abc", "bca", "cab", "aaa"}} {
		t.Run(fmt.Sprint(len(words), " words"), func(t *testing.T) {
			isWord := map[string]bool{}
			for _, w := range words {
				isWord[w] = true
			}
			var want int64
			for _, r0 := range words {
				for _, r1 := range words {
					for _, r2 := range words {
						ok := true
						for j := range 3 {
							ok = ok && isWord[string([]byte{r0[j], r1[j], r2[j]})]
						}
						if ok {
							want++
						}
					}
				}
			}
			// Options in another order find the same squares.
			shuffled := slices.Clone(words)
			rng.Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
			for _, ws := range [][]string{words, shuffled} {
				if got, err := wordSquares(3, ws).Count(context.Background()); got != want || err != nil {
					t.Errorf("Count = %d, %v, want %d", got, err, want)
				}
			}
			if len(words) == 27 && want != 19683 {
				t.Errorf("every grid of a, b, c: %d, want 3⁹ = 19683", want)
			}
		})
	}
}
