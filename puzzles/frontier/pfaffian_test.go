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

// twoCells is the problem of tiling cells of lat by pieces of two
// neighbouring cells (a domino, the diamond of two triangles, a dihex),
// pieces alike (parallel placements), with the symmetries of lat that map
// the cells onto themselves.
func twoCells(lat geom.Lattice, cells []geom.Cell, pieces int) *Problem {
	cells = slices.SortedFunc(slices.Values(cells), geom.Cell.Compare)
	p := &Problem{Cells: cells, Fingerprint: "two cells"}
	p.Neighbors = neighbours(lat, cells)
	index := map[geom.Cell]int32{}
	for i, c := range cells {
		index[c] = int32(i)
		x, y, _ := lat.PlaneCentre(c)
		p.Centres = append(p.Centres, [2]float64{x, y})
	}
	for i, c := range cells {
		for _, n := range lat.Neighbors(c) {
			if j, ok := index[n]; ok && j > int32(i) {
				for pc := range pieces {
					p.Placements = append(p.Placements, Placement{Piece: int32(pc), Cells: []int32{int32(i), j}})
				}
			}
		}
	}
	ids := make([]int32, pieces)
	for i := range ids {
		ids[i] = int32(i)
	}
	for t := range lat.Transforms() {
		img := make([]geom.Cell, len(cells))
		for i, c := range cells {
			img[i] = lat.Transform(t, c)
		}
		moved, ok := lat.Translate(img, slices.MinFunc(img, geom.Cell.Compare), cells[0])
		sym := Symmetry{Name: lat.TransformName(t), Pieces: ids}
		for _, c := range moved {
			if j, in := index[c]; in {
				sym.Cells = append(sym.Cells, j)
			}
		}
		if ok && len(sym.Cells) == len(cells) {
			p.Symmetries = append(p.Symmetries, sym)
		}
	}
	return p
}

// disc returns the cells of lat near (x, y), within radius r of it, less
// the holes.
func disc(lat geom.Lattice, x, y, r float64, holes int, rng *rand.Rand) []geom.Cell {
	b, err := geom.NewRectBoardOn(lat, 40, 40, nil)
	if err != nil {
		panic(err)
	}
	var out []geom.Cell
	for _, c := range b.Cells() {
		if cx, cy, _ := lat.PlaneCentre(c); math.Hypot(cx-x, cy-y) <= r {
			out = append(out, c)
		}
	}
	for range min(holes, len(out)) {
		i := rng.IntN(len(out))
		out = slices.Delete(out, i, i+1)
	}
	return out
}

// bruteFixed counts the tilings each symmetry of p fixes by listing every
// tiling.
func bruteFixed(p *Problem) []int64 {
	images := make([][]int32, len(p.Symmetries))
	for g := range images {
		images[g] = p.images(g)
	}
	fixed := make([]int64, len(p.Symmetries))
	covered := make([]bool, len(p.Cells))
	var tiling []int32
	in := make([]bool, len(p.Placements))
	var walk func(i int)
	walk = func(i int) {
		for i < len(covered) && covered[i] {
			i++
		}
		if i == len(covered) {
			for g, image := range images {
				if !slices.ContainsFunc(tiling, func(k int32) bool { return image[k] < 0 || !in[image[k]] }) {
					fixed[g]++
				}
			}
			return
		}
		for k, pl := range p.Placements {
			if pl.Cells[0] != int32(i) || covered[pl.Cells[1]] {
				continue
			}
			covered[i], covered[pl.Cells[1]], in[k] = true, true, true
			tiling = append(tiling, int32(k))
			walk(i + 1)
			tiling = tiling[:len(tiling)-1]
			covered[i], covered[pl.Cells[1]], in[k] = false, false, false
		}
	}
	walk(0)
	return fixed
}

// pfaffianCase is a board of two-cell pieces on one lattice.
type pfaffianCase struct {
	name  string
	lat   string
	p     *Problem
	brute bool // small enough to list its tilings
}

// pfaffianCases draws boards of squares, triangles and hexagons: random
// rectangles with holes, and discs round the centre of a cell or a
// corner of cells (every rotation of the lattice about it a symmetry),
// whole or with holes, with one piece or two alike.
func pfaffianCases(n int) []pfaffianCase {
	rng := rand.New(rand.NewPCG(37, 2))
	// The centre of a cell, and a corner where the most cells meet: on
	// squares 4, on triangles 6 (the apex of an upward triangle, a
	// circumradius of 1/√3 above its centre), on hexagons 3.
	lattices := []struct {
		lat    geom.Lattice
		corner [2]float64
	}{{geom.Square, [2]float64{0.5, 0.5}}, {geom.Triangle, [2]float64{0, -1 / math.Sqrt(3)}}, {geom.Hexagon, [2]float64{0, -1}}}
	var out []pfaffianCase
	for i := range n {
		l := lattices[i%len(lattices)]
		pieces := 1 + rng.IntN(4)/3
		switch i % 2 {
		case 0:
			rows, cols := 1+rng.IntN(5), 2+rng.IntN(5)
			var holes []geom.Cell
			for range rng.IntN(3) {
				holes = append(holes, geom.Cell{Row: rng.IntN(rows), Col: rng.IntN(cols)})
			}
			b, err := geom.NewRectBoardOn(l.lat, rows, cols, holes)
			if err != nil {
				continue
			}
			name := fmt.Sprintf("%s %d × %d less %v, %d pieces", l.lat.Name(), rows, cols, holes, pieces)
			out = append(out, pfaffianCase{name, l.lat.Name(), twoCells(l.lat, b.Cells(), pieces), len(b.Cells()) <= 24})
		case 1:
			centre := geom.Cell{Row: 20, Col: 20}
			x, y, _ := l.lat.PlaneCentre(centre)
			if rng.IntN(2) == 0 {
				x, y = x+l.corner[0], y+l.corner[1]
			}
			r := 0.8 + 2.5*rng.Float64()
			if rng.IntN(3) == 0 {
				r += 3
			}
			holes := []int{0, 0, 1, 2}[rng.IntN(4)]
			cells := disc(l.lat, x, y, r, holes, rng)
			if len(cells) == 0 {
				continue
			}
			name := fmt.Sprintf("%s disc of %d cells round (%.2f, %.2f), %d holes, %d pieces", l.lat.Name(), len(cells), x, y, holes, pieces)
			out = append(out, pfaffianCase{name, l.lat.Name(), twoCells(l.lat, cells, pieces), len(cells) <= 24})
		}
	}
	return out
}

// Boards of two-cell pieces on squares, triangles and hexagons are
// counted by the Pfaffian, raw and folded by every rotation it can fold,
// the others by the sweep: every symmetry's fixed count equal to the
// sweep's alone, and on small boards to a list of the tilings; the parts
// of a count add up to the whole.
func TestPfaffianBoards(t *testing.T) {
	n := 150
	if testing.Short() {
		n = 60
	}
	folds := map[string]int{} // the symmetries folded for the Pfaffian, by lattice
	listed := 0               // the boards of some tiling listed by bruteFixed
	for _, tt := range pfaffianCases(n) {
		c, err := Count(context.Background(), tt.p, &puzzles.CountConfig{Workers: 2})
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if want := puzzles.CountPfaffian; len(tt.p.Placements) > 0 && c.Method != want {
			t.Errorf("%s: counted by %v, want %v", tt.name, c.Method, want)
		}
		for g := 1; g < len(tt.p.Symmetries); g++ {
			if tt.p.matching(g) != nil {
				folds[tt.lat+" "+tt.p.Symmetries[g].Name]++
			}
		}
		noPfaffian = true
		sweep, err := Count(context.Background(), tt.p, &puzzles.CountConfig{Workers: 2})
		noPfaffian = false
		if err != nil {
			t.Fatalf("%s by the sweep: %v", tt.name, err)
		}
		if sweep.Method != puzzles.CountFrontier {
			t.Errorf("%s: the sweep alone counted by %v", tt.name, sweep.Method)
		}
		for g := range c.Fixed {
			if c.Fixed[g].Cmp(sweep.Fixed[g]) != 0 {
				t.Errorf("%s: %s fixes %v tilings by the Pfaffian, %v by the sweep", tt.name, c.FixedBy[g], c.Fixed[g], sweep.Fixed[g])
			}
		}
		if c.Distinct.Cmp(sweep.Distinct) != 0 {
			t.Errorf("%s: %v distinct by the Pfaffian, %v by the sweep", tt.name, c.Distinct, sweep.Distinct)
		}
		if tt.brute && c.Raw.Sign() > 0 {
			listed++
		}
		if tt.brute {
			for g, f := range bruteFixed(tt.p) {
				if c.Fixed[g].Cmp(big.NewInt(f)) != 0 {
					t.Errorf("%s: %s fixes %v tilings by the Pfaffian, %d listed", tt.name, c.FixedBy[g], c.Fixed[g], f)
				}
			}
		}
		checkParts(t, tt.name, tt.p, c)
	}
	t.Logf("symmetries other than the identity folded for the Pfaffian: %v", folds)
	for _, rot := range []string{"square rot90", "square rot180", "triangle rot60", "triangle rot120", "triangle rot180",
		"hexagon rot60", "hexagon rot120", "hexagon rot180"} {
		if folds[rot] == 0 {
			t.Errorf("no board was folded by %s for the Pfaffian", rot)
		}
	}
	if listed < n/4 {
		t.Errorf("only %d boards of %d have tilings listed", listed, n)
	}
}

// checkParts counts p in three parts and checks that they add up to
// whole.
func checkParts(t *testing.T, name string, p *Problem, whole *puzzles.Counts) {
	t.Helper()
	var parts []*puzzles.Counts
	for i := range 3 {
		c, err := Count(context.Background(), p, &puzzles.CountConfig{Workers: 1, Shard: i, Shards: 3})
		if err != nil {
			t.Fatalf("%s: part %d/3: %v", name, i, err)
		}
		parts = append(parts, c)
	}
	merged, err := puzzles.MergeCounts(parts)
	if err != nil {
		t.Fatalf("%s: merge: %v", name, err)
	}
	if !slices.EqualFunc(merged.Fixed, whole.Fixed, func(a, b *big.Int) bool { return a.Cmp(b) == 0 }) {
		t.Errorf("%s: 3 parts add up to %v, the whole is %v", name, merged.Fixed, whole.Fixed)
	}
}

// The 2n × 2n square's domino tilings, to 16 × 16, raw and fixed by each
// symmetry, and so the distinct ones, are the same by the Pfaffian (the
// raw count and the rotations') as by the sweep alone.
func TestPfaffianSquares(t *testing.T) {
	most := 8
	if testing.Short() {
		most = 6
	}
	for n := 1; n <= most; n++ {
		p := dominoes(2*n, 2*n)
		for _, c := range p.Cells {
			p.Centres = append(p.Centres, [2]float64{float64(c.Col), float64(c.Row)})
		}
		c, err := Count(context.Background(), p, nil)
		if err != nil || c.Method != puzzles.CountPfaffian {
			t.Fatalf("%d × %d: %v by %v; want the Pfaffian", 2*n, 2*n, err, c.Method)
		}
		for g, name := range map[int]string{1: "the half turn", 4: "the quarter turn"} {
			if p.matching(g) == nil && n > 1 { // 2 × 2 turned a quarter is one orbit
				t.Errorf("%d × %d: %s not folded for the Pfaffian", 2*n, 2*n, name)
			}
		}
		noPfaffian = true
		sweep, err := Count(context.Background(), p, nil)
		noPfaffian = false
		if err != nil {
			t.Fatal(err)
		}
		if !slices.EqualFunc(c.Fixed, sweep.Fixed, func(a, b *big.Int) bool { return a.Cmp(b) == 0 }) || c.Distinct.Cmp(sweep.Distinct) != 0 {
			t.Errorf("%d × %d: fixed %v, %v distinct by the Pfaffian; fixed %v, %v distinct by the sweep", 2*n, 2*n, c.Fixed, c.Distinct, sweep.Fixed, sweep.Distinct)
		}
	}
}
