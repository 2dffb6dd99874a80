package termbar

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The bar draws the estimated fraction done with the line of text, and
// clears its line at the end.
func TestBar(t *testing.T) {
	var buf bytes.Buffer
	b := New(&buf)
	b.Update("1/40 tasks, 3 distinct", 0.5, false)
	if drawn := buf.String(); !strings.Contains(drawn, " 0%") || !strings.Contains(drawn, "1/40 tasks") {
		t.Errorf("the bar before an estimate is %q, want 0%% and the line", drawn)
	}
	buf.Reset()
	b.Update("12/40 tasks, 17 distinct, ~4s left", 0.2, true)
	drawn := buf.String()
	for _, want := range []string{"20%", "12/40 tasks, 17 distinct, ~4s left"} {
		if !strings.Contains(drawn, want) {
			t.Errorf("the bar %q lacks %q", drawn, want)
		}
	}
	buf.Reset()
	b.Update("40/40 tasks", 1.5, true)
	if drawn := buf.String(); !strings.Contains(drawn, "100%") {
		t.Errorf("the finished bar is %q, want 100%% (a fraction past 1 held at 1)", drawn)
	}
	buf.Reset()
	b.Clear()
	if got := buf.String(); got != "\033[2K\r" {
		t.Errorf("Clear wrote %q, want the ANSI erase-line", got)
	}
	buf.Reset()
	New(&buf).Clear()
	if got := buf.String(); got != "" {
		t.Errorf("Clear of a bar never drawn wrote %q, want nothing", got)
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
		if IsTerminal(w) {
			t.Errorf("IsTerminal(%s) = true", name)
		}
	}
}

// report is a Report of a fixed line and fraction.
type report struct {
	line     string
	fraction float64
	ok       bool
}

func (r report) Line() string              { return r.line }
func (r report) Estimate() (float64, bool) { return r.fraction, r.ok }

// Reporter shows each report on the bar, and gives no function for no
// bar, so that a job asked for no progress does none of its work.
func TestReporter(t *testing.T) {
	if Reporter[report](nil) != nil {
		t.Errorf("Reporter(nil) is a function, want nil")
	}
	var buf bytes.Buffer
	show := Reporter[report](New(&buf))
	show(report{"3/8 tasks counted, ~2s left", 0.25, true})
	if drawn := buf.String(); !strings.Contains(drawn, "25%") || !strings.Contains(drawn, "3/8 tasks counted, ~2s left") {
		t.Errorf("the bar is %q, want 25%% and the line", drawn)
	}
}
