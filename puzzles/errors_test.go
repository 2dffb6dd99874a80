package puzzles_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/polytile/polytile/puzzles"
)

// ParseEngine's refusal is a typed error that carries its fields, and its
// message starts with no package's name: whoever reports it adds its own
// prefix, once.
func TestTypedErrors(t *testing.T) {
	_, err := puzzles.ParseEngine("dancing")
	var ne *puzzles.NameError
	if !errors.As(err, &ne) || ne.What != "engine" || ne.Name != "dancing" || !slices.Equal(ne.Valid, []string{"auto", "dlx", "fill"}) {
		t.Fatalf("ParseEngine(dancing) = %#v, want a *NameError of the engine, naming auto, dlx and fill", err)
	}
	if got, want := err.Error(), `unknown engine "dancing": want auto, dlx or fill`; got != want {
		t.Errorf("ParseEngine(dancing): %q, want %q", got, want)
	}
}
