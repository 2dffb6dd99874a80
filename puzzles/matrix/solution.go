package matrix

import (
	"encoding/json"
	"fmt"
)

// Solution is one solution of a Model: the options it chooses, sorted.
type Solution struct {
	Of      Model
	Options []int
}

// String writes the solution in its kind's text (Model.Text).
func (s *Solution) String() string { return s.Of.Text(s.Options) }

// AppendJSON appends the fields of the object the solution is saved as
// (Model.Encode), without the braces: "grid":[…] for a Sudoku.
func (s *Solution) AppendJSON(b []byte) []byte {
	v, err := json.Marshal(s.Of.Encode(s.Options))
	if err != nil || len(v) < 2 || v[0] != '{' {
		// Encode returns a struct of strings and numbers, which always
		// marshals as an object.
		panic(fmt.Sprintf("matrix: a %s solution is saved as %s (%v), not an object", s.Of.Kind(), v, err))
	}
	return append(b, v[1:len(v)-1]...)
}

// SortKey returns the key of the solution's class (Model.Canonical),
// whose order is that in which distinct solutions are listed.
func (s *Solution) SortKey() string {
	key, _, _ := s.Of.Canonical(s.Options)
	return key
}

// Model returns the puzzle the solution solves (Of).
func (s *Solution) Model() Model { return s.Of }

// Rows returns the options chosen.
func (s *Solution) Rows() []int { return s.Options }
