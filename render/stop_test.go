package render

import (
	"bytes"
	"context"
	"errors"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/polytile/polytile/gallery"
)

// interrupt is the cause a signal gives a context (os/signal.NotifyContext).
var interrupt = errors.New("interrupt signal received")

// countdown is a context that is canceled, with cause interrupt, when its
// Err has been asked n times: a cancellation at a chosen point of a run,
// without timing. after counts the Err calls once it is canceled.
type countdown struct {
	context.Context
	cancel context.CancelCauseFunc
	left   atomic.Int64
	after  atomic.Int64
}

func newCountdown(n int64) *countdown {
	ctx, cancel := context.WithCancelCause(context.Background())
	c := &countdown{Context: ctx, cancel: cancel}
	c.left.Store(n)
	return c
}

func (c *countdown) Err() error {
	switch n := c.left.Add(-1); {
	case n == 0:
		c.cancel(interrupt)
	case n < 0:
		c.after.Add(1)
	}
	return c.Context.Err()
}

// checkStopped checks that err says writing stopped because of an
// interrupt.
func checkStopped(t *testing.T, err error) {
	t.Helper()
	switch {
	case err == nil:
		t.Fatalf("no error, want one saying writing stopped")
	case !errors.Is(err, context.Canceled) || !errors.Is(err, interrupt):
		t.Errorf("error %q does not match context.Canceled and its cause", err)
	case err.Error() != "render: stopped: interrupt signal received":
		t.Errorf("error %q, want %q", err, "render: stopped: interrupt signal received")
	}
}

// A cancellation in the middle of writing many pages stops at once: no
// temporary file is left, and no page is written.
func TestWriteFilesCanceled(t *testing.T) {
	sheets := layout(t, solutions(t, "scott"), &gallery.Options{CellSize: 8, PerPage: 1, Labels: true})
	for _, tc := range []struct {
		name string
		f    Format
		at   int64 // the Err call that cancels
	}{
		{"svg at once", FormatSVG, 1},
		{"svg in the middle", FormatSVG, 60},
		{"png in the middle", FormatPNG, 40},
		{"pdf in the middle", FormatPDF, 30},
		{"tex in the middle", FormatTeX, 30},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			ctx := newCountdown(tc.at)
			paths, err := WriteFiles(ctx, filepath.Join(dir, "poster."+tc.f.String()), tc.f, sheets, nil)
			checkStopped(t, err)
			if len(paths) != 0 {
				t.Errorf("WriteFiles wrote %q after the stop", paths)
			}
			if got := listDir(t, dir); len(got) != 0 {
				t.Errorf("the directory holds %q after the stop, want nothing", got)
			}
			// It stopped at once: a check or two after the cancellation
			// (one per worker drawing a PNG), not one per page left.
			if n := ctx.after.Load(); n > int64(2+runtime.GOMAXPROCS(0)) {
				t.Errorf("the context was asked %d times after it was canceled: writing went on", n)
			}
		})
	}
}

func TestEncodeContextCanceled(t *testing.T) {
	sheets := layout(t, solutions(t, "scott"), &gallery.Options{CellSize: 8})
	for _, f := range []Format{FormatSVG, FormatPNG, FormatPDF, FormatTeX} {
		t.Run(f.String(), func(t *testing.T) {
			ctx, cancel := context.WithCancelCause(context.Background())
			cancel(interrupt)
			var b bytes.Buffer
			checkStopped(t, EncodeContext(ctx, &b, f, sheets, nil))
			if b.Len() != 0 {
				t.Errorf("EncodeContext wrote %d bytes after the stop", b.Len())
			}
		})
	}
}

// brokenWriter fails every write from the (n+1)-th on, counting those
// that come after the first failure.
type brokenWriter struct {
	n, after int
	failed   bool
}

func (w *brokenWriter) Write(p []byte) (int, error) {
	if w.failed {
		w.after++
	}
	if w.n == 0 {
		w.failed = true
		return 0, errors.New("disk full")
	}
	w.n--
	return len(p), nil
}

// writeCounter counts the writes made to it.
type writeCounter int

func (c *writeCounter) Write(p []byte) (int, error) {
	*c++
	return len(p), nil
}

// After a failed write, an encoder writes nothing more: its error is
// sticky.
func TestStickyError(t *testing.T) {
	sheets := layout(t, solutions(t, "pentominoes-6x10")[:400], &gallery.Options{CellSize: 12, Labels: true, Title: "6×10"})
	for _, f := range []Format{FormatSVG, FormatPNG, FormatPDF, FormatTeX} {
		var writes writeCounter
		if err := Encode(&writes, f, sheets, nil); err != nil {
			t.Fatal(err)
		}
		for _, n := range slices.Compact([]int{0, int(writes) / 2}) {
			t.Run(f.String(), func(t *testing.T) {
				w := &brokenWriter{n: n}
				err := Encode(w, f, sheets, nil)
				if err == nil || !strings.Contains(err.Error(), "disk full") || !strings.HasPrefix(err.Error(), "render: writing ") {
					t.Errorf("Encode to a writer failing after %d of %d writes = %v, want render: writing …: disk full", n, writes, err)
				}
				if w.after != 0 {
					t.Errorf("Encode wrote %d times after a write failed", w.after)
				}
			})
		}
	}
}

func TestScaleOf(t *testing.T) {
	for _, tc := range []struct {
		dpi, want float64
	}{
		{96, 1}, {192, 2}, {72, 0.75}, {300, 3.125}, {100, 100.0 / 96},
		{96 * 0.35, 0.35}, {96 * 0.37, 0.37}, {96 * 1.1, 1.1}, {96 * 0.123456789, 0.123456789},
		{33.6, 0.35},
	} {
		if got := scaleOf(tc.dpi); got != tc.want {
			t.Errorf("scaleOf(%v) = %v, want %v", tc.dpi, got, tc.want)
		}
	}
}
