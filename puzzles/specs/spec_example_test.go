package specs_test

import (
	"context"
	"encoding/json"
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

// The schema names the kinds a spec may be, and the lattices.
func ExampleSchema() {
	var schema struct {
		Properties struct{ Kind struct{ Enum []string } }
		Defs       struct{ Lattice struct{ Enum []string } } `json:"$defs"`
	}
	if err := json.Unmarshal(specs.Schema(), &schema); err != nil {
		log.Fatal(err)
	}
	fmt.Println("kind:", schema.Properties.Kind.Enum)
	fmt.Println("lattice:", schema.Defs.Lattice.Enum)
	// Output:
	// kind: [tiling sudoku queens exact-cover]
	// lattice: [square triangle hexagon cube stick trig]
}
