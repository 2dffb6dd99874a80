package gallery

import (
	"context"
	"errors"
	"fmt"
	"image/color"
	"math"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/polytile/polytile/internal/golden"
	"github.com/polytile/polytile/palettes"
	"github.com/polytile/polytile/puzzles"
	"github.com/polytile/polytile/puzzles/geom"
	"github.com/polytile/polytile/puzzles/specs"
	"github.com/polytile/polytile/puzzles/tiling"
)

func distinct(t testing.TB, name string, limit int) []*tiling.Solution {
	t.Helper()
	spec, err := specs.Load(name)
	if err != nil {
		t.Fatal(err)
	}
	res, err := spec.Problem.Solve(context.Background(), &puzzles.SolveConfig{Limit: limit})
	if err != nil {
		t.Fatal(err)
	}
	var sols []*tiling.Solution
	for _, d := range res.Distinct {
		sols = append(sols, d.Solution.(*tiling.Solution))
	}
	return sols
}

func TestLayoutSizes(t *testing.T) {
	sols := distinct(t, "pentominoes-3x20", 0) // 2 solutions of 3 × 20 cells
	tests := []struct {
		name          string
		opt           Options
		pages         int
		width, height float64
		frames        int
	}{
		// Slots of 20·24+3 by 3·24+3; near-square puts the two one above
		// the other; margins and the gap are a cell.
		{"defaults", Options{}, 1, 2*24 + 483, 2*24 + 2*75 + 24, 2},
		{"columns", Options{Columns: 2, CellSize: 10, BorderWidth: 2}, 1, 2*10 + 2*202 + 10, 2*10 + 32, 2},
		{"no gap or margin", Options{Columns: 2, CellSize: 10, BorderWidth: 2, Gap: -1, Margin: -1}, 1, 2 * 202, 32, 2},
		{"per page", Options{PerPage: 1}, 2, 2*24 + 483, 2*24 + 75, 1},
		{"captions", Options{Labels: true, Columns: 1, CellSize: 10, BorderWidth: 2}, 1, 2*10 + 202, 2*10 + 2*(32+12) + 10, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sheets, err := Solutions(sols, &tt.opt)
			if err != nil {
				t.Fatal(err)
			}
			if len(sheets) != tt.pages {
				t.Fatalf("%d sheets, want %d", len(sheets), tt.pages)
			}
			s := sheets[0]
			if s.Width != tt.width || s.Height != tt.height || len(s.Frames) != tt.frames {
				t.Errorf("sheet %g × %g with %d frames, want %g × %g with %d", s.Width, s.Height, len(s.Frames), tt.width, tt.height, tt.frames)
			}
			for i, f := range s.Frames {
				if f.X < 0 || f.Y < 0 || f.X+f.Width > s.Width || f.Y+f.Height > s.Height {
					t.Errorf("frame %d at %g,%g %g × %g is off the sheet", i, f.X, f.Y, f.Width, f.Height)
				}
			}
		})
	}
}

func TestColumns(t *testing.T) {
	s, err := newSheetLayout(nil)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		n            int
		slotW, slotH float64
		want         int
	}{
		{1, 100, 100, 1},
		{4, 100, 100, 2},
		{65, 195, 195, 8},   // Scott's 65: 8 × 9 comes nearest to square
		{2339, 123, 75, 40}, // the 2339 frames of the 6 × 10 poster
		{12, 100, 100, 4},   // 4 × 3
		{2, 483, 75, 1},     // long strips stack
		{100, 10, 1000, 50}, // tall slots: two rows
	}
	for _, tt := range tests {
		if got := s.columns(tt.n, tt.slotW, tt.slotH); got != tt.want {
			t.Errorf("columns(%d, %g × %g) = %d, want %d", tt.n, tt.slotW, tt.slotH, got, tt.want)
		}
	}
	s.Columns = 13
	if got := s.columns(65, 100, 100); got != 13 {
		t.Errorf("columns with Columns 13 = %d", got)
	}
}

// Every frame has one shape per piece in the piece's colour, and the
// colours follow the pieces' names from frame to frame.
func TestFrames(t *testing.T) {
	sols := distinct(t, "scott", 10)
	sheets, err := Solutions(sols, &Options{Letters: true, Labels: true, Grid: true, Title: "Scott"})
	if err != nil {
		t.Fatal(err)
	}
	s := sheets[0]
	if s.Title == nil || s.Title.Text != "Scott" {
		t.Errorf("title = %v", s.Title)
	}
	fills := map[string]color.NRGBA{}
	for i, f := range s.Frames {
		if len(f.Shapes) != 12 || len(f.Letters) != 12 || f.Caption == nil || len(f.Grid) == 0 {
			t.Fatalf("frame %d: %d shapes, %d letters, caption %v, %d grid lines", i, len(f.Shapes), len(f.Letters), f.Caption, len(f.Grid))
		}
		for _, sh := range f.Shapes {
			if c, ok := fills[sh.Piece]; ok && c != sh.Fill {
				t.Errorf("frame %d: %s is %v, elsewhere %v", i, sh.Piece, sh.Fill, c)
			}
			fills[sh.Piece] = sh.Fill
			if len(sh.Outline) != 1 {
				t.Errorf("frame %d: %s has %d rings", i, sh.Piece, len(sh.Outline))
			}
		}
	}
	if len(fills) != 12 {
		t.Errorf("%d colours for 12 pieces", len(fills))
	}
	// The hole is framed: some border runs along x = 3 cells, y 3…5.
	f := s.Frames[0]
	cell := 24.0
	found := false
	for _, b := range f.Borders {
		if b.A.X == f.X+3*cell && b.B.X == b.A.X && b.A.Y <= f.Y+3*cell && b.B.Y >= f.Y+5*cell {
			found = true
		}
	}
	if !found {
		t.Errorf("no border along the hole's left side")
	}
}

// Copies of a piece next to each other get different colours.
// Copies of a piece share its colour, as the legend says; with
// ShadeCopies each copy has its own shade of it, so that no two copies
// look alike.
func TestCopiesColours(t *testing.T) {
	sols := distinct(t, "dominoes-4x4", 0)
	own := palettes.Default().PieceColors([]string{"domino"})[0]
	for _, shaded := range []bool{false, true} {
		sheets, err := Solutions(sols, &Options{Palette: palettes.Default(), ShadeCopies: shaded, Legend: true})
		if err != nil {
			t.Fatal(err)
		}
		for i, f := range sheets[0].Frames {
			seen := map[color.NRGBA]bool{}
			for _, sh := range f.Shapes {
				seen[sh.Fill] = true
			}
			switch {
			case !shaded && (len(seen) != 1 || !seen[own]):
				t.Errorf("frame %d: the copies have fills %v, want all %v", i, seen, own)
			case shaded && (len(seen) != len(f.Shapes) || !seen[own]):
				t.Errorf("frame %d, shaded: %d fills for %d copies, the piece's own among them: %v", i, len(seen), len(f.Shapes), seen[own])
			}
		}
	}
}

// The legend lists a piece once for all its copies, in the colour every
// copy has.
func TestLegendOfCopies(t *testing.T) {
	sols := distinct(t, "two-pieces", 0)
	sheets, err := Solutions(sols, &Options{Legend: true})
	if err != nil {
		t.Fatal(err)
	}
	var swatches []color.NRGBA
	for _, f := range sheets[0].Frames {
		if strings.HasPrefix(f.Title, "legend: ") {
			swatches = append(swatches, f.Shapes[0].Fill)
		}
	}
	if len(swatches) != 1 {
		t.Fatalf("the legend has %d entries, want 1 for the two copies of V", len(swatches))
	}
	for _, sh := range sheets[0].Frames[0].Shapes {
		if sh.Fill != swatches[0] {
			t.Errorf("a copy is %v, the legend says %v", sh.Fill, swatches[0])
		}
	}
	// The puzzle figure and the web gallery's agree.
	puzzle, err := Puzzle(sols[0].Puzzle(), nil)
	if err != nil {
		t.Fatal(err)
	}
	site, err := NewSite([]puzzles.Class{{Solution: sols[0], Orbit: 1}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for what, sheet := range map[string]*Sheet{"puzzle figure": puzzle[0], "site's puzzle": site.Puzzle, "site's poster": site.Poster} {
		copies := 0
		for _, f := range sheet.Frames {
			for _, sh := range f.Shapes {
				if sh.Piece != "V" {
					continue
				}
				copies++
				if sh.Fill != swatches[0] {
					t.Errorf("%s: a copy is %v, the legend says %v", what, sh.Fill, swatches[0])
				}
			}
		}
		if copies == 0 {
			t.Errorf("%s: no V drawn", what)
		}
	}
}

func TestPiecesSheet(t *testing.T) {
	pieces, err := geom.PieceSet("pentominoes")
	if err != nil {
		t.Fatal(err)
	}
	sheets, err := Pieces(pieces, nil)
	if err != nil {
		t.Fatal(err)
	}
	frames := sheets[0].Frames
	if len(frames) != 12 {
		t.Fatalf("%d frames, want 12", len(frames))
	}
	for i, f := range frames {
		if f.Caption == nil || f.Caption.Text != pieces[i].Name || len(f.Shapes) != 1 || f.Shapes[0].Piece != pieces[i].Name {
			t.Errorf("frame %d: caption %v, shapes %d", i, f.Caption, len(f.Shapes))
		}
	}
}

func TestOptionErrors(t *testing.T) {
	sols := distinct(t, "pentominoes-3x20", 1)
	for _, opt := range []Options{{CellSize: -1}, {Columns: -2}, {CellSize: 1e9}, {PerPage: -1}} {
		if _, err := Solutions(sols, &opt); err == nil {
			t.Errorf("Solutions with %+v: no error", opt)
		}
	}
	if _, err := Solutions[Tiled](nil, nil); err == nil {
		t.Errorf("Solutions(nil): no error")
	}
}

type recorder struct{ calls []string }

func (r *recorder) BeginFrame(f *Frame) { r.calls = append(r.calls, "begin "+f.Title) }
func (r *recorder) EndFrame()           { r.calls = append(r.calls, "end") }
func (r *recorder) Fill(s *Shape)       { r.calls = append(r.calls, "fill "+s.Piece) }
func (r *recorder) Stroke(segs []Segment, width float64, c color.NRGBA) {
	r.calls = append(r.calls, "stroke")
}
func (r *recorder) Polyline(paths [][]Point, width float64, c color.NRGBA) {
	r.calls = append(r.calls, "polyline")
}
func (r *recorder) Text(t *Text) { r.calls = append(r.calls, "text "+t.Text) }

func TestDraw(t *testing.T) {
	sols := distinct(t, "dominoes-2x10", 1)
	sheets, err := Solutions(sols, &Options{Labels: true, Title: "T"})
	if err != nil {
		t.Fatal(err)
	}
	var r recorder
	sheets[0].Draw(&r)
	want := []string{"text T", "begin solution 1 of 1"}
	for range 10 {
		want = append(want, "fill domino")
	}
	want = append(want, "stroke", "text 1", "end")
	if len(r.calls) != len(want) {
		t.Fatalf("Draw called %q, want %q", r.calls, want)
	}
	for i := range want {
		if r.calls[i] != want[i] {
			t.Fatalf("Draw called %q, want %q", r.calls, want)
		}
	}
}

// Letters contrast with their pieces: on viridis, dark on the light
// greens and yellows, white on the dark blues and purples.
func TestLetterContrast(t *testing.T) {
	viridis, err := palettes.Named("viridis", 0)
	if err != nil {
		t.Fatal(err)
	}
	dark := color.NRGBA{0x22, 0x22, 0x22, 0xff}
	white := color.NRGBA{0xff, 0xff, 0xff, 0xff}
	sheets, err := Solutions(distinct(t, "scott", 3), &Options{Letters: true, Palette: viridis})
	if err != nil {
		t.Fatal(err)
	}
	seen := map[color.NRGBA]int{}
	for i, f := range sheets[0].Frames {
		if len(f.Letters) != len(f.Shapes) {
			t.Fatalf("frame %d: %d letters for %d shapes", i, len(f.Letters), len(f.Shapes))
		}
		for k, l := range f.Letters {
			sh := f.Shapes[k] // both in instance order
			if l.Text != sh.Piece {
				t.Fatalf("frame %d: letter %d is %q on piece %q", i, k, l.Text, sh.Piece)
			}
			// The one of the two with the higher contrast.
			fill := luminance(sh.Fill)
			want := dark
			if contrast(fill, luminance(white)) > contrast(fill, luminance(dark)) {
				want = white
			}
			if l.Color != want {
				t.Errorf("frame %d: letter %s is %v on %v (contrast %.2f), want %v (contrast %.2f)", i, l.Text, l.Color, sh.Fill,
					contrast(fill, luminance(l.Color)), want, contrast(fill, luminance(want)))
			}
			seen[l.Color]++
		}
	}
	if seen[dark] == 0 || seen[white] == 0 {
		t.Errorf("letters: %d dark, %d white; want some of each on viridis", seen[dark], seen[white])
	}
}

func TestContrast(t *testing.T) {
	black, white := color.NRGBA{0, 0, 0, 0xff}, color.NRGBA{0xff, 0xff, 0xff, 0xff}
	for _, tc := range []struct {
		a, b color.NRGBA
		want float64
	}{
		{black, white, 21},
		{white, black, 21},
		{white, white, 1},
		{color.NRGBA{0x77, 0x77, 0x77, 0xff}, white, 4.48}, // WCAG's grey on white
		{color.NRGBA{0x22, 0x22, 0x22, 0xff}, white, 15.91},
	} {
		if got := contrast(luminance(tc.a), luminance(tc.b)); math.Abs(got-tc.want) > 0.01 {
			t.Errorf("contrast(%v, %v) = %.3f, want %.2f", tc.a, tc.b, got, tc.want)
		}
	}
}

// estimate is the default text measure: 0.6 × the size per character.
func estimate(s string, size float64) float64 {
	return 0.6 * size * float64(utf8.RuneCountInString(s))
}

// A title wider than the frames widens the sheet, and the frames are
// centred under it; captions wider than a board widen every slot.
func TestLayoutWideTexts(t *testing.T) {
	one := distinct(t, "dominoes-2x10", 1) // one frame of 2 × 10 cells
	long := strings.Repeat("A long title for a small frame, ", 4)
	t.Run("title", func(t *testing.T) {
		sheets, err := Solutions(one, &Options{CellSize: 10, Title: long})
		if err != nil {
			t.Fatal(err)
		}
		s := sheets[0]
		if w := estimate(long, s.Title.Size); s.Width < w {
			t.Errorf("sheet %g wide, want at least the title's %g", s.Width, w)
		}
		if s.Title.X != s.Width/2 {
			t.Errorf("title at x = %g, want the middle, %g", s.Title.X, s.Width/2)
		}
		f := s.Frames[0]
		if mid := f.X + f.Width/2; math.Abs(mid-s.Width/2) > 1.5 {
			t.Errorf("frame's middle at x = %g, want near the sheet's, %g", mid, s.Width/2)
		}
	})
	t.Run("measured title", func(t *testing.T) {
		var calls []string
		measure := func(s string, size float64, bold bool) float64 {
			calls = append(calls, fmt.Sprintf("%q %g %v", s, size, bold))
			return 1000
		}
		sheets, err := Solutions(one, &Options{CellSize: 10, Title: "T", Margin: 5, MeasureText: measure})
		if err != nil {
			t.Fatal(err)
		}
		if s := sheets[0]; s.Width != 1010 {
			t.Errorf("sheet %g wide, want 1010, the measured title and margins (measured %q)", s.Width, calls)
		}
	})
	t.Run("captions", func(t *testing.T) {
		items := []Item{{Solution: one[0], Caption: long}, {Solution: one[0], Caption: "short"}, {Solution: one[0]}}
		sheets, err := Layout(items, &Options{CellSize: 10, Labels: true, Columns: 3})
		if err != nil {
			t.Fatal(err)
		}
		s := sheets[0]
		// Each caption's extent, by the estimate, stays within the sheet
		// and clear of its neighbours'.
		right := 0.0
		for i, f := range s.Frames {
			c := f.Caption
			w := estimate(c.Text, c.Size)
			if c.X-w/2 < right || c.X+w/2 > s.Width {
				t.Errorf("caption %d, %g wide at x = %g, overlaps the one before (to %g) or leaves the sheet (%g wide)", i, w, c.X, right, s.Width)
			}
			right = c.X + w/2
		}
	})
	t.Run("bad measure", func(t *testing.T) {
		for _, w := range []float64{math.NaN(), -1, math.Inf(1)} {
			measure := func(string, float64, bool) float64 { return w }
			if _, err := Solutions(one, &Options{Title: "T", MeasureText: measure}); err == nil {
				t.Errorf("MeasureText giving %v: no error", w)
			}
		}
	})
}

// A small sheet's display list, written out, against
// testdata/sheet.golden (go test ./gallery -update rewrites it).
func TestGoldenSheet(t *testing.T) {
	sols := distinct(t, "dominoes-4x4", 2)
	sheets, err := Solutions(sols, &Options{CellSize: 10, Labels: true, Letters: true, Grid: true, Title: "Dominoes"})
	if err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "sheet.golden", []byte(sheetText(sheets[0])))
}

// sheetText writes out a sheet's display list, for golden files.
func sheetText(s *Sheet) string {
	var b strings.Builder
	fmt.Fprintf(&b, "sheet %g × %g", s.Width, s.Height)
	if s.Title != nil {
		fmt.Fprintf(&b, ", title %q", s.Title.Text)
	}
	b.WriteString("\n")
	for _, f := range s.Frames {
		fmt.Fprintf(&b, "frame %q at %g,%g %g × %g\n", f.Title, f.X, f.Y, f.Width, f.Height)
		for _, sh := range f.Shapes {
			fmt.Fprintf(&b, "  %s %s", sh.Piece, palettes.Hex(sh.Fill))
			for _, r := range sh.Outline {
				fmt.Fprintf(&b, " [%s]", ringString(r))
			}
			b.WriteString("\n")
		}
		fmt.Fprintf(&b, "  borders %s\n  grid %s\n", segString(f.Borders), segString(f.Grid))
		if len(f.Points) > 0 {
			fmt.Fprintf(&b, "  points [%s]\n", ringString(f.Points))
		}
		for _, st := range f.Sticks {
			fmt.Fprintf(&b, "  stick %s %s %g", st.Piece, palettes.Hex(st.Fill), st.Width)
			for _, p := range st.Paths {
				fmt.Fprintf(&b, " [%s]", ringString(p))
			}
			b.WriteString("\n")
		}
		for _, l := range f.Letters {
			fmt.Fprintf(&b, "  letter %q at %g,%g in %s\n", l.Text, l.X, l.Y, palettes.Hex(l.Color))
		}
		if f.Caption != nil {
			fmt.Fprintf(&b, "  caption %q at %g,%g\n", f.Caption.Text, f.Caption.X, f.Caption.Y)
		}
	}
	return b.String()
}

// Classes lays out what Solve returns as it is, as Solutions lays out the
// same solutions.
func TestClasses(t *testing.T) {
	spec, err := specs.Load("pentominoes-3x20")
	if err != nil {
		t.Fatal(err)
	}
	res, err := spec.Problem.Solve(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	opt := &Options{CellSize: 10, Labels: true}
	got, err := Classes(res.Distinct, opt)
	if err != nil {
		t.Fatal(err)
	}
	want, err := Solutions(distinct(t, "pentominoes-3x20", 0), opt)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Classes(%d classes) differs from what Solutions gives for the same solutions", len(res.Distinct))
	}
	if len(got[0].Frames) != 2 {
		t.Errorf("Classes gave %d frames, want 2", len(got[0].Frames))
	}
}

// A measure registered with RegisterTextMeasure is used when the options
// give none, and the options' own wins.
func TestRegisterTextMeasure(t *testing.T) {
	one := distinct(t, "dominoes-2x10", 1)
	defer RegisterTextMeasure(nil)
	width := func(opt *Options) float64 {
		t.Helper()
		sheets, err := Solutions(one, opt)
		if err != nil {
			t.Fatal(err)
		}
		return sheets[0].Width
	}
	for _, tc := range []struct {
		name       string
		registered func(string, float64, bool) float64
		own        func(string, float64, bool) float64
		want       float64
	}{
		{"none", nil, nil, 0},
		{"registered", func(string, float64, bool) float64 { return 1000 }, nil, 1010},
		{"own wins", func(string, float64, bool) float64 { return 1000 }, func(string, float64, bool) float64 { return 2000 }, 2010},
	} {
		t.Run(tc.name, func(t *testing.T) {
			RegisterTextMeasure(tc.registered)
			got := width(&Options{CellSize: 10, Margin: 5, Title: "T", MeasureText: tc.own})
			want := tc.want
			if want == 0 {
				// The estimate of "T" is far narrower than the board.
				want = width(&Options{CellSize: 10, Margin: 5})
			}
			if got != want {
				t.Errorf("sheet width with %s = %g, want %g", tc.name, got, want)
			}
		})
	}
}

// Absurd sizes are errors that say why, quoting long text shortened.
func TestLayoutTooLarge(t *testing.T) {
	one := distinct(t, "dominoes-2x10", 1)
	long := strings.Repeat("a", 60000)
	for _, tc := range []struct {
		name string
		opt  Options
		n    int    // copies of the solution
		want string // a part of the error
	}{
		{"long title", Options{Title: long}, 1, `title "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa…" (60000 characters) is 967680 pixels wide; a sheet is at most 262144`},
		{"long title, measured", Options{Title: long, MeasureText: func(s string, size float64, bold bool) float64 { return -1 }},
			1, `MeasureText("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa…" (60000 characters), `},
		{"many frames", Options{CellSize: 1000, Columns: 30}, 30, "a sheet of 334750×4125 pixels is too large; at most 262144 on a side"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sols := make([]*tiling.Solution, tc.n)
			for i := range sols {
				sols[i] = one[0]
			}
			sheets, err := Solutions(sols, &tc.opt)
			if err == nil {
				t.Fatalf("Solutions = a sheet of %g×%g, want an error", sheets[0].Width, sheets[0].Height)
			}
			if !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "gallery: ") || len(err.Error()) > 200 {
				t.Errorf("Solutions error = %q, want one starting gallery:, saying %q, short", err, tc.want)
			}
		})
	}
}

// A layout that would take more memory than MaxLayoutBytes is refused
// before it starts, saying how much: a poster, and a site, of millions of
// solutions.
func TestLayoutTooMuchMemory(t *testing.T) {
	spec, err := specs.Load("pentominoes-3x20")
	if err != nil {
		t.Fatal(err)
	}
	res, err := spec.Problem.Solve(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	sol := res.Distinct[0].Solution.(*tiling.Solution)
	n := MaxLayoutBytes/(60*layoutBytesPerCell) + 1 // frames of 60 cells
	items := make([]Item, n)
	for i := range items {
		items[i] = Item{Solution: sol}
	}
	var tl *TooLargeError
	if _, err := Layout(items, &Options{}); !errors.As(err, &tl) || tl.Frames != n || tl.Cells != 60 || !strings.Contains(err.Error(), "GB of memory") {
		t.Errorf("Layout of %d frames: %v, want a *TooLargeError", n, err)
	}
	classes := make([]puzzles.Class, n/2+1)
	for i := range classes {
		classes[i] = res.Distinct[0]
	}
	if _, err := NewSite(classes, &Options{}); !errors.As(err, &tl) {
		t.Errorf("a site of %d solutions: %v, want a *TooLargeError", len(classes), err)
	}
	// Under the bound, a layout goes ahead.
	if _, err := Layout(items[:2000], &Options{}); err != nil {
		t.Errorf("Layout of 2000 frames: %v", err)
	}
	// CheckSize says so before any solution is read, for every kind.
	queens, err := specs.Load("queens-8")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []puzzles.Problem{spec.Problem, queens.Problem} {
		if err := CheckSize(p, 1000); err != nil {
			t.Errorf("CheckSize(%s, 1000): %v", p.Kind(), err)
		}
		if err := CheckSize(p, 100_000_000); !errors.As(err, &tl) {
			t.Errorf("CheckSize(%s, a hundred million): %v, want a *TooLargeError", p.Kind(), err)
		}
	}
}

// The layout measures text in its font, unless MeasureText is given, and
// every sheet carries the font, the site's sheets too.
func TestLayoutFont(t *testing.T) {
	one := distinct(t, "dominoes-2x10", 1)
	defer RegisterTextMeasure(nil)
	RegisterTextMeasure(func(string, float64, bool) float64 { return 3000 })
	wide := fixedFont{family: "Wide", w: 100}
	for _, tc := range []struct {
		name  string
		opt   Options
		width float64
	}{
		{"font", Options{Font: wide}, 100*16 + 10},
		{"own measure wins", Options{Font: wide, MeasureText: func(string, float64, bool) float64 { return 2000 }}, 2010},
		{"registered without a font", Options{}, 3010},
	} {
		t.Run(tc.name, func(t *testing.T) {
			opt := tc.opt
			opt.CellSize, opt.Margin, opt.Title, opt.FontSize = 10, 5, "T", 10 // the title is 16 pixels
			sheets, err := Solutions(one, &opt)
			if err != nil {
				t.Fatal(err)
			}
			if s := sheets[0]; s.Width != tc.width || s.Font != opt.Font {
				t.Errorf("sheet %g wide in font %v, want %g in %v", s.Width, s.Font, tc.width, opt.Font)
			}
		})
	}
	spec, err := specs.Load("dominoes-2x10")
	if err != nil {
		t.Fatal(err)
	}
	res, err := spec.Problem.Solve(context.Background(), &puzzles.SolveConfig{Limit: 2})
	if err != nil {
		t.Fatal(err)
	}
	site, err := NewSiteContext(context.Background(), res.Distinct, &Options{Font: wide})
	if err != nil {
		t.Fatal(err)
	}
	for what, s := range map[string]*Sheet{"poster": site.Poster, "puzzle": site.Puzzle, "board": site.Board} {
		if s.Font != Font(wide) {
			t.Errorf("the site's %s is in font %v, want Wide", what, s.Font)
		}
	}
}
