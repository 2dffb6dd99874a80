// Package golden compares the output of tests with golden files under
// testdata/, and rewrites the files instead when the tests run with
// -update (go test ./gallery -update, say: the flag is defined in the
// packages whose tests use this one). It is for tests only.
package golden

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// Updating reports whether the tests run with -update.
func Updating() bool { return *update }

// Check compares got with the golden file testdata/name, showing a line
// diff if they differ, or rewrites the file under -update.
func Check(t testing.TB, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test -update writes it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("output differs from %s (go test -update rewrites it); - golden, + got:\n%s", path, Diff(string(want), string(got)))
	}
}

// Diff returns a unified-style diff of two texts, line by line: lines
// only in a with "-", lines only in b with "+", and up to two lines of
// context around each change. It is quadratic, for golden files of a few
// hundred lines.
func Diff(a, b string) string {
	x, y := strings.SplitAfter(a, "\n"), strings.SplitAfter(b, "\n")
	// lcs[i][j] is the length of the longest common subsequence of x[i:]
	// and y[j:].
	lcs := make([][]int, len(x)+1)
	for i := range lcs {
		lcs[i] = make([]int, len(y)+1)
	}
	for i := len(x) - 1; i >= 0; i-- {
		for j := len(y) - 1; j >= 0; j-- {
			if x[i] == y[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	type line struct {
		op   byte
		text string
	}
	var lines []line
	for i, j := 0, 0; i < len(x) || j < len(y); {
		switch {
		case i < len(x) && j < len(y) && x[i] == y[j]:
			lines = append(lines, line{' ', x[i]})
			i, j = i+1, j+1
		case i < len(x) && (j == len(y) || lcs[i+1][j] >= lcs[i][j+1]):
			lines = append(lines, line{'-', x[i]})
			i++
		default:
			lines = append(lines, line{'+', y[j]})
			j++
		}
	}
	const context = 2
	var out strings.Builder
	skipped := false
	for k, l := range lines {
		if l.text == "" {
			continue // what follows the final newline
		}
		near := false
		for d := max(0, k-context); d <= min(len(lines)-1, k+context); d++ {
			near = near || lines[d].op != ' '
		}
		if !near {
			skipped = true
			continue
		}
		if skipped {
			out.WriteString("  …\n")
			skipped = false
		}
		text := l.text
		if !strings.HasSuffix(text, "\n") {
			text += "⏎ (no final newline)\n"
		}
		fmt.Fprintf(&out, "%c %s", l.op, text)
	}
	return out.String()
}
