package frontier

import (
	"context"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/polytile/polytile/puzzles"
	"github.com/polytile/polytile/puzzles/geom"
)

// reachCases are puzzles whose pieces leave cells no piece can cover
// any more: trominoes, tetrominoes, dominoes with an L, on rectangles.
func reachCases() []struct {
	name string
	p    *Problem
} {
	trominoes := orient([][2]int{{0, 0}, {0, 1}, {0, 2}}, [][2]int{{0, 0}, {0, 1}, {1, 0}})
	lt := orient([][2]int{{0, 0}, {1, 0}, {2, 0}, {2, 1}}, [][2]int{{0, 0}, {0, 1}, {0, 2}, {1, 1}})
	var out []struct {
		name string
		p    *Problem
	}
	for _, rc := range [][2]int{{3, 6}, {6, 6}, {5, 8}, {6, 9}} {
		out = append(out, struct {
			name string
			p    *Problem
		}{fmt.Sprintf("trominoes %d × %d", rc[0], rc[1]), shaped(rc[0], rc[1], trominoes)})
	}
	for _, rc := range [][2]int{{4, 4}, {4, 6}, {6, 6}, {4, 9}} {
		out = append(out, struct {
			name string
			p    *Problem
		}{fmt.Sprintf("L and T tetrominoes %d × %d", rc[0], rc[1]), shaped(rc[0], rc[1], lt)})
	}
	return out
}

// orient returns every orientation of the shapes (rotations and
// reflections), each once, its cells sorted from offset (0, 0) on.
func orient(shapes ...[][2]int) [][][2]int {
	var out [][][2]int
	for _, sh := range shapes {
		for k := range 8 {
			o := make([][2]int, len(sh))
			for i, c := range sh {
				r, col := c[0], c[1]
				if k&4 != 0 {
					r, col = col, r
				}
				if k&2 != 0 {
					r = -r
				}
				if k&1 != 0 {
					col = -col
				}
				o[i] = [2]int{r, col}
			}
			minR, minC := o[0][0], o[0][1]
			for _, c := range o {
				minR, minC = min(minR, c[0]), min(minC, c[1])
			}
			for i := range o {
				o[i][0] -= minR
				o[i][1] -= minC
			}
			slices.SortFunc(o, func(a, b [2]int) int { return slices.Compare(a[:], b[:]) })
			if !slices.ContainsFunc(out, func(x [][2]int) bool { return slices.Equal(x, o) }) {
				out = append(out, o)
			}
		}
	}
	return out
}

// Every state a reach drops has no completion: checked against a count of
// the completions of each state the sweep reaches, by a plain recursion,
// on every symmetry's plan; and some states are dropped.
func TestReachSound(t *testing.T) {
	dropped := 0
	for _, tc := range reachCases() {
		for g := range tc.p.Symmetries {
			pl := newPlan(tc.p, g)
			rs := pl.reaches()
			if rs == nil {
				t.Fatalf("%s, symmetry %d: no reaches", tc.name, g)
			}
			memo := map[[2]uint64]*big.Int{}
			var complete func(p int, st uint64) *big.Int
			complete = func(p int, st uint64) *big.Int {
				if p == pl.n {
					return big.NewInt(map[bool]int64{true: 1, false: 0}[st == 0])
				}
				key := [2]uint64{uint64(p), st}
				if v, ok := memo[key]; ok {
					return v
				}
				v := new(big.Int)
				if st&1 != 0 {
					v.Set(complete(p+1, st>>1))
				} else {
					for j, m := range pl.at[p] {
						if st&m == 0 {
							next := (st | m) >> 1
							if p+1 < pl.n && !rs[p+1].live(next, pl.near[p][j]) {
								dropped++
								if c := complete(p+1, next); c.Sign() != 0 {
									t.Fatalf("%s, symmetry %d: state %b before position %d dropped, with %v completions", tc.name, g, next, p+1, c)
								}
								continue
							}
							v.Add(v, complete(p+1, next))
						}
					}
				}
				memo[key] = v
				return v
			}
			complete(0, 0)
		}
	}
	if dropped == 0 {
		t.Error("no state dropped")
	}
}

// The count is the same with reaches and without, every symmetry, whole
// and in three parts, on tables whole and in parts.
func TestReachCounts(t *testing.T) {
	defer func(nr, np bool) { noReach, noPfaffian = nr, np }(noReach, noPfaffian)
	for _, tc := range reachCases() {
		noReach, noPfaffian = true, true
		want, err := Count(context.Background(), tc.p, &puzzles.CountConfig{Workers: 1})
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		noReach = false
		for _, tables := range []string{"whole", "in parts"} {
			t.Run(tc.name+", tables "+tables, func(t *testing.T) {
				if tables == "in parts" {
					tiny(t)
				}
				got, err := Count(context.Background(), tc.p, &puzzles.CountConfig{Workers: 2})
				if err != nil {
					t.Fatal(err)
				}
				if !slices.EqualFunc(got.Fixed, want.Fixed, func(a, b *big.Int) bool { return a.Cmp(b) == 0 }) {
					t.Errorf("fixed %v with reaches, %v without", got.Fixed, want.Fixed)
				}
				checkParts(t, tc.name, tc.p, want)
			})
		}
	}
}

// polyforms is the problem of tiling cells of lat by one piece of any
// count that is every connected set of cells of the given sizes (every
// fixed polyform of them), with the symmetries of lat that map the cells
// onto themselves.
func polyforms(lat geom.Lattice, cells []geom.Cell, sizes ...int) *Problem {
	p := twoCells(lat, cells, 1)
	p.Centres, p.Placements, p.Fingerprint = nil, nil, "polyforms"
	index := map[geom.Cell]int32{}
	for i, c := range p.Cells {
		index[c] = int32(i)
	}
	seen := map[string]bool{}
	var grow func(set []int32)
	grow = func(set []int32) {
		key := fmt.Sprint(set)
		if seen[key] {
			return
		}
		seen[key] = true
		if slices.Contains(sizes, len(set)) {
			p.Placements = append(p.Placements, Placement{Cells: set})
		}
		if len(set) == slices.Max(sizes) {
			return
		}
		for _, c := range set {
			for _, n := range lat.Neighbors(p.Cells[c]) {
				if j, ok := index[n]; ok && !slices.Contains(set, j) {
					next := append(slices.Clone(set), j)
					slices.Sort(next)
					grow(next)
				}
			}
		}
	}
	for i := range p.Cells {
		grow([]int32{int32(i)})
	}
	return p
}

// The reaches keep every state that may end in a tiling, whether they
// check next to each option or over its span: the counts of every
// symmetry are those without them, on discs of squares, triangles
// and hexagons, with holes and without, by every polyform of one or two
// sizes.
func TestReachPolyforms(t *testing.T) {
	defer func(nr bool) { noReach = nr }(noReach)
	n := 60
	if testing.Short() {
		n = 20
	}
	rng := rand.New(rand.NewPCG(7, 37))
	lattices := []struct {
		name   string
		lat    geom.Lattice
		centre [2]float64
	}{{"squares", geom.Square, [2]float64{0.5, 0.5}}, {"triangles", geom.Triangle, [2]float64{0, -1 / math.Sqrt(3)}},
		{"hexagons", geom.Hexagon, [2]float64{0, -1}}}
	sizes := [][]int{{3}, {2, 3}, {4}, {3, 4}, {2, 5}}
	tilings := 0
	for k := range n {
		l := lattices[k%len(lattices)]
		sz := sizes[rng.IntN(len(sizes))]
		holes := rng.IntN(3)
		if k%2 == 0 {
			holes = 0 // a whole disc keeps its symmetries
		}
		r := 1.8 + 1.7*rng.Float64()
		p := polyforms(l.lat, disc(l.lat, 20+l.centre[0], 20+l.centre[1], r, holes, rng), sz...)
		name := fmt.Sprintf("%s r %.2f holes %d sizes %v", l.name, r, holes, sz)
		var counts [3]*puzzles.Counts
		nb := p.Neighbors
		for i, how := range []string{"next to options", "over their spans", "none"} {
			noReach, p.Neighbors = how == "none", nb
			if how == "over their spans" {
				p.Neighbors = nil
			}
			c, err := Count(context.Background(), p, &puzzles.CountConfig{Workers: 2})
			if err != nil {
				t.Fatalf("%s (reaches %s): %v", name, how, err)
			}
			counts[i] = c
		}
		for i, how := range []string{"next to options", "over their spans"} {
			if !slices.EqualFunc(counts[i].Fixed, counts[2].Fixed, func(a, b *big.Int) bool { return a.Cmp(b) == 0 }) {
				t.Errorf("%s: fixed %v with reaches %s, %v without", name, counts[i].Fixed, how, counts[2].Fixed)
			}
		}
		if counts[2].Raw.Sign() > 0 {
			tilings++
		}
	}
	if tilings < n/3 {
		t.Errorf("%d boards of %d have a tiling: the test proves little", tilings, n)
	}
}

// The pentomino tilings of rectangles, pieces of any count, with the
// reaches, as OEIS A233427 has them.
func TestReachPentominoes(t *testing.T) {
	for _, tt := range []struct {
		rows, cols int
		raw        string
	}{{5, 5, "4006"}, {3, 10, "7670"}, {4, 10, "890989"}, {5, 10, "101698212"}, {6, 10, "7845888732"}} {
		if testing.Short() && tt.rows*tt.cols > 50 {
			continue
		}
		b, err := geom.NewRectBoardOn(geom.Square, tt.rows, tt.cols, nil)
		if err != nil {
			t.Fatal(err)
		}
		c, err := Count(context.Background(), polyforms(geom.Square, b.Cells(), 5), &puzzles.CountConfig{Workers: 2})
		if err != nil || c.Raw.String() != tt.raw {
			t.Errorf("%d × %d: %v, %v; want %s", tt.rows, tt.cols, c, err, tt.raw)
		}
	}
}

// A reach checks, after an option, the next position and those next to
// the option's cells up to its last position, or, without neighbours,
// every position it spans: on 5 × 4 (scanned by rows), after the
// vertical domino at (0, 1), the positions of (0, 2) and (1, 0).
func TestNearby(t *testing.T) {
	p := dominoes(5, 4)
	for _, tt := range []struct {
		name string
		nb   [][]int32
		want []uint64 // for the horizontal domino at (0, 1), then the vertical
	}{{"neighbours", p.Neighbors, []uint64{0, 0b101}}, {"none", nil, []uint64{0b1, 0b1111}}} {
		p.Neighbors = tt.nb
		pl := newPlan(p, 0)
		if pl.width != 5 || !slices.Equal(pl.at[1], []uint64{0b11, 0b10001}) {
			t.Fatalf("%s: width %d, options at 1 %b: not the scan by rows", tt.name, pl.width, pl.at[1])
		}
		if !slices.Equal(pl.near[1], tt.want) {
			t.Errorf("%s: checks %b after the options at 1, want %b", tt.name, pl.near[1], tt.want)
		}
	}
}

// A list's hits rule out exactly the options that meet a covered
// position: none is the same as trying each option past the lead, for
// random states on reaches of squares, triangles and hexagons, with
// lists of options one to four words long.
func TestHits(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 29))
	rect, err := geom.NewRectBoardOn(geom.Square, 10, 10, nil)
	if err != nil {
		t.Fatal(err)
	}
	problems := []*Problem{
		polyforms(geom.Square, rect.Cells(), 5),
		polyforms(geom.Triangle, disc(geom.Triangle, 20, 20-1/math.Sqrt(3), 3.2, 0, rng), 4, 6),
		polyforms(geom.Hexagon, disc(geom.Hexagon, 20, 19, 2.8, 1, rng), 3, 4),
	}
	words := map[int]int{} // lists checked, by their words of hits
	for _, p := range problems {
		pl := newPlan(p, 0)
		rs := pl.reaches()
		for i := range rs {
			r := &rs[i]
			for k := range pl.width {
				list := r.masks[r.start[k]:r.start[k+1]]
				if len(list) <= lead {
					continue
				}
				h := &r.hits[k]
				words[h.words]++
				for range 40 {
					st := rng.Uint64() & rng.Uint64() // a quarter of the positions covered
					if rng.IntN(2) == 0 {
						st |= rng.Uint64() // or three quarters
					}
					met := !slices.ContainsFunc(list[lead:], func(o uint64) bool { return st&o == 0 })
					if h.none(st) != met {
						t.Fatalf("position %d + %d, state %b: none %v, want %v", i, k, st, h.none(st), met)
					}
				}
			}
		}
	}
	for w := 1; w <= 4; w++ {
		if words[w] == 0 {
			t.Errorf("no list of options %d words long (%v): the test proves less", w, words)
		}
	}
}

// A list is pared down to the masks that hold no other, each once, the
// greatest first: as a test of every pair finds them, on random lists of
// masks of one to 64 positions.
func TestPare(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 17))
	var buf []uint64
	for c := range 300 {
		list := make([]uint64, rng.IntN(40))
		for i := range list {
			switch {
			case c == 0 && i == 0:
				list[i] = ^uint64(0) // every position
			case i > 0 && rng.IntN(5) == 0:
				list[i] = list[rng.IntN(i)] // the same again
			default:
				for range 1 + rng.IntN(4) {
					list[i] |= 1 << rng.IntN(12)
				}
			}
		}
		var want []uint64
		for i, m := range list {
			held := slices.ContainsFunc(list, func(o uint64) bool { return o != m && m&o == o }) ||
				slices.Contains(list[:i], m)
			if !held {
				want = append(want, m)
			}
		}
		slices.Sort(want)
		slices.Reverse(want)
		in := slices.Clone(list)
		buf = pare(list, buf)
		if !slices.Equal(buf, want) {
			t.Fatalf("%x: pared to %x, want %x", in, buf, want)
		}
	}
}
