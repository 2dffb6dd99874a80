package gallery

import (
	"context"
	"fmt"
	"image/color"
	"strings"
	"testing"

	"github.com/polytile/polytile/puzzles/specs"
)

func set[T any](v T) specs.RenderOption[T] { return specs.RenderOption[T]{Value: v, Set: true} }

func TestNewOptions(t *testing.T) {
	r := &specs.RenderOptions{
		CellSize: set(12.0), Columns: set(5), Background: set("white"), Letters: set(true),
		Palette: set(specs.RenderPalette{Name: "red, rgb(0, 0, 255)"}),
		Color:   set([]specs.PieceColor{{Piece: "B", Color: set("lime")}}),
	}
	opt, err := NewOptions(r, 2)
	if err != nil {
		t.Fatal(err)
	}
	if opt.CellSize != 12 || opt.Columns != 5 || !opt.Letters || opt.Background != (color.NRGBA{255, 255, 255, 255}) {
		t.Errorf("NewOptions = %+v, want cells 12, 5 columns, letters, a white background", opt)
	}
	got := opt.Palette.PieceColors([]string{"A", "B"})
	if want := []color.NRGBA{{255, 0, 0, 255}, {0, 255, 0, 255}}; got[0] != want[0] || got[1] != want[1] {
		t.Errorf("piece colours %v, want %v (the list's first, and B's own)", got, want)
	}
	if opt, err := NewOptions(nil, 12); err != nil || opt.Palette == nil {
		t.Errorf("NewOptions(nil) = %+v, %v; want the defaults", opt, err)
	}
}

func TestNewOptionsErrors(t *testing.T) {
	at := func(v string) specs.RenderOption[string] {
		return specs.RenderOption[string]{Value: v, Set: true, Pos: specs.SpecPos{File: "x.yaml", Line: 4, Col: 9}}
	}
	tests := []struct {
		name string
		r    specs.RenderOptions
		want string
	}{
		{"negative cell size", specs.RenderOptions{CellSize: set(-1.0)}, "specs: render option cell-size: -1: want 0"},
		{"negative columns", specs.RenderOptions{Columns: set(-2)}, "specs: render option columns: -2: want 0"},
		{"bad background", specs.RenderOptions{Background: set("bluish")}, "specs: render option background: \"bluish\": unknown colour"},
		{"bad border colour in a spec", specs.RenderOptions{BorderColor: at("#12")}, "x.yaml:4:9: render.border-color: \"#12\": "},
		{"unknown palette", specs.RenderOptions{Palette: set(specs.RenderPalette{Name: "rainbow"})}, `specs: render option palette: "rainbow" is neither a palette`},
		{"bad piece colour", specs.RenderOptions{Color: set([]specs.PieceColor{{Piece: "F", Color: set("bluish")}})}, "specs: render option color: F=bluish: \"bluish\": unknown colour"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := NewOptions(&tt.r, 12)
			if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
				t.Errorf("NewOptions = %v, want %q…", err, tt.want)
			}
		})
	}
}

// fixedFont is a font every character of which is w wide at size 1.
type fixedFont struct {
	family string
	w      float64
}

func (f fixedFont) Family() string { return f.family }
func (f fixedFont) MeasureText(s string, size float64, bold bool) float64 {
	return f.w * size * float64(len([]rune(s)))
}

// The font option is loaded by the loader a backend registered, a
// relative file from the directory of the spec that names it; a mistake
// in it is the option's, at its place in the spec; without a loader, the
// option is refused.
func TestNewOptionsFont(t *testing.T) {
	defer RegisterFontLoader(nil)
	var asked [][2]string
	RegisterFontLoader(func(_ context.Context, name, dir string) (Font, error) {
		asked = append(asked, [2]string{name, dir})
		if name == "missing.ttf" {
			return nil, fmt.Errorf("%q: no such file", name)
		}
		return fixedFont{family: name, w: 1}, nil
	})
	inSpec := specs.RenderOption[string]{Value: "fonts/Paper.ttf", Set: true, Pos: specs.SpecPos{File: "puzzles/x.yaml", Line: 4, Col: 9}}
	for _, tt := range []struct {
		name      string
		font      specs.RenderOption[string]
		want, dir string
		err       string
	}{
		{"none", specs.RenderOption[string]{}, "", "", ""},
		{"given", set("Go Mono"), "Go Mono", "", ""},
		{"in a spec", inSpec, "fonts/Paper.ttf", "puzzles", ""},
		{"missing", set("missing.ttf"), "", "", `specs: render option font: "missing.ttf": no such file`},
		{"missing in a spec", specs.RenderOption[string]{Value: "missing.ttf", Set: true, Pos: inSpec.Pos}, "", "", `puzzles/x.yaml:4:9: render.font: "missing.ttf": no such file`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			asked = nil
			opt, err := NewOptions(&specs.RenderOptions{Font: tt.font}, 2)
			if tt.err != "" {
				if err == nil || err.Error() != tt.err {
					t.Errorf("NewOptions = %v, want %s", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			switch {
			case tt.want == "" && (opt.Font != nil || asked != nil):
				t.Errorf("font %v, loaded %v; want none", opt.Font, asked)
			case tt.want != "" && (opt.Font == nil || opt.Font.Family() != tt.want || len(asked) != 1 || asked[0][1] != tt.dir):
				t.Errorf("font %v, loaded %v; want %s from the directory %q", opt.Font, asked, tt.want, tt.dir)
			}
		})
	}
	RegisterFontLoader(nil)
	_, err := NewOptions(&specs.RenderOptions{Font: set("Go Mono")}, 2)
	if err == nil || !strings.Contains(err.Error(), "render option font: no font can be loaded") {
		t.Errorf("NewOptions without a font loader = %v, want an error", err)
	}
}
