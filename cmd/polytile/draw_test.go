package main

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/binary"
	"encoding/xml"
	"errors"
	"image/png"
	"io"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// svgSummary parses an SVG and returns its width and, for each frame
// group (a <g> with a <title>), the number of piece paths (paths with a
// fill class).
func svgSummary(t *testing.T, data []byte) (width string, titles []string, pieces []int) {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(data))
	depth, frameDepth := 0, -1
	inTitle := false
	for {
		tok, err := d.Token()
		if err != nil {
			if err.Error() == "EOF" {
				break
			}
			t.Fatalf("SVG is not well-formed XML: %v", err)
		}
		switch e := tok.(type) {
		case xml.StartElement:
			depth++
			attr := func(name string) string {
				for _, a := range e.Attr {
					if a.Name.Local == name {
						return a.Value
					}
				}
				return ""
			}
			switch e.Name.Local {
			case "svg":
				width = attr("width")
			case "g":
				frameDepth = depth
				pieces = append(pieces, 0)
			case "title":
				inTitle = frameDepth > 0
			case "path":
				if frameDepth > 0 && strings.HasPrefix(attr("class"), "f") {
					pieces[len(pieces)-1]++
				}
			}
		case xml.CharData:
			if inTitle {
				titles = append(titles, string(e))
			}
		case xml.EndElement:
			if e.Name.Local == "title" {
				inTitle = false
			}
			if e.Name.Local == "g" && depth == frameDepth {
				frameDepth = -1
			}
			depth--
		}
	}
	return width, titles, pieces
}

func TestDraw(t *testing.T) {
	dir := t.TempDir()
	spec := filepath.Join(dir, "strip.yaml")
	specText := "title: A strip\nboard: |\n  ....\n  ....\npieces:\n  - set: domino\n    count: 4\nrender:\n  columns: 2\n  letters: true\n"
	if err := os.WriteFile(spec, []byte(specText), 0o644); err != nil {
		t.Fatal(err)
	}
	before, _ := os.Stat(spec)
	tests := []struct {
		name   string
		args   []string
		frames int
		width  string // of the SVG, if not ""
	}{
		// The spec asks for 13 columns: 2·24 + 13·195 + 12·24.
		{"scott poster", []string{"draw", "scott"}, 65, "2871"},
		{"flags win over the spec", []string{"draw", "scott", "--columns", "5"}, 65, "1119"},
		{"limit", []string{"draw", "scott", "--limit", "3"}, 3, ""},
		{"one solution", []string{"draw", "scott", "--solution", "65"}, 1, ""},
		{"raw", []string{"draw", "pentominoes-3x20", "--raw"}, 8, ""},
		{"spec file with render key", []string{"draw", spec}, 4, ""}, // 5 tilings, 2 of them mirror images
		{"pieces", []string{"pieces", "pentominoes"}, 12, ""},
		{"pieces of a spec", []string{"pieces", "scott"}, 12, ""},
		{"hexiamonds", []string{"pieces", "hexiamonds"}, 12, ""},
		{"tetrahexes", []string{"pieces", "tetrahexes"}, 7, ""},
		{"pieces of a hexagon spec", []string{"pieces", "tetrahexes-4x7"}, 7, ""},
		{"hexiamond poster", []string{"draw", "hexiamonds-4x9", "--letters", "--grid"}, 74, ""},
		{"tetrahex poster", []string{"draw", "tetrahexes-4x7"}, 9, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "out.svg")
			code, _, stderr := polytile(t, append(tt.args, "-o", out)...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			if !strings.Contains(stderr, "wrote "+out) {
				t.Errorf("stderr %q does not say what was written", stderr)
			}
			data, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			width, titles, pieces := svgSummary(t, data)
			if len(titles) != tt.frames || len(pieces) != tt.frames {
				t.Errorf("%d frames with %d titles, want %d", len(pieces), len(titles), tt.frames)
			}
			// One filled outline per piece: a piece set's frames hold one
			// piece each, a solution's all of the puzzle's.
			want := 1
			if tt.args[0] == "draw" {
				want = map[string]int{"hexiamonds-4x9": 12, "tetrahexes-4x7": 7}[tt.args[1]]
			}
			for k, n := range pieces {
				if want > 0 && n != want {
					t.Errorf("frame %d has %d piece paths, want %d", k+1, n, want)
					break
				}
			}
			if tt.width != "" && width != tt.width {
				t.Errorf("width %s, want %s", width, tt.width)
			}
		})
	}
	after, _ := os.Stat(spec)
	if data, _ := os.ReadFile(spec); string(data) != specText || !after.ModTime().Equal(before.ModTime()) {
		t.Errorf("the spec file was touched")
	}
}

func TestDrawSpecLetters(t *testing.T) {
	// The strip spec's render key turns letters on: the SVG has text.
	dir := t.TempDir()
	spec := filepath.Join(dir, "s.yaml")
	if err := os.WriteFile(spec, []byte("board: |\n  ..\npieces: domino\nrender: {letters: true, title: \"<T&>\"}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, stderr := polytile(t, "draw", spec, "-o", "-", "--format", "svg")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(out, ">I2<") && !strings.Contains(out, ">domino<") {
		t.Errorf("no piece letter in the SVG:\n%s", out)
	}
	if !strings.Contains(out, "&lt;T&amp;&gt;") {
		t.Errorf("the title is not escaped:\n%s", out)
	}
	svgSummary(t, []byte(out))
}

func TestDrawFormats(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"a.png", "a.pdf", "a.SVG", "a.tex"} {
		path := filepath.Join(dir, name)
		if code, _, stderr := polytile(t, "draw", "pentominoes-3x20", "-o", path); code != 0 {
			t.Fatalf("%s: exit %d: %s", name, code, stderr)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		switch filepath.Ext(name) {
		case ".png":
			img, err := png.Decode(bytes.NewReader(data))
			if err != nil || img.Bounds().Dx() < 100 {
				t.Errorf("PNG: %v, %v", err, img.Bounds())
			}
		case ".pdf":
			if !bytes.HasPrefix(data, []byte("%PDF-")) {
				t.Errorf("PDF starts with %q", data[:8])
			}
		case ".tex":
			if !bytes.Contains(data, []byte("\n\\documentclass[tikz,border=0pt]{standalone}\n")) || !bytes.HasSuffix(data, []byte("\\end{document}\n")) {
				t.Errorf("TeX is not a standalone document:\n%s", data)
			}
		default:
			svgSummary(t, data)
		}
	}
	// Nothing but the pictures is left in the directory.
	entries, _ := os.ReadDir(dir)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if want := []string{"a.SVG", "a.pdf", "a.png", "a.tex"}; !slices.Equal(names, want) {
		t.Errorf("directory holds %v, want %v", names, want)
	}
}

// TikZ for LaTeX: a .tex file, or standard output with --format tex,
// holds a picture per page, a scope per frame and a \fill per piece.
func TestDrawTeX(t *testing.T) {
	dir := t.TempDir()
	for _, tt := range []struct {
		name            string
		args            []string
		pictures, fills int
	}{
		{"draw", []string{"draw", "scott", "-o", filepath.Join(dir, "scott.tex")}, 1, 65 * 12},
		{"pieces", []string{"pieces", "pentominoes", "-o", filepath.Join(dir, "p.tex"), "--letters"}, 1, 12},
		{"standard output", []string{"draw", "scott", "-o", "-", "--format", "tex", "--per-page", "30"}, 3, 65 * 12},
	} {
		t.Run(tt.name, func(t *testing.T) {
			code, out, stderr := polytile(t, tt.args...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			data := []byte(out)
			if path := tt.args[3]; path != "-" {
				if stderr != "wrote "+path+"\n" {
					t.Errorf("stderr %q, want wrote %s", stderr, path)
				}
				var err error
				if data, err = os.ReadFile(path); err != nil {
					t.Fatal(err)
				}
			}
			if n := bytes.Count(data, []byte("\\begin{tikzpicture}")); n != tt.pictures {
				t.Errorf("%d pictures, want %d", n, tt.pictures)
			}
			if n := bytes.Count(data, []byte("\n\\fill[")); n != tt.fills {
				t.Errorf("%d fills, want %d", n, tt.fills)
			}
		})
	}
}

func TestDrawPages(t *testing.T) {
	dir := t.TempDir()
	code, _, stderr := polytile(t, "draw", "scott", "--per-page", "30", "-o", filepath.Join(dir, "p.svg"))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	want := map[string]int{"p-1.svg": 30, "p-2.svg": 30, "p-3.svg": 5}
	entries, _ := os.ReadDir(dir)
	if len(entries) != len(want) {
		t.Errorf("wrote %d files, want %d", len(entries), len(want))
	}
	for name, n := range want {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if _, titles, _ := svgSummary(t, data); len(titles) != n {
			t.Errorf("%s: %d frames, want %d", name, len(titles), n)
		}
	}
}

func TestDrawDeterministic(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"scott", "hexiamonds-4x9", "tetrahexes-hexagon"} {
		for _, ext := range []string{"svg", "png", "pdf", "tex"} {
			a, b := filepath.Join(dir, "a."+ext), filepath.Join(dir, "b."+ext)
			polytile(t, "draw", name, "--limit", "8", "--letters", "-o", a)
			polytile(t, "draw", name, "--limit", "8", "--letters", "-o", b)
			da, _ := os.ReadFile(a)
			db, _ := os.ReadFile(b)
			if len(da) == 0 || !bytes.Equal(da, db) {
				t.Errorf("%s %s: two runs gave different bytes (%d, %d)", name, ext, len(da), len(db))
			}
		}
	}
}

// libraryPrefix matches the package name with which a library begins its
// errors, which the command takes off what it prints.
var libraryPrefix = regexp.MustCompile(`(^|: )(puzzles|geom|tiling|matrix|specs|results|gallery|render|mesh|palettes|solve): `)

func TestDrawErrors(t *testing.T) {
	dir := t.TempDir()
	badRender := filepath.Join(dir, "bad.yaml")
	if err := os.WriteFile(badRender, []byte("board: |\n  ..\npieces: domino\nrender:\n  colums: 3\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	badValue := filepath.Join(dir, "badvalue.yaml")
	if err := os.WriteFile(badValue, []byte("board: |\n  ..\npieces: domino\nrender:\n  columns: many\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	sudokuPalette := filepath.Join(dir, "sudoku.yaml")
	if err := os.WriteFile(sudokuPalette, []byte("kind: sudoku\ngrid: |\n  1234\n  3412\n  2143\n  4321\nrender:\n  palette: viridis\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		args   []string
		code   int
		stderr string
	}{
		{"no output", []string{"draw", "scott"}, 2, "give -o FILE"},
		{"letters on a Sudoku", []string{"draw", "sudoku", "--letters", "-o", filepath.Join(dir, "x.svg")}, 2, "--letters: a sudoku puzzle has no pieces"},
		{"grey on a Sudoku", []string{"draw", "sudoku", "--style", "grey", "-o", filepath.Join(dir, "x.svg")}, 2, "--style: a sudoku puzzle has no pieces"},
		{"legend on queens", []string{"draw", "queens-8", "--legend", "-o", filepath.Join(dir, "x.svg")}, 2, "--legend: a queens puzzle has no pieces"},
		{"legend on the matrix", []string{"draw", "scott", "--matrix", "--legend", "-o", filepath.Join(dir, "x.svg")}, 2, "--legend: the matrix figure has no pieces"},
		{"print without a solution", []string{"draw", "soma", "-o", filepath.Join(dir, "x.3mf")}, 2, "pieces to print are those of one solution: choose which: give --solution K"},
		{"print sticks", []string{"pieces", "tetrasticks", "-o", filepath.Join(dir, "x.stl")}, 1, "pieces to print are solids, of the cube lattice (lattice: cube), or tiles of squares"},
		{"thickness of solids", []string{"pieces", "soma", "-o", filepath.Join(dir, "x.stl"), "--thickness", "5mm"}, 1, "--thickness: solids print as high as their cubes; a thickness is for tiles"},
		{"piece larger than the bed", []string{"pieces", "soma", "-o", filepath.Join(dir, "x.stl"), "--bed", "30x200mm"}, 1, `piece "V" is 39.7 × 39.7 mm, larger than the bed of 30 × 200 mm`},
		{"bed without depth", []string{"pieces", "soma", "-o", filepath.Join(dir, "x.stl"), "--bed", "30x"}, 1, `--bed: "30x": no depth: want a bed's width x depth with a unit`},
		{"solution larger than the bed", []string{"draw", "soma", "--solution", "1", "-o", filepath.Join(dir, "x.stl"), "--bed", "50x50mm"}, 1, "the assembled solution is 59.7 × 59.7 mm, larger than the bed of 50 × 50 mm"},
		{"clearance too large", []string{"pieces", "soma", "-o", filepath.Join(dir, "x.stl"), "--clearance", "20mm"}, 1, "--clearance: 20mm: want 0 or more, less than half a cube's edge (10 mm)"},
		{"letters on a solid in space", []string{"draw", "soma", "--letters", "-o", filepath.Join(dir, "x.svg")}, 2, "--letters: a solid drawn in space shows no names"},
		{"view of a plane tiling", []string{"draw", "scott", "--view", "layers", "-o", filepath.Join(dir, "x.svg")}, 2, "--view: the square lattice is flat, with no solid to view"},
		{"unknown view", []string{"draw", "soma", "--view", "sideways", "-o", filepath.Join(dir, "x.svg")}, 2, `--view: "sideways": want overview, isometric, layers, exploded, steps`},
		{"palette in a Sudoku spec", []string{"draw", sudokuPalette, "-o", filepath.Join(dir, "x.svg")}, 1, "sudoku.yaml:8:12: render.palette: a sudoku puzzle has no pieces"},
		{"unknown extension", []string{"draw", "scott", "-o", filepath.Join(dir, "x.gif")}, 2, ".svg, .png, .pdf or .tex"},
		{"stdout without format", []string{"draw", "scott", "-o", "-"}, 2, "--format"},
		{"format and extension disagree", []string{"draw", "scott", "-o", filepath.Join(dir, "x.svg"), "--format", "png"}, 2, "--format png"},
		{"bad palette", []string{"draw", "scott", "-o", filepath.Join(dir, "x.svg"), "--palette", "rainbow"}, 2, "viridis"},
		{"bad colour", []string{"draw", "scott", "-o", filepath.Join(dir, "x.svg"), "--color", "F=bluish"}, 2, "bluish"},
		{"bad color flag", []string{"draw", "scott", "-o", filepath.Join(dir, "x.svg"), "--color", "F"}, 2, "PIECE=COLOUR"},
		{"bad background", []string{"draw", "scott", "-o", filepath.Join(dir, "x.svg"), "--background", "#12"}, 2, "--background"},
		{"negative columns", []string{"draw", "scott", "-o", filepath.Join(dir, "x.svg"), "--columns", "-3"}, 2, "--columns"},
		{"unknown render key", []string{"draw", badRender, "-o", filepath.Join(dir, "x.svg")}, 1, "bad.yaml:5:3: unknown key \"colums\" in render"},
		{"bad render value", []string{"draw", badValue, "-o", filepath.Join(dir, "x.svg")}, 1, "badvalue.yaml:5:12: render.columns"},
		{"solution out of range", []string{"draw", "scott", "--solution", "66", "-o", filepath.Join(dir, "x.svg")}, 2, "65 distinct solutions"},
		{"solution and limit", []string{"draw", "scott", "--solution", "1", "--limit", "2", "-o", filepath.Join(dir, "x.svg")}, 2, "--solution"},
		{"depth without search", []string{"draw", "scott", "--depth", "2", "-o", filepath.Join(dir, "x.svg")}, 2, "--depth 2: it cuts the search tree; give it with --search"},
		{"depth of the matrix", []string{"draw", "scott", "--matrix", "--depth", "2", "-o", filepath.Join(dir, "x.svg")}, 2, "--depth 2: it cuts the search tree"},
		{"negative depth", []string{"draw", "scott", "--search", "--depth", "-1", "-o", filepath.Join(dir, "x.svg")}, 2, "--depth -1: want a depth from 1, or 0 for the whole tree"},
		{"tree too large", []string{"draw", "scott", "--search", "-o", filepath.Join(dir, "x.svg")}, 1, "the search tree has more than 500 nodes: too many to draw; draw it down to depth 2 with --depth 2"},
		{"cut tree too large", []string{"draw", "queens-8", "--search", "--depth", "6", "-o", filepath.Join(dir, "x.svg")}, 1, "the search tree down to depth 6 has more than 500 nodes: too many to draw; draw it down to depth 4 with --depth 4"},
		{"unknown set", []string{"pieces", "heptominoes", "-o", filepath.Join(dir, "x.svg")}, 1, "pentominoes"},
		{"missing directory", []string{"draw", "scott", "-o", filepath.Join(dir, "no", "x.svg")}, 2, "there is no directory " + filepath.Join(dir, "no")},
		{"misspelt command", []string{"drwa", "scott", "-o", filepath.Join(dir, "x.svg")}, 2, `unknown command "drwa" (did you mean draw?)`},
		{"misspelt flag", []string{"draw", "scott", "--limt", "3", "-o", filepath.Join(dir, "x.svg")}, 2, "unknown flag: --limt (did you mean --limit?)"},
		{"misspelt puzzle", []string{"draw", "scot", "-o", filepath.Join(dir, "x.svg")}, 1, `no file or built-in puzzle named "scot" (did you mean scott?)`},
		{"missing file", []string{"draw", filepath.Join(dir, "missing.yaml"), "-o", filepath.Join(dir, "x.svg")}, 1, filepath.Join(dir, "missing.yaml") + ": no such file"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, _, stderr := polytile(t, tt.args...)
			if code != tt.code || !strings.Contains(stderr, tt.stderr) {
				t.Errorf("exit %d, stderr %q; want exit %d and %q", code, stderr, tt.code, tt.stderr)
			}
			if m := libraryPrefix.FindString(stderr); m != "" {
				t.Errorf("stderr %q names a library (%q): a person reads it", stderr, m)
			}
		})
	}
	// No failed run left a file behind.
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".yaml") {
			t.Errorf("%s left in the directory", e.Name())
		}
	}
}

func TestPalettesCommand(t *testing.T) {
	code, out, _ := polytile(t, "palettes")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	for _, name := range []string{"default", "set3", "paired", "okabe-ito", "tableau10", "viridis", "magma"} {
		if !strings.Contains(out, name) {
			t.Errorf("palettes does not list %s", name)
		}
	}
}

// Colours from the spec and from the command line: the command line wins
// piece by piece, and colours starting with # must be quoted in YAML.
func TestDrawColours(t *testing.T) {
	dir := t.TempDir()
	const board = "board: |\n  ..\n  ..\npieces: {A: \"##\", B: \"##\"}\n"
	both := writeTemp(t, "both.yaml", board+"render:\n  palette: {A: red}\n  color: {B: blue}\n")
	fills := func(args ...string) []string {
		code, out, stderr := polytile(t, append(args, "-o", "-", "--format", "svg")...)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		var got []string
		for _, c := range []string{"#f00", "#ff0000", "#00f", "#0000ff", "#00ff00", "#0f0"} {
			if strings.Contains(strings.ToLower(out), "fill:"+c) {
				got = append(got, c)
			}
		}
		return got
	}
	if got := fills("draw", both); !slices.Contains(got, "#ff0000") && !slices.Contains(got, "#f00") || !slices.Contains(got, "#0000ff") && !slices.Contains(got, "#00f") {
		t.Errorf("spec colours red and blue: fills %v", got)
	}
	if got := fills("draw", both, "--color", "A=lime"); slices.Contains(got, "#ff0000") || slices.Contains(got, "#f00") {
		t.Errorf("--color A=lime did not win over the spec: fills %v", got)
	}
	unquoted := writeTemp(t, "unquoted.yaml", board+"render:\n  background: #fff\n")
	if code, _, stderr := polytile(t, "draw", unquoted, "-o", filepath.Join(dir, "x.svg")); code != 1 || !strings.Contains(stderr, "unquoted.yaml:6:") || !strings.Contains(stderr, "quoted") {
		t.Errorf("an unquoted # colour: exit %d, %q", code, stderr)
	}
}

func TestDrawDPI(t *testing.T) {
	dir := t.TempDir()
	size := func(args ...string) int {
		path := filepath.Join(dir, "x.png")
		if code, _, stderr := polytile(t, append([]string{"draw", "scott", "--solution", "1", "-o", path}, args...)...); code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		img, err := png.Decode(f)
		if err != nil {
			t.Fatal(err)
		}
		return img.Bounds().Dx()
	}
	one, dpi := size(), size("--dpi", "288")
	if dpi != 3*one {
		t.Errorf("--dpi 288 gives %d pixels across, want 3 × %d", dpi, one)
	}
	if scale := size("--scale", "3"); scale != dpi {
		t.Errorf("--scale 3 gives %d pixels across, want %d as --dpi 288", scale, dpi)
	}
	if both := size("--scale", "3", "--dpi", "288"); both != dpi {
		t.Errorf("--scale 3 --dpi 288 gives %d pixels across, want %d", both, dpi)
	}
	for _, args := range [][]string{{"--dpi", "300", "--scale", "2"}, {"--scale", "101"}, {"--no-symmetry-breaking"}} {
		if code, _, stderr := polytile(t, append([]string{"draw", "scott", "-o", filepath.Join(dir, "y.png")}, args...)...); code != 2 {
			t.Errorf("draw %q: exit %d, want 2 (%s)", args, code, stderr)
		}
	}
}

// interrupt is the cause os/signal.NotifyContext gives.
var interrupt = errors.New("interrupt signal received")

// onFile is a context that is canceled, as a signal cancels the command's,
// as soon as it is asked whether it is done while dir holds a file: a
// signal that comes once drawing has begun, without timing.
type onFile struct {
	context.Context
	cancel context.CancelCauseFunc
	dir    string
}

func (c *onFile) Err() error {
	if c.Context.Err() == nil {
		if entries, _ := os.ReadDir(c.dir); len(entries) > 0 {
			c.cancel(interrupt)
		}
	}
	return c.Context.Err()
}

// A signal stops draw: during the search or during the drawing, nothing is
// written, no temporary file is left, and one line says why.
func TestDrawStopped(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		ctx  func(dir string) context.Context
		want string
	}{
		{"search", []string{"draw", "scott"}, func(dir string) context.Context {
			ctx, cancel := context.WithCancelCause(context.Background())
			cancel(interrupt)
			return ctx
		}, "polytile: search stopped: interrupt signal received; nothing drawn"},
		{"drawing pages", []string{"draw", "scott", "--per-page", "1"}, func(dir string) context.Context {
			ctx, cancel := context.WithCancelCause(context.Background())
			return &onFile{Context: ctx, cancel: cancel, dir: dir}
		}, "polytile: drawing stopped: interrupt signal received; nothing was written\n"},
		{"drawing a PNG", []string{"draw", "scott", "--labels"}, func(dir string) context.Context {
			ctx, cancel := context.WithCancelCause(context.Background())
			return &onFile{Context: ctx, cancel: cancel, dir: dir}
		}, "polytile: drawing stopped: interrupt signal received; nothing was written\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			var out, errOut bytes.Buffer
			args := append(tc.args, "-o", filepath.Join(dir, "p.png"))
			code := run(tc.ctx(dir), args, &out, &errOut)
			if code != 1 || !strings.HasPrefix(errOut.String(), tc.want) || strings.Count(errOut.String(), "\n") != 1 {
				t.Errorf("exit %d, stderr %q; want exit 1 and one line %q", code, errOut.String(), tc.want)
			}
			if entries, _ := os.ReadDir(dir); len(entries) != 0 {
				t.Errorf("%d files left in the directory, such as %s", len(entries), entries[0].Name())
			}
		})
	}
}

// Text too long to draw is an error that quotes it shortened.
func TestDrawLongTitle(t *testing.T) {
	dir := t.TempDir()
	code, _, stderr := polytile(t, "draw", "scott", "--limit", "1", "--title", strings.Repeat("a", 60000), "-o", filepath.Join(dir, "x.png"))
	if code != 1 || !strings.Contains(stderr, `"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa…" (60000 characters)`) || len(stderr) > 300 {
		t.Errorf("exit %d, stderr %q; want exit 1 and a short error", code, stderr)
	}
}

// A web gallery writes only regular files in its directory: links planted
// there are replaced, never followed, so their targets are untouched; and
// a gallery written beside its own input leaves the input as it is.
func TestSiteLinksAndInput(t *testing.T) {
	dir := t.TempDir()
	victim := filepath.Join(dir, "victim.txt")
	if err := os.WriteFile(victim, []byte("VICTIM"), 0o644); err != nil {
		t.Fatal(err)
	}
	site := filepath.Join(dir, "site")
	if err := os.Mkdir(site, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"solutions.json", "index-poster.svg", "index-poster.png", "index-grids.js", "index.html"} {
		if err := os.Symlink("../victim.txt", filepath.Join(site, name)); err != nil {
			t.Fatal(err)
		}
	}
	if code, _, stderr := polytile(t, "draw", "pentominoes-3x20", "-o", filepath.Join(site, "index.html")); code != 0 {
		t.Fatalf("draw: exit %d, %s", code, stderr)
	}
	if data, _ := os.ReadFile(victim); string(data) != "VICTIM" {
		t.Errorf("a link in the site's directory sent a file outside it: the victim holds %.40q", data)
	}
	for _, name := range []string{"solutions.json", "index-poster.svg", "index-grids.js", "index.html"} {
		if info, err := os.Lstat(filepath.Join(site, name)); err != nil || !info.Mode().IsRegular() {
			t.Errorf("%s is not a regular file: %v", name, err)
		}
	}
	in := filepath.Join(dir, "in")
	if err := os.Mkdir(in, 0o755); err != nil {
		t.Fatal(err)
	}
	code, result, _ := polytile(t, "solve", "pentominoes-3x20", "--json")
	input := filepath.Join(in, "solutions.json")
	if err := os.WriteFile(input, []byte(result), 0o444); err != nil || code != 0 {
		t.Fatal(err)
	}
	before, _ := os.Stat(input)
	if code, _, stderr := polytile(t, "draw", input, "-o", filepath.Join(in, "index.html")); code != 0 {
		t.Fatalf("draw beside its input: exit %d, %s", code, stderr)
	}
	if after, err := os.Stat(input); err != nil || !os.SameFile(before, after) || after.Mode() != before.Mode() {
		t.Errorf("draw beside its input replaced it")
	}
}

// A drawing of more solutions than a layout's memory allows is refused
// before the file's solutions are read, saying how to draw fewer; with
// --limit it goes ahead.
func TestDrawTooManyRefusedEarly(t *testing.T) {
	dir := t.TempDir()
	shard := filepath.Join(dir, "s.jsonl")
	if code, _, stderr := polytile(t, "solve", "pentominoes-3x20", "--jsonl", shard); code != 0 {
		t.Fatal(stderr)
	}
	data, err := os.ReadFile(shard)
	if err != nil {
		t.Fatal(err)
	}
	// The end line counts a hundred million solutions.
	big := regexp.MustCompile(`"distinct":2,`).ReplaceAll(data, []byte(`"distinct":100000000,`))
	if bytes.Equal(big, data) {
		t.Fatal("no distinct count to change")
	}
	path := filepath.Join(dir, "big.jsonl")
	os.WriteFile(path, big, 0o644)
	for _, out := range []string{"x.svg", "site/index.html"} {
		code, _, stderr := polytile(t, "draw", path, "-o", filepath.Join(dir, out))
		if code != 1 || !strings.Contains(stderr, "GB of memory") || !strings.Contains(stderr, "--limit N") {
			t.Errorf("draw -o %s of a hundred million solutions: exit %d, %s", out, code, stderr)
		}
	}
	if code, _, stderr := polytile(t, "draw", path, "-o", filepath.Join(dir, "two.svg"), "--limit", "2"); code != 0 {
		t.Errorf("draw --limit 2: exit %d, %s", code, stderr)
	}
}

// pieces SET -o FILE.stl and .3mf write the pieces to print, apart; draw
// SPEC --solution K -o FILE.3mf the solution assembled, one object a
// piece; --cell sizes the cubes.
func TestPrint(t *testing.T) {
	dir := t.TempDir()
	stl := filepath.Join(dir, "soma.stl")
	if code, _, stderr := polytile(t, "pieces", "soma", "-o", stl, "--cell", "15mm", "--clearance", "0.15mm"); code != 0 {
		t.Fatalf("pieces soma -o soma.stl: exit %d, %s", code, stderr)
	}
	data, err := os.ReadFile(stl)
	if err != nil {
		t.Fatal(err)
	}
	n := binary.LittleEndian.Uint32(data[80:])
	if n == 0 || len(data) != 84+50*int(n) || !bytes.Contains(data[:80], []byte("V L T Z A B P")) {
		t.Errorf("soma.stl: %d triangles in %d bytes, header %q", n, len(data), data[:80])
	}
	// Every coordinate on the default bed, 200 × 200 mm, z ≥ 0.
	least, most := float32(0), float32(0)
	for k := range int(n) {
		for v := range 9 {
			c := math.Float32frombits(binary.LittleEndian.Uint32(data[84+50*k+12+4*v:]))
			least, most = min(least, c), max(most, c)
		}
	}
	if least < 0 || most > 200 {
		t.Errorf("the pieces lie from %g to %g mm: not on a 200 mm bed", least, most)
	}
	tiles := filepath.Join(dir, "p.stl")
	if code, _, stderr := polytile(t, "pieces", "pentominoes", "-o", tiles, "--thickness", "4mm", "--bed", "250x250mm"); code != 0 || stderr != "wrote "+tiles+"\n" {
		t.Errorf("pieces pentominoes -o p.stl --thickness 4mm --bed 250x250mm: exit %d, %s", code, stderr)
	}
	// A solution of squares, assembled, as tiles 4 mm thick.
	if code, _, stderr := polytile(t, "draw", "pentominoes-6x10", "--solution", "1", "-o", tiles, "--thickness", "4mm"); code != 0 {
		t.Errorf("draw pentominoes-6x10 --solution 1 -o p.stl --thickness 4mm: exit %d, %s", code, stderr)
	}
	data = must(os.ReadFile(tiles))
	top := float32(0)
	for k := range int(binary.LittleEndian.Uint32(data[80:])) {
		for v := range 3 {
			top = max(top, math.Float32frombits(binary.LittleEndian.Uint32(data[84+50*k+12+12*v+8:])))
		}
	}
	if math.Abs(float64(top)-4) > 1e-4 {
		t.Errorf("pentominoes-6x10's tiles are %g mm high, want 4", top)
	}
	if code, _, stderr := polytile(t, "pieces", "pentacubes", "-o", stl); code != 0 || !strings.Contains(stderr, "soma-2.stl to soma-3.stl beside it, 3 plates of the bed") {
		t.Errorf("pieces pentacubes -o soma.stl: exit %d, %s; want 3 plates", code, stderr)
	}
	tmf := filepath.Join(dir, "one.3mf")
	if code, _, stderr := polytile(t, "draw", "soma", "--solution", "1", "-o", tmf); code != 0 {
		t.Fatalf("draw soma --solution 1 -o one.3mf: exit %d, %s", code, stderr)
	}
	again := filepath.Join(dir, "again.3mf")
	if code, _, stderr := polytile(t, "draw", "soma", "--solution", "1", "-o", again); code != 0 {
		t.Fatalf("draw soma --solution 1 -o again.3mf: exit %d, %s", code, stderr)
	}
	if a, b := must(os.ReadFile(tmf)), must(os.ReadFile(again)); !bytes.Equal(a, b) {
		t.Errorf("two writes of one solution's pieces differ")
	}
	zr, err := zip.OpenReader(tmf)
	if err != nil {
		t.Fatalf("one.3mf is no zip: %v", err)
	}
	defer zr.Close()
	found := false
	for _, f := range zr.File {
		if strings.HasSuffix(f.Name, ".model") {
			rc, _ := f.Open()
			model, _ := io.ReadAll(rc)
			rc.Close()
			found = bytes.Count(model, []byte("<object ")) == 7 && bytes.Contains(model, []byte(`name="P"`))
		}
	}
	if !found {
		t.Errorf("one.3mf has no model of the 7 named pieces")
	}
}

// must is v, or the test's end.
func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}
