package puzzles_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/polytile/polytile/puzzles"
	"github.com/polytile/polytile/puzzles/matrix"
)

// The search tree of Knuth's example cut at depth 1: the root chooses
// item A, and each of its options leads to a node that counts what lies
// below it.
func ExampleMatrix_Tree() {
	var options [][]string
	for _, o := range []string{"C E F", "A D G", "B C F", "A D", "B G", "D E G"} {
		options = append(options, strings.Fields(o))
	}
	m, err := matrix.NewMatrix(strings.Fields("A B C D E F G"), nil, options)
	if err != nil {
		panic(err)
	}
	root, err := m.Tree(context.Background(), puzzles.TreeConfig{Depth: 1})
	if err != nil {
		panic(err)
	}
	fmt.Printf("the root chooses %s; nodes below: %d, solutions: %d\n", m.Items[root.Item], root.Below, root.Solutions)
	for _, c := range root.Children {
		fmt.Printf("%s: chooses %s, cut %v; nodes below: %d, solutions: %d\n", m.OptionText(c.Option), m.Items[c.Item], c.Cut, c.Below, c.Solutions)
	}
	// Output:
	// the root chooses A; nodes below: 5, solutions: 1
	// A D G: chooses B, cut true; nodes below: 1, solutions: 0
	// A D: chooses E, cut true; nodes below: 2, solutions: 1
}
