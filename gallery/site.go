package gallery

import (
	"cmp"
	"context"
	"fmt"
	"image/color"
	"math"

	"github.com/polytile/polytile/gallery/solid"
	"github.com/polytile/polytile/puzzles"
	"github.com/polytile/polytile/puzzles/geom"
)

// Site is what a web gallery of a puzzle's solutions shows, laid out: the
// puzzle, its board to choose cells on, every solution alone, the poster of
// them all, and statistics computed once, when the site is made. A backend
// (render.WriteSite) writes it as pages.
type Site struct {
	Title      string
	Raw        int64 // raw solutions: the sum of the orbits
	Symmetries int   // the order of the board's symmetry group
	Complete   bool  // false if the search stopped early: the caller says
	// Pieces names the puzzle's pieces; PieceCode(i) stands for piece i in
	// SiteSolution.Grid.
	Pieces []string
	// Board is the empty board, and Cells its cells, each with its outline
	// on Board's sheet, in the board's order (Grid's).
	Board *Sheet
	Cells []SiteCell
	// Puzzle is the puzzle's figure (Puzzle), Poster every solution on
	// one sheet.
	Puzzle, Poster *Sheet
	Solutions      []SiteSolution
	Stats          []SiteStat
}

// SiteCell is a cell of the board: its row and column in the board's
// picture, and its outline in pixels.
type SiteCell struct {
	Row, Col int
	Layer    int  // a solid's cell's layer, from 0 at the bottom
	Solid    bool // the cell is a cube: its layer counts
	Outline  Ring
}

// SiteSolution is one distinct solution.
type SiteSolution struct {
	Number int // from 1, in the order given
	Orbit  int // the size of its class
	// Sheet is the solution alone, each piece's name on it.
	Sheet *Sheet
	// Grid holds, for each cell of the board (Site.Cells), the code of the
	// piece covering it (PieceCode).
	Grid string
	// Solid holds a solid's pieces in the order they are built (solidPieces); nil on the plane.
	Solid []SitePiece
}

// SitePiece is a piece of a solid's solution, for a view that turns: its name, its fill as the
// solution's picture has it, #rrggbbaa (alpha 00: none, StyleOutline), its cubes at [column, row, layer].
type SitePiece struct {
	Name  string   `json:"name"`
	Fill  string   `json:"fill"`
	Cubes [][3]int `json:"cubes"`
}

// SiteStat is what the solutions do with one piece: Heat is the board
// with each cell shaded by Counts, the number of solutions that put the
// piece on it; Border and Hole count the solutions in which it touches
// the board's outer edge, and the edge of a hole.
type SiteStat struct {
	Piece        string
	Counts       []int
	Heat         *Sheet
	Border, Hole int
}

// pieceCodes are the characters that stand for pieces in a Grid.
const pieceCodes = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"

// MaxSitePieces is the most pieces a Site's grids can tell apart.
const MaxSitePieces = len(pieceCodes)

// PieceCode returns the character that stands for piece i in a Grid.
func PieceCode(i int) byte { return pieceCodes[i] }

// heatColor is the colour of the cell a piece covers in every solution;
// less often is lighter, never is white.
var heatColor = [3]float64{0xc0, 0x39, 0x2b}

// NewSite lays out a site of the classes given, numbered from 1, with the
// look opt gives (its Width, Height, PerPage and Legend are the
// poster's), titled opt's Title or the puzzle's. All the classes are of
// one puzzle.
func NewSite(classes []puzzles.Class, opt *Options) (*Site, error) {
	return NewSiteContext(context.Background(), classes, opt)
}

// NewSiteContext is NewSite, which stops with ctx's cause when ctx ends:
// laying out a site of many solutions takes seconds.
func NewSiteContext(ctx context.Context, classes []puzzles.Class, opt *Options) (*Site, error) {
	var o Options
	if opt != nil {
		o = *opt
	}
	items, p, err := siteItems(classes)
	if err != nil {
		return nil, err
	}
	b := p.Board()
	site := &Site{Title: cmp.Or(o.Title, p.Title()), Symmetries: p.Symmetries(), Complete: true, Pieces: p.PieceNames()}
	if site.Poster, err = first(LayoutContext(ctx, items, &o)); err != nil {
		return nil, err
	}
	one := o
	one.Title, one.Labels, one.Letters, one.PerPage, one.Width, one.Height, one.Legend, one.Margin = "", false, true, 0, 0, 0, false, -1
	counts := make([][]int, len(site.Pieces))
	for i := range counts {
		counts[i] = make([]int, b.Len())
	}
	site.Stats = make([]SiteStat, len(site.Pieces))
	edge := boardEdges(b)
	look, err := newSheetLayout(&one) // the fills of a solid's pieces
	if err != nil {
		return nil, err
	}
	for k, c := range classes {
		if ctx.Err() != nil {
			return nil, &stopError{err: ctx.Err(), cause: context.Cause(ctx)}
		}
		site.Raw += int64(c.Orbit)
		items[k].Title = fmt.Sprintf("solution %d of %d", k+1, len(classes))
		sh, err := first(Layout(items[k:k+1], &one))
		if err != nil {
			return nil, err
		}
		grid := site.count(items[k].Solution, edge, counts)
		site.Solutions = append(site.Solutions, SiteSolution{Number: k + 1, Orbit: c.Orbit, Sheet: sh, Grid: grid})
		if b.Lattice().Layered() {
			site.Solutions[k].Solid = solidPieces(look, items[k].Solution)
		}
	}
	if site.Puzzle, err = first(Puzzle(p, &Options{CellSize: o.CellSize, Palette: o.Palette, Style: o.Style,
		BorderColor: o.BorderColor, Font: o.Font, MeasureText: o.MeasureText})); err != nil {
		return nil, err
	}
	boardOpt := &Options{CellSize: o.CellSize, Margin: -1, Font: o.Font, MeasureText: o.MeasureText}
	if site.Board, site.Cells, err = boardSheet(p, boardOpt, nil); err != nil {
		return nil, err
	}
	for i, name := range site.Pieces {
		heat, _, err := boardSheet(p, boardOpt, counts[i])
		if err != nil {
			return nil, err
		}
		site.Stats[i].Piece, site.Stats[i].Counts, site.Stats[i].Heat = name, counts[i], heat
	}
	return site, nil
}

// siteItems returns the items of the classes' solutions, all of one tiled
// puzzle, which it returns, refusing a site too large to lay out.
func siteItems(classes []puzzles.Class) ([]Item, TiledProblem, error) {
	if len(classes) == 0 {
		return nil, nil, fmt.Errorf("gallery: no solutions for a site")
	}
	items := make([]Item, len(classes))
	var p TiledProblem
	for i, c := range classes {
		s, ok := c.Solution.(Tiled)
		if ok && p == nil {
			p, ok = s.Problem().(TiledProblem)
		}
		if !ok {
			return nil, nil, fmt.Errorf("gallery: a web gallery shows tilings; solution %d is not one", i+1)
		}
		if s.Problem() != p {
			return nil, nil, fmt.Errorf("gallery: solution %d is of another puzzle", i+1)
		}
		items[i] = Item{Solution: s}
	}
	// The poster and a sheet for each solution: twice the frames.
	if err := tooLarge(2*len(items), p.Board().Len()); err != nil {
		return nil, nil, err
	}
	if len(p.Pieces()) > MaxSitePieces {
		return nil, nil, fmt.Errorf("gallery: a site tells at most %d pieces apart; this puzzle has %d", MaxSitePieces, len(p.Pieces()))
	}
	return items, p, nil
}

// count adds solution s's pieces to counts, piece by piece and cell by
// cell, and to the site's statistics of pieces on the board's border and
// at its holes (edge, boardEdges), and returns its grid of piece codes.
func (site *Site) count(s Tiled, edge []int, counts [][]int) string {
	grid := make([]byte, len(edge))
	border := make([]bool, len(site.Pieces))
	hole := make([]bool, len(site.Pieces))
	for i := range edge {
		piece, _ := s.At(i)
		if grid[i] = '.'; piece < 0 {
			continue // an empty cell
		}
		grid[i] = PieceCode(piece)
		counts[piece][i]++
		border[piece] = border[piece] || edge[i]&edgeBorder != 0
		hole[piece] = hole[piece] || edge[i]&edgeHole != 0
	}
	for i := range site.Pieces {
		if border[i] {
			site.Stats[i].Border++
		}
		if hole[i] {
			site.Stats[i].Hole++
		}
	}
	return string(grid)
}

// solidPieces returns the pieces of solution sol of a solid, filled as s fills its picture, in
// the order they are built: by their first cubes in the board's order (layer, row, column).
func solidPieces(s *sheetLayout, sol Tiled) []SitePiece {
	cells, owner, pieces := instances(sol)
	cubes := cubesOf(cells, func(i int) int { return owner[i] })
	fills, _ := s.fillsOf(sol.PieceNames(), pieces, func() [][]int { return solid.Touching(cubes, len(pieces)) })
	var out []SitePiece
	at := make([]int, len(pieces)) // each instance's place in out, from 1
	for _, c := range cubes {
		if at[c.Inst] == 0 {
			f := fills[c.Inst]
			out = append(out, SitePiece{Name: sol.PieceNames()[pieces[c.Inst]], Fill: fmt.Sprintf("#%02x%02x%02x%02x", f.R, f.G, f.B, f.A)})
			at[c.Inst] = len(out)
		}
		out[at[c.Inst]-1].Cubes = append(out[at[c.Inst]-1].Cubes, c.At)
	}
	return out
}

// first returns the first of sheets.
func first(sheets []*Sheet, err error) (*Sheet, error) {
	if err != nil {
		return nil, err
	}
	return sheets[0], nil
}

// boardSheet returns the sheet of p's empty board, as wide as the board
// and its border, and its cells; with
// counts, each cell is shaded by its count, the largest darkest, and the
// counts are written on the cells.
func boardSheet(p TiledProblem, opt *Options, counts []int) (*Sheet, []SiteCell, error) {
	b := p.Board()
	solid := b.Lattice().Layered()
	if solid {
		// A solid's cells are chosen on its layers, side by side.
		o := *opt
		o.View = ViewLayers
		opt = &o
	}
	s, err := newSheetLayout(opt)
	if err != nil {
		return nil, nil, err
	}
	sh, err := first(Puzzle(p, opt))
	if err != nil {
		return nil, nil, err
	}
	sh.Frames = sh.Frames[:1]
	sh.Title = nil
	// The board alone, as wide as it is, with the margin it has above.
	sh.translate(sh.Frames[0].Y-sh.Frames[0].X, 0)
	d := drawerOf(b.Lattice(), opt.View)
	if pad := d.pad(); pad != 0 {
		// A cell's outline (a segment's diamond) reaches past the
		// drawing: room for it all round.
		e := pad * s.cell
		sh.translate(e, e)
	}
	board := sh.Frames[0]
	sh.Width = board.X + board.Width + board.X
	sh.Height = board.Y + board.Height + board.Y
	cells := make([]SiteCell, b.Len())
	outline := d.outlines(b)
	most := 0
	for _, c := range counts {
		most = max(most, c)
	}
	var shapes []Shape
	var texts []Text
	for i, c := range b.Cells() {
		ring := outline(c, board.X, board.Y, s.cell)
		cells[i] = SiteCell{Row: c.Row, Col: c.Col, Layer: c.Layer, Solid: solid, Outline: ring}
		if counts == nil {
			continue
		}
		t := 0.0
		if most > 0 {
			t = float64(counts[i]) / float64(most)
		}
		mix := func(k int) uint8 { return uint8(math.Round(255 + t*(heatColor[k]-255))) }
		fill := color.NRGBA{mix(0), mix(1), mix(2), 0xff}
		shapes = append(shapes, Shape{Piece: fmt.Sprintf("%d", counts[i]), Fill: fill, Outline: []Ring{ring}})
		at, r := pole([]Ring{ring}, 0.05)
		label := fmt.Sprint(counts[i])
		size, _, _ := s.letterSize(label, r)
		texts = append(texts, Text{X: at.X, Y: at.Y, Size: size, Color: s.letterColor(fill), Text: label})
	}
	if counts != nil {
		board.Shapes = shapes
		board.Letters = texts
	}
	sh.Frames[0] = board
	return sh, cells, nil
}

// The edges a board cell lies on (boardEdges).
const (
	edgeBorder = 1 << iota // the board's outer edge
	edgeHole               // the edge of a hole
)

// boardEdges returns, for each cell of b, which edges it lies on: those
// next to a position outside the board (reachable from beyond its
// picture) and those next to a hole (a position enclosed by the board).
func boardEdges(b *geom.Board) []int {
	lat := b.Lattice()
	rows, cols := b.Rows(), b.Cols()
	lo, hi := -1, b.Layers() // the layers around the board's: no cells on the plane
	inBox := func(c geom.Cell) bool {
		return c.Row >= -1 && c.Row <= rows && c.Col >= -1 && c.Col <= cols && c.Layer >= lo && c.Layer <= hi
	}
	// The positions outside, flooded from the frame (or the box) around
	// the picture.
	outside := map[geom.Cell]bool{}
	var stack []geom.Cell
	for l := lo; l <= hi; l++ {
		for r := -1; r <= rows; r++ {
			for c := -1; c <= cols; c++ {
				cell := geom.Cell{Layer: l, Row: r, Col: c}
				if (r == -1 || r == rows || c == -1 || c == cols || l != 0 && (l == lo || l == hi)) && geom.ValidCell(lat, cell) {
					outside[cell] = true
					stack = append(stack, cell)
				}
			}
		}
	}
	for len(stack) > 0 {
		c := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, d := range lat.Neighbors(c) {
			if inBox(d) && !outside[d] && b.Index(d) < 0 {
				outside[d] = true
				stack = append(stack, d)
			}
		}
	}
	out := make([]int, b.Len())
	for i, c := range b.Cells() {
		for _, d := range lat.Neighbors(c) {
			switch {
			case b.Index(d) >= 0:
			case outside[d] || !inBox(d):
				out[i] |= edgeBorder
			default:
				out[i] |= edgeHole
			}
		}
	}
	return out
}
