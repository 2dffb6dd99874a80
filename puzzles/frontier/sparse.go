package frontier

import (
	"fmt"
	"math/big"
)

// table holds the states of a step and their counts, of limbs words each,
// in the order they were reached, found by an open-addressing hash.
type table struct {
	keys  []uint64
	vals  []uint64
	index []slot // open addressing
	shift uint   // 64 − log2(len(index))
	limbs int
	full  bool // it holds more than maxStates states
}

// slot is a place of the hash index: a state and its place in keys, plus
// one (0: empty).
type slot struct {
	key uint64
	at  uint32
}

// maxStates is the most states a table holds, in about 70 bytes each with
// counts of a word (more with more words): past it the count fails rather
// than take the machine's memory.
var maxStates = 1 << 23

// reset empties the table for counts of limbs words.
func (t *table) reset(limbs int) {
	t.keys, t.vals, t.limbs, t.full = t.keys[:0], t.vals[:0], limbs, false
	if t.index == nil {
		t.index, t.shift = make([]slot, 1<<10), 64-10
	}
	clear(t.index)
}

func (t *table) slot(key uint64) uint64 { return (key * 0x9e3779b97f4a7c15) >> t.shift }

// add adds the count v to state key and returns the top limb of its sum.
func (t *table) add(key uint64, v []uint64) uint64 {
	if t.full {
		return 0
	}
	mask := uint64(len(t.index) - 1)
	for h := t.slot(key); ; h = (h + 1) & mask {
		sl := &t.index[h]
		if sl.at == 0 {
			t.keys = append(t.keys, key)
			t.vals = append(t.vals, v...)
			*sl = slot{key, uint32(len(t.keys))}
			if 2*len(t.keys) > len(t.index) {
				t.grow()
			}
			return v[len(v)-1]
		}
		if sl.key == key {
			L := t.limbs
			return add(t.vals[int(sl.at-1)*L:int(sl.at)*L], v)
		}
	}
}

// add1 is add for counts of one word.
func (t *table) add1(key, v uint64) uint64 {
	if t.full {
		return 0
	}
	mask := uint64(len(t.index) - 1)
	for h := t.slot(key); ; h = (h + 1) & mask {
		sl := &t.index[h]
		if sl.at == 0 {
			t.keys = append(t.keys, key)
			t.vals = append(t.vals, v)
			*sl = slot{key, uint32(len(t.keys))}
			if 2*len(t.keys) > len(t.index) {
				t.grow()
			}
			return v
		}
		if sl.key == key {
			t.vals[sl.at-1] += v
			return t.vals[sl.at-1]
		}
	}
}

// grow doubles the hash index.
func (t *table) grow() {
	if len(t.keys) > maxStates {
		t.full = true
		return
	}
	t.index = make([]slot, 2*len(t.index))
	t.shift--
	mask := uint64(len(t.index) - 1)
	for i, key := range t.keys {
		h := t.slot(key)
		for t.index[h].at != 0 {
			h = (h + 1) & mask
		}
		t.index[h] = slot{key, uint32(i + 1)}
	}
}

// sparse is the sweep with the states in a hash table: those reached
// only.
func (s *sweep) sparse() (*big.Int, error) {
	cur, next := &table{}, &table{}
	cur.reset(1)
	cur.add(0, []uint64{1})
	for i, opts := range s.pl.at {
		if s.widen(len(opts)) {
			s.limbs++
			cur.vals, cur.limbs = restride(cur.vals, s.limbs-1, s.limbs), s.limbs
		}
		next.reset(s.limbs)
		L := s.limbs
		var err error
		if L == 1 {
			s.top, err = s.step1(cur, next, opts)
		} else {
			s.top, err = s.stepN(cur, next, opts)
		}
		if err != nil {
			return nil, err
		}
		if next.full {
			return nil, fmt.Errorf("%w: more than %d at position %d of %d", ErrStates, maxStates, i, s.pl.n)
		}
		cur, next = next, cur
		if cut, err := s.step(i, len(cur.keys)); err != nil {
			return nil, err
		} else if cut {
			kept := &table{}
			kept.reset(L)
			for j, st := range cur.keys {
				if s.ours(st) {
					kept.add(st, cur.vals[j*L:(j+1)*L])
				}
			}
			cur = kept
		}
		if i+1 < s.pl.n && s.dense(len(cur.keys)) {
			return s.inArray(cur, i+1)
		}
	}
	if s.shards > 1 && !s.cut && !s.ours(0) { // no cells: no cut
		return new(big.Int), nil
	}
	for j, st := range cur.keys {
		if st == 0 {
			return toBig(cur.vals[j*s.limbs : (j+1)*s.limbs]), nil
		}
	}
	return new(big.Int), nil
}

// step1 is a step of sparse with counts of one word: it returns the bits
// of the counts.
func (s *sweep) step1(cur, next *table, opts []uint64) (uint64, error) {
	var top uint64
	for j, st := range cur.keys {
		if j&(tickEvery-1) == 0 {
			if err := s.tick(); err != nil {
				return 0, err
			}
		}
		v := cur.vals[j]
		if st&1 != 0 {
			top |= next.add1(st>>1, v)
			continue
		}
		for _, m := range opts {
			if st&m == 0 {
				top |= next.add1((st|m)>>1, v)
			}
		}
	}
	return top, nil
}

// stepN is a step of sparse with counts of several words.
func (s *sweep) stepN(cur, next *table, opts []uint64) (uint64, error) {
	L := s.limbs
	var top uint64
	for j, st := range cur.keys {
		if j&(tickEvery-1) == 0 {
			if err := s.tick(); err != nil {
				return 0, err
			}
		}
		v := cur.vals[j*L : (j+1)*L]
		if st&1 != 0 {
			top |= next.add(st>>1, v)
			continue
		}
		for _, m := range opts {
			if st&m == 0 {
				top |= next.add((st|m)>>1, v)
			}
		}
	}
	return top, nil
}
