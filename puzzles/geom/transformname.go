package geom

import (
	"fmt"
	"strings"
)

// The names of the lattices' point symmetries, as count --json writes them
// beside the solutions each fixes. They name the symmetry as drawn, rows
// going down the page, whatever the lattice's own coordinates:
//
//   - identity;
//   - rotN: a turn by N degrees counterclockwise (rot90, rot180, rot270 on
//     the square lattice; rot60 … rot300 on the triangular and hexagonal);
//   - reflect-N: the mirror in a line at N degrees counterclockwise from
//     the horizontal: reflect-0 swaps top and bottom, reflect-90 left and
//     right, reflect-45 the corners across the diagonal from bottom-left
//     to top-right;
//
// and on the cube, with x along a row to the right (columns), y up a
// layer's picture (rows, counted down), z up through the layers, turns
// counterclockwise as seen from the tip of their axis (the right-hand
// rule), and an axis named by its direction (x, x+y, x-y+z, …):
//
//   - rotN-AXIS: a turn by N degrees about AXIS (rot90-z turns each layer
//     as rot90 turns a picture; rot180-x+y; rot120-x+y+z);
//   - reflect-PLANE: the mirror in a plane through the centre, named by
//     its equation (reflect-z=0 turns the layers upside down; reflect-x=y);
//   - rotoreflectN-AXIS: a turn by N degrees about AXIS and the mirror in
//     the plane across it (rotoreflect90-z, rotoreflect60-x+y+z);
//   - inversion: every point to the opposite side of the centre.

// planeName names the point symmetry of the plane that turns by turn
// degrees counterclockwise as drawn, or, if reflects, mirrors in the line
// at axis degrees counterclockwise from the horizontal.
func planeName(reflects bool, turn, axis int) string {
	switch {
	case reflects:
		return fmt.Sprintf("reflect-%d", (axis%180+180)%180)
	case (turn%360+360)%360 == 0:
		return "identity"
	}
	return fmt.Sprintf("rot%d", (turn%360+360)%360)
}

// TransformName names transform t: for t < 4 a turn by t × 90°
// counterclockwise; for t ≥ 4 the mirror in the vertical axis, then that
// turn, which is the mirror in the line at 90° + (t − 4) × 45°.
func (square) TransformName(t int) string { return planeName(t >= 4, 90*t, 90+45*(t-4)) }

// TransformName names transform t as the square lattice's.
func (stick) TransformName(t int) string { return square{}.TransformName(t) }

// hexagonalName names transform t of the triangular and hexagonal
// lattices: a turn by t × 60°, clockwise as drawn, for t < 6; for t ≥ 6 the
// mirror in the horizontal line, then that turn, which is the mirror in
// the line at −(t − 6) × 30°.
func hexagonalName(t int) string { return planeName(t >= 6, -60*t, -30*(t-6)) }

// TransformName names transform t (hexagonalName).
func (triangle) TransformName(t int) string { return hexagonalName(t) }

// TransformName names transform t (hexagonalName).
func (hexagon) TransformName(t int) string { return hexagonalName(t) }

// TransformName names transform t by what its matrix does in the
// coordinates x = column, y = −row, z = layer: the axis and angle of a
// turn, the plane of a mirror, or a turn and a mirror together.
func (l cube) TransformName(t int) string {
	m := l.matrix(t)
	det := m[0][0]*(m[1][1]*m[2][2]-m[1][2]*m[2][1]) - m[0][1]*(m[1][0]*m[2][2]-m[1][2]*m[2][0]) + m[0][2]*(m[1][0]*m[2][1]-m[1][1]*m[2][0])
	if det < 0 {
		for i := range m {
			for j := range m[i] {
				m[i][j] = -m[i][j]
			}
		}
	}
	// m is now a turn, by angle about axis; the transform is it, or
	// minus it: the mirror across axis after a turn by angle + 180°.
	angle, axis := turnOf(m)
	switch {
	case det > 0 && angle == 0:
		return "identity"
	case det > 0:
		return fmt.Sprintf("rot%d-%s", angle, axisName(axis))
	case angle == 0:
		return "inversion"
	case angle == 180:
		return "reflect-" + planeOf(axis)
	}
	return fmt.Sprintf("rotoreflect%d-%s", (angle+180)%360, axisName(axis))
}

// matrix returns transform t's matrix in the coordinates x = column,
// y = −row, z = layer: column j is the image of the j-th unit vector.
func (l cube) matrix(t int) [3][3]int {
	units := [3]Cell{{Col: 1}, {Row: -1}, {Layer: 1}}
	var m [3][3]int
	for j, u := range units {
		c := l.Transform(t, u)
		m[0][j], m[1][j], m[2][j] = c.Col, -c.Row, c.Layer
	}
	return m
}

// turnOf returns the angle, in degrees from 0 to 359, of the turn m (a
// rotation matrix of integers) about its axis, counterclockwise seen from
// the tip of the axis, which has components −1, 0 or 1, the first that is
// not 0 positive; the axis is zero for the identity.
func turnOf(m [3][3]int) (int, [3]int) {
	trace := m[0][0] + m[1][1] + m[2][2]
	var angle int // from the trace, 1 + 2 cos(angle), with the axis's sense left to choose
	switch trace {
	case 3:
		return 0, [3]int{}
	case -1:
		// A half turn: m + I is twice the projection onto the axis,
		// each of its columns a multiple of it.
		for j := range 3 {
			a := [3]int{m[0][j], m[1][j], m[2][j]}
			a[j]++
			if a != [3]int{} {
				return 180, canonicalAxis(a)
			}
		}
	case 0:
		angle = 120
	case 1:
		angle = 90
	default:
		panic(fmt.Sprintf("geom: no turn of the cube has trace %d", trace))
	}
	// The skew part of m is sin(angle) times the cross product with the
	// axis: its vector points along the axis seen turning counterclockwise.
	v := [3]int{sign(m[2][1] - m[1][2]), sign(m[0][2] - m[2][0]), sign(m[1][0] - m[0][1])}
	axis := canonicalAxis(v)
	if axis != v {
		angle = 360 - angle
	}
	return angle, axis
}

// canonicalAxis returns a with each component's sign, the first that is
// not 0 made positive.
func canonicalAxis(a [3]int) [3]int {
	for i := range a {
		a[i] = sign(a[i])
	}
	for _, c := range a {
		if c != 0 {
			if c < 0 {
				a[0], a[1], a[2] = -a[0], -a[1], -a[2]
			}
			break
		}
	}
	return a
}

func sign(n int) int {
	switch {
	case n > 0:
		return 1
	case n < 0:
		return -1
	}
	return 0
}

// axisName writes the direction a as a sum of x, y and z: "x", "x+y",
// "x-y+z".
func axisName(a [3]int) string {
	var b strings.Builder
	for i, c := range a {
		if c == 0 {
			continue
		}
		switch {
		case c < 0:
			b.WriteString("-")
		case b.Len() > 0:
			b.WriteString("+")
		}
		b.WriteByte("xyz"[i])
	}
	return b.String()
}

// planeOf returns the equation of the plane through the origin across
// the axis a: "x=0" across x, "x=y" across x-y, "x=-y" across x+y.
func planeOf(a [3]int) string {
	var terms []int
	for i, c := range a {
		if c != 0 {
			terms = append(terms, i)
		}
	}
	switch len(terms) {
	case 1:
		return string("xyz"[terms[0]]) + "=0"
	case 3:
		panic("geom: no mirror of the cube is across a diagonal of the cube")
	}
	// a's two components are ±1, and a point p of the plane has a·p = 0:
	// its two coordinates are equal when a's signs differ.
	first, second := terms[0], terms[1]
	if a[first]*a[second] < 0 {
		return fmt.Sprintf("%c=%c", "xyz"[first], "xyz"[second])
	}
	return fmt.Sprintf("%c=-%c", "xyz"[first], "xyz"[second])
}
