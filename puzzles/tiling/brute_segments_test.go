package tiling

import (
	"cmp"
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

// The brute force here knows a piece of a lattice of segments (polysticks,
// polytrigs) as a set of segments of the plane, each between the points
// where the lattice's SegmentGrid puts its cell's ends (Ends, PlanePoint).
// It turns and reflects them in the plane, in floating point, by the
// rotations of the regular polygon about a point (as many as half the
// lattice's Transforms: 4 on the square grid, 6 on the triangular) and
// their mirror images, and looks the images up among the board's points;
// it tells a crossing by the order of the pieces' segments around each
// point of a finished cover, and finds the board's symmetries by trying
// each isometry about the centroid of its points. It shares with the
// package only the pieces' and board's cells, read as segments: not its
// transforms, placements, symmetries or crossing rule (Crossings).

// bpoint is a point of the plane rounded to a fine grid, to look it up.
type bpoint struct{ x, y int64 }

func roundPoint(x, y float64) bpoint {
	return bpoint{int64(math.Round(x * 1e6)), int64(math.Round(y * 1e6))}
}

// segBoard is a board of segments in the plane: its points and its
// segments, each a pair of indexes of points, the lesser first.
type segBoard struct {
	rots   int            // the rotations of the lattice's group, as many reflections
	xs, ys []float64      // the points
	pt     map[bpoint]int // a point's index by where it is
	segs   [][2]int
	seg    map[[2]int]int // a segment's index by its ends
}

func newSeg(a, b int) [2]int { return [2]int{min(a, b), max(a, b)} }

// planeSegs returns cells of lat as segments of the plane: the ends'
// coordinates x1, y1, x2, y2.
func planeSegs(lat geom.Lattice, cells []geom.Cell) [][4]float64 {
	sg := lat.SegmentGrid()
	out := make([][4]float64, len(cells))
	for i, c := range cells {
		a, b := sg.Ends(c)
		ax, ay := sg.PlanePoint(a)
		bx, by := sg.PlanePoint(b)
		out[i] = [4]float64{ax, ay, bx, by}
	}
	return out
}

func newSegBoard(lat geom.Lattice, cells []geom.Cell) *segBoard {
	b := &segBoard{rots: lat.Transforms() / 2, pt: map[bpoint]int{}, seg: map[[2]int]int{}}
	for _, s := range planeSegs(lat, cells) {
		var ends [2]int
		for e := range 2 {
			x, y := s[2*e], s[2*e+1]
			k, ok := b.pt[roundPoint(x, y)]
			if !ok {
				k = len(b.xs)
				b.pt[roundPoint(x, y)] = k
				b.xs, b.ys = append(b.xs, x), append(b.ys, y)
			}
			ends[e] = k
		}
		s := newSeg(ends[0], ends[1])
		b.seg[s] = len(b.segs)
		b.segs = append(b.segs, s)
	}
	return b
}

// iso applies isometry k (k < rots turns by k whole turns over rots,
// k ≥ rots mirrors first) about (cx, cy) to the point (x, y).
func (b *segBoard) iso(k int, cx, cy, x, y float64) (float64, float64) {
	x, y = x-cx, y-cy
	if k >= b.rots {
		y = -y
	}
	a := float64(k%b.rots) * 2 * math.Pi / float64(b.rots)
	return x*math.Cos(a) - y*math.Sin(a) + cx, x*math.Sin(a) + y*math.Cos(a) + cy
}

// find returns the index of the board's segment from (x1, y1) to (x2, y2),
// or false.
func (b *segBoard) find(x1, y1, x2, y2 float64) (int, bool) {
	p, ok1 := b.pt[roundPoint(x1, y1)]
	q, ok2 := b.pt[roundPoint(x2, y2)]
	j, ok := b.seg[newSeg(p, q)]
	return j, ok1 && ok2 && ok
}

// segPlacement is a piece on the board's segments, in increasing order.
type segPlacement struct {
	piece int
	segs  []int
}

// placements returns, by the board's least segment of each, every
// segPlacement of every orientation of every piece.
func (b *segBoard) placements(lat geom.Lattice, pieces []geom.Piece) [][]segPlacement {
	pls := make([][]segPlacement, len(b.segs))
	for pi, pc := range pieces {
		shape := planeSegs(lat, pc.Cells)
		for k := range 2 * b.rots {
			if pc.OneSided && k >= b.rots {
				continue
			}
			o := make([][4]float64, len(shape))
			for i, s := range shape {
				o[i][0], o[i][1] = b.iso(k, 0, 0, s[0], s[1])
				o[i][2], o[i][3] = b.iso(k, 0, 0, s[2], s[3])
			}
			// Every translation that takes o's first point to a board point.
			for to := range b.xs {
				dx, dy := b.xs[to]-o[0][0], b.ys[to]-o[0][1]
				var idx []int
				for _, s := range o {
					j, ok := b.find(s[0]+dx, s[1]+dy, s[2]+dx, s[3]+dy)
					if !ok {
						idx = nil
						break
					}
					idx = append(idx, j)
				}
				if idx == nil {
					continue
				}
				slices.Sort(idx)
				first := idx[0]
				if !slices.ContainsFunc(pls[first], func(q segPlacement) bool { return q.piece == pi && slices.Equal(q.segs, idx) }) {
					pls[first] = append(pls[first], segPlacement{pi, idx})
				}
			}
		}
	}
	return pls
}

// symmetries returns, for each isometry about the centroid of the board's
// points that maps the board onto itself, the image of each segment.
func (b *segBoard) symmetries() [][]int {
	var cx, cy float64
	for i := range b.xs {
		cx, cy = cx+b.xs[i], cy+b.ys[i]
	}
	cx, cy = cx/float64(len(b.xs)), cy/float64(len(b.xs))
	var group [][]int
	for k := range 2 * b.rots {
		img := make([]int, len(b.segs))
		ok := true
		for i, s := range b.segs {
			x1, y1 := b.iso(k, cx, cy, b.xs[s[0]], b.ys[s[0]])
			x2, y2 := b.iso(k, cx, cy, b.xs[s[1]], b.ys[s[1]])
			if img[i], ok = b.find(x1, y1, x2, y2); !ok {
				break
			}
		}
		if ok {
			group = append(group, img)
		}
	}
	return group
}

// crosses reports whether two pieces (owner: each segment's) cross at a
// point: whether, going round it in the order of their segments'
// directions, they alternate more than twice.
func (b *segBoard) crosses(owner []int) bool {
	type leg struct {
		angle float64
		owner int
	}
	around := make([][]leg, len(b.xs))
	for i, s := range b.segs {
		for _, e := range [][2]int{{s[0], s[1]}, {s[1], s[0]}} {
			a := math.Atan2(b.ys[e[1]]-b.ys[e[0]], b.xs[e[1]]-b.xs[e[0]])
			around[e[0]] = append(around[e[0]], leg{a, owner[i]})
		}
	}
	for _, legs := range around {
		slices.SortFunc(legs, func(p, q leg) int { return cmp.Compare(p.angle, q.angle) })
		for _, u := range legs {
			for _, v := range legs {
				if u.owner >= v.owner {
					continue
				}
				var uv []int
				for _, l := range legs {
					if l.owner == u.owner || l.owner == v.owner {
						uv = append(uv, l.owner)
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

// bruteSegments counts the covers of board, cells of the segment lattice
// lat, by pieces (each used Count times, or any number of times if Any),
// no two pieces crossing at a point unless crossing, and their classes
// under the board's symmetries.
func bruteSegments(lat geom.Lattice, board []geom.Cell, pieces []geom.Piece, crossing bool) (raw, classes, syms int) {
	b := newSegBoard(lat, board)
	pls := b.placements(lat, pieces)
	group := b.symmetries()
	owner := make([]int, len(b.segs))
	for i := range owner {
		owner[i] = -1
	}
	left := make([]int, len(pieces))
	for i, pc := range pieces {
		left[i] = pc.Count
		if pc.Any {
			left[i] = len(b.segs) // never used up
		}
	}
	seen := map[string]bool{}
	// canon names a cover by the least, over the symmetries, of the
	// partition of its image into pieces: each segment with its piece's
	// name and the least segment of its instance. A mirror maps a
	// one-sided piece to its mirror image, named with a prime: a class
	// holds both names.
	canon := func() string {
		best := ""
		for _, img := range group {
			least := map[int]int{}
			for i, j := range img {
				if l, ok := least[owner[i]]; !ok || j < l {
					least[owner[i]] = j
				}
			}
			parts := make([]string, len(img))
			for i, j := range img {
				o := owner[i]
				parts[j] = fmt.Sprintf("%s@%d", strings.TrimSuffix(pieces[o%len(pieces)].Name, "'"), least[o])
			}
			if key := strings.Join(parts, " "); best == "" || key < best {
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
			for i, pc := range pieces {
				if tooFew(pc, left[i], len(b.segs)) {
					return // fewer copies than the fewest
				}
			}
			if !crossing && b.crosses(owner) {
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

// A bruteBoard is a board of a segment lattice for the brute force, with
// the number of its symmetries.
type bruteBoard struct {
	name  string
	board *geom.Board
	syms  int
}

// checkAgainstBruteForce checks both engines, with and without symmetry
// breaking, crossings forbidden and allowed, against the brute force on
// boards of lat and tries random sets of pieces cut from each (carveOn),
// and that at least minCovered of the puzzles have covers and some have
// fewer without crossings than with them.
func checkAgainstBruteForce(t *testing.T, lat geom.Lattice, rng *rand.Rand, boards []bruteBoard, tries, minCovered int) {
	nonzero, differ := 0, 0
	for _, bd := range boards {
		b := bd.board
		for try := range tries {
			size := 3 + try%2
			if b.Len()%size != 0 {
				size = 7 - size
			}
			pieces := carveOn(t, rng, lat, b, size)
			if pieces == nil {
				continue
			}
			raws := map[bool]int{}
			for _, crossing := range []bool{false, true} {
				name := fmt.Sprintf("%s try %d crossing %v", bd.name, try, crossing)
				raw := checkOneAgainstBruteForce(t, name, b, pieces, crossing, bd.syms)
				raws[crossing] = raw
				if raw > 0 {
					nonzero++
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
	if nonzero < minCovered {
		t.Errorf("only %d puzzles have covers: too few to prove much", nonzero)
	}
}

// checkOneAgainstBruteForce checks Count and Solve on every engine, with
// and without symmetry breaking, on one puzzle against the brute force,
// and returns the brute force's number of covers.
func checkOneAgainstBruteForce(t *testing.T, name string, b *geom.Board, pieces []geom.Piece, crossing bool, wantSyms int) int {
	p, err := NewWith(name, b, pieces, Options{Crossing: crossing})
	if err != nil {
		t.Fatal(err)
	}
	raw, classes, syms := bruteSegments(b.Lattice(), b.Cells(), p.pieces, crossing)
	if syms != wantSyms || p.Symmetries() != syms {
		t.Errorf("%s: symmetries: brute force %d, puzzle %d, want %d", name, syms, p.Symmetries(), wantSyms)
	}
	engines := []puzzles.Engine{puzzles.EngineDLX, puzzles.EngineAuto}
	if crossing {
		engines = append(engines, puzzles.EngineFill)
	}
	c, err := p.Count(context.Background(), &puzzles.CountConfig{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	if c.Raw.Int64() != int64(raw) || c.Distinct.Int64() != int64(classes) || (c.Method == puzzles.CountListed) != !crossing {
		t.Errorf("%s: Count: raw %v, distinct %v, method %v; brute force: %d, %d", name, c.Raw, c.Distinct, c.Method, raw, classes)
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
	return raw
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
