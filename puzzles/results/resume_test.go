package results

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/polytile/polytile/internal/safefile"
	"github.com/polytile/polytile/puzzles"
	"github.com/polytile/polytile/puzzles/specs"
)

// solveFile runs Solve (or Resume) of spec to path with cfg, and returns
// the file's bytes.
func solveFile(t *testing.T, resume bool, spec *specs.Spec, cfg puzzles.SolveConfig, path string) []byte {
	t.Helper()
	solve := Solve
	if resume {
		solve = Resume
	}
	run, err := solve(context.Background(), spec, &cfg, path)
	if err != nil {
		t.Fatal(err)
	}
	if run.File != path {
		t.Fatalf("run.File = %q, want %q", run.File, path)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// A run resumed from whatever a stopped or killed run left, however far
// it came, writes the bytes of a run that was never stopped, on any number
// of workers, for the whole search and for a shard.
func TestResumeEqualsWhole(t *testing.T) {
	spec := mustSpec(t, "scott")
	rng := rand.New(rand.NewPCG(1, 2))
	for _, sh := range []struct{ shard, shards int }{{0, 1}, {1, 3}} {
		dir := t.TempDir()
		base := puzzles.SolveConfig{Shard: sh.shard, Shards: sh.shards}
		want := solveFile(t, false, spec, base, filepath.Join(dir, "whole.jsonl"))
		if !bytes.Contains(want, []byte(`{"done":`)) || !bytes.Contains(want, []byte(`"complete":true`)) {
			t.Fatalf("the whole run's file has no done lines, or is not complete:\n%.500s", want)
		}
		path := filepath.Join(dir, "run.jsonl")
		part, err := PartName(path)
		if err != nil {
			t.Fatal(err)
		}
		check := func(what string, workers int) {
			t.Helper()
			cfg := base
			cfg.Workers = workers
			got := solveFile(t, true, spec, cfg, path)
			if !bytes.Equal(got, want) {
				t.Fatalf("shard %d/%d, %s: the resumed file differs from the whole run's\n got %d bytes\nwant %d bytes", sh.shard, sh.shards, what, len(got), len(want))
			}
			if _, err := os.Stat(part); !errors.Is(err, os.ErrNotExist) {
				t.Fatalf("%s: the part file is still there: %v", what, err)
			}
		}
		// Stopped (a limit stands for a signal or a timeout): the file
		// has an end line that says so.
		for _, limit := range []int{1, 5, 11, 20} {
			cfg := base
			cfg.Limit = limit
			stopped := solveFile(t, false, spec, cfg, path)
			if !bytes.Contains(stopped, []byte(`"complete":false`)) {
				t.Fatalf("limit %d: the run was not stopped", limit)
			}
			check(fmt.Sprint("stopped at ", limit), 1+limit%2)
		}
		// Killed: the part file holds a prefix of the file, cut anywhere,
		// maybe beside the file of an earlier stopped run.
		for i := range 12 {
			cut := rng.IntN(len(want))
			if i == 0 {
				cut = 0
			}
			os.Remove(path)
			if i%2 == 1 {
				cfg := base
				cfg.Limit = 1 + rng.IntN(15)
				solveFile(t, false, spec, cfg, path)
			}
			if err := os.WriteFile(part, want[:cut], 0o644); err != nil {
				t.Fatal(err)
			}
			check("killed", 2)
		}
		// Done: resuming a finished run changes nothing.
		check("finished", 2)
		// Nothing saved: a fresh run.
		os.Remove(path)
		check("fresh", 2)
	}
}

// Resume refuses files of other searches, older files, and a limit; Solve
// refuses to drop what a killed run left.
func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

func TestResumeRefuses(t *testing.T) {
	spec := mustSpec(t, "scott")
	dir := t.TempDir()
	path := filepath.Join(dir, "scott.jsonl")
	whole := solveFile(t, false, spec, puzzles.SolveConfig{}, path)
	shard := filepath.Join(dir, "shard.jsonl")
	solveFile(t, false, spec, puzzles.SolveConfig{Shard: 1, Shards: 2}, shard)
	other := filepath.Join(dir, "other.jsonl")
	solveFile(t, false, mustSpec(t, "pentominoes-8x8-corners"), puzzles.SolveConfig{Limit: 3}, other)
	v1 := filepath.Join(dir, "v1.jsonl")
	os.WriteFile(v1, legacyShard(t, whole, 1), 0o644)
	damaged := filepath.Join(dir, "damaged.jsonl")
	lines := bytes.SplitAfter(whole, []byte("\n"))
	first := slices.IndexFunc(lines, func(l []byte) bool { return bytes.HasPrefix(l, []byte(`{"task":`)) })
	os.WriteFile(damaged, bytes.Join(append(lines[:first:first], lines[first+1:]...), nil), 0o644)
	for _, tc := range []struct {
		path string
		cfg  puzzles.SolveConfig
		want string
	}{
		{shard, puzzles.SolveConfig{Shard: 0, Shards: 2}, "holds shard 1/2 of the search; this run is shard 0/2"},
		{other, puzzles.SolveConfig{}, "holds a search of another puzzle"},
		{path, puzzles.SolveConfig{NoSymmetryBreaking: true}, "holds a search of another puzzle, or one split another way"},
		{v1, puzzles.SolveConfig{}, "version 1 of the shard format, which does not say which tasks ended"},
		{path, puzzles.SolveConfig{Limit: 3}, "a run with a limit cannot be resumed"},
		{damaged, puzzles.SolveConfig{}, "the file is damaged"},
	} {
		before, _ := os.ReadFile(tc.path)
		_, err := Resume(context.Background(), spec, &tc.cfg, tc.path)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Resume(%s): %v, want an error with %q", filepath.Base(tc.path), err, tc.want)
		}
		if after, _ := os.ReadFile(tc.path); !bytes.Equal(before, after) {
			t.Errorf("Resume(%s) changed the file it refused", filepath.Base(tc.path))
		}
		if part, _ := PartName(tc.path); fileExists(part) {
			t.Errorf("Resume(%s) left %s", filepath.Base(tc.path), part)
		}
	}
	// A run writing the file is not disturbed.
	lock, err := safefile.LockPart(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Resume(context.Background(), spec, nil, path); err == nil || !strings.Contains(err.Error(), "another run is writing") {
		t.Errorf("Resume while the part file is locked: %v, want a refusal", err)
	}
	// Nor is a run writing a part file with data in it taken for a killed
	// one: a second Solve says that another run is writing, and never to
	// remove the part file.
	part, _ := PartName(path)
	os.WriteFile(part, whole[:len(whole)/2], 0o644)
	_, err = Solve(context.Background(), spec, nil, path)
	var busy *BusyError
	if !errors.As(err, &busy) || busy.Path != path || strings.Contains(err.Error(), "remove") {
		t.Errorf("Solve while another run writes %s: %v, want a *BusyError", path, err)
	}
	lock()
	_, err = Solve(context.Background(), spec, nil, path)
	var killed *KilledRunError
	if !errors.As(err, &killed) || killed.Path != path || killed.Part != part || !strings.Contains(err.Error(), "resume it") || strings.Contains(err.Error(), "remove") {
		t.Errorf("Solve beside a killed run's part: %v, want a *KilledRunError that says to resume", err)
	}
}

// A resume stopped while it keeps what a killed run left (before its
// search) writes nothing: the file and the part file stay as they were.
func TestResumeStoppedWhileConsolidating(t *testing.T) {
	spec := mustSpec(t, "scott")
	dir := t.TempDir()
	path := filepath.Join(dir, "scott.jsonl")
	whole := solveFile(t, false, spec, puzzles.SolveConfig{}, path)
	os.Remove(path)
	part, _ := PartName(path)
	half := whole[:bytes.LastIndex(whole[:len(whole)/2], []byte("\n"))+1]
	if err := os.WriteFile(part, half, 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancelCause(context.Background())
	cause := errors.New("terminated")
	cancel(cause)
	_, err := Resume(ctx, spec, nil, path)
	if !errors.Is(err, cause) || !strings.Contains(err.Error(), "as they were") {
		t.Errorf("Resume stopped at once: %v, want it stopped by %v", err, cause)
	}
	if got, _ := os.ReadFile(part); !bytes.Equal(got, half) {
		t.Errorf("the part file changed")
	}
	if fileExists(path) {
		t.Errorf("the stopped resume wrote %s", path)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".*.tmp")); len(left) != 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

// Reading what earlier runs left, before the search, stops when ctx ends:
// a file of many solutions takes seconds to read. The file stays as it was.
func TestResumeStoppedWhileReading(t *testing.T) {
	// Eight distinct one-cell pieces in a row: 20,160 distinct solutions.
	spec, err := specs.Parse("monominoes.yaml", []byte(`board: {rows: 1, cols: 8}
pieces:
  - {name: A, shape: "#"}
  - {name: B, shape: "#"}
  - {name: C, shape: "#"}
  - {name: D, shape: "#"}
  - {name: E, shape: "#"}
  - {name: F, shape: "#"}
  - {name: G, shape: "#"}
  - {name: H, shape: "#"}
`))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "monominoes.jsonl")
	whole := solveFile(t, false, spec, puzzles.SolveConfig{}, path)
	if n := bytes.Count(whole, []byte("\n")); n <= checkEvery {
		t.Fatalf("the file has %d lines; want more than %d, so that reading it looks at ctx", n, checkEvery)
	}
	ctx, cancel := context.WithCancelCause(context.Background())
	cause := errors.New("terminated")
	cancel(cause)
	_, err = Resume(ctx, spec, nil, path)
	if !errors.Is(err, cause) || !strings.Contains(err.Error(), "stopped while reading") {
		t.Errorf("Resume stopped at once: %v, want it stopped while reading by %v", err, cause)
	}
	if got, _ := os.ReadFile(path); !bytes.Equal(got, whole) {
		t.Errorf("the file changed")
	}
}

// SolveKept keeps what Keep says: the first Show solutions, all of them,
// a file, or a resumed file.
func TestSolveKept(t *testing.T) {
	spec := mustSpec(t, "scott")
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "scott.jsonl")
	tests := []struct {
		name string
		keep Keep
		held int // solutions the result holds
	}{
		{"the first two", Keep{Show: 2}, 2},
		{"all", Keep{All: true}, 65},
		{"a file", Keep{Path: path}, 0},
		{"a resumed file", Keep{Path: path, Resume: true}, 0},
	}
	for _, tt := range tests {
		run, err := SolveKept(ctx, spec, nil, tt.keep)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if run.Distinct != 65 || len(run.Result.Distinct) != tt.held {
			t.Errorf("%s: %d distinct, %d held; want 65, %d", tt.name, run.Distinct, len(run.Result.Distinct), tt.held)
		}
		if tt.keep.Path != "" && run.File != path {
			t.Errorf("%s: no file written", tt.name)
		}
	}
}
