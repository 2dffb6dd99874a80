package frontier

import (
	"encoding/binary"
	"math"
	"slices"

	"github.com/polytile/polytile/puzzles/pfaffian"
)

// noPfaffian makes every count go by the sweep (tests compare the two).
var noPfaffian = false

// matching is the board folded by a symmetry as a graph whose perfect
// matchings are its tilings, for a count by its Pfaffian: its Kasteleyn
// matrix, its vertices (the orbits of cells) and the band of its matrix.
type matching struct {
	m       *pfaffian.Matrix
	n, band int
}

// weight is the matching's estimated work, in the units of a sweep's
// (positions × states): for each prime the vertices × the band × twice
// the band, with a prime for each 31 bits of some 2 bits a vertex.
func (k *matching) weight() float64 {
	return float64(k.n) * float64(k.band) * float64(2*k.band) * float64(k.n/15+2) / 8
}

// matching returns the board folded by symmetry g as a graph drawn in the
// plane, its vertices the orbits of cells and its edges the options (the
// unions of placements, as newPlan takes them), when every option covers
// exactly two orbits, each of its placements two cells, and the drawing
// is planar; nil otherwise, where there is no option, and where the
// cells have no centres. An edge
// leaves an orbit towards the other cell of its placement that covers
// the orbit's first cell, as seen from that cell's centre: a rotation
// keeps the order of the directions round a cell, so that the folded
// board is drawn as it lies on the cone the rotation folds the plane to.
// Its vertices are numbered in the scan order of the narrowest band.
func (p *Problem) matching(g int) *matching {
	if noPfaffian || p.Centres == nil {
		return nil
	}
	orbit, members := cellOrbits(p.Symmetries[g].Cells)
	image := p.images(g)
	var edges [][2]int32
	var angles [][2]float64
	seen := make([]bool, len(p.Placements))
	stamp := make([]int, len(p.Cells)) // k+1 where the orbit of placement k covered the cell
next:
	for k := range p.Placements {
		if seen[k] {
			continue
		}
		var union []int32
		for at := int32(k); ; at = image[at] {
			seen[at] = true
			union = append(union, at)
			for _, c := range p.Placements[at].Cells {
				if stamp[c] == k+1 {
					continue next // overlapping placements: no option
				}
				stamp[c] = k + 1
			}
			if image[at] < 0 {
				continue next // off the placements: no option
			}
			if image[at] == int32(k) {
				break
			}
		}
		cells := p.Placements[k].Cells
		if len(cells) != 2 || orbit[cells[0]] == orbit[cells[1]] {
			return nil
		}
		ends := [2]int32{orbit[cells[0]], orbit[cells[1]]}
		var at [2]float64
		for i, o := range ends {
			first := members[o][0]
			for _, pl := range union {
				if c := p.Placements[pl].Cells; c[0] == first || c[1] == first {
					to, from := p.Centres[c[0]^c[1]^first], p.Centres[first]
					at[i] = math.Atan2(to[1]-from[1], to[0]-from[0])
				}
			}
		}
		edges = append(edges, ends)
		angles = append(angles, at)
	}
	if len(edges) == 0 {
		return nil // no option: the sweep finds it bare
	}
	return p.drawn(members, edges, angles)
}

// drawn numbers the orbits in the scan order whose edges span the
// narrowest band and orients the graph, nil if it is not planar.
func (p *Problem) drawn(members [][]int32, edges [][2]int32, angles [][2]float64) *matching {
	best, band := []int(nil), -1
	for _, axes := range axisOrders {
		pos := positions(p.Cells, members, axes)
		b := 0
		for _, e := range edges {
			b = max(b, pos[e[0]]-pos[e[1]], pos[e[1]]-pos[e[0]])
		}
		if band < 0 || b < band {
			best, band = pos, b
		}
	}
	numbered := make([][2]int32, len(edges))
	for e, ends := range edges {
		numbered[e] = [2]int32{int32(best[ends[0]]), int32(best[ends[1]])}
	}
	m, err := pfaffian.Orient(pfaffian.Drawn(len(members), numbered, angles))
	if err != nil {
		return nil // not planar: the sweep counts it
	}
	return &matching{m: m, n: len(members), band: band}
}

// images returns the image of each placement under symmetry g, −1 where
// it is no placement.
func (p *Problem) images(g int) []int32 { return p.imagesBy(&p.Symmetries[g]) }

// imagesBy returns the image of each placement under sym, −1 where it is
// no placement.
func (p *Problem) imagesBy(sym *Symmetry) []int32 {
	key := func(piece int32, cells []int32) string {
		b := binary.AppendUvarint(nil, uint64(piece))
		for _, c := range cells {
			b = binary.AppendUvarint(b, uint64(c))
		}
		return string(b)
	}
	index := make(map[string]int32, len(p.Placements))
	for k, pl := range p.Placements {
		index[key(pl.Piece, pl.Cells)] = int32(k)
	}
	image := make([]int32, len(p.Placements))
	cells := make([]int32, 0, 8)
	for k, pl := range p.Placements {
		cells = cells[:0]
		for _, c := range pl.Cells {
			cells = append(cells, sym.Cells[c])
		}
		slices.Sort(cells)
		j, ok := index[key(sym.Pieces[pl.Piece], cells)]
		image[k] = j
		if !ok {
			image[k] = -1
		}
	}
	return image
}
