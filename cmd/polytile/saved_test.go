package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// run runs the command line, failing the test unless it succeeds, and
// returns its standard output.
func mustRun(t *testing.T, args ...string) string {
	t.Helper()
	code, stdout, stderr := polytile(t, args...)
	if code != 0 {
		t.Fatalf("polytile %s: exit %d: %s", strings.Join(args, " "), code, stderr)
	}
	return stdout
}

func readFile(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestDrawSaved checks that draw FILE.json and FILE.jsonl draw what the
// file holds, as drawing the spec would.
func TestDrawSaved(t *testing.T) {
	dir := t.TempDir()
	result := filepath.Join(dir, "scott.json")
	if err := os.WriteFile(result, []byte(mustRun(t, "solve", "scott", "--json")), 0o644); err != nil {
		t.Fatal(err)
	}
	shard := filepath.Join(dir, "6x10.jsonl")
	mustRun(t, "solve", "pentominoes-6x10", "--jsonl", shard)

	// One solution, and every one, drawn from the file and from the spec:
	// the same bytes.
	for _, tt := range [][]string{{"--solution", "7"}, {"--solution", "65", "--letters"}, nil} {
		for _, ext := range []string{"svg", "png"} {
			a, b := filepath.Join(dir, "a."+ext), filepath.Join(dir, "b."+ext)
			mustRun(t, append([]string{"draw", result, "-o", a}, tt...)...)
			mustRun(t, append([]string{"draw", "scott", "-o", b}, tt...)...)
			if !bytes.Equal(readFile(t, a), readFile(t, b)) {
				t.Errorf("draw %v as %s: the file's picture differs from the spec's", tt, ext)
			}
		}
	}

	// A shard file: numbered in its own order.
	out := filepath.Join(dir, "c.svg")
	mustRun(t, "draw", shard, "--solution", "3", "-o", out)
	if svg := string(readFile(t, out)); !strings.Contains(svg, "<title>solution 3 of 2339</title>") {
		t.Errorf("the third solution of the shard file is not titled so:\n%.400s", svg)
	}
	mustRun(t, "draw", shard, "--limit", "4", "-o", out)
	if n := strings.Count(string(readFile(t, out)), "<g "); n != 4 {
		t.Errorf("--limit 4 drew %d frames", n)
	}

	// A stopped run: no end line. Its picture says it is partial.
	lines := withoutDone(strings.SplitAfter(string(readFile(t, shard)), "\n"))
	stopped := filepath.Join(dir, "stopped.jsonl")
	if err := os.WriteFile(stopped, []byte(strings.Join(lines[:11], "")), 0o644); err != nil {
		t.Fatal(err)
	}
	mustRun(t, "draw", stopped, "-o", out)
	svg := string(readFile(t, out))
	if !strings.Contains(svg, "partial: the search stopped early") || strings.Count(svg, "<g ") != 10 {
		t.Errorf("the stopped run's picture does not say it is partial, or has not its 10 solutions:\n%.600s", svg)
	}

	// The line of the first solution with a piece on [0,0].
	corner := 1 + slices.IndexFunc(readLines(t, shard), func(l string) bool {
		return strings.HasPrefix(l, `{"task":`) && strings.Contains(l, `[0,0]`)
	})
	for _, tt := range []struct {
		name string
		file string
		args []string
		code int
		msg  string
	}{
		{"solution past the last", result, []string{"--solution", "66"}, 2, "--solution 66: the puzzle has 65 distinct solutions; want 1 to 65"},
		{"solution past a stopped run's last", stopped, []string{"--solution", "11"}, 2, "the puzzle has 10 distinct solutions"},
		{"raw", result, []string{"--raw"}, 1, "holds one solution of each class, not raw ones"},
		{"damaged", damage(t, shard, corner, `[0,0]`, `[9,9]`), nil, 1, fmt.Sprintf("bad.jsonl:%d: not a solution of the puzzle", corner)},
		{"damaged result", damage(t, result, 21, `"orbit":`, `"x":1,"orbit":`), []string{"--solution", "4"}, 1, "bad.json:21: not a solution of the puzzle: unknown field \"x\""},
		{"not results", writeTemp(t, "x.json", `["a"]`), nil, 1, "neither a result"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			code, _, stderr := polytile(t, append([]string{"draw", tt.file, "-o", out}, tt.args...)...)
			if code != tt.code || !strings.Contains(stderr, tt.msg) {
				t.Errorf("exit %d, %q; want exit %d and %q", code, stderr, tt.code, tt.msg)
			}
		})
	}
}

// TestDrawSavedLook checks that a saved result carries its spec's render
// options and title: drawn without the spec's file, it looks the same.
func TestDrawSavedLook(t *testing.T) {
	dir := t.TempDir()
	spec := filepath.Join(dir, "bar.yaml")
	os.WriteFile(spec, []byte("title: Bars\nboard: {rows: 2, cols: 6}\npieces:\n  - name: bar\n    shape: \"###\"\n    count: 4\nrender:\n  title: Four bars\n  columns: 2\n  palette: {bar: tomato}\n"), 0o644)
	result := filepath.Join(dir, "bar.json")
	os.WriteFile(result, []byte(mustRun(t, "solve", spec, "--json")), 0o644)
	want := filepath.Join(dir, "want.svg")
	mustRun(t, "draw", spec, "-o", want)
	os.Remove(spec)
	got := filepath.Join(dir, "got.svg")
	mustRun(t, "draw", result, "-o", got)
	if !bytes.Equal(readFile(t, got), readFile(t, want)) {
		t.Errorf("the result drawn without its spec differs from the spec's picture")
	}
	if svg := string(readFile(t, got)); !strings.Contains(svg, "Four bars") || !strings.Contains(svg, "#ff6347") {
		t.Errorf("the spec's title and colours are not in the picture")
	}
}

// damage returns a copy of the file at path, in a file named bad with its
// extension, with old replaced by new on line n (from 1).
func damage(t *testing.T, path string, n int, old, new string) string {
	t.Helper()
	lines := strings.SplitAfter(string(readFile(t, path)), "\n")
	if !strings.Contains(lines[n-1], old) {
		t.Fatalf("%s:%d has no %s", path, n, old)
	}
	lines[n-1] = strings.Replace(lines[n-1], old, new, 1)
	return writeTemp(t, "bad"+filepath.Ext(path), strings.Join(lines, ""))
}

func writeTemp(t *testing.T, name, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestDrawTimeout checks that draw stops a search at --timeout, as solve
// does, with solve's words, and writes nothing.
func TestDrawTimeout(t *testing.T) {
	out := filepath.Join(t.TempDir(), "x.svg")
	code, _, stderr := polytile(t, "draw", "one-sided-pentominoes-6x15", "-o", out, "--timeout", "50ms", "--quiet")
	if code != 1 || !strings.Contains(stderr, "search stopped: --timeout 50ms reached; nothing drawn") {
		t.Errorf("exit %d, %q; want exit 1 and the timeout", code, stderr)
	}
	if _, err := os.Stat(out); err == nil {
		t.Errorf("%s was written", out)
	}
	if code, _, stderr := polytile(t, "draw", "scott", "-o", out, "--timeout", "-1s"); code != 2 || !strings.Contains(stderr, "--timeout -1s: want a positive duration") {
		t.Errorf("a negative timeout: exit %d, %q", code, stderr)
	}
}

// TestDrawSite checks that an .html output is a web gallery, from a spec
// or from saved results.
func TestDrawSite(t *testing.T) {
	dir := t.TempDir()
	result := filepath.Join(dir, "scott.json")
	os.WriteFile(result, []byte(mustRun(t, "solve", "scott", "--json")), 0o644)
	for _, in := range []string{"scott", result} {
		out := filepath.Join(dir, filepath.Base(in)+"-site", "index.html")
		mustRun(t, "draw", in, "-o", out, "--palette", "tol-rainbow")
		page := string(readFile(t, out))
		for _, want := range []string{`id="solution-1"`, `id="solution-65"`, "Dana Scott&#39;s pentomino problem", "65 distinct solutions, 520 raw; 8 symmetries.", `data-grid="`} {
			if !strings.Contains(page, want) {
				t.Errorf("draw %s -o %s: the page lacks %q", in, out, want)
			}
		}
		for _, f := range []string{"index-poster.svg", "index-poster.png", "index-poster.pdf", "index-grids.js"} {
			if _, err := os.Stat(filepath.Join(filepath.Dir(out), f)); err != nil {
				t.Errorf("draw %s: %v", in, err)
			}
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "scott.json-site", "scott.json")); err != nil {
		t.Errorf("the site of a result does not offer the result: %v", err)
	}
}
