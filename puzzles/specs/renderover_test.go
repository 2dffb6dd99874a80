package specs

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

func TestRenderOptionsOver(t *testing.T) {
	spec, err := Parse("x.yaml", []byte("board: |\n  ....\npieces: {A: \"##\", B: \"##\"}\nrender:\n"+
		"  color: {A: red}\n  palette: {B: blue, A: green}\n  cell-size: 20\n  dpi: 300\n  title: T\n"))
	if err != nil {
		t.Fatal(err)
	}
	cmdline := &RenderOptions{
		CellSize: RenderOption[float64]{Value: 30, Set: true},
		Scale:    RenderOption[float64]{Value: 2, Set: true},
		Palette:  RenderOption[RenderPalette]{Value: RenderPalette{Name: "set3"}, Set: true},
		Color:    RenderOption[[]PieceColor]{Value: []PieceColor{{Piece: "B", Color: RenderOption[string]{Value: "gold", Set: true}}}, Set: true},
	}
	r := cmdline.Over(spec.Render)
	if r.CellSize.Value != 30 || r.Title.Value != "T" || r.Title.Pos.Line != 9 {
		t.Errorf("Over: cell-size %v, title %q at %v; want the command line's 30 and the spec's T at line 9", r.CellSize.Value, r.Title.Value, r.Title.Pos)
	}
	if r.DPI.Set || r.Scale.Value != 2 {
		t.Errorf("Over: scale %v, dpi set %v; want the command line's scale alone", r.Scale.Value, r.DPI.Set)
	}
	if r.Palette.Value.Name != "set3" {
		t.Errorf("Over: palette %+v, want set3", r.Palette.Value)
	}
	var got []string
	for _, pc := range r.Color.Value {
		got = append(got, pc.Piece+"="+pc.Color.Value)
	}
	if want := []string{"A=red", "B=blue", "A=green", "B=gold"}; !slices.Equal(got, want) {
		t.Errorf("Over: piece colours %v, want %v (the spec's in the order written, then the command line's)", got, want)
	}
	if r := (*RenderOptions)(nil).Over(nil); r == nil || r.CellSize.Set {
		t.Errorf("nil.Over(nil) = %+v, want empty options", r)
	}
}

func TestRenderOptionFail(t *testing.T) {
	bad := errors.New("palettes: unknown colour")
	cmdline := RenderOption[string]{Value: "x", Set: true}
	err := cmdline.Fail("background", bad)
	var ke *RenderKeyError
	if !errors.As(err, &ke) || ke.Key != "background" || !errors.Is(err, bad) || err.Error() != "specs: render option background: palettes: unknown colour" {
		t.Errorf("Fail without a position = %#v, want a *RenderKeyError of key background wrapping %v", err, bad)
	}
	inSpec := RenderOption[string]{Value: "x", Set: true, Pos: SpecPos{File: "x.yaml", Line: 3, Col: 5}}
	err = inSpec.Fail("background", bad)
	var se *SpecError
	if !errors.As(err, &se) || !strings.HasPrefix(err.Error(), "x.yaml:3:5: render.background: ") {
		t.Errorf("Fail at a position = %v, want a *SpecError at x.yaml:3:5", err)
	}
}

// Every key a spec sets and the command line does not comes through Over.
func TestRenderOptionsOverKeepsEveryKey(t *testing.T) {
	for _, k := range RenderKeyTable() {
		t.Run(k.Name, func(t *testing.T) {
			spec, err := Parse("x.yaml", []byte("board: |\n  ....\npieces: {F: \"##\", B: \"##\"}\nrender:\n  "+k.Name+": "+k.Example+"\n"))
			if err != nil {
				t.Fatal(err)
			}
			r := (&RenderOptions{}).Over(spec.Render)
			if got := r.Given(); !slices.Contains(got, k.Name) {
				t.Errorf("Over a spec that sets %s gives %v; want %s among them", k.Name, got, k.Name)
			}
		})
	}
}
