package tiling

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/polytile/polytile/internal/jsonerr"
	"github.com/polytile/polytile/puzzles"
	"github.com/polytile/polytile/puzzles/geom"
)

var (
	_ puzzles.Problem       = (*Puzzle)(nil)
	_ puzzles.HeaderFielder = (*Puzzle)(nil)
	_ puzzles.Answer        = (*Solution)(nil)
)

// Kind names a tiling's kind: "tiling".
func (p *Puzzle) Kind() string { return "tiling" }

// HeaderFields gives what a tiling's saved files hold of it besides what every
// problem gives: its lattice when not the square one, its pieces, and
// whether cfg's search (nil: the defaults) breaks symmetry.
func (p *Puzzle) HeaderFields(cfg *puzzles.SolveConfig) puzzles.HeaderFields {
	var s puzzles.HeaderFields
	if lat := p.board.Lattice(); !lat.Default() {
		s.Lattice = lat.Name()
	}
	s.Pieces = p.PieceNames()
	breaking := cfg == nil || !cfg.NoSymmetryBreaking
	s.SymmetryBreaking = &breaking
	return s
}

// About says what the puzzle is, as String does.
func (p *Puzzle) About() string { return p.String() }

// Matrix returns the puzzle's exact-cover matrix with names for people:
// its items are its pieces of one copy (by name) and its board's cells
// ("r,c"), and its options every placement of every piece, piece by piece
// (Placements), without symmetry breaking; on a stick board whose pieces
// may not cross, its secondary items are the grid points ("point r,c")
// that placements pass straight through, and after them the pieces of no
// copy or one (count: 0..1).
func (p *Puzzle) Matrix() *puzzles.Matrix {
	m := &puzzles.Matrix{}
	base, item := p.pieceItems()
	for i, pc := range p.pieces {
		if 0 <= item[i] && item[i] < base {
			m.Items = append(m.Items, pc.Name)
		}
	}
	for _, c := range p.board.Cells() {
		m.Items = append(m.Items, p.itemName(c))
	}
	m.Primary = len(m.Items)
	p.ready()
	points, through := p.points()
	for _, pt := range points {
		m.Items = append(m.Items, "point "+p.itemName(pt))
	}
	for i, pc := range p.pieces {
		if item[i] >= base {
			m.Items = append(m.Items, pc.Name)
		}
	}
	for k, pl := range p.Placements() {
		var o []int
		if it := item[pl.Piece]; it >= base {
			o = append(o, it-base+m.Primary+len(points))
		} else if it >= 0 {
			o = append(o, it)
		}
		var cells []string
		for _, c := range pl.Cells {
			o = append(o, base+p.board.Index(c))
			cells = append(cells, p.itemName(c))
		}
		if through != nil {
			for _, pt := range through[k] {
				o = append(o, m.Primary+int(pt))
			}
		}
		m.Options = append(m.Options, o)
		m.Names = append(m.Names, p.pieces[pl.Piece].Name+" "+strings.Join(cells, " "))
	}
	return m
}

// itemName names cell c's item of the matrix: "row,col", or on the cube
// "layer,row,col".
func (p *Puzzle) itemName(c geom.Cell) string {
	if p.board.Lattice().Layered() {
		return fmt.Sprintf("%d,%d,%d", c.Layer, c.Row, c.Col)
	}
	return fmt.Sprintf("%d,%d", c.Row, c.Col)
}

// Rows returns the options of the puzzle's Matrix that the solution puts
// down, in increasing order.
func (s *Solution) Rows() []int {
	key := func(pl Placement) string {
		cells := slices.Clone(pl.Cells)
		slices.SortFunc(cells, geom.Cell.Compare)
		return fmt.Sprint(pl.Piece, cells)
	}
	index := map[string]int{}
	for k, pl := range s.p.Placements() {
		index[key(pl)] = k
	}
	var rows []int
	for _, pl := range s.Placements() {
		rows = append(rows, index[key(pl)])
	}
	slices.Sort(rows)
	return rows
}

// savedPiece is a piece put down, as a saved solution holds it.
type savedPiece struct {
	Name  *string `json:"name"`
	Cells [][]int `json:"cells"`
}

// Decode reads back a solution that AppendJSON saved,
// {"pieces": [{"name": "F", "cells": [[0, 1], …]}, …]} (other fields are
// ignored), checks that it covers the board (NewSolution) and that it is
// in canonical form, as a search reports solutions, and returns its class.
func (p *Puzzle) Decode(data []byte) (puzzles.Class, error) {
	var v struct {
		Task   *int         `json:"task"`
		Orbit  *int         `json:"orbit"`
		Pieces []savedPiece `json:"pieces"`
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&v); err != nil {
		return puzzles.Class{}, jsonerr.Explain(err)
	}
	if len(v.Pieces) == 0 {
		return puzzles.Class{}, fmt.Errorf("no pieces")
	}
	index := make(map[string]int, len(p.pieces))
	for i, pc := range p.Pieces() {
		index[pc.Name] = i
	}
	pls := make([]Placement, len(v.Pieces))
	for i, sp := range v.Pieces {
		if sp.Name == nil || *sp.Name == "" {
			return puzzles.Class{}, fmt.Errorf("piece %d has no name", i+1)
		}
		k, ok := index[*sp.Name]
		if !ok {
			return puzzles.Class{}, fmt.Errorf("piece %q is not a piece of the puzzle", *sp.Name)
		}
		if len(sp.Cells) == 0 {
			return puzzles.Class{}, fmt.Errorf("piece %q has no cells", *sp.Name)
		}
		pls[i].Piece = k
		coords := p.board.Lattice().Coords()
		for _, c := range sp.Cells {
			switch {
			case len(c) != coords && coords == 3:
				return puzzles.Class{}, fmt.Errorf("piece %q: cell %v is not a [layer, row, col] triple", *sp.Name, c)
			case len(c) != coords:
				return puzzles.Class{}, fmt.Errorf("piece %q: cell %v is not a [row, col] pair", *sp.Name, c)
			case coords == 3:
				pls[i].Cells = append(pls[i].Cells, geom.Cell{Layer: c[0], Row: c[1], Col: c[2]})
			default:
				pls[i].Cells = append(pls[i].Cells, geom.Cell{Row: c[0], Col: c[1]})
			}
		}
	}
	sol, err := NewSolution(p, pls)
	if err != nil {
		return puzzles.Class{}, fmt.Errorf("not a solution of the puzzle: %w", err)
	}
	canon, orbit := sol.Canonical()
	if canon.Compare(sol) != 0 {
		return puzzles.Class{}, fmt.Errorf("a solution that is not in its canonical form (a rotation or reflection of another, which the search never reports)")
	}
	return puzzles.Class{Solution: sol, Orbit: orbit}, nil
}

// jsonNames returns the names of the puzzle's pieces as JSON strings.
func (p *Puzzle) jsonNames() [][]byte {
	p.namesOnce.Do(func() {
		for _, pc := range p.pieces {
			name, _ := json.Marshal(pc.Name) // a string always marshals
			p.names = append(p.names, name)
		}
	})
	return p.names
}

// placementSpace is the space AppendJSON reuses from one solution to the
// next: writing results saves millions of them.
type placementSpace struct {
	pls   []Placement
	cells []geom.Cell
}

var placementSpaces = sync.Pool{New: func() any { return new(placementSpace) }}

// AppendJSON appends the field a tiling's solution is saved as, the
// pieces put down in the order of Placements, each its name and its cells
// as [row, col] counted from the top-left corner of the board's picture:
// "pieces":[{"name":"F","cells":[[0,1],…]},…].
func (s *Solution) AppendJSON(b []byte) []byte {
	names := s.p.jsonNames()
	layer := s.p.board.Lattice().Layered()
	sp := placementSpaces.Get().(*placementSpace)
	sp.pls, sp.cells = s.AppendPlacements(sp.pls[:0], sp.cells)
	b = append(b, `"pieces":[`...)
	for i, pl := range sp.pls {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"name":`...)
		b = append(b, names[pl.Piece]...)
		b = append(b, `,"cells":[`...)
		for k, c := range pl.Cells {
			if k > 0 {
				b = append(b, ',')
			}
			b = append(b, '[')
			if layer {
				b = appendSmall(b, c.Layer)
				b = append(b, ',')
			}
			b = appendSmall(b, c.Row)
			b = append(b, ',')
			b = appendSmall(b, c.Col)
			b = append(b, ']')
		}
		b = append(b, "]}"...)
	}
	placementSpaces.Put(sp)
	return append(b, ']')
}

// appendSmall appends v in decimal, as strconv.AppendInt does; a cell's
// coordinates, the most written numbers, are mostly below 100.
func appendSmall(b []byte, v int) []byte {
	switch {
	case 0 <= v && v < 10:
		return append(b, byte('0'+v))
	case 10 <= v && v < 100:
		return append(b, byte('0'+v/10), byte('0'+v%10))
	}
	return strconv.AppendInt(b, int64(v), 10)
}
