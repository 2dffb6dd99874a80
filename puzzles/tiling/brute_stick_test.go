package tiling

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/polytile/polytile/puzzles"
	"github.com/polytile/polytile/puzzles/geom"
)

// The brute force here knows a polystick as a set of unit segments between
// grid points (x, y) of the plane, each segment its two ends: it turns and
// reflects them as points, tells a crossing by looking at the four
// segments at each point of a finished cover, and finds the board's
// symmetries by trying the square's 8 isometries about the centre of its
// bounding box. It shares with the package only the pieces' and board's
// cells, read as segments.

type gpoint struct{ x, y int } // a grid point, in doubled coordinates

type gseg struct{ a, b gpoint } // a segment, a before b in reading order

func newGseg(a, b gpoint) gseg {
	if b.y < a.y || b.y == a.y && b.x < a.x {
		a, b = b, a
	}
	return gseg{a, b}
}

// segOfCell reads a stick cell as the segment between its ends.
func segOfCell(c geom.Cell) gseg {
	if c.Row%2 == 0 {
		return newGseg(gpoint{c.Col - 1, c.Row}, gpoint{c.Col + 1, c.Row})
	}
	return newGseg(gpoint{c.Col, c.Row - 1}, gpoint{c.Col, c.Row + 1})
}

// iso applies isometry k of the square (k < 4 turns by k quarter turns,
// k ≥ 4 reflects first) about the point c, given doubled: 2c.
func iso(k int, c2 gpoint, p gpoint) gpoint {
	x, y := 2*p.x-c2.x, 2*p.y-c2.y
	if k >= 4 {
		x = -x
	}
	for range k % 4 {
		x, y = -y, x
	}
	return gpoint{(x + c2.x) / 2, (y + c2.y) / 2}
}

func isoSegs(k int, c2 gpoint, segs []gseg) []gseg {
	out := make([]gseg, len(segs))
	for i, s := range segs {
		out[i] = newGseg(iso(k, c2, s.a), iso(k, c2, s.b))
	}
	return out
}

// normSegs moves segments so that their least point is at x, y ≥ 0 and
// even (whole squares) and sorts them.
func normSegs(segs []gseg) []gseg {
	mx, my := segs[0].a.x, segs[0].a.y
	for _, s := range segs {
		mx, my = min(mx, s.a.x, s.b.x), min(my, s.a.y, s.b.y)
	}
	out := make([]gseg, len(segs))
	for i, s := range segs {
		out[i] = gseg{gpoint{s.a.x - mx, s.a.y - my}, gpoint{s.b.x - mx, s.b.y - my}}
	}
	slices.SortFunc(out, cmpSeg)
	return out
}

func cmpSeg(s, t gseg) int {
	for _, d := range []int{s.a.y - t.a.y, s.a.x - t.a.x, s.b.y - t.b.y, s.b.x - t.b.x} {
		if d != 0 {
			return d
		}
	}
	return 0
}

// bruteSticks counts the covers of board by pieces (each used Count
// times, or any number of times if Any), no two pieces passing straight through one grid point unless
// crossing, and their classes under the board's symmetries.
func bruteSticks(board []geom.Cell, pieces []geom.Piece, crossing bool) (raw, classes, syms int) {
	var bsegs []gseg
	in := map[gseg]int{}
	for _, c := range board {
		s := segOfCell(c)
		in[s] = len(bsegs)
		bsegs = append(bsegs, s)
	}
	// Placements: every orientation of every piece at every translation
	// that puts its first segment on a board segment.
	type pl struct {
		piece int
		segs  []int
	}
	var pls [][]pl // by board segment: the placements whose least segment it is
	pls = make([][]pl, len(bsegs))
	for pi, pc := range pieces {
		var shape []gseg
		for _, c := range pc.Cells {
			shape = append(shape, segOfCell(c))
		}
		var orients [][]gseg
		for k := range 8 {
			if pc.OneSided && k >= 4 {
				continue
			}
			o := normSegs(isoSegs(k, gpoint{}, shape))
			if !slices.ContainsFunc(orients, func(q []gseg) bool { return slices.Equal(q, o) }) {
				orients = append(orients, o)
			}
		}
		for _, o := range orients {
			for _, at := range bsegs {
				dx, dy := at.a.x-o[0].a.x, at.a.y-o[0].a.y
				if at.b.x-o[0].b.x != dx || at.b.y-o[0].b.y != dy {
					continue // a horizontal segment onto a vertical one
				}
				var idx []int
				for _, s := range o {
					j, ok := in[gseg{gpoint{s.a.x + dx, s.a.y + dy}, gpoint{s.b.x + dx, s.b.y + dy}}]
					if !ok {
						idx = nil
						break
					}
					idx = append(idx, j)
				}
				if idx != nil {
					first := slices.Min(idx)
					pls[first] = append(pls[first], pl{pi, idx})
				}
			}
		}
	}
	// The board's symmetries about the centre of its bounding box.
	mnx, mny, mxx, mxy := 1<<30, 1<<30, -1<<30, -1<<30
	for _, s := range bsegs {
		mnx, mny = min(mnx, s.a.x), min(mny, s.a.y)
		mxx, mxy = max(mxx, s.b.x), max(mxy, s.b.y)
	}
	c2 := gpoint{mnx + mxx, mny + mxy}
	var group []int
	for k := range 8 {
		ok := true
		for _, s := range bsegs {
			img := isoSegs(k, c2, []gseg{s})[0]
			if _, on := in[img]; !on {
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
		if pc.Any {
			left[i] = len(bsegs) // never used up
		}
	}
	seen := map[string]bool{}
	crosses := func() bool {
		// A point that two pieces both pass straight through.
		at := map[gpoint][]int{} // the pieces passing straight through each point
		for _, s := range bsegs {
			for _, t := range bsegs {
				if o := owner[in[s]]; s.b == t.a && (s.a.x == t.b.x || s.a.y == t.b.y) && o == owner[in[t]] && !slices.Contains(at[s.b], o) {
					at[s.b] = append(at[s.b], o)
				}
			}
		}
		for _, ps := range at {
			if len(ps) > 1 {
				return true
			}
		}
		return false
	}
	canon := func() string {
		best := ""
		for _, k := range group {
			var parts []string
			// The partition into pieces: each segment with its piece's
			// name and the least segment of its instance.
			least := map[int]gseg{}
			for _, s := range bsegs {
				img := isoSegs(k, c2, []gseg{s})[0]
				o := owner[in[s]]
				if l, ok := least[o]; !ok || cmpSeg(img, l) < 0 {
					least[o] = img
				}
			}
			for _, s := range bsegs {
				img := isoSegs(k, c2, []gseg{s})[0]
				o := owner[in[s]]
				// A mirror maps a one-sided piece to its mirror image, named
				// with a prime: a class holds both names.
				name := strings.TrimSuffix(pieces[o%len(pieces)].Name, "'")
				parts = append(parts, fmt.Sprintf("%v:%s@%v", img, name, least[o]))
			}
			slices.Sort(parts)
			key := fmt.Sprint(parts)
			if best == "" || key < best {
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
				if !pc.Any && left[i] > 0 {
					return // a copy of a fixed count left out
				}
			}
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

// TestAgainstBruteForceSticks checks both engines, with and without
// symmetry breaking, crossings forbidden and allowed, against the brute
// force on small stick boards and random sets of polysticks.
func TestAgainstBruteForceSticks(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	boards := []struct {
		pic  string
		syms int
	}{
		{"+-+-+\n| | |\n+-+-+\n| | |\n+-+-+\n", 8},
		{"+-+-+-+\n| | | |\n+-+-+-+\n| | | |\n+-+-+-+\n", 4},
		{"+-+-+-+-+-+\n| | | | | |\n+-+-+-+-+-+\n", 4},
		{"+-+-+\n| | |\n+-+-+\n| |\n+-+\n", 2},
		{"+-+-+-+\n| | | |\n+-+-+-+\n| | | |\n+-+-+-+\n| | | |\n+-+-+-+\n", 8},
	}
	nonzero, differ := 0, 0
	for bi, bd := range boards {
		b, err := geom.ParseBoardOn(geom.Stick, bd.pic)
		if err != nil {
			t.Fatal(err)
		}
		for try := range 8 {
			size := 3 + try%2
			if b.Len()%size != 0 {
				size = 7 - size
			}
			pieces := carveSticks(t, rng, b, size)
			if pieces == nil {
				continue
			}
			raws := map[bool]int{}
			for _, crossing := range []bool{false, true} {
				name := fmt.Sprintf("board %d try %d crossing %v", bi, try, crossing)
				p, err := NewWith(name, b, pieces, Options{Crossing: crossing})
				if err != nil {
					t.Fatal(err)
				}
				raw, classes, syms := bruteSticks(b.Cells(), p.pieces, crossing)
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
			}
			if raws[false] < raws[true] {
				differ++
			}
		}
	}
	if differ == 0 {
		t.Errorf("no puzzle has fewer covers without crossings than with them: the rule is not tested")
	}
	if nonzero < 20 {
		t.Errorf("only %d puzzles have covers: too few to prove much", nonzero)
	}
}

// carveSticks cuts board into random connected pieces of size segments
// (or fails, nil), and returns them as pieces, one of each shape with its
// count: a set of pieces that covers the board at least once.
func carveSticks(t *testing.T, rng *rand.Rand, b *geom.Board, size int) []geom.Piece {
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
					for _, n := range geom.Stick.Neighbors(cells[r]) {
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
			k := slices.IndexFunc(pieces, func(p geom.Piece) bool { return geom.SameShape(geom.Stick, p, sh) })
			if k >= 0 {
				pieces[k].Count++
				continue
			}
			p, err := geom.NewPiece(geom.Stick, fmt.Sprint("P", len(pieces)+1), sh)
			if err != nil {
				t.Fatal(err)
			}
			pieces = append(pieces, p)
		}
		return pieces
	}
	return nil
}

// TestPublishedSticks checks counts that Polyform Puzzler publishes for
// polystick puzzles (its OneSidedWeldedTetrasticksTriangle and
// …Trapezoid, and Polysticks123_4x4ClippedCorners2), pieces never
// crossing, distinct under the board's symmetries, with both counts
// checked against the brute force.
func TestPublishedSticks(t *testing.T) {
	welded := func() []geom.Piece {
		pcs := mustSet(t, "one-sided-tetrasticks")
		return slices.DeleteFunc(pcs, func(p geom.Piece) bool {
			return !slices.Contains([]string{"F", "F'", "H", "H'", "R", "R'", "T", "X", "Y", "Y'"}, p.Name)
		})
	}
	small := func() []geom.Piece {
		pcs := mustSet(t, "tristicks")
		for _, s := range []struct{ name, pic string }{{"I1", "+-+"}, {"I2", "+-+-+"}, {"V2", "+\n|\n+-+"}} {
			p, err := geom.ParsePieceOn(geom.Stick, s.name, s.pic)
			if err != nil {
				t.Fatal(err)
			}
			pcs = append(pcs, p)
		}
		return pcs
	}
	for _, tc := range []struct {
		name, board   string
		pieces        []geom.Piece
		raw, distinct int
	}{
		{"welded triangle", "+-+\n| |\n+-+-+\n| | |\n+-+-+-+\n| | | |\n+-+-+-+-+\n| | | | |\n+-+-+-+-+-+\n| | | | | |\n+-+-+-+-+-+\n", welded(), 18, 9},
		{"welded trapezoid", "    +-+-+-+\n    | | | |\n  +-+-+-+-+-+\n  | | | | | |\n+-+-+-+-+-+-+-+\n| | | | | | | |\n+-+-+-+-+-+-+-+\n", welded(), 14, 7},
		{"1 to 3 in a 3×3 grid clipped at the top", "  +-+\n  | |\n+-+-+-+\n| | | |\n+-+-+-+\n| | | |\n+-+-+-+\n", small(), 264, 132},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b, err := geom.ParseBoardOn(geom.Stick, tc.board)
			if err != nil {
				t.Fatal(err)
			}
			p, err := New(tc.name, b, tc.pieces)
			if err != nil {
				t.Fatal(err)
			}
			res, err := p.Solve(context.Background(), nil)
			if err != nil {
				t.Fatal(err)
			}
			raw, classes, _ := bruteSticks(b.Cells(), p.pieces, false)
			if res.Raw != int64(tc.raw) || len(res.Distinct) != tc.distinct || raw != tc.raw || classes != tc.distinct {
				t.Errorf("raw %d, distinct %d (brute force %d, %d); published %d, %d", res.Raw, len(res.Distinct), raw, classes, tc.raw, tc.distinct)
			}
		})
	}
}
