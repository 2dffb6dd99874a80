package puzzles_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/polytile/polytile/puzzles"
)

// ParseEngine's refusal and NewMatrix's mistakes are typed errors that
// carry their fields, and their messages start with no package's name:
// whoever reports them adds its own prefix, once.
func TestTypedErrors(t *testing.T) {
	_, err := puzzles.ParseEngine("dancing")
	var ne *puzzles.NameError
	if !errors.As(err, &ne) || ne.What != "engine" || ne.Name != "dancing" || !slices.Equal(ne.Valid, []string{"auto", "dlx", "fill"}) {
		t.Fatalf("ParseEngine(dancing) = %#v, want a *NameError of the engine, naming auto, dlx and fill", err)
	}
	if got, want := err.Error(), `unknown engine "dancing": want auto, dlx or fill`; got != want {
		t.Errorf("ParseEngine(dancing): %q, want %q", got, want)
	}
	for _, tt := range []struct {
		primary []string
		options [][]string
		option  int
		want    string
	}{
		{[]string{"a", "a"}, nil, 0, `item "a" is named twice (items 1 and 2)`},
		{nil, nil, 0, "no primary items: a solution would be empty"},
		{[]string{"a"}, [][]string{{"a"}, {}}, 2, "option 2 is empty"},
		{[]string{"a", "b"}, [][]string{{"a", "z"}}, 1, `option 1 (a z) names "z", which is not an item`},
		{[]string{"a"}, [][]string{{"a"}, {"a", "a"}}, 2, `option 2 (a a) names "a" twice`},
	} {
		_, err := puzzles.NewMatrix(tt.primary, nil, tt.options)
		var me *puzzles.MatrixError
		if !errors.As(err, &me) || me.Option != tt.option || err.Error() != tt.want {
			t.Errorf("NewMatrix(%v, %v) = %#v, want a *MatrixError of option %d: %q", tt.primary, tt.options, err, tt.option, tt.want)
		}
		if strings.HasPrefix(err.Error(), "puzzles:") {
			t.Errorf("NewMatrix: %q starts with the package's name", err)
		}
	}
}
