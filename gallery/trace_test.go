package gallery

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// gridOf reads a picture of instances: a digit or letter per cell (each
// character its own instance, numbered in order of first appearance), a
// space or '.' for no cell.
func gridOf(pic string) *cells {
	lines := strings.Split(strings.Trim(pic, "\n"), "\n")
	g := &cells{rows: len(lines)}
	for _, l := range lines {
		g.cols = max(g.cols, len(l))
	}
	g.owner = make([]int, g.rows*g.cols)
	ids := map[byte]int{}
	for r, l := range lines {
		for c := range g.cols {
			o := -1
			if c < len(l) && l[c] != ' ' && l[c] != '.' {
				id, ok := ids[l[c]]
				if !ok {
					id = len(ids)
					ids[l[c]] = id
				}
				o = id
			}
			g.owner[r*g.cols+c] = o
		}
	}
	g.instances = len(ids)
	return g
}

func ringString(r Ring) string {
	var parts []string
	for _, p := range r {
		parts = append(parts, fmt.Sprintf("%g,%g", p.X, p.Y))
	}
	return strings.Join(parts, " ")
}

// area returns the signed area of a ring: positive when it turns clockwise
// on the screen (y down), as outer outlines do.
func area(r Ring) float64 {
	a := 0.0
	for i := range r {
		p, q := r[i], r[(i+1)%len(r)]
		a += p.X*q.Y - q.X*p.Y
	}
	return a / 2
}

func TestOutlines(t *testing.T) {
	tests := []struct {
		name  string
		pic   string
		rings []string // of instance 0
	}{
		{"cell", "a", []string{"1,0 1,1 0,1 0,0"}},
		{"domino", "aa", []string{"2,0 2,1 0,1 0,0"}},
		{"L", "a\na\naa", []string{"1,0 1,2 2,2 2,3 0,3 0,0"}},
		{"U", "a.a\naaa", []string{"1,0 1,1 2,1 2,0 3,0 3,2 0,2 0,0"}},
		// A ring of 8 cells around a hole: an outer ring and a hole ring.
		{"ring", "aaa\na.a\naaa", []string{"3,0 3,3 0,3 0,0", "1,1 1,2 2,2 2,1"}},
		// A piece wrapped around another, no pinch: checked below only.
		{"wrapped", "aab\nbab\nbbb", nil},
		// A hole touching the outside at a corner, (2,1), where the
		// piece's cells (0,1) and (1,2) meet diagonally: the outline
		// turns left there, so the outside and the hole get a ring each.
		{"pinched hole", "aa.\na.a\naaa", []string{"2,0 2,1 3,1 3,3 0,3 0,0", "1,1 1,2 2,2 2,1"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := gridOf(tt.pic)
			out := g.outlines()
			if tt.rings != nil {
				var got []string
				for _, r := range out[0] {
					got = append(got, ringString(r))
				}
				if !slices.Equal(got, tt.rings) {
					t.Errorf("outlines = %q, want %q", got, tt.rings)
				}
			}
			// Whatever the shape: the rings' areas add up to the number of
			// cells, each ring closes with axis-parallel sides, and no
			// vertex is repeated in a row or lies on a straight run.
			for inst, rings := range out {
				sum := 0.0
				for _, r := range rings {
					sum += area(r)
					for i := range r {
						p, q, s := r[i], r[(i+1)%len(r)], r[(i+2)%len(r)]
						if p.X != q.X && p.Y != q.Y {
							t.Errorf("instance %d: diagonal side %v–%v", inst, p, q)
						}
						if (p.X == q.X && q.X == s.X) || (p.Y == q.Y && q.Y == s.Y) {
							t.Errorf("instance %d: %v lies on a straight run", inst, q)
						}
					}
				}
				cellsOf := strings.Count(strings.ReplaceAll(tt.pic, "\n", ""), string("abcdefgh"[inst]))
				if sum != float64(cellsOf) {
					t.Errorf("instance %d: rings enclose %g, want %d cells", inst, sum, cellsOf)
				}
			}
		})
	}
}

func segString(segs []Segment) string {
	var parts []string
	for _, s := range segs {
		parts = append(parts, fmt.Sprintf("%g,%g-%g,%g", s.A.X, s.A.Y, s.B.X, s.B.Y))
	}
	return strings.Join(parts, " ")
}

func TestLines(t *testing.T) {
	tests := []struct {
		name          string
		pic           string
		borders, grid string
	}{
		{"domino", "aa", "0,0-2,0 0,1-2,1 0,0-0,1 2,0-2,1", "1,0-1,1"},
		// Grid lines of neighbouring pieces merge: the border covers the join.
		{"two dominoes", "ab\nab", "0,0-2,0 0,2-2,2 0,0-0,2 1,0-1,2 2,0-2,2", "0,1-2,1"},
		// A hole is bordered on all sides; the grid runs between the cells
		// of the ring only, stopping at the hole.
		{"hole", "aaa\na.a\naaa", "0,0-3,0 1,1-2,1 1,2-2,2 0,3-3,3 0,0-0,3 1,1-1,2 2,1-2,2 3,0-3,3",
			"0,1-1,1 2,1-3,1 0,2-1,2 2,2-3,2 1,0-1,1 1,2-1,3 2,0-2,1 2,2-2,3"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, g := gridOf(tt.pic).lines()
			if got := segString(b); got != tt.borders {
				t.Errorf("borders = %s, want %s", got, tt.borders)
			}
			if got := segString(g); got != tt.grid {
				t.Errorf("grid = %s, want %s", got, tt.grid)
			}
		})
	}
}

func TestAdjacency(t *testing.T) {
	g := gridOf("aab\ncdb\ncdd")
	want := [][]int{{1, 2, 3}, {0, 3}, {0, 3}, {0, 1, 2}}
	if got := g.adjacency(); !slices.EqualFunc(got, want, slices.Equal) {
		t.Errorf("adjacency = %v, want %v", got, want)
	}
}
