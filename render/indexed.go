package render

import (
	"encoding/binary"
	"image"
	"image/color"
	"runtime"
	"slices"
	"sync"
)

// A sheet's picture often has few colours: the fills, the border's, the
// background's, and the blends anti-aliasing makes along edges. With at
// most 256 it is written with a palette (PNG §6.1, colour type 3): the same
// pixels in about a quarter of the bytes before compression, encoded faster
// (the poster of the 2339 solutions of pentominoes-6x10 has 40 colours:
// 680 KB indexed, 903 KB in true colour). With more (grid lines, letters,
// or cells that do not fall on whole pixels give several hundred to several
// thousand) it is written in true colour: the picture is never changed to
// fit a palette.
const maxPaletted = 256

// indexed returns img as a paletted image if it has at most maxPaletted
// colours, or nil. The palette is sorted (transparent colours first, so the
// tRNS chunk is short), so the result depends only on the pixels.
func indexed(img *image.RGBA) *image.Paletted {
	w, h := img.Bounds().Dx(), img.Bounds().Dy()
	if w == 0 || h == 0 {
		return nil
	}
	// The image is scanned in bands, on several goroutines; what they
	// find is merged in band order, so that the result does not depend
	// on their number.
	bs := rgbaBands{img: img, w: w, h: h, n: min(h, 4*runtime.GOMAXPROCS(0))}
	colors := bs.colors()
	if colors == nil {
		return nil
	}
	index := make(map[uint32]uint8, len(colors))
	pal := make(color.Palette, len(colors))
	for i, p := range colors {
		index[p] = uint8(i)
		pal[i] = color.RGBA{uint8(p), uint8(p >> 8), uint8(p >> 16), uint8(p >> 24)}
	}
	out := image.NewPaletted(image.Rect(0, 0, w, h), pal)
	bs.index(out, index)
	return out
}

// rgbaBands is an RGBA image, w × h pixels, cut into n bands of rows.
type rgbaBands struct {
	img     *image.RGBA
	w, h, n int
}

// rows returns the rows of band k: y0 to y1, y1 excluded.
func (bs *rgbaBands) rows(k int) (y0, y1 int) { return k * bs.h / bs.n, (k + 1) * bs.h / bs.n }

// row returns the pixels of row y, counted from the top of the image.
func (bs *rgbaBands) row(y int) []byte {
	i := bs.img.PixOffset(bs.img.Rect.Min.X, bs.img.Rect.Min.Y+y)
	return bs.img.Pix[i : i+4*bs.w]
}

// pixel returns pixel x of row r as one number: red in the low byte, alpha
// in the high one.
func pixel(r []byte, x int) uint32 { return binary.LittleEndian.Uint32(r[4*x:]) }

// colors returns the image's colours, as pixel gives them, sorted, or nil
// if it has more than maxPaletted. With alpha in the high byte, the least
// opaque come first.
func (bs *rgbaBands) colors() []uint32 {
	// The colours of each band; nil if a band has too many.
	sets := make([]map[uint32]struct{}, bs.n)
	var wg sync.WaitGroup
	for k := range bs.n {
		wg.Go(func() { sets[k] = bs.bandColors(k) })
	}
	wg.Wait()
	if slices.ContainsFunc(sets, func(s map[uint32]struct{}) bool { return s == nil }) {
		return nil
	}
	all := sets[0]
	for _, s := range sets[1:] {
		for p := range s {
			all[p] = struct{}{}
		}
		if len(all) > maxPaletted {
			return nil
		}
	}
	colors := make([]uint32, 0, len(all))
	for p := range all {
		colors = append(colors, p)
	}
	slices.Sort(colors)
	return colors
}

// bandColors returns the set of colours of band k, or nil if it has more
// than maxPaletted.
func (bs *rgbaBands) bandColors(k int) map[uint32]struct{} {
	set := make(map[uint32]struct{}, 64)
	w := bs.w
	y0, y1 := bs.rows(k)
	for y := y0; y < y1; y++ {
		r := bs.row(y)
		// Neighbouring pixels are most often alike: skip runs.
		for x := 0; x < w; {
			p := pixel(r, x)
			for x++; x < w && pixel(r, x) == p; x++ {
			}
			set[p] = struct{}{}
			if len(set) > maxPaletted {
				return nil
			}
		}
	}
	return set
}

// index sets the pixels of out, band by band on several goroutines, to
// the indexes of the image's colours.
func (bs *rgbaBands) index(out *image.Paletted, index map[uint32]uint8) {
	var wg sync.WaitGroup
	for k := range bs.n {
		wg.Go(func() {
			y0, y1 := bs.rows(k)
			for y := y0; y < y1; y++ {
				r := bs.row(y)
				dst := out.Pix[y*out.Stride : y*out.Stride+bs.w]
				last := pixel(r, 0)
				i := index[last]
				for x := range dst {
					if p := pixel(r, x); p != last {
						last, i = p, index[p]
					}
					dst[x] = i
				}
			}
		})
	}
	wg.Wait()
}
