package geom_test

import (
	"fmt"

	"github.com/polytile/polytile/puzzles/geom"
)

// A board drawn as text: each cell shows its letter, a hole a space; on
// the stick lattice a '+' marks the grid points at the segments' ends.
func ExampleBoard_Text() {
	square, _ := geom.ParseBoard("...\n.#.\n...")
	fmt.Print(square.Text(func(i int) rune { return rune('a' + i) }))
	sticks, _ := geom.NewRectBoardOn(geom.Stick, 1, 2, nil)
	fmt.Print(sticks.Text(func(int) rune { return '=' }))
	// Output:
	// abc
	// d e
	// fgh
	// +=+=+
	// = = =
	// +=+=+
}
