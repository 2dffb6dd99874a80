package tiling

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/polytile/polytile/puzzles"
)

// estimateRun is a run of the 16 one-sided pentominoes other than I and
// X in a 4 × 20 rectangle: about a second on two cores, its tasks of
// sizes that span orders of magnitude.
func estimateRun(t *testing.T) *Puzzle {
	t.Helper()
	spec, err := parseSpec("estimate", []byte("board: {rows: 4, cols: 20}\npieces:\n  - set: one-sided-pentominoes\n    except: [I, X]\n"))
	if err != nil {
		t.Fatal(err)
	}
	return spec.Puzzle
}

// The progress reports weigh the tasks by estimates of their size: at a
// tenth, a quarter and half of the run (in nodes, which the machine's
// load does not change), the search's size that a report implies (the
// nodes made over the fraction done) is within a factor 2 of the truth
// (runs measure 0.7 to 1.3, so that a loaded machine does not fail it).
// The time left is logged beside the truth: the time the rest took. With
// POLYTILE_ESTIMATE_SPEC set to a spec (one-sided-pentominoes-5x18, say)
// it runs that, on all cores, and the time left must be within a factor
// of two of the truth too:
//
//	POLYTILE_ESTIMATE_SPEC=one-sided-pentominoes-5x18 go test ./puzzles/tiling -run ProgressEstimate -v -timeout 1h
func TestProgressEstimate(t *testing.T) {
	if testing.Short() {
		t.Skip("a run of a second")
	}
	p, workers, long := (*Puzzle)(nil), 2, os.Getenv("POLYTILE_ESTIMATE_SPEC")
	if long != "" {
		spec, err := loadSpec(long)
		if err != nil {
			t.Fatal(err)
		}
		p, workers = spec.Puzzle, 0
	} else {
		defer func(d time.Duration) { progressEvery = d }(progressEvery)
		progressEvery = 20 * time.Millisecond
		p = estimateRun(t)
	}
	type report struct {
		at        time.Duration
		nodes     float64 // made, as the estimate counts them
		estimated bool
		fraction  float64
		left      time.Duration
	}
	var reports []report
	start := time.Now()
	cfg := &puzzles.SolveConfig{Workers: workers, Each: func(puzzles.Class, int) bool { return true }}
	cfg.Progress = func(pr puzzles.Progress) {
		reports = append(reports, report{at: time.Since(start), nodes: float64(pr.Nodes + pr.Running), estimated: pr.Estimated, fraction: pr.Fraction, left: pr.Left})
	}
	res, err := p.Solve(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	total, wall := float64(res.Stats.Nodes), time.Since(start)
	t.Logf("%d tasks, %.0f nodes, %v", res.Tasks, total, wall.Round(time.Millisecond))
	for _, q := range []float64{0.10, 0.25, 0.50} {
		i := 0
		for i < len(reports) && reports[i].nodes < q*total {
			i++
		}
		if i == len(reports) {
			t.Fatalf("no report after %.0f%% of the nodes", 100*q)
		}
		r := reports[i]
		if !r.estimated {
			t.Errorf("at %.0f%% of the nodes (%v), no estimate yet", 100*q, r.at)
			continue
		}
		implied := r.nodes / r.fraction
		t.Logf("at %2.0f%% of the nodes (%v): estimated %.0f%% done, a search of %.0f nodes (%.2f × the truth); ~%v left, truly %v",
			100*q, r.at.Round(time.Millisecond), 100*r.fraction, implied, implied/total, r.left.Round(time.Millisecond), (wall - r.at).Round(time.Millisecond))
		if implied < total/2 || implied > total*2 {
			t.Errorf("at %.0f%% of the nodes the estimate implies a search of %.0f nodes; it has %.0f", 100*q, implied, total)
		}
		if truth := wall - r.at; long != "" && (r.left < truth/2 || r.left > truth*2) {
			t.Errorf("at %.0f%% of the nodes the estimate says %v left; it took %v", 100*q, r.left, truth)
		}
	}
}
