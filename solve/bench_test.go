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
