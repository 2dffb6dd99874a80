package tiling

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/polytile/polytile/puzzles"
	"github.com/polytile/polytile/puzzles/geom"
)

// liveByFlood is livePlacements as it is defined: for each placement, it
// measures every region of the rest of the board.
func liveByFlood(p *Puzzle) []bool {
	g, smallest := 0, len(p.pieces[0].Cells)
	for _, pc := range p.pieces {
		g = gcd(g, len(pc.Cells))
		smallest = min(smallest, len(pc.Cells))
	}
	b := p.board
	live := make([]bool, len(p.placements))
	for k, pl := range p.placements {
		seen := make([]bool, b.Len())
		for _, c := range pl.cells {
			seen[c] = true
		}
		live[k] = true
		for start := range seen {
			if seen[start] {
				continue
			}
			size := 0
			seen[start] = true
			stack := []int{start}
			for len(stack) > 0 {
				c := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				size++
				for _, d := range b.Lattice().Neighbors(b.Cells()[c]) {
					if j := b.Index(d); j >= 0 && !seen[j] {
						seen[j] = true
						stack = append(stack, j)
					}
				}
			}
			if size < smallest || size%g != 0 {
				live[k] = false
			}
		}
	}
	return live
}

// randomPuzzle returns a rows × cols board with random holes, covered by
// the given pieces and as many dominoes as fill the rest.
func randomPuzzle(t *testing.T, rng *rand.Rand, rows, cols int, holes float64, pics ...string) *Puzzle {
	t.Helper()
	var pieces []geom.Piece
	area := 0
	for i, pic := range pics {
		pc, err := geom.ParsePiece(fmt.Sprint("P", i), pic)
		if err != nil {
			t.Fatal(err)
		}
		pieces = append(pieces, pc)
		area += len(pc.Cells)
	}
	var cells []geom.Cell
	for r := range rows {
		for c := range cols {
			if rng.Float64() >= holes {
				cells = append(cells, geom.Cell{Row: r, Col: c})
			}
		}
	}
	if (len(cells)-area)%2 != 0 {
		cells = cells[1:]
	}
	domino, _ := geom.ParsePiece("domino", "##")
	domino.Count = (len(cells) - area) / 2
	b, err := geom.NewBoard(geom.Square, cells)
	if err != nil {
		t.Fatal(err)
	}
	p, err := New("random", b, append(pieces, domino))
	if err != nil {
		t.Fatal(err)
	}
	return p.ready()
}

// The placements found live by exploring from each placement's neighbours
// (or, on a board of 64 cells or fewer, by the regions of a word) are
// those found live by measuring the whole board, with large budgets and
// with small ones (which make the explorations meet and stop early).
func TestLivePlacementsAgainstFlood(t *testing.T) {
	defer func(n int) { floodBudget = n }(floodBudget)
	rng := rand.New(rand.NewPCG(7, 7))
	var puzzles []*Puzzle
	for _, name := range []string{"scott", "pentominoes-8x8-corners", "pentominoes-3x20", "one-sided-tetrominoes-4x7"} {
		spec, err := loadSpec(name)
		if err != nil {
			t.Fatal(err)
		}
		puzzles = append(puzzles, spec.Puzzle.ready())
	}
	// Two rooms of 8 and 10 cells: the hexomino in the small one leaves a
	// pocket of 2, which no tetromino fills.
	rooms, err := geom.ParseBoard("....#.....\n....#.....\n")
	if err != nil {
		t.Fatal(err)
	}
	var pieces []geom.Piece
	for i, pic := range []string{"###\n###", "##\n##", "####", "###\n#"} {
		pc, err := geom.ParsePiece(fmt.Sprint("P", i), pic)
		if err != nil {
			t.Fatal(err)
		}
		pieces = append(pieces, pc)
	}
	p, err := New("rooms", rooms, pieces)
	if err != nil {
		t.Fatal(err)
	}
	puzzles = append(puzzles, p.ready())
	for range 6 {
		puzzles = append(puzzles,
			randomPuzzle(t, rng, 14, 14, 0.15, "###\n#", "#####"),
			randomPuzzle(t, rng, 9, 30, 0.05, "##\n##", "####\n#"),
			randomPuzzle(t, rng, 20, 20, 0.3, "#\n###\n#"),
			// 64 cells or fewer: each cell a bit of a word.
			randomPuzzle(t, rng, 8, 8, 0, "###\n#", "##\n ##"),
			randomPuzzle(t, rng, 6, 10, 0.25, "#####", "##\n##"))
	}
	for i, p := range puzzles {
		want := liveByFlood(p)
		for _, budget := range []int{1, 3, 10, 256} {
			floodBudget = budget
			got, err := p.livePlacements(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got, want) {
				n := 0
				for k := range got {
					if got[k] != want[k] {
						n++
					}
				}
				t.Errorf("puzzle %d (%s), budget %d: livePlacements differs from measuring the whole board on %d of %d placements",
					i, p.Title(), budget, n, len(want))
			}
		}
	}
}

// hexominoes returns the 35 hexominoes, count copies of each, in a box of
// rows × cols: a puzzle whose set-up alone takes a while.
func hexominoes(t *testing.T, count, rows, cols int) *Puzzle {
	t.Helper()
	set, err := geom.PieceSet("hexominoes")
	if err != nil {
		t.Fatal(err)
	}
	for i := range set {
		set[i].Count = count
	}
	b, err := geom.NewRectBoard(rows, cols, nil)
	if err != nil {
		t.Fatal(err)
	}
	p, err := New("hexominoes", b, set)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// A canceled context stops Solve in every phase, set-up included, with
// ctx's error and a result marked incomplete.
func TestSolveCanceledInSetUp(t *testing.T) {
	if testing.Short() {
		t.Skip("builds puzzles of hundreds of thousands of placements")
	}
	// A square piece of 150 × 150 cells and a bar beside it.
	square := make([]geom.Cell, 0, 150*150)
	for r := range 150 {
		for c := range 150 {
			square = append(square, geom.Cell{Row: r, Col: c})
		}
	}
	big, err := geom.NewPiece(geom.Square, "square", square)
	if err != nil {
		t.Fatal(err)
	}
	bar, err := geom.NewPiece(geom.Square, "bar", square[:150])
	if err != nil {
		t.Fatal(err)
	}
	b, err := geom.NewRectBoard(150, 151, nil)
	if err != nil {
		t.Fatal(err)
	}
	large, err := New("large", b, []geom.Piece{big, bar})
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name    string
		puzzle  func() *Puzzle
		timeout time.Duration // 0: canceled before Solve
		engine  puzzles.Engine
	}{
		{"canceled before", func() *Puzzle { return hexominoes(t, 10, 35, 60) }, 0, puzzles.EngineAuto},
		{"placements", func() *Puzzle { return hexominoes(t, 10, 35, 60) }, 100 * time.Millisecond, puzzles.EngineAuto},
		{"encoding", func() *Puzzle { return hexominoes(t, 10, 35, 60).ready() }, 100 * time.Millisecond, puzzles.EngineAuto},
		{"encoding, fill", func() *Puzzle { return hexominoes(t, 2, 12, 35).ready() }, 20 * time.Millisecond, puzzles.EngineFill},
		{"a large piece", func() *Puzzle { return large }, 20 * time.Millisecond, puzzles.EngineDLX},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p := tt.puzzle()
			ctx, cancel := context.WithTimeout(context.Background(), tt.timeout)
			defer cancel()
			if tt.timeout == 0 {
				cancel()
			}
			start := time.Now()
			res, err := p.Solve(ctx, &puzzles.SolveConfig{Engine: tt.engine})
			if took := time.Since(start); took > 5*time.Second {
				t.Errorf("Solve took %v after the context's end", took)
			}
			if !errors.Is(err, ctx.Err()) || err == nil {
				t.Errorf("Solve() error = %v, want %v", err, ctx.Err())
			}
			if res == nil || res.Complete {
				t.Errorf("Solve() result = %+v, want one marked incomplete", res)
			}
		})
	}
}
