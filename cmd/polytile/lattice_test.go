package main

import (
	"encoding/json"
	"path/filepath"
	"regexp"
	"testing"
)

// TestLatticeJSON checks that solve --json names a triangular or hexagonal
// lattice (and leaves the square one out), and that merging the shards of
// a hexagonal puzzle gives what the whole run gives.
func TestLatticeJSON(t *testing.T) {
	type result struct {
		Lattice  string `json:"lattice"`
		Raw      int64  `json:"raw"`
		Distinct int    `json:"distinct"`
	}
	for _, tc := range []struct {
		name    string
		lattice string
		raw     int64
	}{
		{"tetrahexes-4x7", "hexagon", 18},
		{"hexiamonds-4x9", "triangle", 148},
		{"dominoes-4x4", "", 36},
	} {
		code, out, stderr := polytile(t, "solve", tc.name, "--json")
		if code != 0 {
			t.Fatalf("solve %s: exit %d: %s", tc.name, code, stderr)
		}
		var r result
		if err := json.Unmarshal([]byte(out), &r); err != nil {
			t.Fatalf("solve %s --json: %v", tc.name, err)
		}
		if r.Lattice != tc.lattice || r.Raw != tc.raw {
			t.Errorf("solve %s --json: lattice %q, raw %d; want %q, %d", tc.name, r.Lattice, r.Raw, tc.lattice, tc.raw)
		}
	}

	dir := t.TempDir()
	var files []string
	for _, i := range []string{"0", "1", "2"} {
		f := filepath.Join(dir, "shard-"+i+".jsonl")
		if code, _, stderr := polytile(t, "solve", "tetrahexes-hexagon", "--shard", i+"/3", "--jsonl", f, "--quiet"); code != 0 {
			t.Fatalf("shard %s: exit %d: %s", i, code, stderr)
		}
		files = append(files, f)
	}
	code, merged, stderr := polytile(t, append([]string{"merge"}, files...)...)
	if code != 0 {
		t.Fatalf("merge: exit %d: %s", code, stderr)
	}
	_, whole, _ := polytile(t, "solve", "tetrahexes-hexagon", "--json")
	// The search's own statistics differ between a sharded run and a
	// whole one; the results do not.
	stats := regexp.MustCompile(`(?m)^  "(engine|nodes|updates)": .*\n`)
	if a, b := stats.ReplaceAllString(merged, ""), stats.ReplaceAllString(whole, ""); a != b {
		t.Errorf("merge of 3 shards =\n%s\nwant the whole run's\n%s", a, b)
	}
}
