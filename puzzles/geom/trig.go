package geom

import (
	"fmt"
	"math"
	"slices"
)

// Trig is the lattice of the triangular grid's unit segments, whose pieces
// are polytrigs: six segments meet at each grid point, and the symmetry
// group, about a grid point, is the hexagon's, the dihedral group of order
// 12. A cell is a segment, named by its position in a picture drawn with
// '+' for the grid points, "---" for a horizontal segment and '/' or '\'
// for a slanting one, each grid point four columns from the next on its
// row and each row of points shifted by two columns from the one above:
//
//	  +---+
//	 / \ / \
//	+---+---+
//	 \ /
//	  +
//
// A grid point is at an even row r and column c with r + c a multiple of
// 4; a horizontal segment is the middle '-' of its three, at an even row
// and column with r + c ≡ 2 (mod 4); a slanting one is at an odd row and
// column, '\' where r + c ≡ 2 and '/' where r + c ≡ 0 (mod 4). Two
// segments are neighbours when they share an end. Translations move by
// whole segments: from grid point to grid point.
var Trig Lattice = trig{}

type trig struct{ plane }

// The names of the tritrigs and the tetratrigs, David Goodger's in
// Polyform Puzzler, in the order Polyforms generates them: the order of
// their canonical forms. TestTrigSets checks that each name goes with
// Polyform Puzzler's shape.
var (
	tritrigNames   = []string{"I3", "J3", "T3", "L3", "O3", "U3", "Z3", "P3", "E3", "S3", "C3", "Y3"}
	tetratrigNames = []string{"I04", "J04", "Y14", "Y24", "L04", "P04", "F14", "U24", "U04", "N04", "J34", "H34",
		"V04", "K04", "F24", "H14", "H04", "T04", "H24", "F04", "F34", "P24", "J24", "S14", "J14", "V14", "V24",
		"P14", "S34", "B14", "O04", "B04", "Q14", "D04", "E34", "R34", "Q04", "R24", "M04", "W24", "Z04", "S24",
		"T24", "E24", "T14", "E04", "W04", "N14", "S44", "R04", "P34", "Y34", "R14", "W14", "C04", "S04", "U14",
		"E14", "X04", "Y04"}
)

func (trig) Name() string        { return "trig" }
func (trig) Transforms() int     { return 12 }
func (trig) Reflects(t int) bool { return t >= 6 }

// Transform writes c, at doubled coordinates, in the basis of half
// segments e1 = (1/2, 0) and e2 = e1 turned by 60° about the grid point
// (0, 0), and applies the hexagon's symmetry t (turn6).
func (trig) Transform(t int, c Cell) Cell {
	a, b := turn6(t, (c.Col-c.Row)/2, c.Row)
	return Cell{Row: b, Col: 2*a + b}
}

// TransformName names transform t as the hexagon lattice's
// (hexagonalName): its turns and mirrors are written alike.
func (trig) TransformName(t int) string { return hexagonalName(t) }

func (l trig) Translate(cells []Cell, from, to Cell) ([]Cell, bool) {
	return translate(l, cells, from, to)
}

// Shift returns to − from when it takes grid points to grid points: an
// even number of rows, and rows + columns a multiple of 4.
func (trig) Shift(from, to Cell) (Cell, bool) {
	d := Cell{Row: to.Row - from.Row, Col: to.Col - from.Col}
	return d, d.Row%2 == 0 && mod4(d.Row+d.Col) == 0
}

// Normalize moves the cells by a translation so that their top row is 0
// or 1 and their leftmost column 0 to 3, and sorts them.
func (trig) Normalize(cells []Cell) []Cell {
	if len(cells) == 0 {
		return nil
	}
	minR, minC := cells[0].Row, cells[0].Col
	for _, c := range cells {
		minR, minC = min(minR, c.Row), min(minC, c.Col)
	}
	dr := floorEven(minR)
	dc := minC - mod4(minC+dr)
	out := make([]Cell, len(cells))
	for i, c := range cells {
		out[i] = Cell{Row: c.Row - dr, Col: c.Col - dc}
	}
	slices.SortFunc(out, Cell.Compare)
	return out
}

// mod4 returns n modulo 4, from 0 to 3.
func mod4(n int) int { return (n%4 + 4) % 4 }

// trigDirs are the offsets from a grid point to the midpoints of its six
// segments, counterclockwise as drawn from the one to its right: the
// segment in direction d + 3 is straight on from the one in direction d.
var trigDirs = [6]Cell{{Row: 0, Col: 2}, {Row: -1, Col: 1}, {Row: -1, Col: -1}, {Row: 0, Col: -2}, {Row: 1, Col: -1}, {Row: 1, Col: 1}}

// trigPoint reports whether position p of a picture is a grid point.
func trigPoint(p Cell) bool { return p.Row%2 == 0 && p.Col%2 == 0 && mod4(p.Row+p.Col) == 0 }

// trigEnds returns the grid points at the ends of segment c, the upper or
// left one first.
func trigEnds(c Cell) (Cell, Cell) {
	r, k := c.Row, c.Col
	switch {
	case r%2 == 0:
		return Cell{Row: r, Col: k - 2}, Cell{Row: r, Col: k + 2}
	case mod4(r+k) == 2: // '\'
		return Cell{Row: r - 1, Col: k - 1}, Cell{Row: r + 1, Col: k + 1}
	}
	return Cell{Row: r - 1, Col: k + 1}, Cell{Row: r + 1, Col: k - 1} // '/'
}

// AtPoint returns the six segments at grid point pt, in the order of
// trigDirs, or nil when pt is no grid point.
func (trig) AtPoint(pt Cell) []Cell {
	if pt.Layer != 0 || !trigPoint(pt) {
		return nil
	}
	out := make([]Cell, 6)
	for d, o := range trigDirs {
		out[d] = Cell{Row: pt.Row + o.Row, Col: pt.Col + o.Col}
	}
	return out
}

// Neighbors returns the segments that share an end with c: five at each
// end.
func (l trig) Neighbors(c Cell) []Cell {
	var out []Cell
	a, b := trigEnds(c)
	for _, p := range []Cell{a, b} {
		for _, s := range l.AtPoint(p) {
			if s != c {
				out = append(out, s)
			}
		}
	}
	return out
}

func (trig) Valid(c Cell) bool {
	if c.Layer != 0 {
		return false
	}
	if c.Row%2 != 0 {
		return c.Col%2 != 0
	}
	return c.Col%2 == 0 && mod4(c.Row+c.Col) == 2
}

// PiecesCross: two polytrigs may cross at a grid point.
func (trig) PiecesCross() bool { return true }

// Crossings returns where other pieces could cross the segments: for
// each grid point at which the segments' directions are not side by side
// (other directions lie between them on both sides), every direction there
// but those of its widest gap, each written as the position, in doubled
// picture coordinates, a quarter of the way along that direction's segment
// from the point. Two pieces cross at a point, one passing between the
// other's segments from one side to the other, exactly when they have a
// direction of it in common: one whose segments there lie side by side can
// cross none, and of two that do not cross, each lies in the other's
// widest gap. On the square grid of the stick lattice this is two pieces
// both passing straight through the point.
func (trig) Crossings(cells []Cell) []Cell {
	in := make(map[Cell]bool, len(cells))
	for _, c := range cells {
		in[c] = true
	}
	seen := map[Cell]bool{}
	var out []Cell
	for _, c := range cells {
		a, b := trigEnds(c)
		for _, p := range []Cell{a, b} {
			if seen[p] {
				continue
			}
			seen[p] = true
			var legs [6]bool
			for d, o := range trigDirs {
				legs[d] = in[Cell{Row: p.Row + o.Row, Col: p.Col + o.Col}]
			}
			for d, claim := range claimed(legs) {
				if claim {
					out = append(out, Cell{Row: 2*p.Row + trigDirs[d].Row, Col: 2*p.Col + trigDirs[d].Col})
				}
			}
		}
	}
	slices.SortFunc(out, Cell.Compare)
	return out
}

// claimed returns the directions a piece with segments in directions legs
// at a point claims against crossings: none when its segments lie side by
// side (one gap at most between them), else every direction but those of
// its widest gap, the first of the widest counterclockwise from direction
// 0 on a tie.
func claimed(legs [6]bool) [6]bool {
	var out [6]bool
	start, gaps := -1, 0
	for d := range 6 {
		if !legs[d] && legs[(d+5)%6] {
			gaps++ // a gap starts at d
		}
	}
	if gaps < 2 {
		return out
	}
	best := 0
	for d := range 6 {
		if legs[d] || !legs[(d+5)%6] {
			continue
		}
		n := 0
		for !legs[(d+n)%6] {
			n++
		}
		if n > best {
			start, best = d, n
		}
	}
	for d := range 6 {
		out[d] = true
	}
	for n := range best {
		out[(start+n)%6] = false
	}
	return out
}

func (trig) PiecePictures(p Piece) []string { return []string{TrigPicture(p.Cells)} }

func (trig) DrawsCell(r rune) bool { return r == '-' || r == '/' || r == '\\' }

// PictureSize is that of a parallelogram of rows × cols segments
// (NewTrigBoard).
func (trig) PictureSize(rows, cols int) (int, int) { return 2*rows + 1, 4*cols + 2*rows + 1 }

func (l trig) NotACell(c Cell) string {
	if l.Valid(c) {
		return ""
	}
	return "a grid point or no position of a segment: " + l.CellRule()
}

func (trig) CellRule() string {
	return "a segment is at an even row and column with row + column ≡ 2 (mod 4) (horizontal), or at an odd row and column (slanting)"
}

func (trig) BoardSize(b *Board) string { return fmt.Sprintf("%d segments", b.Len()) }

func (trig) CellShape() CellShape { return SegmentCells }

func (trig) Join() string { return "end to end" }

// Centre returns the midpoint of segment c (or where grid point c is) in
// the plane, segments being 1 long.
func (trig) Centre(c Cell) (x, y float64) {
	return float64(c.Col) / 4, float64(c.Row) * math.Sqrt(3) / 4
}

func (l trig) Lay(from Lattice, pieces []Piece) ([]Piece, bool) { return layOwn(l, from, pieces) }

func (l trig) ParsePiece(name string, pics []string) (Piece, error) {
	return parseFlat(l, name, pics)
}

func (trig) scanCells(pic string, _ func(rune) (bool, string), _ string) ([]Cell, error) {
	return ParseTrigs(pic)
}

func (trig) boardPicture(b *Board) string { return TrigPicture(b.Cells()) }

func (trig) rectBoard(rows, cols int, holes []Cell) (*Board, error) {
	return NewTrigBoard("parallelogram", rows, cols, holes)
}

// Shapes: a hexagon and a triangle, besides the parallelogram.
func (trig) Shapes() []Shape {
	return []Shape{
		{Key: "hexagon", About: "a regular hexagon of that many segments a side, every segment inside it and on its border", Size: trigShapeSize("hexagon")},
		{Key: "triangle", About: "a triangle pointing up of that many segments a side, every segment inside it and on its border", Size: trigShapeSize("triangle")},
	}
}

func (trig) shapeBoard(key string, n int, holes []Cell) (*Board, error) {
	return NewTrigBoard(key, n, n, holes)
}

// trigShapeSize returns the size of the picture of a shape of n
// segments a side.
func trigShapeSize(key string) func(n int) (int, int) {
	return func(n int) (int, int) {
		pts, err := trigShapePoints(key, n, n)
		if err != nil {
			return 0, 0
		}
		rows, cols := 0, 0
		for _, p := range pts {
			rows, cols = max(rows, p.Row+1), max(cols, p.Col+1)
		}
		return rows, cols
	}
}

// SegmentGrid: the trig lattice's cells are segments.
func (l trig) SegmentGrid() SegmentGrid { return l }

func (trig) Ends(c Cell) (Cell, Cell) { return trigEnds(c) }

func (l trig) PlanePoint(p Cell) (x, y float64) { return l.Centre(p) }

// GridPoints returns the ends of the segments, in reading order.
func (trig) GridPoints(segs []Cell) []Cell {
	var out []Cell
	for _, s := range segs {
		a, b := trigEnds(s)
		out = append(out, a, b)
	}
	slices.SortFunc(out, Cell.Compare)
	return slices.Compact(out)
}

// Sides returns the centres of the triangles on either side of segment
// s, a sixth of √3 from its midpoint.
func (l trig) Sides(s Cell) (left, right [2]float64) {
	a, b := trigEnds(s)
	ax, ay := l.Centre(a)
	bx, by := l.Centre(b)
	mx, my := (ax+bx)/2, (ay+by)/2
	k := math.Sqrt(3) / 6
	// (bx-ax, by-ay) turned by a quarter, with rows going down.
	px, py := (by-ay)*k, -(bx-ax)*k
	return [2]float64{mx + px, my + py}, [2]float64{mx - px, my - py}
}

// trigShapePoints returns the grid points of a board shape by size: a
// parallelogram of rows × cols segments leaning right as it goes down, a
// hexagon or a triangle of rows segments a side.
func trigShapePoints(key string, rows, cols int) ([]Cell, error) {
	if rows < 1 || cols < 1 {
		return nil, errorf("a %s of %d × %d segments: its sides must be at least 1", key, rows, cols)
	}
	if rows > 1<<9 || cols > 1<<9 || rows*cols > 1<<17 {
		return nil, errorf("a %s of %d × %d segments is too large (at most %d points)", key, rows, cols, 1<<17)
	}
	var pts []Cell
	n := rows
	switch key {
	case "parallelogram":
		for i := 0; i <= rows; i++ {
			for j := 0; j <= cols; j++ {
				pts = append(pts, Cell{Row: 2 * i, Col: 4*j + 2*i})
			}
		}
	case "hexagon":
		shift := 4 * (n / 2) // keeps points where row + column ≡ 0 (mod 4)
		for i := 0; i <= 2*n; i++ {
			for j := 0; j <= 2*n; j++ {
				if i+j >= n && i+j <= 3*n {
					pts = append(pts, Cell{Row: 2 * i, Col: 4*j + 2*i - shift})
				}
			}
		}
	case "triangle":
		for i := 0; i <= n; i++ {
			for j := 0; j <= i; j++ {
				pts = append(pts, Cell{Row: 2 * i, Col: 4*j + 2*(n-i) + 2*(n%2)})
			}
		}
	default:
		return nil, errorf("no board shape %q on the trig lattice (parallelogram, hexagon, triangle)", key)
	}
	return pts, nil
}

// NewTrigBoard returns the board of every segment between two grid points
// of a shape of the trig lattice without the given holes (segments): a
// parallelogram of rows × cols segments, or a hexagon or a triangle of
// rows segments a side (cols is rows).
func NewTrigBoard(shape string, rows, cols int, holes []Cell) (*Board, error) {
	pts, err := trigShapePoints(shape, rows, cols)
	if err != nil {
		return nil, err
	}
	in := make(map[Cell]bool, len(pts))
	maxR, maxC := 0, 0
	for _, p := range pts {
		in[p] = true
		maxR, maxC = max(maxR, p.Row), max(maxC, p.Col)
	}
	var segs []Cell
	for _, p := range pts {
		for _, d := range trigDirs[:3] { // each segment from its lower or left end
			s := Cell{Row: p.Row + d.Row, Col: p.Col + d.Col}
			if in[Cell{Row: p.Row + 2*d.Row, Col: p.Col + 2*d.Col}] {
				segs = append(segs, s)
			}
		}
	}
	hole := make(map[Cell]bool, len(holes))
	for _, h := range holes {
		if !slices.Contains(segs, h) {
			return nil, errorf("hole [%d, %d] is no segment of the %s: %s", h.Row, h.Col, shape, Trig.CellRule())
		}
		if hole[h] {
			return nil, errorf("hole [%d, %d] is given twice", h.Row, h.Col)
		}
		hole[h] = true
	}
	segs = slices.DeleteFunc(segs, func(s Cell) bool { return hole[s] })
	b, err := NewBoard(Trig, segs)
	if err == nil {
		b.rows, b.cols = maxR+1, maxC+1 // the grid points at the edges are in the picture
		b.buildIndex()
	}
	return b, err
}

// trigChar says what character r at (row, col) of a trig picture, shifted
// to the lattice's positions, draws: a segment (true), a grid point or one
// of the outer '-' of a horizontal segment (false), or a mistake (msg).
func trigChar(r rune, p Cell) (seg bool, msg string) {
	switch {
	case r == ' ':
		return false, ""
	case r == '+' && trigPoint(p):
		return false, ""
	case r == '-' && p.Row%2 == 0 && (p.Col%2 != 0 || Trig.Valid(p)):
		return Trig.Valid(p), ""
	case (r == '\\' || r == '/') && Trig.Valid(p) && p.Row%2 != 0 && (r == '\\') == (mod4(p.Row+p.Col) == 2):
		return true, ""
	case r == '+' || r == '-' || r == '/' || r == '\\':
		return false, fmt.Sprintf("%q is out of place: in a trig picture each '+' is four columns from the next on its row and two from those of the rows of points above and below, "+
			"a horizontal segment is \"---\" between two '+' on their row, and a slanting one a '/' or '\\' on the row between its two '+', one column from each", r)
	}
	return false, fmt.Sprintf("%q in a trig picture: draw grid points with '+', horizontal segments with \"---\" and slanting ones with '/' and '\\' (as in \"+---+\" over \" \\\\ /\" over \"  +\"), and leave the rest blank", r)
}

// ParseTrigs returns the segments drawn in a trig picture (see Trig),
// each with its two ends drawn as '+'. The picture may start anywhere: the
// first '+' fixes where the grid points are, and the segments are named
// by their positions shifted by as much (at most one row and three
// columns) to the lattice's.
func ParseTrigs(pic string) ([]Cell, error) {
	lines := PictureLines(pic)
	var shift Cell
	found := false
	for i, line := range lines {
		for j, r := range []rune(line) {
			if r == '+' && !found {
				shift, found = Cell{Row: i % 2, Col: mod4(-(i + i%2 + j))}, true
			}
		}
	}
	var cells, dashes []Cell
	drawn := map[Cell]rune{}
	for i, line := range lines {
		for j, r := range []rune(line) {
			if r == '\t' {
				return nil, &PictureError{Line: i + 1, Col: j + 1, Msg: "tab in picture: draw with spaces"}
			}
			p := Cell{Row: i + shift.Row, Col: j + shift.Col}
			seg, msg := trigChar(r, p)
			if msg != "" {
				return nil, &PictureError{Line: i + 1, Col: j + 1, Msg: msg}
			}
			drawn[p] = r
			if r == '-' && !seg {
				dashes = append(dashes, p)
			}
			if seg {
				cells = append(cells, p)
			}
		}
	}
	if err := checkTrigs(cells, dashes, drawn, shift); err != nil {
		return nil, err
	}
	return cells, nil
}

// checkTrigs checks that every segment drawn has its ends drawn as '+'
// and, if horizontal, all three of its '-', and that every outer '-'
// (dashes) is part of a segment.
func checkTrigs(cells, dashes []Cell, drawn map[Cell]rune, shift Cell) error {
	at := func(p Cell, msg string) error {
		return &PictureError{Line: p.Row - shift.Row + 1, Col: p.Col - shift.Col + 1, Msg: msg}
	}
	for _, c := range cells {
		a, b := trigEnds(c)
		for _, p := range []Cell{a, b} {
			if drawn[p] != '+' {
				return at(c, "a segment whose end is not drawn: draw a '+' at each end of a segment")
			}
		}
		if c.Row%2 == 0 && (drawn[Cell{Row: c.Row, Col: c.Col - 1}] != '-' || drawn[Cell{Row: c.Row, Col: c.Col + 1}] != '-') {
			return at(c, "a horizontal segment drawn with fewer than three '-': draw it \"---\" between its two '+'")
		}
	}
	for _, p := range dashes {
		mid := Cell{Row: p.Row, Col: p.Col - 1}
		if !Trig.Valid(mid) {
			mid.Col += 2
		}
		if drawn[mid] != '-' {
			return at(p, "a '-' that is no part of a horizontal segment: draw one \"---\" between two '+' four columns apart")
		}
	}
	return nil
}

// TrigPicture draws segments as ParseTrigs reads them: "---", '/' and '\'
// for the segments and '+' for every grid point at an end of one, within
// their bounding box from the origin, without trailing spaces; segments
// with an end at a negative row or column are moved down and right by the
// least translation that brings them in.
func TrigPicture(segments []Cell) string {
	m := segmentMarks(segments, trigEnds, func(m *marks, s Cell) {
		switch {
		case s.Row%2 == 0:
			m.add(s, '-')
			m.add(Cell{Row: s.Row, Col: s.Col - 1}, '-')
			m.add(Cell{Row: s.Row, Col: s.Col + 1}, '-')
		case mod4(s.Row+s.Col) == 2:
			m.add(s, '\\')
		default:
			m.add(s, '/')
		}
	})
	all := m.all
	d := trigShiftIn(all)
	for i, c := range all {
		all[i] = Cell{Row: c.Row + d.Row, Col: c.Col + d.Col}
	}
	return drawCells(all, func(c Cell) byte { return m.at[Cell{Row: c.Row - d.Row, Col: c.Col - d.Col}] })
}

// trigShiftIn returns the least translation that moves every position of
// all to a row and column at least 0: none when they are.
func trigShiftIn(all []Cell) Cell {
	var d Cell
	for _, c := range all {
		d.Row, d.Col = max(d.Row, -c.Row), max(d.Col, -c.Col)
	}
	d.Row += d.Row % 2
	for mod4(d.Row+d.Col) != 0 {
		d.Col++
	}
	return d
}
