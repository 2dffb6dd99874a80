package matrix

import (
	"encoding/json"
	"fmt"
)

// Solution is one solution of a Problem: the options it chooses, sorted.
type Solution struct {
	Problem Problem
	Options []int
}

// String writes the solution in its kind's text (Problem.Text).
func (s *Solution) String() string { return s.Problem.Text(s.Options) }

// AppendJSON appends the fields of the object the solution is saved as
// (Problem.Saved), without the braces: "grid":[…] for a Sudoku.
func (s *Solution) AppendJSON(b []byte) []byte {
	v, err := json.Marshal(s.Problem.Saved(s.Options))
	if err != nil || len(v) < 2 || v[0] != '{' {
		// Saved returns a struct of strings and numbers, which always
		// marshals as an object.
		panic(fmt.Sprintf("matrix: a %s solution is saved as %s (%v), not an object", s.Problem.Kind(), v, err))
	}
	return append(b, v[1:len(v)-1]...)
}

// SortKey returns the key of the solution's class (Problem.Canonical),
// whose order is that in which distinct solutions are listed.
func (s *Solution) SortKey() string {
	key, _, _ := s.Problem.Canonical(s.Options)
	return key
}

// MatrixProblem returns the puzzle the solution solves (Problem).
func (s *Solution) MatrixProblem() Problem { return s.Problem }

// Rows returns the options chosen.
func (s *Solution) Rows() []int { return s.Options }
