package vacant

import (
	"fmt"
	"slices"
	"testing"

	"github.com/polytile/polytile/puzzles/geom"
)

// squareGroup returns the eight symmetries of the n × n board's cells
// (reading order), the identity first, as permutations.
func squareGroup(n int) [][]int32 {
	var group [][]int32
	maps := []func(r, c int) (int, int){
		func(r, c int) (int, int) { return r, c },
		func(r, c int) (int, int) { return c, n - 1 - r },
		func(r, c int) (int, int) { return n - 1 - r, n - 1 - c },
		func(r, c int) (int, int) { return n - 1 - c, r },
		func(r, c int) (int, int) { return r, n - 1 - c },
		func(r, c int) (int, int) { return n - 1 - r, c },
		func(r, c int) (int, int) { return c, r },
		func(r, c int) (int, int) { return n - 1 - c, n - 1 - r },
	}
	for _, m := range maps {
		perm := make([]int32, n*n)
		for i := range perm {
			r, c := m(i/n, i%n)
			perm[i] = int32(r*n + c)
		}
		group = append(group, perm)
	}
	return group
}

// image returns the image of set under perm, sorted.
func image(perm, set []int32) []int32 {
	img := make([]int32, len(set))
	for i, c := range set {
		img[i] = perm[c]
	}
	slices.Sort(img)
	return img
}

// TestClassesOrbits checks, on square boards whose every set fits (a
// monomino of any count), that the classes' orbits are disjoint and
// cover every set, each of |G| / |Stab| sets, and that each class's
// stabiliser is the symmetries that map it onto itself.
func TestClassesOrbits(t *testing.T) {
	mono := []geom.Piece{{Name: "m", Cells: []geom.Cell{{}}, Count: 25}}
	for _, tc := range []struct{ n, k, classes int }{{3, 2, 8}, {4, 4, 252}, {5, 3, 0}} {
		t.Run(fmt.Sprintf("%d×%d choose %d", tc.n, tc.n, tc.k), func(t *testing.T) {
			b, err := geom.NewRectBoard(tc.n, tc.n, nil)
			if err != nil {
				t.Fatal(err)
			}
			group := squareGroup(tc.n)
			classes, err := Classes(b, group, tc.k, mono)
			if err != nil {
				t.Fatal(err)
			}
			seen := map[string]bool{}
			for _, cl := range classes {
				var stab []int
				for g, perm := range group {
					img := image(perm, cl.Cells)
					if slices.Equal(img, cl.Cells) {
						stab = append(stab, g)
					}
					seen[fmt.Sprint(img)] = true
				}
				if !slices.Equal(stab, cl.Stab) {
					t.Errorf("class %v: stabiliser %v, want %v", cl.Cells, cl.Stab, stab)
				}
			}
			sum := 0
			for _, cl := range classes {
				sum += len(group) / len(cl.Stab)
			}
			want := int(Subsets(tc.n*tc.n, tc.k).Int64())
			if sum != want || len(seen) != want {
				t.Errorf("%d classes of %d sets (%d seen); want %d sets", len(classes), sum, len(seen), want)
			}
			if tc.classes > 0 && len(classes) != tc.classes {
				t.Errorf("%d classes, want %d", len(classes), tc.classes)
			}
		})
	}
}

// TestClassesPrune checks that a set that walls in a region no choice
// of pieces fills is left out, and the others kept.
func TestClassesPrune(t *testing.T) {
	// A row of 7 with two empty cells, a domino and a straight tromino:
	// the sizes they cover are 0, 2, 3 and 5.
	b, err := geom.NewRectBoard(1, 7, nil)
	if err != nil {
		t.Fatal(err)
	}
	pieces := []geom.Piece{
		{Name: "d", Cells: []geom.Cell{{}, {Col: 1}}, Count: 1},
		{Name: "t", Cells: []geom.Cell{{}, {Col: 1}, {Col: 2}}, Count: 1},
	}
	ident := []int32{0, 1, 2, 3, 4, 5, 6}
	classes, err := Classes(b, [][]int32{ident}, 2, pieces)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, cl := range classes {
		got = append(got, fmt.Sprint(cl.Cells))
	}
	// The regions left (before, between and after the empty cells) must
	// be of 0, 2, 3 or 5 cells: 5 and 0 and 0, or 2 and 3 in some order.
	want := []string{"[0 1]", "[0 3]", "[0 4]", "[0 6]", "[2 3]", "[2 6]", "[3 4]", "[3 6]", "[5 6]"}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("classes %v, want %v", got, want)
	}
}

func TestSizes(t *testing.T) {
	pieces := []geom.Piece{
		{Name: "d", Cells: []geom.Cell{{}, {Col: 1}}, Count: 2},
		{Name: "t", Cells: []geom.Cell{{}, {Col: 1}, {Col: 2}}, Count: 1},
	}
	var got []int
	for s, ok := range Sizes(pieces, 10) {
		if ok {
			got = append(got, s)
		}
	}
	if want := []int{0, 2, 3, 4, 5, 7}; !slices.Equal(got, want) {
		t.Errorf("sizes %v, want %v", got, want)
	}
}

func TestPaysAndLimit(t *testing.T) {
	for _, tc := range []struct {
		n, k, pieces int
		want         bool
	}{{64, 4, 12, true}, {64, 5, 12, false}, {64, 4, 5, false}, {25, 5, 5, false}, {61, 1, 12, true}, {10, 11, 12, false}} {
		if got := Pays(tc.n, tc.k, tc.pieces); got != tc.want {
			t.Errorf("Pays(%d, %d, %d) = %v, want %v", tc.n, tc.k, tc.pieces, got, tc.want)
		}
	}
	b, err := geom.NewRectBoard(8, 8, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Classes(b, squareGroup(8), 5, nil); err == nil {
		t.Errorf("Classes of 5 of 64 cells: no error")
	}
}

func TestWithout(t *testing.T) {
	b, err := geom.NewRectBoard(2, 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	w, err := Without(b, []int32{1, 5})
	if err != nil {
		t.Fatal(err)
	}
	want := []geom.Cell{{Row: 0, Col: 0}, {Row: 0, Col: 2}, {Row: 1, Col: 0}, {Row: 1, Col: 1}}
	if !slices.Equal(w.Cells(), want) {
		t.Errorf("cells %v, want %v", w.Cells(), want)
	}
}
