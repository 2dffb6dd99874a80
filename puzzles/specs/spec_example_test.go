package specs_test

import (
	"context"
	"fmt"
	"log"

	"github.com/polytile/polytile/puzzles/specs"
)

func ExampleParse() {
	spec := `
title: A 2×5 box
board: |
  .....
  .....
pieces:
  L: |
    ###
    #
  O: |
    ##
    ##
  I: "##"
`
	s, err := specs.Parse("box.yaml", []byte(spec))
	if err != nil {
		log.Fatal(err)
	}
	res, err := s.Problem.Solve(context.Background(), nil)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%s: %d solutions\n", s.Title, len(res.Distinct))
	fmt.Print(res.Distinct[0].Solution.String())
	// Output:
	// A 2×5 box: 2 solutions
	// LLLOO
	// LIIOO
}
