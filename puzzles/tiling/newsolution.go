package tiling

import (
	"fmt"

	"github.com/polytile/polytile/internal/plural"
	"github.com/polytile/polytile/puzzles/geom"
)

// NewSolution returns the solution of p that puts down placements, as
// Solution.Placements lists them (in any order), after checking that they
// are one: each a piece of p, in an orientation it may take, on cells of
// the board; no cell covered twice, none left uncovered; each piece put
// down as many times as its count. It lets a program read solutions back
// from files.
func NewSolution(p *Puzzle, placements []Placement) (*Solution, error) {
	b := p.board
	owner := make([]int32, b.Len())
	for i := range owner {
		owner[i] = -1
	}
	kind := make([]int32, len(placements), b.Len())
	used := make([]int, len(p.pieces))
	for k, pl := range placements {
		if pl.Piece < 0 || pl.Piece >= p.shown {
			return nil, fmt.Errorf("tiling: placement %d is of piece %d; the puzzle has pieces 0 to %d", k, pl.Piece, p.shown-1)
		}
		pc := p.pieces[pl.Piece]
		for _, c := range pl.Cells {
			i := b.Index(c)
			if i < 0 {
				where := "off the board"
				if c.Row >= 0 && c.Row < b.Rows() && c.Col >= 0 && c.Col < b.Cols() && c.Layer >= 0 && c.Layer < b.Layers() {
					where = "in a hole of the board"
				}
				return nil, fmt.Errorf("tiling: piece %q covers cell %s, which is %s", pc.Name, geom.CellName(b.Lattice(), c), where)
			}
			if o := owner[i]; o >= 0 {
				return nil, fmt.Errorf("tiling: cell %s is covered twice, by pieces %q and %q", geom.CellName(b.Lattice(), c), p.pieces[kind[o]].Name, pc.Name)
			}
			owner[i] = int32(k)
		}
		if !geom.SameShape(b.Lattice(), pc, pl.Cells) {
			return nil, fmt.Errorf("tiling: piece %q is put down on %s, not its shape in any orientation it may take", pc.Name, plural.Of(len(pl.Cells), "cell"))
		}
		kind[k] = int32(pl.Piece)
		used[pl.Piece]++
	}
	for i, o := range owner {
		// The cells left uncovered are empty, each an instance of the
		// hole (Options.Empty).
		if o < 0 && p.hole >= 0 {
			owner[i] = int32(len(kind))
			kind = append(kind, int32(p.hole))
			used[p.hole]++
		}
	}
	for i, pc := range p.pieces {
		if used[i] < pc.Least() || used[i] > p.most(i) {
			return nil, fmt.Errorf("tiling: piece %q is put down %d times, want %s", pc.Name, used[i], pc.CountText())
		}
	}
	for i, o := range owner {
		if o < 0 {
			return nil, fmt.Errorf("tiling: cell %s is not covered", geom.CellName(b.Lattice(), b.Cells()[i]))
		}
	}
	return newSolution(p, owner, kind), nil
}
