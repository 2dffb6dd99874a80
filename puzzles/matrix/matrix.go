// Package matrix holds the kinds of puzzle that are an exact-cover matrix
// and nothing more: a plain matrix of items and options (Plain, also read
// from the text format of Knuth's DLX programs), Sudoku (Sudoku) and N
// queens (Queens). Each encodes itself as a Matrix, turns a solution (the
// options chosen, a Solution) back into its own terms, and knows the
// symmetries under which two solutions are the same. Package puzzles
// searches them (puzzles.MatrixPuzzle). The package knows nothing of
// tilings and imports only solve and the standard library.
package matrix

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"strings"

	"github.com/polytile/polytile/solve"
)

// Matrix is an exact-cover problem: named items, the first Primary of
// them primary (covered exactly once by a solution) and the rest secondary
// (at most once), and options, each a set of items.
type Matrix struct {
	Items   []string
	Primary int
	Options [][]int
	// Names names each option for people ("r1c2 5" for a digit written in
	// a Sudoku's cell); nil when options are known by their items.
	Names []string
}

// NewMatrix makes the matrix of the named primary and secondary items and
// of options given as lists of item names, checking that names are
// unique, that options name known items, each once, and that no option
// is empty.
func NewMatrix(primary, secondary []string, options [][]string) (*Matrix, error) {
	m := &Matrix{Items: append(slices.Clone(primary), secondary...), Primary: len(primary)}
	index := map[string]int{}
	for i, it := range m.Items {
		if it == "" {
			return nil, fmt.Errorf("item %d has no name", i+1)
		}
		if j, ok := index[it]; ok {
			return nil, fmt.Errorf("item %q is named twice (items %d and %d)", it, j+1, i+1)
		}
		index[it] = i
	}
	if len(primary) == 0 {
		return nil, fmt.Errorf("no primary items: a solution would be empty")
	}
	for k, o := range options {
		if len(o) == 0 {
			return nil, fmt.Errorf("option %d is empty", k+1)
		}
		var items []int
		for _, name := range o {
			i, ok := index[name]
			if !ok {
				return nil, fmt.Errorf("option %d (%s) names %q, which is not an item", k+1, strings.Join(o, " "), name)
			}
			if slices.Contains(items, i) {
				return nil, fmt.Errorf("option %d (%s) names %q twice", k+1, strings.Join(o, " "), name)
			}
			items = append(items, i)
		}
		m.Options = append(m.Options, items)
	}
	return m, nil
}

// Encode returns the matrix as package solve's problem: its items and
// options, in the same order.
func (m *Matrix) Encode() (*solve.Problem, error) {
	p := solve.NewProblem(m.Primary, len(m.Items)-m.Primary)
	for _, o := range m.Options {
		if _, err := p.AddOption(o...); err != nil {
			return nil, err
		}
	}
	return p, nil
}

// OptionText writes option k as Knuth writes options: its items' names,
// separated by spaces.
func (m *Matrix) OptionText(k int) string {
	names := make([]string, len(m.Options[k]))
	for i, it := range m.Options[k] {
		names[i] = m.Items[it]
	}
	return strings.Join(names, " ")
}

// Problem is an exact-cover puzzle of one of this package's kinds.
type Problem interface {
	// Kind names the kind: "exact-cover", "sudoku" or "queens".
	Kind() string
	// Matrix returns the problem as an exact-cover matrix.
	Matrix() *Matrix
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
	// Saved returns a solution as the JSON value it is saved as: an
	// object.
	Saved(sol []int) any
	// Decode reads back a solution that Saved saved (a JSON object, which
	// may have other fields) as the options it chooses, sorted, checking
	// that they are options of the problem.
	Decode(data []byte) ([]int, error)
	// About says in a line what the problem is.
	About() string
}

// Fingerprint returns a short text equal for two problems with the same
// items and options, in the same order: two searches split the same way.
func Fingerprint(p Problem) string {
	h := sha256.New()
	m := p.Matrix()
	fmt.Fprintf(h, "%s %d %q\n", p.Kind(), m.Primary, m.Items)
	for _, o := range m.Options {
		fmt.Fprintln(h, o)
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

// Check checks that the options sol (indices) are an exact cover of m:
// every primary item covered once, no secondary item twice.
func (m *Matrix) Check(sol []int) error {
	count := make([]int, len(m.Items))
	for _, k := range sol {
		if k < 0 || k >= len(m.Options) {
			return fmt.Errorf("option %d is not one of the %d options", k, len(m.Options))
		}
		for _, it := range m.Options[k] {
			count[it]++
		}
	}
	for i, n := range count {
		switch {
		case n > 1:
			return fmt.Errorf("item %s is covered %d times", m.Items[i], n)
		case n == 0 && i < m.Primary:
			return fmt.Errorf("item %s is not covered", m.Items[i])
		}
	}
	return nil
}
