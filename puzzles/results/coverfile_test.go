package results

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/polytile/polytile/puzzles"
	"github.com/polytile/polytile/puzzles/cover"
)

func TestCoverShards(t *testing.T) {
	spec, err := puzzles.LoadSpec("queens-8")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	var paths []string
	for i := range 4 {
		p := filepath.Join(dir, fmt.Sprintf("q%d.jsonl", i))
		res, err := SolveCover(context.Background(), spec, cover.Config{Shard: i, Shards: 4}, p)
		if err != nil || res.Tasks == 0 {
			t.Fatalf("shard %d: %v, %d tasks", i, err, res.Tasks)
		}
		paths = append(paths, p)
	}
	enc, err := mergeAny(paths, "")
	if err != nil {
		t.Fatal(err)
	}
	r := enc.(*CoverResult)
	if r.Raw != 92 || r.Distinct != 12 || len(r.Solutions) != 12 || !r.Complete {
		t.Errorf("merged: %d raw, %d distinct, complete %v", r.Raw, r.Distinct, r.Complete)
	}
	// The merge is the search of the whole, solution by solution.
	whole, _ := cover.Solve(context.Background(), spec.Cover, 0)
	for i, c := range whole.Distinct {
		if fmt.Sprint(spec.Cover.Saved(c.Options)) != fmt.Sprint(r.Solutions[i].Value) {
			t.Errorf("solution %d: merged %v, whole %v", i+1, r.Solutions[i].Value, spec.Cover.Saved(c.Options))
		}
	}
	// A damaged line is refused with its place.
	data, _ := os.ReadFile(paths[0])
	lines := strings.Split(string(data), "\n")
	lines[1] = strings.Replace(lines[1], `"queens":[[`, `"queens":[[7,7],[`, 1)
	os.WriteFile(paths[0], []byte(strings.Join(lines, "\n")), 0o644)
	if _, err := mergeAny(paths, ""); err == nil || !strings.Contains(err.Error(), "q0.jsonl:2: not a solution of the puzzle") {
		t.Errorf("a damaged shard: %v", err)
	}
}
