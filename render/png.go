package render

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"io"
	"math"
	"runtime"
	"slices"
	"sync"

	"github.com/fogleman/gg"
	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"

	"github.com/polytile/polytile/gallery"
)

var _ gallery.Canvas = (*PNG)(nil)

// maxPixels bounds the size of a PNG: 2^28 pixels take 1 GiB to draw.
const maxPixels = 1 << 28

// PNG draws a sheet as an anti-aliased raster image and encodes it as PNG
// (https://www.w3.org/TR/png/).
//
// Drawing is deferred: the Canvas methods record what to draw, and Image (or
// Encode) draws it, frame by frame, on several goroutines when the frames
// do not touch; the result does not depend on scheduling. The sheet must
// not change until Image or Encode returns.
//
// Pieces are filled and strokes drawn with gg; text is set in the Go fonts,
// embedded, with one face per size. Holes, and the whole background when
// the sheet's is transparent, come out transparent.
type PNG struct {
	width, height int     // in pixels
	scale         float64 // pixels per sheet unit
	background    color.NRGBA
	groups        []group // what to draw, frame by frame
	inFrame       bool
	img           *image.RGBA // drawn, once
}

// group is what is drawn together: a frame, or one thing drawn outside
// frames.
type group []op

// op is one recorded Canvas call.
type op struct {
	shape *gallery.Shape // Fill
	segs  []gallery.Segment
	width float64     // Stroke
	color color.NRGBA // Stroke
	text  *gallery.Text
}

// NewPNG returns a PNG canvas for s at the scale opt asks for. It fails if
// the scale is out of range or the image would be empty or too large.
func NewPNG(s *gallery.Sheet, opt *Options) (*PNG, error) {
	scale, err := opt.scale()
	if err != nil {
		return nil, err
	}
	w, h := math.Ceil(s.Width*scale-1e-9), math.Ceil(s.Height*scale-1e-9)
	if !(w >= 1 && h >= 1) {
		return nil, fmt.Errorf("render: a sheet of %s×%s at scale %v makes an empty image", num(s.Width), num(s.Height), scale)
	}
	if w*h > maxPixels {
		return nil, fmt.Errorf("render: a PNG of %v×%v pixels is too large; at most %d pixels", w, h, maxPixels)
	}
	return &PNG{width: int(w), height: int(h), scale: scale, background: s.Background}, nil
}

// BeginFrame starts recording a frame.
func (c *PNG) BeginFrame(f *gallery.Frame) {
	c.groups = append(c.groups, nil)
	c.inFrame = true
}

// EndFrame ends the frame.
func (c *PNG) EndFrame() { c.inFrame = false }

func (c *PNG) record(o op) {
	if !c.inFrame || len(c.groups) == 0 {
		c.groups = append(c.groups, nil)
	}
	g := &c.groups[len(c.groups)-1]
	*g = append(*g, o)
	c.img = nil
}

// Fill records the shape, to be filled by the non-zero winding rule.
func (c *PNG) Fill(s *gallery.Shape) { c.record(op{shape: s}) }

// Stroke records the segments, to be stroked with square caps.
func (c *PNG) Stroke(segs []gallery.Segment, width float64, col color.NRGBA) {
	c.record(op{segs: segs, width: width, color: col})
}

// Text records the text.
func (c *PNG) Text(t *gallery.Text) { c.record(op{text: t}) }

// Image draws what was recorded and returns the image, its bounds at the
// origin. Later calls return the same image until more is recorded.
//
// Each group (a frame, or a text outside frames) is drawn straight into
// the part of the image it covers. When no two groups' parts overlap, as
// in any layout with gaps between frames, the groups are drawn on several
// goroutines at once: each pixel is drawn by one group only, so the result
// is the same as drawing them one after another, which is what happens
// when parts overlap.
func (c *PNG) Image() *image.RGBA {
	if c.img != nil {
		return c.img
	}
	img := image.NewRGBA(image.Rect(0, 0, c.width, c.height))
	if c.background.A != 0 {
		draw.Draw(img, img.Bounds(), image.NewUniform(c.background), image.Point{}, draw.Src)
	}
	faces := faceCache{}
	parts := make([]image.Rectangle, len(c.groups))
	for i, g := range c.groups {
		parts[i] = c.extent(g, faces)
	}
	workers := 1
	if disjoint(parts) {
		workers = max(1, min(runtime.GOMAXPROCS(0), len(c.groups)))
	}
	var wg sync.WaitGroup
	jobs := make(chan int)
	for w := range workers {
		wg.Go(func() {
			fc := faces // the extents are done with it
			if w > 0 {
				fc = faceCache{}
			}
			for i := range jobs {
				c.drawGroup(img, parts[i], c.groups[i], fc)
			}
		})
	}
	for i := range c.groups {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	c.img = img
	return img
}

// disjoint reports whether no two of the rectangles overlap.
func disjoint(rs []image.Rectangle) bool {
	order := make([]int, 0, len(rs))
	for i, r := range rs {
		if !r.Empty() {
			order = append(order, i)
		}
	}
	slices.SortFunc(order, func(a, b int) int { return rs[a].Min.Y - rs[b].Min.Y })
	// Sweep down: each rectangle against those that start above its
	// bottom.
	for k, i := range order {
		for _, j := range order[k+1:] {
			if rs[j].Min.Y >= rs[i].Max.Y {
				break
			}
			if rs[i].Overlaps(rs[j]) {
				return false
			}
		}
	}
	return true
}

// extent returns the pixels g covers: the bounding box of its outlines,
// strokes (with their square caps) and glyphs, one pixel more on each side
// for anti-aliasing, within the image.
func (c *PNG) extent(g group, faces faceCache) image.Rectangle {
	s := c.scale
	x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	grow := func(x, y, pad float64) {
		x0, y0 = min(x0, x-pad), min(y0, y-pad)
		x1, y1 = max(x1, x+pad), max(y1, y+pad)
	}
	for _, o := range g {
		switch {
		case o.shape != nil:
			for _, r := range o.shape.Outline {
				for _, p := range r {
					grow(p.X*s, p.Y*s, 0)
				}
			}
		case o.text != nil:
			if face, dot, ok := c.textPlace(o.text, faces); ok {
				b, _ := font.BoundString(face, o.text.Text)
				b = b.Add(dot)
				grow(float64(b.Min.X)/64, float64(b.Min.Y)/64, 0)
				grow(float64(b.Max.X)/64, float64(b.Max.Y)/64, 0)
			}
		default:
			for _, sg := range o.segs {
				// A square cap reaches half the width beyond each end.
				grow(sg.A.X*s, sg.A.Y*s, o.width*s/2)
				grow(sg.B.X*s, sg.B.Y*s, o.width*s/2)
			}
		}
	}
	if !(x0 <= x1 && y0 <= y1) { // nothing, or NaNs
		return image.Rectangle{}
	}
	r := image.Rect(int(math.Floor(x0))-1, int(math.Floor(y0))-1, int(math.Ceil(x1))+1, int(math.Ceil(y1))+1)
	return r.Intersect(image.Rect(0, 0, c.width, c.height))
}

// drawGroup draws g into the part r of img.
func (c *PNG) drawGroup(img *image.RGBA, r image.Rectangle, g group, faces faceCache) {
	if r.Empty() {
		return
	}
	// A view of the part, with its origin at the part's top-left corner,
	// as gg's rasterizer wants.
	view := &image.RGBA{Pix: img.Pix[img.PixOffset(r.Min.X, r.Min.Y):], Stride: img.Stride, Rect: image.Rect(0, 0, r.Dx(), r.Dy())}
	dc := gg.NewContextForRGBA(view)
	dc.SetLineCapSquare()
	s := c.scale
	ox, oy := float64(r.Min.X), float64(r.Min.Y)
	pt := func(p gallery.Point) (float64, float64) { return p.X*s - ox, p.Y*s - oy }
	for _, o := range g {
		switch {
		case o.shape != nil:
			for _, ring := range o.shape.Outline {
				for k, p := range ring {
					x, y := pt(p)
					if k == 0 {
						dc.MoveTo(x, y)
					} else {
						dc.LineTo(x, y)
					}
				}
				dc.ClosePath()
			}
			dc.SetColor(o.shape.Fill)
			dc.Fill()
		case o.text != nil:
			if face, dot, ok := c.textPlace(o.text, faces); ok {
				dot.X -= fixed.I(r.Min.X)
				dot.Y -= fixed.I(r.Min.Y)
				d := font.Drawer{Dst: view, Src: image.NewUniform(o.text.Color), Face: face, Dot: dot}
				d.DrawString(o.text.Text)
			}
		default:
			for _, sg := range o.segs {
				dc.MoveTo(pt(sg.A))
				dc.LineTo(pt(sg.B))
			}
			dc.SetLineWidth(o.width * s)
			dc.SetColor(o.color)
			dc.Stroke()
		}
	}
}

// textPlace returns the face for t, at the scale, and the dot (the left
// end of the baseline) in sheet pixels; ok is false if there is nothing to
// draw.
func (c *PNG) textPlace(t *gallery.Text, faces faceCache) (face font.Face, dot fixed.Point26_6, ok bool) {
	size := t.Size * c.scale
	if t.Text == "" || !(size > 0 && size < 1e5) || t.Color.A == 0 {
		return nil, dot, false
	}
	face = faces.face(t.Bold, size)
	x, y := t.X*c.scale, t.Y*c.scale+fontFor(t.Bold).middle(size)
	if t.Anchor == gallery.AnchorMiddle {
		x -= float64(font.MeasureString(face, t.Text)) / 64 / 2
	}
	return face, fixed.Point26_6{X: fixed.Int26_6(math.Round(x * 64)), Y: fixed.Int26_6(math.Round(y * 64))}, true
}

// Encode draws what was recorded, if Image has not, and writes it as PNG,
// losslessly: an image of at most 256 colours with a palette (colour type
// 3, PNG §6.1), and one of more in true colour, with alpha unless it is
// opaque. A pHYs chunk gives the resolution, 96 DPI times the scale, so
// that viewers and printers know the picture's size.
func (c *PNG) Encode(w io.Writer) error {
	img := c.Image()
	var m image.Image = img
	if p := indexed(img); p != nil {
		m = p
	}
	pw := &physWriter{w: w, chunk: physChunk(96 * c.scale)}
	err := png.Encode(pw, m)
	if err == nil && pw.chunk != nil {
		err = errors.New("the encoder wrote no IHDR chunk")
	}
	if err != nil {
		return fmt.Errorf("render: writing PNG: %w", err)
	}
	return nil
}

// ihdrEnd is the length of the start of a PNG that image/png writes before
// anything else: the signature (8 bytes, PNG §5.2) and the IHDR chunk (a
// 4-byte length, the type, 13 bytes of data and a 4-byte CRC; §5.3,
// §11.2.2).
const ihdrEnd = 8 + 4 + 4 + 13 + 4

// physChunk returns a pHYs chunk (PNG §11.3.5.3) for dpi dots per inch: as
// many pixels per metre (unit 1), the same across and down.
func physChunk(dpi float64) []byte {
	ppm := uint32(math.Round(dpi / 0.0254))
	b := binary.BigEndian.AppendUint32(nil, 9) // the length of the data
	b = append(b, "pHYs"...)
	b = binary.BigEndian.AppendUint32(b, ppm)
	b = binary.BigEndian.AppendUint32(b, ppm)
	b = append(b, 1)
	// The CRC covers the type and the data (§5.3).
	return binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE(b[4:]))
}

// physWriter passes a PNG through to w, inserting chunk after the IHDR
// chunk. image/png writes no ancillary chunk, and the PNG spec puts pHYs
// anywhere between IHDR and the first IDAT (§5.6).
type physWriter struct {
	w     io.Writer
	head  []byte // the signature and IHDR, held until complete
	chunk []byte // the chunk to insert; nil once written
}

func (p *physWriter) Write(b []byte) (int, error) {
	if p.chunk == nil {
		return p.w.Write(b)
	}
	n := min(len(b), ihdrEnd-len(p.head))
	p.head = append(p.head, b[:n]...)
	if len(p.head) < ihdrEnd {
		return n, nil
	}
	if string(p.head[12:16]) != "IHDR" {
		return 0, fmt.Errorf("the encoder wrote a %q chunk first, not IHDR", p.head[12:16])
	}
	if _, err := p.w.Write(append(p.head, p.chunk...)); err != nil {
		return 0, err
	}
	p.chunk = nil
	m, err := p.w.Write(b[n:])
	return n + m, err
}
