package frontier

import (
	"fmt"
	"math/big"
	"math/bits"
	"slices"
	"sync"

	"github.com/polytile/polytile/internal/bigmem"
)

// table holds the states of a step and their counts, of limbs words each.
// The states are split into parts by the top bits of their hash, and each
// part is an open-addressing array of slots of 1 + limbs words: the state
// plus one (0: an empty slot), then its count. A big step first sorts the
// counts it makes by part, then adds each part's at once, so that the
// part's slots stay in the processor's cache while they are added, and
// parts apart go to different cores.
type table struct {
	limbs int
	bits  uint // log2 of the number of parts
	parts []part
	full  bool // it holds more than maxStates states
	slab  slab // the parts' slots, but for those that grew
}

// slab is words of one allocation, cut into a table's parts or a worker's
// waiting counts: where it is large, in memory of its own, in huge pages
// where the kernel gives them (bigmem.Words). The counts are written and
// read at random across hundreds of megabytes: in pages of 4 kB nearly
// every access misses the processor's address cache, and every page faults
// in on its own (a sixth of the CPU time of 10 × 10's pentominoes went so).
type slab struct {
	words []uint64
	free  func() // gives the words back; nil for the Go heap's
}

// bigSlab is the fewest words a slab maps apart from the Go heap, 16 MB:
// smaller tables gain less than a new mapping costs, which the Go heap's
// memory, used again from count to count, does not (tests make it
// smaller).
var bigSlab = 1 << 21

// take gives the slab at least n words and reports whether they are new
// (zero). A slab with fewer is made anew, with half as many again to spare
// (the memory of a slab apart is only taken where it is written), and its
// old words are given back: they must no longer be in use.
func take[T any](sl *slab, n int, owner *T) bool {
	if cap(sl.words) >= n {
		sl.words = sl.words[:n]
		return false
	}
	sl.release()
	if n >= bigSlab {
		if w, free, ok := bigmem.Words(n+n/2, owner); ok {
			sl.words, sl.free = w[:n], free
			return true
		}
	}
	sl.words = make([]uint64, n)
	return true
}

// release gives the slab's words back.
func (sl *slab) release() {
	if sl.free != nil {
		sl.free()
	}
	sl.words, sl.free = nil, nil
}

// part is a share of a table's slots.
type part struct {
	slots  []uint64
	shift  uint // 64 − log2(slots)
	states int
	top    uint64 // the bits of the top limbs of the counts added
	dirty  bool   // its slots are still to be cleared
}

// maxStates is the most states a table holds, in about 40 bytes each with
// counts of a word (more with more words): past it the count fails rather
// than take the machine's memory.
var maxStates = 1 << 23

// partStates is about how many states a part holds, waitWords the most
// words of counts a step keeps waiting before it adds them, and
// fewestParted the fewest states a table splits into parts for: fewer
// stay in the cache whole (tests make them small).
var (
	partStates   = 1 << 12
	waitWords    = 1 << 24
	fewestParted = 1 << 16
)

func hash(key uint64) uint64 { return key * 0x9e3779b97f4a7c15 }

// reset empties the table for counts of limbs words, in parts enough for
// about the given number of states.
func (t *table) reset(limbs, states int) {
	t.limbs, t.full = limbs, false
	t.bits = 0
	if states >= fewestParted {
		t.bits = uint(max(bits.Len(uint(states))-bits.Len(uint(partStates)), 0))
	}
	per := max(2*states>>t.bits, 16)
	n := 1 << t.bits
	if cap(t.parts) < n {
		t.parts = append(t.parts[:cap(t.parts)], make([]part, n-cap(t.parts))...)
	}
	t.parts = t.parts[:n]
	k := bits.Len(uint(per - 1)) // 2^k slots a part: it grows at half full
	words := (1 + limbs) << k
	fresh := take(&t.slab, n*words, t)
	for p := range t.parts {
		pt := &t.parts[p]
		pt.slots, pt.dirty = t.slab.words[p*words:(p+1)*words:(p+1)*words], !fresh
		pt.shift, pt.states, pt.top = 64-uint(k), 0, 0
	}
}

// release gives the table's slots back: it holds nothing after it.
func (t *table) release() {
	t.slab.release()
	t.parts = nil
}

// clean clears the part's slots if reset left them to be cleared: just
// before the part's counts are added, so that its slots are in the cache.
func (pt *part) clean() {
	if pt.dirty {
		clear(pt.slots)
		pt.dirty = false
	}
}

// states returns how many states the table holds.
func (t *table) states() int {
	n := 0
	for p := range t.parts {
		n += t.parts[p].states
	}
	return n
}

// top returns the bits of the top limbs of the counts added.
func (t *table) top() uint64 {
	var top uint64
	for p := range t.parts {
		top |= t.parts[p].top
	}
	return top
}

// of returns the part of the table that state key hashes to.
func (t *table) of(key uint64) *part { return &t.parts[hash(key)>>(64-t.bits)&(1<<t.bits-1)] }

// add adds the count v to state key.
func (t *table) add(key uint64, v []uint64) {
	pt := t.of(key)
	pt.clean()
	if pt.add(key, v, t.bits) {
		t.full = t.full || pt.states > maxStates>>t.bits && t.states() > maxStates
	}
}

// add adds the count v to state key of a table of 2^tbits parts, and
// reports whether the part took a new state.
func (pt *part) add(key uint64, v []uint64, tbits uint) bool {
	L := 1 + len(v)
	h := int((hash(key)<<tbits)>>pt.shift) * L
	for {
		sl := pt.slots[h : h+L : h+L]
		if sl[0] == 0 {
			sl[0] = key + 1
			copy(sl[1:], v)
			pt.top |= v[len(v)-1]
			if pt.states++; 2*pt.states > len(pt.slots)/L {
				pt.grow(len(v), tbits)
			}
			return true
		}
		if sl[0] == key+1 {
			pt.top |= add(sl[1:], v)
			return false
		}
		if h += L; h == len(pt.slots) {
			h = 0
		}
	}
}

// grow doubles the part's slots.
func (pt *part) grow(limbs int, tbits uint) {
	old := pt.slots
	pt.slots, pt.shift, pt.states = make([]uint64, 2*len(old)), pt.shift-1, 0
	top := pt.top
	L := 1 + limbs
	for j := 0; j < len(old); j += L {
		if old[j] != 0 {
			pt.add(old[j]-1, old[j+1:j+L], tbits)
		}
	}
	pt.top = top
}

// find returns the count of state key, nil if it has none.
func (t *table) find(key uint64) []uint64 {
	pt, L := t.of(key), 1+t.limbs
	if pt.dirty {
		return nil
	}
	h := int((hash(key)<<t.bits)>>pt.shift) * L
	for pt.slots[h] != 0 {
		if pt.slots[h] == key+1 {
			return pt.slots[h+1 : h+L]
		}
		if h += L; h == len(pt.slots) {
			h = 0
		}
	}
	return nil
}

// each calls f with each state of the table and its count.
func (t *table) each(f func(key uint64, v []uint64)) {
	L := 1 + t.limbs
	for p := range t.parts {
		if t.parts[p].dirty {
			continue
		}
		s := t.parts[p].slots
		for j := 0; j < len(s); j += L {
			if s[j] != 0 {
				f(s[j]-1, s[j+1:j+L])
			}
		}
	}
}

// widen gives the counts limbs words: a slot's place does not depend on
// its count, so the slots stay where they are.
func (t *table) widen(limbs int) {
	for p := range t.parts {
		t.parts[p].slots = restride(t.parts[p].slots, 1+t.limbs, 1+limbs)
	}
	t.limbs = limbs
}

// sparse is the sweep with the states in a hash table: those reached
// only.
func (s *sweep) sparse() (*big.Int, error) {
	cur, next := &table{}, &table{}
	defer func() {
		cur.release()
		next.release()
		for w := range s.slabs {
			s.slabs[w].release()
		}
	}()
	cur.reset(1, 1)
	cur.add(0, []uint64{1})
	for i, opts := range s.pl.at {
		if s.widen(len(opts)) {
			s.limbs++
			cur.widen(s.limbs)
		}
		states := cur.states()
		next.reset(s.limbs, states+states/2)
		s.r = nil
		if s.reach != nil && i+1 < len(s.reach) {
			s.r = &s.reach[i+1]
			s.near = s.pl.near[i]
		}
		s.fold = nil // the states after i mapped to their least image
		if mr := s.pl.mirrors; s.mirror < len(mr) && mr[s.mirror].at == i+1 {
			s.fold = &mr[s.mirror]
			s.mirror++
		}
		// The options here and the next position's, for the checks (the
		// next one's tables are this step's at the next).
		s.fit, s.fitNext = s.fitNext, s.fit
		if i == 0 {
			s.fit.build(opts)
		}
		if i+1 < len(s.pl.at) {
			s.fitNext.build(s.pl.at[i+1])
		}
		if err := s.stepTo(cur, next, opts); err != nil {
			return nil, err
		}
		s.paysReach()
		if next.full {
			return nil, fmt.Errorf("%w: more than %d at position %d of %d", ErrStates, maxStates, i, s.pl.n)
		}
		s.top = next.top()
		cur, next = next, cur
		if cut, err := s.step(i, cur.states()); err != nil {
			return nil, err
		} else if cut {
			kept := &table{}
			kept.reset(s.limbs, cur.states()/s.shards)
			cur.each(func(st uint64, v []uint64) {
				if s.ours(st) {
					kept.add(st, v)
				}
			})
			cur.release()
			cur = kept
		}
		if i+1 < s.pl.n && s.dense(cur.states()) {
			return s.inArray(cur, i+1)
		}
	}
	if s.shards > 1 && !s.cut && !s.ours(0) { // no cells: no cut
		return new(big.Int), nil
	}
	if v := cur.find(0); v != nil {
		return toBig(v), nil
	}
	return new(big.Int), nil
}

// stepTo takes the states of cur past a position with options opts into
// next: directly into a table of one part, and otherwise in rounds, each
// of a share of cur's parts, whose counts wait by the part of next they
// go to and are then added a part at a time, on s.workers cores.
func (s *sweep) stepTo(cur, next *table, opts []uint64) error {
	if len(next.parts) == 1 {
		pt := &next.parts[0]
		pt.clean()
		if len(s.at) == 0 {
			s.at, s.tally = make([][]int32, 1), make([]tally, 1)
		}
		var err error
		if next.limbs == 1 {
			err = s.walk1(cur.parts, opts, pt)
		} else {
			err = walk(s, 0, cur.parts, opts, direct{pt})
		}
		next.full = pt.states > maxStates
		return err
	}
	W := max(s.workers, 1)
	if len(s.wait) != W {
		s.wait, s.slabs = make([][][]uint64, W), make([]slab, W)
	}
	if len(s.at) < W {
		s.at, s.tally = make([][]int32, W), make([]tally, W)
	}
	for w := range s.wait { // kept from step to step, by the most parts
		if n := len(next.parts); len(s.wait[w]) < n {
			s.wait[w] = append(s.wait[w], make([][]uint64, n-len(s.wait[w]))...)
		}
	}
	L := 1 + next.limbs
	for lo := 0; lo < len(cur.parts); {
		hi, words, states := s.round(cur.parts, lo, len(opts), L)
		s.share(len(next.parts), words, L)
		errs := make([]error, W)
		s.parallel(W, func(w int) {
			wait := s.wait[w]
			for p := lo + w; p < hi; p += W {
				if errs[w] = walk(s, w, cur.parts[p:p+1], opts, waiting{wait, 64 - next.bits}); errs[w] != nil {
					return
				}
			}
		})
		for _, err := range errs {
			if err != nil {
				return err
			}
		}
		s.made, s.walked = 0, states
		for w := range s.wait {
			for _, buf := range s.wait[w][:len(next.parts)] {
				s.made += len(buf)
			}
		}
		s.parallel(W, func(w int) {
			for q := w; q < len(next.parts); q += W {
				pt := &next.parts[q]
				pt.clean()
				for x := range s.wait {
					buf := s.wait[x][q]
					if L == 2 {
						pt.addAll1(buf, next.bits)
					} else {
						for j := 0; j < len(buf); j += L {
							pt.add(buf[j], buf[j+1:j+L], next.bits)
						}
					}
					s.wait[x][q] = buf[:0]
				}
			}
		})
		if next.states() > maxStates {
			next.full = true
			return nil
		}
		lo = hi
	}
	return nil
}

// round returns the parts of cur from lo up to hi that a round of a step
// with options opts, of counts of L−1 words, walks: about waitWords words
// of counts waiting, as the last round made, or at most 32 times that as
// many as the options could make; a sweep's first round walks one part, to
// learn how many a state makes. It returns too the words it expects them
// to make, and their states.
func (s *sweep) round(cur []part, lo, opts, L int) (hi, words, states int) {
	if s.walked == 0 {
		return lo + 1, cur[lo].states * (1 + opts) * L, cur[lo].states
	}
	per := float64(s.made) / float64(s.walked)
	most := 32 * float64(waitWords)
	expect, could := 0.0, 0.0
	for hi = lo; hi < len(cur) && (hi == lo || expect < float64(waitWords) && could < most); hi++ {
		states += cur[hi].states
		expect += per * float64(cur[hi].states)
		could += float64((1+opts)*L) * float64(cur[hi].states)
	}
	return hi, int(expect), states
}

// share gives each worker's wait, for each of parts parts, a share of its
// slab: room for a quarter more than words spread evenly, and a few
// counts. A share that fills grows apart, in the Go heap.
func (s *sweep) share(parts, words, L int) {
	room := (words/(len(s.wait)*parts)*5/4/L + 8) * L
	for w := range s.wait {
		take(&s.slabs[w], parts*room, s)
		sl := s.slabs[w].words
		for q := range parts {
			s.wait[w][q] = sl[q*room : q*room : (q+1)*room]
		}
	}
}

// parallel runs f(0) … f(n−1) at once and waits for them.
func (s *sweep) parallel(n int, f func(w int)) {
	if n == 1 {
		f(0)
		return
	}
	var wg sync.WaitGroup
	for w := range n {
		wg.Go(func() { f(w) })
	}
	wg.Wait()
}

// emitter takes the counts a step makes: direct adds them to a part,
// waiting puts them in the buffer of the part they go to.
type emitter interface {
	emit(key uint64, v []uint64)
}

type direct struct{ pt *part }

func (d direct) emit(key uint64, v []uint64) { d.pt.add(key, v, 0) }

type waiting struct {
	wait  [][]uint64
	shift uint
}

func (w waiting) emit(key uint64, v []uint64) {
	q := hash(key) >> w.shift
	b := append(w.wait[q], key)
	for _, x := range v {
		b = append(b, x)
	}
	w.wait[q] = b
}

// walk gives e each state the states of parts reach past a position with
// options opts, and the count it takes from there. It is generic rather
// than taking a func so that each emitter's emit is compiled in.
func walk[E emitter](s *sweep, w int, parts []part, opts []uint64, e E) error {
	r, near, fold, fit, nf, checked, dropped := s.r, s.near, s.fold, &s.fit, &s.fitNext, 0, 0
	defer func() {
		s.tally[w].checked, s.tally[w].dropped = s.tally[w].checked+checked, s.tally[w].dropped+dropped
	}()
	L := 1 + s.limbs
	for p := range parts {
		sl := parts[p].slots
		for n, j := range s.full(&parts[p], L, w) {
			if n&(tickEvery-1) == tickEvery-1 {
				if err := s.tick(); err != nil {
					return err
				}
			}
			st, v := sl[j]-1, sl[j+1:int(j)+L:int(j)+L]
			if st&1 != 0 {
				t := st >> 1
				if fold != nil {
					t = fold.least(t)
				}
				e.emit(t, v)
				continue
			}
			for g := range fit.all {
				for x := fit.fits(st, g); x != 0; x &= x - 1 {
					o := 64*g + bits.TrailingZeros64(x)
					t := (st | opts[o]) >> 1
					if r != nil { // the next position by its options' tables, the others by the reach
						if checked++; t&1 == 0 && !nf.any(t) || !r.live(t, near[o]&^1) {
							dropped++
							continue
						}
					}
					if fold != nil {
						t = fold.least(t)
					}
					e.emit(t, v)
				}
			}
		}
	}
	return nil
}

// full returns the places of the full slots of pt, of L words each. It
// finds them without a branch to mispredict, which walking the slots
// would meet at about every other one.
func (s *sweep) full(pt *part, L, w int) []int32 {
	if pt.dirty { // reset and never added to: it holds nothing
		return nil
	}
	sl := pt.slots
	at := slices.Grow(s.at[w][:0], len(sl)/L)[:len(sl)/L]
	k := 0
	for j := 0; j+L <= len(sl); j += L {
		at[k] = int32(j)
		full := 0
		if sl[j] != 0 {
			full = 1
		}
		k += full
	}
	s.at[w] = at
	return at[:k]
}

// walk1 is walk for counts of one word, added to the part pt of a table
// of one part.
func (s *sweep) walk1(parts []part, opts []uint64, pt *part) error {
	r, near, fold, fit, nf, checked, dropped := s.r, s.near, s.fold, &s.fit, &s.fitNext, 0, 0
	defer func() {
		s.tally[0].checked, s.tally[0].dropped = s.tally[0].checked+checked, s.tally[0].dropped+dropped
	}()
	for p := range parts {
		sl := parts[p].slots
		for n, j := range s.full(&parts[p], 2, 0) {
			if n&(tickEvery-1) == tickEvery-1 {
				if err := s.tick(); err != nil {
					return err
				}
			}
			st, v := sl[j]-1, sl[j+1]
			if st&1 != 0 {
				t := st >> 1
				if fold != nil {
					t = fold.least(t)
				}
				pt.add1(t, v)
				continue
			}
			for g := range fit.all {
				for x := fit.fits(st, g); x != 0; x &= x - 1 {
					o := 64*g + bits.TrailingZeros64(x)
					t := (st | opts[o]) >> 1
					if r != nil { // the next position by its options' tables, the others by the reach
						if checked++; t&1 == 0 && !nf.any(t) || !r.live(t, near[o]&^1) {
							dropped++
							continue
						}
					}
					if fold != nil {
						t = fold.least(t)
					}
					pt.add1(t, v)
				}
			}
		}
	}
	return nil
}

// add1 is add for counts of one word, in a table of one part.
func (pt *part) add1(key, v uint64) {
	sl := pt.slots
	mask := len(sl) - 1 // 2 words a slot: a power of two
	for h := int(hash(key)>>pt.shift) * 2; ; h = (h + 2) & mask {
		if sl[h] == 0 {
			sl[h], sl[h+1] = key+1, v
			pt.top |= v
			if pt.states++; 4*pt.states > len(sl) {
				pt.grow(1, 0)
			}
			return
		}
		if sl[h] == key+1 {
			sl[h+1] += v
			pt.top |= sl[h+1]
			return
		}
	}
}

// addAll1 adds the states and counts of one word in buf, in turn, to the
// part of a table of 2^tbits parts: add, without a call for each.
func (pt *part) addAll1(buf []uint64, tbits uint) {
	sl, states, top := pt.slots, pt.states, pt.top
	mask := len(sl) - 1 // 2 words a slot: a power of two
	for j := 0; j+1 < len(buf); j += 2 {
		key, v := buf[j], buf[j+1]
		for h := int((hash(key)<<tbits)>>pt.shift) * 2; ; h = (h + 2) & mask {
			if sl[h] == key+1 {
				sl[h+1] += v
				top |= sl[h+1]
				break
			}
			if sl[h] == 0 {
				sl[h], sl[h+1] = key+1, v
				top |= v
				if states++; 4*states > len(sl) {
					pt.states, pt.top = states, top
					pt.grow(1, tbits)
					sl, states = pt.slots, pt.states
					mask = len(sl) - 1
				}
				break
			}
		}
	}
	pt.states, pt.top = states, top
}
