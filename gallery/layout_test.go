package gallery

import (
	"context"
	"image/color"
	"testing"

	"github.com/polytile/polytile/palettes"
	"github.com/polytile/polytile/puzzles"
)

func distinct(t testing.TB, name string, limit int) []*puzzles.Solution {
	t.Helper()
	spec, err := puzzles.LoadSpec(name)
	if err != nil {
		t.Fatal(err)
	}
	res, err := spec.Puzzle.Solve(context.Background(), &puzzles.SolveConfig{Limit: limit})
	if err != nil {
		t.Fatal(err)
	}
	var sols []*puzzles.Solution
	for _, d := range res.Distinct {
		sols = append(sols, d.Solution)
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
		{"captions", Options{Labels: true, Columns: 1, CellSize: 10, BorderWidth: 2}, 1, 2*10 + 202, 2*10 + 2*(32+15) + 10, 2},
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
	s, err := newStyle(nil)
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
	colour := map[string]color.NRGBA{}
	for i, f := range s.Frames {
		if len(f.Shapes) != 12 || len(f.Letters) != 12 || f.Caption == nil || len(f.Grid) == 0 {
			t.Fatalf("frame %d: %d shapes, %d letters, caption %v, %d grid lines", i, len(f.Shapes), len(f.Letters), f.Caption, len(f.Grid))
		}
		for _, sh := range f.Shapes {
			if c, ok := colour[sh.Piece]; ok && c != sh.Fill {
				t.Errorf("frame %d: %s is %v, elsewhere %v", i, sh.Piece, sh.Fill, c)
			}
			colour[sh.Piece] = sh.Fill
			if len(sh.Outline) != 1 {
				t.Errorf("frame %d: %s has %d rings", i, sh.Piece, len(sh.Outline))
			}
		}
	}
	if len(colour) != 12 {
		t.Errorf("%d colours for 12 pieces", len(colour))
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
func TestCopiesColouredApart(t *testing.T) {
	sols := distinct(t, "dominoes-4x4", 0)
	sheets, err := Solutions(sols, &Options{Palette: palettes.Default()})
	if err != nil {
		t.Fatal(err)
	}
	for i, f := range sheets[0].Frames {
		c, err := solutionContent(sols[i])
		if err != nil {
			t.Fatal(err)
		}
		// Shapes come in instance order.
		for a, nbrs := range c.adjacency() {
			for _, b := range nbrs {
				if f.Shapes[a].Fill == f.Shapes[b].Fill {
					t.Errorf("frame %d: neighbouring dominoes %d and %d are both %v", i, a, b, f.Shapes[a].Fill)
				}
			}
		}
	}
}

func TestPiecesSheet(t *testing.T) {
	pieces, err := puzzles.Set("pentominoes")
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
	if _, err := Solutions(nil, nil); err == nil {
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
