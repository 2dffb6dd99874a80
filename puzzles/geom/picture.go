package geom

import (
	"fmt"
	"strings"
)

// PictureError reports a mistake in an ASCII picture of a board or a piece,
// at a line and column counted from 1 within the picture, so that a caller
// who knows where the picture came from (a spec file) can say where the
// mistake is in its own terms.
type PictureError struct {
	Line, Col int    // position within the picture, from 1; Col counts characters
	Layer     int    // the picture's layer, from 1, in a list of a solid's layers; 0 otherwise
	Msg       string // what is wrong and what would be valid
}

func (e *PictureError) Error() string { return "geom: " + e.Reason() }

// Reason is the message without the package's name: the layer, the line
// and column in the picture, and Msg.
func (e *PictureError) Reason() string {
	in := ""
	if e.Layer > 0 {
		in = fmt.Sprintf("layer %d's ", e.Layer)
	}
	if e.Line == 0 {
		return in + e.Msg
	}
	return fmt.Sprintf("%spicture line %d, column %d: %s", in, e.Line, e.Col, e.Msg)
}

// An Error is a mistake that geom finds in a board, a piece or a name
// other than in a picture's text: what is wrong, and what would be
// valid.
type Error struct {
	Msg string // what is wrong and what would be valid
}

func (e *Error) Error() string { return "geom: " + e.Msg }

// Reason is the message without the package's name: Msg.
func (e *Error) Reason() string { return e.Msg }

// errorf returns an *Error whose Msg is formatted as fmt.Sprintf formats
// it.
func errorf(format string, args ...any) error { return &Error{Msg: fmt.Sprintf(format, args...)} }

// PictureLines splits a picture into lines, dropping one final newline.
func PictureLines(pic string) []string {
	pic = strings.TrimSuffix(strings.ReplaceAll(pic, "\r\n", "\n"), "\n")
	if pic == "" {
		return nil
	}
	return strings.Split(pic, "\n")
}

// scanPicture calls kind for every character of pic with its cell; kind
// says whether the character is a cell, or returns a message saying why it
// is not allowed. Tabs are never allowed: their width is a matter of taste.
func scanPicture(pic string, kind func(r rune) (bool, string)) ([]Cell, error) {
	var cells []Cell
	for i, line := range PictureLines(pic) {
		col := 0
		for _, r := range line {
			col++
			if r == '\t' {
				return nil, &PictureError{Line: i + 1, Col: col, Msg: "tab in picture: draw with spaces"}
			}
			isCell, msg := kind(r)
			if msg != "" {
				return nil, &PictureError{Line: i + 1, Col: col, Msg: msg}
			}
			if isCell {
				cells = append(cells, Cell{Row: i, Col: col - 1})
			}
		}
	}
	return cells, nil
}
