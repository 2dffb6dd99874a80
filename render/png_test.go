package render

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"math"
	"testing"

	"github.com/polytile/polytile/gallery"
	"github.com/polytile/polytile/puzzles"
)

var white = color.NRGBA{0xff, 0xff, 0xff, 0xff}

// decodePNG writes sheet as PNG at opt and decodes it.
func decodePNG(t *testing.T, sheet *gallery.Sheet, opt *Options) image.Image {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(encode(t, FormatPNG, []*gallery.Sheet{sheet}, opt)))
	if err != nil {
		t.Fatalf("decoding the PNG: %v", err)
	}
	return img
}

func nrgba(img image.Image, x, y float64) color.NRGBA {
	return color.NRGBAModel.Convert(img.At(int(math.Floor(x)), int(math.Floor(y)))).(color.NRGBA)
}

// near reports whether two colours differ by at most tol in each channel.
func near(a, b color.NRGBA, tol int) bool {
	d := func(x, y uint8) bool { return int(x)-int(y) <= tol && int(y)-int(x) <= tol }
	return d(a.R, b.R) && d(a.G, b.G) && d(a.B, b.B) && d(a.A, b.A)
}

// checkCells checks every cell of sol's frame in img, drawn at scale: its
// centre has the colour the sheet gave its piece, and the middle of each
// edge between two pieces is the border's colour, or near it.
func checkCells(t *testing.T, img image.Image, sheet *gallery.Sheet, f *gallery.Frame, sol *puzzles.Solution, scale float64) {
	t.Helper()
	b := sol.Puzzle().Board()
	cell := f.Width / float64(b.Cols())
	owner := map[puzzles.Cell]string{}
	for i, c := range b.Cells() {
		piece, _ := sol.At(i)
		owner[c] = sol.Puzzle().Pieces()[piece].Name
	}
	fill := map[string]color.NRGBA{}
	for _, sh := range f.Shapes {
		fill[sh.Piece] = sh.Fill
	}
	for c, name := range owner {
		x, y := (f.X+(float64(c.Col)+0.5)*cell)*scale, (f.Y+(float64(c.Row)+0.5)*cell)*scale
		if got, want := nrgba(img, x, y), fill[name]; got != want {
			t.Errorf("cell (%d,%d) of piece %s is %v at its centre, want %v", c.Row, c.Col, name, got, want)
		}
		// The edges to the right and below.
		for _, n := range []puzzles.Cell{{Row: c.Row, Col: c.Col + 1}, {Row: c.Row + 1, Col: c.Col}} {
			other, ok := owner[n]
			if !ok || other == name {
				continue
			}
			ex := f.X + (float64(c.Col)+0.5)*cell + float64(n.Col-c.Col)*cell/2
			ey := f.Y + (float64(c.Row)+0.5)*cell + float64(n.Row-c.Row)*cell/2
			if got := nrgba(img, ex*scale, ey*scale); !near(got, sheet.BorderColor, 0x20) {
				t.Errorf("edge between (%d,%d) %s and (%d,%d) %s is %v, want near the border's %v", c.Row, c.Col, name, n.Row, n.Col, other, got, sheet.BorderColor)
			}
		}
	}
}

func TestPNGCells(t *testing.T) {
	sol := solutions(t, "pentominoes-3x20")[0]
	for _, tc := range []struct {
		name  string
		scale float64
		opt   gallery.Options
	}{
		{"scale 1", 1, gallery.Options{}},
		{"scale 2", 2, gallery.Options{}},
		{"scale 0.75 on white", 0.75, gallery.Options{Background: white}},
		{"grid and borders off the pixels", 1, gallery.Options{Grid: true, BorderWidth: 2.3, Labels: true}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			opt := tc.opt
			opt.CellSize, opt.Margin = 20, -1
			sheets := layout(t, []*puzzles.Solution{sol}, &opt)
			sheet := sheets[0]
			img := decodePNG(t, sheet, &Options{Scale: tc.scale})
			checkCells(t, img, sheet, &sheet.Frames[0], sol, tc.scale)
		})
	}
}

func TestPNGScale(t *testing.T) {
	sheet := layout(t, solutions(t, "pentominoes-3x20")[:1], &gallery.Options{CellSize: 20})[0]
	for _, tc := range []struct {
		name string
		opt  *Options
		want float64
	}{
		{"nil", nil, 1},
		{"zero", &Options{}, 1},
		{"double", &Options{Scale: 2}, 2},
		{"192 DPI", &Options{Scale: ScaleForDPI(192)}, 2},
		{"half", &Options{Scale: 0.5}, 0.5},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := decodePNG(t, sheet, tc.opt).Bounds()
			w, h := int(math.Ceil(sheet.Width*tc.want)), int(math.Ceil(sheet.Height*tc.want))
			if b.Dx() != w || b.Dy() != h {
				t.Errorf("size %d×%d, want %d×%d", b.Dx(), b.Dy(), w, h)
			}
		})
	}
}

func TestPNGBadScale(t *testing.T) {
	sheet := layout(t, solutions(t, "pentominoes-3x20")[:1], nil)[0]
	for _, s := range []float64{-1, math.NaN(), math.Inf(1), 101, 100 /* too many pixels */} {
		if err := Write(&bytes.Buffer{}, FormatPNG, []*gallery.Sheet{sheet}, &Options{Scale: s}); err == nil {
			t.Errorf("Write(scale %v) succeeded, want an error", s)
		}
	}
}

func TestPNGHole(t *testing.T) {
	sols := solutions(t, "scott")
	sheet := layout(t, sols[:1], &gallery.Options{CellSize: 20, Margin: -1})[0]
	f := &sheet.Frames[0]
	img := decodePNG(t, sheet, nil)
	// The hole is cells (3,3) to (4,4): its centre is the corner (4,4).
	for _, d := range []float64{0, 5, -5} {
		x, y := f.X+4*20+d, f.Y+4*20+d
		if got := nrgba(img, x, y); got.A != 0 {
			t.Errorf("the hole at (%v,%v) is %v, want transparent", x, y, got)
		}
	}
	checkCells(t, img, sheet, f, sols[0], 1)
	// The background around the board is transparent too.
	sheet = layout(t, sols[:1], &gallery.Options{CellSize: 20})[0]
	if got := nrgba(decodePNG(t, sheet, nil), 2, 2); got.A != 0 {
		t.Errorf("the margin is %v, want transparent", got)
	}
}

func TestPNGText(t *testing.T) {
	sols := solutions(t, "pentominoes-3x20")[:1]
	sheet := layout(t, sols, &gallery.Options{CellSize: 20, Labels: true, Title: "Ünïcödé ✓"})[0]
	img := decodePNG(t, sheet, nil)
	// Some pixels near the middle of the caption and of the title are
	// dark.
	for _, txt := range []*gallery.Text{sheet.Frames[0].Caption, sheet.Title} {
		dark := 0
		for y := txt.Y - txt.Size/2; y <= txt.Y+txt.Size/2; y++ {
			for x := txt.X - txt.Size; x <= txt.X+txt.Size; x++ {
				if c := nrgba(img, x, y); c.A > 0x80 && near(c, sheet.BorderColor, 0x40) {
					dark++
				}
			}
		}
		if dark < 5 {
			t.Errorf("text %q: %d dark pixels around (%v,%v), want some", txt.Text, dark, txt.X, txt.Y)
		}
	}
}

func TestIndexed(t *testing.T) {
	// line makes a one-row image of the colours, each repeated n times.
	line := func(n int, cs ...color.RGBA) []color.RGBA {
		var out []color.RGBA
		for _, c := range cs {
			for range n {
				out = append(out, c)
			}
		}
		return out
	}
	reds := func(n int, g uint8) []color.RGBA { // n shades of red
		var cs []color.RGBA
		for v := range n {
			cs = append(cs, color.RGBA{uint8(v), g, 0, 255})
		}
		return cs
	}
	many := make([]color.RGBA, maxColours+1)
	for i := range many {
		many[i] = color.RGBA{uint8(i), uint8(i >> 8), uint8(i >> 16), 255}
	}
	clear, grey := color.RGBA{}, color.RGBA{0x22, 0x22, 0x22, 0xff}
	for _, tc := range []struct {
		name    string
		pixels  []color.RGBA
		colours int // in the palette; 0 for no palette
		maxDiff int // the most a pixel may change
	}{
		{"one colour", line(5, clear), 1, 0},
		{"three colours", line(3, clear, grey, color.RGBA{0, 0, 0, 64}), 3, 0},
		{"256 colours", append(reds(255, 0), clear), 256, 0},
		// 256 frequent colours and 100 rare ones, each near a frequent one.
		{"reduced", append(line(3, reds(256, 0)...), reds(100, 1)...), 256, 1},
		// One rare colour far from the frequent ones.
		{"too far", append(line(3, reds(256, 0)...), color.RGBA{0, 200, 0, 255}), 0, 0},
		{"too many", many, 0, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			img := image.NewRGBA(image.Rect(0, 0, len(tc.pixels), 1))
			for x, c := range tc.pixels {
				img.SetRGBA(x, 0, c)
			}
			p := indexed(img)
			switch {
			case tc.colours == 0 && p != nil:
				t.Fatalf("indexed gave a palette of %d colours, want none", len(p.Palette))
			case tc.colours == 0:
				return
			case p == nil:
				t.Fatalf("indexed gave no palette, want one of %d colours", tc.colours)
			case len(p.Palette) != tc.colours:
				t.Errorf("a palette of %d colours, want %d", len(p.Palette), tc.colours)
			}
			for x, want := range tc.pixels {
				got := p.At(x, 0).(color.RGBA)
				if !near(color.NRGBA(got), color.NRGBA(want), tc.maxDiff) {
					t.Errorf("pixel %d is %v, want %v", x, got, want)
				}
			}
		})
	}
}
