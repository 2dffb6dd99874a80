package solve_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"

	"github.com/polytile/polytile/solve"
)

func TestLimit(t *testing.T) {
	tests := []struct {
		name  string
		p     *solve.Links
		limit int64
		want  int64
	}{
		{"queens 8 limit 1", queens(8), 1, 1},
		{"queens 8 limit 10", queens(8), 10, 10},
		{"queens 8 limit 92", queens(8), 92, 92},
		{"queens 8 limit 1000", queens(8), 1000, 92},
		{"queens 8 limit 0", queens(8), 0, 92},
		{"queens 8 limit -1", queens(8), -1, 92},
		{"two pieces limit 1", twoPieces(t), 1, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := &solve.Config{Limit: tt.limit}
			s := solve.NewSearch(tt.p, cfg)
			got, err := s.Count(context.Background())
			if got != tt.want || err != nil {
				t.Errorf("Count(%s) = %d, %v, want %d, nil", tt.name, got, err, tt.want)
			}
			if got := s.Stats().Solutions; got != tt.want {
				t.Errorf("Count(%s): Stats().Solutions = %d, want %d", tt.name, got, tt.want)
			}

			s = solve.NewSearch(tt.p, cfg)
			sols := collect(s)
			if int64(len(sols)) != tt.want {
				t.Errorf("len(Solutions(%s)) = %d, want %d", tt.name, len(sols), tt.want)
			}
			if got := s.Stats().Solutions; got != tt.want {
				t.Errorf("Solutions(%s): Stats().Solutions = %d, want %d", tt.name, got, tt.want)
			}
			if err := s.Err(); err != nil {
				t.Errorf("Solutions(%s): Err() = %v, want nil", tt.name, err)
			}
			// The limited solutions are the first ones of the full search.
			all := collect(solve.NewSearch(tt.p, nil))
			if !slices.EqualFunc(sols, all[:len(sols)], slices.Equal) {
				t.Errorf("Solutions(%s) = %v, want %v", tt.name, sols, all[:len(sols)])
			}
		})
	}
}

func TestBreakStopsSearch(t *testing.T) {
	tests := []struct {
		name  string
		p     *solve.Links
		after int // break after this many solutions
	}{
		{"queens 8", queens(8), 1},
		{"queens 8", queens(8), 5},
		{"queens 10", queens(10), 1},
		{"two pieces", twoPieces(t), 1},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%s after %d", tt.name, tt.after), func(t *testing.T) {
			full := solve.NewSearch(tt.p, nil)
			if _, err := full.Count(context.Background()); err != nil {
				t.Fatalf("Count(%s): %v", tt.name, err)
			}

			s := solve.NewSearch(tt.p, nil)
			seen := 0
			for range s.Solutions(context.Background()) {
				seen++
				if seen == tt.after {
					break
				}
			}
			if seen != tt.after {
				t.Fatalf("Solutions(%s) yielded %d solutions, want at least %d", tt.name, seen, tt.after)
			}
			st := s.Stats()
			if st.Solutions != int64(tt.after) {
				t.Errorf("Stats(%s).Solutions after break = %d, want %d", tt.name, st.Solutions, tt.after)
			}
			if st.Nodes <= 0 || st.Nodes >= full.Stats().Nodes {
				t.Errorf("Stats(%s).Nodes after break = %d, want in (0, %d)", tt.name, st.Nodes, full.Stats().Nodes)
			}
			if err := s.Err(); err != nil {
				t.Errorf("Err(%s) after break = %v, want nil", tt.name, err)
			}
		})
	}
}

func TestCanceled(t *testing.T) {
	p := queens(12)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()

	t.Run("Count", func(t *testing.T) {
		s := solve.NewSearch(p, nil)
		n, err := s.Count(ctx)
		if !errors.Is(err, context.Canceled) {
			t.Errorf("Count(queens 12, canceled) = %d, %v, want error %v", n, err, context.Canceled)
		}
		if !errors.Is(s.Err(), context.Canceled) {
			t.Errorf("Err(queens 12, canceled) = %v, want %v", s.Err(), context.Canceled)
		}
		if n >= 14200 {
			t.Errorf("Count(queens 12, canceled) = %d, want fewer than 14200", n)
		}
	})
	t.Run("Solutions", func(t *testing.T) {
		s := solve.NewSearch(p, nil)
		n := 0
		for range s.Solutions(ctx) {
			n++
		}
		if !errors.Is(s.Err(), context.Canceled) {
			t.Errorf("Err(queens 12, canceled) = %v, want %v", s.Err(), context.Canceled)
		}
		if n >= 14200 {
			t.Errorf("len(Solutions(queens 12, canceled)) = %d, want fewer than 14200", n)
		}
		if st := s.Stats(); st.Solutions != int64(n) {
			t.Errorf("Stats(queens 12, canceled).Solutions = %d, want %d", st.Solutions, n)
		}
	})
	t.Run("Problem.Count", func(t *testing.T) {
		if n, err := p.Count(ctx); !errors.Is(err, context.Canceled) {
			t.Errorf("Problem.Count(queens 12, canceled) = %d, %v, want error %v", n, err, context.Canceled)
		}
	})
	t.Run("during search", func(t *testing.T) {
		// Cancel on the first solution: the search stops at its next look
		// at the context, well before the end.
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		s := solve.NewSearch(p, nil)
		n := 0
		for range s.Solutions(ctx) {
			n++
			cancel()
		}
		if !errors.Is(s.Err(), context.Canceled) {
			t.Errorf("Err(queens 12, canceled during search) = %v, want %v", s.Err(), context.Canceled)
		}
		if n < 1 || n >= 14200 {
			t.Errorf("len(Solutions(queens 12, canceled during search)) = %d, want in [1, 14200)", n)
		}
	})
	t.Run("rerun", func(t *testing.T) {
		// A canceled run leaves the search usable: the next run starts afresh.
		s := solve.NewSearch(p, nil)
		if _, err := s.Count(ctx); !errors.Is(err, context.Canceled) {
			t.Fatalf("Count(queens 12, canceled) error = %v, want %v", err, context.Canceled)
		}
		n, err := s.Count(context.Background())
		if n != 14200 || err != nil {
			t.Errorf("Count(queens 12) after a canceled run = %d, %v, want 14200, nil", n, err)
		}
		if s.Err() != nil {
			t.Errorf("Err(queens 12) after a canceled run = %v, want nil", s.Err())
		}
	})
}

func TestSolutionsMatchesCount(t *testing.T) {
	tests := []struct {
		name string
		p    *solve.Links
	}{
		{"two pieces", twoPieces(t)},
		{"queens 6", queens(6)},
		{"queens 8", queens(8)},
		{"queens 9", queens(9)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cs := solve.NewSearch(tt.p, nil)
			count, err := cs.Count(context.Background())
			if err != nil {
				t.Fatalf("Count(%s): %v", tt.name, err)
			}
			ss := solve.NewSearch(tt.p, nil)
			sols := collect(ss)
			if int64(len(sols)) != count {
				t.Errorf("len(Solutions(%s)) = %d, want Count = %d", tt.name, len(sols), count)
			}
			// Both walk the same tree.
			if cs.Stats() != ss.Stats() {
				t.Errorf("Stats(%s) after Solutions = %+v, want %+v as after Count", tt.name, ss.Stats(), cs.Stats())
			}
		})
	}
}

func TestRunTwice(t *testing.T) {
	tests := []struct {
		name string
		p    *solve.Links
		cfg  *solve.Config
	}{
		{"two pieces", twoPieces(t), nil},
		{"queens 8", queens(8), nil},
		{"queens 8 limit 7", queens(8), &solve.Config{Limit: 7}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := solve.NewSearch(tt.p, tt.cfg)
			first := collect(s)
			firstStats := s.Stats()
			second := collect(s)
			if !slices.EqualFunc(first, second, slices.Equal) {
				t.Errorf("Solutions(%s) second run = %v, want %v", tt.name, second, first)
			}
			if s.Stats() != firstStats {
				t.Errorf("Stats(%s) second run = %+v, want %+v", tt.name, s.Stats(), firstStats)
			}
			n1, err1 := s.Count(context.Background())
			n2, err2 := s.Count(context.Background())
			if n1 != n2 || n1 != int64(len(first)) || err1 != nil || err2 != nil {
				t.Errorf("Count(%s) twice = %d, %v then %d, %v, want %d, nil both times",
					tt.name, n1, err1, n2, err2, len(first))
			}
		})
	}
}

func TestConcurrentSearches(t *testing.T) {
	p := queens(8)
	const workers = 4
	counts := make([]int64, workers)
	errs := make([]error, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			counts[w], errs[w] = p.Count(context.Background())
		})
	}
	wg.Wait()
	for w := range workers {
		if counts[w] != 92 || errs[w] != nil {
			t.Errorf("Count(queens 8) in goroutine %d = %d, %v, want 92, nil", w, counts[w], errs[w])
		}
	}
}

func TestSolutionsIndependent(t *testing.T) {
	p := queens(6)
	sols := collect(solve.NewSearch(p, nil))
	if len(sols) != 4 {
		t.Fatalf("len(Solutions(queens 6)) = %d, want 4", len(sols))
	}
	want := make([][]int, len(sols))
	for i, sol := range sols {
		if msg := checkSolution(p, sol); msg != "" {
			t.Errorf("Solutions(queens 6)[%d] = %v: %s", i, sol, msg)
		}
		want[i] = slices.Clone(sol)
	}
	for i := range sols {
		for j := i + 1; j < len(sols); j++ {
			if slices.Equal(sols[i], sols[j]) {
				t.Errorf("Solutions(queens 6)[%d] = Solutions(queens 6)[%d] = %v, want distinct", i, j, sols[i])
			}
		}
	}
	// Scribbling over one kept solution changes no other, nor later runs.
	for i := range sols[0] {
		sols[0][i] = -1
	}
	for i := 1; i < len(sols); i++ {
		if !slices.Equal(sols[i], want[i]) {
			t.Errorf("Solutions(queens 6)[%d] after writing to [0] = %v, want %v", i, sols[i], want[i])
		}
	}
	again := collect(solve.NewSearch(p, nil))
	if !slices.EqualFunc(again, want, slices.Equal) {
		t.Errorf("Solutions(queens 6) rerun = %v, want %v", again, want)
	}
}

// A search with a prefix finds exactly the solutions that contain it, and
// splitting on the options of one item partitions the solutions.
func TestPrefix(t *testing.T) {
	p := queens(8)
	all := slices.Collect(p.Solutions(context.Background()))
	// Every solution has one option covering rank 0 (item 0): split on them.
	var parts [][]int
	for k := range p.Options() {
		if slices.Contains(p.Option(k), 0) {
			s := solve.NewSearch(p, &solve.Config{Prefix: []int{k}})
			for sol := range s.Solutions(context.Background()) {
				if !slices.Contains(sol, k) {
					t.Fatalf("prefix %d: solution %v lacks it", k, sol)
				}
				parts = append(parts, sol)
			}
		}
	}
	key := func(s []int) string { return fmt.Sprint(s) }
	var a, b []string
	for _, s := range all {
		a = append(a, key(s))
	}
	for _, s := range parts {
		b = append(b, key(s))
	}
	slices.Sort(a)
	slices.Sort(b)
	if !slices.Equal(a, b) {
		t.Errorf("the parts hold %d solutions, the whole search %d", len(b), len(a))
	}
	// Two options sharing an item: no solution.
	var clash []int
	for k := range p.Options() {
		if slices.Contains(p.Option(k), 0) {
			clash = append(clash, k)
		}
	}
	if n, _ := solve.NewSearch(p, &solve.Config{Prefix: clash[:2]}).Count(context.Background()); n != 0 {
		t.Errorf("a clashing prefix gave %d solutions", n)
	}
	if _, err := solve.NewSearch(p, &solve.Config{Prefix: []int{-1}}).Count(context.Background()); err == nil {
		t.Errorf("an out-of-range prefix gave no error")
	}
}

// Splitting level by level on Branch partitions the solutions, and a
// prefix that is a whole solution leaves nothing to branch on.
func TestBranch(t *testing.T) {
	for _, n := range []int{5, 6, 8} {
		t.Run(fmt.Sprint("queens ", n), func(t *testing.T) {
			p := queens(n)
			all := slices.Collect(p.Solutions(context.Background()))
			prefixes := [][]int{nil}
			for range 3 {
				var next [][]int
				for _, pre := range prefixes {
					opts, more := solve.NewSearch(p, &solve.Config{Prefix: pre}).Branch()
					if !more {
						next = append(next, pre)
						continue
					}
					for _, k := range opts {
						next = append(next, append(slices.Clone(pre), k))
					}
				}
				prefixes = next
			}
			var parts []string
			for _, pre := range prefixes {
				for sol := range solve.NewSearch(p, &solve.Config{Prefix: pre}).Solutions(context.Background()) {
					parts = append(parts, fmt.Sprint(sol))
				}
			}
			var want []string
			for _, sol := range all {
				want = append(want, fmt.Sprint(sol))
			}
			slices.Sort(parts)
			slices.Sort(want)
			if !slices.Equal(parts, want) {
				t.Errorf("the branches hold %d solutions, the whole search %d", len(parts), len(want))
			}
			if len(all) > 0 {
				if opts, more := solve.NewSearch(p, &solve.Config{Prefix: all[0]}).Branch(); more || opts != nil {
					t.Errorf("Branch() after a whole solution = %v, %v, want nil, false", opts, more)
				}
			}
		})
	}
}
