package geom

import (
	"errors"
	"strings"
	"testing"
)

// geom's mistakes are *Error or *PictureError: the message names the
// package once, and Reason, what a spec's reader places in its file,
// names it not at all.
func TestErrorReason(t *testing.T) {
	_, holeErr := NewRectBoardOn(Hexagon, 2, 4, []Cell{{Row: 0, Col: 1}})
	_, pictureErr := ParsePiece("A", "#\t#")
	_, apartErr := NewPiece(Square, "A", []Cell{{Row: 0, Col: 0}, {Row: 0, Col: 2}})
	for _, tt := range []struct {
		err    error
		reason string
	}{
		{holeErr, "hole [0, 1] is not a cell of the hexagon lattice: row + column must be even"},
		{apartErr, `piece "A" is not connected: its cells must join edge to edge`},
		{pictureErr, "picture line 1, column 2: tab in picture: draw with spaces"},
	} {
		var r interface{ Reason() string }
		if !errors.As(tt.err, &r) {
			t.Errorf("%v: not a typed error with a Reason", tt.err)
			continue
		}
		if r.Reason() != tt.reason {
			t.Errorf("Reason() = %q, want %q", r.Reason(), tt.reason)
		}
		if got := tt.err.Error(); got != "geom: "+tt.reason || strings.Count(got, "geom:") != 1 {
			t.Errorf("Error() = %q, want %q", got, "geom: "+tt.reason)
		}
	}
}
