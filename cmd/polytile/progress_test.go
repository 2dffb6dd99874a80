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

func TestProgressLine(t *testing.T) {
	tests := []struct {
		name string
		p    puzzles.Progress
		want string
	}{
		{"start", puzzles.Progress{Tasks: 10}, "0 distinct, 0/s"},
		{"no task finished", puzzles.Progress{Tasks: 10, Distinct: 3, Elapsed: 3 * time.Second}, "3 distinct, 1/s"},
		{"half", puzzles.Progress{Tasks: 10, Done: 5, Distinct: 100, Elapsed: 2 * time.Second}, "100 distinct, 50/s, ~2s left"},
		{"a quarter", puzzles.Progress{Tasks: 400, Done: 100, Distinct: 4560, Elapsed: time.Second}, "4560 distinct, 4.56k/s, ~3s left"},
		{"fast", puzzles.Progress{Tasks: 8, Done: 4, Distinct: 1234567, Elapsed: time.Second}, "1234567 distinct, 1.23M/s, ~1s left"},
		{"done", puzzles.Progress{Tasks: 10, Done: 10, Distinct: 65, Elapsed: time.Second}, "65 distinct, 65/s"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := progressLine(tt.p); got != tt.want {
				t.Errorf("progressLine(%+v) = %q, want %q", tt.p, got, tt.want)
			}
		})
	}
}

// The bar draws the tasks done as the fraction, with the description, and
// clears its line at the end.
func TestProgressBar(t *testing.T) {
	var buf bytes.Buffer
	b := newProgressBar(&buf)
	b.update(puzzles.Progress{Tasks: 40, Done: 12, Distinct: 17, Found: 30, Elapsed: time.Second})
	drawn := buf.String()
	for _, want := range []string{"30%", "(12/40)", "17 distinct, 17/s, ~2s left"} {
		if !strings.Contains(drawn, want) {
			t.Errorf("the bar %q lacks %q", drawn, want)
		}
	}
	buf.Reset()
	b.update(puzzles.Progress{Tasks: 40, Done: 40, Distinct: 65, Elapsed: 2 * time.Second})
	if drawn := buf.String(); !strings.Contains(drawn, "100%") || !strings.Contains(drawn, "(40/40)") {
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
