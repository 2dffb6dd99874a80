package matrix

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/polytile/polytile/puzzles"
)

// NewMatrix's mistakes are *Errors naming the option or item at fault,
// their messages saying what would be valid, without a package's name.
func TestNewMatrixErrors(t *testing.T) {
	for _, tt := range []struct {
		name               string
		primary, secondary []string
		options            [][]string
		option, item       int
		want               string
	}{
		{"item twice", []string{"a", "a"}, nil, nil, 0, 2, `item "a" is named twice (items 1 and 2)`},
		{"no primary", nil, nil, nil, 0, 0, "no primary items: a solution would be empty"},
		{"empty option", []string{"a"}, nil, [][]string{{"a"}, {}}, 2, 0, "option 2 is empty"},
		{"unknown item", []string{"a", "b"}, nil, [][]string{{"a", "z"}}, 1, 0, `option 1 (a z) names "z", which is not an item`},
		{"item twice in an option", []string{"a"}, nil, [][]string{{"a"}, {"a", "a"}}, 2, 0, `option 2 (a a) names "a" twice`},
		{"same item, two colours", []string{"a"}, []string{"x"}, [][]string{{"a", "x:A", "x:B"}}, 1, 0, `option 1 (a x:A x:B) names "x" twice`},
		{"colour on a primary item", []string{"p", "q"}, []string{"x"}, [][]string{{"p", "x"}, {"q:A", "x"}}, 2, 0,
			`option 2 (q:A x) gives the primary item "q" a colour (q:A): only secondary items take one; make "q" secondary or write it without ':A'`},
		{"no colour after ':'", []string{"p"}, []string{"x"}, [][]string{{"p", "x:"}}, 1, 0, `option 1 (p x:) gives "x" no colour after its ':'`},
		{"':' in a colour", []string{"p"}, []string{"x"}, [][]string{{"p", "x:A:B"}}, 1, 0, `option 1 (p x:A:B) gives "x" the colour "A:B": a colour's name has no ':'`},
		{"unknown coloured item", []string{"p"}, []string{"x"}, [][]string{{"p", "y:A"}}, 1, 0, `option 1 (p y:A) names "y", which is not an item`},
		{"':' in a primary item", []string{"p:q"}, nil, nil, 0, 1, `item "p:q" has a ':' in its name`},
		{"':' in a secondary item", []string{"p"}, []string{"x", "y:A"}, nil, 0, 3, `item "y:A" has a ':' in its name`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			m, err := NewMatrix(tt.primary, tt.secondary, tt.options)
			var me *Error
			if !errors.As(err, &me) || me.Option != tt.option || me.Item != tt.item || !strings.HasPrefix(err.Error(), tt.want) {
				t.Fatalf("NewMatrix = %v, %#v, want an *Error of option %d, item %d: %q", m, err, tt.option, tt.item, tt.want)
			}
			if strings.HasPrefix(err.Error(), "matrix:") || strings.HasPrefix(err.Error(), "puzzles:") {
				t.Errorf("%q starts with a package's name", err)
			}
		})
	}
}

// knuthColorsDLX is the example of colours in TAOCP 7.2.2.1, (49), as
// DLX2 reads it.
const knuthColorsDLX = `| The example of colours in TAOCP 7.2.2.1, (49)
p q r | x y
p q x y:A
p r x:A y
p x:B
q x:A
r y:B
`

// A .dlx file with colours reads as DLX2 reads it: Knuth's example has
// one solution, "q x:A" and "p r x:A y", which is listed, counted, saved
// and read back with its colours, and checked.
func TestColorsKnuthDLX(t *testing.T) {
	m, err := ParseDLX("knuth2.dlx", strings.NewReader(knuthColorsDLX))
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{{"", "", "", "A"}, {"", "", "A", ""}, {"", "B"}, {"", "A"}, {"", "B"}}
	if !slices.EqualFunc(m.Colors, want, slices.Equal) {
		t.Errorf("Colors = %q, want %q", m.Colors, want)
	}
	p := NewPuzzle(&Plain{M: m})
	res, err := p.Solve(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.Raw != 1 || len(res.Distinct) != 1 {
		t.Fatalf("%d raw, %d distinct solutions, want 1 and 1", res.Raw, len(res.Distinct))
	}
	sol := res.Distinct[0].Solution.(*Solution)
	if got, want := sol.String(), "p r x:A y\nq x:A\n"; got != want {
		t.Errorf("the solution reads %q, want %q", got, want)
	}
	saved := sol.AppendJSON(nil)
	if got, want := string(saved), `"options":[["p","r","x:A","y"],["q","x:A"]]`; got != want {
		t.Errorf("saved as %s, want %s", got, want)
	}
	back, err := p.Decode(append(append([]byte("{"), saved...), '}'))
	if err != nil || !slices.Equal(back.Solution.(*Solution).Options, sol.Options) {
		t.Errorf("Decode = %v, %v, want %v", back.Solution, err, sol.Options)
	}
	// The options of another colour, or none, are not a solution.
	for _, bad := range []string{`{"options":[["p","r","x:A","y"],["q","x"]]}`, `{"options":[["p","x:B"],["q","x:A"],["r","y:B"]]}`} {
		if c, err := p.Decode([]byte(bad)); err == nil {
			t.Errorf("Decode(%s) = %v, want an error", bad, c.Solution)
		}
	}
	n, err := puzzles.Count(context.Background(), p, nil)
	if err != nil || n.Raw.Int64() != 1 || n.Distinct.Int64() != 1 {
		t.Errorf("Count = %v, %v, want 1 raw and 1 distinct", n, err)
	}
}

// Check takes a secondary item more than once only from options that
// give it one colour.
func TestCheckColors(t *testing.T) {
	m, err := NewMatrix([]string{"a"}, []string{"x"}, [][]string{{"a", "x:A"}, {"x:A"}, {"x:B"}, {"x"}, {"a"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		sol []int
		ok  bool
	}{
		{[]int{0}, true},
		{[]int{0, 1}, true},
		{[]int{4, 3}, true},
		{[]int{4, 2}, true},
		{[]int{0, 2}, false},
		{[]int{0, 3}, false},
		{[]int{4, 3, 1}, false},
		{[]int{0, 2, 1}, false},
		{[]int{0, 1, 2}, false},
	} {
		if err := m.Check(tt.sol); (err == nil) != tt.ok {
			t.Errorf("Check(%v) = %v, want ok %v", tt.sol, err, tt.ok)
		}
	}
}

// randomDLX writes a random small matrix with colours in the format of
// .dlx files.
func randomDLX(rng *rand.Rand, primary, secondary, options, colors int, density float64) string {
	var b strings.Builder
	for i := range primary {
		fmt.Fprintf(&b, "p%d ", i)
	}
	b.WriteString("|")
	for i := range secondary {
		fmt.Fprintf(&b, " s%d", i)
	}
	b.WriteString("\n")
	for range options {
		var words []string
		for i := range primary + secondary {
			if rng.Float64() >= density {
				continue
			}
			if i < primary {
				words = append(words, fmt.Sprintf("p%d", i))
			} else if c := rng.IntN(colors + 1); c == 0 {
				words = append(words, fmt.Sprintf("s%d", i-primary))
			} else {
				words = append(words, fmt.Sprintf("s%d:%c", i-primary, 'A'+c-1))
			}
		}
		if len(words) == 0 {
			words = []string{fmt.Sprintf("p%d", rng.IntN(primary))}
		}
		rng.Shuffle(len(words), func(i, j int) { words[i], words[j] = words[j], words[i] })
		b.WriteString(strings.Join(words, " ") + "\n")
	}
	return b.String()
}

// bruteCovers returns the covers of the .dlx text by trying every subset
// of its options on the text itself: each primary item once, a secondary
// item at most once or by options of one colour. Options without a
// primary item are left out, as Dancing Links leaves them. A cover is
// written as its options' numbers, from 0.
func bruteCovers(text string) []string {
	lines := strings.Split(strings.TrimSpace(text), "\n")
	var primary []string
	for _, f := range strings.Fields(lines[0]) {
		if f == "|" {
			break
		}
		primary = append(primary, f)
	}
	opts := lines[1:]
	var covers []string
	for mask := 0; mask < 1<<len(opts); mask++ {
		taken := map[string][]string{} // an item's colours, one per option taking it
		var cover, rows []string
		for k, o := range opts {
			if mask&(1<<k) == 0 {
				continue
			}
			cover, rows = append(cover, o), append(rows, fmt.Sprint(k))
			for _, w := range strings.Fields(o) {
				name, color, _ := strings.Cut(w, ":")
				taken[name] = append(taken[name], color)
			}
		}
		ok := true
		for _, name := range primary {
			ok = ok && len(taken[name]) == 1
		}
		for _, cs := range taken {
			if len(cs) > 1 && (slices.Contains(cs, "") || len(slices.Compact(slices.Sorted(slices.Values(cs)))) > 1) {
				ok = false
			}
		}
		for _, o := range cover {
			ok = ok && slices.ContainsFunc(strings.Fields(o), func(w string) bool { return slices.Contains(primary, w) })
		}
		if ok {
			covers = append(covers, strings.Join(rows, " "))
		}
	}
	slices.Sort(covers)
	return covers
}

// Random small .dlx matrices with colours: the solutions that solve
// lists, and the count, are the brute force's, whole and in shards.
func TestColorsRandomAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 36))
	found := 0
	for trial := range 80 {
		text := randomDLX(rng, 2+rng.IntN(3), 1+rng.IntN(3), 10+rng.IntN(4), 1+rng.IntN(3), 0.4)
		want := bruteCovers(text)
		found += len(want)
		m, err := ParseDLX("random.dlx", strings.NewReader(text))
		if err != nil {
			t.Fatalf("trial %d: %v\n%s", trial, err, text)
		}
		p := NewPuzzle(&Plain{M: m})
		var got []string
		for shard := range 3 {
			res, err := p.Solve(context.Background(), &puzzles.SolveConfig{Shard: shard, Shards: 3})
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range res.Distinct {
				got = append(got, strings.Trim(fmt.Sprint(c.Solution.(*Solution).Options), "[]"))
			}
		}
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Errorf("trial %d: solve lists %q, the brute force %q\n%s", trial, got, want, text)
		}
		n, err := puzzles.Count(context.Background(), p, nil)
		if err != nil || n.Raw.Int64() != int64(len(want)) || n.Distinct.Int64() != int64(len(want)) {
			t.Errorf("trial %d: Count = %v, %v, want %d\n%s", trial, n, err, len(want), text)
		}
		var parts []*puzzles.Counts
		for shard := range 3 {
			c, err := puzzles.Count(context.Background(), p, &puzzles.CountConfig{Shard: shard, Shards: 3})
			if err != nil {
				t.Fatal(err)
			}
			parts = append(parts, c)
		}
		if whole, err := puzzles.MergeCounts(parts); err != nil || whole.Raw.Int64() != int64(len(want)) || whole.Distinct.Int64() != int64(len(want)) {
			t.Errorf("trial %d: the merged parts count %v, %v, want %d", trial, whole, err, len(want))
		}
	}
	if found == 0 {
		t.Errorf("no trial has a solution: the test checks nothing")
	}
}

// A colour survives saving: a solution's saved options name their
// colours, and read back as the same options.
func TestColorsSaveRoundTrip(t *testing.T) {
	m, err := NewMatrix([]string{"a", "b"}, []string{"x", "y"}, [][]string{{"a", "x:red", "y"}, {"b", "x:red"}, {"b", "x:blue"}, {"a", "x"}})
	if err != nil {
		t.Fatal(err)
	}
	p := &Plain{M: m}
	data, err := json.Marshal(p.Encode([]int{0, 1}))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := string(data), `{"options":[["a","x:red","y"],["b","x:red"]]}`; got != want {
		t.Errorf("saved %s, want %s", got, want)
	}
	if back, err := p.Decode(data); err != nil || !slices.Equal(back, []int{0, 1}) {
		t.Errorf("Decode(%s) = %v, %v, want [0 1]", data, back, err)
	}
	if back, err := p.Decode([]byte(`{"options":[["a","x:blue","y"]]}`)); err == nil {
		t.Errorf("an option with another colour read back as %v", back)
	}
	// A matrix's fingerprint tells its colours apart.
	other, _ := NewMatrix([]string{"a", "b"}, []string{"x", "y"}, [][]string{{"a", "x:red", "y"}, {"b", "x:blue"}, {"b", "x:blue"}, {"a", "x"}})
	if Fingerprint(p) == Fingerprint(&Plain{M: other}) {
		t.Errorf("two matrices of different colours have one fingerprint")
	}
}

// The parser of .dlx files never panics on text with colours, and what
// it reads writes back as options that read the same.
func FuzzParseDLXColors(f *testing.F) {
	f.Add(knuthColorsDLX)
	f.Add("a | x\na x:\n")
	f.Add("a | x\na:B x:A\n")
	f.Add("a | x:y\na x:y:z\n")
	f.Add("a b | x y\na x:1 y:1\nb x:1\n| c\nb y:2\n")
	f.Fuzz(func(t *testing.T, text string) {
		m, err := ParseDLX("fuzz.dlx", strings.NewReader(text))
		if err != nil {
			if !strings.HasPrefix(err.Error(), "fuzz.dlx:") {
				t.Errorf("error %q does not name the file first", err)
			}
			return
		}
		var b strings.Builder
		b.WriteString(strings.Join(m.Items[:m.Primary], " ") + " | " + strings.Join(m.Items[m.Primary:], " ") + "\n")
		for k := range m.Options {
			b.WriteString(m.OptionText(k) + "\n")
		}
		again, err := ParseDLX("again.dlx", strings.NewReader(b.String()))
		if err != nil {
			t.Fatalf("written back as\n%s\nit reads as %v", b.String(), err)
		}
		if !slices.EqualFunc(again.Options, m.Options, slices.Equal) || !slices.EqualFunc(again.Colors, m.Colors, slices.Equal) {
			t.Errorf("written back, the options read %v %q, not %v %q", again.Options, again.Colors, m.Options, m.Colors)
		}
		if _, err := m.Encode(); err != nil {
			t.Errorf("Encode: %v", err)
		}
	})
}

// The search tree that draw --search shows takes colours as the search
// does: on random matrices with colours, its solutions are the brute
// force's.
func TestColorsTree(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 36))
	for trial := range 40 {
		text := randomDLX(rng, 2+rng.IntN(2), 1+rng.IntN(3), 8+rng.IntN(4), 1+rng.IntN(2), 0.45)
		m, err := ParseDLX("random.dlx", strings.NewReader(text))
		if err != nil {
			t.Fatal(err)
		}
		root, err := m.Tree(context.Background(), puzzles.TreeConfig{})
		if err != nil {
			t.Fatal(err)
		}
		if want := len(bruteCovers(text)); root.Solutions != int64(want) {
			t.Errorf("trial %d: the tree has %d solutions, the brute force %d\n%s", trial, root.Solutions, want, text)
		}
	}
}

// A puzzle with symmetries is counted whole, its classes told apart: N
// queens has 92 solutions in 12 classes; it has no parts to count.
func TestCountSymmetries(t *testing.T) {
	q, err := NewQueens(8, nil)
	if err != nil {
		t.Fatal(err)
	}
	p := NewPuzzle(q)
	c, err := puzzles.Count(context.Background(), p, nil)
	if err != nil || c.Raw.Int64() != 92 || c.Distinct.Int64() != 12 || c.Symmetries != 8 {
		t.Errorf("Count(queens 8) = %+v, %v, want 92 raw, 12 distinct under 8 symmetries", c, err)
	}
	if c, err := puzzles.Count(context.Background(), p, &puzzles.CountConfig{Shard: 0, Shards: 2}); err == nil {
		t.Errorf("Count(queens 8, part 0/2) = %+v, want an error", c)
	}
}

// A count stopped by its context gives no count, only why it stopped.
func TestCountStopped(t *testing.T) {
	m, err := ParseDLX("knuth2.dlx", strings.NewReader(knuthColorsDLX))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if c, err := puzzles.Count(ctx, NewPuzzle(&Plain{M: m}), nil); err == nil || c != nil || !strings.Contains(err.Error(), "count stopped") {
		t.Errorf("Count with a canceled context = %v, %v; want no count and why", c, err)
	}
}
