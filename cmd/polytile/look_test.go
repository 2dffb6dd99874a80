package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/polytile/polytile/puzzles"
	"github.com/spf13/pflag"
)

func TestLookNamesAreRenderKeys(t *testing.T) {
	if got := puzzles.RenderKeys(); !slices.Equal(lookNames, got) {
		t.Errorf("lookNames = %v, puzzles.RenderKeys() = %v; want the same", lookNames, got)
	}
}

// lookFrom applies the render mapping render of a small spec to look flags
// parsed from args.
func lookFrom(t *testing.T, render string, args ...string) (*lookFlags, error) {
	t.Helper()
	spec, err := puzzles.ParseSpec("x.yaml", []byte("board: |\n  ....\npieces: {A: \"##\", B: \"##\"}\n"+render))
	if err != nil {
		t.Fatal(err)
	}
	var l lookFlags
	fl := pflag.NewFlagSet("draw", pflag.ContinueOnError)
	l.register(fl)
	if err := fl.Parse(args); err != nil {
		t.Fatal(err)
	}
	return &l, l.apply(fl, spec)
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
  dpi: 300
`
	l, err := lookFrom(t, every)
	if err != nil {
		t.Fatal(err)
	}
	want := lookFlags{cellSize: 20, borderWidth: 2, borderColor: "#123456", grid: true, columns: 3, gap: -1, margin: 5,
		background: "white", labels: true, letters: true, title: "T", palette: "set3", perPage: 7, scale: 2, dpi: 300}
	if !equalLook(*l, want) {
		t.Errorf("apply(every key) = %+v, want %+v", *l, want)
	}
	// The command line wins, flag by flag.
	l, err = lookFrom(t, every, "--cell-size", "30", "--grid=false", "--palette", "paired", "--title", "U", "--background", "black")
	if err != nil {
		t.Fatal(err)
	}
	want.cellSize, want.grid, want.palette, want.title, want.background = 30, false, "paired", "U", "black"
	if !equalLook(*l, want) {
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

func equalLook(a, b lookFlags) bool {
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
		{"background", "render:\n  background: bluish\n", "x.yaml:5:15: render.background: palettes: "},
		{"border colour", "render: {border-color: '#12'}\n", "x.yaml:4:24: render.border-color: palettes: "},
		{"palette name", "render:\n  palette: rainbow\n", `x.yaml:5:12: render.palette: "rainbow" is neither a palette (default,`},
		{"palette list", "render:\n  palette: [red, bluish]\n", "x.yaml:5:18: render.palette: palettes: "},
		{"palette mapping", "render:\n  palette:\n    A: red\n    B: bluish\n", "x.yaml:7:8: render.palette.B: palettes: "},
		{"color mapping", "render:\n  color: {A: bluish}\n", "x.yaml:5:14: render.color.A: palettes: "},
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
