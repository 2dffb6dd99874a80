package render

import (
	"bytes"
	"context"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/color"
	"image/png"
	"math"
	"runtime"
	"strings"
	"testing"

	"github.com/polytile/polytile/gallery"
	"github.com/polytile/polytile/palettes"
	"github.com/polytile/polytile/puzzles/geom"
	"github.com/polytile/polytile/puzzles/tiling"
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
// centre has the colour the sheet gave its piece and, unless pal is nil,
// the colour pal gives the piece by its name (for puzzles with one copy of
// each piece, which keep their own colours); and the middle of each edge
// between two pieces is the border's colour, or near it.
func checkCells(t *testing.T, img image.Image, sheet *gallery.Sheet, f *gallery.Frame, sol *tiling.Solution, scale float64, pal *palettes.Palette) {
	t.Helper()
	b := sol.Puzzle().Board()
	cell := f.Width / float64(b.Cols())
	owner := map[geom.Cell]string{}
	for i, c := range b.Cells() {
		piece, _ := sol.At(i)
		owner[c] = sol.Puzzle().Pieces()[piece].Name
	}
	fill := map[string]color.NRGBA{}
	for _, sh := range f.Shapes {
		fill[sh.Piece] = sh.Fill
	}
	own := map[string]color.NRGBA{}
	if pal != nil {
		var names []string
		for _, p := range sol.Puzzle().Pieces() {
			names = append(names, p.Name)
		}
		for i, c := range pal.PieceColors(names) {
			own[names[i]] = c
		}
	}
	for c, name := range owner {
		x, y := (f.X+(float64(c.Col)+0.5)*cell)*scale, (f.Y+(float64(c.Row)+0.5)*cell)*scale
		got := nrgba(img, x, y)
		if want := fill[name]; got != want {
			t.Errorf("cell (%d,%d) of piece %s is %v at its centre, want the sheet's %v", c.Row, c.Col, name, got, want)
		}
		if want, ok := own[name]; pal != nil && (!ok || got != want) {
			t.Errorf("cell (%d,%d) of piece %s is %v at its centre, want the palette's %v", c.Row, c.Col, name, got, want)
		}
		// The edges to the right and below.
		for _, n := range []geom.Cell{{Row: c.Row, Col: c.Col + 1}, {Row: c.Row + 1, Col: c.Col}} {
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
			sheets := layout(t, []*tiling.Solution{sol}, &opt)
			sheet := sheets[0]
			img := decodePNG(t, sheet, &Options{DPI: 96 * tc.scale})
			checkCells(t, img, sheet, &sheet.Frames[0], sol, tc.scale, palettes.Default())
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
		{"192 DPI", &Options{DPI: 192}, 2},
		{"48 DPI", &Options{DPI: 48}, 0.5},
		{"300 DPI", &Options{DPI: 300}, 3.125},
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
	checkCells(t, img, sheet, f, sols[0], 1, palettes.Default())
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

// The PNG's bytes do not depend on the number of CPUs: neither the drawing,
// on several goroutines, nor the choice of a palette, made from the colours
// of bands of rows, as many as 4 × GOMAXPROCS.
func TestPNGGOMAXPROCS(t *testing.T) {
	scott := solutions(t, "scott")[:12]
	for _, tc := range []struct {
		name string
		opt  gallery.Options
	}{
		{"grid, letters and labels", gallery.Options{CellSize: 13, Grid: true, Letters: true, Labels: true, Title: "Scott"}},
		{"paletted", gallery.Options{CellSize: 12}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sheets := layout(t, scott, &tc.opt)
			defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
			var outs [][]byte
			procs := []int{1, 4}
			for _, n := range procs {
				runtime.GOMAXPROCS(n)
				outs = append(outs, encode(t, FormatPNG, sheets, nil))
			}
			if !bytes.Equal(outs[0], outs[1]) {
				t.Errorf("the PNG differs at GOMAXPROCS %d (%d bytes) and %d (%d bytes)", procs[0], len(outs[0]), procs[1], len(outs[1]))
			}
		})
	}
}

// A PNG holds exactly the picture drawn: with a palette when it has at most
// 256 colours, in true colour otherwise.
func TestPNGLossless(t *testing.T) {
	scott := solutions(t, "scott")[:12]
	for _, tc := range []struct {
		name     string
		opt      gallery.Options
		paletted bool
	}{
		{"few colours", gallery.Options{CellSize: 12}, true},
		{"grid, letters and labels", gallery.Options{CellSize: 13, Grid: true, Letters: true, Labels: true, Title: "Scott"}, false},
		{"on white", gallery.Options{CellSize: 13, Grid: true, Letters: true, Background: white}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sheet := layout(t, scott, &tc.opt)[0]
			r, err := newRaster(sheet, 1)
			if err != nil {
				t.Fatal(err)
			}
			want, err := r.draw(&output{ctx: context.Background()})
			if err != nil {
				t.Fatal(err)
			}
			got, err := png.Decode(bytes.NewReader(encode(t, FormatPNG, []*gallery.Sheet{sheet}, nil)))
			if err != nil {
				t.Fatal(err)
			}
			if _, ok := got.(*image.Paletted); ok != tc.paletted {
				t.Errorf("decoded a %T, want paletted %v", got, tc.paletted)
			}
			if got.Bounds() != want.Bounds() {
				t.Fatalf("bounds %v, want %v", got.Bounds(), want.Bounds())
			}
			changed := 0
			for y := range want.Bounds().Dy() {
				for x := range want.Bounds().Dx() {
					// Compared as PNG stores them, not premultiplied.
					g := color.NRGBAModel.Convert(got.At(x, y))
					w := color.NRGBAModel.Convert(want.At(x, y))
					if g != w {
						if changed < 5 {
							t.Errorf("pixel (%d,%d) is %v, drawn %v", x, y, g, w)
						}
						changed++
					}
				}
			}
			if changed > 0 {
				t.Errorf("%d of %d pixels changed", changed, want.Bounds().Dx()*want.Bounds().Dy())
			}
		})
	}
}

func TestIndexed(t *testing.T) {
	reds := func(n int) []color.RGBA { // n shades of red
		var cs []color.RGBA
		for v := range n {
			cs = append(cs, color.RGBA{uint8(v), 0, 0, 255})
		}
		return cs
	}
	clear, grey := color.RGBA{}, color.RGBA{0x22, 0x22, 0x22, 0xff}
	for _, tc := range []struct {
		name   string
		pixels []color.RGBA
		colors int // in the palette; 0 for no palette
	}{
		{"one colour", []color.RGBA{clear, clear, clear}, 1},
		{"three colours", []color.RGBA{grey, clear, grey, {0, 0, 0, 64}, clear}, 3},
		{"256 colours", append(reds(255), clear), 256},
		{"257 colours", append(reds(256), clear), 0},
		// 256 frequent colours and one rare one, near a frequent one:
		// the picture is never changed to fit a palette.
		{"one too many", append(append(reds(256), reds(256)...), color.RGBA{0, 1, 0, 255}), 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			img := image.NewRGBA(image.Rect(0, 0, len(tc.pixels), 1))
			for x, c := range tc.pixels {
				img.SetRGBA(x, 0, c)
			}
			p := indexed(img)
			switch {
			case tc.colors == 0 && p != nil:
				t.Fatalf("indexed gave a palette of %d colours, want none", len(p.Palette))
			case tc.colors == 0:
				return
			case p == nil:
				t.Fatalf("indexed gave no palette, want one of %d colours", tc.colors)
			case len(p.Palette) != tc.colors:
				t.Errorf("a palette of %d colours, want %d", len(p.Palette), tc.colors)
			}
			for x, want := range tc.pixels {
				if got := p.At(x, 0).(color.RGBA); got != want {
					t.Errorf("pixel %d is %v, want %v", x, got, want)
				}
			}
		})
	}
}

// chunks returns the types and data of the chunks of a PNG, checking the
// signature and every chunk's CRC.
func chunks(t *testing.T, b []byte) (types []string, data [][]byte) {
	t.Helper()
	const sig = "\x89PNG\r\n\x1a\n"
	if !bytes.HasPrefix(b, []byte(sig)) {
		t.Fatalf("no PNG signature")
	}
	for b = b[len(sig):]; len(b) > 0; {
		if len(b) < 12 {
			t.Fatalf("a truncated chunk: %q", b)
		}
		n := int(binary.BigEndian.Uint32(b))
		if len(b) < 12+n {
			t.Fatalf("chunk %q of %d bytes is truncated", b[4:8], n)
		}
		if got, want := binary.BigEndian.Uint32(b[8+n:]), crc32.ChecksumIEEE(b[4:8+n]); got != want {
			t.Errorf("chunk %q: CRC %#x, want %#x", b[4:8], got, want)
		}
		types = append(types, string(b[4:8]))
		data = append(data, b[8:8+n])
		b = b[12+n:]
	}
	return types, data
}

func TestPNGPhysicalSize(t *testing.T) {
	sheet := layout(t, solutions(t, "pentominoes-3x20")[:1], &gallery.Options{CellSize: 10})[0]
	for _, tc := range []struct {
		name string
		opt  *Options
		dpi  float64
	}{
		{"default", nil, 96},
		{"192 DPI", &Options{DPI: 192}, 192},
		{"300 DPI", &Options{DPI: 300}, 300},
		{"72 DPI", &Options{DPI: 72}, 72},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := encode(t, FormatPNG, []*gallery.Sheet{sheet}, tc.opt)
			types, data := chunks(t, b)
			if len(types) < 3 || types[0] != "IHDR" || types[1] != "pHYs" {
				t.Fatalf("chunks %q, want IHDR, pHYs, …", types)
			}
			// PNG §11.3.5.3: pixels per unit in x and in y, and the unit,
			// 1 for the metre.
			ppm := uint32(math.Round(tc.dpi / 0.0254))
			want := binary.BigEndian.AppendUint32(binary.BigEndian.AppendUint32(nil, ppm), ppm)
			want = append(want, 1)
			if !bytes.Equal(data[1], want) {
				t.Errorf("pHYs holds % x, want % x (%d pixels per metre)", data[1], want, ppm)
			}
			img, err := png.Decode(bytes.NewReader(b))
			if err != nil {
				t.Fatal(err)
			}
			if w := int(math.Ceil(sheet.Width * tc.dpi / 96)); img.Bounds().Dx() != w {
				t.Errorf("width %d pixels, want %d", img.Bounds().Dx(), w)
			}
		})
	}
}

func TestBadDPI(t *testing.T) {
	sheet := layout(t, solutions(t, "pentominoes-3x20")[:1], nil)[0]
	for _, opt := range []Options{
		{DPI: -1}, {DPI: math.NaN()}, {DPI: math.Inf(1)}, {DPI: MaxDPI + 1},
		{DPI: MaxDPI}, // too many pixels
	} {
		var b bytes.Buffer
		err := Encode(&b, FormatPNG, []*gallery.Sheet{sheet}, &opt)
		if err == nil || !strings.HasPrefix(err.Error(), "render: ") {
			t.Errorf("Encode(%+v) = %v, want an error starting render:", opt, err)
		}
		if b.Len() > 0 {
			t.Errorf("Encode(%+v) wrote %d bytes before failing", opt, b.Len())
		}
	}
}
