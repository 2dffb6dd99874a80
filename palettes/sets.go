package palettes

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"
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
	q.memo = new(sync.Map)
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

// ownDistinctMemo is ownDistinct, its answers kept when p knows sets:
// a figure's frames ask again and again.
func (p *Palette) ownDistinctMemo(names []string) []int {
	if p.memo == nil {
		return p.ownDistinct(names)
	}
	var key strings.Builder
	for _, c := range p.Colors {
		key.Write([]byte{c.R, c.G, c.B, c.A})
	}
	for i, l := range p.Labels {
		fmt.Fprintf(&key, "%d:%q", i, l)
	}
	fmt.Fprintf(&key, "%d|%q", p.base, names)
	if own, ok := p.memo.Load(key.String()); ok {
		return own.([]int)
	}
	own := p.ownDistinct(names)
	p.memo.Store(key.String(), own)
	return own
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
// the first need of them differ from each other and from the taken ones as
// much as the palette allows (CIEDE2000), at least MinDeltaE where it can.
// Two ways are tried, and the one whose least difference is the larger
// kept (the first on a tie): taking the colours in palette order, each
// skipped if nearer than a bound to one taken before, the bound the
// largest of MinDeltaE, MinDeltaE - 0.5, ... that leaves need; and
// dropping, while more than need are left, one of the two nearest colours
// (the one nearer the rest, the later on a tie), never a taken one. The
// colours chosen come first, in palette order, then the others, in order.
// When need is not less than the free colours, free is returned unchanged.
func (p *Palette) spaced(free []int, taken []bool, need int) []int {
	if need >= len(free) || need <= 0 {
		return free
	}
	var all []int // the taken colours, then the free ones
	for i, t := range taken {
		if t {
			all = append(all, i)
		}
	}
	sp := spacing{fixed: len(all), need: need}
	all = append(all, free...)
	sp.d = make([][]float64, len(all))
	for i, a := range all {
		sp.d[i] = make([]float64, len(all))
		for j, b := range all[:i] {
			sp.d[i][j] = DeltaE(p.Colors[a], p.Colors[b])
			sp.d[j][i] = sp.d[i][j]
		}
	}
	best, bestLeast := []bool(nil), -1.0
	for _, chosen := range [][]bool{sp.firstFit(), sp.drop()} {
		if least := sp.least(chosen); least > bestLeast {
			best, bestLeast = chosen, least
		}
	}
	var kept, went []int
	for k, c := range free {
		if best[sp.fixed+k] {
			kept = append(kept, c)
		} else {
			went = append(went, c)
		}
	}
	return append(kept, went...)
}

// spacing chooses need colours among n, the first fixed of which are
// chosen already, d their differences.
type spacing struct {
	d           [][]float64
	fixed, need int
}

// least returns the least difference between two chosen colours.
func (sp *spacing) least(chosen []bool) float64 {
	least := math.Inf(1)
	for i := range sp.d {
		for j := range i {
			if chosen[i] && chosen[j] {
				least = min(least, sp.d[i][j])
			}
		}
	}
	return least
}

// firstFit takes colours in order, each unless nearer than a bound to one
// taken before, with the largest bound (in steps of 0.5 from MinDeltaE)
// that gives need.
func (sp *spacing) firstFit() []bool {
	chosen := make([]bool, len(sp.d))
	for bound := float64(MinDeltaE); bound >= 0; bound -= 0.5 {
		n := 0
		for i := range chosen {
			chosen[i] = i < sp.fixed
			if i < sp.fixed || n == sp.need {
				continue
			}
			chosen[i] = true
			for j := range i {
				if chosen[j] && sp.d[i][j] < bound {
					chosen[i] = false
					break
				}
			}
			if chosen[i] {
				n++
			}
		}
		if n == sp.need {
			break
		}
	}
	return chosen
}

// drop leaves out, while more than need are left, one of the two nearest
// colours: the one nearer the rest (the later on a tie), never a fixed one.
func (sp *spacing) drop() []bool {
	chosen := make([]bool, len(sp.d))
	for i := range chosen {
		chosen[i] = true
	}
	nearest := func(i, not int) float64 {
		least := math.Inf(1)
		for j := range chosen {
			if j != i && j != not && chosen[j] {
				least = min(least, sp.d[i][j])
			}
		}
		return least
	}
	for left := len(chosen) - sp.fixed; left > sp.need; left-- {
		bi, bj := -1, -1
		for i := sp.fixed; i < len(chosen); i++ {
			for j := range i {
				if chosen[i] && chosen[j] && (bi < 0 || sp.d[i][j] < sp.d[bi][bj]) {
					bi, bj = i, j
				}
			}
		}
		out := bi // the later of the pair, which is free
		if bj >= sp.fixed && nearest(bj, bi) < nearest(bi, bj) {
			out = bj
		}
		chosen[out] = false
	}
	return chosen
}
