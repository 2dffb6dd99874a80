package puzzles

import (
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
// is empty. A mistake is a *MatrixError.
func NewMatrix(primary, secondary []string, options [][]string) (*Matrix, error) {
	m := &Matrix{Items: append(slices.Clone(primary), secondary...), Primary: len(primary)}
	index := map[string]int{}
	for i, it := range m.Items {
		if it == "" {
			return nil, &MatrixError{Msg: fmt.Sprintf("item %d has no name", i+1)}
		}
		if j, ok := index[it]; ok {
			return nil, &MatrixError{Msg: fmt.Sprintf("item %q is named twice (items %d and %d)", it, j+1, i+1)}
		}
		index[it] = i
	}
	if len(primary) == 0 {
		return nil, &MatrixError{Msg: "no primary items: a solution would be empty"}
	}
	for k, o := range options {
		if len(o) == 0 {
			return nil, &MatrixError{Option: k + 1, Msg: fmt.Sprintf("option %d is empty", k+1)}
		}
		var items []int
		for _, name := range o {
			i, ok := index[name]
			if !ok {
				return nil, &MatrixError{Option: k + 1, Msg: fmt.Sprintf("option %d (%s) names %q, which is not an item", k+1, strings.Join(o, " "), name)}
			}
			if slices.Contains(items, i) {
				return nil, &MatrixError{Option: k + 1, Msg: fmt.Sprintf("option %d (%s) names %q twice", k+1, strings.Join(o, " "), name)}
			}
			items = append(items, i)
		}
		m.Options = append(m.Options, items)
	}
	return m, nil
}

// Encode returns the matrix as package solve's problem: its items and
// options, in the same order.
func (m *Matrix) Encode() (*solve.Links, error) {
	p := solve.NewLinks(m.Primary, len(m.Items)-m.Primary)
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
