package tiling

import (
	"slices"
	"testing"

	"github.com/polytile/polytile/puzzles"
)

// A spill gives back the classes written to it, in order, however they
// are written and read in turn, and is written from its start again once
// read; codes take two bytes a number or four.
func TestSpill(t *testing.T) {
	spec, res := mustSolve(t, "scott")
	classes := res.Distinct
	for _, width := range []int{2, 4} {
		s := newSpill(spec.Puzzle)
		s.width = width
		var got []puzzles.Class
		for i := 0; i < len(classes); {
			n := min(7, len(classes)-i)
			if err := s.write(classes[i : i+n]); err != nil {
				t.Fatal(err)
			}
			i += n
			back, err := s.next(5)
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, back...)
		}
		for s.pending() {
			back, err := s.next(5)
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, back...)
		}
		if s.end != 0 || s.read != 0 {
			t.Errorf("width %d: the spill is not written from its start again once read (end %d, read %d)", width, s.end, s.read)
		}
		s.close()
		if len(got) != len(classes) {
			t.Fatalf("width %d: %d classes back, want %d", width, len(got), len(classes))
		}
		for i := range got {
			if got[i].Orbit != classes[i].Orbit || !slices.Equal(tiled(got[i]).code, tiled(classes[i]).code) {
				t.Fatalf("width %d: class %d came back as another", width, i)
			}
		}
	}
}
