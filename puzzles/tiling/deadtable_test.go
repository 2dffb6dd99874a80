package tiling

import (
	"context"
	"testing"
)

// The table of dead states holds no state with nothing below it: such a
// state costs no more to meet again than a look (placeGrid, place1).
func TestDeadTableNoEmptyStates(t *testing.T) {
	ctx := context.Background()
	for _, name := range []string{"pentominoes-6x10", "hexiamonds-4x9"} {
		spec, err := loadSpec(name)
		if err != nil {
			t.Fatal(err)
		}
		p := spec.Puzzle.ready()
		e, err := p.encode(ctx, true)
		if err != nil {
			t.Fatal(err)
		}
		f := newFill(e)
		defer f.release()
		covers := 0
		if _, _, err := f.search(ctx, nil, func([]int32) bool { covers++; return true }); err != nil {
			t.Fatal(err)
		}
		if covers == 0 {
			t.Fatalf("%s: no covers", name)
		}
		stored, empty := f.dead.Stored()
		if empty > 0 {
			t.Fatalf("%s: %d states of %d stored with no nodes below them", name, empty, stored)
		}
		if stored == 0 {
			t.Fatalf("%s: nothing stored", name)
		}
	}
}
