// Package matrix holds the kinds of puzzle that are an exact-cover matrix
// and nothing more: a plain matrix of items and options (Plain, also read
// from the text format of Knuth's DLX programs), Sudoku (Sudoku) and N
// queens (Queens). Each encodes itself as a puzzles.Matrix, turns a
// solution (the options chosen, a Solution) back into its own terms, and
// knows the symmetries under which two solutions are the same. Puzzle makes
// any of them a puzzles.Problem, searched with Dancing Links. The package
// knows nothing of tilings: it imports puzzles (the model) and solve.
package matrix

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"

	"github.com/polytile/polytile/puzzles"
)

// Model is an exact-cover puzzle of one of this package's kinds.
type Model interface {
	// Kind names the kind: "exact-cover", "sudoku" or "queens".
	Kind() string
	// Matrix returns the problem as an exact-cover matrix.
	Matrix() *puzzles.Matrix
	// Symmetries returns the number of symmetries under which two
	// solutions are the same: 1 when every solution is its own class.
	Symmetries() int
	// Canonical returns a key equal for two solutions (sorted option
	// indices) of one class, and only for them; the class's canonical
	// solution, the one a search keeps of it whichever it finds; and the
	// size of the class.
	Canonical(sol []int) (key string, canon []int, orbit int)
	// Text writes a solution as text, as polytile solve prints it.
	Text(sol []int) string
	// Encode returns a solution as the JSON value it is saved as: an
	// object.
	Encode(sol []int) any
	// Decode reads back a solution that Encode saved (a JSON object, which
	// may have other fields) as the options it chooses, sorted, checking
	// that they are options of the problem.
	Decode(data []byte) ([]int, error)
	// About says in a line what the problem is.
	About() string
}

// Fingerprint returns a short text equal for two problems with the same
// items and options, in the same order: two searches split the same way.
func Fingerprint(p Model) string {
	h := sha256.New()
	m := p.Matrix()
	fmt.Fprintf(h, "%s %d %q\n", p.Kind(), m.Primary, m.Items)
	for _, o := range m.Options {
		fmt.Fprintln(h, o)
	}
	if m.Colors != nil { // a matrix without colours keeps the fingerprint it had
		fmt.Fprintf(h, "colors %q\n", m.Colors)
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// byName returns a function that finds option indices by a key of each
// option, taking each option once (a matrix may repeat one).
func byName(n int, key func(k int) string) func(string) (int, bool) {
	index := map[string][]int{}
	for k := range n {
		index[key(k)] = append(index[key(k)], k)
	}
	return func(name string) (int, bool) {
		ks := index[name]
		if len(ks) == 0 {
			return 0, false
		}
		index[name] = ks[1:]
		return ks[0], true
	}
}
