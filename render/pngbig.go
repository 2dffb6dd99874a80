package render

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"hash/adler32"
	"hash/crc32"
	"image"
	"image/color"
	"io"
	"runtime"
	"sync"
)

// bigPNG is the number of pixels from which a paletted PNG is compressed
// on several goroutines (writePalettedPNG): a poster, not a figure.
const bigPNG = 1 << 22

// bandRows is the number of rows of a band that deflateBands
// compresses on its own. It is fixed, so that the file does not depend on
// the number of cores.
const bandRows = 256

// writePalettedPNG writes img as a PNG of colour type 3 and bit depth 8
// (PNG §11.2.2), each row filtered by Up (appendRow), with chunk (pHYs) after IHDR, the
// palette in PLTE and its alphas in tRNS when any is not opaque. The
// image data is one zlib stream (RFC 1950) whose deflate blocks (RFC 1951)
// are made band by band on all cores, each band's ending on a byte
// boundary (a sync flush) so that they join into one stream, as pigz
// makes them; the Adler-32 of the whole data closes it.
func writePalettedPNG(w io.Writer, img *image.Paletted, chunk []byte) error {
	b := img.Bounds()
	wd, ht := b.Dx(), b.Dy()
	var out bytes.Buffer
	out.WriteString("\x89PNG\r\n\x1a\n")
	ihdr := binary.BigEndian.AppendUint32(nil, uint32(wd))
	ihdr = binary.BigEndian.AppendUint32(ihdr, uint32(ht))
	ihdr = append(ihdr, 8, 3, 0, 0, 0) // depth 8, palette; deflate, adaptive filters, no interlace
	writeChunk(&out, "IHDR", ihdr)
	out.Write(chunk)
	plte, trns := paletteChunks(img.Palette)
	writeChunk(&out, "PLTE", plte)
	if trns != nil {
		writeChunk(&out, "tRNS", trns)
	}
	packed, sums := deflateBands(img, wd, ht)
	data := zlibStream(packed, sums, wd, ht)
	for len(data) > 0 {
		n := min(len(data), 1<<20)
		writeChunk(&out, "IDAT", data[:n])
		data = data[n:]
	}
	writeChunk(&out, "IEND", nil)
	_, err := w.Write(out.Bytes())
	return err
}

// writeChunk writes a chunk of the given kind to out: the length of data,
// the kind, data and the CRC-32 of kind and data (PNG §5.3).
func writeChunk(out *bytes.Buffer, kind string, data []byte) {
	var head [8]byte
	binary.BigEndian.PutUint32(head[:4], uint32(len(data)))
	copy(head[4:], kind)
	out.Write(head[:])
	out.Write(data)
	crc := crc32.NewIEEE()
	crc.Write(head[4:])
	crc.Write(data)
	out.Write(binary.BigEndian.AppendUint32(nil, crc.Sum32()))
}

// paletteChunks returns the data of the PLTE chunk (PNG §11.2.3), the
// colours of pal un-premultiplied, and of the tRNS chunk (PNG §11.3.2.1),
// their alphas up to the last that is not opaque; nil when all are.
func paletteChunks(pal color.Palette) (plte, trns []byte) {
	plte = make([]byte, 0, 3*len(pal))
	for i, c := range pal {
		r, g, bl, a := c.RGBA()
		if a != 0 && a != 0xffff {
			// Un-premultiply, as image/png does.
			r, g, bl = r*0xffff/a, g*0xffff/a, bl*0xffff/a
		}
		plte = append(plte, uint8(r>>8), uint8(g>>8), uint8(bl>>8))
		if a != 0xffff {
			for len(trns) < i {
				trns = append(trns, 0xff)
			}
			trns = append(trns, uint8(a>>8))
		}
	}
	return plte, trns
}

// deflateBands compresses the rows of img, wd × ht pixels, each after its
// filter byte (appendRow), bandRows at a time on all cores. It returns the
// deflate blocks of each band, the last band's ending the stream and every
// other's ending in a sync flush, and the Adler-32 of each band's data.
func deflateBands(img *image.Paletted, wd, ht int) (packed [][]byte, sums []uint32) {
	bands := (ht + bandRows - 1) / bandRows
	packed = make([][]byte, bands)
	sums = make([]uint32, bands)
	var wg sync.WaitGroup
	next := make(chan int)
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			raw := make([]byte, 0, bandRows*(wd+1))
			for k := range next {
				raw = raw[:0]
				for y := k * bandRows; y < min(ht, (k+1)*bandRows); y++ {
					raw = appendRow(raw, img, y, wd)
				}
				sums[k] = adler32.Checksum(raw)
				var buf bytes.Buffer
				fw, _ := flate.NewWriter(&buf, flate.DefaultCompression)
				fw.Write(raw)
				if k == bands-1 {
					fw.Close()
				} else {
					fw.Flush()
				}
				packed[k] = buf.Bytes()
			}
		})
	}
	for k := range bands {
		next <- k
	}
	close(next)
	wg.Wait()
	return packed, sums
}

// zlibStream joins the bands deflateBands made into one zlib stream (RFC
// 1950 §2.2): the header, the bands' blocks in order, and the Adler-32 of
// the whole data, found from those of the bands (adler32Combine).
func zlibStream(packed [][]byte, sums []uint32, wd, ht int) []byte {
	sum := uint32(1)
	for k, s := range sums {
		rows := min(ht, (k+1)*bandRows) - k*bandRows
		sum = adler32Combine(sum, s, int64(rows*(wd+1)))
	}
	var z bytes.Buffer
	z.Write([]byte{0x78, 0x9c})
	for _, p := range packed {
		z.Write(p)
	}
	z.Write(binary.BigEndian.AppendUint32(nil, sum))
	return z.Bytes()
}

// appendRow appends row y of img, filtered by the Up filter (PNG §7.3,
// type 2: each byte less the one above it, the row above the first being
// zeros): in a picture of frames most rows repeat the one above, and come
// out as zeros, which deflate packs fast and small.
func appendRow(b []byte, img *image.Paletted, y, wd int) []byte {
	b = append(b, 2)
	cur := img.Pix[y*img.Stride:][:wd]
	if y == 0 {
		return append(b, cur...)
	}
	up := img.Pix[(y-1)*img.Stride:][:wd]
	for x := range wd {
		b = append(b, cur[x]-up[x])
	}
	return b
}

// adler32Combine returns the Adler-32 of data a then b from a's checksum
// sa, b's sb and b's length: the sums of b's bytes shift by their count,
// and the running sum by n times a's sum (RFC 1950 §8.2 defines the
// checksum).
func adler32Combine(sa, sb uint32, n int64) uint32 {
	const mod = 65521
	rem := uint64(n % mod)
	a1, b1 := uint64(sa&0xffff), uint64(sa>>16)
	a2, b2 := uint64(sb&0xffff), uint64(sb>>16)
	a := (a1 + a2 + mod - 1) % mod
	b := (rem*a1 + b1 + b2 + mod - rem) % mod
	return uint32(b<<16 | a)
}
