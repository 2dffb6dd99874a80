package palettes

import (
	"image/color"
	"slices"
)

// WithSets returns a copy of p (of Default() if p is nil or has no
// colours) that knows the given piece sets, each the names of its pieces
// in the set's order, so that a piece's colour follows its name and set,
// not its place among the pieces a figure shows: pieces whose names all
// belong to a known set are coloured as the whole set would be, the
// smallest such set (the first of those of one size) deciding, and a
// figure of some of a set's pieces gives each the colour it has in the
// set's own. The set is not used when its pieces do not all fit the
// palette's colours while the figure's do, for each of those then keeps a
// colour of its own.
func (p *Palette) WithSets(sets [][]string) *Palette {
	q := p.orDefault().clone()
	q.sets = make([][]string, len(sets))
	for i, s := range sets {
		q.sets[i] = slices.Clone(s)
	}
	return q
}

// setOf returns the names, all different, of the smallest known set that
// holds all of distinct, in the set's order, or distinct itself when there
// is none or the set's pieces would share colours where distinct's need
// not.
func (p *Palette) setOf(distinct []string) []string {
	var best []string
	for _, set := range p.sets {
		if best != nil && len(set) >= len(best) || len(set) < len(distinct) {
			continue
		}
		if holdsAll(set, distinct) {
			best = set
		}
	}
	if best == nil || len(best) > p.proper() && len(distinct) <= p.proper() {
		return distinct
	}
	best, _ = distinctNames(best)
	return best
}

// holdsAll reports whether every name of names is in set.
func holdsAll(set, names []string) bool {
	in := make(map[string]bool, len(set))
	for _, n := range set {
		in[n] = true
	}
	for _, n := range names {
		if !in[n] {
			return false
		}
	}
	return true
}

// MinDeltaE is the least difference (CIEDE2000) that the colouring rule
// keeps between the colours pieces take in order, where the palette has
// enough colours so far apart.
const MinDeltaE = 20

// spaced returns free, the colours not taken by a label, reordered so that
// the first need of them differ from each other and from the taken ones by
// MinDeltaE where the palette allows it, and else by as much as it allows
// (in steps of 1): the colours are chosen in palette order, each skipped
// if too near one chosen before; the skipped ones follow, in order. When
// need is not less than the free colours, free is returned unchanged.
func (p *Palette) spaced(free []int, taken []bool, need int) []int {
	if need >= len(free) || need <= 0 {
		return free
	}
	var fixed []color.NRGBA
	for i, t := range taken {
		if t {
			fixed = append(fixed, p.Colors[i])
		}
	}
	for d := float64(MinDeltaE); d > 0; d-- {
		if order, ok := p.spacedBy(free, fixed, need, d); ok {
			return order
		}
	}
	return free
}

// spacedBy is spaced for one least difference d, reporting whether need
// colours were found so far apart.
func (p *Palette) spacedBy(free []int, fixed []color.NRGBA, need int, d float64) ([]int, bool) {
	chosen := slices.Clone(fixed)
	var first, rest []int
	for _, c := range free {
		near := false
		for _, o := range chosen {
			if DeltaE(p.Colors[c], o) < d {
				near = true
				break
			}
		}
		if near || len(first) == need {
			rest = append(rest, c)
			continue
		}
		first = append(first, c)
		chosen = append(chosen, p.Colors[c])
	}
	return append(first, rest...), len(first) == need
}
