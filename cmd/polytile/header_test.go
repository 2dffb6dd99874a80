package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/polytile/polytile/puzzles/results"
)

// Every file the command saves starts with the saved files' header, and
// merge merges by it: the parts of a count, the shards of a search, and
// refuses a mix.
func TestSavedFilesHeader(t *testing.T) {
	dir := t.TempDir()
	path := func(name string) string { return filepath.Join(dir, name) }
	must := func(args ...string) string {
		t.Helper()
		code, out, errOut := polytile(t, args...)
		if code != 0 {
			t.Fatalf("polytile %s: exit %d: %s", strings.Join(args, " "), code, errOut)
		}
		return out
	}
	write := func(name, data string) string {
		t.Helper()
		return writeTemp(t, name, data)
	}
	result := write("result.json", must("solve", "dominoes-4x4", "--json"))
	must("solve", "dominoes-4x4", "--jsonl", path("whole.jsonl"))
	must("solve", "dominoes-4x4", "--jsonl", path("s0.jsonl"), "--shard", "0/2")
	must("solve", "dominoes-4x4", "--jsonl", path("s1.jsonl"), "--shard", "1/2")
	count := write("count.json", must("count", "dominoes-4x4", "--json"))
	c0 := write("c0.json", must("count", "dominoes-4x4", "--json", "--shard", "0/2"))
	c1 := write("c1.json", must("count", "dominoes-4x4", "--json", "--shard", "1/2"))
	must("merge", path("s0.jsonl"), path("s1.jsonl"), "-o", path("merged.json"))
	must("merge", c0, c1, "-o", path("merged-count.json"))
	for _, tt := range []struct {
		file, holds string
	}{
		{result, "solutions"},
		{path("whole.jsonl"), "solutions"},
		{path("s1.jsonl"), "solutions"},
		{path("merged.json"), "solutions"},
		{count, "count"},
		{c0, "count"},
		{path("merged-count.json"), "count"},
	} {
		t.Run(filepath.Base(tt.file), func(t *testing.T) {
			h, err := results.ReadFileHeader(tt.file)
			if err != nil {
				t.Fatal(err)
			}
			if h.Polytile != results.FormatVersion || h.Holds != tt.holds || h.Kind != "tiling" || h.Spec != "dominoes-4x4" || h.Fingerprint == "" {
				t.Errorf("header %+v, want holds %q of dominoes-4x4", *h, tt.holds)
			}
		})
	}
	if got, want := readFile(t, path("merged.json")), readFile(t, result); !bytes.Equal(got, want) {
		t.Errorf("merge of the shards wrote\n%s\nwant what solve --json writes\n%s", got, want)
	}
	if got, want := readFile(t, path("merged-count.json")), readFile(t, count); !bytes.Equal(got, want) {
		t.Errorf("merge of the count's parts wrote\n%s\nwant what count --json writes\n%s", got, want)
	}
	for _, tt := range []struct {
		name string
		args []string
		msg  string
	}{
		{"a count among shards", []string{path("s0.jsonl"), c1}, "c1.json holds a count, not solutions"},
		{"a shard among a count's parts", []string{c0, path("s1.jsonl")}, "s1.jsonl holds solutions, not a count"},
		{"a wrong holds", []string{write("bad.json", strings.Replace(string(readFile(t, c0)), `"holds":"count"`, `"holds":"stamps"`, 1)), c1},
			`its header says it holds "stamps": want "solutions" or "count"`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			code, _, stderr := polytile(t, append([]string{"merge"}, tt.args...)...)
			if code != 1 || !strings.Contains(stderr, tt.msg) {
				t.Errorf("merge: exit %d, stderr %q; want 1 and %q", code, stderr, tt.msg)
			}
		})
	}
}
