package gallery

import (
	"cmp"

	"github.com/polytile/polytile/gallery/solid"
	"github.com/polytile/polytile/puzzles/geom"
)

// The views of a solid (Options.View).
const (
	// ViewOverview draws a solid seen from above, in front and to the
	// right beside it turned over (below, behind, to the left), both in
	// isometric projection, and its layers under them, so that every
	// piece shows, even one inside: the default.
	ViewOverview = "overview"
	// ViewIsometric draws a solid as seen from above, in front and to the
	// right, in isometric projection.
	ViewIsometric = "isometric"
	// ViewLayers draws its layers side by side, the bottom one first, each
	// a board of squares.
	ViewLayers = "layers"
	// ViewExploded draws it isometric with its pieces moved apart from the
	// centre, so that the inner ones show.
	ViewExploded = "exploded"
	// ViewSteps draws it built piece by piece, as an assembly leaflet
	// does: a small isometric picture a piece, the pieces put down before
	// pale.
	ViewSteps = "steps"
)

// Views returns the names of the views of a solid, the default first.
func Views() []string {
	return []string{ViewOverview, ViewIsometric, ViewLayers, ViewExploded, ViewSteps}
}

// solidViews makes the picture of a solution's cubes, of so many
// instances, in each view that draws it in space.
var solidViews = map[string]func(cubes []solid.Cube, instances int) solid.Picture{
	ViewOverview:  func(c []solid.Cube, _ int) solid.Picture { return solid.Overview(c) },
	ViewIsometric: func(c []solid.Cube, _ int) solid.Picture { return solid.Iso(c) },
	ViewExploded:  solid.Exploded,
	ViewSteps:     solid.Steps,
}

// isoContent returns the content that draws a picture of cubes (package
// solid): the instances' pieces are pieces[inst], named names[piece];
// blank draws them all in the empty board's grey. Each face is filled in
// its piece's colour, shaded, pale when faint, and each edge is a line
// of the border's width and colour, drawn in turn, each covering those
// before.
func isoContent(pic solid.Picture, cubes []solid.Cube, pieces []int, names []string, blank bool) frameContent {
	c := &painted{w: pic.W, h: pic.H}
	if !blank {
		c.names = names // a legend names a solid's pieces
	}
	c.paint = func(s *sheetLayout, f *Frame, pt func(x, y float64) Point) {
		fills, _ := s.fillsOf(names, pieces, func() [][]int { return solid.Touching(cubes, len(pieces)) })
		for _, p := range pic.Parts {
			ring := make([]solid.Point, len(p.Pts))
			for i, q := range p.Pts {
				ring[i] = solid.Point(pt(q.X, q.Y))
			}
			sh := Shape{Fill: s.BorderColor}
			if p.Inst < 0 {
				ring = solid.Stroke(ring[0], ring[1], s.border)
			} else {
				ring = solid.Widen(ring, seam)
				sh.Piece, sh.Fill = names[pieces[p.Inst]], fills[p.Inst]
				if blank {
					sh.Fill = boardFill
				}
				sh.Fill = solid.Shaded(sh.Fill, p.Shade)
			}
			if p.Faint {
				sh.Fill = solid.Shaded(sh.Fill, solid.Pale)
			}
			sh.Outline = []Ring{make(Ring, len(ring))}
			for i, q := range ring {
				sh.Outline[0][i] = Point(q)
			}
			f.Shapes = append(f.Shapes, sh)
		}
	}
	return c
}

// seam is how far, in pixels, each face of an isometric drawing reaches
// past its edges (solid.Widen).
const seam = 0.35

// cubesOf returns the cubes of cells, of instance inst(i) each.
func cubesOf(cells []geom.Cell, inst func(i int) int) []solid.Cube {
	out := make([]solid.Cube, len(cells))
	for i, c := range cells {
		out[i] = solid.Cube{At: [3]int{c.Col, c.Row, c.Layer}, Inst: inst(i)}
	}
	return out
}

func init() {
	drawers[geom.CubeCells] = func(_ geom.Lattice, view string) drawer {
		if view == ViewLayers {
			return layersDrawer{}
		}
		return isoDrawer{view: cmp.Or(view, ViewOverview)}
	}
}

// isoDrawer draws cubes in space, a solution in its view; a piece and an
// empty board isometric. A site hits a solid's cells on its layers
// (cellDrawer).
type isoDrawer struct {
	cellDrawer
	view string
}

func (isoDrawer) board(b *geom.Board) frameContent {
	cubes := cubesOf(b.Cells(), func(int) int { return 0 })
	return isoContent(solid.Iso(cubes), cubes, []int{0}, []string{"board"}, true)
}

// solution draws s in the drawer's view, boxed but in one isometric view.
func (d isoDrawer) solution(s Tiled) frameContent {
	cells, owner, pieces := instances(s)
	cubes := cubesOf(cells, func(i int) int { return owner[i] })
	c := isoContent(solidViews[d.view](cubes, len(pieces)), cubes, pieces, s.PieceNames(), false)
	if d.view == ViewIsometric {
		return c
	}
	return boxed{c}
}

func (isoDrawer) piece(p geom.Piece, i int, names []string) (frameContent, error) {
	cubes := cubesOf(p.Cells, func(int) int { return 0 })
	return isoContent(solid.Iso(cubes), cubes, []int{i}, names, false), nil
}

// unused: a solid in space shows no names or grid lines on its faces.
func (isoDrawer) unused() ([]string, string, string) {
	return []string{"letters", "grid"}, "a solid drawn in space", "shows no names or grid lines on its faces (view: layers does)"
}

// layersDrawer draws a solid's layers side by side (cellDrawer), a
// solution's boxed, so that its layers read as one.
type layersDrawer struct{ cellDrawer }

func (d layersDrawer) solution(s Tiled) frameContent { return boxed{d.cellDrawer.solution(s)} }

// boxed is a picture in a faint box half a cell round it, which holds a
// solution's pictures together (layers, steps, pieces apart) and
// parts it from the next.
type boxed struct{ frameContent }

func (b boxed) size() (float64, float64) { w, h := b.frameContent.size(); return w + 1, h + 1 }

func (b boxed) draw(s *sheetLayout, f *Frame, pt func(x, y float64) Point) {
	b.frameContent.draw(s, f, func(x, y float64) Point { return pt(x+0.5, y+0.5) })
	w, h := b.size()
	c := []Point{pt(0, 0), pt(w, 0), pt(w, h), pt(0, h)}
	f.Grid = append(f.Grid, Segment{c[0], c[1]}, Segment{c[1], c[2]}, Segment{c[2], c[3]}, Segment{c[3], c[0]})
}
