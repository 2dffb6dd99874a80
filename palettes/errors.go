package palettes

import (
	"errors"
	"fmt"
)

// Error is a mistake in a colour or a palette: Error says it after the
// package's name, Reason without it, for a caller that says itself where
// the value came from (a spec's line, an option's name).
type Error struct {
	Msg string // what is wrong, and what would be valid
	Err error  // the error it wraps, or nil
}

func (e *Error) Error() string  { return "palettes: " + e.Msg }
func (e *Error) Reason() string { return e.Msg }
func (e *Error) Unwrap() error  { return e.Err }

// errorf returns an *Error of the formatted message, wrapping what its %w
// wraps.
func errorf(format string, args ...any) error {
	err := fmt.Errorf(format, args...)
	return &Error{Msg: err.Error(), Err: errors.Unwrap(err)}
}
