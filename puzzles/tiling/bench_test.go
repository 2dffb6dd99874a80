package tiling

import (
	"context"
	"testing"

	"github.com/polytile/polytile/puzzles"
)

// benchmarkSolve solves a built-in puzzle and reports search nodes and
// distinct solutions per second.
func benchmarkSolve(b *testing.B, name string, cfg puzzles.SolveConfig, distinct int) {
	spec, err := loadSpec(name)
	if err != nil {
		b.Fatal(err)
	}
	var nodes int64
	b.ResetTimer()
	for range b.N {
		res, err := spec.Puzzle.Solve(context.Background(), &cfg)
		if err != nil {
			b.Fatal(err)
		}
		if len(res.Distinct) != distinct {
			b.Fatalf("distinct = %d, want %d", len(res.Distinct), distinct)
		}
		nodes += res.Stats.Nodes
	}
	s := b.Elapsed().Seconds()
	b.ReportMetric(float64(nodes)/s, "nodes/s")
	b.ReportMetric(float64(distinct*b.N)/s, "solutions/s")
}

// Single core: one worker. The fill engine is the one Solve chooses for
// these boards; DLX is Dancing Links.
func BenchmarkSolveScott(b *testing.B) {
	benchmarkSolve(b, "scott", puzzles.SolveConfig{Workers: 1}, 65)
}
func BenchmarkSolveScottRaw(b *testing.B) {
	benchmarkSolve(b, "scott", puzzles.SolveConfig{Workers: 1, NoSymmetryBreaking: true}, 65)
}
func BenchmarkSolve6x10(b *testing.B) {
	benchmarkSolve(b, "pentominoes-6x10", puzzles.SolveConfig{Workers: 1}, 2339)
}
func BenchmarkSolve5x12(b *testing.B) {
	benchmarkSolve(b, "pentominoes-5x12", puzzles.SolveConfig{Workers: 1}, 1010)
}
func BenchmarkSolveScottDLX(b *testing.B) {
	benchmarkSolve(b, "scott", puzzles.SolveConfig{Workers: 1, Engine: puzzles.EngineDLX}, 65)
}
func BenchmarkSolveScottRawDLX(b *testing.B) {
	benchmarkSolve(b, "scott", puzzles.SolveConfig{Workers: 1, Engine: puzzles.EngineDLX, NoSymmetryBreaking: true}, 65)
}
func BenchmarkSolve6x10DLX(b *testing.B) {
	benchmarkSolve(b, "pentominoes-6x10", puzzles.SolveConfig{Workers: 1, Engine: puzzles.EngineDLX}, 2339)
}

// All cores (GOMAXPROCS workers): compare with the single-core figures above
// for the speed-up.
func BenchmarkSolve6x10AllCores(b *testing.B) {
	benchmarkSolve(b, "pentominoes-6x10", puzzles.SolveConfig{}, 2339)
}
func BenchmarkSolve5x12AllCores(b *testing.B) {
	benchmarkSolve(b, "pentominoes-5x12", puzzles.SolveConfig{}, 1010)
}
func BenchmarkSolve6x10DLXAllCores(b *testing.B) {
	benchmarkSolve(b, "pentominoes-6x10", puzzles.SolveConfig{Engine: puzzles.EngineDLX}, 2339)
}

// BenchmarkSolveOneSided6x15 is the long run: the 18 one-sided pentominoes
// in a 6 × 15 rectangle, on all cores, streaming the solutions rather than
// keeping them (minutes; skipped with -short).
func BenchmarkSolveOneSided6x15(b *testing.B) {
	if testing.Short() {
		b.Skip("a run of minutes")
	}
	spec, err := loadSpec("one-sided-pentominoes-6x15")
	if err != nil {
		b.Fatal(err)
	}
	var nodes, distinct int64
	for range b.N {
		res, err := spec.Puzzle.Solve(context.Background(), &puzzles.SolveConfig{Each: func(puzzles.Class, int) bool {
			distinct++
			return true
		}})
		if err != nil {
			b.Fatal(err)
		}
		nodes += res.Stats.Nodes
	}
	s := b.Elapsed().Seconds()
	b.ReportMetric(float64(nodes)/s, "nodes/s")
	b.ReportMetric(float64(distinct)/s, "solutions/s")
}

// BenchmarkSetup6x10 times the parts of the set-up of a search of
// pentominoes-6x10, its placements made: choosing the piece that breaks
// the symmetry, finding the live placements, the whole encoding, the fill
// engine's tables, the tasks, and all of the split.
func BenchmarkSetup6x10(b *testing.B) {
	spec, err := loadSpec("pentominoes-6x10")
	if err != nil {
		b.Fatal(err)
	}
	p, ctx := spec.Puzzle.ready(), context.Background()
	e, err := p.encode(ctx, true)
	if err != nil {
		b.Fatal(err)
	}
	for _, bb := range []struct {
		name string
		run  func() error
	}{
		{"placements", func() error { _, err := placements(ctx, p.board, p.pieces); return err }},
		{"breaking", func() error { _, _, err := p.breakingPiece(ctx); return err }},
		{"live", func() error { _, err := p.livePlacements(ctx); return err }},
		{"encode", func() error { _, err := p.encode(ctx, true); return err }},
		{"fill", func() error { buildFill(e); return nil }},
		{"tasks", func() error { _, err := p.tasks(ctx, e, newFill(e)); return err }},
		{"split", func() error {
			_, _, _, err := p.split(ctx, &puzzles.SolveConfig{Workers: 1}, &puzzles.Result{})
			return err
		}},
	} {
		b.Run(bb.name, func(b *testing.B) {
			for range b.N {
				if err := bb.run(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// benchmarkCount counts a puzzle, a built-in or a spec, on all cores,
// and reports the raw solutions counted per second.
func benchmarkCount(b *testing.B, name, spec, raw string) {
	s, err := loadSpec(name)
	if spec != "" {
		s, err = parseSpec(name+".yaml", []byte(spec))
	}
	if err != nil {
		b.Fatal(err)
	}
	var c *puzzles.Counts
	for b.Loop() {
		if c, err = s.Puzzle.Count(context.Background(), nil); err != nil {
			b.Fatal(err)
		}
	}
	if c.Raw.String() != raw {
		b.Fatalf("raw = %v, want %s", c.Raw, raw)
	}
	f, _ := c.Raw.Float64()
	b.ReportMetric(f*float64(b.N)/b.Elapsed().Seconds(), "raw/s")
}

func BenchmarkCountScott(b *testing.B) { benchmarkCount(b, "scott", "", "520") }
func BenchmarkCount6x10(b *testing.B)  { benchmarkCount(b, "pentominoes-6x10", "", "9356") }
func BenchmarkCount5x12(b *testing.B)  { benchmarkCount(b, "pentominoes-5x12", "", "4040") }

// BenchmarkCountAny6x10 counts the tilings of 6 × 10 by pentominoes of
// any count, by the memo.
func BenchmarkCountAny6x10(b *testing.B) {
	benchmarkCount(b, "any-6x10", "board: {rows: 6, cols: 10}\npieces: [{set: pentominoes, count: any}]\n", "7845888732")
}

// BenchmarkCountDominoes12x12 counts the domino tilings of 12 × 12 and
// their classes: by the frontier, and before it by the memo.
func BenchmarkCountDominoes12x12(b *testing.B) {
	benchmarkCount(b, "dominoes-12x12", "board: {rows: 12, cols: 12}\npieces: [{set: domino, count: any}]\n", "53060477521960000")
}

// BenchmarkCountDominoes20x20 counts the domino tilings of 20 × 20 and
// their classes: by the Pfaffian, the reflections by the frontier.
func BenchmarkCountDominoes20x20(b *testing.B) {
	benchmarkCount(b, "dominoes-20x20", "board: {rows: 20, cols: 20}\npieces: [{set: domino, count: any}]\n",
		"1269984011256235834242602753102293934298576249856")
}

// BenchmarkCountDominoes32x32 counts the domino tilings of 32 × 32 and
// their classes: by the Pfaffian, the reflections by the frontier.
func BenchmarkCountDominoes32x32(b *testing.B) {
	benchmarkCount(b, "dominoes-32x32", "board: {rows: 32, cols: 32}\npieces: [{set: domino, count: any}]\n",
		"364982661733625107998314878133750234067320091670089660297647663460799361991486518266376931355483757336443179285926592651526144")
}

// BenchmarkCountSmall8x8 counts the tilings of 8 × 8 by monominoes,
// dominoes and trominoes of any count.
func BenchmarkCountSmall8x8(b *testing.B) {
	benchmarkCount(b, "small-8x8", "board: {rows: 8, cols: 8}\npieces: [{set: monomino, count: any}, {set: domino, count: any}, {set: trominoes, count: any}]\n",
		"92109458286284989468604")
}

// BenchmarkCountSmall12x12 counts the tilings of 12 × 12 by monominoes,
// dominoes and trominoes of any count, by the frontier.
func BenchmarkCountSmall12x12(b *testing.B) {
	benchmarkCount(b, "small-12x12", "board: {rows: 12, cols: 12}\npieces: [{set: monomino, count: any}, {set: domino, count: any}, {set: trominoes, count: any}]\n",
		"116856422246119574086633615877968544616969097925907290")
}
