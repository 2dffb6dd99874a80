package frontier

import (
	"context"
	"errors"
	"testing"

	"github.com/polytile/polytile/puzzles"
	"github.com/polytile/polytile/puzzles/geom"
)

// dominoes is the problem of the rows × cols rectangle and dominoes of
// any count, with the symmetries of the square that map it onto itself.
func dominoes(rows, cols int) *Problem {
	p := &Problem{Fingerprint: "dominoes"}
	at := func(r, c int) int32 { return int32(r*cols + c) }
	for r := range rows {
		for c := range cols {
			p.Cells = append(p.Cells, geom.Cell{Row: r, Col: c})
			if c+1 < cols {
				p.Placements = append(p.Placements, Placement{Cells: []int32{at(r, c), at(r, c+1)}})
			}
			if r+1 < rows {
				p.Placements = append(p.Placements, Placement{Cells: []int32{at(r, c), at(r+1, c)}})
			}
		}
	}
	p.Neighbors = neighbours(geom.Square, p.Cells)
	maps := []func(r, c int) (int, int){
		func(r, c int) (int, int) { return r, c },
		func(r, c int) (int, int) { return rows - 1 - r, cols - 1 - c },
		func(r, c int) (int, int) { return r, cols - 1 - c },
		func(r, c int) (int, int) { return rows - 1 - r, c },
		func(r, c int) (int, int) { return c, cols - 1 - r },
		func(r, c int) (int, int) { return rows - 1 - c, r },
		func(r, c int) (int, int) { return c, r },
		func(r, c int) (int, int) { return rows - 1 - c, cols - 1 - r },
	}
	if rows != cols {
		maps = maps[:4]
	}
	for k, m := range maps {
		sym := Symmetry{Name: string(rune('a' + k)), Pieces: []int32{0}}
		for r := range rows {
			for c := range cols {
				r2, c2 := m(r, c)
				sym.Cells = append(sym.Cells, at(r2, c2))
			}
		}
		p.Symmetries = append(p.Symmetries, sym)
	}
	return p
}

// A board wider across than a state holds, in every scan order, is
// left to another count (ErrWide).
func TestWide(t *testing.T) {
	defer func(w int) { maxWidth = w }(maxWidth)
	maxWidth = 8
	for _, tt := range []struct {
		rows, cols int
		wide       bool
	}{{8, 8, true}, {7, 9, false}, {30, 7, false}} {
		_, err := Count(context.Background(), dominoes(tt.rows, tt.cols), &puzzles.CountConfig{Workers: 1})
		if errors.Is(err, ErrWide) != tt.wide || !tt.wide && err != nil {
			t.Errorf("%d × %d in states of 7 cells: %v, want wide %v", tt.rows, tt.cols, err, tt.wide)
		}
	}
}

// A count whose states pass the most a table holds fails with ErrStates,
// rather than take the memory.
func TestTooManyStates(t *testing.T) {
	defer func(n int) { maxStates = n }(maxStates)
	maxStates = 1000
	if _, err := Count(context.Background(), dominoes(30, 30), &puzzles.CountConfig{Workers: 1}); !errors.Is(err, ErrStates) {
		t.Errorf("30 × 30 in 1000 states: %v, want ErrStates", err)
	}
	// The domino tilings of the 2 × 30 strip: the 31st Fibonacci number.
	c, err := Count(context.Background(), dominoes(2, 30), &puzzles.CountConfig{Workers: 1})
	if err != nil || c.Raw.String() != "1346269" {
		t.Errorf("2 × 30 in 1000 states: %v, %v; want 1346269", c, err)
	}
}

// Count takes no configuration as the defaults, and refuses a part that
// is not one; the 4 × 4 square has 36 domino tilings, 9 distinct.
func TestConfig(t *testing.T) {
	c, err := Count(context.Background(), dominoes(4, 4), nil)
	if err != nil || c.Raw.String() != "36" || c.Distinct.String() != "9" || c.Method != puzzles.CountFrontier {
		t.Errorf("4 × 4: %+v, %v; want 36 raw, 9 distinct", c, err)
	}
	for _, part := range [][2]int{{2, 2}, {-1, 3}} {
		if _, err := Count(context.Background(), dominoes(4, 4), &puzzles.CountConfig{Shard: part[0], Shards: part[1]}); err == nil {
			t.Errorf("part %d of %d counted", part[0], part[1])
		}
	}
}

// A board of no cells has one tiling, the empty one, which one part of
// a count holds.
func TestNoCells(t *testing.T) {
	p := &Problem{Symmetries: []Symmetry{{Name: "identity", Pieces: []int32{0}}}}
	var parts []*puzzles.Counts
	for i := range 3 {
		c, err := Count(context.Background(), p, &puzzles.CountConfig{Shard: i, Shards: 3})
		if err != nil {
			t.Fatal(err)
		}
		parts = append(parts, c)
	}
	whole, err := puzzles.MergeCounts(parts)
	if err != nil || whole.Raw.String() != "1" {
		t.Errorf("no cells, in 3 parts: %v, %v; want 1", whole, err)
	}
}

// neighbours returns each cell's neighbours on lat, by index in cells.
func neighbours(lat geom.Lattice, cells []geom.Cell) [][]int32 {
	index := map[geom.Cell]int32{}
	for i, c := range cells {
		index[c] = int32(i)
	}
	out := make([][]int32, len(cells))
	for i, c := range cells {
		for _, n := range lat.Neighbors(c) {
			if j, ok := index[n]; ok {
				out[i] = append(out[i], j)
			}
		}
	}
	return out
}
