package results

import (
	"context"
	"io"
	"strings"
	"testing"

	"github.com/polytile/polytile/puzzles"
)

// BenchmarkMerge merges the 2339 distinct solutions of the 6×10 rectangle
// from one shard file, checking each, and reports solutions/s.
func BenchmarkMerge(b *testing.B) {
	spec := mustSpec(b, "pentominoes-6x10")
	text := strings.Join(shardLines(b, spec, 0, 1), "\n")
	sf, err := ReadShard(strings.NewReader(text), "6x10.jsonl")
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for b.Loop() {
		if _, err := Merge(spec.Problem, []*Shard{sf}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(sf.Solutions))*float64(b.N)/b.Elapsed().Seconds(), "solutions/s")
}

// BenchmarkWrite writes the 2339 distinct solutions of the 6×10 rectangle
// as polytile solve --json does, and as shard lines (--jsonl), and reports
// solutions/s.
func BenchmarkWrite(b *testing.B) {
	spec := mustSpec(b, "pentominoes-6x10")
	res, err := spec.Problem.Solve(context.Background(), nil)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("json", func(b *testing.B) {
		run := &Run{Result: res, Spec: spec}
		for b.Loop() {
			if err := run.Write(io.Discard, true, 0); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(len(res.Distinct))*float64(b.N)/b.Elapsed().Seconds(), "solutions/s")
	})
	b.Run("lines", func(b *testing.B) {
		w := NewWriter(io.Discard, NewHeader(spec, &puzzles.SolveConfig{}))
		for b.Loop() {
			for i, d := range res.Distinct {
				w.Add(d, i)
			}
		}
		b.ReportMetric(float64(len(res.Distinct))*float64(b.N)/b.Elapsed().Seconds(), "solutions/s")
	})
}
