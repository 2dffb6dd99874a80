package gallery

import (
	"context"
	"fmt"
	"image/color"
	"math"
	"sync/atomic"
	"unicode/utf8"

	"github.com/polytile/polytile/internal/quote"
	"github.com/polytile/polytile/palettes"
	"github.com/polytile/polytile/puzzles"
	"github.com/polytile/polytile/puzzles/geom"
	"github.com/polytile/polytile/puzzles/tiling"
)

// Options set how a sheet looks. The zero value gives the defaults: 24-pixel
// cells, borders an eighth of a cell wide, no grid lines, a near-square
// arrangement of frames one cell apart, a margin of one cell, a transparent
// background, no captions, letters or title, the default palette, and one
// page for everything.
type Options struct {
	// CellSize is the side of a cell, in pixels; 0 means 24. A triangle's
	// edge is 1.5 × CellSize and a hexagon is CellSize across its flats,
	// so that cells of every lattice are about the same area; a segment
	// of the stick lattice is CellSize long, as a square's side is.
	CellSize float64
	// BorderWidth is the width of the border strokes, in pixels; 0 means
	// an eighth of a cell, and at least 1.
	BorderWidth float64
	// BorderColor is the colour of the borders; the zero value means
	// #222222.
	BorderColor color.NRGBA
	// Grid draws thin lines between the cells of each piece.
	Grid bool
	// Columns is the number of frames in a row; 0 chooses a near-square
	// arrangement.
	Columns int
	// Gap is the space between frames, in pixels; 0 means one cell, and
	// a negative value none.
	Gap float64
	// Margin is the space around the frames, in pixels; 0 means one cell,
	// and a negative value none.
	Margin float64
	// Background fills the sheet; the zero value leaves it transparent.
	Background color.NRGBA
	// Labels puts a caption under each frame: its number, or the item's
	// own caption.
	Labels bool
	// Letters writes each piece's name on it, in the border's colour or
	// white, whichever stands out more on the piece's fill.
	Letters bool
	// Title is written above the frames; empty means none.
	Title string
	// Palette colours the pieces; nil means palettes.Default().
	Palette *palettes.Palette
	// PerPage is the number of frames on a sheet; 0 puts them all on one.
	PerPage int
	// Width and Height are the size the figure must have, in CSS pixels
	// (1/96 inch); 0 means none. Given one, the cells are sized so that
	// the sheet is that wide (or high), and the other side follows;
	// given both, the sheet fits inside and is padded to exactly that
	// size, centred. The cell size is then chosen, not CellSize, and sizes
	// given in pixels (BorderWidth, Gap, Margin, FontSize) are pixels of
	// the figure at that size. Every page of a document is made the
	// size of the first.
	Width, Height float64
	// Unit is the unit in which a backend writes the figure's size where it
	// writes one (SVG's width and height): "px" (the default), "pt",
	// "in", "cm" or "mm".
	Unit string
	// FontSize is the size of the captions, in pixels; 0 means 0.7 of a
	// cell, and at least 8 pixels (6 points), so that frame numbers shrink
	// with the cells and stay legible. The title is 1.6 times as large.
	FontSize float64
	// Style is how pieces are filled: StyleColor (the default, also
	// ""), StyleGrey or StyleOutline.
	Style string
	// Legend adds a legend under the frames: each piece's name beside a
	// swatch of its colour (its grey and hatching in StyleGrey), once
	// for all its copies.
	Legend bool
	// View is how a solid (a tiling of the cube lattice) is drawn:
	// ViewIsometric (the default, also ""), ViewLayers or ViewExploded.
	// The plane's tilings ignore it.
	View string
	// ShadeCopies gives each copy of a piece (pieces of one name) its own
	// shade of the piece's colour, in StyleColor; without it, copies share
	// the colour, and the borders tell them apart.
	ShadeCopies bool
	// Lattice is the lattice of the pieces Pieces lays out; nil means the
	// square one. Solutions know their own.
	Lattice geom.Lattice
	// Font is the font all text is set in: the layout measures text with
	// its MeasureText (unless MeasureText is set), and every sheet
	// carries it (Sheet.Font) for the backend to set the text in. Nil
	// means the backend's default font (package render's: Go, embedded).
	// NewOptions loads the one a render option names.
	Font Font
	// MeasureText returns the width, in pixels, of s set at size pixels,
	// bold or not, as the backend will draw it: the sheet is widened to
	// fit the title, and the frames' slots to fit the captions. Nil means
	// Font's measure; without a Font, the measure a backend registered
	// with RegisterTextMeasure (package render registers that of the
	// fonts it draws with by default when it is imported), or, without
	// one, an estimate of 0.6 × size per character, about right for a
	// sans-serif font. It must return a finite width, at least 0.
	MeasureText func(s string, size float64, bold bool) float64
}

// Font is a font that a sheet's text is set in, as the layout and the
// backends need it: the layout measures text with it, and a backend sets
// the text in it, or, if it only names fonts (SVG), names its family.
// Package render's *render.Font is one (render.LoadFont).
type Font interface {
	// Family returns the name of the font's family, such as "DejaVu
	// Serif", by which a format that does not embed fonts names it; ""
	// names none.
	Family() string
	// MeasureText returns the width, in pixels, of s set in the font at
	// size pixels, bold or not. It must be safe for concurrent use and
	// return a finite width, at least 0.
	MeasureText(s string, size float64, bold bool) float64
}

// MaxSheetSide bounds a sheet's width and height, in pixels: about 69
// metres at 96 DPI, beyond any poster (the 2339 solutions of the 6×10
// rectangle at 24-pixel cells make a sheet about 10,000 pixels wide), and
// far from where a backend's arithmetic would overflow. Layout fails on a
// larger sheet, saying why.
const MaxSheetSide = 1 << 18

// registered is the measure RegisterTextMeasure set, or nil.
var registered atomic.Pointer[func(s string, size float64, bold bool) float64]

// RegisterTextMeasure sets how Layout, Solutions, Classes and Pieces
// measure text when Options.MeasureText is nil: package render registers
// the measure of the fonts it draws with when it is imported (as image/png
// registers its format with package image), so that a sheet laid out in a
// program that writes it with render fits its text. Without one, text is
// estimated at 0.6 × size per character. It is safe for concurrent use;
// the last registration wins, and nil removes it.
func RegisterTextMeasure(measure func(s string, size float64, bold bool) float64) {
	if measure == nil {
		registered.Store(nil)
		return
	}
	registered.Store(&measure)
}

// fontLoader is the loader RegisterFontLoader set, or nil.
var fontLoader atomic.Pointer[func(ctx context.Context, name, dir string) (Font, error)]

// RegisterFontLoader sets how NewOptions loads the font that a render
// option names (the key font): load returns the font that name names (a
// font file or a family's name), a relative file being taken from dir
// ("" is the working directory), or an error that says what is wrong
// with the name, worded to follow the option's name (`"x.ttf": no such
// file`); it stops when ctx ends (NewOptionsContext's), with an error
// that wraps ctx's cause. Package render registers its loader when it is
// imported, as it registers its measure (RegisterTextMeasure); without
// one, NewOptions refuses the key. It is safe for concurrent use; the
// last registration wins, and nil removes it.
func RegisterFontLoader(load func(ctx context.Context, name, dir string) (Font, error)) {
	if load == nil {
		fontLoader.Store(nil)
		return
	}
	fontLoader.Store(&load)
}

// Item is one frame to lay out: a solution, with optional texts.
type Item struct {
	Solution *tiling.Solution
	// Caption replaces the frame's number under it when Labels is set.
	Caption string
	// Title replaces the frame's default title, "solution K of N".
	Title string
}

// fit sizes the cells so that the first page is as wide as Width, or as
// high as Height, or as large as fits inside both, and returns the
// arrangement at that size. The page's size is nearly proportional to the
// cells' (text and sizes given in pixels are not), so a few rounds of
// scaling the cells by the ratio still to go find it, to within a pixel
// (pages are whole pixels); the renderers scale the rest of the way. The
// number of columns is fixed after the first rounds, lest a near tie
// between two arrangements swing the size back and forth.
func (s *sheetLayout) fit(items []Item, contents []*content, g pageGeometry) (pageGeometry, error) {
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

// content is one frame's picture before it is placed: the cells, and the
// piece of each instance. Square boards are a grid of cells; the other
// lattices' are polygons (poly is set), or segments (stick is set).
type content struct {
	cells
	poly   *polys
	stick  *sticks
	pieces []int    // the piece of each instance
	names  []string // the puzzle's piece names
	blank  bool     // an empty board: one light fill, its cells ruled
	// custom, if set, draws the frame instead, w × h cells in size: a
	// puzzle of package matrix.
	custom func(s *sheetLayout, f *Frame, pt func(x, y float64) Point)
	w, h   float64
	solid  bool // custom draws a solid's pieces, which a legend names
}

// size returns the picture's size, in cells.
func (c *content) size() (float64, float64) {
	if c.custom != nil {
		return c.w, c.h
	}
	if c.poly != nil {
		return c.poly.size()
	}
	if c.stick != nil {
		return c.stick.size()
	}
	return float64(c.cols), float64(c.rows)
}

func (c *content) outlines() [][]Ring {
	if c.poly != nil {
		return c.poly.outlines()
	}
	return c.cells.outlines()
}

func (c *content) lines() (borders, grid []Segment) {
	if c.poly != nil {
		return c.poly.lines()
	}
	return c.cells.lines()
}

func (c *content) adjacency() [][]int {
	if c.poly != nil {
		return c.poly.adjacency()
	}
	if c.stick != nil {
		return c.stick.adjacency()
	}
	return c.cells.adjacency()
}

// polyContent returns the content of the cells of g, cell i covered by
// instance owner[i] of piece pieces[owner[i]].
func polyContent(g *polyGeom, owner []int, pieces []int, names []string) *content {
	return &content{poly: &polys{g: g, owner: owner, instances: len(pieces)}, pieces: pieces, names: names}
}

// solutionContent returns the content of s. Frames of a triangular or
// hexagonal board share its geometry, kept in geoms.
func solutionContent(s *tiling.Solution, geoms map[*geom.Board]*polyGeom, view string) (*content, error) {
	return drawerOf(s.Puzzle().Board().Lattice(), view).solution(s, geoms), nil
}

// MaxLayoutBytes bounds the memory a layout may take: 4 GiB. Layout
// refuses, before it starts, items whose sheets would take more
// (TooLargeError), rather than exhaust the machine's memory: a poster of
// millions of solutions is no figure anyone can print.
const MaxLayoutBytes = 4 << 30

// layoutBytesPerCell is about what a frame's display list takes for each
// cell of its board: measured on the poster of pentominoes-6x10, 2339
// frames of 60 cells in 96 MB (BenchmarkLayoutPoster), rounded up.
const layoutBytesPerCell = 800

// TooLargeError is the refusal to lay out Frames frames of boards of Cells
// cells, which would take about Bytes of memory, more than MaxLayoutBytes.
type TooLargeError struct {
	Frames, Cells int
	Bytes         int64
}

func (e *TooLargeError) Error() string {
	return fmt.Sprintf("gallery: laying out %d frames of %d cells would take about %.1f GB of memory, more than the %d GB a layout may: lay out fewer",
		e.Frames, e.Cells, float64(e.Bytes)/1e9, MaxLayoutBytes>>30)
}

// checkMemory refuses items whose layout would take more than
// MaxLayoutBytes.
func checkMemory(items []Item) error {
	cells := 0
	for _, it := range items {
		if it.Solution != nil {
			cells = max(cells, it.Solution.Puzzle().Board().Len())
		}
	}
	if bytes := int64(len(items)) * int64(cells) * layoutBytesPerCell; bytes > MaxLayoutBytes {
		return &TooLargeError{Frames: len(items), Cells: cells, Bytes: bytes}
	}
	return nil
}

// Layout lays out the items on sheets: one, or several of PerPage frames.
// Every frame gets a slot the size of the largest board, widened to the
// widest caption when there are labels. A sheet is at least as wide as its
// title (by MeasureText), the frames centred under it.
func Layout(items []Item, opt *Options) ([]*Sheet, error) {
	return LayoutContext(context.Background(), items, opt)
}

// LayoutContext is Layout, which stops when ctx ends, with an error that
// matches ctx.Err() (errors.Is) and says why (context.Cause).
func LayoutContext(ctx context.Context, items []Item, opt *Options) ([]*Sheet, error) {
	s, err := newSheetLayout(opt)
	if err != nil {
		return nil, err
	}
	s.ctx = ctx
	if len(items) == 0 {
		return nil, fmt.Errorf("gallery: nothing to lay out")
	}
	if err := checkMemory(items); err != nil {
		return nil, err
	}
	contents := make([]*content, len(items))
	geoms := map[*geom.Board]*polyGeom{}
	for i, it := range items {
		if it.Solution == nil {
			return nil, fmt.Errorf("gallery: item %d has no solution", i+1)
		}
		if err := s.stopped(i); err != nil {
			return nil, err
		}
		if contents[i], err = solutionContent(it.Solution, geoms, s.View); err != nil {
			return nil, err
		}
	}
	return s.layout(items, contents)
}

// Solutions lays out solutions, numbered from 1.
func Solutions(sols []*tiling.Solution, opt *Options) ([]*Sheet, error) {
	return solutions(context.Background(), sols, opt)
}

// solutions is Solutions, stopping when ctx ends (LayoutContext).
func solutions(ctx context.Context, sols []*tiling.Solution, opt *Options) ([]*Sheet, error) {
	items := make([]Item, len(sols))
	for i, s := range sols {
		items[i] = Item{Solution: s}
	}
	return LayoutContext(ctx, items, opt)
}

// Chosen lays out the solutions a pick chose (puzzles.Pick): with nth > 0,
// the one solution given, the nth of found (found < 0: of a number not
// known), captioned with its number and titled "solution nth of found";
// else all of them, numbered from 1.
func Chosen(sols []*tiling.Solution, nth, found int, opt *Options) ([]*Sheet, error) {
	return chosen(context.Background(), sols, nth, found, opt)
}

// chosen is Chosen, stopping when ctx ends (LayoutContext).
func chosen(ctx context.Context, sols []*tiling.Solution, nth, found int, opt *Options) ([]*Sheet, error) {
	if nth <= 0 || len(sols) != 1 {
		return solutions(ctx, sols, opt)
	}
	title := fmt.Sprintf("solution %d of %d", nth, found)
	if found < 0 {
		title = fmt.Sprintf("solution %d", nth)
	}
	return Layout([]Item{{Solution: sols[0], Caption: fmt.Sprint(nth), Title: title}}, opt)
}

// Classes lays out the representatives of classes of solutions of a
// puzzle of any kind, numbered from 1: what Problem.Solve returns as
// Result.Distinct. Tilings are laid out as Layout lays them out, the other
// kinds as Answers does.
func Classes(classes []puzzles.Class, opt *Options) ([]*Sheet, error) {
	items := make([]Item, len(classes))
	for i, c := range classes {
		s, ok := c.Solution.(*tiling.Solution)
		if !ok {
			return classAnswers(classes, opt)
		}
		items[i] = Item{Solution: s}
	}
	return Layout(items, opt)
}

// classAnswers lays out classes with Answers, numbered from 1.
func classAnswers(classes []puzzles.Class, opt *Options) ([]*Sheet, error) {
	sols := make([]puzzles.Answer, len(classes))
	numbers := make([]int, len(classes))
	for i, c := range classes {
		sols[i], numbers[i] = c.Solution, i+1
	}
	return Answers(sols, numbers, 0, len(classes), opt)
}

// Pieces lays out a set of pieces, each in a frame of its own with its name
// under it, in the colours the palette gives the set.
func Pieces(pieces []geom.Piece, opt *Options) ([]*Sheet, error) {
	s, err := newSheetLayout(opt)
	if err != nil {
		return nil, err
	}
	if len(pieces) == 0 {
		return nil, fmt.Errorf("gallery: no pieces to lay out")
	}
	s.Labels = true
	names := make([]string, len(pieces))
	for i, p := range pieces {
		names[i] = p.Name
	}
	items := make([]Item, len(pieces))
	contents := make([]*content, len(pieces))
	d := drawerOf(s.Lattice, s.View)
	for i, p := range pieces {
		c, err := d.piece(p, i, names)
		if err != nil {
			return nil, err
		}
		contents[i], items[i] = c, pieceItem(p)
	}
	return s.layout(items, contents)
}

// abbreviate finds the pieces whose names, written on them, would be too
// small to read (letterSize), and gives them short names (abbreviation),
// which a legend under the frames spells out. A piece's shape is the same
// in every frame, turned or not: the first frame it is in says.
func (s *sheetLayout) abbreviate(contents []*content) error {
	seen := map[string]bool{}
	for _, c := range contents {
		if c.blank {
			continue // an empty board: no piece to name
		}
		var outl [][]Ring
		if c.stick == nil {
			outl = c.outlines()
		}
		for inst := range c.pieces {
			piece := c.pieces[inst]
			name := c.names[piece]
			if seen[name] {
				continue
			}
			seen[name] = true
			r := badgeWidth * s.cell / 2 // a stick's badge, whose outline is outside it
			if c.stick == nil {
				_, rc := pole(outl[inst], 0.02)
				r = rc*s.cell - s.border/2
			}
			_, small, err := s.letterSize(name, r)
			if err != nil {
				return err
			}
			if small {
				if s.abbrev == nil {
					s.abbrev = map[string]string{}
				}
				s.abbrev[name] = abbreviation(piece)
			}
		}
	}
	if len(s.abbrev) > 0 {
		s.Legend = true
	}
	return nil
}

// pieceItem is the frame of piece p in Pieces: its name under it, with
// its number of copies when it has more than one.
func pieceItem(p geom.Piece) Item {
	if p.Any {
		return Item{Caption: p.Name + " ×any", Title: p.Name + ", as many copies as fit"}
	}
	if p.Count > 1 {
		return Item{Caption: fmt.Sprintf("%s ×%d", p.Name, p.Count), Title: fmt.Sprintf("%s, %d copies", p.Name, p.Count)}
	}
	return Item{Caption: p.Name, Title: p.Name}
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

// caption returns the text under item k's frame: its caption, or its
// number.
func caption(items []Item, k int) string {
	if items[k].Caption != "" {
		return items[k].Caption
	}
	return fmt.Sprint(k + 1)
}

// layout lays out the items on sheets. Every slot is as wide as the widest
// board and the widest caption, and every sheet as wide as its frames and
// the title.
func (s *sheetLayout) layout(items []Item, contents []*content) ([]*Sheet, error) {
	s.lines = len(contents) > 0 && contents[0].stick != nil
	if s.Letters && (len(contents) == 0 || contents[0].custom == nil) {
		if err := s.abbreviate(contents); err != nil {
			return nil, err
		}
	}
	if s.Legend && len(contents) > 0 && (contents[0].custom == nil || contents[0].solid) {
		var err error
		if s.legendEntries, err = s.legend(contents[0].names); err != nil {
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
func (s *sheetLayout) geometry(items []Item, contents []*content) (pageGeometry, error) {
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
func (s *sheetLayout) page(items []Item, contents []*content, first, last, cols int, slotW, slotH, titleW float64) (*Sheet, error) {
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
func (s *sheetLayout) frame(items []Item, contents []*content, k int, x, y, slotW, slotH float64) Frame {
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
	if c.custom != nil || c.stick != nil {
		if c.stick != nil {
			s.stickFrame(c, &f, pt)
		} else {
			c.custom(s, &f, pt)
		}
		if s.Labels {
			f.Caption = &Text{X: x + slotW/2, Y: y + s.border + boardH + s.caption*0.8, Size: s.caption, Color: s.BorderColor, Text: caption(items, k)}
		}
		return f
	}
	colors, hatch := s.fills(c)
	if c.blank && s.Style != StyleOutline {
		colors[0] = boardFill
	}
	outl := c.outlines()
	for inst, rings := range outl {
		sh := Shape{Piece: c.names[c.pieces[inst]], Fill: colors[inst]}
		for _, r := range rings {
			ring := make(Ring, len(r))
			for i, p := range r {
				ring[i] = pt(p.X, p.Y)
			}
			sh.Outline = append(sh.Outline, ring)
		}
		f.Shapes = append(f.Shapes, sh)
		f.Hatch = append(f.Hatch, hatchLines(sh.Outline, hatch[inst], cell/4)...)
	}
	borders, grid := c.lines()
	scale := func(segs []Segment) []Segment {
		for i, sg := range segs {
			segs[i] = Segment{pt(sg.A.X, sg.A.Y), pt(sg.B.X, sg.B.Y)}
		}
		return segs
	}
	f.Borders = scale(borders)
	if s.Grid || c.blank && s.Style != StyleOutline {
		f.Grid = scale(grid)
	}
	if s.Letters {
		var patches []patch // kept clear under the names
		for inst, rings := range outl {
			at, r := pole(rings, 0.02)
			name := c.names[c.pieces[inst]]
			if a, ok := s.abbrev[name]; ok {
				name = a
			}
			size, _, _ := s.letterSize(name, r*cell-s.border/2)
			f.Letters = append(f.Letters, Text{
				X: fx + at.X*cell, Y: fy + at.Y*cell,
				Size: size, Bold: true, Color: s.letterColor(colors[inst]), Text: name,
			})
			if p, err := s.letterPatch(f.Letters[len(f.Letters)-1]); err == nil {
				patches = append(patches, p)
			}
		}
		f.Hatch = clearPatches(f.Hatch, patches)
	}
	if s.Labels {
		f.Caption = &Text{X: x + slotW/2, Y: y + s.border + boardH + s.caption*0.8, Size: s.caption, Color: s.BorderColor, Text: caption(items, k)}
	}
	return f
}

// layersFlat returns how a board's cells lie in its picture, with the
// picture's rows and columns: as they are on the plane; a solid's layers
// side by side, the bottom one first, each a board of squares, a column
// apart.
func layersFlat(b *geom.Board) (flat func(geom.Cell) geom.Cell, rows, cols int) {
	if !inSpace(b.Lattice()) {
		return func(c geom.Cell) geom.Cell { return c }, b.Rows(), b.Cols()
	}
	w := b.Cols() + 1
	return func(c geom.Cell) geom.Cell { return geom.Cell{Row: c.Row, Col: c.Layer*w + c.Col} },
		b.Rows(), b.Layers()*w - 1
}

// flatCells lays a solid's cells out flat, as layersFlat lays out a
// board's.
func flatCells(cells []geom.Cell) []geom.Cell {
	w := 0
	for _, c := range cells {
		w = max(w, c.Col+1)
	}
	out := make([]geom.Cell, len(cells))
	for i, c := range cells {
		out[i] = geom.Cell{Row: c.Row, Col: c.Layer*(w+1) + c.Col}
	}
	return out
}
