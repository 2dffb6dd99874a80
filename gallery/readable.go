package gallery

import (
	"fmt"
	"strconv"
)

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
