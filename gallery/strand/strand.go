// Package strand draws polysticks as lines a reader can follow, as puzzle
// books and knot diagrams draw them. It chains each piece's segments into
// paths of grid points, and parts the lines of different pieces where
// they meet at a grid point: where pieces meet end to end, or one ends
// against another's side, the lines stop short of the point with a gap
// between them; where pieces cross, one passes over, whole, and the
// others are broken with a gap round it. A piece's own corners and joints
// stay joined: at a point it shares, its corner is cut across (a chamfer),
// never broken. It knows a lattice through geom.SegmentGrid alone; its
// coordinates are the plane's, segments 1 long, y down.
package strand

import (
	"cmp"
	"math"
	"slices"

	"github.com/polytile/polytile/puzzles/geom"
)

// Point is a point of the plane, in segments.
type Point struct{ X, Y float64 }

// Gap is the geometry of the lines: Width is a line's width, all of it
// (an outline included), Space the least room left between the lines of
// two pieces at a point they share, both in segments.
type Gap struct{ Width, Space float64 }

// maxPull is the farthest a line is drawn back from a grid point, in
// segments: short of half a segment, so that a segment keeps a stretch of
// line though both its ends are drawn back.
const maxPull = 0.45

// arm is a segment at a grid point: its piece, its direction away from
// the point (a unit vector), and how far the piece runs straight on.
type arm struct {
	inst int
	d    Point
	run  int // the piece's segments straight on along it, this one included
}

// mode says how a piece's line is drawn at a grid point.
type mode int

const (
	modeKeep  mode = iota // through the point, as it is (alone there, or over)
	modePull              // drawn back, its own arms joined across (an end, a corner)
	modeBreak             // drawn back, broken: it passes under the piece kept
)

// junction is a grid point that two pieces or more share: how each is
// drawn there, and how far its lines are drawn back.
type junction struct {
	arms []arm // in order of angle
	mode map[int]mode
	pull float64
}

// Lines returns the lines that draw each of n pieces, segment i of segs
// covered by piece owner[i]: polylines through the plane, a straight run
// one step, each segment of a piece along one of its lines, and lines of
// different pieces gap.Space apart at least where they meet (as far as
// drawing a line back by maxPull allows).
func Lines(grid geom.SegmentGrid, segs []geom.Cell, owner []int, n int, gap Gap) [][][]Point {
	at := map[geom.Cell][]arm{}
	ends := map[geom.Cell][]geom.Cell{} // the segment of each arm
	for i, s := range segs {
		a, b := grid.Ends(s)
		at[a] = append(at[a], arm{owner[i], unit(grid, a, b), 0})
		at[b] = append(at[b], arm{owner[i], unit(grid, b, a), 0})
		ends[a], ends[b] = append(ends[a], s), append(ends[b], s)
	}
	own := make(map[geom.Cell]int, len(segs))
	for i, s := range segs {
		own[s] = owner[i] + 1
	}
	for p, arms := range at {
		for k, a := range arms {
			// The piece's segments straight on from p along the arm.
			for q, s := p, ends[p][k]; own[s] == a.inst+1; arms[k].run++ {
				e, f := grid.Ends(s)
				if e == q {
					e = f
				}
				q, s = e, geom.Cell{Row: 2*e.Row - s.Row, Col: 2*e.Col - s.Col}
			}
		}
	}
	joins := map[geom.Cell]*junction{}
	for p, arms := range at {
		if slices.ContainsFunc(arms, func(a arm) bool { return a.inst != arms[0].inst }) {
			joins[p] = newJunction(arms, gap.Width+gap.Space)
		}
	}
	out := make([][][]Point, n)
	for inst, paths := range chains(grid, segs, owner, n) {
		for _, path := range paths {
			out[inst] = append(out[inst], cut(grid, path, inst, joins)...)
		}
	}
	points := slices.SortedFunc(func(yield func(geom.Cell) bool) {
		for p := range joins {
			if !yield(p) {
				return
			}
		}
	}, geom.Cell.Compare)
	for _, p := range points {
		j := joins[p]
		x, y := grid.PlanePoint(p)
		for inst := range n {
			var line []Point
			for _, a := range j.arms {
				if a.inst == inst && j.mode[inst] == modePull {
					line = append(line, Point{x + j.pull*a.d.X, y + j.pull*a.d.Y})
				}
			}
			if len(line) > 1 {
				out[inst] = append(out[inst], line)
			}
		}
	}
	for _, paths := range out {
		for k, path := range paths {
			paths[k] = collapse(path)
		}
	}
	return out
}

// unit returns the direction from grid point a to grid point b, 1 long.
func unit(grid geom.SegmentGrid, a, b geom.Cell) Point {
	ax, ay := grid.PlanePoint(a)
	bx, by := grid.PlanePoint(b)
	l := math.Hypot(bx-ax, by-ay)
	return Point{(bx - ax) / l, (by - ay) / l}
}

// newJunction decides how the pieces with arms at a grid point are drawn
// there, their centre lines clear apart at least (as far as maxPull
// allows). One piece is kept whole: of those that cross another, the one
// that runs least far straight on from the point (the first in the
// pieces' order on a tie), for a break takes most of a segment from the
// piece broken, and a long run keeps more of itself; else one that passes through (its arms in no
// open half-plane: straight on, a T); else the one piece with two arms or
// more, if only one has. Another that crosses one or passes through is
// broken; the rest are drawn back, each with its own arms joined across.
// The lines are drawn back as little as leaves them clear, by steps of a
// hundredth of a segment.
func newJunction(arms []arm, clear float64) *junction {
	angle := func(d Point) float64 { return math.Atan2(d.Y, d.X) }
	slices.SortStableFunc(arms, func(a, b arm) int { return cmp.Compare(angle(a.d), angle(b.d)) })
	j := &junction{arms: arms, mode: map[int]mode{}}
	var insts []int
	for _, a := range arms {
		if !slices.Contains(insts, a.inst) {
			insts = append(insts, a.inst)
		}
	}
	slices.Sort(insts)
	kept, shortest := -1, math.MaxInt
	for _, i := range insts {
		if r := armsOf(arms, i, true); r < shortest && slices.ContainsFunc(insts, func(o int) bool { return crosses(arms, i, o) }) {
			kept, shortest = i, r
		}
	}
	for _, i := range insts {
		if kept < 0 && through(arms, i) {
			kept = i
		}
	}
	if multi := slices.DeleteFunc(slices.Clone(insts), func(i int) bool { return armsOf(arms, i, false) < 2 }); kept < 0 && len(multi) == 1 {
		kept = multi[0]
	}
	for _, i := range insts {
		switch {
		case i == kept:
			j.mode[i] = modeKeep
		case through(arms, i) || slices.ContainsFunc(insts, func(o int) bool { return crosses(arms, i, o) }):
			j.mode[i] = modeBreak
		default:
			j.mode[i] = modePull
		}
	}
	for k := 1; j.pull < maxPull && j.nearest() < clear-1e-9; k++ {
		j.pull = float64(k) / 100
	}
	return j
}

// crosses reports whether the arms of pieces i and o at a point
// interleave: going round it, i's, o's, i's and o's in turn, so that one
// passes between the other's arms from side to side.
func crosses(arms []arm, i, o int) bool {
	var seq []int
	for _, a := range arms {
		if (a.inst == i || a.inst == o) && (len(seq) == 0 || seq[len(seq)-1] != a.inst) {
			seq = append(seq, a.inst)
		}
	}
	if len(seq) > 1 && seq[0] == seq[len(seq)-1] {
		seq = seq[1:]
	}
	return len(seq) >= 4
}

// through reports whether piece i's arms at a point lie in no open
// half-plane: no gap between two of them, going round, wider than a
// half turn.
func through(arms []arm, i int) bool {
	var own []Point
	for _, a := range arms {
		if a.inst == i {
			own = append(own, a.d)
		}
	}
	if len(own) < 2 {
		return false
	}
	for k, d := range own {
		e := own[(k+1)%len(own)]
		if cross := d.X*e.Y - d.Y*e.X; cross < -1e-9 || cross < 1e-9 && d.X*e.X+d.Y*e.Y > 0 {
			return false // the turn from d to e, counterclockwise in y down, is over a half
		}
	}
	return true
}

// nearest returns the least distance between the centre lines of two
// pieces near the point (within half a segment), drawn back by j.pull,
// the point at the origin.
func (j *junction) nearest() float64 {
	type seg struct {
		inst int
		a, b Point
	}
	var segs []seg
	at := func(d Point, t float64) Point { return Point{t * d.X, t * d.Y} }
	for k, a := range j.arms {
		from := 0.0
		if j.mode[a.inst] != modeKeep {
			from = j.pull
		}
		segs = append(segs, seg{a.inst, at(a.d, from), at(a.d, 0.5)})
		for l := k + 1; l < len(j.arms) && j.mode[a.inst] == modePull; l++ {
			if b := j.arms[l]; b.inst == a.inst {
				segs = append(segs, seg{a.inst, at(a.d, j.pull), at(b.d, j.pull)})
			}
		}
	}
	best := math.Inf(1)
	for k, s := range segs {
		for _, o := range segs[k+1:] {
			if o.inst != s.inst {
				best = min(best, distance(s.a, s.b, o.a, o.b))
			}
		}
	}
	return best
}

// distance returns the distance between the line segments ab and cd.
func distance(a, b, c, d Point) float64 {
	side := func(p, q, r Point) float64 { return (q.X-p.X)*(r.Y-p.Y) - (q.Y-p.Y)*(r.X-p.X) }
	if side(a, b, c)*side(a, b, d) < 0 && side(c, d, a)*side(c, d, b) < 0 {
		return 0
	}
	return min(toSegment(a, c, d), toSegment(b, c, d), toSegment(c, a, b), toSegment(d, a, b))
}

// toSegment returns the distance from p to the line segment ab.
func toSegment(p, a, b Point) float64 {
	dx, dy := b.X-a.X, b.Y-a.Y
	t := 0.0
	if l := dx*dx + dy*dy; l > 0 {
		t = min(1, max(0, ((p.X-a.X)*dx+(p.Y-a.Y)*dy)/l))
	}
	return math.Hypot(p.X-a.X-t*dx, p.Y-a.Y-t*dy)
}

// cut returns the lines of a path of piece inst's grid points: the path
// as it is, but drawn back at the junctions where the piece is not kept,
// and broken in two there when they are inside it. A loop is broken at
// its first such junction, or else closed where it starts.
func cut(grid geom.SegmentGrid, path []geom.Cell, inst int, joins map[geom.Cell]*junction) [][]Point {
	drawn := func(p geom.Cell) bool { j := joins[p]; return j != nil && j.mode[inst] != modeKeep }
	if n := len(path) - 1; n > 2 && path[0] == path[n] {
		if k := slices.IndexFunc(path[:n], drawn); k > 0 {
			path = append(slices.Clone(path[k:n]), path[:k+1]...)
		}
	}
	back := func(p, toward geom.Cell) Point {
		x, y := grid.PlanePoint(p)
		if !drawn(p) {
			return Point{x, y}
		}
		d, t := unit(grid, p, toward), joins[p].pull
		return Point{x + t*d.X, y + t*d.Y}
	}
	line := []Point{back(path[0], path[1])}
	var out [][]Point
	for k := 1; k < len(path)-1; k++ {
		if drawn(path[k]) {
			out = append(out, append(line, back(path[k], path[k-1])))
			line = []Point{back(path[k], path[k+1])}
		} else {
			line = append(line, back(path[k], path[k]))
		}
	}
	return append(out, append(line, back(path[len(path)-1], path[len(path)-2])))
}

// collapse returns line without the points it goes straight on through.
func collapse(line []Point) []Point {
	out := []Point{line[0]}
	for _, c := range line[1:] {
		if n := len(out); n >= 2 {
			a, b := out[n-2], out[n-1]
			if math.Abs((b.X-a.X)*(c.Y-b.Y)-(b.Y-a.Y)*(c.X-b.X)) < 1e-9 && (b.X-a.X)*(c.X-b.X)+(b.Y-a.Y)*(c.Y-b.Y) > 0 {
				out[n-1] = c
				continue
			}
		}
		out = append(out, c)
	}
	return out
}

// armsOf returns the number of piece i's arms at a point, or with runs
// the number of its segments straight on along them.
func armsOf(arms []arm, i int, runs bool) int {
	n := 0
	for _, a := range arms {
		if a.inst == i && runs {
			n += a.run
		} else if a.inst == i {
			n++
		}
	}
	return n
}
