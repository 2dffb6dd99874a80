package specs

import (
	"strings"
	"testing"

	"github.com/polytile/polytile/puzzles"
	"github.com/polytile/polytile/puzzles/tiling"
)

// The tiling is a registered kind, the default: a spec without a kind key
// is read through the registry as one with kind: tiling, by the same
// path as every other kind (its title, its render keys, its kind's Read).
func TestTilingIsRegistered(t *testing.T) {
	if kinds[0].Name != puzzles.DefaultKind || kinds[0].Read == nil {
		t.Fatalf("the registry starts with %q, want the default kind %q", kinds[0].Name, puzzles.DefaultKind)
	}
	if got := Kinds(); got[0] != puzzles.DefaultKind || len(got) != len(kinds) {
		t.Errorf("Kinds() = %v, want the registry's names, %s first", got, puzzles.DefaultKind)
	}
	const body = "title: two dominoes\nboard: |\n  ..\n  ..\npieces: {A: \"##\", B: \"##\"}\nrender: {color: {A: red}}\n"
	plain, err := Parse("plain.yaml", []byte(body))
	if err != nil {
		t.Fatal(err)
	}
	named, err := Parse("named.yaml", []byte("kind: tiling\n"+body))
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []*Spec{plain, named} {
		p, ok := s.Problem.(*tiling.Puzzle)
		if !ok {
			t.Fatalf("%s: Problem is %T, want a *tiling.Puzzle", s.Name, s.Problem)
		}
		if s.Kind() != puzzles.DefaultKind || s.Title != "two dominoes" || p.Title() != s.Title || s.Render == nil {
			t.Errorf("%s: kind %q, title %q (the puzzle's %q), render %v", s.Name, s.Kind(), s.Title, p.Title(), s.Render)
		}
		if got := s.PieceNames(); strings.Join(got, " ") != "A B" {
			t.Errorf("%s: PieceNames() = %v, want A B", s.Name, got)
		}
	}
	if plain.Problem.Fingerprint(nil) != named.Problem.Fingerprint(nil) {
		t.Errorf("a spec with kind: tiling is another puzzle than one without")
	}
	// The render keys are checked against the tiling's pieces, as the
	// registry's path does for any kind with named pieces.
	_, err = Parse("bad.yaml", []byte(strings.Replace(body, "{A: red}", "{Z: red}", 1)))
	if err == nil || !strings.Contains(err.Error(), `there is no piece "Z"; the pieces are A, B`) {
		t.Errorf("a colour for no piece: %v", err)
	}
	// An unknown key names the spec as its kind key does.
	_, err = Parse("typo.yaml", []byte("kind: tiling\nbord: x\n"+body))
	if want := `unknown key "bord" in a tiling spec (did you mean board?); valid keys are title, kind, board, pieces, lattice, symmetry, crossing, empty, render`; err == nil || !strings.HasSuffix(err.Error(), want) {
		t.Errorf("an unknown key: %v, want …%s", err, want)
	}
}

// The tiling's Read reads only through this package's own SpecReader:
// given another, it fails rather than panic.
func TestTilingReadOtherReader(t *testing.T) {
	if _, err := tilingKind.Read(otherReader{}); err == nil {
		t.Error("the tiling's Read took a SpecReader not of this package")
	}
}

// otherReader is a SpecReader of another package's making.
type otherReader struct{ puzzles.SpecReader }
