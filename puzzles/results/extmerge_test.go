package results

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// MergeFilesTo writes the bytes of the whole search, whatever the size of
// its sorted runs, and refuses what Merge refuses.
func TestMergeFilesTo(t *testing.T) {
	for _, tt := range []struct {
		spec          string
		shards, chunk int
	}{
		{"scott", 1, 0},
		{"scott", 3, 7},
		{"scott", 4, 1},
		{"dominoes-4x4", 10, 2},
		{"pentominoes-3x20", 2, 1},
	} {
		t.Run(fmt.Sprintf("%s/%d/%d", tt.spec, tt.shards, tt.chunk), func(t *testing.T) {
			spec := mustSpec(t, tt.spec)
			dir := t.TempDir()
			var paths []string
			for i := tt.shards - 1; i >= 0; i-- {
				p := filepath.Join(dir, fmt.Sprintf("s%d.jsonl", i))
				if err := os.WriteFile(p, []byte(strings.Join(shardLines(t, spec, i, tt.shards), "\n")), 0o644); err != nil {
					t.Fatal(err)
				}
				paths = append(paths, p)
			}
			var buf bytes.Buffer
			if err := MergeFilesTo(context.Background(), &buf, paths, "", dir, tt.chunk); err != nil {
				t.Fatal(err)
			}
			if got, want := buf.String(), whole(t, spec); got != want {
				t.Errorf("MergeFilesTo = \n%.600s\nwant (the whole search)\n%.600s", got, want)
			}
			if left, _ := filepath.Glob(filepath.Join(dir, "polytile-merge-*")); len(left) != 0 {
				t.Errorf("temporary runs left: %v", left)
			}
		})
	}
	// A solution given twice (a shard twice under two names) is refused,
	// saying where.
	spec := mustSpec(t, "scott")
	dir := t.TempDir()
	lines := shardLines(t, spec, 0, 2)
	a, b := filepath.Join(dir, "a.jsonl"), filepath.Join(dir, "b.jsonl")
	os.WriteFile(a, []byte(strings.Join(lines, "\n")), 0o644)
	other := shardLines(t, spec, 1, 2)
	// b is shard 1's header and end, with shard 0's first solution in it.
	dup := append([]string{other[0], lines[1]}, other[1:]...)
	os.WriteFile(b, []byte(strings.Join(dup, "\n")), 0o644)
	var buf bytes.Buffer
	if err := MergeFilesTo(context.Background(), &buf, []string{a, b}, "", dir, 5); err == nil {
		t.Errorf("a solution twice: no error")
	}
}

// A merge stops when its context is canceled, with the cause, leaving no
// scratch directory; one that a killed merge left is removed by the next
// merge; a line longer than MaxLine is an error at its line, not memory.
func TestMergeFilesToStops(t *testing.T) {
	spec := mustSpec(t, "pentominoes-6x10")
	dir := t.TempDir()
	path := filepath.Join(dir, "s.jsonl")
	if err := os.WriteFile(path, []byte(strings.Join(shardLines(t, spec, 0, 1), "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	killed := filepath.Join(dir, "polytile-merge-killed")
	os.MkdirAll(killed, 0o755)
	os.WriteFile(filepath.Join(killed, ".lock"), nil, 0o644)
	ctx, cancel := context.WithCancelCause(context.Background())
	cause := errors.New("told to stop")
	cancel(cause)
	var buf bytes.Buffer
	err := MergeFilesTo(ctx, &buf, []string{path}, "", dir, 100)
	if !errors.Is(err, cause) || !strings.Contains(err.Error(), "merge stopped") {
		t.Errorf("MergeFilesTo with its context canceled: %v, want it stopped by %v", err, cause)
	}
	if err := MergeFilesTo(context.Background(), &buf, []string{path}, "", dir, 100); err != nil {
		t.Fatal(err)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, "polytile-merge-*")); len(left) != 0 {
		t.Errorf("scratch directories left: %v", left)
	}
	// A header, then 65 MiB of zeros: a sparse file, without a newline.
	long := filepath.Join(dir, "long.jsonl")
	header := shardLines(t, spec, 0, 1)[0] + "\n"
	os.WriteFile(long, []byte(header), 0o644)
	if err := os.Truncate(long, int64(len(header))+MaxLine+1<<20); err != nil {
		t.Fatal(err)
	}
	err = MergeFilesTo(context.Background(), &buf, []string{long}, "", dir, 0)
	if err == nil || !strings.Contains(err.Error(), "long.jsonl:2: a line longer than 64 MiB") {
		t.Errorf("a line of 65 MiB: %v", err)
	}
}
