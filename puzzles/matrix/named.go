package matrix

import (
	"fmt"
	"slices"
	"strings"

	"github.com/polytile/polytile/puzzles"
)

// An Error is a mistake in the items or options NewMatrix is given: the
// item or option at fault, if any, and what is wrong.
type Error struct {
	Option int    // the option at fault, counted from 1; 0 for a mistake in the items
	Item   int    // the item at fault, counted from 1 over the primary and secondary items; 0 if none
	Msg    string // what is wrong, naming the option or item
}

func (e *Error) Error() string { return e.Msg }

// NewMatrix makes the matrix of the named primary and secondary items and
// of options given as lists of item names, checking that names are
// unique, that options name known items, each once, and that no option
// is empty. An option's secondary item may carry a colour, as in Knuth's
// DLX2: "x:A" is item x with colour A, which goes with every other option
// that gives x colour A. An item's name therefore has no ':', and a
// primary item takes no colour. A mistake is an *Error.
func NewMatrix(primary, secondary []string, options [][]string) (*puzzles.Matrix, error) {
	m := &puzzles.Matrix{Items: append(slices.Clone(primary), secondary...), Primary: len(primary)}
	index := map[string]int{}
	for i, it := range m.Items {
		switch {
		case it == "":
			return nil, &Error{Item: i + 1, Msg: fmt.Sprintf("item %d has no name", i+1)}
		case strings.Contains(it, ":"):
			return nil, &Error{Item: i + 1, Msg: fmt.Sprintf("item %q has a ':' in its name: in an option, ':' ends an item's name and starts its colour (x:A); name the item without one", it)}
		}
		if j, ok := index[it]; ok {
			return nil, &Error{Item: i + 1, Msg: fmt.Sprintf("item %q is named twice (items %d and %d)", it, j+1, i+1)}
		}
		index[it] = i
	}
	if len(primary) == 0 {
		return nil, &Error{Msg: "no primary items: a solution would be empty"}
	}
	colored := false
	for k, o := range options {
		items, colors, err := readOption(m, index, k, o)
		if err != nil {
			return nil, err
		}
		m.Options = append(m.Options, items)
		m.Colors = append(m.Colors, colors)
		colored = colored || slices.ContainsFunc(colors, func(c string) bool { return c != "" })
	}
	if !colored {
		m.Colors = nil
	}
	return m, nil
}

// readOption reads option k (counted from 0), o: its items, and the colour it
// gives each ("" for none).
func readOption(m *puzzles.Matrix, index map[string]int, k int, o []string) ([]int, []string, error) {
	bad := func(format string, args ...any) ([]int, []string, error) {
		msg := fmt.Sprintf("option %d (%s) ", k+1, strings.Join(o, " ")) + fmt.Sprintf(format, args...)
		return nil, nil, &Error{Option: k + 1, Msg: msg}
	}
	if len(o) == 0 {
		return nil, nil, &Error{Option: k + 1, Msg: fmt.Sprintf("option %d is empty", k+1)}
	}
	var items []int
	var colors []string
	for _, word := range o {
		name, color, colored := strings.Cut(word, ":")
		i, ok := index[name]
		switch {
		case !ok:
			return bad("names %q, which is not an item", name)
		case slices.Contains(items, i):
			return bad("names %q twice", name)
		case colored && color == "":
			return bad("gives %q no colour after its ':': write a colour's name (%s:A), or no ':'", name, name)
		case strings.Contains(color, ":"):
			return bad("gives %q the colour %q: a colour's name has no ':'", name, color)
		case colored && i < m.Primary:
			return bad("gives the primary item %q a colour (%s): only secondary items take one; make %q secondary or write it without ':%s'", name, word, name, color)
		}
		items = append(items, i)
		colors = append(colors, color)
	}
	return items, colors, nil
}
