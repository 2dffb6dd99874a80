package pfaffian

import (
	"context"
	"errors"
	"math"
	"math/big"
	"math/rand/v2"
	"testing"
)

// drawing is a graph drawn in the plane: its vertices' points and its
// edges, straight or, when parallel, side by side.
type drawing struct {
	points [][2]float64
	edges  [][2]int32
}

func (d *drawing) edge(u, v int) { d.edges = append(d.edges, [2]int32{int32(u), int32(v)}) }

// graph reads the rotation system off the drawing.
func (d *drawing) graph() *Graph {
	angles := make([][2]float64, len(d.edges))
	for e, ends := range d.edges {
		a, b := d.points[ends[0]], d.points[ends[1]]
		angles[e] = [2]float64{math.Atan2(b[1]-a[1], b[0]-a[0]), math.Atan2(a[1]-b[1], a[0]-b[0])}
	}
	return Drawn(len(d.points), d.edges, angles)
}

// brute counts the perfect matchings of the graph, each edge of a bundle
// of parallel ones a matching of its own: the lowest unmatched vertex
// takes each of its edges in turn.
func brute(n int, edges [][2]int32) int64 {
	at := make([][]int32, n)
	for _, e := range edges {
		at[e[0]] = append(at[e[0]], e[1])
		at[e[1]] = append(at[e[1]], e[0])
	}
	used := make([]bool, n)
	var count func(v int) int64
	count = func(v int) int64 {
		for v < n && used[v] {
			v++
		}
		if v == n {
			return 1
		}
		used[v] = true
		var sum int64
		for _, u := range at[v] {
			if !used[u] {
				used[u] = true
				sum += count(v + 1)
				used[u] = false
			}
		}
		used[v] = false
		return sum
	}
	return count(0)
}

// grid draws the rows × cols grid of points, each edge between
// neighbours kept with probability keep and repeated up to most times,
// and in each square a diagonal with probability diag (then the graph is
// not bipartite).
func grid(rng *rand.Rand, rows, cols int, keep, diag float64, most int) *drawing {
	d := &drawing{}
	for r := range rows {
		for c := range cols {
			d.points = append(d.points, [2]float64{float64(c), float64(r)})
		}
	}
	add := func(u, v int) {
		if rng.Float64() < keep {
			for range 1 + rng.IntN(most) {
				d.edge(u, v)
			}
		}
	}
	for r := range rows {
		for c := range cols {
			v := r*cols + c
			if c+1 < cols {
				add(v, v+1)
			}
			if r+1 < rows {
				add(v, v+cols)
			}
			if r+1 < rows && c+1 < cols && rng.Float64() < diag {
				if rng.IntN(2) == 0 {
					d.edge(v, v+cols+1)
				} else {
					d.edge(v+1, v+cols)
				}
			}
		}
	}
	return d
}

// Small graphs have as many perfect matchings as a brute force finds:
// paths, cycles odd and even, K4, a grid of parallel edges, parts apart.
func TestCountSmall(t *testing.T) {
	path := func(n int) *drawing {
		d := &drawing{}
		for i := range n {
			d.points = append(d.points, [2]float64{float64(i), float64(i * i % 3)})
			if i > 0 {
				d.edge(i-1, i)
			}
		}
		return d
	}
	cycle := func(n int) *drawing {
		d := &drawing{}
		for i := range n {
			a := 2 * math.Pi * float64(i) / float64(n)
			d.points = append(d.points, [2]float64{math.Cos(a), math.Sin(a)})
			d.edge(i, (i+1)%n)
		}
		return d
	}
	k4 := &drawing{points: [][2]float64{{0, 0}, {4, 0}, {2, 3}, {2, 1}}}
	for u := range 4 {
		for v := u + 1; v < 4; v++ {
			k4.edge(u, v)
		}
	}
	apart := cycle(6)
	for i := range 4 {
		apart.points = append(apart.points, [2]float64{10 + float64(i), 0})
		if i > 0 {
			apart.edge(6+i-1, 6+i)
		}
	}
	tests := []struct {
		name string
		d    *drawing
		want int64
	}{
		{"no vertices", &drawing{}, 1},
		{"one vertex", path(1), 0},
		{"path of 2", path(2), 1},
		{"path of 6", path(6), 1},
		{"path of 7", path(7), 0},
		{"cycle of 3", cycle(3), 0},
		{"cycle of 4", cycle(4), 2},
		{"cycle of 10", cycle(10), 2},
		{"cycle of 11", cycle(11), 0},
		{"K4", k4, 3},
		{"a cycle of 6 and a path of 4", apart, 2},
		{"3 × 4 grid, edges doubled and tripled", grid(rand.New(rand.NewPCG(1, 2)), 3, 4, 1, 0, 3), -1},
		{"4 × 3 grid with diagonals, edges doubled", grid(rand.New(rand.NewPCG(3, 4)), 4, 3, 1, 0.7, 2), -1},
		{"3 × 3 grid with parallel edges", grid(rand.New(rand.NewPCG(5, 6)), 3, 3, 1, 0.5, 3), 0},
		{"4 × 4 grid (3 × 3 squares), edges up to tripled", grid(rand.New(rand.NewPCG(7, 8)), 4, 4, 1, 0, 3), -1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			want := big.NewInt(brute(len(tt.d.points), tt.d.edges))
			if tt.want >= 0 && want.Int64() != tt.want {
				t.Fatalf("the brute force counts %v, want %d", want, tt.want)
			}
			got, err := Count(context.Background(), tt.d.graph())
			if err != nil || got.Cmp(want) != 0 {
				t.Errorf("Count = %v, %v; want %v", got, err, want)
			}
		})
	}
}

// Random subgraphs of grids, with diagonals and parallel edges, have as
// many perfect matchings as a brute force finds.
func TestCountRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(37, 61))
	n := 300
	if testing.Short() {
		n = 100
	}
	nonzero := 0
	for i := range n {
		rows, cols := 1+rng.IntN(6), 2+rng.IntN(5)
		d := grid(rng, rows, cols, 0.6+0.4*rng.Float64(), rng.Float64(), 1+rng.IntN(2))
		want := big.NewInt(brute(len(d.points), d.edges))
		got, err := Count(context.Background(), d.graph())
		if err != nil || got.Cmp(want) != 0 {
			t.Errorf("graph %d, %d × %d grid, %d edges: Count = %v, %v; want %v", i, rows, cols, len(d.edges), got, err, want)
		}
		if want.Sign() > 0 {
			nonzero++
		}
	}
	if nonzero < n/4 {
		t.Errorf("only %d of %d graphs have a perfect matching", nonzero, n)
	}
}

// The 2n × 2n grid has as many perfect matchings as OEIS A004003 says,
// past 64 bits.
func TestCountSquares(t *testing.T) {
	a004003 := []string{"1", "2", "36", "6728", "12988816", "258584046368", "53060477521960000",
		"112202208776036178000000", "2444888770250892795802079170816"}
	for n, want := range a004003 {
		got, err := Count(context.Background(), grid(rand.New(rand.NewPCG(0, 0)), 2*n, 2*n, 1, 0, 1).graph())
		if err != nil || got.String() != want {
			t.Errorf("%d × %d: Count = %v, %v; want %s", 2*n, 2*n, got, err, want)
		}
	}
}

// A rotation system that is not planar is refused with ErrNotPlanar: K5
// and K3,3 however drawn, a grid with the edges at one vertex out of
// their order; a graph that is not one is refused otherwise.
func TestNotPlanar(t *testing.T) {
	complete := &drawing{}
	for i := range 5 {
		a := 2 * math.Pi * float64(i) / 5
		complete.points = append(complete.points, [2]float64{math.Cos(a), math.Sin(a)})
		for j := range i {
			complete.edge(j, i)
		}
	}
	k33 := &drawing{points: [][2]float64{{0, 0}, {1, 0}, {2, 0}, {0, 1}, {1, 1}, {2, 1}}}
	for u := range 3 {
		for v := 3; v < 6; v++ {
			k33.edge(u, v)
		}
	}
	twisted := grid(rand.New(rand.NewPCG(0, 0)), 4, 4, 1, 0, 1).graph()
	rot := twisted.Rotation[5] // four edges: swap two, the others kept
	rot[0], rot[1] = rot[1], rot[0]
	for name, g := range map[string]*Graph{"K5": complete.graph(), "K3,3": k33.graph(), "a twisted grid": twisted} {
		if _, err := Count(context.Background(), g); !errors.Is(err, ErrNotPlanar) {
			t.Errorf("%s: %v, want ErrNotPlanar", name, err)
		}
	}
	bad := []*Graph{
		{Edges: [][2]int32{{0, 0}}, Rotation: [][]int32{{0, 0}}},
		{Edges: [][2]int32{{0, 1}}, Rotation: [][]int32{{0}, {}}},
		{Edges: [][2]int32{{0, 1}}, Rotation: [][]int32{{0}, {0}, {0}}},
		{Edges: [][2]int32{{0, 2}}, Rotation: [][]int32{{0}, {0}}},
		{Edges: [][2]int32{{0, 1}}, Rotation: [][]int32{{0}, {1}}},
	}
	for i, g := range bad {
		if _, err := Count(context.Background(), g); err == nil || errors.Is(err, ErrNotPlanar) {
			t.Errorf("graph %d: %v, want an error that it is no graph", i, err)
		}
	}
}

// A count whose context has ended stops with its cause.
func TestCountStops(t *testing.T) {
	why := errors.New("stopped by the test")
	ctx, cancel := context.WithCancelCause(context.Background())
	cancel(why)
	if _, err := Count(ctx, grid(rand.New(rand.NewPCG(0, 0)), 8, 8, 1, 0, 1).graph()); !errors.Is(err, why) {
		t.Errorf("a stopped count: %v, want it to say why", err)
	}
}

// BenchmarkCount32x32 counts the domino tilings of the 32 × 32 square.
func BenchmarkCount32x32(b *testing.B) {
	m, err := Orient(grid(rand.New(rand.NewPCG(0, 0)), 32, 32, 1, 0, 1).graph())
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := m.Count(context.Background(), nil); err != nil {
			b.Fatal(err)
		}
	}
}
