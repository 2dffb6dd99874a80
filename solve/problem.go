// Package solve is a generic exact-cover solver: Knuth's Algorithm X with
// dancing links, laid out over index arrays the way Knuth's DLX programs lay
// it out (one array of nodes, spacer nodes between options), not as
// pointer-linked records.
//
// An exact-cover matrix (Links) has primary items, which every solution covers exactly once, and
// secondary items, which a solution covers at most once. An option is a set
// of items; a solution is a set of options that covers each primary item
// exactly once and each secondary item at most once. As in Knuth's DLX1, an
// option is only ever chosen to cover a primary item, so an option made of
// secondary items alone is in no solution. Items are the integers
// 0…Primary()-1 (primary) and Primary()…Primary()+Secondary()-1 (secondary);
// options are numbered in the order they were added.
//
// The search chooses the primary item with the fewest remaining options
// (the first such item in item order on ties), so it visits the same nodes as
// Knuth's DLX1 on the same matrix. Solutions stream as an iter.Seq of option
// indices: breaking the loop stops the search, and a context cancels it.
//
// Options may give their secondary items a colour, as in Knuth's DLX2
// (AddColoredOption): two options that share a secondary item go together
// in a solution when both give it the same colour; an item without a
// colour in either is covered at most once, as before. A matrix without
// colours is searched exactly as DLX1 searches it, and at the same speed.
//
// The package knows nothing about puzzles; it imports only the standard
// library.
package solve

import (
	"errors"
	"fmt"
	"slices"
	"sync"
)

// Links is an exact-cover matrix: its items and its options. Build one
// with NewLinks and AddOption; it is not changed by solving, and any number
// of searches may run over it, one after another or at the same time.
type Links struct {
	primary, secondary int
	items              []int32   // the items of all options, option after option
	starts             []int32   // option k's items are items[starts[k]:starts[k+1]]
	colors             []int32   // the colour of each of items (0: none); nil if no option has one
	pool               sync.Pool // links of finished searches, ready for the next
}

// NewLinks returns a matrix with the given numbers of primary and
// secondary items and no options. It panics if either number is negative.
func NewLinks(primary, secondary int) *Links {
	if primary < 0 || secondary < 0 || primary+secondary >= 1<<30 {
		panic(fmt.Sprintf("solve: bad item counts %d, %d", primary, secondary))
	}
	return &Links{primary: primary, secondary: secondary, starts: []int32{0}}
}

// Primary returns the number of primary items.
func (p *Links) Primary() int { return p.primary }

// Secondary returns the number of secondary items.
func (p *Links) Secondary() int { return p.secondary }

// Options returns the number of options.
func (p *Links) Options() int { return len(p.starts) - 1 }

// Option returns the items of option k, in the order they were given.
func (p *Links) Option(k int) []int {
	its := p.items[p.starts[k]:p.starts[k+1]]
	out := make([]int, len(its))
	for i, it := range its {
		out[i] = int(it)
	}
	return out
}

// Colors returns the colours option k gives its items, in the order of
// Option(k), 0 for none; nil if no option of the matrix has a colour.
func (p *Links) Colors(k int) []int {
	if p.colors == nil {
		return nil
	}
	out := make([]int, p.starts[k+1]-p.starts[k])
	for i, c := range p.colors[p.starts[k]:p.starts[k+1]] {
		out[i] = int(c)
	}
	return out
}

// ErrBadOption is wrapped by the errors AddOption and AddColoredOption
// return.
var ErrBadOption = errors.New("solve: bad option")

// AddOption adds an option covering the given items and returns its index.
// An option must name at least one item, each item at most once, and only
// items of the matrix.
func (p *Links) AddOption(items ...int) (int, error) {
	return p.AddColoredOption(items, nil)
}

// AddColoredOption adds an option covering the given items, the j-th of
// them with colour colors[j] (0: none; nil: no colours), and returns its
// index. Only secondary items take a colour, a positive number; the items
// are as AddOption takes them.
func (p *Links) AddColoredOption(items, colors []int) (int, error) {
	if len(items) == 0 {
		return 0, fmt.Errorf("%w: no items", ErrBadOption)
	}
	n := p.primary + p.secondary
	for _, it := range items {
		if it < 0 || it >= n {
			return 0, fmt.Errorf("%w: item %d out of range [0, %d)", ErrBadOption, it, n)
		}
	}
	if it, ok := repeated(items); ok {
		return 0, fmt.Errorf("%w: item %d given twice", ErrBadOption, it)
	}
	if err := p.addColors(items, colors); err != nil {
		return 0, err
	}
	for _, it := range items {
		p.items = append(p.items, int32(it))
	}
	p.starts = append(p.starts, int32(len(p.items)))
	p.pool = sync.Pool{} // links built for the options so far no longer fit
	return len(p.starts) - 2, nil
}

// repeated returns an item given twice in items, if there is one: the
// first repeat, for short options, or the smallest, for long ones (which
// are sorted first, so that a piece of many cells takes no quadratic time).
func repeated(items []int) (int, bool) {
	if len(items) <= 32 {
		for i, it := range items {
			if slices.Contains(items[:i], it) {
				return it, true
			}
		}
		return 0, false
	}
	sorted := slices.Sorted(slices.Values(items))
	for i := 1; i < len(sorted); i++ {
		if sorted[i] == sorted[i-1] {
			return sorted[i], true
		}
	}
	return 0, false
}

// addColors checks the colours of an option's items and keeps them,
// keeping none while no option has one.
func (p *Links) addColors(items, colors []int) error {
	if colors != nil && len(colors) != len(items) {
		return fmt.Errorf("%w: %d colours for %d items", ErrBadOption, len(colors), len(items))
	}
	colored := false
	for j, c := range colors {
		switch {
		case c < 0 || int(int32(c)) != c:
			return fmt.Errorf("%w: item %d has colour %d: a colour is a positive 32-bit number (0: none)", ErrBadOption, items[j], c)
		case c > 0 && items[j] < p.primary:
			return fmt.Errorf("%w: primary item %d has a colour: only secondary items take one", ErrBadOption, items[j])
		}
		colored = colored || c > 0
	}
	if p.colors == nil && !colored {
		return nil
	}
	if p.colors == nil {
		p.colors = make([]int32, len(p.items), len(p.items)+len(items))
	}
	for j := range items {
		c := 0
		if colors != nil {
			c = colors[j]
		}
		p.colors = append(p.colors, int32(c))
	}
	return nil
}
