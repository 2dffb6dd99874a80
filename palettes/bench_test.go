package palettes

import "testing"

// BenchmarkInstanceColorsScott colours a solution of Scott's problem with too few
// colours for every piece to keep its own, as a gallery does for each
// frame.
func BenchmarkInstanceColorsScott(b *testing.B) {
	l := letterLayout(pentominoes, scottFirst)
	p, err := Named("okabe-ito", 0)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		p.InstanceColors(l.pieces, l.instances, l.adjacent)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "frames/s")
}

// BenchmarkInstanceColorsBricks colours 330 touching dominoes and monominoes.
func BenchmarkInstanceColorsBricks(b *testing.B) {
	l := bricks(30, 11)
	p := Default()
	for b.Loop() {
		p.InstanceColors(l.pieces, l.instances, l.adjacent)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "frames/s")
}

func BenchmarkParse(b *testing.B) {
	for b.Loop() {
		for _, s := range []string{"#4e79a7", "steelblue", "rgb(255 128 0 / 50%)", "hsl(120, 100%, 25%)"} {
			if _, err := Parse(s); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// scottFirst is the first solution of Scott's problem in
// testdata/scott.txt.
var scottFirst = []string{
	"FFVVVUUU",
	"LFFWVUXU",
	"LFWWVXXX",
	"LWW  NXI",
	"LLZ  NNI",
	"ZZZPPTNI",
	"ZYPPPTNI",
	"YYYYTTTI",
}
