package pfaffian_test

import (
	"context"
	"fmt"

	"github.com/polytile/polytile/puzzles/pfaffian"
)

func ExampleCount() {
	// A square, 0 1 above 3 2, with the diagonal from 0 to 2: at each
	// vertex its edges counterclockwise.
	g := &pfaffian.Graph{
		Edges:    [][2]int32{{0, 1}, {1, 2}, {2, 3}, {3, 0}, {0, 2}},
		Rotation: [][]int32{{0, 4, 3}, {1, 0}, {2, 4, 1}, {3, 2}},
	}
	n, err := pfaffian.Count(context.Background(), g)
	fmt.Println(n, err)
	// Output: 2 <nil>
}
