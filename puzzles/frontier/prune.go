package frontier

import (
	"math/bits"
	"slices"
)

// reach lists, for a position p, the options that may still cover each
// position p + k of the window: those whose first position is one of p
// to p + k and that cover p + k, as masks of the window's positions from
// p on. A state before p in which an uncovered p + k meets a covered
// position in each of its options leaves p + k uncovered whatever comes
// next: it is dropped rather than carried to the end with its count.
//
// Only the window matters, since no state covers a position past it, so
// the masks keep their positions in it alone; an option whose mask holds
// another's is dropped, since it fits only where the other does. A
// position whose options come down to itself alone fits one whenever it
// is uncovered, and is left out of the checks (sure).
type reach struct {
	start []int32 // the options of p + k: masks[start[k]:start[k+1]]
	masks []uint64
	sure  uint64
	lead  []leads // by k: the first options of p + k
	hits  []hits  // by k, for the options of p + k past its lead (words 0: none)
}

// leads are the first options of a position, the last repeated where it
// has fewer (a position with none has a mask of every position, which
// meets any state but the empty one: a state let through is only one not
// dropped). live tries the eight at once.
type leads [8]uint64

// lead is how many of a position's options a check tries first, at once
// (leads): a state that may be completed mostly fits one of the first (a
// check meets 1.4 options a position on 9 × 10's pentominoes). Past them,
// it goes by
// the state's covered positions (hits), each of which rules out the
// options that meet it: a state that leaves the position uncovered is
// found so in a step for each covered position near it rather than one
// for each of its options (of which there are some 100 on the row ahead).
const lead = len(leads{})

// hits are the options of a list past its lead as a bitset, words words
// long: all of them, and for each position from low to the last that some
// of them cover, those that do (of).
type hits struct {
	on      uint64 // the positions some of them cover
	low     int    // the first of on
	words   int
	all, of []uint64
}

// hitWords returns the words of the hits of options masks.
func hitWords(masks []uint64) int {
	var on uint64
	for _, m := range masks {
		on |= m
	}
	return (len(masks) + 63) / 64 * (1 + bits.Len64(on) - bits.TrailingZeros64(on))
}

// newHits returns the hits of options masks, their bitsets cut from pool,
// and what is left of pool.
func newHits(masks []uint64, pool []uint64) (hits, []uint64) {
	h := hits{words: (len(masks) + 63) / 64}
	for _, m := range masks {
		h.on |= m
	}
	h.low = bits.TrailingZeros64(h.on)
	n := h.words * (1 + bits.Len64(h.on) - h.low)
	h.all, h.of, pool = pool[:h.words:h.words], pool[h.words:n:n], pool[n:]
	for j, m := range masks {
		bit := uint64(1) << (j % 64)
		h.all[j/64] |= bit
		for o := m; o != 0; o &= o - 1 {
			h.of[(bits.TrailingZeros64(o)-h.low)*h.words+j/64] |= bit
		}
	}
	return h, pool
}

// none reports whether every option meets a covered position of t.
func (h *hits) none(t uint64) bool {
	x := (t & h.on) >> h.low
	switch h.words {
	case 1:
		var met uint64
		all := h.all[0]
		for ; x != 0; x &= x - 1 {
			if met |= h.of[bits.TrailingZeros64(x)]; met == all {
				return true
			}
		}
		return false
	case 2:
		var met0, met1 uint64
		all0, all1 := h.all[0], h.all[1]
		for ; x != 0; x &= x - 1 {
			i := 2 * bits.TrailingZeros64(x)
			met0 |= h.of[i]
			if met1 |= h.of[i+1]; met0 == all0 && met1 == all1 {
				return true
			}
		}
		return false
	case 3:
		var met0, met1, met2 uint64
		for ; x != 0; x &= x - 1 {
			of := h.of[3*bits.TrailingZeros64(x):]
			met0 |= of[0]
			met1 |= of[1]
			met2 |= of[2]
		}
		return met0 == h.all[0] && met1 == h.all[1] && met2 == h.all[2]
	}
	for j := range h.words {
		var met uint64
		for y := x; y != 0; y &= y - 1 {
			met |= h.of[bits.TrailingZeros64(y)*h.words+j]
		}
		if met != h.all[j] {
			return false
		}
	}
	return true
}

// noReach makes the sweep keep every state (tests compare the two).
var noReach = false

// maxReach is the most masks the reaches of a plan may hold before they
// are pared down, and the most words of their checks (leads and hits),
// 8 bytes each: a plan that would need more is swept without them.
const maxReach = 1 << 23

// reaches returns each position's reach, nil if they would hold more than
// maxReach masks or words of checks. The options of each p + k come in the order of their
// masks, the greatest first (those reaching furthest ahead): they are the
// likeliest to fit.
func (pl *plan) reaches() []reach {
	w := pl.width
	if w == 0 || w > 64 {
		return nil
	}
	window := ^uint64(0) >> (64 - w)
	size := make([]int32, pl.n*w+1) // the options of p + k at p*w + k
	total := 0
	each := func(f func(p, k int, m uint64)) {
		for a := pl.n - 1; a >= 0; a-- {
			for _, m := range pl.at[a] {
				for o := m; o != 0; o &= o - 1 {
					c := a + bits.TrailingZeros64(o)
					for p := max(c-w+1, 0); p <= a; p++ {
						f(p, c-p, m<<(a-p)&window)
					}
				}
			}
		}
	}
	each(func(p, k int, m uint64) { size[p*w+k]++; total++ })
	if total > maxReach {
		return nil
	}
	start := make([]int32, len(size))
	var sum int32
	for i, n := range size {
		start[i], sum = sum, sum+n
	}
	masks := make([]uint64, total)
	fill := slices.Clone(start)
	each(func(p, k int, m uint64) {
		masks[fill[p*w+k]] = m
		fill[p*w+k]++
	})
	// Pare each list down to the masks that hold no other, in place.
	out := make([]reach, pl.n)
	kept := make([]int32, len(start))
	var n int32
	var byBits []uint64
	for i := range pl.n * w {
		kept[i] = n
		byBits = pare(masks[start[i]:start[i+1]], byBits)
		from := n
		n += int32(copy(masks[n:], byBits))
		if p, k := i/w, i%w; n == from+1 && masks[from] == 1<<k {
			out[p].sure |= 1 << k
		}
	}
	kept[pl.n*w] = n
	masks = slices.Clip(masks[:n])
	for p := range out {
		out[p].start, out[p].masks = kept[p*w:p*w+w+1], masks
	}
	if !addChecks(out, w) {
		return nil
	}
	return out
}

// pare returns, in buf, the masks of list that hold no other, the
// greatest first (those reaching furthest ahead: the positions far ahead
// are the likeliest uncovered, so a check meets an option that fits
// sooner). It goes through them by their number of positions, fewest
// first: a mask can hold only one with fewer positions, or the same mask
// again (dropped after, as the masks are sorted).
func pare(list, buf []uint64) []uint64 {
	var at [67]int // by the number k of a mask's positions: counted at k+2, placed from k+1
	for _, m := range list {
		at[bits.OnesCount64(m)+2]++
	}
	for k := 2; k < len(at); k++ {
		at[k] += at[k-1]
	}
	buf = slices.Grow(buf[:0], len(list))[:len(list)]
	for _, m := range list {
		k := bits.OnesCount64(m) + 1
		buf[at[k]] = m
		at[k]++
	}
	n, fewer := 0, 0 // buf[:fewer]: those kept with fewer positions than the mask's
	for j, m := range buf {
		if j > 0 && bits.OnesCount64(m) != bits.OnesCount64(buf[j-1]) {
			fewer = n
		}
		if !slices.ContainsFunc(buf[:fewer], func(o uint64) bool { return m&o == o }) {
			buf[n] = m
			n++
		}
	}
	buf = buf[:n]
	slices.Sort(buf)
	slices.Reverse(buf)
	return slices.Compact(buf)
}

// addChecks gives the reaches their leads and hits, and reports whether
// they come to at most maxReach words.
func addChecks(rs []reach, w int) bool {
	words := len(rs) * w * lead
	for p := range rs {
		for k := range w {
			if list := rs[p].masks[rs[p].start[k]:rs[p].start[k+1]]; len(list) > lead {
				words += hitWords(list[lead:])
			}
		}
	}
	if words > maxReach {
		return false
	}
	all := make([]leads, len(rs)*w)
	hs := make([]hits, len(rs)*w)
	pool := make([]uint64, words-len(rs)*w*lead)
	for p := range rs {
		r := &rs[p]
		r.lead, r.hits = all[p*w:(p+1)*w:(p+1)*w], hs[p*w:(p+1)*w:(p+1)*w]
		for k := range w {
			list := r.masks[r.start[k]:r.start[k+1]]
			for j := range r.lead[k] {
				switch {
				case j < len(list):
					r.lead[k][j] = list[j]
				case len(list) > 0:
					r.lead[k][j] = list[len(list)-1]
				default:
					r.lead[k][j] = ^uint64(0)
				}
			}
			if len(list) > lead {
				r.hits[k], pool = newHits(list[lead:], pool)
			}
		}
	}
	return true
}

// live reports whether the state t before the reach's position, just
// made by an option, may still be completed as far as the uncovered
// positions of near tell (plan.near: the option's, from the same
// position on): each of them is in some option that fits. (The walk checks
// the next position itself, by the next step's tables: see fitter.)
func (r *reach) live(t, near uint64) bool {
	for free := ^t &^ r.sure & near; free != 0; free &= free - 1 {
		k := bits.TrailingZeros64(free)
		l := &r.lead[k]
		// Whether one of the first options fits, without a branch for
		// each.
		if min(t&l[0], t&l[1], t&l[2], t&l[3], t&l[4], t&l[5], t&l[6], t&l[7]) == 0 {
			continue
		}
		if h := &r.hits[k]; h.words == 0 || h.none(t) {
			return false
		}
	}
	return true
}

// tally counts the states a worker checked against a reach, and those it
// dropped.
type tally struct{ checked, dropped int }

// paysReach ends a step: a step that checked 65,536 states or more and
// dropped fewer than 1 in 32 of them turns the reaches off for the rest
// of the sweep, since the checks then cost more than the states they save
// (pieces that fit anywhere, such as the monomino, leave no position
// uncoverable).
func (s *sweep) paysReach() {
	var t tally
	for w := range s.tally {
		t.checked += s.tally[w].checked
		t.dropped += s.tally[w].dropped
		s.tally[w] = tally{}
	}
	if t.checked >= 1<<16 && t.dropped*32 < t.checked {
		s.reach = nil
	}
}
