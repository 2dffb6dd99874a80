package render

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/polytile/polytile/gallery"
	"github.com/polytile/polytile/puzzles"
)

// update makes golden compare nothing and rewrite the golden files instead:
// go test ./render -update.
var update = flag.Bool("update", false, "rewrite golden files")

// solved caches the distinct solutions of built-in puzzles: pentominoes-6x10
// takes over a second to solve.
var solved sync.Map // name → func() ([]*puzzles.Solution, error)

// solutions returns the distinct solutions of the built-in puzzle name,
// solving it once per test binary.
func solutions(tb testing.TB, name string) []*puzzles.Solution {
	tb.Helper()
	f, _ := solved.LoadOrStore(name, sync.OnceValues(func() ([]*puzzles.Solution, error) {
		spec, err := puzzles.LoadSpec(name)
		if err != nil {
			return nil, err
		}
		res, err := spec.Puzzle.Solve(context.Background(), nil)
		if err != nil {
			return nil, err
		}
		sols := make([]*puzzles.Solution, len(res.Distinct))
		for i, d := range res.Distinct {
			sols[i] = d.Solution
		}
		return sols, nil
	}))
	sols, err := f.(func() ([]*puzzles.Solution, error))()
	if err != nil {
		tb.Fatal(err)
	}
	return sols
}

// layout lays out sols on sheets, failing the test on an error.
func layout(tb testing.TB, sols []*puzzles.Solution, opt *gallery.Options) []*gallery.Sheet {
	tb.Helper()
	sheets, err := gallery.Solutions(sols, opt)
	if err != nil {
		tb.Fatal(err)
	}
	return sheets
}

// hostile returns the solutions of a 2×2 board covered by two dominoes with
// names that need escaping in XML.
func hostile(tb testing.TB, names ...string) []*puzzles.Solution {
	tb.Helper()
	board, err := puzzles.NewRectBoard(2, 2, nil)
	if err != nil {
		tb.Fatal(err)
	}
	var pieces []puzzles.Piece
	for _, name := range names {
		p, err := puzzles.ParsePiece(name, "##")
		if err != nil {
			tb.Fatal(err)
		}
		pieces = append(pieces, p)
	}
	pz, err := puzzles.New(`<title>&"`, board, pieces)
	if err != nil {
		tb.Fatal(err)
	}
	res, err := pz.Solve(context.Background(), nil)
	if err != nil {
		tb.Fatal(err)
	}
	var sols []*puzzles.Solution
	for _, d := range res.Distinct {
		sols = append(sols, d.Solution)
	}
	if len(sols) == 0 {
		tb.Fatal("the hostile puzzle has no solution")
	}
	return sols
}

// encode writes sheets in format f with opt, failing the test on an error.
func encode(tb testing.TB, f Format, sheets []*gallery.Sheet, opt *Options) []byte {
	tb.Helper()
	var b bytes.Buffer
	if err := Write(&b, f, sheets, opt); err != nil {
		tb.Fatalf("Write(%v) = %v", f, err)
	}
	return b.Bytes()
}

// golden compares got with the golden file testdata/name, showing a line
// diff if they differ, or rewrites the file under -update.
func golden(t *testing.T, name string, got []byte) {
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
		t.Errorf("output differs from %s (go test -update rewrites it); - golden, + got:\n%s", path, lineDiff(string(want), string(got)))
	}
}

// lineDiff returns a unified-style diff of two texts, line by line: lines
// only in a with "-", lines only in b with "+", and up to two lines of
// context around each change. It is quadratic, for golden files of a few
// hundred lines.
func lineDiff(a, b string) string {
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
