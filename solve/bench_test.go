package solve_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/polytile/polytile/solve"
)

func BenchmarkQueens(b *testing.B) {
	for _, n := range []int{10, 12} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			p := queens(n)
			var nodes, sols int64
			for b.Loop() {
				s := solve.NewSearch(p, nil)
				if _, err := s.Count(context.Background()); err != nil {
					b.Fatalf("Count(queens %d): %v", n, err)
				}
				st := s.Stats()
				nodes += st.Nodes
				sols += st.Solutions
			}
			if sec := b.Elapsed().Seconds(); sec > 0 {
				b.ReportMetric(float64(nodes)/sec, "nodes/s")
				b.ReportMetric(float64(sols)/sec, "solutions/s")
			}
		})
	}
}

// BenchmarkColors counts the 4 × 4 squares of the letters a and b whose
// rows and columns are among 12 of the 16 words: a search with colours
// (color.go), beside the benchmarks without.
func BenchmarkColors(b *testing.B) {
	var words []string
	for i := range 16 {
		if i%4 != 3 {
			words = append(words, fmt.Sprintf("%c%c%c%c", 'a'+i>>3&1, 'a'+i>>2&1, 'a'+i>>1&1, 'a'+i&1))
		}
	}
	p := wordSquares(4, words)
	var nodes, sols int64
	for b.Loop() {
		s := solve.NewSearch(p, nil)
		if _, err := s.Count(context.Background()); err != nil {
			b.Fatal(err)
		}
		nodes += s.Stats().Nodes
		sols += s.Stats().Solutions
	}
	if sec := b.Elapsed().Seconds(); sec > 0 {
		b.ReportMetric(float64(nodes)/sec, "nodes/s")
		b.ReportMetric(float64(sols)/sec, "solutions/s")
	}
}
