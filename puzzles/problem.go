package puzzles

import (
	"context"
)

// Problem is a puzzle of any kind, as the search, the saved results, the
// pictures and the command see it: a tiling (*tiling.Puzzle) or a puzzle of
// package matrix (a plain exact-cover matrix, a Sudoku, N queens; see
// matrix.Puzzle), and the kinds to come. A kind builds its exact-cover
// matrix, names its symmetry group, finds its distinct solutions, and
// writes, reads back and checks a solution; the code that handles
// problems never asks which kind it has.
type Problem interface {
	// Kind names the kind, as a spec's kind key does (Kinds).
	Kind() string
	// About says in a line what the problem is.
	About() string
	// Symmetries is the order of the group under which two solutions
	// are the same: 1 when every solution is a class of its own.
	Symmetries() int
	// Matrix returns the problem as an exact-cover matrix, with names for
	// people, as the figures of the method draw it.
	Matrix() *Matrix
	// Fingerprint identifies the search that Solve runs for cfg (nil: the
	// defaults): two runs with the same fingerprint have the same tasks,
	// so their shards may be merged.
	Fingerprint(cfg *SolveConfig) string
	// Solve finds the distinct solutions, one of each class, as cfg (nil:
	// the defaults) says. If ctx is canceled it returns what was found so
	// far, marked incomplete, with ctx's error.
	Solve(ctx context.Context, cfg *SolveConfig) (*Result, error)
	// Decode reads back a solution that Answer.AppendJSON wrote, in a
	// JSON object that may hold other fields, checks that it solves the
	// problem, and returns its class: the solution in canonical form and
	// the size of its class.
	Decode(data []byte) (Class, error)
}

// Answer is one solution of a Problem, in the problem's own terms: a
// tiling's *Solution, a *matrix.Solution.
type Answer interface {
	// String writes the solution as text, as polytile solve prints it:
	// a tiling as an ASCII grid, a Sudoku as its grid of digits.
	String() string
	// AppendJSON appends to b the fields of the JSON object the solution
	// is saved as, without the braces: "pieces":[…] for a tiling,
	// "grid":[…] for a Sudoku.
	AppendJSON(b []byte) []byte
	// SortKey returns text whose byte order is the order in which the
	// problem's distinct solutions are listed; two solutions of one class
	// in canonical form have the same key.
	SortKey() string
	// Rows returns the options of the problem's Matrix that the solution
	// chooses, in increasing order.
	Rows() []int
}

// Legender is an Answer whose text needs a key to its characters
// (Solution.Legend): "" when it needs none.
type Legender interface {
	Legend() string
}

// Remarker is a Problem with a remark on what a search of it found, which
// the report of the search prints as "label: text": whether a Sudoku is
// proper. The label is "" when there is nothing to say.
type Remarker interface {
	Remark(distinct int64, complete bool) (label, text string)
}

// DefaultKind is the kind of a spec that names none, "tiling"; files of
// saved results leave it out.
const DefaultKind = "tiling"

// HeaderFields is what a kind writes of itself in the header of a saved file,
// besides what every Problem gives: Lattice names the lattice it is drawn
// on ("" for the square lattice, which files leave out), Pieces the names
// of its pieces, and SymmetryBreaking whether the search breaks symmetry
// (nil when the kind has no such choice).
type HeaderFields struct {
	Lattice          string
	Pieces           []string
	SymmetryBreaking *bool
}

// HeaderFielder is a Problem with header fields of its own for the search cfg sets up.
type HeaderFielder interface {
	HeaderFields(cfg *SolveConfig) HeaderFields
}
