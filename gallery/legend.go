package gallery

import (
	"fmt"
	"image/color"
	"math"
	"strconv"

	"github.com/polytile/polytile/palettes"
	"github.com/polytile/polytile/puzzles/geom"
)

// legendEntry is one piece in a legend: its name and look.
type legendEntry struct {
	piece string
	name  string // what the legend writes: the name, or "a = name"
	fill  color.NRGBA
	hatch int
	w     float64 // the entry's width: swatch, space, name
}

// legend returns the legend's entries for the pieces of the given names,
// measured. A piece in used (its count not fixed) has the copies the
// figure puts down written after its name, "F ×2", and no entry when no
// frame puts it down.
func (s *sheetLayout) legend(names []string, used map[string]copiesUsed) ([]legendEntry, error) {
	names, _ = palettes.DistinctNames(names) // copies share their piece's entry
	fills, hatch := s.pieceFills(names)      // of every name: the frames' colours
	out := make([]legendEntry, 0, len(names))
	for i, name := range names {
		text := name
		if a, ok := s.abbrev[name]; ok {
			text = a + " = " + name
		}
		if c, ok := used[name]; ok {
			if c.hi == 0 {
				continue
			}
			text += " ×" + c.text()
		}
		w, err := s.measure(text, s.caption, false)
		if err != nil {
			return nil, err
		}
		out = append(out, legendEntry{piece: name, name: text, fill: fills[i], hatch: hatch[i], w: s.caption*1.5 + w})
	}
	return out, nil
}

// legendRows splits the entries into rows no wider than width (at least
// one entry a row) and returns the first index of each row.
func (s *sheetLayout) legendRows(entries []legendEntry, width float64) []int {
	var rows []int
	x := math.Inf(1)
	for i, e := range entries {
		gap := s.caption * 1.5
		if x+gap+e.w > width && x > 0 || i == 0 {
			rows = append(rows, i)
			x = e.w
			continue
		}
		x += gap + e.w
	}
	return rows
}

// legendHeight returns the height of the band the legend and the notes
// take on a page whose frames are width wide.
func (s *sheetLayout) legendHeight(width float64) float64 {
	if len(s.legendEntries) == 0 && len(s.notes) == 0 {
		return 0
	}
	return float64(len(s.legendRows(s.legendEntries, width))+len(s.notes))*s.caption*1.8 + s.caption
}

// legendWidth returns the width of the widest entry of the legend, or
// of the widest note: the least a page may be.
func (s *sheetLayout) legendWidth() (float64, error) {
	w := 0.0
	for _, e := range s.legendEntries {
		w = max(w, e.w)
	}
	for _, n := range s.notes {
		nw, err := s.measure(n, s.caption, false)
		if err != nil {
			return 0, err
		}
		w = max(w, nw)
	}
	return w, nil
}

// drawLegend adds the legend to the sheet, below the frames, in the band
// legendHeight makes room for: a swatch in each piece's fill (outlined,
// hatched as the pieces are; a short line for polysticks) and its name, in rows centred on the page;
// then the notes, a line each, each in a frame titled "note".
func (s *sheetLayout) drawLegend(sh *Sheet, top, width float64) {
	entries := s.legendEntries
	rows := s.legendRows(entries, width)
	size := s.caption
	for r, first := range rows {
		last := len(entries)
		if r+1 < len(rows) {
			last = rows[r+1]
		}
		rowW := 0.0
		for _, e := range entries[first:last] {
			rowW += e.w
		}
		rowW += float64(last-first-1) * size * 1.5
		x := (sh.Width - rowW) / 2
		y := top + size + float64(r)*size*1.8
		for _, e := range entries[first:last] {
			box := Ring{{x, y}, {x + size, y}, {x + size, y + size}, {x, y + size}}
			f := Frame{X: x, Y: y, Width: size, Height: size, Title: "legend: " + e.piece,
				Borders: []Segment{{box[0], box[1]}, {box[1], box[2]}, {box[2], box[3]}, {box[3], box[0]}}}
			if s.lines {
				// A short line, as the pieces are drawn.
				w := min(stickWidth*s.cell, size*0.4)
				f.Borders = nil
				f.Sticks = []Stick{{Piece: e.piece, Fill: e.fill, Width: w, Paths: [][]Point{{{x + w/2, y + size/2}, {x + size - w/2, y + size/2}}}}}
			} else {
				f.Shapes = []Shape{{Piece: e.piece, Fill: e.fill, Outline: []Ring{box}}}
				f.Hatch = hatchLines([]Ring{box}, e.hatch, size/3)
			}
			f.Letters = []Text{{X: x + size*1.5, Y: y + size/2, Anchor: AnchorStart, Size: size, Color: s.BorderColor, Text: e.name}}
			sh.Frames = append(sh.Frames, f)
			x += e.w + size*1.5
		}
	}
	for i, n := range s.notes {
		y := top + size + float64(len(rows)+i)*size*1.8
		sh.Frames = append(sh.Frames, Frame{X: s.margin, Y: y, Width: sh.Width - 2*s.margin, Height: size, Title: "note",
			Letters: []Text{{X: sh.Width / 2, Y: y + size/2, Size: size, Color: s.BorderColor, Text: n}}})
	}
}

// copiesUsed is how many copies of a piece the frames of a figure put
// down: from lo in the frame that uses fewest to hi in the one that uses
// most.
type copiesUsed struct{ lo, hi int }

// text writes the copies as a legend does: "2", or "1..2" when the frames
// differ.
func (c copiesUsed) text() string {
	if c.lo == c.hi {
		return strconv.Itoa(c.lo)
	}
	return fmt.Sprintf("%d..%d", c.lo, c.hi)
}

// usedCounts returns, for each name of a piece whose count is not fixed
// (a range, or any), how many copies the items' solutions put down; nil
// when every count is fixed, or no item is a solution.
func usedCounts(items []Item) map[string]copiesUsed {
	var used map[string]copiesUsed
	for _, it := range items {
		if it.Solution == nil {
			continue
		}
		p, ok := it.Solution.Problem().(interface{ Pieces() []geom.Piece })
		if !ok {
			continue
		}
		pieces := p.Pieces()
		n := make([]int, len(pieces))
		seen := make([]bool, it.Solution.Pieces())
		for i := range it.Solution.Board().Len() {
			piece, inst := it.Solution.At(i)
			if piece >= 0 && piece < len(n) && inst >= 0 && inst < len(seen) && !seen[inst] {
				seen[inst] = true
				n[piece]++
			}
		}
		byName := map[string]int{}
		loose := map[string]bool{} // a piece of the name has no fixed count
		for i, pc := range pieces {
			byName[pc.Name] += n[i]
			loose[pc.Name] = loose[pc.Name] || !pc.Fixed()
		}
		for name, c := range byName {
			if !loose[name] {
				continue
			}
			if used == nil {
				used = map[string]copiesUsed{}
			}
			u, ok := used[name]
			if !ok {
				u = copiesUsed{c, c}
			}
			used[name] = copiesUsed{min(u.lo, c), max(u.hi, c)}
		}
	}
	return used
}
