package gallery

import "image/color"

// frameContent is one frame's picture before it is placed, in cells: the
// cells of a board as squares of a grid or polygons (areas), segments
// (sticks), or a picture that draws itself (painted: cubes in space, the
// kinds of package matrix, the figures of the method). The layout asks it
// its size and has it draw itself; nothing asks which one it is.
type frameContent interface {
	// size returns the picture's size, in cells.
	size() (w, h float64)
	// draw draws the picture into f, pt placing a point given in cells.
	draw(s *sheetLayout, f *Frame, pt func(x, y float64) Point)
	// legendNames returns the names of the pieces a legend may spell out:
	// nil when the picture has no pieces to name.
	legendNames() []string
	// shortNames gives the names of pieces, written on them with
	// Letters, that are too small to read short ones (abbreviate),
	// skipping those seen.
	shortNames(s *sheetLayout, seen map[string]bool) error
	// linePieces reports whether the pieces are lines: greys unhatched, the
	// legend's swatches lines.
	linePieces() bool
}

// pieced is what a picture of pieces knows besides its geometry: each
// instance's piece, their names, and whether it is an empty board.
type pieced struct {
	pieces []int
	names  []string
	blank  bool
}

func (p *pieced) legendNames() []string { return p.names }
func (p *pieced) linePieces() bool      { return false }

// label returns the name written on instance inst: its piece's, or its
// abbreviation.
func (p *pieced) label(s *sheetLayout, inst int) string {
	name := p.names[p.pieces[inst]]
	if a, ok := s.abbrev[name]; ok {
		return a
	}
	return name
}

// abbreviate abbreviates, for each piece not seen, its name when it is
// too small to read in the room room(inst) gives the first instance of it.
func (p *pieced) abbreviate(s *sheetLayout, seen map[string]bool, room func(inst int) float64) error {
	if p.blank {
		return nil // an empty board: no piece to name
	}
	for inst, piece := range p.pieces {
		name := p.names[piece]
		if seen[name] {
			continue
		}
		seen[name] = true
		_, small, err := s.letterSize(name, room(inst))
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
	return nil
}

// areaGeom is the geometry of cells that are areas: squares of a grid
// (cells) or polygons (polys).
type areaGeom interface {
	size() (float64, float64)
	outlines() [][]Ring
	lines() (borders, grid []Segment)
	adjacency() [][]int
}

// areas is the picture of cells that are areas, covered by pieces.
type areas struct {
	areaGeom
	pieced
}

func (c *areas) shortNames(s *sheetLayout, seen map[string]bool) error {
	outl := c.outlines()
	return c.abbreviate(s, seen, func(inst int) float64 {
		_, r := pole(outl[inst], 0.02)
		return r*s.cell - s.border/2
	})
}

// draw fills each instance's outline in its colour (hatched in grey
// styles), draws the borders between pieces and, with Grid or on an empty
// board, the grid lines between cells, and with Letters the pieces'
// names.
func (c *areas) draw(s *sheetLayout, f *Frame, pt func(x, y float64) Point) {
	colors, hatch := s.fillsOf(c.names, c.pieces, c.adjacency)
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
		f.Hatch = append(f.Hatch, hatchLines(sh.Outline, hatch[inst], s.cell/4)...)
	}
	borders, grid := c.areaGeom.lines()
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
		c.letters(s, f, pt, outl, colors)
	}
}

// letters writes each instance's name at its pole, keeping the hatching
// clear under it.
func (c *areas) letters(s *sheetLayout, f *Frame, pt func(x, y float64) Point, outl [][]Ring, colors []color.NRGBA) {
	var patches []patch // kept clear under the names
	for inst, rings := range outl {
		at, r := pole(rings, 0.02)
		name := c.label(s, inst)
		size, _, _ := s.letterSize(name, r*s.cell-s.border/2)
		p := pt(at.X, at.Y)
		f.Letters = append(f.Letters, Text{X: p.X, Y: p.Y, Size: size, Bold: true, Color: s.letterColor(colors[inst]), Text: name})
		if p, err := s.letterPatch(f.Letters[len(f.Letters)-1]); err == nil {
			patches = append(patches, p)
		}
	}
	f.Hatch = clearPatches(f.Hatch, patches)
}

func (g *cells) size() (float64, float64) { return float64(g.cols), float64(g.rows) }

// painted is a picture that draws itself, w × h cells in size: cubes in
// space, a puzzle of package matrix, a figure of the method.
type painted struct {
	w, h  float64
	paint func(s *sheetLayout, f *Frame, pt func(x, y float64) Point)
	names []string // the pieces a legend names (a solid's); nil: none
}

func (c *painted) size() (float64, float64) { return c.w, c.h }

func (c *painted) draw(s *sheetLayout, f *Frame, pt func(x, y float64) Point) { c.paint(s, f, pt) }

func (c *painted) legendNames() []string                        { return c.names }
func (*painted) shortNames(*sheetLayout, map[string]bool) error { return nil }
func (*painted) linePieces() bool                               { return false }
