package specs

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Set sets the render option key (one of RenderKeys) to the value written
// as text, as a command line gives it: numbers, whole numbers, true or
// false, lengths with a unit, a style's name, a palette's name or
// comma-separated colours, and for color a PIECE=COLOUR pair, which adds
// to the piece colours set before (the others replace the value). The
// option has no position, so that a mistake found later is reported as
// one that no spec wrote (Fail); a mistake found here is a
// *RenderKeyError. Ranges and colours are checked later, as a spec's are.
func (r *RenderOptions) Set(key, value string) error {
	k := renderKeyNamed(key)
	if k == nil {
		return &RenderKeyError{Key: key, Err: fmt.Errorf("not a render option; they are %s", strings.Join(renderKeys, ", "))}
	}
	err := k.set(r, value)
	switch {
	case errors.Is(err, errPieceColour):
		return &RenderKeyError{Key: key, Value: value, Err: err}
	case err != nil:
		return &RenderKeyError{Key: key, Err: err}
	}
	return nil
}

// errPieceColour says what a piece colour given as text should be: its
// form as a whole is wrong, and RenderKeyError quotes it.
var errPieceColour = errors.New("want PIECE=COLOUR, such as F=#e41a1c")

// set sets k's option in r to the value written as text.
func (k *RenderKey) set(r *RenderOptions, value string) error {
	switch k.Kind {
	case RenderKindNumber:
		v, err := strconv.ParseFloat(strings.TrimSpace(value), 64)
		if err != nil {
			return fmt.Errorf("%q: want a number", value)
		}
		*optionOf[float64](r, k) = given(v)
	case RenderKindCount:
		v, err := strconv.Atoi(strings.TrimSpace(value))
		if err != nil || float64(v) < k.Min || float64(v) > k.Max {
			return fmt.Errorf("%q: want %s", value, k.want())
		}
		*optionOf[int](r, k) = given(v)
	case RenderKindBool:
		v, err := strconv.ParseBool(strings.TrimSpace(value))
		if err != nil {
			return fmt.Errorf("%q: want true or false", value)
		}
		*optionOf[bool](r, k) = given(v)
	case RenderKindLength:
		l, err := ParseLength(value, k.PlainPx)
		if err != nil {
			return err
		}
		*optionOf[Length](r, k) = given(l)
	case RenderKindColour, RenderKindText:
		*optionOf[string](r, k) = given(value)
	case RenderKindStyle:
		s, err := ParseStyle(value)
		if err != nil {
			return err
		}
		*optionOf[string](r, k) = given(s)
	case RenderKindPalette:
		*optionOf[RenderPalette](r, k) = given(RenderPalette{Name: value})
	case RenderKindPieceColours:
		piece, colour, ok := strings.Cut(value, "=")
		if !ok || piece == "" || colour == "" {
			return errPieceColour
		}
		o := optionOf[[]PieceColor](r, k)
		o.Set = true
		o.Value = append(o.Value, PieceColor{Piece: piece, Key: k.Name, Color: given(colour)})
	default:
		panic(fmt.Sprintf("specs: render key %s is of no kind Set reads (%d)", k.Name, k.Kind))
	}
	return nil
}

// given returns an option set to v, with no position.
func given[T any](v T) RenderOption[T] { return RenderOption[T]{Value: v, Set: true} }
