package frontier

import (
	"context"
	"fmt"
	"math/big"
	"math/bits"

	"github.com/polytile/polytile/puzzles/run"
)

// sweep counts the tilings of a plan by a frontier: it goes through the
// positions in order, and before position i a state is the set of
// positions from i on that are covered already (bit k: position i + k),
// held with the number of ways to have covered every position before i
// and exactly those. At position i a state whose bit 0 is set moves on;
// one whose bit 0 is clear takes each option at i that fits. States
// reached twice are one, their counts added. The counts are integers of
// limbs words each, widened as they grow.
type sweep struct {
	ctx   context.Context
	pl    *plan
	limbs int
	top   uint64 // the bits of the top limbs of the counts of the step
	gauge *run.Gauge
	// shard and shards keep, at the cut, the states whose hash modulo
	// shards is shard: the other parts count the others.
	shard, shards int
	cut           bool
	// workers is how many goroutines a big step of the sparse sweep takes.
	workers int
	wait    [][][]uint64 // by worker and part of next: states and counts waiting
	slabs   []slab       // by worker: the memory of its wait, a share for each part
	// made and walked are the words the last round of a step in parts made
	// into wait, and the states it walked: they choose how many states a
	// round walks.
	made, walked int
	at           [][]int32 // by worker: the full slots of a part
	reach        []reach   // by position, nil for none (see prune.go)
	r            *reach    // the reach of the position after the step's
	near         []uint64  // the positions r checks, by option of the step (plan.near)
	tally        []tally   // by worker: the states of the step checked and dropped by r
	mirror       int       // the next of the plan's mirrors
	fold         *mirror   // where not nil, the step's states are mapped to their least image by it
	fit          fitter    // the options of the step that fit a state
	fitNext      fitter    // the options of the next step: the next position's check
}

// denseBits is the widest state counted in an array indexed by the state
// rather than in a hash table: 2^20 states.
var denseBits = 20

// tickEvery is how many states the sweep goes through between two looks
// at its context.
const tickEvery = 1 << 14

// count returns the tilings of the plan: from a hash table of the states
// reached, and, once they fill an eighth of the states there are, if
// there are at most 2^denseBits, from an array.
func (s *sweep) count() (*big.Int, error) {
	s.limbs = 1
	if !noReach {
		s.reach = s.pl.reaches()
	}
	return s.sparse()
}

// dense reports whether the states, of those there are, are enough to
// go on in an array of them all.
func (s *sweep) dense(states int) bool {
	b := max(s.pl.width-1, 0)
	return b <= denseBits && states >= 1<<b/8
}

// widen reports whether the counts need another limb before a step with
// the given options: a count after it is the sum of at most
// len(options) + 1 counts before it.
func (s *sweep) widen(options int) bool {
	return bits.Len64(s.top)+bits.Len(uint(options+1)) > 64
}

// tick looks at the context: the steps call it every tickEvery states.
func (s *sweep) tick() error {
	if s.ctx.Err() != nil {
		return s.stopped()
	}
	return nil
}

func (s *sweep) stopped() error {
	return fmt.Errorf("frontier: count stopped: %w", context.Cause(s.ctx))
}

// step ends position i: it tells the gauge, looks at the context, and
// reports whether to cut (keep only this part's states) after it: at the
// first position with 8 states or more for each part, or at the last.
func (s *sweep) step(i, states int) (bool, error) {
	if s.gauge != nil {
		s.gauge.Tell(float64(i+1) / float64(s.pl.n))
	}
	if s.ctx.Err() != nil {
		return false, s.stopped()
	}
	if s.shards <= 1 || s.cut {
		return false, nil
	}
	s.cut = states >= 8*s.shards || i == s.pl.n-1
	return s.cut, nil
}

// ours reports whether the part keeps state st at the cut.
func (s *sweep) ours(st uint64) bool {
	st ^= st >> 33
	st *= 0xff51afd7ed558ccd
	st ^= st >> 33
	st *= 0xc4ceb9fe1a85ec53
	st ^= st >> 33
	return st%uint64(s.shards) == uint64(s.shard)
}

// add adds src to dst, limb by limb, and returns dst's top limb.
func add(dst, src []uint64) uint64 {
	var c uint64
	for k := range src {
		dst[k], c = bits.Add64(dst[k], src[k], c)
	}
	return dst[len(dst)-1]
}

// restride copies counts of from limbs each into counts of to limbs each.
func restride(vals []uint64, from, to int) []uint64 {
	out := make([]uint64, len(vals)/from*to)
	for i := range len(vals) / from {
		copy(out[i*to:], vals[i*from:(i+1)*from])
	}
	return out
}

// toBig returns the count of limbs words, least significant first.
func toBig(v []uint64) *big.Int {
	b := make([]byte, 0, 8*len(v))
	for k := len(v) - 1; k >= 0; k-- {
		b = append(b, byte(v[k]>>56), byte(v[k]>>48), byte(v[k]>>40), byte(v[k]>>32),
			byte(v[k]>>24), byte(v[k]>>16), byte(v[k]>>8), byte(v[k]))
	}
	return new(big.Int).SetBytes(b)
}

// inArray is the sweep with the counts in an array indexed by the state,
// from position from on, the states of the table t.
func (s *sweep) inArray(t *table, from int) (*big.Int, error) {
	size := 1 << max(s.pl.width-1, 0)
	cur, next := make([]uint64, size*s.limbs), make([]uint64, size*s.limbs)
	t.each(func(st uint64, v []uint64) { copy(cur[int(st)*s.limbs:], v) })
	for i := from; i < s.pl.n; i++ {
		opts := s.pl.at[i]
		if s.widen(len(opts)) {
			s.limbs++
			cur, next = restride(cur, s.limbs-1, s.limbs), make([]uint64, size*s.limbs)
		}
		clear(next)
		s.top = 0
		var err error
		if s.limbs == 1 {
			err = s.dense1(cur, next, opts)
		} else {
			err = s.denseN(cur, next, opts)
		}
		if err != nil {
			return nil, err
		}
		cur, next = next, cur
		states := 0
		if s.shards > 1 && !s.cut {
			for st := range size {
				if !zero(cur[st*s.limbs : (st+1)*s.limbs]) {
					states++
				}
			}
		}
		if cut, err := s.step(i, states); err != nil {
			return nil, err
		} else if cut {
			for st := range size {
				if !s.ours(uint64(st)) {
					clear(cur[st*s.limbs : (st+1)*s.limbs])
				}
			}
		}
	}
	return toBig(cur[:s.limbs]), nil
}

func zero(v []uint64) bool {
	var or uint64
	for _, w := range v {
		or |= w
	}
	return or == 0
}

// dense1 is a step of dense with counts of one word.
func (s *sweep) dense1(cur, next []uint64, opts []uint64) error {
	var top uint64
	for st, v := range cur {
		if v == 0 {
			continue
		}
		if st&(tickEvery-1) == 0 {
			if err := s.tick(); err != nil {
				return err
			}
		}
		if st&1 != 0 {
			next[st>>1] += v
			top |= next[st>>1]
			continue
		}
		for _, m := range opts {
			if uint64(st)&m == 0 {
				t := (uint64(st) | m) >> 1
				next[t] += v
				top |= next[t]
			}
		}
	}
	s.top = top
	return nil
}

// denseN is a step of dense with counts of several words.
func (s *sweep) denseN(cur, next []uint64, opts []uint64) error {
	L := s.limbs
	var top uint64
	for st := range len(cur) / L {
		v := cur[st*L : (st+1)*L]
		if zero(v) {
			continue
		}
		if st&(tickEvery-1) == 0 {
			if err := s.tick(); err != nil {
				return err
			}
		}
		if st&1 != 0 {
			t := st >> 1
			top |= add(next[t*L:(t+1)*L], v)
			continue
		}
		for _, m := range opts {
			if uint64(st)&m == 0 {
				t := int((uint64(st) | m) >> 1)
				top |= add(next[t*L:(t+1)*L], v)
			}
		}
	}
	s.top = top
	return nil
}
