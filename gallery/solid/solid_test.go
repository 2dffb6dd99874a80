package solid

import (
	"math"
	"slices"
	"testing"
)

// box returns the cubes of a box cols × rows × layers, instance inst(x,
// y, z) each.
func box(cols, rows, layers int, inst func(x, y, z int) int) []Cube {
	var out []Cube
	for z := range layers {
		for y := range rows {
			for x := range cols {
				out = append(out, Cube{At: [3]int{x, y, z}, Inst: inst(x, y, z)})
			}
		}
	}
	return out
}

// faceArea returns the area of the faces of each instance that a picture
// shows on top (ShadeTop), front (0) or right (ShadeRight), in square cells.
func faceArea(p Picture, shade float64) map[int]float64 {
	out := map[int]float64{}
	for _, part := range p.Parts {
		if part.Inst < 0 || part.Shade != shade {
			continue
		}
		a := 0.0
		for i, q := range part.Pts {
			r := part.Pts[(i+1)%len(part.Pts)]
			a += q.X*r.Y - r.X*q.Y
		}
		out[part.Inst] += math.Abs(a) / 2
	}
	return out
}

// Seen from above, a stack of two cubes shows the upper one's top; turned
// over, the lower one's bottom, on top; the picture stays as wide, and
// what was on the left stays there.
func TestTurned(t *testing.T) {
	stack := []Cube{{At: [3]int{0, 0, 0}, Inst: 0}, {At: [3]int{0, 0, 1}, Inst: 1}}
	up, down := Iso(stack), Iso(Turned(stack))
	if a := faceArea(up, ShadeTop); a[1] == 0 || a[0] != 0 {
		t.Errorf("from above, tops of %v", a)
	}
	if a := faceArea(down, ShadeTop); a[0] == 0 || a[1] != 0 {
		t.Errorf("turned over, tops of %v", a)
	}
	if up.W != down.W || up.H != down.H {
		t.Errorf("turned over, %g × %g; from above %g × %g", down.W, down.H, up.W, up.H)
	}
	row := []Cube{{At: [3]int{0, 0, 0}, Inst: 0}, {At: [3]int{1, 0, 0}, Inst: 1}}
	if a := faceArea(Iso(Turned(row)), 0); a[0] == 0 || a[1] != 0 {
		t.Errorf("turned over, the left cube should show its front alone: fronts %v", a)
	}
}

// In a 3 × 3 × 3 box the centre cube's piece is out of sight from both
// corners; the overview's layers show it, every piece in a layer as many
// squares as it has cubes there, outlined by the longest lines.
func TestOverview(t *testing.T) {
	cube := box(3, 3, 3, func(x, y, z int) int {
		if x == 1 && y == 1 && z == 1 {
			return 1
		}
		return 0
	})
	for _, p := range []Picture{Iso(cube), Iso(Turned(cube))} {
		for _, shade := range []float64{ShadeTop, 0, ShadeRight} {
			if faceArea(p, shade)[1] != 0 {
				t.Errorf("the hidden centre shows from a corner")
			}
		}
	}
	l := Layers(cube)
	if a := faceArea(l, 0); a[1] != 1 || a[0] != 26 {
		t.Errorf("the layers' squares cover %v, want 26 and 1", a)
	}
	if a := faceArea(Overview(cube), 0); a[1] != 1 {
		t.Errorf("the overview shows %v of the centre, want its square", a[1])
	}
	if l.W != 11 || l.H != 3 {
		t.Errorf("layers %g × %g, want 11 × 3", l.W, l.H)
	}
	// Each layer's four sides, and the centre's square: one line each.
	lines := 0
	for _, p := range l.Parts {
		if p.Inst < 0 {
			lines++
		}
	}
	if lines != 4*3+4 {
		t.Errorf("%d lines round the layers' pieces, want 16", lines)
	}
}

// Apart, the pictures of any partition of the same box are the same
// size, and hold every part.
func TestExploded(t *testing.T) {
	a := Exploded(box(3, 3, 3, func(x, y, z int) int { return z }), 3)
	b := Exploded(box(3, 3, 3, func(x, y, z int) int { return min(x, 1) + 2*min(y, 1) + 4*min(z, 1) }), 8)
	if a.W != b.W || a.H != b.H {
		t.Errorf("apart, %g × %g and %g × %g", a.W, a.H, b.W, b.H)
	}
	for _, p := range []Picture{a, b} {
		for _, part := range p.Parts {
			for _, q := range part.Pts {
				if q.X < -1e-9 || q.Y < -1e-9 || q.X > p.W+1e-9 || q.Y > p.H+1e-9 {
					t.Fatalf("a part at %v, out of %g × %g", q, p.W, p.H)
				}
			}
		}
	}
}

// Pieces are put down bottom first, far to near; in each step the new
// piece's top shows, in full colour, and the earlier ones are faint.
func TestSteps(t *testing.T) {
	// Four bars across a 2 × 2 × 2 box: near top, far top, near bottom,
	// far bottom.
	cubes := box(2, 2, 2, func(x, y, z int) int { return 2*(1-z) + (1 - y) })
	order := Order(cubes, 4)
	if want := []int{3, 2, 1, 0}; !slices.Equal(order, want) {
		t.Errorf("Order = %v, want %v", order, want)
	}
	p := Steps(cubes, 4)
	if len(p.Parts) == 0 {
		t.Fatal("no steps drawn")
	}
	// Each step in its own quarter, left to right: the new piece's top
	// full, earlier ones' faint.
	w := (p.W - 3) / 4
	for k, inst := range order {
		full, pale := 0, 0
		for _, part := range p.Parts {
			if part.Inst < 0 || part.Pts[0].X < float64(k)*(w+1)-1e-9 || part.Pts[0].X > float64(k)*(w+1)+w+1e-9 {
				continue
			}
			switch {
			case part.Inst == inst && !part.Faint:
				full++
			case part.Faint:
				pale++
			default:
				t.Errorf("step %d shows instance %d, not yet put down or not faint", k+1, part.Inst)
			}
		}
		if full == 0 || (k > 0) != (pale > 0) {
			t.Errorf("step %d: %d faces of the new piece, %d faint", k+1, full, pale)
		}
	}
}

// A cube right behind another (along the way the projection flattens) is
// out of sight; one half behind is in sight; the centre of a box is not.
// Apart, the centre is pulled into sight.
func TestInSight(t *testing.T) {
	for _, tt := range []struct {
		name  string
		cubes []Cube
		want  []bool
	}{
		{"behind", []Cube{{At: [3]int{0, 0, 0}, Inst: 0}, {At: [3]int{1, 1, 1}, Inst: 1}}, []bool{false, true}},
		{"half behind", []Cube{{At: [3]int{0, 0, 0}, Inst: 0}, {At: [3]int{1, 1, 0}, Inst: 1}}, []bool{true, true}},
		{"centre", box(3, 3, 3, func(x, y, z int) int { return map[bool]int{true: 1}[x == 1 && y == 1 && z == 1] }), []bool{true, false}},
	} {
		if got := InSight(tt.cubes, 2); !slices.Equal(got, tt.want) {
			t.Errorf("%s: InSight = %v, want %v", tt.name, got, tt.want)
		}
	}
	centre := box(3, 3, 3, func(x, y, z int) int { return map[bool]int{true: 1}[x == 1 && y == 1 && z == 1] })
	if a := faceArea(Exploded(centre, 2), ShadeTop); a[1] == 0 {
		t.Errorf("apart, the centre's top is out of sight: tops %v", a)
	}
}
