package gallery

import (
	"context"
	"fmt"

	"github.com/polytile/polytile/puzzles"
	"github.com/polytile/polytile/puzzles/geom"
)

// Item is one frame to lay out: a solution, with optional texts.
type Item struct {
	Solution Tiled
	// Caption replaces the frame's number under it when Labels is set.
	Caption string
	// Title replaces the frame's default title, "solution K of N".
	Title string
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
			cells = max(cells, it.Solution.Board().Len())
		}
	}
	return tooLarge(len(items), cells)
}

// tooLarge returns a *TooLargeError if frames of boards of cells cells
// would take more than MaxLayoutBytes, else nil.
func tooLarge(frames, cells int) error {
	// Compared by division: a forged count of frames must not wrap round.
	if per := int64(cells) * layoutBytesPerCell; per > 0 && int64(frames) > MaxLayoutBytes/per {
		return &TooLargeError{Frames: frames, Cells: cells, Bytes: int64(min(float64(frames)*float64(per), 1e18))}
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
	contents := make([]frameContent, len(items))
	byLattice := map[geom.Lattice]drawer{} // a drawer keeps what solutions of a board share
	for i, it := range items {
		if it.Solution == nil {
			return nil, fmt.Errorf("gallery: item %d has no solution", i+1)
		}
		if err := s.stopped(i); err != nil {
			return nil, err
		}
		lat := it.Solution.Board().Lattice()
		if byLattice[lat] == nil {
			byLattice[lat] = drawerOf(lat, s.View)
		}
		contents[i] = byLattice[lat].solution(it.Solution)
	}
	return s.layout(items, contents)
}

// Solutions lays out solutions of tilings (a kind's solutions that are
// Tiled, such as []*tiling.Solution), numbered from 1.
func Solutions[S Tiled](sols []S, opt *Options) ([]*Sheet, error) {
	items := make([]Item, len(sols))
	for i, s := range sols {
		items[i] = Item{Solution: s}
	}
	return Layout(items, opt)
}

// chosen lays out the items' solutions, as Answers does: with nth > 0, the
// one given, captioned and titled as the nth of found; else all of them.
func chosen(ctx context.Context, items []Item, nth, found int, opt *Options) ([]*Sheet, error) {
	if nth > 0 && len(items) == 1 {
		items[0].Title = fmt.Sprintf("solution %d of %d", nth, found)
		if found < 0 {
			items[0].Title = fmt.Sprintf("solution %d", nth)
		}
		items[0].Caption = fmt.Sprint(nth)
	}
	return LayoutContext(ctx, items, opt)
}

// Classes lays out the representatives of classes of solutions of a
// puzzle of any kind, numbered from 1: what Problem.Solve returns as
// Result.Distinct, as Answers lays them out.
func Classes(classes []puzzles.Class, opt *Options) ([]*Sheet, error) {
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
	names := geom.Names(pieces)
	items := make([]Item, len(pieces))
	contents := make([]frameContent, len(pieces))
	lat := geom.OrDefault(s.Lattice)
	d := drawerOf(lat, s.View)
	for i, p := range pieces {
		if err := validCells(lat, p); err != nil {
			return nil, err
		}
		c, err := d.piece(p, i, names)
		if err != nil {
			return nil, err
		}
		contents[i], items[i] = c, pieceItem(p)
	}
	return s.layout(items, contents)
}

// pieceItem is the frame of piece p in Pieces: its name under it, with
// its number of copies when it has more than one, or their range.
func pieceItem(p geom.Piece) Item {
	switch {
	case p.Any && p.Count == 0:
		return Item{Caption: p.Name + " ×any", Title: p.Name + ", as many copies as fit"}
	case !p.Fixed() || p.Count > 1:
		return Item{Caption: p.Name + " ×" + p.CountText(), Title: fmt.Sprintf("%s, %s copies", p.Name, p.CountText())}
	}
	return Item{Caption: p.Name, Title: p.Name}
}
