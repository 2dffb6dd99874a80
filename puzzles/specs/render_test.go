package specs

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
)

const renderBoard = "board: |\n  ....\npieces: {A: \"##\", B: \"##\"}\n"

// at is a set option of value v at line:col of x.yaml.
func at[T any](v T, line, col int) RenderOption[T] {
	return RenderOption[T]{Value: v, Set: true, Pos: SpecPos{File: "x.yaml", Line: line, Col: col}}
}

func TestRenderOptions(t *testing.T) {
	tests := []struct {
		name   string
		render string // the render mapping, from line 4
		want   RenderOptions
	}{
		{"every key", `render:
  cell-size: 20
  border-width: 2.5
  border-color: "#123456"
  grid: true
  columns: 13
  gap: -1
  margin: 0x10
  background: white
  labels: false
  letters: true
  title: 2024
  palette: pastel
  color: {A: red, B: "rgb(0, 0, 255)"}
  per-page: 20
  scale: 2
  dpi: 1e3
`, RenderOptions{
			CellSize:    at(20.0, 5, 14),
			BorderWidth: at(2.5, 6, 17),
			BorderColor: at("#123456", 7, 17),
			Grid:        at(true, 8, 9),
			Columns:     at(13, 9, 12),
			Gap:         at(-1.0, 10, 8),
			Margin:      at(16.0, 11, 11),
			Background:  at("white", 12, 15),
			Labels:      at(false, 13, 11),
			Letters:     at(true, 14, 12),
			Title:       at("2024", 15, 10),
			Palette:     at(RenderPalette{Name: "pastel"}, 16, 12),
			Color: at([]PieceColor{
				{Piece: "A", Color: at("red", 17, 14), Key: "color"},
				{Piece: "B", Color: at("rgb(0, 0, 255)", 17, 22), Key: "color"},
			}, 17, 10),
			PerPage: at(20, 18, 13),
			Scale:   at(2.0, 19, 10),
			DPI:     at(1000.0, 20, 8),
		}},
		{"empty", "render: {}\n", RenderOptions{}},
		{"palette list", "render:\n  palette: [red, '#00ff00']\n", RenderOptions{
			Palette: at(RenderPalette{List: []RenderOption[string]{at("red", 5, 13), at("#00ff00", 5, 18)}}, 5, 12),
		}},
		{"palette mapping", "render:\n  palette:\n    B: blue\n    A: red\n", RenderOptions{
			Palette: at(RenderPalette{Pieces: []PieceColor{
				{Piece: "B", Color: at("blue", 6, 8), Key: "palette"},
				{Piece: "A", Color: at("red", 7, 8), Key: "palette"},
			}}, 6, 5),
		}},
		{"colours as a list of names", "render: {palette: 'red, blue'}\n", RenderOptions{
			Palette: at(RenderPalette{Name: "red, blue"}, 4, 19),
		}},
		{"a font's name", "render: {font: DejaVu Serif}\n", RenderOptions{
			Font: at("DejaVu Serif", 4, 16),
		}},
		{"a font file", "render:\n  font: fonts/Paper-Regular.ttf\n", RenderOptions{
			Font: at("fonts/Paper-Regular.ttf", 5, 9),
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := Parse("x.yaml", []byte(renderBoard+tt.render))
			if err != nil {
				t.Fatal(err)
			}
			if s.Render == nil {
				t.Fatal("Render = nil, want options")
			}
			if !reflect.DeepEqual(*s.Render, tt.want) {
				t.Errorf("Render =\n%+v\nwant\n%+v", *s.Render, tt.want)
			}
		})
	}
	t.Run("no render key", func(t *testing.T) {
		s, err := Parse("x.yaml", []byte(renderBoard))
		if err != nil {
			t.Fatal(err)
		}
		if s.Render != nil {
			t.Errorf("Render = %+v, want nil", s.Render)
		}
	})
}

// Every key RenderKeys lists is read into its own field, and nothing else.
func TestRenderKeys(t *testing.T) {
	values := map[string]string{"border-color": "red", "background": "red", "title": "T", "palette": "red",
		"color": "{A: red}", "grid": "true", "labels": "true", "letters": "true",
		"width": "17cm", "height": "3in", "style": "grey", "legend": "true", "shade-copies": "true", "font": "fonts/Paper.ttf", "view": "layers", "cell": "20mm", "clearance": "0.15mm", "bed": "220x220mm", "thickness": "5mm"}
	fields := map[string]bool{}
	for _, key := range RenderKeys() {
		v, ok := values[key]
		if !ok {
			v = "1"
		}
		s, err := Parse("x.yaml", []byte(renderBoard+"render:\n  "+key+": "+v+"\n"))
		if err != nil {
			t.Fatalf("render.%s: %v", key, err)
		}
		r := reflect.ValueOf(*s.Render)
		var set []string
		for i := range r.NumField() {
			if r.Field(i).FieldByName("Set").Bool() {
				set = append(set, r.Type().Field(i).Name)
			}
		}
		if len(set) != 1 {
			t.Errorf("render.%s sets %v, want one field", key, set)
			continue
		}
		if want := strings.ReplaceAll(key, "-", ""); !strings.EqualFold(set[0], want) {
			t.Errorf("render.%s sets %s", key, set[0])
		}
		fields[set[0]] = true
	}
	if n := reflect.TypeFor[RenderOptions]().NumField(); len(fields) != n {
		t.Errorf("RenderKeys() sets %d fields of RenderOptions, want all %d", len(fields), n)
	}
	keys := RenderKeys()
	keys[0] = "changed"
	if slices.Contains(RenderKeys(), "changed") {
		t.Error("RenderKeys() returns its own slice, which a caller can change")
	}
}

func TestRenderOptionErrorf(t *testing.T) {
	s, err := Parse("x.yaml", []byte(renderBoard+"render:\n  background: bluish\n"))
	if err != nil {
		t.Fatal(err)
	}
	err = s.Render.Background.Errorf("render.background: %q is no colour", s.Render.Background.Value)
	var se *SpecError
	if !errors.As(err, &se) {
		t.Fatalf("Errorf = %T, want a *SpecError", err)
	}
	if got, want := err.Error(), `x.yaml:5:15: render.background: "bluish" is no colour`; got != want {
		t.Errorf("Errorf = %q, want %q", got, want)
	}
	// An option the spec does not set has no position: line 1, column 1.
	if got, want := s.Render.Title.Errorf("no title").Error(), ":1:1: no title"; got != want {
		t.Errorf("Errorf of an unset option = %q, want %q", got, want)
	}
}

// Duplicate keys are errors wherever they are.
func TestDuplicateKeys(t *testing.T) {
	tests := []struct {
		name, src, pos string
	}{
		{"top level", "board: '..'\npieces: domino\nboard: '..'\n", "3:1"},
		{"board", "board: {rows: 1, cols: 2, cols: 2}\npieces: domino\n", "1:27"},
		{"piece entry", "board: '..'\npieces:\n  - set: domino\n    set: domino\n", "4:5"},
		{"pieces mapping", "board: '..'\npieces: {A: '#', A: '#'}\n", "2:18"},
		{"render", "board: '..'\npieces: domino\nrender: {grid: true, grid: false}\n", "3:22"},
		{"palette mapping", "board: '..'\npieces: domino\nrender: {palette: {I2: red, I2: red}}\n", "3:29"},
		{"color mapping", "board: '..'\npieces: domino\nrender:\n  color:\n    I2: red\n    I2: blue\n", "6:5"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse("x.yaml", []byte(tt.src))
			var se *SpecError
			if !errors.As(err, &se) {
				t.Fatalf("Parse error %v, want a *SpecError", err)
			}
			if pos := fmt.Sprintf("%d:%d", se.Line, se.Col); pos != tt.pos {
				t.Errorf("error at %s, want %s: %v", pos, tt.pos, err)
			}
			if !strings.Contains(se.Msg, "twice") && !strings.Contains(se.Msg, "unique") {
				t.Errorf("message %q does not say the key is given twice", se.Msg)
			}
		})
	}
}

// No message leaks Go or YAML internals.
func TestRenderMessagesPlain(t *testing.T) {
	values := []string{"x", "[1]", "{a: 1}", "-1", ".inf", ".nan", "1e999", "0x", "99999999999999999999", "!!binary aGk=",
		"!!map {}", "2001-12-14", "~", "''", "&a 1", "*a"}
	for _, key := range RenderKeys() {
		for _, v := range values {
			_, err := Parse("x.yaml", []byte(renderBoard+"render:\n  "+key+": "+v+"\n"))
			var se *SpecError
			if !errors.As(err, &se) {
				continue
			}
			for _, leak := range []string{"strconv", "Go struct", "!!", "yaml:", "ParseFloat", "ParseInt", "invalid syntax"} {
				if strings.Contains(se.Msg, leak) {
					t.Errorf("render.%s: %s: %q says %q", key, v, err, leak)
				}
			}
		}
	}
}
