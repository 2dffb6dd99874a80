package palettes

import (
	"cmp"
	"fmt"
	"image/color"
	"slices"
	"strings"
)

// PieceColors returns the colour of each piece of a puzzle, given the
// pieces' names in the puzzle's order: the piece's own colour, the same
// for pieces of one name (copies of one piece), which InstanceColors gives
// every copy of the piece unless a neighbour of another piece already has
// it.
// It suits legends and sheets of the piece set. The rule is in the package
// documentation; when there are more pieces than colours, colours repeat.
func (p *Palette) PieceColors(pieceNames []string) []color.NRGBA {
	p = p.orDefault()
	own := p.own(pieceNames)
	colours := make([]color.NRGBA, len(own))
	for k, i := range own {
		colours[k] = p.Colors[i]
	}
	return colours
}

// InstanceColors returns a colour for each piece instance of one solution.
// pieceNames are the names of the puzzle's pieces in the puzzle's order,
// the same for every solution; instancePiece[i] is the index in pieceNames
// of instance i's piece; adjacent[i] lists the instances that touch
// instance i (those sharing an edge, for instance). The adjacency may list
// each pair once or twice and in any order; a pair listed once counts both
// ways, and an instance listed as its own neighbour is ignored. adjacent
// may be nil, meaning that no instances touch.
//
// Each instance prefers its piece's own colour (see PieceColors), which
// copies of a piece (pieces of one name) share, touching or not: the
// borders tell them apart. When there are no more pieces (names) than
// colours, every instance gets it, so each piece has the same colour in
// every solution.
// Otherwise the instances are coloured one at a time, in order of piece and
// then of instance, each taking its piece's own colour unless an
// already-coloured neighbour has it, then a colour no neighbour has: first
// one that is no piece's own colour, then any other, each time looking
// through the palette in order starting after its own colour. With at least
// one colour more than any instance has neighbours, neighbours always
// differ; with fewer, an instance whose neighbours have every colour takes
// the one fewest of them have.
//
// The result depends only on the arguments, never on chance or on
// iteration order of maps. Copies of a piece are interchangeable, so their
// colours depend on the order in which the instances are listed: list
// them in a canonical order (by their first cell in reading order, say),
// and the same solution always gets the same colours.
//
// InstanceColors panics if the arguments contradict each other: an instance of a
// piece out of range, a neighbour out of range, or adjacent neither nil nor
// of the same length as instancePiece.
func (p *Palette) InstanceColors(pieceNames []string, instancePiece []int, adjacent [][]int) []color.NRGBA {
	p = p.orDefault()
	idx := p.assign(pieceNames, instancePiece, adjacent)
	colours := make([]color.NRGBA, len(idx))
	for i, c := range idx {
		colours[i] = p.Colors[c]
	}
	return colours
}

// assign is Colour's rule, giving indices into p.Colors.
func (p *Palette) assign(pieceNames []string, instancePiece []int, adjacent [][]int) []int {
	n := len(instancePiece)
	if adjacent != nil && len(adjacent) != n {
		panic(fmt.Sprintf("palettes: InstanceColors: %d adjacency lists for %d instances", len(adjacent), n))
	}
	for i, k := range instancePiece {
		if k < 0 || k >= len(pieceNames) {
			panic(fmt.Sprintf("palettes: InstanceColors: instance %d is of piece %d, not one of the %d pieces", i, k, len(pieceNames)))
		}
	}
	// The neighbours of each instance, both ways, sorted and without
	// repeats; copies of one piece (pieces of one name) share its colour,
	// so a copy is no neighbour of another.
	_, nameOf := distinctNames(pieceNames)
	nbrs := make([][]int, n)
	for i, list := range adjacent {
		for _, j := range list {
			if j < 0 || j >= n {
				panic(fmt.Sprintf("palettes: InstanceColors: instance %d has neighbour %d, not one of the %d instances", i, j, n))
			}
			if j != i && nameOf[instancePiece[i]] != nameOf[instancePiece[j]] {
				nbrs[i] = append(nbrs[i], j)
				nbrs[j] = append(nbrs[j], i)
			}
		}
	}
	for i := range nbrs {
		slices.Sort(nbrs[i])
		nbrs[i] = slices.Compact(nbrs[i])
	}

	own := p.own(pieceNames)
	owned := make([]bool, len(p.Colors))
	for _, c := range own {
		owned[c] = true
	}
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(instancePiece[a], instancePiece[b]) })

	colour := make([]int, n)
	for i := range colour {
		colour[i] = -1
	}
	count := make([]int, len(p.Colors)) // of each colour among the neighbours
	var cand []int
	for _, i := range order {
		for _, j := range nbrs[i] {
			if colour[j] >= 0 {
				count[colour[j]]++
			}
		}
		cand = p.candidates(cand[:0], own[instancePiece[i]], owned)
		best := -1
		for _, c := range cand {
			if best < 0 || count[c] < count[best] {
				best = c
				if count[c] == 0 {
					break
				}
			}
		}
		colour[i] = best
		for _, j := range nbrs[i] {
			if colour[j] >= 0 {
				count[colour[j]]--
			}
		}
	}
	return colour
}

// candidates appends to dst every colour index in the order an instance
// whose own colour is own tries them: own first; then the colours of the
// palette proper, starting after own and wrapping round, those that are no
// piece's own colour before those that are; then the colours added by
// FromMap, likewise.
func (p *Palette) candidates(dst []int, own int, owned []bool) []int {
	dst = append(dst, own)
	nb, m := p.proper(), len(p.Colors)
	start := 0
	if own < nb {
		start = own + 1
	}
	for _, wantOwned := range [2]bool{false, true} {
		for d := range nb {
			if c := (start + d) % nb; c != own && owned[c] == wantOwned {
				dst = append(dst, c)
			}
		}
	}
	for _, wantOwned := range [2]bool{false, true} {
		for c := nb; c < m; c++ {
			if c != own && owned[c] == wantOwned {
				dst = append(dst, c)
			}
		}
	}
	return dst
}

// own returns the index in p.Colors of each piece's own colour. Pieces of
// one name are copies of one piece and share its colour; the distinct
// names, in the order of their first piece, are coloured thus:
//
//  1. a name that is the label of a colour of the palette proper takes
//     that colour (the first such colour);
//  2. the other names, in order, take the colours not taken in step 1, in
//     order, those too near others passed over when there are more than
//     enough (spaced); when those run out, they go round all the colours
//     again from the first;
//  3. a name that labels a colour added by FromMap takes that colour
//     instead (the last one, so that a later map wins).
//
// The names coloured are those of the smallest known set that holds
// them all (WithSets), if there is one.
func (p *Palette) own(pieceNames []string) []int {
	distinct, of := distinctNames(pieceNames)
	set := p.setOf(distinct)
	byName := p.ownDistinctMemo(set)
	at := make(map[string]int, len(set))
	for i, name := range set {
		at[name] = i
	}
	own := make([]int, len(pieceNames))
	for k := range pieceNames {
		own[k] = byName[at[distinct[of[k]]]]
	}
	return own
}

// DistinctNames returns the distinct names among pieceNames, in the order
// of their first appearance, and the index among them of each piece's
// name: pieces of one name are copies of one piece, which share its
// colour.
func DistinctNames(pieceNames []string) (distinct []string, of []int) {
	return distinctNames(pieceNames)
}

func distinctNames(names []string) (distinct []string, of []int) {
	index := make(map[string]int, len(names))
	of = make([]int, len(names))
	for k, name := range names {
		i, ok := index[name]
		if !ok {
			i = len(distinct)
			index[name] = i
			distinct = append(distinct, name)
		}
		of[k] = i
	}
	return distinct, of
}

// ownDistinct is own for names that are all different.
func (p *Palette) ownDistinct(pieceNames []string) []int {
	nb := p.proper()
	own := make([]int, len(pieceNames))
	labelled := make(map[string]int) // label → first colour with it
	for i := nb - 1; i >= 0; i-- {
		if l := p.label(i); l != "" {
			labelled[l] = i
		}
	}
	taken := make([]bool, nb)
	matched := make([]bool, len(pieceNames))
	for k, name := range pieceNames {
		if i, ok := labelled[name]; ok && !taken[i] {
			own[k], taken[i], matched[k] = i, true, true
		}
	}
	var free []int
	for i := range nb {
		if !taken[i] {
			free = append(free, i)
		}
	}
	free = p.spaced(free, taken, len(pieceNames)-(nb-len(free)))
	j := 0
	for k := range pieceNames {
		if matched[k] {
			continue
		}
		if j < len(free) {
			own[k] = free[j]
		} else {
			own[k] = (j - len(free)) % nb
		}
		j++
	}
	for k, name := range pieceNames {
		for i := len(p.Colors) - 1; i >= nb; i-- {
			if p.label(i) == name {
				own[k] = i
				break
			}
		}
	}
	return own
}

// Warning returns what is wrong with colouring pieces of the given names
// with p, or "" if nothing is: when p has fewer colours than there are
// pieces, some pieces share a colour, and copies of a piece may take
// another colour from frame to frame. It names the palettes that would
// give every piece its own colour.
func (p *Palette) Warning(pieceNames []string) string {
	p = p.orDefault()
	pieceNames, _ = distinctNames(pieceNames)
	own := p.own(pieceNames)
	distinct := map[int]bool{}
	for _, i := range own {
		distinct[i] = true
	}
	if len(distinct) >= len(pieceNames) {
		return ""
	}
	var enough []string
	for _, name := range Names() {
		if b := lookup(name); b.fixed != nil && len(b.fixed.Colors) >= len(pieceNames) {
			enough = append(enough, name)
		}
	}
	hint := "a continuous palette such as viridis, sampled to the number of pieces"
	if len(enough) > 0 {
		hint = fmt.Sprintf("%s, or a continuous one such as viridis", strings.Join(enough, ", "))
	}
	name := p.Name
	if name == "" {
		name = "custom"
	}
	return fmt.Sprintf("palette %s has %d colours for %d pieces: some pieces share a colour, and may change colour from frame to frame; for a colour each, use %s",
		name, p.proper(), len(pieceNames), hint)
}
