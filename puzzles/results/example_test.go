package results_test

import (
	"bytes"
	"context"
	"fmt"
	"log"

	"github.com/polytile/polytile/puzzles/results"
	"github.com/polytile/polytile/puzzles/specs"
)

// A result saved as polytile solve --json saves it, read back into the
// puzzle's solutions.
func ExampleReadResult() {
	spec, err := specs.Load("pentominoes-3x20")
	if err != nil {
		log.Fatal(err)
	}
	res, err := spec.Problem.Solve(context.Background(), nil)
	if err != nil {
		log.Fatal(err)
	}
	var saved bytes.Buffer
	if err := results.NewResultFile(spec, res).Encode(&saved); err != nil {
		log.Fatal(err)
	}

	r, err := results.ReadResult(&saved, "3x20.json")
	if err != nil {
		log.Fatal(err)
	}
	classes, err := r.Classes(spec.Problem)
	if err != nil {
		log.Fatal(err)
	}
	for _, c := range classes {
		fmt.Printf("orbit %d:\n%s", c.Orbit, c)
	}
	// Output:
	// orbit 4:
	// UUXIIIIINNNFTWYYYYZV
	// UXXXPPLNNFFFTWWYZZZV
	// UUXPPPLLLLFTTTWWZVVV
	// orbit 4:
	// UUXIIIIIZWWTTTFLLLLV
	// UXXXPPZZZYWWTFFFNNLV
	// UUXPPPZYYYYWTFNNNVVV
}
