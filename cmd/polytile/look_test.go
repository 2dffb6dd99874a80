package main

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/polytile/polytile/puzzles/specs"
	"github.com/polytile/polytile/puzzles/tiling"
	"github.com/spf13/pflag"
)

func TestLookNamesAreRenderKeys(t *testing.T) {
	var l lookFlags
	fl := pflag.NewFlagSet("draw", pflag.ContinueOnError)
	l.register(fl)
	var names []string
	fl.VisitAll(func(f *pflag.Flag) { names = append(names, f.Name) })
	if want := specs.RenderKeys(); !slices.Equal(slices.Sorted(slices.Values(names)), slices.Sorted(slices.Values(want))) {
		t.Errorf("the look flags are %v, puzzles.RenderKeys() %v; want the same names", names, want)
	}
}

// lookFrom lays the look flags parsed from args over the render mapping
// render of a small spec, and checks the result as draw does.
func lookFrom(t *testing.T, render string, args ...string) (*lookValues, error) {
	t.Helper()
	spec, err := specs.Parse("x.yaml", []byte("board: |\n  ....\npieces: {A: \"##\", B: \"##\"}\n"+render))
	if err != nil {
		t.Fatal(err)
	}
	var l lookFlags
	fl := pflag.NewFlagSet("draw", pflag.ContinueOnError)
	l.register(fl)
	if err := fl.Parse(args); err != nil {
		t.Fatal(err)
	}
	r, err := l.renderOptions(spec)
	if err != nil {
		return nil, err
	}
	_, _, err = l.options(context.Background(), spec, tilingOf(t, spec).PieceNames(), nil)
	return look(r), err
}

// lookValues are the values of render options, and the piece colours.
type lookValues struct {
	looks
	specColors map[string]string
}

// looks are the values of render options, to compare.
type looks struct {
	cellSize, borderWidth, gap, margin, scale float64
	dpi                                       float64
	borderColor, background, title, palette   string
	grid, labels, letters                     bool
	columns, perPage                          int
}

// look returns the values of r as look flags and piece colours, for
// comparing.
func look(r *specs.RenderOptions) *lookValues {
	l := &lookValues{looks: looks{cellSize: r.CellSize.Value, borderWidth: r.BorderWidth.Value, borderColor: r.BorderColor.Value,
		grid: r.Grid.Value, columns: r.Columns.Value, gap: r.Gap.Value, margin: r.Margin.Value,
		background: r.Background.Value, labels: r.Labels.Value, letters: r.Letters.Value, title: r.Title.Value,
		palette: r.Palette.Value.Name, perPage: r.PerPage.Value, scale: r.Scale.Value, dpi: r.DPI.Value},
		specColors: map[string]string{}}
	if list := r.Palette.Value.List; len(list) > 0 {
		var names []string
		for _, c := range list {
			names = append(names, c.Value)
		}
		l.palette = strings.Join(names, ",")
	}
	for _, pc := range append(r.Palette.Value.Pieces, r.Color.Value...) {
		l.specColors[pc.Piece] = pc.Color.Value
	}
	return l
}

func TestApplyRender(t *testing.T) {
	const every = `render:
  cell-size: 20
  border-width: 2
  border-color: "#123456"
  grid: true
  columns: 3
  gap: -1
  margin: 5
  background: white
  labels: true
  letters: true
  title: T
  palette: set3
  per-page: 7
  scale: 2
  dpi: 192
`
	l, err := lookFrom(t, every)
	if err != nil {
		t.Fatal(err)
	}
	want := looks{cellSize: 20, borderWidth: 2, borderColor: "#123456", grid: true, columns: 3, gap: -1, margin: 5,
		background: "white", labels: true, letters: true, title: "T", palette: "set3", perPage: 7, scale: 2, dpi: 192}
	if !equalLook(l.looks, want) {
		t.Errorf("apply(every key) = %+v, want %+v", *l, want)
	}
	// The command line wins, flag by flag.
	l, err = lookFrom(t, every, "--cell-size", "30", "--grid=false", "--palette", "paired", "--title", "U", "--background", "black")
	if err != nil {
		t.Fatal(err)
	}
	want.cellSize, want.grid, want.palette, want.title, want.background = 30, false, "paired", "U", "black"
	if !equalLook(l.looks, want) {
		t.Errorf("apply(every key) under flags = %+v, want %+v", *l, want)
	}
	t.Run("scale and dpi on the command line replace both", func(t *testing.T) {
		for _, tt := range []struct {
			flag       []string
			scale, dpi float64
		}{{[]string{"--scale", "3"}, 3, 0}, {[]string{"--dpi", "288"}, 0, 288}} {
			l, err := lookFrom(t, "render:\n  dpi: 300\n  scale: 2\n", tt.flag...)
			if err != nil {
				t.Fatalf("%v: %v", tt.flag, err)
			}
			if l.scale != tt.scale || l.dpi != tt.dpi {
				t.Errorf("%v: scale %v, dpi %v; want %v, %v", tt.flag, l.scale, l.dpi, tt.scale, tt.dpi)
			}
		}
	})
	t.Run("palette list", func(t *testing.T) {
		l, err := lookFrom(t, "render:\n  palette: [red, 'rgb(0, 0, 255)']\n")
		if err != nil || l.palette != "red,rgb(0, 0, 255)" {
			t.Errorf("palette = %q, %v; want red,rgb(0, 0, 255)", l.palette, err)
		}
	})
	t.Run("piece colours in the order written", func(t *testing.T) {
		for _, tt := range []struct{ render, want string }{
			{"render:\n  palette: {A: red}\n  color: {A: blue}\n", "blue"},
			{"render:\n  color: {A: blue}\n  palette: {A: red}\n", "red"},
		} {
			l, err := lookFrom(t, tt.render)
			if err != nil || l.specColors["A"] != tt.want {
				t.Errorf("%q: A = %q, %v; want %s", tt.render, l.specColors["A"], err, tt.want)
			}
		}
	})
}

func equalLook(a, b looks) bool {
	return a.cellSize == b.cellSize && a.borderWidth == b.borderWidth && a.gap == b.gap && a.margin == b.margin &&
		a.scale == b.scale && a.dpi == b.dpi && a.borderColor == b.borderColor && a.background == b.background &&
		a.title == b.title && a.palette == b.palette && a.grid == b.grid && a.labels == b.labels &&
		a.letters == b.letters && a.columns == b.columns && a.perPage == b.perPage
}

// Colours that only the palettes package can check are reported where the
// spec writes them.
func TestApplyRenderErrors(t *testing.T) {
	tests := []struct {
		name, render, want string
	}{
		{"background", "render:\n  background: bluish\n", "x.yaml:5:15: render.background: "},
		{"border colour", "render: {border-color: '#12'}\n", "x.yaml:4:24: render.border-color: "},
		{"palette name", "render:\n  palette: rainbow\n", `x.yaml:5:12: render.palette: "rainbow" is neither a palette (default,`},
		{"palette list", "render:\n  palette: [red, bluish]\n", "x.yaml:5:18: render.palette: "},
		{"palette mapping", "render:\n  palette:\n    A: red\n    B: bluish\n", "x.yaml:7:8: render.palette.B: "},
		{"color mapping", "render:\n  color: {A: bluish}\n", "x.yaml:5:14: render.color.A: "},
		{"scale and dpi disagree", "render:\n  scale: 2\n  dpi: 300\n", "x.yaml:6:8: render.dpi: scale 2 is dpi 192, but dpi is 300"},
		{"font", "render:\n  font: Nosuch Sans\n", `x.yaml:5:9: render.font: "Nosuch Sans" is neither a Go font`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := lookFrom(t, tt.render)
			if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
				t.Errorf("apply = %v, want %q…", err, tt.want)
			}
		})
	}
	// A colour the command line replaces is not checked.
	if _, err := lookFrom(t, "render:\n  background: bluish\n", "--background", "white"); err != nil {
		t.Errorf("apply with --background over a bad spec colour = %v, want nil", err)
	}
}

// solve loads the same spec as draw, so it rejects a bad render value too.
func TestSolveChecksRender(t *testing.T) {
	dir := t.TempDir()
	spec := filepath.Join(dir, "spec.yaml")
	if err := os.WriteFile(spec, []byte("board: |\n  ..\npieces: domino\nrender:\n  cell-size: -1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := polytile(t, "solve", spec)
	if want := spec + ":5:14: render.cell-size is -1; want"; code != 1 || !strings.Contains(stderr, want) {
		t.Errorf("solve with a bad render value: exit %d, stderr %q; want exit 1 and %q", code, stderr, want)
	}
}

// tilingOf returns the tiling that spec s describes, failing tb if it is
// a puzzle of another kind.
func tilingOf(tb testing.TB, s *specs.Spec) *tiling.Puzzle {
	tb.Helper()
	p, ok := s.Problem.(*tiling.Puzzle)
	if !ok {
		tb.Fatalf("%s is a %s puzzle, not a tiling", s.Name, s.Kind())
	}
	return p
}
