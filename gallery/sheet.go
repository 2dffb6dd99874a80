// Package gallery lays out pictures of solutions: one solution, or
// thousands, become a Sheet, a display list of filled piece outlines, thick
// border strokes, thin grid lines and text, arranged in a grid of frames with
// margins and gaps, and split into pages when asked. It draws nothing
// itself: a backend (package render) implements Canvas, and Sheet.Draw
// replays the display list onto it.
//
// A frame pictures one board. Each piece is one filled outline traced
// around its cells (holes in a piece included), never a square per cell, so
// files stay small and anti-aliasing leaves no seams. Borders are stroked
// along every edge between two different pieces and around the board and
// its holes, which are left unpainted: with the default transparent
// background they are transparent. On the stick lattice, whose cells are
// segments, a piece is a thick line along them instead (Stick), over faint
// dots at the grid points. Coordinates are in CSS pixels, 1/96 inch
// (SVG user units, PNG pixels at 96 DPI, 3/4 of a PDF point), x to the
// right and y down from the sheet's top-left corner; a sheet with a
// physical size (Sheet.Size) is scaled to it.
package gallery

import (
	"fmt"
	"image/color"
	"strconv"

	"github.com/polytile/polytile/puzzles/specs"
)

// Point is a position on the sheet, in pixels.
type Point struct{ X, Y float64 }

// Ring is a closed outline: the last point joins the first.
type Ring []Point

// Segment is a straight line from A to B.
type Segment struct{ A, B Point }

// Shape is one piece of a frame: its outline, filled.
type Shape struct {
	// Piece is the piece's name, as the spec gives it: any text.
	Piece string
	// Fill is the piece's colour.
	Fill color.NRGBA
	// Outline is the piece's boundary: one ring around it, and one more
	// around each hole it encloses, wound the other way, so that both the
	// non-zero and the even-odd rule fill the piece alone.
	Outline []Ring
}

// Stick is a piece of a frame of the stick lattice (a polystick): a thick
// line along its segments in its colour, round at its ends and corners,
// drawn over a dark outline (Sheet.BorderColor), BorderWidth wider, and
// drawn back from the grid points it shares with other pieces, so that
// pieces that touch stay apart. A stick of a transparent colour (in
// StyleOutline) is its outline alone, a line BorderWidth wide along the
// paths.
type Stick struct {
	// Piece is the piece's name, as the spec gives it: any text.
	Piece string
	// Fill is the piece's colour.
	Fill color.NRGBA
	// Width is the width of the line in its colour, in pixels.
	Width float64
	// Paths are polylines along the piece's segments, chained end to
	// end, each point a corner or an end: a straight run is one step.
	// Where the piece meets another at a grid point, its lines stop short
	// of the point, or cut across its corner there (package
	// gallery/strand). A path of one point is a dot (a name's badge).
	Paths [][]Point
}

// Anchor says which point of a text its position gives.
type Anchor int

const (
	AnchorMiddle Anchor = iota // the centre of the text
	AnchorStart                // the left end of the text's middle line
	AnchorEnd                  // the right end of the text's middle line
)

// Text is a line of text.
type Text struct {
	X, Y   float64 // where the text's middle line meets its anchor
	Anchor Anchor
	Size   float64 // the font's size, in pixels
	Bold   bool
	Color  color.NRGBA
	Text   string
}

// Frame is the picture of one board.
type Frame struct {
	// X, Y, Width and Height give the box of the board's picture (its
	// rows × columns of cells; on the stick lattice, its grid's squares
	// and a quarter of a cell round them, where the pieces' lines reach);
	// borders reach half their width beyond it.
	X, Y, Width, Height float64
	// Title names the frame ("solution 3 of 65"), for backends that can
	// attach a name to a group of shapes.
	Title string
	// Shapes are the pieces, in a fixed order.
	Shapes []Shape
	// Hatch are the lines that hatch some pieces in the grey style.
	Hatch []Segment
	// Grid are thin lines between cells of the same piece; empty unless
	// asked for.
	Grid []Segment
	// Borders are the thick lines between different pieces and around
	// the board and its holes, merged into maximal straight segments.
	Borders []Segment
	// Points are the grid points of a frame of the stick lattice, faint
	// dots (Sheet.PointWidth across) under its pieces.
	Points []Point
	// Sticks are the pieces of a frame of the stick lattice, in a fixed
	// order, each drawn whole (outline, then colour) before the next;
	// then the badges that carry their names, when there are letters.
	Sticks []Stick
	// Letters are the pieces' names drawn on them; empty unless asked for.
	Letters []Text
	// Caption is the text under the frame, or nil.
	Caption *Text
}

// Sheet is one page: a display list of frames, ready to be drawn.
type Sheet struct {
	Width, Height float64     // the page's size, in pixels
	Background    color.NRGBA // transparent when its alpha is 0
	Title         *Text       // the page's title, or nil

	BorderWidth float64     // the width of border strokes
	BorderColor color.NRGBA // their colour
	GridWidth   float64     // the width of grid lines
	GridColor   color.NRGBA // their colour
	HatchWidth  float64     // the width of hatching lines
	HatchColor  color.NRGBA // their colour
	PointWidth  float64     // the diameter of the dots at grid points (Frame.Points)
	PointColor  color.NRGBA // their colour

	Frames []Frame

	// PhysicalWidth and PhysicalHeight are the size the figure must be
	// drawn at, in CSS pixels (1/96 inch), when it is not Width × Height:
	// a backend scales the sheet to it. 0 means Width × Height.
	PhysicalWidth, PhysicalHeight float64
	// Unit is the unit in which a backend that writes the figure's size
	// (SVG) writes it: px (when empty), pt, in, cm or mm. See Size.
	Unit string
	// Font is the font the text was measured in, and is to be set in
	// (Options.Font); nil means the backend's default.
	Font Font
}

// Size returns the size the sheet is drawn at, in CSS pixels: its
// physical size if it has one, else Width × Height.
func (s *Sheet) Size() (w, h float64) {
	if s.PhysicalWidth > 0 && s.PhysicalHeight > 0 {
		return s.PhysicalWidth, s.PhysicalHeight
	}
	return s.Width, s.Height
}

// SizeText returns the size the sheet is drawn at, written in its Unit
// with at most three decimals: "17cm" and "10.5cm", say.
func (s *Sheet) SizeText() (w, h string) {
	pw, ph := s.Size()
	unit := s.Unit
	if unit == "" {
		unit = "px"
	}
	return specs.Length{Value: pw, Unit: "px"}.In(unit).String(), specs.Length{Value: ph, Unit: "px"}.In(unit).String()
}

// translate moves everything on the sheet by dx, dy.
func (s *Sheet) translate(dx, dy float64) {
	if dx == 0 && dy == 0 {
		return
	}
	mv := func(p *Point) { p.X += dx; p.Y += dy }
	mvText := func(t *Text) {
		if t != nil {
			t.X += dx
			t.Y += dy
		}
	}
	mvSegs := func(segs []Segment) {
		for i := range segs {
			mv(&segs[i].A)
			mv(&segs[i].B)
		}
	}
	mvText(s.Title)
	for k := range s.Frames {
		f := &s.Frames[k]
		f.X += dx
		f.Y += dy
		for i := range f.Shapes {
			for _, r := range f.Shapes[i].Outline {
				for j := range r {
					mv(&r[j])
				}
			}
		}
		mvSegs(f.Grid)
		mvSegs(f.Hatch)
		mvSegs(f.Borders)
		for i := range f.Points {
			mv(&f.Points[i])
		}
		for i := range f.Sticks {
			for _, path := range f.Sticks[i].Paths {
				for j := range path {
					mv(&path[j])
				}
			}
		}
		for i := range f.Letters {
			mvText(&f.Letters[i])
		}
		mvText(f.Caption)
	}
}

// Canvas is what a backend draws a sheet onto. The backend is made for a
// sheet's size and background and given the strokes' styles by Draw's
// calls; Draw calls BeginFrame and EndFrame around each frame's shapes.
type Canvas interface {
	// BeginFrame starts a group of shapes: the frame's.
	BeginFrame(f *Frame)
	// EndFrame ends the group BeginFrame started.
	EndFrame()
	// Fill fills a shape's outline with its colour.
	Fill(s *Shape)
	// Stroke draws segments of the given width and colour, each end
	// squared off (extended by half the width), so that segments meeting
	// at a corner join without a notch.
	Stroke(segs []Segment, width float64, c color.NRGBA)
	// Polyline strokes each path, a line through its points in order,
	// of the given width and colour, with round caps and round joins; a
	// path of one point is a dot, a disc width across.
	Polyline(paths [][]Point, width float64, c color.NRGBA)
	// Text draws a line of text.
	Text(t *Text)
}

// Draw replays the sheet onto c: the title, then each frame as DrawFrame
// replays it.
func (s *Sheet) Draw(c Canvas) {
	if s.Title != nil {
		c.Text(s.Title)
	}
	for k := range s.Frames {
		s.DrawFrame(c, k)
	}
}

// DrawFrame replays frame k alone onto c, between BeginFrame and EndFrame:
// its shapes first (but those of a transparent fill, which would show
// nothing), then hatching, grid lines, grid points, borders, sticks,
// letters and caption. A
// backend that draws frames apart (on several goroutines, say) replays
// them with it; Draw is the title and DrawFrame of every frame in order.
func (s *Sheet) DrawFrame(c Canvas, k int) {
	f := &s.Frames[k]
	c.BeginFrame(f)
	for i := range f.Shapes {
		if f.Shapes[i].Fill.A != 0 {
			c.Fill(&f.Shapes[i])
		}
	}
	if len(f.Hatch) > 0 {
		c.Stroke(f.Hatch, s.HatchWidth, s.HatchColor)
	}
	if len(f.Grid) > 0 {
		c.Stroke(f.Grid, s.GridWidth, s.GridColor)
	}
	if len(f.Points) > 0 {
		dots := make([][]Point, len(f.Points))
		for i := range f.Points {
			dots[i] = f.Points[i : i+1 : i+1]
		}
		c.Polyline(dots, s.PointWidth, s.PointColor)
	}
	if len(f.Borders) > 0 {
		c.Stroke(f.Borders, s.BorderWidth, s.BorderColor)
	}
	for i := range f.Sticks {
		st := &f.Sticks[i]
		if st.Fill.A == 0 {
			c.Polyline(st.Paths, s.BorderWidth, s.BorderColor)
			continue
		}
		c.Polyline(st.Paths, st.Width+s.BorderWidth, s.BorderColor)
		c.Polyline(st.Paths, st.Width, st.Fill)
	}
	for i := range f.Letters {
		c.Text(&f.Letters[i])
	}
	if f.Caption != nil {
		c.Text(f.Caption)
	}
	c.EndFrame()
}

// MinReadable is the size, in points at the figure's physical size
// (Sheet.Size), below which text is hard to read in print: 5 points. The
// layout holds captions at 6 points at least (Options.FontSize), but
// letters on the pieces must fit them, and shrink with the cells.
const MinReadable = 5.0

// SmallText is a note that some text on a figure's sheets is set below
// MinReadable at their physical size. A figure of many frames drawn to a
// fixed width, say, has cells too small for its letters: fewer frames, a
// wider figure, or another number of columns, where the frames are wider
// than high, makes them larger.
type SmallText struct {
	// Letters is the size, in points, of the smallest letters on the
	// frames (Frame.Letters: the pieces' names, a matrix's or a search
	// tree's), if it is below MinReadable; else 0.
	Letters float64
	// Captions is the size, in points, of the smallest caption under a
	// frame (Frame.Caption), if it is below MinReadable; else 0.
	Captions float64
}

// String says what is small, and how small, in points with two
// decimals: "letters of 2.18 pt, below 5 pt".
func (n *SmallText) String() string {
	pt := func(v float64) string { return strconv.FormatFloat(v, 'f', 2, 64) + " pt" }
	least := strconv.FormatFloat(MinReadable, 'f', -1, 64) + " pt"
	switch {
	case n.Letters > 0 && n.Captions > 0:
		return fmt.Sprintf("letters of %s and captions of %s, below %s", pt(n.Letters), pt(n.Captions), least)
	case n.Captions > 0:
		return fmt.Sprintf("captions of %s, below %s", pt(n.Captions), least)
	}
	return fmt.Sprintf("letters of %s, below %s", pt(n.Letters), least)
}

// FindSmallText returns a note of the text on sheets that is set below
// MinReadable at the sheets' physical size (Sheet.Size), or nil if none
// is. Text of no characters or of no size is drawn by no backend, and is
// not counted.
func FindSmallText(sheets []*Sheet) *SmallText {
	var n SmallText
	small := func(least *float64, t *Text, k float64) {
		if t == nil || t.Text == "" || !(t.Size > 0) {
			return
		}
		if pt := t.Size * k; pt < MinReadable && (*least == 0 || pt < *least) {
			*least = pt
		}
	}
	for _, s := range sheets {
		w, _ := s.Size()
		if !(s.Width > 0) {
			continue
		}
		k := w / s.Width * 72 / 96 // points per sheet unit
		for i := range s.Frames {
			f := &s.Frames[i]
			for j := range f.Letters {
				small(&n.Letters, &f.Letters[j], k)
			}
			small(&n.Captions, f.Caption, k)
		}
	}
	if n == (SmallText{}) {
		return nil
	}
	return &n
}
