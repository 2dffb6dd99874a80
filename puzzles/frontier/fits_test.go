package frontier

import (
	"math/rand/v2"
	"testing"
)

// A fitter's tables give the options that fit a state, as a test of each
// does: groups of 64 options and fewer, windows of one byte to eight.
func TestFitter(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 3))
	var f fitter // kept from case to case, as a sweep keeps it from step to step
	for _, tt := range []struct{ options, width int }{{0, 8}, {1, 1}, {5, 3}, {63, 41}, {64, 9}, {65, 64}, {200, 17}, {7, 64}} {
		opts := make([]uint64, tt.options)
		for o := range opts {
			// Each option covers its first position and a few others.
			opts[o] = 1
			for range 1 + rng.IntN(5) {
				opts[o] |= 1 << rng.IntN(tt.width)
			}
		}
		f.build(opts)
		if want := (tt.options + 63) / 64; len(f.all) != want {
			t.Fatalf("%d options: %d groups, want %d", tt.options, len(f.all), want)
		}
		for range 500 {
			st := rng.Uint64() & rng.Uint64() &^ 1
			if tt.width < 64 {
				st &= 1<<tt.width - 1
			}
			for g := range f.all {
				var want uint64
				for o := 64 * g; o < min(64*g+64, len(opts)); o++ {
					if st&opts[o] == 0 {
						want |= 1 << (o - 64*g)
					}
				}
				if got := f.fits(st, g); got != want {
					t.Fatalf("%d options over %d positions, state %b, group %d: fit %b, want %b", tt.options, tt.width, st, g, got, want)
				}
			}
		}
	}
}

// any tells whether some option fits, in any group.
func TestFitterAny(t *testing.T) {
	var f fitter
	for _, tt := range []struct {
		opts []uint64
		st   uint64
		want bool
	}{{nil, 0, false}, {[]uint64{0b11}, 0b10, false}, {[]uint64{0b11}, 0b100, true},
		{append(make([]uint64, 64), 0b101), 0, true}, // the first group: 64 options of nothing
		{append(repeat(0b11, 64), 0b101), 0b10, true}, {append(repeat(0b11, 64), 0b101), 0b110, false}} {
		f.build(tt.opts)
		if got := f.any(tt.st); got != tt.want {
			t.Errorf("%d options, state %b: any %v, want %v", len(tt.opts), tt.st, got, tt.want)
		}
	}
}

func repeat(m uint64, n int) []uint64 {
	s := make([]uint64, n)
	for i := range s {
		s[i] = m
	}
	return s
}
