package frontier

import "math/bits"

// fitter finds the options at a position that fit a state by a lookup
// for each byte of the positions they cover, rather than a test for each
// option (63 for pentominoes on a row's inside, of which 2 fit on
// average): for each group of 64 options and each byte of the window, a
// table of the options of the group that meet none of the positions set
// in the byte's value.
type fitter struct {
	bytes int      // the bytes of the window that the options cover
	table []uint64 // by group, byte and value: at (g*bytes + c)*256 + v
	all   []uint64 // by group: its options
}

// build makes the fitter's tables for options opts, in its memory of
// before where there is room.
func (f *fitter) build(opts []uint64) {
	var on uint64
	for _, m := range opts {
		on |= m
	}
	groups := (len(opts) + 63) / 64
	f.bytes = (bits.Len64(on) + 7) / 8
	f.all = f.all[:0]
	n := groups * f.bytes * 256
	if cap(f.table) < n {
		f.table = make([]uint64, n)
	}
	f.table = f.table[:n]
	for g := range groups {
		group := opts[g*64 : min(g*64+64, len(opts))]
		all := ^uint64(0) >> (64 - len(group))
		f.all = append(f.all, all)
		var meet [64]uint64 // by position: the options of the group that cover it
		for o, m := range group {
			for ; m != 0; m &= m - 1 {
				meet[bits.TrailingZeros64(m)] |= 1 << o
			}
		}
		for c := range f.bytes {
			row := f.table[(g*f.bytes+c)*256:][:256]
			row[0] = all
			for v := 1; v < 256; v++ {
				// Those that meet none of the positions of v but its
				// lowest, and not that one.
				row[v] = row[v&(v-1)] &^ meet[8*c+bits.TrailingZeros(uint(v))]
			}
		}
	}
}

// fits returns the options of group g that fit state st: bit o for option
// 64g + o.
func (f *fitter) fits(st uint64, g int) uint64 {
	x := f.all[g]
	tb := f.table[g*f.bytes*256:]
	for c := range f.bytes {
		x &= tb[c*256:][:256][byte(st>>(8*c))]
	}
	return x
}

// any reports whether some option fits state st.
func (f *fitter) any(st uint64) bool {
	for g := range f.all {
		if f.fits(st, g) != 0 {
			return true
		}
	}
	return false
}
