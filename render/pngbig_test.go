package render

import (
	"bytes"
	"hash/adler32"
	"image"
	"image/color"
	"image/png"
	"testing"
)

// TestWritePalettedPNG checks that a large paletted picture, compressed
// band by band, decodes to its pixels, palette and alphas, whatever the
// number of bands.
func TestWritePalettedPNG(t *testing.T) {
	pal := color.Palette{color.RGBA{0, 0, 0, 0}, color.RGBA{0x40, 0x20, 0x10, 0x80}, color.RGBA{0x72, 0xbb, 0x6f, 0xff}, color.RGBA{0x22, 0x22, 0x22, 0xff}}
	for _, size := range []image.Point{{2100, 2000}, {4000, bandRows*3 + 7}} {
		img := image.NewPaletted(image.Rect(0, 0, size.X, size.Y), pal)
		for y := range size.Y {
			for x := range size.X {
				img.Pix[y*img.Stride+x] = uint8((x/37 + y/53 + (x*y)%7/6) % len(pal))
			}
		}
		var buf bytes.Buffer
		if err := writePalettedPNG(&buf, img, physChunk(300)); err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(buf.Bytes()[:100], []byte("pHYs")) {
			t.Errorf("no pHYs chunk after IHDR")
		}
		got, err := png.Decode(bytes.NewReader(buf.Bytes()))
		if err != nil {
			t.Fatalf("%v: %v", size, err)
		}
		p, ok := got.(*image.Paletted)
		if !ok || p.Bounds() != img.Bounds() || !bytes.Equal(p.Pix, img.Pix) {
			t.Fatalf("%v: decoded as %T, not the same pixels", size, got)
		}
		// The palette, to within the rounding that un-premultiplying
		// alpha makes (as image/png's own encoder rounds).
		near := func(a, b uint32) bool { return a>>8 <= b>>8+1 && b>>8 <= a>>8+1 }
		for i := range pal {
			r0, g0, b0, a0 := pal[i].RGBA()
			r1, g1, b1, a1 := p.Palette[i].RGBA()
			if a0 != a1 || !near(r0, r1) || !near(g0, g1) || !near(b0, b1) {
				t.Errorf("palette %d: %v, want %v", i, p.Palette[i], pal[i])
			}
		}
	}
}

// adler32Combine gives the checksum of the joined data, at every cut.
func TestAdler32Combine(t *testing.T) {
	data := make([]byte, 70000)
	for i := range data {
		data[i] = byte(i*7 + i/300)
	}
	want := adler32.Checksum(data)
	for _, cut := range []int{0, 1, 5552, 65521, 65522, 69999, 70000} {
		if got := adler32Combine(adler32.Checksum(data[:cut]), adler32.Checksum(data[cut:]), int64(len(data)-cut)); got != want {
			t.Errorf("cut at %d: %08x, want %08x", cut, got, want)
		}
	}
}
