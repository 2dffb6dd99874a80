package palettes

import (
	"fmt"
	"image/color"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"
)

// A layout is one solution as Colour sees it.
type layout struct {
	pieces    []string // the puzzle's piece names
	instances []int    // the piece of each instance
	adjacent  [][]int  // symmetric, sorted, without repeats
}

// gridLayout builds a layout from a grid of cells, each holding the index
// of its instance or -1 for a hole; cells that share an edge and belong to
// different instances make their instances adjacent.
func gridLayout(pieces []string, instances []int, cells [][]int) layout {
	adj := make([]map[int]bool, len(instances))
	for i := range adj {
		adj[i] = map[int]bool{}
	}
	link := func(a, b int) {
		if a >= 0 && b >= 0 && a != b {
			adj[a][b], adj[b][a] = true, true
		}
	}
	for r, row := range cells {
		for c, a := range row {
			if c+1 < len(row) {
				link(a, row[c+1])
			}
			if r+1 < len(cells) && c < len(cells[r+1]) {
				link(a, cells[r+1][c])
			}
		}
	}
	l := layout{pieces: pieces, instances: instances, adjacent: make([][]int, len(instances))}
	for i, set := range adj {
		for j := range set {
			l.adjacent[i] = append(l.adjacent[i], j)
		}
		slices.Sort(l.adjacent[i])
	}
	return l
}

// letterLayout builds a layout from an ASCII solution in which each letter
// is one piece with one copy, the instances numbered in order of first
// appearance in reading order; a space is a hole.
func letterLayout(pieces []string, rows []string) layout {
	var instances []int
	index := map[rune]int{}
	cells := make([][]int, len(rows))
	for r, row := range rows {
		for _, ch := range row {
			if ch == ' ' {
				cells[r] = append(cells[r], -1)
				continue
			}
			i, ok := index[ch]
			if !ok {
				i = len(instances)
				index[ch] = i
				instances = append(instances, slices.Index(pieces, string(ch)))
			}
			cells[r] = append(cells[r], i)
		}
	}
	return gridLayout(pieces, instances, cells)
}

// dominoes lays out rows × cols horizontal dominoes of one piece, stacked
// in columns (every domino touches at most 4 others).
func dominoes(rows, cols int) layout {
	cells := make([][]int, rows)
	for r := range cells {
		for c := range 2 * cols {
			cells[r] = append(cells[r], r*cols+c/2)
		}
	}
	return gridLayout([]string{"I2"}, make([]int, rows*cols), cells)
}

// bricks lays out dominoes like the bricks of a wall, each row shifted by
// half a domino, with monominoes (piece 1) filling the ends of the shifted
// rows; a domino touches up to 6 others.
func bricks(rows, cols int) layout {
	var instances []int
	add := func(piece int) int {
		instances = append(instances, piece)
		return len(instances) - 1
	}
	cells := make([][]int, rows)
	for r := range cells {
		if r%2 == 0 {
			for range cols {
				d := add(0)
				cells[r] = append(cells[r], d, d)
			}
			continue
		}
		cells[r] = append(cells[r], add(1))
		for range cols - 1 {
			d := add(0)
			cells[r] = append(cells[r], d, d)
		}
		cells[r] = append(cells[r], add(1))
	}
	return gridLayout([]string{"I2", "O1"}, instances, cells)
}

// graph builds a layout of one piece from a list of edges.
func graph(n int, edges ...[2]int) layout {
	cells := [][]int{}
	for _, e := range edges {
		cells = append(cells, []int{e[0], e[1]}, []int{-1, -1})
	}
	pieces, instances := make([]string, n), make([]int, n)
	for i := range n {
		pieces[i], instances[i] = fmt.Sprint("P", i), i
	}
	return gridLayout(pieces, instances, cells)
}

func cycle(n int) layout {
	var edges [][2]int
	for i := range n {
		edges = append(edges, [2]int{i, (i + 1) % n})
	}
	return graph(n, edges...)
}

func star(leaves int) layout {
	var edges [][2]int
	for i := 1; i <= leaves; i++ {
		edges = append(edges, [2]int{0, i})
	}
	return graph(leaves+1, edges...)
}

func complete(n int) layout {
	var edges [][2]int
	for i := range n {
		for j := i + 1; j < n; j++ {
			edges = append(edges, [2]int{i, j})
		}
	}
	return graph(n, edges...)
}

// maxDegree is the largest number of neighbours of any instance.
func (l layout) maxDegree() int {
	d := 0
	for _, a := range l.adjacent {
		d = max(d, len(a))
	}
	return d
}

// clashes lists the adjacent pairs of instances that have the same colour.
func (l layout) clashes(colours []color.NRGBA) []string {
	var out []string
	for i, a := range l.adjacent {
		for _, j := range a {
			if i < j && colours[i] == colours[j] && l.pieces[l.instances[i]] != l.pieces[l.instances[j]] {
				out = append(out, fmt.Sprintf("%d-%d %s", i, j, Hex(colours[i])))
			}
		}
	}
	return out
}

// greys returns a palette of n unlabelled colours.
func greys(n int) *Palette {
	p := &Palette{Name: "test"}
	for i := range n {
		v := uint8(i * 255 / max(n-1, 1))
		p.Colors = append(p.Colors, color.NRGBA{v, v, v, 0xff})
	}
	return p
}

// indices returns the index in p.Colors of each colour.
func indices(p *Palette, colours []color.NRGBA) []int {
	out := make([]int, len(colours))
	for i, c := range colours {
		out[i] = slices.Index(p.Colors, c)
	}
	return out
}

// scott returns the 65 solutions of Dana Scott's problem in
// testdata/scott.txt, each as its rows.
func scott(t *testing.T) [][]string {
	t.Helper()
	data, err := os.ReadFile("testdata/scott.txt")
	if err != nil {
		t.Fatal(err)
	}
	var sols [][]string
	var cur []string
	for _, line := range strings.Split(string(data), "\n") {
		switch {
		case strings.HasPrefix(line, "//"):
		case line == "":
			if cur != nil {
				sols = append(sols, cur)
				cur = nil
			}
		default:
			cur = append(cur, line)
		}
	}
	if cur != nil {
		sols = append(sols, cur)
	}
	if len(sols) != 65 {
		t.Fatalf("testdata/scott.txt has %d solutions, want 65", len(sols))
	}
	return sols
}

var pentominoes = strings.Fields("F I L N P T U V W X Y Z")

func TestPieceColors(t *testing.T) {
	def := Default()
	byLetter := map[string]string{}
	for i, l := range def.Labels {
		byLetter[l] = Hex(def.Colors[i])
	}
	set3, _ := Named("set3", 0)
	tests := []struct {
		name   string
		p      *Palette
		pieces []string
		want   []string
	}{
		{"pentominoes, default order", def, pentominoes, hexes(def.Colors)},
		{"pentominoes, shuffled", def, strings.Fields("Z X F W I Y L V N U P T"),
			[]string{byLetter["Z"], byLetter["X"], byLetter["F"], byLetter["W"], byLetter["I"], byLetter["Y"],
				byLetter["L"], byLetter["V"], byLetter["N"], byLetter["U"], byLetter["P"], byLetter["T"]}},
		{"letters and others", def, []string{"A", "X", "B"},
			// X takes its colour; A and B the first colours not taken that
			// lie far enough from X and each other (I's is too near F's).
			[]string{byLetter["F"], byLetter["X"], "#7b9be0"}},
		{"labels are case-sensitive", def, []string{"x", "f"}, []string{"#72bb6f", "#e9716b"}},
		{"copies of a piece share its labelled colour", def, []string{"I", "I", "F"}, []string{byLetter["I"], byLetter["I"], byLetter["F"]}},
		{"copies of an unlabelled piece share its colour", set3, []string{"I4", "O4", "I4"}, []string{"#b3de69", "#bc80bd", "#b3de69"}},
		// set3's first colours are pale and near: the rule spaces them out.
		{"unlabelled: pieces take colours far apart", set3, []string{"I4", "O4", "T4"}, []string{"#fdb462", "#b3de69", "#bc80bd"}},
		{"unlabelled, more pieces than colours", greys(3), []string{"a", "b", "c", "d", "e"},
			hexes(greys(3).Colors, greys(3).Colors[:2])},
		{"labelled, more pieces than colours", def, append(slices.Clone(pentominoes), "F'", "L'"),
			hexes(def.Colors, def.Colors[:2])},
		{"nil palette is the default", nil, []string{"X"}, []string{byLetter["X"]}},
		{"empty palette is the default", &Palette{}, []string{"X"}, []string{byLetter["X"]}},
		{"no pieces", def, nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := hexes(tt.p.PieceColors(tt.pieces))
			if !slices.Equal(got, tt.want) {
				t.Errorf("PieceColors(%v) = %v, want %v", tt.pieces, got, tt.want)
			}
		})
	}
}

// TestInstanceColorsScott colours the 65 solutions of Scott's problem. With the
// default palette every pentomino has its labelled colour; with the
// 8 colours of okabe-ito, touching pieces still differ, and the first 8
// pieces keep their own colours in every solution.
func TestInstanceColorsScott(t *testing.T) {
	def := Default()
	oi, err := Named("okabe-ito", 0)
	if err != nil {
		t.Fatal(err)
	}
	for n, rows := range scott(t) {
		l := letterLayout(pentominoes, rows)
		got := def.InstanceColors(l.pieces, l.instances, l.adjacent)
		for i, k := range l.instances {
			if want := def.Colors[slices.Index(def.Labels, pentominoes[k])]; got[i] != want {
				t.Errorf("solution %d: default colour of %s = %s, want %s", n+1, pentominoes[k], Hex(got[i]), Hex(want))
			}
		}
		got = oi.InstanceColors(l.pieces, l.instances, l.adjacent)
		if c := l.clashes(got); c != nil {
			t.Errorf("solution %d with okabe-ito: touching pieces share colours: %v\n%s", n+1, c, strings.Join(rows, "\n"))
		}
		for i, k := range l.instances {
			if k < 8 && got[i] != oi.Colors[k] {
				t.Errorf("solution %d with okabe-ito: %s = %s, want its own colour %s", n+1, pentominoes[k], Hex(got[i]), Hex(oi.Colors[k]))
			}
		}
	}
}

// TestInstanceColorsAdjacency checks that touching instances differ: always when
// the palette has more colours than any instance has neighbours, and in
// the listed cases with fewer.
func TestInstanceColorsAdjacency(t *testing.T) {
	tests := []struct {
		name    string
		l       layout
		colours int
		proper  bool // whether touching instances must differ
	}{
		{"odd cycle, 3 colours", cycle(7), 3, true},
		{"even cycle, 2 colours", cycle(8), 2, true},
		{"star, 2 colours", star(8), 2, true},
		{"star, 9 colours", star(8), 9, true},
		{"complete graph, 5 colours", complete(5), 5, true},
		{"complete graph, 4 colours", complete(5), 4, false},
		{"dominoes 8×5, 3 colours", dominoes(8, 5), 3, true},
		{"dominoes 8×5, 5 colours", dominoes(8, 5), 5, true},
		{"dominoes 20×20, 3 colours", dominoes(20, 20), 3, true},
		{"bricks 10×6, 7 colours", bricks(10, 6), 7, true},
		{"bricks 10×6, 4 colours", bricks(10, 6), 4, false},
		{"bricks 10×6, 3 colours", bricks(10, 6), 3, false},
		{"no adjacency, 1 colour", layout{pieces: []string{"A"}, instances: make([]int, 5)}, 1, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := greys(tt.colours)
			got := p.InstanceColors(tt.l.pieces, tt.l.instances, tt.l.adjacent)
			if len(got) != len(tt.l.instances) {
				t.Fatalf("InstanceColors gave %d colours for %d instances", len(got), len(tt.l.instances))
			}
			for i, c := range got {
				if !slices.Contains(p.Colors, c) {
					t.Errorf("instance %d has colour %s, not in the palette", i, Hex(c))
				}
			}
			clashes := tt.l.clashes(got)
			if tt.colours > tt.l.maxDegree() && !tt.proper {
				t.Fatalf("test case: %d colours, max degree %d, so the colouring must be proper", tt.colours, tt.l.maxDegree())
			}
			if tt.proper && clashes != nil {
				t.Errorf("%d colours, max degree %d: touching instances share colours: %v", tt.colours, tt.l.maxDegree(), clashes)
			}
		})
	}
}

// TestInstanceColorsRandomGraphs checks the guarantee on many graphs: with one
// colour more than the largest degree, neighbours always differ, whatever
// the pieces.
func TestInstanceColorsRandomGraphs(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2)) // fixed seed: the same graphs every run
	for trial := range 300 {
		n := 1 + rng.IntN(40)
		pieces := 1 + rng.IntN(12)
		l := layout{pieces: make([]string, pieces), instances: make([]int, n), adjacent: make([][]int, n)}
		for k := range l.pieces {
			l.pieces[k] = fmt.Sprint("P", k)
		}
		for i := range l.instances {
			l.instances[i] = rng.IntN(pieces)
		}
		prob := rng.Float64() * 0.3
		for i := range n {
			for j := i + 1; j < n; j++ {
				if rng.Float64() < prob {
					l.adjacent[i] = append(l.adjacent[i], j)
					l.adjacent[j] = append(l.adjacent[j], i)
				}
			}
		}
		p := greys(l.maxDegree() + 1)
		if c := l.clashes(p.InstanceColors(l.pieces, l.instances, l.adjacent)); c != nil {
			t.Errorf("trial %d: %d instances, %d colours: touching instances share colours: %v", trial, n, len(p.Colors), c)
		}
	}
}

// TestInstanceColorsFallback checks the choice when every colour is taken by a
// neighbour: the one fewest neighbours have, the instance's own on a tie.
func TestInstanceColorsFallback(t *testing.T) {
	tests := []struct {
		name string
		l    layout
		n    int
		want []int
	}{
		// 0, 1, 2 take colours 0, 1, 2; 3 sees each once and keeps its own.
		{"K4, 3 colours", complete(4), 3, []int{0, 1, 2, 0}},
		// 0-3 take 0, 1, 2, 0; 4 sees 0 twice, 1 and 2 once: 1 is first.
		{"K5, 3 colours", complete(5), 3, []int{0, 1, 2, 0, 1}},
		// The pieces' own colours alternate, and so does the path.
		{"path, 2 colours", graph(4, [2]int{0, 1}, [2]int{1, 2}, [2]int{2, 3}), 2, []int{0, 1, 0, 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := greys(tt.n)
			got := indices(p, p.InstanceColors(tt.l.pieces, tt.l.instances, tt.l.adjacent))
			if !slices.Equal(got, tt.want) {
				t.Errorf("colours = %v, want %v", got, tt.want)
			}
		})
	}
}

// TestInstanceColorsCopies checks that copies of a piece share its colour,
// touching or not, as the legend and the piece figure show it; pieces of
// other names that touch them still differ from them.
func TestInstanceColorsCopies(t *testing.T) {
	// Five tetrominoes, two copies each, in a row: I I O O T T L L S S.
	pieces := []string{"I4", "I4", "O4", "O4", "T4", "T4", "L4", "L4", "S4", "S4"}
	var edges [][2]int
	for i := range 9 {
		edges = append(edges, [2]int{i, i + 1})
	}
	l := graph(10, edges...)
	l.pieces = pieces
	p := Default()
	got := indices(p, p.InstanceColors(l.pieces, l.instances, l.adjacent))
	// Five of the twelve colours, as far apart as the rule finds them.
	want := []int{0, 0, 6, 6, 9, 9, 10, 10, 11, 11}
	if !slices.Equal(got, want) {
		t.Errorf("colours = %v, want %v", got, want)
	}
	if c := l.clashes(p.InstanceColors(l.pieces, l.instances, l.adjacent)); c != nil {
		t.Errorf("touching pieces share colours: %v", c)
	}
	if own := indices(p, p.PieceColors(pieces)); !slices.Equal(own, want) {
		t.Errorf("PieceColors = %v, want %v: copies share their piece's colour", own, want)
	}
	// More names than colours: the copies still share, the others give way.
	p = greys(2)
	l = graph(4, [2]int{0, 1}, [2]int{1, 2}, [2]int{2, 3})
	l.pieces = []string{"A", "A", "B", "C"}
	if got := indices(p, p.InstanceColors(l.pieces, l.instances, l.adjacent)); !slices.Equal(got, []int{0, 0, 1, 0}) {
		t.Errorf("colours = %v, want [0 0 1 0]", got)
	}
	if w := p.Warning(l.pieces); !strings.Contains(w, "2 colours for 3 pieces") {
		t.Errorf("Warning(%v) = %q, want it to count 3 pieces", l.pieces, w)
	}
	if w := Default().Warning(pieces); w != "" {
		t.Errorf("Warning of 5 pieces in 2 copies each = %q, want none", w)
	}
}

// TestInstanceColorsOverride checks FromMap in Colour: the piece in the map takes
// its colour, the others keep the base palette's.
func TestInstanceColorsOverride(t *testing.T) {
	p, err := FromMap(map[string]string{"X": "black"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	rows := scott(t)[0]
	l := letterLayout(pentominoes, rows)
	got := p.InstanceColors(l.pieces, l.instances, l.adjacent)
	def := Default()
	for i, k := range l.instances {
		want := def.Colors[k]
		if pentominoes[k] == "X" {
			want = color.NRGBA{0, 0, 0, 0xff}
		}
		if got[i] != want {
			t.Errorf("%s = %s, want %s", pentominoes[k], Hex(got[i]), Hex(want))
		}
	}
}

// TestInstanceColorsDeterministic checks that the colours depend only on the
// solution, not on how its adjacency is listed.
func TestInstanceColorsDeterministic(t *testing.T) {
	l := bricks(8, 5)
	p := greys(3) // too few colours, so that the order of choices matters
	want := p.InstanceColors(l.pieces, l.instances, l.adjacent)

	reversed := make([][]int, len(l.adjacent))
	oneWay := make([][]int, len(l.adjacent))
	doubled := make([][]int, len(l.adjacent))
	for i, a := range l.adjacent {
		reversed[i] = slices.Clone(a)
		slices.Reverse(reversed[i])
		for _, j := range a {
			if j > i {
				oneWay[i] = append(oneWay[i], j)
			}
		}
		doubled[i] = append(slices.Clone(a), i)
		doubled[i] = append(doubled[i], a...)
	}
	for name, adj := range map[string][][]int{"same": l.adjacent, "reversed": reversed, "one way": oneWay, "doubled with self-loops": doubled} {
		for range 3 {
			if got := p.InstanceColors(l.pieces, l.instances, adj); !slices.Equal(got, want) {
				t.Errorf("%s adjacency: colours = %v, want %v", name, indices(p, got), indices(p, want))
				break
			}
		}
	}
}

func TestInstanceColorsPanics(t *testing.T) {
	tests := []struct {
		name      string
		pieces    []string
		instances []int
		adjacent  [][]int
		want      string
	}{
		{"piece out of range", []string{"A"}, []int{0, 1}, nil, "palettes: InstanceColors: instance 1 is of piece 1, not one of the 1 pieces"},
		{"negative piece", []string{"A"}, []int{-1}, nil, "palettes: InstanceColors: instance 0 is of piece -1, not one of the 1 pieces"},
		{"neighbour out of range", []string{"A"}, []int{0, 0}, [][]int{{1}, {2}}, "palettes: InstanceColors: instance 1 has neighbour 2, not one of the 2 instances"},
		{"adjacency too short", []string{"A"}, []int{0, 0}, [][]int{{1}}, "palettes: InstanceColors: 1 adjacency lists for 2 instances"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			defer func() {
				r := recover()
				if r == nil {
					t.Fatalf("InstanceColors did not panic, want %q", tt.want)
				}
				if r != tt.want {
					t.Errorf("InstanceColors panicked with %q, want %q", r, tt.want)
				}
			}()
			Default().InstanceColors(tt.pieces, tt.instances, tt.adjacent)
		})
	}
}

func TestWarning(t *testing.T) {
	pentominoes := strings.Fields("F I L N P T U V W X Y Z")
	for _, tt := range []struct {
		palette string
		pieces  []string
		want    string // a part of the warning; "" for none
	}{
		{"default", pentominoes, ""},
		{"tol-rainbow", pentominoes, ""},
		{"viridis", pentominoes, ""},
		{"okabe-ito", pentominoes, "palette okabe-ito has 8 colours for 12 pieces: some pieces share a colour"},
		{"tol-bright", pentominoes[:7], ""},
		{"tol-bright", pentominoes[:8], "for a colour each, use default, "},
		{"tableau10", strings.Fields("A B C D E F G H I J K L M N O P Q R S T"), "use kelly, tol-rainbow-23, or a continuous one such as viridis"},
		{"tol-rainbow-23", strings.Fields("A B C D E F G H I J K L M N O P Q R S T U V W"), ""},
		{"tol-rainbow-23", strings.Fields("A B C D E F G H I J K L M N O P Q R S T U V W X"), "palette tol-rainbow-23 has 23 colours for 24 pieces"},
		{"tol-rainbow", strings.Fields("F F' I L L' N N' P P' T U V W X Y Y' Z Z'"), "use kelly, tol-rainbow-23, or a continuous one"},
	} {
		p, err := Named(tt.palette, len(tt.pieces))
		if err != nil {
			t.Fatal(err)
		}
		got := p.Warning(tt.pieces)
		if tt.want == "" && got != "" || !strings.Contains(got, tt.want) {
			t.Errorf("%s for %d pieces: warning %q, want %q", tt.palette, len(tt.pieces), got, tt.want)
		}
	}
}
