package frontier

import "slices"

// A symmetry of the board (or of the board folded by another) that maps
// the positions before some position i onto themselves (a rectangle's
// mirror across its columns, at the start of each row when the scan goes
// by rows) maps the rest of the board, and its options, onto themselves
// too: a state before i and its image under the symmetry are completed in
// as many ways. The sweep keeps the least of a state's images there, its
// count the sum of theirs, so that it carries about half as many states
// from there on: the step before maps each state it makes as it makes it.
type mirror struct {
	at   int        // the position before which states are mapped
	maps []*byteMap // by symmetry
}

// noMirror makes the sweep keep every state as it is (tests compare).
var noMirror = false

// mirrors returns the positions at which the sweep of a plan, its
// positions pos of the orbits of the cells (orbit: each cell's; members:
// each orbit's cells) and of the given width, maps states to their least
// image, and the symmetries of p that it maps them by there: those that
// map every placement to a placement, every orbit onto an orbit (so that
// they map the folded board onto itself: on the board itself, every
// symmetry) and the positions before it onto themselves, that move some
// position, and that keep a state's bits in a word. They are p.Folds,
// or p.Symmetries where it has none.
func (p *Problem) mirrors(pos []int, width int, orbit []int32, members [][]int32) []mirror {
	n := len(pos)
	folds := p.Folds
	if folds == nil {
		folds = p.Symmetries
	}
	var syms [][]int // by symmetry: the position each position goes to
next:
	for g := range folds {
		cells := folds[g].Cells
		to := make([]int, n)
		moves := false
		for k, m := range members {
			img := orbit[cells[m[0]]]
			for _, c := range m[1:] {
				if orbit[cells[c]] != img {
					continue next // an orbit split: no symmetry of the folded board
				}
			}
			to[pos[k]] = pos[img]
			moves = moves || pos[img] != pos[k]
		}
		if moves && !slices.Contains(p.imagesBy(&folds[g]), -1) {
			syms = append(syms, to)
		}
	}
	var out []mirror
	tables := map[[64]int8]*byteMap{} // one for each map of bits: a rectangle's rows share one
	reach := make([]int, len(syms))   // by symmetry: the furthest position the ones before i go to
	for i := range n {
		m := mirror{at: i}
		for g, to := range syms {
			if i > 0 && reach[g] < i {
				if bm, ok := bitMap(to, i, width); ok {
					if tables[bm] == nil {
						tables[bm] = newByteMap(&bm)
					}
					m.maps = append(m.maps, tables[bm])
				}
			}
			reach[g] = max(reach[g], to[i])
		}
		if len(m.maps) > 0 {
			out = append(out, m)
		}
	}
	return out
}

// bitMap returns where the map to of positions takes each bit of a
// state before position i, whose bits are the positions from i on up to
// width − 2 past it (−1: none, past the board): false where one would go
// past a word.
func bitMap(to []int, i, width int) ([64]int8, bool) {
	var bm [64]int8
	for k := range bm {
		bm[k] = -1
		if k >= width-1 || i+k >= len(to) {
			continue
		}
		j := to[i+k] - i
		if j < 0 || j >= 64 {
			return bm, false
		}
		bm[k] = int8(j)
	}
	return bm, true
}

// byteMap is the image of each byte of a state under a map of its bits,
// byte by byte.
type byteMap [8][256]uint64

func newByteMap(bm *[64]int8) *byteMap {
	t := new(byteMap)
	for k, j := range bm {
		if j < 0 {
			continue
		}
		for b := range 256 {
			if b>>(k%8)&1 != 0 {
				t[k/8][b] |= 1 << j
			}
		}
	}
	return t
}

// least returns the least of state st and its images under m's symmetries.
func (m *mirror) least(st uint64) uint64 {
	out := st
	for _, t := range m.maps {
		img := t[0][st&0xff] | t[1][st>>8&0xff] | t[2][st>>16&0xff] | t[3][st>>24&0xff] |
			t[4][st>>32&0xff] | t[5][st>>40&0xff] | t[6][st>>48&0xff] | t[7][st>>56]
		out = min(out, img)
	}
	return out
}
