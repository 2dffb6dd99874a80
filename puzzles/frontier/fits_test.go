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
