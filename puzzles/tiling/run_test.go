package tiling

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/polytile/polytile/puzzles"
	"github.com/polytile/polytile/puzzles/geom"
)

// streamed runs Solve with Each and returns the keys of the distinct
// solutions in the order given, with their tasks.
func streamed(t *testing.T, p *Puzzle, cfg puzzles.SolveConfig) ([]string, *puzzles.Result) {
	t.Helper()
	var keys []string
	cfg.Each = func(d puzzles.Class, task int) bool {
		keys = append(keys, fmt.Sprint(task, tiled(d).Key()))
		return true
	}
	res, err := p.Solve(context.Background(), &cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Distinct) != 0 {
		t.Errorf("Each set, yet Result.Distinct holds %d", len(res.Distinct))
	}
	return keys, res
}

// The results, and the order of the streamed solutions, do not depend on
// the number of workers or on the engine; the shards partition them.
func TestWorkersAndShards(t *testing.T) {
	for _, name := range []string{"scott", "pentominoes-3x20", "dominoes-4x4"} {
		for _, nb := range []bool{false, true} {
			t.Run(fmt.Sprint(name, " noBreaking=", nb), func(t *testing.T) {
				spec, err := loadSpec(name)
				if err != nil {
					t.Fatal(err)
				}
				p := spec.Puzzle
				want, wantRes := streamed(t, p, puzzles.SolveConfig{Workers: 1, NoSymmetryBreaking: nb})
				for _, cfg := range []puzzles.SolveConfig{{Workers: 2}, {Workers: 3}, {Workers: 7}} {
					cfg.NoSymmetryBreaking = nb
					got, res := streamed(t, p, cfg)
					if !slices.Equal(got, want) || res.Raw != wantRes.Raw || res.Found != wantRes.Found {
						t.Errorf("workers %d: %d solutions (raw %d), want %d (raw %d) in the same order",
							cfg.Workers, len(got), res.Raw, len(want), wantRes.Raw)
					}
				}
				// Dancing Links: its own order within a task, the same for
				// any number of workers, and the same solutions.
				dlx1, _ := streamed(t, p, puzzles.SolveConfig{Workers: 1, NoSymmetryBreaking: nb, Engine: puzzles.EngineDLX})
				dlx3, _ := streamed(t, p, puzzles.SolveConfig{Workers: 3, NoSymmetryBreaking: nb, Engine: puzzles.EngineDLX})
				if !slices.Equal(dlx1, dlx3) {
					t.Errorf("Dancing Links: the order depends on the workers")
				}
				// The engines split the search their own ways: compare the
				// solutions without their tasks.
				strip := func(keys []string) []string {
					var out []string
					for _, k := range keys {
						_, key, _ := strings.Cut(k, " ")
						out = append(out, key)
					}
					return slices.Sorted(slices.Values(out))
				}
				a, b := strip(dlx1), strip(want)
				if !slices.Equal(a, b) {
					t.Errorf("the engines find different solutions: %d and %d", len(a), len(b))
				}
				for _, n := range []int{2, 3, 5} {
					var union []string
					var raw int64
					for i := range n {
						got, res := streamed(t, p, puzzles.SolveConfig{Workers: 2, Shard: i, Shards: n, NoSymmetryBreaking: nb})
						union = append(union, got...)
						raw += res.Raw
						if !res.Complete {
							t.Errorf("shard %d/%d incomplete", i, n)
						}
					}
					// Ordered by task, the union is the whole, in order.
					slices.SortStableFunc(union, func(a, b string) int {
						var ta, tb int
						fmt.Sscan(a, &ta)
						fmt.Sscan(b, &tb)
						return ta - tb
					})
					if !slices.Equal(union, want) || raw != wantRes.Raw {
						t.Errorf("%d shards: %d solutions, raw %d; want %d, raw %d", n, len(union), raw, len(want), wantRes.Raw)
					}
				}
			})
		}
	}
}

func TestLimitAcrossWorkers(t *testing.T) {
	spec, err := loadSpec("pentominoes-5x12")
	if err != nil {
		t.Fatal(err)
	}
	var first []string
	for _, w := range []int{1, 2, 4} {
		res, err := spec.Puzzle.Solve(context.Background(), &puzzles.SolveConfig{Limit: 25, Workers: w})
		if err != nil {
			t.Fatal(err)
		}
		var keys []string
		for _, d := range res.Distinct {
			keys = append(keys, tiled(d).Key())
		}
		if len(keys) != 25 || res.Complete {
			t.Fatalf("workers %d: %d solutions, complete %v", w, len(keys), res.Complete)
		}
		if first == nil {
			first = keys
		} else if !slices.Equal(keys, first) {
			t.Errorf("workers %d: a different 25", w)
		}
	}
}

// With a limit, the counts and statistics, like the solutions, are the
// same for any number of workers and on every run: only what was merged
// counts.
func TestLimitDeterministic(t *testing.T) {
	for _, tt := range []struct {
		name   string
		engine puzzles.Engine
		limits []int
	}{
		{"pentominoes-6x10", puzzles.EngineFill, []int{1, 5, 300}},
		{"scott", puzzles.EngineDLX, []int{1, 7, 40}},
		{"dominoes-2x10", puzzles.EngineFill, []int{3}},
	} {
		spec, err := loadSpec(tt.name)
		if err != nil {
			t.Fatal(err)
		}
		for _, limit := range tt.limits {
			t.Run(fmt.Sprint(tt.name, " limit ", limit), func(t *testing.T) {
				var want string
				for _, workers := range []int{1, 2, 3, 8, 1, 2, 3, 8} {
					res, err := spec.Puzzle.Solve(context.Background(), &puzzles.SolveConfig{Engine: tt.engine, Limit: limit, Workers: workers})
					if err != nil {
						t.Fatal(err)
					}
					got := fmt.Sprintf("distinct %d, raw %d, found %d, complete %v, stats %+v",
						len(res.Distinct), res.Raw, res.Found, res.Complete, res.Stats)
					for _, d := range res.Distinct {
						got += " " + fmt.Sprint(tiled(d).code)
					}
					if want == "" {
						want = got
						t.Log(got[:min(len(got), 100)])
					} else if got != want {
						t.Errorf("workers %d: %.100s…, want %.100s…", workers, got, want)
					}
				}
			})
		}
	}
}

// monominoRow returns the puzzle of n monominoes, each its own piece, in
// a row of n cells: n! covers, n!/2 distinct.
func monominoRow(t *testing.T, n int) *Puzzle {
	t.Helper()
	var pieces []geom.Piece
	for i := range n {
		pc, err := geom.ParsePiece(fmt.Sprint("m", i), "#")
		if err != nil {
			t.Fatal(err)
		}
		pieces = append(pieces, pc)
	}
	b, err := geom.NewRectBoard(1, n, nil)
	if err != nil {
		t.Fatal(err)
	}
	p, err := New("monominoes", b, pieces)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// Workers that run ahead of the merger hold at most bufferCap solutions
// each in memory, however many their tasks have (the rest go to spill
// files, and come back in order), and stop when the limit is reached.
func TestBufferBounded(t *testing.T) {
	defer func(n int) { bufferCap = n }(bufferCap)
	bufferCap = 16
	p := monominoRow(t, 9)
	for _, tt := range []struct {
		name   string
		engine puzzles.Engine
		limit  int
	}{
		{"fill", puzzles.EngineFill, 5000},
		{"dlx", puzzles.EngineDLX, 5000},
		{"fill, no limit", puzzles.EngineFill, 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var first []string
			for _, workers := range []int{1, 3, 8} {
				keys, res := streamed(t, p, puzzles.SolveConfig{Engine: tt.engine, Limit: tt.limit, Workers: workers})
				if res.Buffered > bufferCap {
					t.Errorf("workers %d: a task held %d solutions, want at most %d", workers, res.Buffered, bufferCap)
				}
				if tt.limit == 0 && workers > 1 && res.Spilled == 0 {
					t.Errorf("workers %d: no solutions went to spill files: the workers ahead waited", workers)
				}
				want := tt.limit
				if want == 0 {
					want = 362880 / 2 // 9! over the two ways the strip maps onto itself
				}
				if len(keys) != want {
					t.Errorf("workers %d: %d solutions, want %d", workers, len(keys), want)
				}
				if first == nil {
					first = keys
				} else if !slices.Equal(keys, first) {
					t.Errorf("workers %d: the solutions differ, or come in another order", workers)
				}
			}
		})
	}
}

// Canceling the context mid-search stops it, with ctx's error and what
// was found by then, marked incomplete; progress is reported at the end.
func TestCanceledSolve(t *testing.T) {
	spec, err := loadSpec("pentominoes-6x10")
	if err != nil {
		t.Fatal(err)
	}
	for _, engine := range []puzzles.Engine{puzzles.EngineDLX, puzzles.EngineFill} {
		t.Run(engine.String(), func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			var last puzzles.Progress
			distinct := 0
			res, err := spec.Puzzle.Solve(ctx, &puzzles.SolveConfig{Engine: engine, Workers: 2,
				Progress: func(p puzzles.Progress) { last = p },
				Each: func(puzzles.Class, int) bool {
					if distinct++; distinct == 10 {
						cancel()
					}
					return true
				}})
			if !errors.Is(err, context.Canceled) || res == nil || res.Complete {
				t.Fatalf("Solve canceled after 10 solutions: err %v, result %+v", err, res)
			}
			if distinct < 10 || distinct >= 2339 || last.Tasks == 0 || last.Done > last.Tasks {
				t.Errorf("after the cancel: %d distinct, progress %+v", distinct, last)
			}
		})
	}
}

func TestSolveConfigErrors(t *testing.T) {
	spec, err := loadSpec("pentominoes-3x20")
	if err != nil {
		t.Fatal(err)
	}
	for _, cfg := range []puzzles.SolveConfig{{Shard: 2, Shards: 2}, {Shard: 1}, {Shards: -1}, {Workers: -1}, {Limit: -1}, {Engine: 9}} {
		if _, err := spec.Puzzle.Solve(context.Background(), &cfg); err == nil {
			t.Errorf("Solve(%+v): no error", cfg)
		}
	}
}

func TestFingerprint(t *testing.T) {
	a, _ := loadSpec("pentominoes-6x10")
	b, _ := loadSpec("pentominoes-5x12")
	fa := a.Puzzle.Fingerprint(nil)
	if fa != a.Puzzle.Fingerprint(&puzzles.SolveConfig{Workers: 3, Shard: 1, Shards: 2, Engine: puzzles.EngineFill}) {
		t.Errorf("the fingerprint depends on workers or shards, or auto is not fill here")
	}
	if fa == b.Puzzle.Fingerprint(nil) || fa == a.Puzzle.Fingerprint(&puzzles.SolveConfig{NoSymmetryBreaking: true}) ||
		fa == a.Puzzle.Fingerprint(&puzzles.SolveConfig{Engine: puzzles.EngineDLX}) {
		t.Errorf("the fingerprint does not tell puzzles, engines or splits apart")
	}
}

// An interrupted search stops taking what its tasks found soon after the
// interruption (restBudget), however much they found: a search of billions
// of classes, each taken slowly, ends within 2 s of its context, its
// result partial. (The bound is a behaviour, the goal for a stop,
// not a measure of speed.)
func TestInterruptedSearchStopsTaking(t *testing.T) {
	var pieces []geom.Piece
	for i := range 16 {
		pieces = append(pieces, geom.Piece{Name: fmt.Sprint("P", i), Cells: []geom.Cell{{}}, Count: 1})
	}
	p := mustPuzzle(t, mustRect(t, 1, 16), pieces)
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	taken := 0
	each := func(puzzles.Class, int) bool {
		taken++
		time.Sleep(20 * time.Microsecond) // a slow file
		return true
	}
	start := time.Now()
	res, err := p.Solve(ctx, &puzzles.SolveConfig{Workers: 2, Each: each})
	if took := time.Since(start); took > 2*time.Second {
		t.Errorf("the search took %v to stop after its context ended at 300ms; want well under 2 s", took)
	}
	if err == nil || res.Complete || taken == 0 {
		t.Errorf("Solve = complete %v, %d taken, %v; want a partial result and the context's error", res.Complete, taken, err)
	}
}
