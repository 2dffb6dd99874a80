package geom

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// Each lattice names its transforms as they look drawn: the name, read
// back as a turn or a mirror (an independent reading, by the plane's and
// space's geometry), does to the centres of cells what the transform
// does, up to a translation; no two transforms share a name; and the
// names are those the package doc lists.
func TestTransformNames(t *testing.T) {
	want := map[string][]string{
		"square":   {"identity", "rot90", "rot180", "rot270", "reflect-90", "reflect-135", "reflect-0", "reflect-45"},
		"stick":    {"identity", "rot90", "rot180", "rot270", "reflect-90", "reflect-135", "reflect-0", "reflect-45"},
		"triangle": {"identity", "rot300", "rot240", "rot180", "rot120", "rot60", "reflect-0", "reflect-150", "reflect-120", "reflect-90", "reflect-60", "reflect-30"},
		"hexagon":  {"identity", "rot300", "rot240", "rot180", "rot120", "rot60", "reflect-0", "reflect-150", "reflect-120", "reflect-90", "reflect-60", "reflect-30"},
	}
	for _, lat := range Lattices() {
		t.Run(lat.Name(), func(t *testing.T) {
			var names []string
			for tr := range lat.Transforms() {
				name := lat.TransformName(tr)
				if slices.Contains(names, name) {
					t.Errorf("transforms %d and %d are both %q", slices.Index(names, name), tr, name)
				}
				names = append(names, name)
				m, err := readTransformName(name, Solid(lat))
				if err != nil {
					t.Errorf("transform %d: %v", tr, err)
					continue
				}
				if Solid(lat) != (len(m) == 3) {
					t.Errorf("transform %d is %q, a name of the wrong dimension", tr, name)
					continue
				}
				if lat.Reflects(tr) != (det(m) < 0) {
					t.Errorf("transform %d is %q, which reflects: %v; Reflects: %v", tr, name, det(m) < 0, lat.Reflects(tr))
				}
				if bad := checkMatrix(lat, tr, m); bad != "" {
					t.Errorf("transform %d is %q, but %s", tr, name, bad)
				}
			}
			if w, ok := want[lat.Name()]; ok && !slices.Equal(names, w) {
				t.Errorf("names %q, want %q", names, w)
			}
			if names[0] != "identity" {
				t.Errorf("transform 0 is %q, want identity", names[0])
			}
		})
	}
}

// The cube's 48 symmetries by kind: the turns about the axes through the
// centres of faces, of edges and the corners, the mirrors, and the turns
// with a mirror.
func TestCubeTransformKinds(t *testing.T) {
	count := map[string]int{}
	for tr := range Cube.Transforms() {
		name := Cube.TransformName(tr)
		kind := regexp.MustCompile(`^[a-z]+\d*`).FindString(name)
		turn, axis, _ := strings.Cut(name, "-")
		switch {
		case turn == "reflect" && strings.HasSuffix(axis, "=0"):
			kind += " face"
		case turn == "reflect":
			kind += " diagonal"
		case strings.Contains(turn, "rot"):
			// The axis through the centres of faces (x), edges (x+y) or
			// corners (x+y+z).
			kind += fmt.Sprintf(" %d-axis", len(strings.FieldsFunc(axis, func(r rune) bool { return r == '+' || r == '-' })))
		}
		count[kind]++
	}
	want := map[string]int{
		"identity": 1, "rot90 1-axis": 3, "rot180 1-axis": 3, "rot270 1-axis": 3, "rot180 2-axis": 6,
		"rot120 3-axis": 4, "rot240 3-axis": 4, "inversion": 1, "reflect face": 3, "reflect diagonal": 6,
		"rotoreflect90 1-axis": 3, "rotoreflect270 1-axis": 3, "rotoreflect60 3-axis": 4, "rotoreflect300 3-axis": 4,
	}
	if fmt.Sprint(count) != fmt.Sprint(want) {
		t.Errorf("the cube's symmetries by kind: %v, want %v", count, want)
	}
}

var (
	planeNameRE = regexp.MustCompile(`^(?:identity|rot(\d+)|reflect-(\d+))$`)
	cubeNameRE  = regexp.MustCompile(`^(?:identity|inversion|(rot|rotoreflect)(\d+)-([xyz+-]+)|reflect-([xyz])=(-?)([xyz0]))$`)
)

// readTransformName returns the matrix that name says, in the plane's
// coordinates x to the right and y up, or space's x = column, y = −row,
// z = layer.
func readTransformName(name string, solid bool) ([][]float64, error) {
	if !solid {
		m := planeNameRE.FindStringSubmatch(name)
		if m == nil {
			return nil, fmt.Errorf("%q is not a name of a symmetry of the plane", name)
		}
		switch {
		case m[1] != "":
			a, _ := strconv.Atoi(m[1])
			return rotation2(float64(a)), nil
		case m[2] != "":
			a, _ := strconv.Atoi(m[2])
			c, s := math.Cos(2*float64(a)*math.Pi/180), math.Sin(2*float64(a)*math.Pi/180)
			return [][]float64{{c, s}, {s, -c}}, nil
		}
		return rotation2(0), nil
	}
	m := cubeNameRE.FindStringSubmatch(name)
	if m == nil {
		return nil, fmt.Errorf("%q is not a name of a symmetry of the cube", name)
	}
	switch {
	case name == "identity":
		return rotation3([3]float64{0, 0, 1}, 0), nil
	case name == "inversion":
		return scale(rotation3([3]float64{0, 0, 1}, 0), -1), nil
	case m[4] != "":
		// The mirror across the plane first = [-]second (or first = 0):
		// minus the half turn about the plane's normal.
		var n [3]float64
		n[strings.Index("xyz", m[4])] = 1
		if m[6] != "0" {
			n[strings.Index("xyz", m[6])] = 1
			if m[5] == "" {
				n[strings.Index("xyz", m[6])] = -1
			}
		}
		return scale(rotation3(n, 180), -1), nil
	}
	a, _ := strconv.Atoi(m[2])
	var axis [3]float64
	sign := 1.0
	for _, r := range m[3] {
		switch r {
		case '+':
			sign = 1
		case '-':
			sign = -1
		default:
			axis[strings.IndexRune("xyz", r)] = sign
		}
	}
	if m[1] == "rot" {
		return rotation3(axis, float64(a)), nil
	}
	// A turn and the mirror across the axis: minus the turn by 180° more.
	return scale(rotation3(axis, float64(a)+180), -1), nil
}

func rotation2(deg float64) [][]float64 {
	c, s := math.Cos(deg*math.Pi/180), math.Sin(deg*math.Pi/180)
	return [][]float64{{c, -s}, {s, c}}
}

// rotation3 returns the turn by deg about axis, counterclockwise seen
// from its tip (Rodrigues' formula).
func rotation3(axis [3]float64, deg float64) [][]float64 {
	n := math.Sqrt(axis[0]*axis[0] + axis[1]*axis[1] + axis[2]*axis[2])
	u := [3]float64{axis[0] / n, axis[1] / n, axis[2] / n}
	c, s := math.Cos(deg*math.Pi/180), math.Sin(deg*math.Pi/180)
	k := [3][3]float64{{0, -u[2], u[1]}, {u[2], 0, -u[0]}, {-u[1], u[0], 0}}
	m := make([][]float64, 3)
	for i := range 3 {
		m[i] = make([]float64, 3)
		for j := range 3 {
			id := 0.0
			if i == j {
				id = 1
			}
			m[i][j] = c*id + s*k[i][j] + (1-c)*u[i]*u[j]
		}
	}
	return m
}

func scale(m [][]float64, f float64) [][]float64 {
	for _, row := range m {
		for j := range row {
			row[j] *= f
		}
	}
	return m
}

func det(m [][]float64) float64 {
	if len(m) == 2 {
		return m[0][0]*m[1][1] - m[0][1]*m[1][0]
	}
	return m[0][0]*(m[1][1]*m[2][2]-m[1][2]*m[2][1]) - m[0][1]*(m[1][0]*m[2][2]-m[1][2]*m[2][0]) + m[0][2]*(m[1][0]*m[2][1]-m[1][1]*m[2][0])
}

// position returns where cell c is drawn: the plane's x to the right and
// y up, or space's x = column, y = −row, z = layer.
func position(lat Lattice, c Cell) []float64 {
	if Solid(lat) {
		return []float64{float64(c.Col), float64(-c.Row), float64(c.Layer)}
	}
	x, y := Centre(lat, c)
	return []float64{x, -y}
}

// checkMatrix says how transform tr of lat differs from m on the cells
// near the origin: "" if, moving the cells' centres, it moves every
// difference of two centres as m does.
func checkMatrix(lat Lattice, tr int, m [][]float64) string {
	var cells []Cell
	layers := 1
	if Solid(lat) {
		layers = 3
	}
	for l := range layers {
		for r := -2; r <= 2; r++ {
			for c := -2; c <= 2; c++ {
				if cell := (Cell{Layer: l, Row: r, Col: c}); ValidCell(lat, cell) {
					cells = append(cells, cell)
				}
			}
		}
	}
	p0, q0 := position(lat, cells[0]), position(lat, lat.Transform(tr, cells[0]))
	for _, c := range cells[1:] {
		p, q := position(lat, c), position(lat, lat.Transform(tr, c))
		for i := range m {
			want := 0.0
			for j := range m[i] {
				want += m[i][j] * (p[j] - p0[j])
			}
			if math.Abs(q[i]-q0[i]-want) > 1e-9 {
				return fmt.Sprintf("it moves %v to %v, %v to %v", cells[0], lat.Transform(tr, cells[0]), c, lat.Transform(tr, c))
			}
		}
	}
	return ""
}
