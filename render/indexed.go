package render

import (
	"cmp"
	"encoding/binary"
	"image"
	"image/color"
	"runtime"
	"slices"
	"sync"
)

// A sheet's picture has few colours: the fills, the border's, the
// background's, and the blends anti-aliasing makes along edges. With at
// most 256 it is written with a palette, exactly: the same pixels in a
// quarter of the bytes, encoded three times as fast (the poster of the 2339
// solutions of pentominoes-6x10 has 40 colours: 680 KB indexed, 903 KB in
// true colour). With more (grid lines, letters, or cells that do not fall
// on whole pixels give several hundred to several thousand), the 256 most
// frequent colours are kept, which include every fill, border and
// background and the common blends, and each other colour becomes the
// nearest kept one, but only if no pixel changes by more than maxError:
// the rare colours are single pixels of anti-aliasing where three colours
// meet or a glyph's edge crosses a line. That halves the file again
// (1.4 MB instead of 2.3 MB for the poster with grid, letters and labels;
// 1.1 MB instead of 2.6 MB at 13-pixel cells and 1.3-pixel borders).
const (
	// maxError is how much a pixel may change in any premultiplied
	// channel, out of 255, for the picture to be written with a reduced
	// palette: 24, under a tenth, on anti-aliased edge pixels only. In
	// premultiplied terms the change bounds the change in the composited
	// picture over any backdrop.
	maxError = 24
	// maxColours bounds the colours indexed will consider reducing.
	maxColours = 1 << 16
)

// indexed returns img as a paletted image, exactly when it has at most 256
// colours, else reduced to its 256 most frequent colours when that changes
// no pixel by more than maxError in any channel; or nil. The palette is
// sorted (transparent colours first, so the tRNS chunk is short) and ties
// in frequency go to the smaller colour, so the result depends only on the
// pixels.
func indexed(img *image.RGBA) *image.Paletted {
	w, h := img.Bounds().Dx(), img.Bounds().Dy()
	if w == 0 || h == 0 {
		return nil
	}
	bands := min(h, 4*runtime.GOMAXPROCS(0))
	rows := func(k int) (y0, y1 int) { return k * h / bands, (k + 1) * h / bands }
	row := func(y int) []byte {
		i := img.PixOffset(img.Rect.Min.X, img.Rect.Min.Y+y)
		return img.Pix[i : i+4*w]
	}
	// A pixel as one number: red in the low byte, alpha in the high one.
	pixel := func(r []byte, x int) uint32 { return binary.LittleEndian.Uint32(r[4*x:]) }

	// Count the pixels of each colour, band by band.
	counts := make([]map[uint32]int, bands)
	var wg sync.WaitGroup
	for k := range bands {
		wg.Go(func() {
			n := make(map[uint32]int, 64)
			y0, y1 := rows(k)
			for y := y0; y < y1; y++ {
				r := row(y)
				// Neighbouring pixels are most often alike: count runs.
				for x := 0; x < w; {
					p, x0 := pixel(r, x), x
					for x++; x < w && pixel(r, x) == p; x++ {
					}
					n[p] += x - x0
					if len(n) > maxColours {
						return // counts[k] stays nil
					}
				}
			}
			counts[k] = n
		})
	}
	wg.Wait()
	count := counts[0]
	for _, n := range counts {
		if n == nil {
			return nil
		}
		if len(count) < len(n) {
			count, n = n, count
		}
		for p, c := range n {
			count[p] += c
		}
		if len(count) > maxColours {
			return nil
		}
	}
	colours := make([]uint32, 0, len(count))
	for p := range count {
		colours = append(colours, p)
	}
	// The most frequent first, then the smaller.
	slices.SortFunc(colours, func(a, b uint32) int {
		return cmp.Or(cmp.Compare(count[b], count[a]), cmp.Compare(a, b))
	})
	kept := slices.Clone(colours[:min(256, len(colours))])
	slices.Sort(kept)
	index := make(map[uint32]uint8, len(colours))
	for i, p := range kept {
		index[p] = uint8(i)
	}
	for _, p := range colours[len(kept):] {
		i, err := nearest(kept, p)
		if err > maxError {
			return nil
		}
		index[p] = uint8(i)
	}
	pal := make(color.Palette, len(kept))
	for i, p := range kept {
		pal[i] = color.RGBA{uint8(p), uint8(p >> 8), uint8(p >> 16), uint8(p >> 24)}
	}
	out := image.NewPaletted(image.Rect(0, 0, w, h), pal)
	for k := range bands {
		wg.Go(func() {
			y0, y1 := rows(k)
			for y := y0; y < y1; y++ {
				r := row(y)
				dst := out.Pix[y*out.Stride : y*out.Stride+w]
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
	return out
}

// nearest returns the index of the colour in pal nearest p (by the sum of
// the squares of the channels' differences; the first on ties) and the
// largest difference in a channel between them.
func nearest(pal []uint32, p uint32) (best, maxDiff int) {
	bestDist := -1
	for i, q := range pal {
		dist, diff := 0, 0
		for shift := 0; shift < 32; shift += 8 {
			d := int(p>>shift&0xff) - int(q>>shift&0xff)
			dist += d * d
			diff = max(diff, d, -d)
		}
		if bestDist < 0 || dist < bestDist {
			best, bestDist, maxDiff = i, dist, diff
		}
	}
	return best, maxDiff
}
