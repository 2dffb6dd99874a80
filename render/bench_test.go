package render

import (
	"testing"

	"github.com/polytile/polytile/gallery"
)

// counter counts the bytes written to it.
type counter int

func (c *counter) Write(p []byte) (int, error) {
	*c += counter(len(p))
	return len(p), nil
}

// benchmarkPoster writes the poster of all 2339 distinct solutions of
// pentominoes-6x10 at 12-pixel cells (5219×5142 pixels), reporting its
// size. The solving and the layout are outside the timer.
func benchmarkPoster(b *testing.B, f Format) {
	sols := solutions(b, "pentominoes-6x10")
	if len(sols) != 2339 {
		b.Fatalf("pentominoes-6x10 has %d distinct solutions, want 2339", len(sols))
	}
	sheets := layout(b, sols, &gallery.Options{CellSize: 12})
	var n counter
	for b.Loop() {
		n = 0
		if err := Encode(&n, f, sheets, nil); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(n), "bytes")
}

func BenchmarkSVGPoster(b *testing.B) { benchmarkPoster(b, FormatSVG) }
func BenchmarkPNGPoster(b *testing.B) { benchmarkPoster(b, FormatPNG) }
func BenchmarkPDFPoster(b *testing.B) { benchmarkPoster(b, FormatPDF) }
func BenchmarkTeXPoster(b *testing.B) { benchmarkPoster(b, FormatTeX) }
