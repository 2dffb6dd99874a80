package gallery

import (
	"fmt"
	"image/color"
	"math"
	"strings"

	"github.com/polytile/polytile/puzzles"
)

// Matrix lays out the exact-cover matrix m as a figure: an item a column,
// named above it (primary items in bold, secondary ones on grey behind a
// thick line), an option a row, named on its left, its ones filled; the
// options chosen (a solution's, or none) in blue; an item's colour (x:A)
// in its cell. A matrix of more than twice as many options as items is
// drawn as a density picture: each row of the picture gathers as many
// options, a cell's shade saying how many of them have a one there, the
// chosen ones on top. A key under the matrix says what each colour means.
//
// Given no size (Options.CellSize, Width and Height all 0), a large
// matrix gets cells small enough that its picture is at most MatrixSide
// pixels on its longer side, its text and margins keeping the sizes of
// the default cell. Names are written only where they can be read: at
// least 8 pixels (6 points) high, in cells at least 3 pixels across;
// where they would run into each other, every 2nd, 5th, 10th, 20th… is
// written, from the first. A note under the key says which names are
// left out, and why.
func Matrix(m *puzzles.Matrix, chosen []int, title string, opt *Options) ([]*Sheet, error) {
	if len(m.Items) == 0 {
		return nil, fmt.Errorf("gallery: a matrix with no items")
	}
	p := newMatrixPicture(m, chosen)
	s, err := newSheetLayout(opt)
	if err != nil {
		return nil, err
	}
	if s.CellSize == 0 && s.Width == 0 && s.Height == 0 {
		if err := p.defaultSize(s); err != nil {
			return nil, err
		}
	}
	l, err := p.labelsAt(s, s.cell, true)
	if err != nil {
		return nil, err
	}
	sheets, err := p.layout(s, l, title)
	if err != nil || s.Width == 0 && s.Height == 0 {
		return sheets, err
	}
	// The cells of a figure of a given size were sized after the labels
	// were chosen: if that size would choose others, lay it out again
	// with them.
	again, err := p.labelsAt(s, s.cell, true)
	if err != nil || again == l {
		return sheets, err
	}
	if s, err = newSheetLayout(opt); err != nil {
		return nil, err
	}
	return p.layout(s, again, title)
}

// MatrixSide is the longest side, in pixels, that Matrix gives the
// picture of a matrix (its cells and names) when no size is asked for.
const MatrixSide = 2400

// Sizes of the names on a matrix's picture.
const (
	// minLabel is the smallest name written: 6 points, as minCaption.
	minLabel = minCaption
	// minLabelCell is the narrowest cell, in pixels, that a name is
	// written against: a thinner column or row is too thin to point at.
	minLabelCell = 3
	// labelPart is the size of a name, as a part of its cell's, unless
	// that is less than minLabel.
	labelPart = 0.5
	// minGridCell is the smallest cell, in pixels, that grid lines rule:
	// lines around smaller cells would grey the picture over (and take
	// the PNG backend's rasterizer minutes).
	minGridCell = 6
)

// matrixPicture is the picture of an exact-cover matrix: an item a
// column, and an option a row, or per options a row (bins rows in all).
type matrixPicture struct {
	m         *puzzles.Matrix
	chosen    map[int]bool
	per, bins int
}

func newMatrixPicture(m *puzzles.Matrix, sol []int) *matrixPicture {
	cols, rows := len(m.Items), len(m.Options)
	p := &matrixPicture{m: m, chosen: map[int]bool{}}
	for _, k := range sol {
		p.chosen[k] = true
	}
	p.per = max(1, (rows+2*cols-1)/(2*cols)) // options in a row of the picture
	p.bins = (rows + p.per - 1) / p.per
	return p
}

// matrixLabels says which names a matrix's picture writes, and how.
type matrixLabels struct {
	items, options int     // every items-th item and options-th option is named, from the first; 0: none
	itemSize       float64 // the size of the items' names, in pixels
	optionSize     float64 // the size of the options', in pixels
	left           float64 // the width of the column of the options' names, in cells
	top            float64 // the height of the band of the items' names, in cells
	why            string  // why names are left out, if some are
}

// labelsAt returns the names the picture writes with cells of cell
// pixels: the options' too, if options is set.
func (p *matrixPicture) labelsAt(s *sheetLayout, cell float64, options bool) (matrixLabels, error) {
	l := matrixLabels{top: 1.5}
	if cell < minLabelCell {
		l.why = fmt.Sprintf("cells of %s px are too small", trim(cell))
		return l, nil
	}
	m := p.m
	// The items' names: at the size that fits each over its column, an
	// em apart, if that can be read; else larger, over every k-th column.
	widest := 0.0
	for i, name := range m.Items {
		w, err := s.measure(name, 100, i < m.Primary)
		if err != nil {
			return l, err
		}
		widest = max(widest, w/100)
	}
	l.items, l.itemSize = 1, min(labelPart*cell, cell/(widest+1))
	if l.itemSize < minLabel {
		l.itemSize = max(minLabel, labelPart*cell)
		l.items = roundUp(math.Ceil((widest + 1) * l.itemSize / cell))
	}
	// The band and the column of names are whole pixels, so that cells on
	// whole pixels stay there.
	l.top = max(1.5, math.Ceil(1.6*l.itemSize)/cell)
	switch {
	case !options:
		return l, nil
	case p.per > 1:
		l.why = fmt.Sprintf("a row gathers %d options", p.per)
		return l, nil
	}
	// The options' names: one a row, or every k-th, a line and a half
	// apart, right-aligned on the matrix's left.
	l.optionSize = max(minLabel, labelPart*cell)
	l.options = roundUp(math.Ceil(1.5 * l.optionSize / cell))
	widest = 0
	for k := 0; k < len(m.Options); k += l.options {
		w, err := s.measure(optionText(m, k), l.optionSize, false)
		if err != nil {
			return l, err
		}
		widest = max(widest, w)
	}
	l.left = math.Ceil(widest+0.5*l.optionSize) / cell
	return l, nil
}

// roundUp returns the first of 1, 2, 5, 10, 20, 50, 100… that is at
// least k.
func roundUp(k float64) int {
	for n := 1; ; n *= 10 {
		for _, f := range []int{1, 2, 5} {
			if float64(f*n) >= k {
				return f * n
			}
		}
	}
}

// trim writes x with at most one decimal.
func trim(x float64) string {
	return strings.TrimSuffix(fmt.Sprintf("%.1f", x), ".0")
}

// ordinal writes n as an ordinal: 2nd, 5th, 10th.
func ordinal(n int) string {
	switch {
	case n%100/10 == 1:
		return fmt.Sprint(n, "th")
	case n%10 == 1:
		return fmt.Sprint(n, "st")
	case n%10 == 2:
		return fmt.Sprint(n, "nd")
	case n%10 == 3:
		return fmt.Sprint(n, "rd")
	}
	return fmt.Sprint(n, "th")
}

// note returns what the picture says of the names it leaves out: which
// are written, and why the others are not; "" if every name is.
func (l matrixLabels) note(m *puzzles.Matrix) string {
	if l.items == 1 && l.options == 1 {
		return ""
	}
	some := func(every, n int, what string) string {
		switch every {
		case 0:
			return "none of the " + fmt.Sprint(n, " ", what)
		case 1:
			return "every one of the " + fmt.Sprint(n, " ", what)
		}
		return fmt.Sprintf("every %s of the %d %s", ordinal(every), n, what)
	}
	note := "names: " + some(l.items, len(m.Items), "items") + "; " + some(l.options, len(m.Options), "options")
	if l.why != "" {
		note += " (" + l.why + ")"
	}
	return note
}

// defaultSize gives the picture, for which no size is asked, cells small
// enough that its longer side is at most MatrixSide pixels, as whole
// pixels when they are as large; the text and margins keep the sizes of
// the default cell's.
func (p *matrixPicture) defaultSize(s *sheetLayout) error {
	cell := s.cell
	for range 2 {
		l, err := p.labelsAt(s, cell, true)
		if err != nil {
			return err
		}
		side := max(float64(len(p.m.Items))+l.left, float64(p.bins)+l.top)
		if side*cell <= MatrixSide {
			break
		}
		cell = MatrixSide / side
		if cell >= 1 {
			cell = math.Floor(cell)
		}
		cell = max(cell, 0.25)
	}
	if cell < s.cell {
		if s.FontSize == 0 {
			s.FontSize = max(minCaption, s.cell*0.7)
		}
		if s.Margin == 0 {
			s.Margin = s.cell
		}
		s.setCell(cell)
	}
	return nil
}

// layout lays out the picture on s with the names l, titled, its key
// under it.
func (p *matrixPicture) layout(s *sheetLayout, l matrixLabels, title string) ([]*Sheet, error) {
	var err error
	if s.legendEntries, err = p.key(s); err != nil {
		return nil, err
	}
	s.notes = nil
	if note := l.note(p.m); note != "" {
		s.notes = []string{note}
	}
	item := Item{Title: title, Caption: fmt.Sprintf("%d items, %d options", len(p.m.Items), len(p.m.Options))}
	return s.layout([]Item{item}, []frameContent{p.content(l)})
}

// Fills of a matrix's picture: the density picture's lightest and darkest
// shades, for one of per options and for all of them.
func densityFill(n, per int) color.NRGBA {
	v := uint8(235 - 200*float64(n)/float64(per))
	return color.NRGBA{v, v, v, 0xff}
}

// key returns the entries of the key to the picture's colours: the ones
// (or the lightest and darkest shades of a density picture), the chosen
// options' if there are any, and the primary and secondary items' columns
// if there are secondary items.
func (p *matrixPicture) key(s *sheetLayout) ([]legendEntry, error) {
	type entry struct {
		text string
		fill color.NRGBA
	}
	var entries []entry
	if p.per == 1 {
		entries = append(entries, entry{"item of an option", otherRow})
	} else {
		entries = append(entries, entry{fmt.Sprintf("item in 1 of a row's %d options", p.per), densityFill(1, p.per)},
			entry{fmt.Sprintf("item in all %d", p.per), densityFill(p.per, p.per)})
	}
	if len(p.chosen) > 0 {
		entries = append(entries, entry{"item of a chosen option", chosenRow})
	}
	if p.m.Primary < len(p.m.Items) {
		entries = append(entries, entry{"primary item (named in bold)", color.NRGBA{}}, entry{"secondary item", secondaryBG})
	}
	if p.m.Colors != nil && p.per == 1 && labelPart*s.cell >= minLabel {
		entries = append(entries, entry{"A: the colour an option gives a secondary item (x:A)", otherRow})
	}
	out := make([]legendEntry, len(entries))
	for i, e := range entries {
		w, err := s.measure(e.text, s.caption, false)
		if err != nil {
			return nil, err
		}
		out[i] = legendEntry{piece: e.text, name: e.text, fill: e.fill, w: s.caption*1.5 + w}
	}
	return out, nil
}

// content returns the picture with the names l as a frame's content.
func (p *matrixPicture) content(l matrixLabels) frameContent {
	m := p.m
	cols, rows, per, bins := len(m.Items), len(m.Options), p.per, p.bins
	x0, y0 := l.left, l.top
	return &painted{w: x0 + float64(cols), h: y0 + float64(bins), paint: func(s *sheetLayout, f *Frame, pt func(x, y float64) Point) {
		y1, x1 := y0+float64(bins), x0+float64(cols)
		for i, name := range m.Items {
			if l.items > 0 && i%l.items == 0 {
				at := pt(x0+float64(i)+0.5, y0/2)
				f.Letters = append(f.Letters, Text{X: at.X, Y: at.Y, Size: l.itemSize, Bold: i < m.Primary, Color: s.BorderColor, Text: name})
			}
			if i >= m.Primary {
				f.Shapes = append(f.Shapes, Shape{Piece: "secondary " + name, Fill: secondaryBG,
					Outline: []Ring{{pt(x0+float64(i), y0), pt(x0+float64(i+1), y0), pt(x0+float64(i+1), y1), pt(x0+float64(i), y1)}}})
			}
		}
		for k := 0; l.options > 0 && k < rows; k += l.options {
			at := pt(x0, y0+float64(k)+0.5)
			ink := s.BorderColor
			if p.chosen[k] {
				ink = solvedInk
			}
			f.Letters = append(f.Letters, Text{X: at.X - 0.25*l.optionSize, Y: at.Y, Anchor: AnchorEnd, Size: l.optionSize, Color: ink, Text: optionText(m, k)})
		}
		// How many options of each row of the picture have a one in each
		// column, and whether a chosen one does.
		for b := range bins {
			count := make([]int, cols)
			mine := make([]bool, cols)
			for k := b * per; k < min(rows, (b+1)*per); k++ {
				for _, it := range m.Options[k] {
					count[it]++
					mine[it] = mine[it] || p.chosen[k]
				}
			}
			for it, n := range count {
				if n == 0 {
					continue
				}
				fill := otherRow
				if per > 1 {
					fill = densityFill(n, per)
				}
				if mine[it] {
					fill = chosenRow
				}
				f.Shapes = append(f.Shapes, Shape{Piece: fmt.Sprintf("row %d", b+1), Fill: fill, Outline: []Ring{cellRing(pt, x0+float64(it), y0+float64(b))}})
				if c := m.Color(b, it); c != "" && per == 1 && labelPart*s.cell >= minLabel {
					at := pt(x0+float64(it)+0.5, y0+float64(b)+0.5)
					f.Letters = append(f.Letters, Text{X: at.X, Y: at.Y, Size: labelPart * s.cell, Color: s.letterColor(fill), Text: c})
				}
			}
		}
		if per == 1 && s.cell >= minGridCell {
			for i := 0; i <= cols; i++ {
				f.Grid = append(f.Grid, Segment{pt(x0+float64(i), y0), pt(x0+float64(i), y1)})
			}
			for k := 0; k <= bins; k++ {
				f.Grid = append(f.Grid, Segment{pt(x0, y0+float64(k)), pt(x1, y0+float64(k))})
			}
		}
		f.Borders = append(f.Borders, Segment{pt(x0, y0), pt(x1, y0)}, Segment{pt(x1, y0), pt(x1, y1)}, Segment{pt(x1, y1), pt(x0, y1)}, Segment{pt(x0, y1), pt(x0, y0)})
		if m.Primary < cols {
			f.Borders = append(f.Borders, Segment{pt(x0+float64(m.Primary), y0), pt(x0+float64(m.Primary), y1)})
		}
	}}
}

// matrixContent returns the picture of m, the options sol chosen, as a
// frame of a puzzle's or a solution's figure: named items at cells of
// s's size, no options' names and no key.
func matrixContent(s *sheetLayout, m *puzzles.Matrix, sol []int) (frameContent, error) {
	p := newMatrixPicture(m, sol)
	l, err := p.labelsAt(s, s.cell, false)
	if err != nil {
		return nil, err
	}
	return p.content(l), nil
}
