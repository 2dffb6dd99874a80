package results

import (
	"strings"
	"testing"
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
		if _, err := Merge(spec.Puzzle, []*Shard{sf}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(sf.Solutions))*float64(b.N)/b.Elapsed().Seconds(), "solutions/s")
}
