package frontier

import (
	"context"
	"errors"
	"math/big"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/polytile/polytile/internal/bigmem"
	"github.com/polytile/polytile/puzzles"
)

// smallPieces is the problem of the rows × cols rectangle and monominoes,
// dominoes and both trominoes of any count, with the rectangle's
// symmetries.
func smallPieces(rows, cols int) *Problem {
	return shaped(rows, cols, [][][2]int{
		{{0, 0}}, {{0, 0}, {0, 1}}, {{0, 0}, {1, 0}}, {{0, 0}, {0, 1}, {0, 2}}, {{0, 0}, {1, 0}, {2, 0}},
		{{0, 0}, {0, 1}, {1, 0}}, {{0, 0}, {0, 1}, {1, 1}}, {{0, 0}, {1, 0}, {1, 1}}, {{0, 1}, {1, 0}, {1, 1}},
	})
}

// shaped is the problem of the rows × cols rectangle and pieces of any
// count of the shapes given (each orientation a shape: cells as row and
// column offsets), with the rectangle's symmetries.
func shaped(rows, cols int, shapes [][][2]int) *Problem {
	p := dominoes(rows, cols)
	p.Fingerprint, p.Placements = "shaped", nil
	for r := range rows {
		for c := range cols {
		shape:
			for _, sh := range shapes {
				var cells []int32
				for _, d := range sh {
					if r+d[0] >= rows || c+d[1] >= cols {
						continue shape
					}
					cells = append(cells, int32((r+d[0])*cols+c+d[1]))
				}
				p.Placements = append(p.Placements, Placement{Cells: cells})
			}
		}
	}
	return p
}

// tiny makes the sparse sweep's tables split into parts of a few states,
// add their counts in rounds of a few words, and never go to an array.
func tiny(t *testing.T) {
	t.Helper()
	ps, ww, fp, db, np := partStates, waitWords, fewestParted, denseBits, noPfaffian
	t.Cleanup(func() { partStates, waitWords, fewestParted, denseBits, noPfaffian = ps, ww, fp, db, np })
	partStates, waitWords, fewestParted, denseBits, noPfaffian = 4, 100, 0, -1, true
}

// Every symmetry's fixed count is the same whether the sparse sweep's
// table is one part or many, its counts added at once or in many rounds,
// on one goroutine or several, whole or in three parts; the dominoes of
// 8 × 8 are 12,988,816 (OEIS A004003) and the small pieces' counts in
// 8 × 8 are the memo's (puzzles/tiling's BenchmarkCountSmall8x8).
func TestTableParts(t *testing.T) {
	cases := []struct {
		name string
		p    *Problem
		raw  string
	}{
		{"dominoes 8 × 8", dominoes(8, 8), "12988816"},
		{"dominoes 7 × 10", dominoes(7, 10), ""},
		{"small pieces 8 × 8", smallPieces(8, 8), "92109458286284989468604"}, // whole tables only
		{"small pieces 6 × 6", smallPieces(6, 6), ""},
		{"small pieces 5 × 9", smallPieces(5, 9), ""},
	}
	for _, tc := range pfaffianCases(24) {
		cases = append(cases, struct {
			name string
			p    *Problem
			raw  string
		}{tc.name, tc.p, ""})
	}
	defer func(np bool) { noPfaffian = np }(noPfaffian)
	for _, tc := range cases {
		noPfaffian = true
		want, err := Count(context.Background(), tc.p, &puzzles.CountConfig{Workers: 1})
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if tc.raw != "" && want.Raw.String() != tc.raw {
			t.Errorf("%s: %v raw, want %s", tc.name, want.Raw, tc.raw)
		}
		if tc.name == "small pieces 8 × 8" {
			continue
		}
		t.Run(tc.name, func(t *testing.T) {
			tiny(t)
			for _, workers := range []int{1, 2, 3} {
				got, err := Count(context.Background(), tc.p, &puzzles.CountConfig{Workers: workers})
				if err != nil {
					t.Fatalf("%d workers: %v", workers, err)
				}
				if !slices.EqualFunc(got.Fixed, want.Fixed, func(a, b *big.Int) bool { return a.Cmp(b) == 0 }) {
					t.Errorf("%d workers, tables in parts: fixed %v, want %v", workers, got.Fixed, want.Fixed)
				}
			}
			checkParts(t, tc.name, tc.p, want)
		})
	}
}

// The table in parts still stops at the most states it may hold.
func TestTablePartsFull(t *testing.T) {
	tiny(t)
	defer func(n int) { maxStates = n }(maxStates)
	maxStates = 1000
	for _, workers := range []int{1, 2} {
		_, err := Count(context.Background(), smallPieces(12, 12), &puzzles.CountConfig{Workers: workers})
		if !errors.Is(err, ErrStates) {
			t.Errorf("12 × 12 in 1000 states, %d workers: %v, want ErrStates", workers, err)
		}
	}
}

// A table's parts, added to directly, hold every state once with the sum
// of its counts, widen in place, and find each.
func TestTableAdd(t *testing.T) {
	for _, states := range []int{1, 100, 5000} {
		tb := &table{}
		tb.reset(1, states)
		want := map[uint64]uint64{}
		for k := range 3 * states {
			key := uint64(k*k) % uint64(2*states+1)
			tb.add(key, []uint64{uint64(k)})
			want[key] += uint64(k)
		}
		if tb.states() != len(want) {
			t.Errorf("%d: %d states, want %d", states, tb.states(), len(want))
		}
		tb.widen(2)
		seen := 0
		tb.each(func(key uint64, v []uint64) {
			seen++
			if v[0] != want[key] || v[1] != 0 {
				t.Errorf("%d: state %d holds %v, want %d", states, key, v, want[key])
			}
		})
		for key, v := range want {
			if got := tb.find(key); got == nil || got[0] != v {
				t.Errorf("%d: find(%d) = %v, want %d", states, key, got, v)
			}
		}
		if seen != len(want) || tb.find(uint64(2*states+5)) != nil {
			t.Errorf("%d: %d states seen of %d, or a state found that is not there", states, seen, len(want))
		}
	}
}

// A slab takes new words only when it has too few, with half as many again
// to spare, and maps them apart from the Go heap (on Linux) when they are
// many; a table's parts are cut from its slab, and a count gives every
// slab back, whether it ends, fails or is stopped.
func TestSlabs(t *testing.T) {
	defer func(n int) { bigSlab = n }(bigSlab)
	bigSlab = 1 << 18 // a huge page
	before := bigmem.Mapped()
	var sl slab
	owner := new(int)
	for _, tt := range []struct {
		n          int
		fresh, big bool
	}{{100, true, false}, {50, false, false}, {100, false, false}, {bigSlab, true, true}, {bigSlab + bigSlab/2, false, true}, {bigSlab + bigSlab/2 + 1, true, true}} {
		fresh := take(&sl, tt.n, owner)
		if fresh != tt.fresh || len(sl.words) != tt.n {
			t.Fatalf("%d words: new %v, %d words; want new %v", tt.n, fresh, len(sl.words), tt.fresh)
		}
		if fresh && slices.ContainsFunc(sl.words, func(w uint64) bool { return w != 0 }) {
			t.Fatalf("%d new words not zero", tt.n)
		}
		for i := range sl.words {
			sl.words[i] = uint64(i)
		}
		if mapped := bigmem.Mapped() - before; runtime.GOOS == "linux" && mapped != map[bool]int64{false: 0, true: 1}[tt.big] {
			t.Fatalf("%d words: %d mappings, want them mapped apart: %v", tt.n, mapped, tt.big)
		}
	}
	sl.release()
	tb := &table{}
	tb.reset(1, 1<<17)
	if tb.slab.free == nil && runtime.GOOS == "linux" {
		t.Error("a table of 2^17 states is not mapped apart")
	}
	for p := range tb.parts {
		if &tb.parts[p].slots[0] != &tb.slab.words[p*len(tb.parts[p].slots)] {
			t.Fatalf("part %d is not cut from the slab", p)
		}
	}
	tb.release()
	if after := bigmem.Mapped(); after != before {
		t.Fatalf("%d mappings before, %d after the slabs' release", before, after)
	}
	defer func(n int) { maxStates = n }(maxStates)
	// Small pieces in 10 × 10 pass 40,000 states, in slabs of 2^18 words
	// and more, mapped apart.
	for _, tt := range []struct {
		name    string
		timeout time.Duration
		most    int
		want    error
	}{{"whole", time.Minute, maxStates, nil}, {"stopped", 30 * time.Millisecond, maxStates, context.DeadlineExceeded},
		{"too many states", time.Minute, 40000, ErrStates}} {
		maxStates = tt.most
		ctx, cancel := context.WithTimeout(context.Background(), tt.timeout)
		_, err := Count(ctx, smallPieces(10, 10), &puzzles.CountConfig{Workers: 2})
		cancel()
		if !errors.Is(err, tt.want) || (err == nil) != (tt.want == nil) {
			t.Errorf("%s: %v, want %v", tt.name, err, tt.want)
		}
		if after := bigmem.Mapped(); after != before {
			t.Errorf("%s (%v): %d mappings before the count, %d after", tt.name, err, before, after)
		}
	}
}
