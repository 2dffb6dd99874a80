package geom

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
)

// TestTrigCounts checks the numbers of polytrigs, free (OEIS A159867:
// 1, 3, 12, 60, 375) and one-sided (A151539: 1, 3, 19, 104, 719), that
// Polyforms generates.
func TestTrigCounts(t *testing.T) {
	checkPolyformCounts(t, Trig, []int{1, 3, 12, 60, 375}, []int{1, 3, 19, 104, 719}, 5)
}

// The independent enumeration knows a polytrig as a set of segments
// between points (x, y) of the triangular lattice, x along a row and y
// down the rows, each point at x + y/2, y·√3/2 in the plane. It turns and
// reflects them in the plane, in floating point, and rounds back; it
// shares with the package only how a cell names its segment.

type tpoint struct{ x, y int }

type tseg struct{ a, b tpoint } // a before b

func newTseg(a, b tpoint) tseg {
	if b.y < a.y || b.y == a.y && b.x < a.x {
		a, b = b, a
	}
	return tseg{a, b}
}

// tsegOfCell reads a trig cell as its segment: a grid point at picture
// row r, column c is (x, y) = ((c − r)/4, r/2).
func tsegOfCell(c Cell) tseg {
	pt := func(r, k int) tpoint { return tpoint{(k - r) / 4, r / 2} }
	r, k := c.Row, c.Col
	if r%2 == 0 {
		return newTseg(pt(r, k-2), pt(r, k+2))
	}
	if ((r-1+k-1)%4+4)%4 == 0 {
		return newTseg(pt(r-1, k-1), pt(r+1, k+1))
	}
	return newTseg(pt(r-1, k+1), pt(r+1, k-1))
}

// isoPoint applies isometry k of the hexagon (k < 6 turns by k × 60°,
// k ≥ 6 mirrors first) about the plane point (cx, cy), and reports
// whether the image is a lattice point.
func isoPoint(k int, cx, cy float64, p tpoint) (tpoint, bool) {
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
	return tpoint{int(rx), int(ry)}, math.Abs(fx-rx) < 1e-6 && math.Abs(fy-ry) < 1e-6
}

// canonTsegs returns a key of segs up to translation and the isometries
// k < n: the least, as text, of their images moved to put their least
// point at the origin.
func canonTsegs(segs []tseg, n int) string {
	best := ""
	for k := range n {
		img := make([]tseg, len(segs))
		for i, s := range segs {
			a, _ := isoPoint(k, 0, 0, s.a)
			b, _ := isoPoint(k, 0, 0, s.b)
			img[i] = newTseg(a, b)
		}
		mx, my := img[0].a.x, img[0].a.y
		for _, s := range img {
			for _, p := range []tpoint{s.a, s.b} {
				if p.y < my || p.y == my && p.x < mx {
					mx, my = p.x, p.y
				}
			}
		}
		keys := make([]string, len(img))
		for i, s := range img {
			keys[i] = fmt.Sprint(s.a.x-mx, s.a.y-my, s.b.x-mx, s.b.y-my)
		}
		slices.Sort(keys)
		if key := strings.Join(keys, ";"); best == "" || key < best {
			best = key
		}
	}
	return best
}

// enumerateTrigs returns the keys (canonTsegs) of the polytrigs of 1 to
// max segments, grown segment by segment at either end of each.
func enumerateTrigs(max int, oneSided bool) []map[string]bool {
	n := 12
	if oneSided {
		n = 6
	}
	dirs := []tpoint{{1, 0}, {0, 1}, {-1, 1}, {-1, 0}, {0, -1}, {1, -1}}
	levels := []map[string]bool{{canonTsegs([]tseg{{tpoint{0, 0}, tpoint{1, 0}}}, n): true}}
	shapes := [][]tseg{{{tpoint{0, 0}, tpoint{1, 0}}}}
	for len(levels) < max {
		next := map[string]bool{}
		var grown [][]tseg
		for _, sh := range shapes {
			for _, s := range sh {
				for _, p := range []tpoint{s.a, s.b} {
					for _, d := range dirs {
						ns := newTseg(p, tpoint{p.x + d.x, p.y + d.y})
						if slices.Contains(sh, ns) {
							continue
						}
						g := append(slices.Clone(sh), ns)
						if key := canonTsegs(g, n); !next[key] {
							next[key] = true
							grown = append(grown, g)
						}
					}
				}
			}
		}
		levels, shapes = append(levels, next), grown
	}
	return levels
}

// TestTrigEnumeration checks Polyforms on the trig lattice against the
// independent enumeration: the same polytrigs, free and one-sided.
func TestTrigEnumeration(t *testing.T) {
	max := 4
	if !testing.Short() {
		max = 5
	}
	for _, oneSided := range []bool{false, true} {
		n := 12
		if oneSided {
			n = 6
		}
		levels := enumerateTrigs(max, oneSided)
		for size := 1; size <= max; size++ {
			want := levels[size-1]
			got := map[string]bool{}
			for _, shape := range Polyforms(Trig, size, oneSided) {
				var segs []tseg
				for _, c := range shape {
					segs = append(segs, tsegOfCell(c))
				}
				got[canonTsegs(segs, n)] = true
			}
			if len(got) != len(want) || len(Polyforms(Trig, size, oneSided)) != len(want) {
				t.Errorf("size %d, one-sided %v: Polyforms gives %d (%d different), the enumeration %d", size, oneSided, len(Polyforms(Trig, size, oneSided)), len(got), len(want))
			}
			for k := range got {
				if !want[k] {
					t.Errorf("size %d, one-sided %v: %s is no polytrig of the enumeration", size, oneSided, k)
				}
			}
		}
	}
}

// ppTrig reads Polyform Puzzler's segments (x, y, z), y up: z = 0 from
// point (x, y) to (x+1, y), z = 1 to (x, y+1), z = 2 to (x−1, y+1), a point
// at x + y/2 along a row.
func ppTrig(segs [][3]int) []Cell {
	var out []Cell
	for _, s := range segs {
		x, y := s[0], -s[1] // rows grow downwards: picture row 2y, column 4x + 2y
		switch s[2] {
		case 0:
			out = append(out, Cell{Row: 2 * y, Col: 4*x - 2*y + 2})
		case 1:
			out = append(out, Cell{Row: 2*y - 1, Col: 4*x - 2*y + 1})
		case 2:
			out = append(out, Cell{Row: 2*y - 1, Col: 4*x - 2*y - 1})
		}
	}
	return out
}

// Polyform Puzzler's tritrigs and tetratrigs (puzzler/puzzles/polytrigs.py).
var (
	ppTritrigs = map[string][][3]int{
		"I3": {{0, 0, 0}, {1, 0, 0}, {2, 0, 0}}, "L3": {{0, 0, 0}, {1, 0, 0}, {2, 0, 1}}, "J3": {{0, 0, 0}, {1, 0, 0}, {2, 0, 2}},
		"T3": {{0, 0, 0}, {1, 0, 0}, {1, 0, 1}}, "S3": {{0, 0, 0}, {1, 0, 1}, {1, 1, 0}}, "C3": {{0, 0, 0}, {1, 0, 1}, {1, 1, 2}},
		"U3": {{0, 0, 0}, {1, 0, 1}, {0, 1, 0}}, "P3": {{0, 0, 0}, {1, 0, 1}, {2, 0, 2}}, "E3": {{0, 0, 0}, {1, 0, 1}, {1, 0, 2}},
		"Y3": {{0, 1, 0}, {1, 1, 1}, {2, 0, 2}}, "Z3": {{0, 0, 0}, {1, 0, 2}, {0, 1, 0}}, "O3": {{0, 0, 0}, {1, 0, 2}, {0, 0, 1}},
	}
	ppTetratrigs = map[string][][3]int{
		"B04": {{0, 0, 0}, {1, 0, 1}, {1, 1, 0}, {2, 0, 1}}, "B14": {{0, 0, 0}, {1, 0, 2}, {0, 1, 0}, {2, 0, 2}},
		"C04": {{1, 0, 0}, {1, 0, 2}, {0, 1, 1}, {0, 2, 0}}, "D04": {{0, 0, 0}, {0, 0, 1}, {0, 1, 0}, {2, 0, 2}},
		"E04": {{0, 0, 1}, {0, 1, 0}, {2, 0, 2}, {1, 0, 2}}, "E14": {{0, 1, 0}, {1, 1, 0}, {1, 1, 1}, {2, 0, 2}},
		"E24": {{0, 0, 0}, {1, 0, 1}, {2, 0, 2}, {1, 1, 0}}, "E34": {{0, 0, 0}, {1, 0, 1}, {2, 0, 2}, {1, 0, 2}},
		"F04": {{0, 0, 0}, {1, 0, 0}, {1, 0, 1}, {2, 0, 1}}, "F14": {{0, 0, 0}, {1, 0, 0}, {1, 0, 2}, {2, 0, 2}},
		"F24": {{0, 0, 0}, {1, 0, 0}, {1, 0, 2}, {2, 0, 1}}, "F34": {{0, 0, 0}, {1, 0, 0}, {2, 0, 1}, {2, 0, 2}},
		"H04": {{0, 0, 0}, {1, 0, 0}, {1, 0, 1}, {0, 1, 0}}, "H14": {{0, 0, 0}, {1, 0, 0}, {1, 0, 1}, {1, 1, 0}},
		"H24": {{0, 0, 0}, {1, 0, 0}, {1, 0, 1}, {1, 1, 2}}, "H34": {{0, 0, 0}, {1, 0, 0}, {2, 0, 2}, {1, 1, 1}},
		"I04": {{0, 0, 0}, {1, 0, 0}, {2, 0, 0}, {3, 0, 0}}, "J04": {{0, 0, 0}, {1, 0, 0}, {2, 0, 0}, {3, 0, 2}},
		"J14": {{0, 0, 0}, {1, 0, 0}, {2, 0, 1}, {2, 1, 2}}, "J24": {{0, 0, 0}, {1, 0, 0}, {2, 0, 1}, {1, 1, 0}},
		"J34": {{0, 0, 0}, {1, 0, 0}, {2, 0, 2}, {0, 1, 0}}, "K04": {{0, 0, 0}, {1, 0, 0}, {1, 0, 1}, {1, 0, 2}},
		"L04": {{0, 0, 0}, {1, 0, 0}, {2, 0, 0}, {3, 0, 1}}, "M04": {{1, 0, 0}, {1, 0, 1}, {1, 1, 2}, {0, 2, 0}},
		"N04": {{0, 0, 0}, {1, 0, 0}, {2, 0, 2}, {1, 1, 0}}, "N14": {{0, 0, 0}, {1, 0, 1}, {2, 0, 2}, {2, 0, 1}},
		"O04": {{0, 0, 0}, {1, 0, 1}, {0, 1, 0}, {0, 0, 1}}, "P04": {{0, 0, 0}, {1, 0, 0}, {1, 0, 1}, {2, 0, 2}},
		"P14": {{0, 0, 0}, {1, 0, 1}, {1, 0, 2}, {0, 1, 0}}, "P24": {{0, 0, 0}, {1, 0, 0}, {2, 0, 1}, {3, 0, 2}},
		"P34": {{0, 0, 1}, {0, 1, 0}, {2, 0, 2}, {2, 0, 0}}, "Q04": {{1, 0, 0}, {2, 0, 2}, {0, 1, 0}, {1, 1, 1}},
		"Q14": {{1, 1, 0}, {2, 1, 2}, {0, 2, 0}, {1, 0, 1}}, "R04": {{0, 1, 0}, {1, 1, 0}, {3, 0, 2}, {1, 1, 1}},
		"R14": {{0, 1, 0}, {1, 1, 0}, {3, 0, 2}, {1, 1, 2}}, "R24": {{0, 1, 0}, {1, 1, 0}, {2, 0, 1}, {1, 1, 2}},
		"R34": {{0, 1, 0}, {1, 1, 0}, {2, 0, 1}, {1, 1, 1}}, "S04": {{0, 0, 1}, {0, 1, 0}, {1, 1, 0}, {2, 1, 1}},
		"S14": {{0, 0, 0}, {1, 0, 1}, {1, 1, 0}, {2, 1, 0}}, "S24": {{0, 0, 1}, {0, 1, 0}, {1, 1, 0}, {2, 1, 2}},
		"S34": {{1, 0, 0}, {2, 0, 2}, {0, 1, 0}, {0, 1, 1}}, "S44": {{0, 0, 1}, {0, 1, 0}, {2, 0, 2}, {2, 0, 1}},
		"T04": {{0, 0, 1}, {0, 1, 0}, {1, 1, 0}, {0, 1, 1}}, "T14": {{1, 0, 2}, {0, 1, 0}, {1, 1, 0}, {0, 1, 1}},
		"T24": {{1, 0, 0}, {2, 0, 2}, {0, 1, 0}, {2, 0, 1}}, "U04": {{0, 0, 1}, {0, 1, 0}, {1, 1, 0}, {2, 0, 1}},
		"U14": {{0, 0, 1}, {0, 1, 0}, {1, 1, 0}, {3, 0, 2}}, "U24": {{0, 0, 1}, {0, 0, 0}, {1, 0, 0}, {2, 0, 2}},
		"V04": {{0, 0, 0}, {1, 0, 0}, {0, 0, 1}, {0, 1, 1}}, "V14": {{0, 0, 0}, {1, 0, 0}, {2, 0, 1}, {2, 1, 1}},
		"V24": {{0, 0, 0}, {1, 0, 1}, {2, 0, 2}, {2, 0, 0}}, "W04": {{0, 0, 1}, {1, 0, 2}, {1, 0, 1}, {2, 0, 2}},
		"W14": {{0, 0, 0}, {1, 0, 1}, {1, 1, 0}, {2, 1, 1}}, "W24": {{0, 0, 0}, {1, 0, 1}, {1, 1, 0}, {2, 1, 2}},
		"X04": {{0, 1, 0}, {1, 1, 0}, {1, 0, 1}, {1, 1, 1}}, "Y04": {{0, 1, 0}, {1, 1, 0}, {2, 1, 1}, {3, 0, 2}},
		"Y14": {{0, 0, 0}, {1, 0, 0}, {2, 0, 0}, {2, 0, 1}}, "Y24": {{0, 0, 0}, {1, 0, 0}, {2, 0, 0}, {2, 0, 2}},
		"Y34": {{0, 0, 0}, {1, 0, 1}, {1, 1, 0}, {1, 1, 2}}, "Z04": {{0, 1, 1}, {0, 1, 0}, {1, 1, 0}, {2, 0, 1}},
	}
)

// TestTrigSets checks the built-in sets of polytrigs: their sizes, that
// each is every free (or one-sided) polytrig of its size once, and that
// each name goes with Polyform Puzzler's shape.
func TestTrigSets(t *testing.T) {
	for _, tc := range []struct {
		set      string
		n, size  int
		oneSided bool
		pp       map[string][][3]int
	}{
		{"tritrigs", 12, 3, false, ppTritrigs}, {"tetratrigs", 60, 4, false, ppTetratrigs},
		{"one-sided-tritrigs", 19, 3, true, ppTritrigs}, {"one-sided-tetratrigs", 104, 4, true, ppTetratrigs},
	} {
		for _, p := range checkPieceSet(t, Trig, tc.set, tc.n, tc.size, tc.oneSided) {
			segs, ok := tc.pp[strings.TrimSuffix(p.Name, "'")]
			free := p
			free.OneSided = false
			if !ok || !SameShape(Trig, free, ppTrig(segs)) {
				t.Errorf("%s: %s:\n%s is not Polyform Puzzler's\n%s", tc.set, p.Name, TrigPicture(p.Cells), TrigPicture(Trig.Normalize(ppTrig(segs))))
			}
		}
	}
}

func TestTrigTransforms(t *testing.T) {
	// Two segments straight on and a bend: no symmetry, 12 images.
	cells, err := ParseTrigs("+---+---+\n         \\\n          +")
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for tr, img := range transformImages(t, Trig, cells) {
		// Each segment stays 1 long.
		for _, c := range img {
			a, b := trigEnds(c)
			ax, ay := Trig.Centre(a)
			bx, by := Trig.Centre(b)
			if d := math.Hypot(ax-bx, ay-by); math.Abs(d-1) > 1e-9 {
				t.Errorf("transform %d: segment %v is %g long", tr, c, d)
			}
		}
		seen[fmt.Sprint(img)] = true
	}
	if len(seen) != 12 {
		t.Errorf("%d images under the 12 symmetries, want 12", len(seen))
	}
	checkTranslate(t, Trig, cells, Cell{Row: 0, Col: 2}, Cell{Row: 1, Col: 1}, Cell{Row: 2, Col: 4})
}

func TestTrigPicture(t *testing.T) {
	pic := "  +---+\n / \\ / \\\n+---+---+\n \\ /\n  +\n"
	cells, err := ParseTrigs(pic)
	if err != nil {
		t.Fatal(err)
	}
	// Moved right by two columns: the first '+' is at a grid point.
	if len(cells) != 9 || !slices.Contains(cells, Cell{Row: 0, Col: 6}) {
		t.Fatalf("%d segments, want 9 with [0, 6]: %v", len(cells), cells)
	}
	back := TrigPicture(cells)
	again, err := ParseTrigs(back)
	if err != nil || !slices.Equal(again, cells) || strings.TrimLeft(back, " ") == back {
		t.Errorf("picture:\n%s\nreads back as %v, %v", back, again, err)
	}
	checkPictureErrors(t, ParseTrigs, []pictureErrorCase{
		{"+-+", "line 1, column 3: '+' is out of place"},
		{"+-  +", "line 1, column 2: a '-' that is no part"},
		{"+---+\n|", "line 2, column 1: '|'"},
		{"+---+\n \\", "line 2, column 2: a segment whose end"},
		{"+---+\n/", "line 2, column 1: '/' is out of place"},
		{"+--", "line 1, column 3: a segment whose end"},
		{"+---+\n\t", "tab"},
		{"+ - +", "line 1, column 3: a horizontal segment drawn with fewer"},
	})
}

// TestTrigCrossings checks, for every two pieces meeting at a grid point
// with their segments in disjoint sets of directions, that they share an
// item of Crossings exactly when they cross: when one passes between the
// other's segments, from one side to the other.
func TestTrigCrossings(t *testing.T) {
	pt := Cell{Row: 4, Col: 8}
	legs := func(mask int) []Cell {
		var out []Cell
		for d, s := range Trig.AtPoint(pt) {
			if mask&(1<<d) != 0 {
				out = append(out, s)
			}
		}
		return out
	}
	// cross: going round the point, the two pieces' directions alternate
	// more than twice.
	cross := func(a, b int) bool {
		var seq []int
		for d := range 6 {
			switch {
			case a&(1<<d) != 0:
				seq = append(seq, 0)
			case b&(1<<d) != 0:
				seq = append(seq, 1)
			}
		}
		changes := 0
		for i := range seq {
			if seq[i] != seq[(i+1)%len(seq)] {
				changes++
			}
		}
		return changes > 2
	}
	crossing := 0
	for a := 1; a < 64; a++ {
		for b := 1; b < 64; b++ {
			if a&b != 0 {
				continue
			}
			ia, ib := Trig.Crossings(legs(a)), Trig.Crossings(legs(b))
			shared := slices.ContainsFunc(ia, func(c Cell) bool { return slices.Contains(ib, c) })
			if shared != cross(a, b) {
				t.Errorf("directions %06b and %06b: crossing items shared %v, cross %v", a, b, shared, cross(a, b))
			}
			if shared {
				crossing++
			}
		}
	}
	if crossing == 0 {
		t.Error("no two pieces cross")
	}
	// A straight line through a point claims items there; an end and a
	// corner of 60° claim none.
	for _, tc := range []struct {
		pic  string
		want int
	}{
		{"+---+---+", 4}, {"+---+", 0}, {"+---+\n \\\n  +", 0}, {"        +\n       /\n  +---+---+", 4},
	} {
		cells, err := ParseTrigs(tc.pic)
		if err != nil {
			t.Fatal(err)
		}
		if got := len(Trig.Crossings(cells)); got != tc.want {
			t.Errorf("%q: %d crossing items, want %d", tc.pic, got, tc.want)
		}
	}
}

// TestTrigBoards checks the boards by shape: their numbers of segments,
// that a hexagon and a triangle keep their symmetries, that their
// pictures read back, and holes.
func TestTrigBoards(t *testing.T) {
	for _, tc := range []struct {
		shape      string
		rows, cols int
		segs, syms int
	}{
		{"hexagon", 1, 1, 12, 12}, {"hexagon", 2, 2, 42, 12}, {"hexagon", 3, 3, 90, 12},
		{"triangle", 1, 1, 3, 6}, {"triangle", 2, 2, 9, 6}, {"triangle", 4, 4, 30, 6},
		{"parallelogram", 2, 5, 37, 2}, {"parallelogram", 3, 3, 33, 4}, {"parallelogram", 1, 1, 5, 4},
	} {
		name := fmt.Sprintf("%s %d×%d", tc.shape, tc.rows, tc.cols)
		b, err := NewTrigBoard(tc.shape, tc.rows, tc.cols, nil)
		if err != nil {
			t.Fatal(err)
		}
		if b.Len() != tc.segs {
			t.Errorf("%s: %d segments, want %d", name, b.Len(), tc.segs)
		}
		norm := Trig.Normalize(b.Cells())
		syms := 0
		for tr := range Trig.Transforms() {
			if slices.Equal(TransformShape(Trig, tr, b.Cells()), norm) {
				syms++
			}
		}
		if syms != tc.syms {
			t.Errorf("%s: %d symmetries, want %d", name, syms, tc.syms)
		}
		b2, err := ParseBoardOn(Trig, b.String())
		if err != nil || !slices.Equal(b2.Cells(), b.Cells()) {
			t.Errorf("%s: the picture\n%s\nreads back as %v, %v", name, b, b2, err)
		}
	}
	if b, err := NewShapeBoard(Trig, "hexagon", 1, []Cell{{Row: 2, Col: 4}}); err != nil || b.Len() != 11 {
		t.Errorf("a hexagon without its centre's right spoke: %v, %v", b, err)
	}
	if _, err := NewShapeBoard(Trig, "hexagon", 1, []Cell{{Row: 2, Col: 2}}); err == nil || !strings.Contains(err.Error(), "no segment") {
		t.Errorf("a grid point as a hole: %v", err)
	}
	if _, err := NewShapeBoard(Trig, "circle", 1, nil); err == nil {
		t.Error("a circle board")
	}
	if _, err := NewShapeBoard(Square, "hexagon", 1, nil); err == nil {
		t.Error("a hexagon board on the square lattice")
	}
}

// FuzzParseTrigs checks that any text either fails to parse as a trig
// picture with a PictureError or gives segments whose picture reads back
// as the same segments.
func FuzzParseTrigs(f *testing.F) {
	seeds := []string{"+---+\n \\ /\n  +", "  +\n / \\\n+---+", "+---+---+", "+-+", "\\", "+---+\n\t"}
	sameShape := func(a, b []Cell) bool { return slices.Equal(Trig.Normalize(a), Trig.Normalize(b)) }
	fuzzPictures(f, seeds, Trig, ParseTrigs, TrigPicture, sameShape)
}
