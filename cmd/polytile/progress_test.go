package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/polytile/polytile/puzzles"
)

// The bar draws the estimated fraction done (not that of the tasks), with
// the tasks and the description, and clears its line at the end.
func TestProgressBar(t *testing.T) {
	var buf bytes.Buffer
	b := newProgressBar(&buf)
	b.update(puzzles.Progress{Tasks: 40, Done: 1, Distinct: 3, Elapsed: time.Second / 10})
	if drawn := buf.String(); !strings.Contains(drawn, " 0%") || strings.Contains(drawn, "left") {
		t.Errorf("the bar before an estimate is %q, want 0%% and no time left", drawn)
	}
	buf.Reset()
	b.update(puzzles.Progress{Tasks: 40, Done: 12, Distinct: 17, Found: 30, Elapsed: time.Second, Estimated: true, Fraction: 0.2, Left: 4 * time.Second})
	drawn := buf.String()
	for _, want := range []string{"20%", "12/40 tasks", "17 distinct, 17/s, ~4s left"} {
		if !strings.Contains(drawn, want) {
			t.Errorf("the bar %q lacks %q", drawn, want)
		}
	}
	buf.Reset()
	b.update(puzzles.Progress{Tasks: 40, Done: 40, Distinct: 65, Elapsed: 2 * time.Second, Estimated: true, Fraction: 1})
	if drawn := buf.String(); !strings.Contains(drawn, "100%") || !strings.Contains(drawn, "40/40 tasks") {
		t.Errorf("the finished bar is %q", drawn)
	}
	buf.Reset()
	b.clear()
	if got := buf.String(); got != "\033[2K\r" {
		t.Errorf("clear wrote %q, want the ANSI erase-line", got)
	}
	buf.Reset()
	newProgressBar(&buf).clear()
	if got := buf.String(); got != "" {
		t.Errorf("clear of a bar never drawn wrote %q, want nothing", got)
	}
}

// Tests never see a terminal, nor does a file: no bar there.
func TestIsTerminal(t *testing.T) {
	f, err := os.Create(filepath.Join(t.TempDir(), "err.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for name, w := range map[string]io.Writer{"buffer": &bytes.Buffer{}, "file": f} {
		if isTerminal(w) {
			t.Errorf("isTerminal(%s) = true", name)
		}
	}
}
