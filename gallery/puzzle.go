package gallery

import (
	"fmt"
	"image/color"
	"math"
)

// boardFill is the colour of the empty board in Puzzle's figure.
var boardFill = color.NRGBA{0xf4, 0xf4, 0xf4, 0xff}

// Puzzle lays out the problem p poses, not a solution: its empty board,
// holes and all, its cells ruled, with the pieces to place below it, each
// in its own frame in its colour with its name (and its number of copies)
// under it. It is the figure that opens an article on a puzzle: one sheet,
// the title on top. Width and Height scale the whole figure to that size;
// PerPage does not apply.
func Puzzle(p TiledProblem, opt *Options) ([]*Sheet, error) {
	if p == nil {
		return nil, fmt.Errorf("gallery: no puzzle")
	}
	var o Options
	if opt != nil {
		o = *opt
	}
	width, height := o.Width, o.Height
	if (width > 0 || height > 0) && o.CellSize == 0 {
		// The parts are laid out at one scale, and the whole scaled.
		o.Width, o.Height = 0, 0
	}
	o.PerPage, o.Columns, o.Legend = 0, 0, false
	o.Lattice = p.Board().Lattice()

	// The board: one frame, no caption.
	bs, err := newSheetLayout(&o)
	if err != nil {
		return nil, err
	}
	bs.Labels = false
	b := p.Board()
	board := drawerOf(b.Lattice(), bs.View).board(b)
	top, err := bs.layout([]Item{{Title: "the board"}}, []frameContent{board})
	if err != nil {
		return nil, err
	}

	// The pieces, under it, without a title.
	o.Title = ""
	pieces, err := Pieces(p.Pieces(), &o)
	if err != nil {
		return nil, err
	}
	sh, below := top[0], pieces[0]
	below.translate(0, sh.Height-bs.margin)
	w := max(sh.Width, below.Width)
	sh.translate(math.Floor((w-sh.Width)/2), 0)
	below.translate(math.Floor((w-below.Width)/2), 0)
	sh.Frames = append(sh.Frames, below.Frames...)
	sh.Width, sh.Height = w, sh.Height-bs.margin+below.Height
	if width > 0 || height > 0 {
		bs.Width, bs.Height = width, height
		bs.physical([]*Sheet{sh}, pageGeometry{w: sh.Width, h: sh.Height})
	}
	return []*Sheet{sh}, nil
}
