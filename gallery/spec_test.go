package gallery

import (
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
