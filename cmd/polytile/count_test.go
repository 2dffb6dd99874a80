package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// polytile count prints exact counts, as text or as JSON integers however
// large, for tilings (counted) and other kinds (listed), and agrees with
// solve.
func TestCountCommand(t *testing.T) {
	dir := t.TempDir()
	strip := filepath.Join(dir, "strip.yaml")
	if err := os.WriteFile(strip, []byte("board: {rows: 2, cols: 100}\npieces: [{set: domino, count: any}]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		args                  []string
		raw, distinct, method string
		symmetries, fixed     int
		fixedBy               string // the fixed counts, each by the symmetry that fixes it
	}{
		{[]string{"count", "pentominoes-3x20", "--json"}, "8", "2", "counted", 4, 4, "identity 8, rot180 0, reflect-90 0, reflect-0 0"},
		{[]string{"count", "soma", "--json", "--workers", "1"}, "11520", "240", "counted", 48, 48, "identity 11520, reflect-z=0 0, "},
		// The 101st Fibonacci number F(101), past 64 bits. Of the
		// strip's 4 symmetries, the identity and the mirror that swaps
		// its rows fix every tiling; the other two fix the palindromic
		// ones, F(52): (2 F(101) + 2 F(52)) / 4 classes.
		{[]string{"count", strip, "--json"}, "573147844013817084101", "286573922023384182100", "counted", 4, 4,
			"identity 573147844013817084101, rot180 32951280099, reflect-90 32951280099, reflect-0 573147844013817084101"},
		{[]string{"count", "queens-8", "--json"}, "92", "12", "listed", 8, 0, ""},
		{[]string{"count", "dominoes-4x4", "--json"}, "36", "9", "counted", 8, 8,
			"identity 36, rot90 2, rot180 8, rot270 2, reflect-90 12, reflect-135 0, reflect-0 12, reflect-45 0"},
		{[]string{"count", "hexiamonds-rhombus-6x6", "--json"}, "624", "156", "counted", 4, 4, "identity 624, rot180 0, reflect-120 0, reflect-30 0"},
		{[]string{"count", "tetrahexes-hexagon", "--json"}, "30", "15", "counted", 2, 2, "identity 30, reflect-90 0"},
	}
	for _, tt := range tests {
		code, out, errOut := polytile(t, tt.args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", tt.args, code, errOut)
		}
		var got struct {
			Raw, Distinct json.Number
			Symmetries    int
			Fixed         []json.Number
			FixedBy       []string `json:"fixed_by"`
			Method        string
		}
		dec := json.NewDecoder(strings.NewReader(out))
		dec.UseNumber()
		if err := dec.Decode(&got); err != nil {
			t.Fatalf("%v: %v in %s", tt.args, err, out)
		}
		if got.Raw.String() != tt.raw || got.Distinct.String() != tt.distinct || got.Symmetries != tt.symmetries ||
			len(got.Fixed) != tt.fixed || !strings.HasPrefix(got.Method, tt.method) {
			t.Errorf("%v: %s", tt.args, out)
		}
		var fixedBy []string
		for i, name := range got.FixedBy {
			fixedBy = append(fixedBy, fmt.Sprintf("%s %v", name, got.Fixed[min(i, len(got.Fixed)-1)]))
		}
		if len(got.FixedBy) != len(got.Fixed) || !strings.HasPrefix(strings.Join(fixedBy, ", "), tt.fixedBy) {
			t.Errorf("%v: fixed_by %q beside fixed %v, want %q", tt.args, got.FixedBy, got.Fixed, tt.fixedBy)
		}
	}
	// A progress bar is for a terminal: none in a file, none with --quiet.
	for _, args := range [][]string{{"count", "scott"}, {"count", "scott", "--quiet"}} {
		code, out, errOut := polytile(t, args...)
		if code != 0 || !strings.Contains(out, "raw:        520\n") || !strings.Contains(out, "distinct:   65 (under 8 symmetries)") || errOut != "" {
			t.Errorf("%v: exit %d:\n%s\nstandard error: %q", args, code, out, errOut)
		}
	}
	for _, bad := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"count", "scott", "--workers", "-1"}, 2, "--workers -1"},
		{[]string{"count", "one-sided-pentominoes-6x15", "--timeout", "50ms"}, 1, "--timeout 50ms reached"},
		{[]string{"count", "scot"}, 1, "scott"},
	} {
		code, _, errOut := polytile(t, bad.args...)
		if code != bad.code || !strings.Contains(errOut, bad.want) {
			t.Errorf("%v: exit %d, %q; want exit %d and %q", bad.args, code, errOut, bad.code, bad.want)
		}
	}
}

// count --shard i/n counts parts that merge adds up to the whole count,
// byte for byte, and merge refuses parts missing, doubled or of another
// puzzle.
func TestCountShards(t *testing.T) {
	dir := t.TempDir()
	part := func(name string, i, n int) string {
		t.Helper()
		code, out, errOut := polytile(t, "count", name, "--json", "--shard", fmt.Sprintf("%d/%d", i, n))
		if code != 0 {
			t.Fatalf("count %s --shard %d/%d: exit %d: %s", name, i, n, code, errOut)
		}
		path := filepath.Join(dir, fmt.Sprintf("%s-%d-%d.json", name, i, n))
		if err := os.WriteFile(path, []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	for _, name := range []string{"soma", "hexiamonds-4x9"} {
		_, whole, _ := polytile(t, "count", name, "--json")
		var parts []string
		for i := range 3 {
			parts = append(parts, part(name, i, 3))
		}
		code, merged, errOut := polytile(t, append([]string{"merge"}, parts...)...)
		if code != 0 || merged != whole {
			t.Errorf("merge of %s's 3 parts: exit %d %s\n%s\nwant\n%s", name, code, errOut, merged, whole)
		}
	}
	soma := []string{part("soma", 0, 2), part("soma", 1, 2)}
	other := part("tetracubes-2x4x4", 1, 2)
	for _, bad := range []struct {
		files []string
		want  string
	}{
		{soma[:1], "part 1/2 is missing"},
		{[]string{soma[0], soma[1], soma[1]}, "part 1/2 is given twice"},
		{[]string{soma[0], other}, "of another count"},
	} {
		code, _, errOut := polytile(t, append([]string{"merge"}, bad.files...)...)
		if code != 1 || !strings.Contains(errOut, bad.want) {
			t.Errorf("merge %v: exit %d, %q; want %q", bad.files, code, errOut, bad.want)
		}
	}
	if code, _, errOut := polytile(t, "count", "queens-8", "--shard", "0/2"); code != 1 || !strings.Contains(errOut, "no parts") {
		t.Errorf("count queens-8 --shard 0/2: exit %d, %q", code, errOut)
	}
}
