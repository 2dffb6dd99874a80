package tiling

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/polytile/polytile/puzzles"
	"github.com/polytile/polytile/puzzles/geom"
)

// The brute force here knows a polytrig as a set of unit segments between
// points (x, y) of the triangular lattice, the point at x + y/2, y·√3/2 in
// the plane, each segment its two ends: it turns and reflects them in the
// plane, in floating point, tells a crossing by the order of the pieces'
// segments around each point of a finished cover, and finds the board's
// symmetries by trying the hexagon's 12 isometries about the centroid of
// its points. It shares with the package only the pieces' and board's
// cells, read as segments.

type tpt struct{ x, y int }

type tsg struct{ a, b tpt } // a before b

func newTsg(a, b tpt) tsg {
	if b.y < a.y || b.y == a.y && b.x < a.x {
		a, b = b, a
	}
	return tsg{a, b}
}

// tsgOfCell reads a trig cell as its segment: the grid point at picture
// row r, column c is ((c − r)/4, r/2).
func tsgOfCell(c geom.Cell) tsg {
	pt := func(r, k int) tpt { return tpt{(k - r) / 4, r / 2} }
	r, k := c.Row, c.Col
	if r%2 == 0 {
		return newTsg(pt(r, k-2), pt(r, k+2))
	}
	if ((r+k-2)%4+4)%4 == 0 {
		return newTsg(pt(r-1, k-1), pt(r+1, k+1))
	}
	return newTsg(pt(r-1, k+1), pt(r+1, k-1))
}

// tiso applies isometry k of the hexagon (k < 6 turns by k × 60°, k ≥ 6
// mirrors first) about the plane point (cx, cy) to p, and reports whether
// the image is a lattice point.
func tiso(k int, cx, cy float64, p tpt) (tpt, bool) {
	h := math.Sqrt(3) / 2
	x, y := float64(p.x)+float64(p.y)/2-cx, float64(p.y)*h-cy
	if k >= 6 {
		y = -y
	}
	a := float64(k%6) * math.Pi / 3
	x, y = x*math.Cos(a)-y*math.Sin(a)+cx, x*math.Sin(a)+y*math.Cos(a)+cy
	fy := y / h
	fx := x - fy/2
	rx, ry := math.Round(fx), math.Round(fy)
	return tpt{int(rx), int(ry)}, math.Abs(fx-rx) < 1e-6 && math.Abs(fy-ry) < 1e-6
}

func tisoSeg(k int, cx, cy float64, s tsg) (tsg, bool) {
	a, ok1 := tiso(k, cx, cy, s.a)
	b, ok2 := tiso(k, cx, cy, s.b)
	return newTsg(a, b), ok1 && ok2
}

// tangle returns the direction of the segment from p to q, 0 to 5,
// counterclockwise in the plane.
func tangle(p, q tpt) int {
	dx, dy := float64(q.x-p.x)+float64(q.y-p.y)/2, float64(q.y-p.y)*math.Sqrt(3)/2
	return (int(math.Round(math.Atan2(dy, dx)/(math.Pi/3))) + 6) % 6
}

// bruteTrigs counts the covers of board by pieces (each used Count
// times), no two pieces crossing at a point unless crossing, and their
// classes under the board's symmetries.
func bruteTrigs(board []geom.Cell, pieces []geom.Piece, crossing bool) (raw, classes, syms int) {
	var bsegs []tsg
	in := map[tsg]int{}
	for _, c := range board {
		s := tsgOfCell(c)
		in[s] = len(bsegs)
		bsegs = append(bsegs, s)
	}
	type pl struct {
		piece int
		segs  []int
	}
	pls := make([][]pl, len(bsegs)) // by the least board segment of the placement
	for pi, pc := range pieces {
		var shape []tsg
		for _, c := range pc.Cells {
			shape = append(shape, tsgOfCell(c))
		}
		for k := range 12 {
			if pc.OneSided && k >= 6 {
				continue
			}
			o := make([]tsg, len(shape))
			for i, s := range shape {
				o[i], _ = tisoSeg(k, 0, 0, s)
			}
			for _, at := range bsegs {
				// Every translation that puts o's first segment on at.
				for _, flip := range []bool{false, true} {
					from, to := o[0].a, at.a
					if flip {
						to = at.b
					}
					dx, dy := to.x-from.x, to.y-from.y
					var idx []int
					for _, s := range o {
						j, ok := in[newTsg(tpt{s.a.x + dx, s.a.y + dy}, tpt{s.b.x + dx, s.b.y + dy})]
						if !ok {
							idx = nil
							break
						}
						idx = append(idx, j)
					}
					if idx == nil || idx[0] != in[at] {
						continue
					}
					key := slices.Clone(idx)
					slices.Sort(key)
					first := key[0]
					if !slices.ContainsFunc(pls[first], func(q pl) bool { return q.piece == pi && slices.Equal(q.segs, key) }) {
						pls[first] = append(pls[first], pl{pi, key})
					}
				}
			}
		}
	}
	// The board's symmetries about the centroid of its points.
	pts := map[tpt]bool{}
	for _, s := range bsegs {
		pts[s.a], pts[s.b] = true, true
	}
	var cx, cy float64
	for p := range pts {
		cx, cy = cx+float64(p.x)+float64(p.y)/2, cy+float64(p.y)*math.Sqrt(3)/2
	}
	cx, cy = cx/float64(len(pts)), cy/float64(len(pts))
	var group []int
	for k := range 12 {
		ok := true
		for _, s := range bsegs {
			img, lattice := tisoSeg(k, cx, cy, s)
			if _, on := in[img]; !on || !lattice {
				ok = false
				break
			}
		}
		if ok {
			group = append(group, k)
		}
	}
	owner := make([]int, len(bsegs))
	for i := range owner {
		owner[i] = -1
	}
	left := make([]int, len(pieces))
	for i, pc := range pieces {
		left[i] = pc.Count
	}
	crosses := func() bool {
		// Around each point, the pieces in the order of their segments'
		// directions: two cross when they alternate more than twice.
		around := map[tpt][6]int{}
		for i, s := range bsegs {
			for _, e := range [][2]tpt{{s.a, s.b}, {s.b, s.a}} {
				a := around[e[0]]
				if a == [6]int{} {
					a = [6]int{-1, -1, -1, -1, -1, -1}
				}
				a[tangle(e[0], e[1])] = owner[i]
				around[e[0]] = a
			}
		}
		for _, a := range around {
			var seq []int
			for _, o := range a {
				if o >= 0 {
					seq = append(seq, o)
				}
			}
			for _, u := range seq {
				for _, v := range seq {
					if u >= v {
						continue
					}
					var uv []int
					for _, o := range seq {
						if o == u || o == v {
							uv = append(uv, o)
						}
					}
					changes := 0
					for i := range uv {
						if uv[i] != uv[(i+1)%len(uv)] {
							changes++
						}
					}
					if changes > 2 {
						return true
					}
				}
			}
		}
		return false
	}
	seen := map[string]bool{}
	canon := func() string {
		best := ""
		for _, k := range group {
			least := map[int]tsg{}
			imgs := make([]tsg, len(bsegs))
			for i, s := range bsegs {
				imgs[i], _ = tisoSeg(k, cx, cy, s)
				o := owner[i]
				if l, ok := least[o]; !ok || fmt.Sprint(imgs[i]) < fmt.Sprint(l) {
					least[o] = imgs[i]
				}
			}
			var parts []string
			for i := range bsegs {
				o := owner[i]
				name := strings.TrimSuffix(pieces[o%len(pieces)].Name, "'")
				parts = append(parts, fmt.Sprintf("%v:%s@%v", imgs[i], name, least[o]))
			}
			slices.Sort(parts)
			if key := fmt.Sprint(parts); best == "" || key < best {
				best = key
			}
		}
		return best
	}
	inst := 0
	var rec func()
	rec = func() {
		first := slices.Index(owner, -1)
		if first < 0 {
			if !crossing && crosses() {
				return
			}
			raw++
			seen[canon()] = true
			return
		}
		for _, p := range pls[first] {
			if left[p.piece] == 0 || slices.ContainsFunc(p.segs, func(j int) bool { return owner[j] >= 0 }) {
				continue
			}
			id := inst*len(pieces) + p.piece
			inst++
			for _, j := range p.segs {
				owner[j] = id
			}
			left[p.piece]--
			rec()
			left[p.piece]++
			for _, j := range p.segs {
				owner[j] = -1
			}
			inst--
		}
	}
	rec()
	return raw, len(seen), len(group)
}

// TestAgainstBruteForceTrigs checks both engines, with and without
// symmetry breaking, crossings forbidden and allowed, against the brute
// force on small trig boards and random sets of polytrigs cut from them.
func TestAgainstBruteForceTrigs(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 13))
	boards := []struct {
		shape      string
		rows, cols int
		syms       int
	}{
		{"hexagon", 1, 1, 12}, {"triangle", 2, 2, 6}, {"triangle", 3, 3, 6},
		{"parallelogram", 2, 2, 4}, {"parallelogram", 1, 3, 2},
	}
	nonzero, differ := 0, 0
	for _, bd := range boards {
		b, err := geom.NewTrigBoard(bd.shape, bd.rows, bd.cols, nil)
		if err != nil {
			t.Fatal(err)
		}
		for try := range 6 {
			size := 3 + try%2
			if b.Len()%size != 0 {
				size = 7 - size
			}
			pieces := carveOn(t, rng, geom.Trig, b, size)
			if pieces == nil {
				continue
			}
			raws := map[bool]int{}
			for _, crossing := range []bool{false, true} {
				name := fmt.Sprintf("%s %d×%d try %d crossing %v", bd.shape, bd.rows, bd.cols, try, crossing)
				p, err := NewWith(name, b, pieces, Options{Crossing: crossing})
				if err != nil {
					t.Fatal(err)
				}
				raw, classes, syms := bruteTrigs(b.Cells(), p.pieces, crossing)
				raws[crossing] = raw
				if syms != bd.syms || p.Symmetries() != syms {
					t.Errorf("%s: symmetries: brute force %d, puzzle %d, want %d", name, syms, p.Symmetries(), bd.syms)
				}
				if raw > 0 {
					nonzero++
				}
				engines := []puzzles.Engine{puzzles.EngineDLX, puzzles.EngineAuto}
				if crossing {
					engines = append(engines, puzzles.EngineFill)
				}
				c, err := p.Count(context.Background(), &puzzles.CountConfig{Workers: 1})
				if err != nil {
					t.Fatal(err)
				}
				if c.Raw.Int64() != int64(raw) || c.Distinct.Int64() != int64(classes) {
					t.Errorf("%s: Count: raw %v, distinct %v; brute force: %d, %d", name, c.Raw, c.Distinct, raw, classes)
				}
				for _, eng := range engines {
					for _, nb := range []bool{false, true} {
						res, err := p.Solve(context.Background(), &puzzles.SolveConfig{NoSymmetryBreaking: nb, Engine: eng})
						if err != nil {
							t.Fatal(err)
						}
						if res.Raw != int64(raw) || len(res.Distinct) != classes {
							t.Errorf("%s: Solve(%v, noBreaking=%v): raw %d, distinct %d; brute force: %d, %d", name, eng, nb, res.Raw, len(res.Distinct), raw, classes)
						}
					}
				}
			}
			if raws[false] < raws[true] {
				differ++
			}
		}
	}
	if differ == 0 {
		t.Errorf("no puzzle has fewer covers without crossings than with them: the rule is not tested")
	}
	if nonzero < 15 {
		t.Errorf("only %d puzzles have covers: too few to prove much", nonzero)
	}
}

// carveOn cuts board into random connected pieces of size cells of lat
// (or fails, nil), and returns them as pieces, one of each shape with its
// count: a set of pieces that covers the board at least once.
func carveOn(t *testing.T, rng *rand.Rand, lat geom.Lattice, b *geom.Board, size int) []geom.Piece {
	cells := b.Cells()
	if len(cells)%size != 0 {
		return nil
	}
attempt:
	for range 200 {
		owner := make([]int, len(cells))
		for i := range owner {
			owner[i] = -1
		}
		var shapes [][]geom.Cell
		for next := 0; next < len(cells); next++ {
			if owner[next] >= 0 {
				continue
			}
			id := len(shapes)
			region := []int{next}
			owner[next] = id
			for len(region) < size {
				var grow []int
				for _, r := range region {
					for _, n := range lat.Neighbors(cells[r]) {
						if j := b.Index(n); j >= 0 && owner[j] < 0 && !slices.Contains(grow, j) {
							grow = append(grow, j)
						}
					}
				}
				if len(grow) == 0 {
					continue attempt
				}
				j := grow[rng.IntN(len(grow))]
				owner[j] = id
				region = append(region, j)
			}
			var shape []geom.Cell
			for _, r := range region {
				shape = append(shape, cells[r])
			}
			shapes = append(shapes, shape)
		}
		var pieces []geom.Piece
		for _, sh := range shapes {
			k := slices.IndexFunc(pieces, func(p geom.Piece) bool { return geom.SameShape(lat, p, sh) })
			if k >= 0 {
				pieces[k].Count++
				continue
			}
			p, err := geom.NewPiece(lat, fmt.Sprint("P", len(pieces)+1), sh)
			if err != nil {
				t.Fatal(err)
			}
			pieces = append(pieces, p)
		}
		return pieces
	}
	return nil
}

// TestPublishedTrigs checks counts that Polyform Puzzler publishes for
// tritrig puzzles (puzzler/puzzles/tritrigs.py), pieces never crossing,
// distinct under the board's symmetries, with Dancing Links, and both
// engines with crossings allowed against each other. Its segments
// (x, y, z), y up, from point (x, y): z = 0 to (x+1, y), z = 1 to
// (x, y+1), z = 2 to (x−1, y+1); its hexagon of side 2 has the points
// 2 ≤ x + y ≤ 6 of a 4 × 4 parallelogram, which is geom's, upside down,
// point (x, y) at picture row 2y, column 4x + 2y − 4.
func TestPublishedTrigs(t *testing.T) {
	hexHoles := func(segs ...[3]int) []geom.Cell {
		var out []geom.Cell
		for _, s := range segs {
			x, y := s[0], s[1]
			out = append(out, geom.Cell{Row: 2*y + min(s[2], 1), Col: 4*x + 2*y - 2 - []int{0, 1, 3}[s[2]]})
		}
		return out
	}
	heart := [][3]int{{2, 3, 1}, {1, 4, 0}, {3, 3, 2}}
	for _, tc := range []struct {
		name          string
		shape         string
		rows, cols    int
		holes         []geom.Cell
		distinct, sym int
	}{
		{"TritrigsParallelogram5x2", "parallelogram", 2, 5, []geom.Cell{{Row: 2, Col: 12}}, 9, 2},
		{"TritrigsHexagon1", "hexagon", 2, 2, hexHoles([3]int{0, 3, 0}, [3]int{1, 1, 0}, [3]int{1, 3, 1}, [3]int{3, 0, 2}, [3]int{3, 2, 1}, [3]int{4, 1, 2}), 5, 6},
		{"TritrigsHexagon2", "hexagon", 2, 2, hexHoles([3]int{0, 2, 0}, [3]int{2, 3, 1}, [3]int{4, 0, 2}, [3]int{1, 2, 0}, [3]int{3, 1, 2}, [3]int{2, 2, 1}), 10, 6},
		{"TritrigsHexagon3", "hexagon", 2, 2, hexHoles([3]int{1, 3, 2}, [3]int{2, 0, 1}, [3]int{3, 2, 0}, [3]int{1, 2, 0}, [3]int{3, 1, 2}, [3]int{2, 2, 1}), 9, 6},
		{"TritrigsHeart1", "hexagon", 2, 2, hexHoles(append(heart, [3]int{2, 1, 1}, [3]int{2, 2, 0}, [3]int{2, 2, 2})...), 50, 2},
		{"TritrigsHeart2", "hexagon", 2, 2, hexHoles(append(heart, [3]int{2, 2, 1}, [3]int{1, 2, 0}, [3]int{3, 1, 2})...), 52, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b, err := geom.NewTrigBoard(tc.shape, tc.rows, tc.cols, tc.holes)
			if err != nil {
				t.Fatal(err)
			}
			pieces := mustSet(t, "tritrigs")
			p, err := New(tc.name, b, pieces)
			if err != nil {
				t.Fatal(err)
			}
			res, err := p.Solve(context.Background(), nil)
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Distinct) != tc.distinct || p.Symmetries() != tc.sym {
				t.Errorf("distinct %d under %d symmetries; Polyform Puzzler publishes %d (under %d)", len(res.Distinct), p.Symmetries(), tc.distinct, tc.sym)
			}
			if testing.Short() {
				return
			}
			free, err := NewWith(tc.name+", crossing", b, pieces, Options{Crossing: true})
			if err != nil {
				t.Fatal(err)
			}
			var raws []int64
			for _, eng := range []puzzles.Engine{puzzles.EngineDLX, puzzles.EngineFill} {
				r, err := free.Solve(context.Background(), &puzzles.SolveConfig{Engine: eng})
				if err != nil {
					t.Fatal(err)
				}
				raws = append(raws, r.Raw)
			}
			if raws[0] != raws[1] || raws[0] <= res.Raw {
				t.Errorf("crossings allowed: raw %v by Dancing Links and the fill engine; want equal and more than %d", raws, res.Raw)
			}
		})
	}
}
