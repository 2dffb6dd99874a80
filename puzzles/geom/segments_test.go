package geom

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// What the tests of the lattices of segments (stick, trig) check alike.

// checkPolyformCounts checks the numbers of lat's polyforms that
// Polyforms generates, free and one-sided, want[n] those of n+1 cells;
// in short mode only those of fewer than short cells.
func checkPolyformCounts(t *testing.T, lat Lattice, free, oneSided []int, short int) {
	t.Helper()
	for _, tc := range []struct {
		oneSided bool
		want     []int
	}{{false, free}, {true, oneSided}} {
		for n, want := range tc.want {
			if testing.Short() && n+1 >= short {
				continue
			}
			if got := len(Polyforms(lat, n+1, tc.oneSided)); got != want {
				t.Errorf("%s polyforms of %d cells, one-sided %v: %d, want %d", lat.Name(), n+1, tc.oneSided, got, want)
			}
		}
	}
}

// transformImages returns the images of cells under each of lat's
// transforms, checking that each is as many valid cells, connected.
func transformImages(t *testing.T, lat Lattice, cells []Cell) [][]Cell {
	t.Helper()
	var out [][]Cell
	for tr := range lat.Transforms() {
		img := TransformShape(lat, tr, cells)
		for _, c := range img {
			if !ValidCell(lat, c) {
				t.Fatalf("transform %d gives %v, no segment", tr, c)
			}
		}
		if len(img) != len(cells) || !Connected(lat, img) {
			t.Errorf("transform %d: %v", tr, img)
		}
		out = append(out, img)
	}
	return out
}

// checkTranslate checks that lat translates cells taking from to to, the
// same shape, but not to wrong, a segment of another direction.
func checkTranslate(t *testing.T, lat Lattice, cells []Cell, from, wrong, to Cell) {
	t.Helper()
	if _, ok := lat.Translate(cells, from, wrong); ok {
		t.Errorf("segment %v translated onto %v, of another direction", from, wrong)
	}
	moved, ok := lat.Translate(cells, from, to)
	if !ok || !slices.Equal(lat.Normalize(moved), lat.Normalize(cells)) {
		t.Errorf("translate: %v %v", moved, ok)
	}
}

// A pictureErrorCase is a picture that parsing refuses with a
// PictureError whose text holds want.
type pictureErrorCase struct{ pic, want string }

func checkPictureErrors(t *testing.T, parse func(string) ([]Cell, error), cases []pictureErrorCase) {
	t.Helper()
	for _, tc := range cases {
		_, err := parse(tc.pic)
		var pe *PictureError
		if !errors.As(err, &pe) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: %v, want a picture error with %q", tc.pic, err, tc.want)
		}
	}
}

// fuzzPictures checks that any text either fails to parse (parse) as a
// picture of lat's segments with a PictureError or gives segments whose
// picture (draw) reads back as segments same as them.
func fuzzPictures(f *testing.F, seeds []string, lat Lattice, parse func(string) ([]Cell, error), draw func([]Cell) string, same func(a, b []Cell) bool) {
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, pic string) {
		cells, err := parse(pic)
		if err != nil {
			var pe *PictureError
			if !errors.As(err, &pe) {
				t.Fatalf("%q: %v is no PictureError", pic, err)
			}
			return
		}
		for _, c := range cells {
			if !ValidCell(lat, c) {
				t.Fatalf("%q: %v is no segment", pic, c)
			}
		}
		back, err := parse(draw(cells))
		if err != nil || !same(back, cells) {
			t.Fatalf("%q: picture %q reads back as %v, %v; want %v", pic, draw(cells), back, err, cells)
		}
	})
}

// checkPieceSet checks that the built-in set of lat's pieces holds n
// pieces, every free (or one-sided) connected polyform of size cells
// once, and returns them.
func checkPieceSet(t *testing.T, lat Lattice, set string, n, size int, oneSided bool) []Piece {
	t.Helper()
	pcs, err := PieceSet(set)
	if err != nil {
		t.Fatal(err)
	}
	if PieceSetLattice(set) != lat || len(pcs) != n {
		t.Errorf("%s: %d pieces on %v, want %d on the %s lattice", set, len(pcs), PieceSetLattice(set), n, lat.Name())
	}
	all := Polyforms(lat, size, oneSided)
	found := make([]bool, len(all))
	for _, p := range pcs {
		if len(p.Cells) != size || p.OneSided != oneSided || !Connected(lat, p.Cells) {
			t.Errorf("%s: %s has %d segments, one-sided %v", set, p.Name, len(p.Cells), p.OneSided)
		}
		k := slices.IndexFunc(all, func(s []Cell) bool { return SameShape(lat, p, s) })
		if k < 0 || found[k] {
			t.Errorf("%s: %s is no new %s polyform of %d segments", set, p.Name, lat.Name(), size)
			continue
		}
		found[k] = true
	}
	return pcs
}
