package tiling

import "fmt"

// An Error is a mistake that New finds in a puzzle's board and pieces
// together: what is wrong, and what would be valid.
type Error struct {
	Msg string // what is wrong and what would be valid
}

func (e *Error) Error() string { return "tiling: " + e.Msg }

// Reason is the message without the package's name: Msg.
func (e *Error) Reason() string { return e.Msg }

// errorf returns an *Error whose Msg is formatted as fmt.Sprintf formats
// it.
func errorf(format string, args ...any) error { return &Error{Msg: fmt.Sprintf(format, args...)} }
