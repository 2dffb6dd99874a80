package gallery

import (
	"fmt"
	"image/color"
	"math"
	"unicode/utf8"

	"github.com/polytile/polytile/internal/quote"
)

// fit sizes the cells so that the first page is as wide as Width, or as
// high as Height, or as large as fits inside both, and returns the
// arrangement at that size. The page's size is nearly proportional to the
// cells' (text and sizes given in pixels are not), so a few rounds of
// scaling the cells by the ratio still to go find it, to within a pixel
// (pages are whole pixels); the renderers scale the rest of the way. The
// number of columns is fixed after the first rounds, lest a near tie
// between two arrangements swing the size back and forth.
func (s *sheetLayout) fit(items []Item, contents []frameContent, g pageGeometry) (pageGeometry, error) {
	for i := range 40 {
		r := math.Inf(1)
		if s.Width > 0 {
			r = min(r, s.Width/g.w)
		}
		if s.Height > 0 {
			r = min(r, s.Height/g.h)
		}
		if math.Abs(r-1) < 1e-4 || math.Abs(r-1)*max(g.w, g.h) < 1 {
			break
		}
		if i == 3 && s.Columns == 0 {
			s.Columns = g.cols
		}
		cell := s.cell * r
		if cell > 1000 {
			return g, fmt.Errorf("gallery: a figure that size needs cells larger than 1000 pixels; make it smaller, or put more frames on a page")
		}
		if !(cell >= 0.25) {
			return g, fmt.Errorf("gallery: a figure that size leaves cells smaller than a quarter of a pixel, or no room for them at all; make it larger, put fewer frames on a page, or give smaller margins, gaps and font size")
		}
		s.setCell(cell)
		var err error
		if g, err = s.geometry(items, contents); err != nil {
			return g, err
		}
	}
	return g, nil
}

// physical gives the sheets the figure's size: each page is the first's
// size, padded and centred to the proportions of Width × Height when both
// are given, and drawn at Width (or Height) whatever its size in pixels.
func (s *sheetLayout) physical(sheets []*Sheet, g pageGeometry) {
	w, h := g.w, g.h
	pw, ph := s.Width, s.Height
	dx, dy := 0.0, 0.0
	switch {
	case pw == 0:
		pw = w * ph / h
	case ph == 0:
		ph = h * pw / w
	case pw/ph > w/h:
		nw := h * pw / ph
		dx, w = (nw-w)/2, nw
	default:
		nh := w * ph / pw
		dy, h = (nh-h)/2, nh
	}
	for _, sh := range sheets {
		sh.translate(dx, dy)
		sh.Width, sh.Height = w, h
		sh.PhysicalWidth, sh.PhysicalHeight, sh.Unit = pw, ph, s.Unit
	}
}

// columns returns the number of frames in a row: the one that makes the
// sheet nearest to square, counting an empty slot in the last row as a
// small cost.
func (s *sheetLayout) columns(n int, slotW, slotH float64) int {
	if s.Columns > 0 {
		return min(s.Columns, n)
	}
	best, bestCost := 1, math.Inf(1)
	for c := 1; c <= n; c++ {
		rows := (n + c - 1) / c
		if c > 1 && (n+c-2)/(c-1) == rows {
			continue // the same rows with fewer columns: never better
		}
		w := float64(c)*slotW + float64(c-1)*s.gap
		h := float64(rows)*slotH + float64(rows-1)*s.gap
		cost := math.Abs(math.Log(w/h)) + float64(rows*c-n)/float64(n)
		if cost < bestCost {
			best, bestCost = c, cost
		}
	}
	return best
}

// measure returns the width of text at size pixels, by MeasureText or the
// estimate.
func (s *sheetLayout) measure(text string, size float64, bold bool) (float64, error) {
	if s.MeasureText == nil {
		return 0.6 * size * float64(utf8.RuneCountInString(text)), nil
	}
	w := s.MeasureText(text, size, bold)
	if !(w >= 0) || math.IsInf(w, 1) {
		return 0, fmt.Errorf("gallery: MeasureText(%s, %v, %v) = %v; want a finite width, at least 0", quote.Short(text), size, bold, w)
	}
	return w, nil
}

// layout lays out the items on sheets. Every slot is as wide as the widest
// board and the widest caption, and every sheet as wide as its frames and
// the title.
func (s *sheetLayout) layout(items []Item, contents []frameContent) ([]*Sheet, error) {
	s.lines = len(contents) > 0 && contents[0].linePieces()
	if s.Letters {
		if err := s.abbreviate(contents); err != nil {
			return nil, err
		}
	}
	if s.Legend && len(contents) > 0 && contents[0].legendNames() != nil {
		var err error
		if s.legendEntries, err = s.legend(contents[0].legendNames(), usedCounts(items)); err != nil {
			return nil, err
		}
	}
	g, err := s.geometry(items, contents)
	if err != nil {
		return nil, err
	}
	if s.Width > 0 || s.Height > 0 {
		if g, err = s.fit(items, contents, g); err != nil {
			return nil, err
		}
	}
	// The first page is the largest: check its size before drawing any.
	if g.w > MaxSheetSide || g.h > MaxSheetSide {
		if s.Title != "" && g.titleW+2*s.margin > MaxSheetSide {
			return nil, fmt.Errorf("gallery: the title %s is %.0f pixels wide; a sheet is at most %d", quote.Short(s.Title), g.titleW, MaxSheetSide)
		}
		return nil, fmt.Errorf("gallery: a sheet of %.0f×%.0f pixels is too large; at most %d on a side: put fewer frames on a page, or make the cells smaller", g.w, g.h, MaxSheetSide)
	}
	var sheets []*Sheet
	for first := 0; first < len(items); first += g.per {
		last := min(first+g.per, len(items))
		page, err := s.page(items, contents, first, last, g.cols, g.slotW, g.slotH, g.titleW)
		if err != nil {
			return nil, err
		}
		sheets = append(sheets, page)
	}
	if s.Width > 0 || s.Height > 0 {
		s.physical(sheets, g)
	}
	return sheets, nil
}

// pageGeometry is the arrangement of frames on a page: the slots, the
// columns, the frames on a page and the first page's size.
type pageGeometry struct {
	slotW, slotH, titleW float64
	cols, per            int
	w, h                 float64
}

// geometry arranges the items' frames at the layout's cell size.
func (s *sheetLayout) geometry(items []Item, contents []frameContent) (pageGeometry, error) {
	maxW, maxH := 0.0, 0.0
	for _, c := range contents {
		w, h := c.size()
		maxW, maxH = max(maxW, w), max(maxH, h)
	}
	slotW := maxW*s.cell + s.border
	slotH := maxH*s.cell + s.border
	if s.Labels {
		slotH += s.caption * 1.5
		for k := range items {
			w, err := s.measure(caption(items, k), s.caption, false)
			if err != nil {
				return pageGeometry{}, err
			}
			slotW = max(slotW, w)
		}
	}
	titleW := 0.0
	if s.Title != "" {
		var err error
		if titleW, err = s.measure(s.Title, s.title, true); err != nil {
			return pageGeometry{}, err
		}
	}
	// The frames are centred on a page as wide as the title, and as the
	// widest entry or note under them.
	legendW, err := s.legendWidth()
	if err != nil {
		return pageGeometry{}, err
	}
	titleW = max(titleW, legendW)
	per := len(items)
	if s.PerPage > 0 {
		per = s.PerPage
	}
	g := pageGeometry{slotW: slotW, slotH: slotH, titleW: titleW, per: per}
	g.cols = s.columns(min(per, len(items)), slotW, slotH)
	g.w, g.h = s.pageSize(min(per, len(items)), g.cols, slotW, slotH, titleW)
	return g, nil
}

// titleHeight returns the height of the band the title takes.
func (s *sheetLayout) titleHeight() float64 {
	if s.Title == "" {
		return 0
	}
	return s.title * 2
}

// pageSize returns the size of a sheet of n frames in cols columns, under
// a title titleW wide: whole pixels, so that a PNG is exactly the sheet's
// size (the frames keep their places from the top-left corner).
func (s *sheetLayout) pageSize(n, cols int, slotW, slotH, titleW float64) (w, h float64) {
	rows := (n + cols - 1) / cols
	framesW := float64(cols)*slotW + float64(cols-1)*s.gap
	w = 2*s.margin + max(framesW, titleW)
	h = 2*s.margin + s.titleHeight() + float64(rows)*slotH + float64(rows-1)*s.gap + s.legendHeight(w-2*s.margin)
	return math.Ceil(w), math.Ceil(h)
}

// page lays out items[first:last] on one sheet, under a title titleW wide.
func (s *sheetLayout) page(items []Item, contents []frameContent, first, last, cols int, slotW, slotH, titleW float64) (*Sheet, error) {
	titleH := s.titleHeight()
	sh := &Sheet{
		Background:  s.Background,
		BorderWidth: s.border,
		BorderColor: s.BorderColor,
		GridWidth:   s.gridWidth,
		GridColor:   s.gridColor,
		HatchWidth:  max(0.5, s.cell/20),
		HatchColor:  color.NRGBA{0x22, 0x22, 0x22, 0xb0},
		PointWidth:  dotWidth * s.cell,
		PointColor:  pointColor,
		Font:        s.Font,
	}
	framesW := float64(cols)*slotW + float64(cols-1)*s.gap
	// The frames are centred under a wider title, on a whole pixel so
	// that cells on whole pixels stay there.
	left := s.margin + math.Floor((max(framesW, titleW)-framesW)/2)
	sh.Width, sh.Height = s.pageSize(last-first, cols, slotW, slotH, titleW)
	if s.Title != "" {
		sh.Title = &Text{X: sh.Width / 2, Y: s.margin + s.title*0.8, Size: s.title, Bold: true, Color: s.BorderColor, Text: s.Title}
	}
	for k := first; k < last; k++ {
		i := k - first
		x := left + float64(i%cols)*(slotW+s.gap)
		y := s.margin + titleH + float64(i/cols)*(slotH+s.gap)
		if err := s.stopped(k); err != nil {
			return nil, err
		}
		sh.Frames = append(sh.Frames, s.frame(items, contents, k, x, y, slotW, slotH))
	}
	if len(s.legendEntries) > 0 || len(s.notes) > 0 {
		rows := (last - first + cols - 1) / cols
		s.drawLegend(sh, s.margin+titleH+float64(rows)*slotH+float64(rows-1)*s.gap, sh.Width-2*s.margin)
	}
	return sh, nil
}

// frame draws item k in the slot whose top-left corner is x, y.
func (s *sheetLayout) frame(items []Item, contents []frameContent, k int, x, y, slotW, slotH float64) Frame {
	c := contents[k]
	cell := s.cell
	cw, ch := c.size()
	w, h := cw*cell, ch*cell
	// Centre the board in its slot, above the caption.
	boardH := slotH - s.border
	if s.Labels {
		boardH -= s.caption * 1.5
	}
	fx := x + (slotW-w)/2
	fy := y + s.border/2 + (boardH-h)/2
	pt := func(px, py float64) Point { return Point{fx + px*cell, fy + py*cell} }
	f := Frame{X: fx, Y: fy, Width: w, Height: h, Title: items[k].Title}
	if f.Title == "" {
		f.Title = fmt.Sprintf("solution %d of %d", k+1, len(items))
	}
	c.draw(s, &f, pt)
	if s.Labels {
		f.Caption = &Text{X: x + slotW/2, Y: y + s.border + boardH + s.caption*0.8, Size: s.caption, Color: s.BorderColor, Text: caption(items, k)}
	}
	return f
}

// abbreviate finds the pieces whose names, written on them, would be too
// small to read (letterSize), and gives them short names (abbreviation),
// which a legend under the frames spells out. A piece's shape is the same
// in every frame, turned or not: the first frame it is in says.
func (s *sheetLayout) abbreviate(contents []frameContent) error {
	seen := map[string]bool{}
	for _, c := range contents {
		if err := c.shortNames(s, seen); err != nil {
			return err
		}
	}
	if len(s.abbrev) > 0 {
		s.Legend = true
	}
	return nil
}

// caption returns the text under item k's frame: its caption, or its
// number.
func caption(items []Item, k int) string {
	if items[k].Caption != "" {
		return items[k].Caption
	}
	return fmt.Sprint(k + 1)
}
