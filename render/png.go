package render

import (
	"bytes"
	"cmp"
	"encoding/binary"
	"errors"
	"fmt"
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
	"github.com/polytile/polytile/internal/quote"
)

var _ gallery.Canvas = (*pngPen)(nil)

// maxPixels bounds the size of a PNG: 2^28 pixels take 1 GiB to draw.
const maxPixels = 1 << 28

// maxTextPixels bounds where a PNG's text may reach, in pixels from the
// origin: font.Drawer adds glyph advances in 26.6 fixed point, which
// overflows at 2^25 pixels.
const maxTextPixels = 1 << 24

// raster is a sheet to be drawn as an anti-aliased raster image
// (https://www.w3.org/TR/png/).
//
// Drawing replays the sheet twice. The first replay (onto extents) finds
// the part of the image each group covers: a frame, or one thing drawn
// outside frames. The second (onto a pngPen) draws each group straight
// into its part, with gg for fills and strokes and the sheet's font
// (Sheet.Font; by default the Go fonts, embedded) for text. When no two
// parts overlap, as in any layout with gaps between frames, the frames
// are drawn on several goroutines at once, each replaying its frame with
// Sheet.DrawFrame: each pixel is drawn by one group only, so the result
// is the same as drawing them one after another, which is what happens
// when parts overlap. Holes, and the whole background when the sheet's
// is transparent, come out transparent.
type raster struct {
	sheet         *gallery.Sheet
	font          *Font   // the sheet's
	width, height int     // in pixels
	scale         float64 // pixels per sheet unit
}

// newRaster returns the raster of s at scale pixels per unit. It fails if
// the image would be empty or too large.
func newRaster(s *gallery.Sheet, scale float64) (*raster, error) {
	w, h := math.Ceil(s.Width*scale-1e-9), math.Ceil(s.Height*scale-1e-9)
	if !(w >= 1 && h >= 1) {
		return nil, fmt.Errorf("render: a sheet of %s×%s at %v DPI makes an empty image", num(s.Width), num(s.Height), scale*defaultDPI)
	}
	if w*h > maxPixels {
		return nil, fmt.Errorf("render: a PNG of %v×%v pixels is too large: it would take %.0f MB to draw, or more; at most %d pixels (lower the dpi, or the cell size, or put fewer frames on a page)", w, h, w*h/1e6, maxPixels)
	}
	return &raster{sheet: s, font: fontOf(s), width: int(w), height: int(h), scale: scale}, nil
}

// scaleOf returns the PNG pixels per sheet unit at dpi dots per inch:
// dpi/96, rounded to 9 decimal places when it lies within 10^-12 of such a
// number. The rounding makes 96 × a decimal scale draw at exactly that
// scale, whatever binary floating point made of the product: 0.35 × 96 is
// not exactly 33.6, nor 33.6 / 96 exactly 0.35, and a scale off by one
// bit moves glyphs and edges. A whole number of dots per inch gives a
// quotient that is exact or far from any such decimal, and is not changed.
func scaleOf(dpi float64) float64 {
	s := dpi / defaultDPI
	if r := math.Round(s*1e9) / 1e9; math.Abs(r-s) <= 1e-12*s {
		return r
	}
	return s
}

// encodePNG draws s at dpi dots per inch and writes it to out as PNG,
// losslessly: an image of at most 256 colours with a palette (colour type
// 3, PNG §6.1), and one of more in true colour, with alpha unless it is
// opaque. A pHYs chunk gives the resolution, so that viewers and printers
// know the picture's size.
func encodePNG(out *output, s *gallery.Sheet, dpi float64) error {
	scale := scaleOf(dpi)
	if pw, _ := s.Size(); pw != s.Width {
		// A figure of a physical size: as many pixels as that is at dpi.
		scale = math.Round(pw*dpi/defaultDPI) / s.Width
	}
	r, err := newRaster(s, scale)
	if err != nil {
		return err
	}
	var m image.Image
	paletted, ok, err := r.drawPaletted(out)
	switch {
	case err != nil:
		return err
	case ok && r.width*r.height >= bigPNG:
		return wrap("PNG", writePalettedPNG(out, paletted, physChunk(dpi)))
	case ok:
		m = paletted
	default:
		img, err := r.draw(out)
		if err != nil {
			return err
		}
		m = img
		if p := indexed(img); p != nil {
			m = p
		}
	}
	pw := &physWriter{w: out, chunk: physChunk(dpi)}
	err = png.Encode(pw, m)
	if err == nil && pw.chunk != nil {
		err = errors.New("the encoder wrote no IHDR chunk")
	}
	return wrap("PNG", err)
}

// draw draws the sheet and returns the image, its bounds at the origin. It
// stops, with out's error, once out has stopped.
func (r *raster) draw(out *output) (*image.RGBA, error) {
	ext, err := r.extents()
	if err != nil {
		return nil, err
	}
	img := image.NewRGBA(image.Rect(0, 0, r.width, r.height))
	if bg := r.sheet.Background; bg.A != 0 {
		draw.Draw(img, img.Bounds(), image.NewUniform(bg), image.Point{}, draw.Src)
	}
	// pen draws outside frames, and frames too unless workers do.
	pen := &pngPen{r: r, img: img, faces: ext.faces, parts: ext.parts, out: out}
	workers := 0
	if disjoint(ext.parts) {
		workers = min(runtime.GOMAXPROCS(0), len(r.sheet.Frames))
	}
	if workers <= 1 {
		r.sheet.Draw(pen)
	} else {
		r.drawFrames(pen, workers, func() func(int) {
			faces := faceCache{}
			return func(part int) {
				if out.ctx.Err() != nil {
					return // drain; the pen's next stopped call keeps the reason
				}
				r.sheet.DrawFrame(&pngPen{r: r, img: img, faces: faces, parts: ext.parts, next: part}, ext.frame[part])
			}
		})
	}
	if out.stopped() {
		return nil, out.err
	}
	return img, nil
}

// extents replays the sheet onto extents, which finds the part of the
// image each group covers.
func (r *raster) extents() (*extents, error) {
	ext := &extents{r: r, faces: faceCache{}}
	r.sheet.Draw(ext)
	return ext, ext.err
}

// drawFrames replays the sheet onto pen, which hands each frame to one of
// workers goroutines (at least one), each drawing the frames it is given
// with the function that newWorker makes for it.
func (r *raster) drawFrames(pen *pngPen, workers int, newWorker func() func(part int)) {
	var wg sync.WaitGroup
	jobs := make(chan int)
	for range max(workers, 1) {
		wg.Go(func() {
			draw := newWorker()
			for part := range jobs {
				draw(part)
			}
		})
	}
	pen.dispatch = func(part int) { jobs <- part }
	r.sheet.Draw(pen)
	close(jobs)
	wg.Wait()
}

// extents is the canvas of the first replay: it finds the pixels each group
// covers, the bounding box of its outlines, strokes (with their square
// caps) and glyphs, one pixel more on each side for anti-aliasing, within
// the image.
type extents struct {
	r     *raster
	faces faceCache
	parts []image.Rectangle // each group's, in the order drawn
	frame []int             // the frame each group is, or -1
	err   error             // the first text too wide to draw

	frames  int // frames begun
	inFrame bool
	x0, y0  float64 // the box so far, in pixels
	x1, y1  float64
}

func (e *extents) BeginFrame(f *gallery.Frame) {
	e.inFrame = true
	e.reset()
}

func (e *extents) EndFrame() {
	e.end(e.frames)
	e.frames++
	e.inFrame = false
}

// reset empties the box.
func (e *extents) reset() {
	e.x0, e.y0, e.x1, e.y1 = math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
}

// end ends a group, frame k or -1 for one outside frames.
func (e *extents) end(k int) {
	r := image.Rectangle{}
	if e.x0 <= e.x1 && e.y0 <= e.y1 { // not nothing, nor NaNs
		r = image.Rect(int(math.Floor(e.x0))-1, int(math.Floor(e.y0))-1, int(math.Ceil(e.x1))+1, int(math.Ceil(e.y1))+1)
		r = r.Intersect(image.Rect(0, 0, e.r.width, e.r.height))
	}
	e.parts = append(e.parts, r)
	e.frame = append(e.frame, k)
}

// op begins a group of one outside frames, and ends it after f.
func (e *extents) op(f func()) {
	if e.inFrame {
		f()
		return
	}
	e.reset()
	f()
	e.end(-1)
}

func (e *extents) grow(x, y, pad float64) {
	e.x0, e.y0 = min(e.x0, x-pad), min(e.y0, y-pad)
	e.x1, e.y1 = max(e.x1, x+pad), max(e.y1, y+pad)
}

func (e *extents) Fill(sh *gallery.Shape) {
	s := e.r.scale
	e.op(func() {
		for _, r := range sh.Outline {
			for _, p := range r {
				e.grow(p.X*s, p.Y*s, 0)
			}
		}
	})
}

func (e *extents) Stroke(segs []gallery.Segment, width float64, col color.NRGBA) {
	s := e.r.scale
	e.op(func() {
		for _, sg := range segs {
			// A square cap reaches half the width beyond each end.
			e.grow(sg.A.X*s, sg.A.Y*s, width*s/2)
			e.grow(sg.B.X*s, sg.B.Y*s, width*s/2)
		}
	})
}

func (e *extents) Polyline(paths [][]gallery.Point, width float64, col color.NRGBA) {
	s := e.r.scale
	e.op(func() {
		for _, path := range paths {
			// A round cap or join reaches half the width from a point.
			for _, q := range path {
				e.grow(q.X*s, q.Y*s, width*s/2)
			}
		}
	})
}

func (e *extents) Text(t *gallery.Text) {
	e.op(func() {
		face, dot, ok, err := e.r.textPlace(t, e.faces)
		if err != nil && e.err == nil {
			e.err = err
		}
		if ok {
			b, _ := font.BoundString(face, t.Text)
			b = b.Add(dot)
			e.grow(float64(b.Min.X)/64, float64(b.Min.Y)/64, 0)
			e.grow(float64(b.Max.X)/64, float64(b.Max.Y)/64, 0)
		}
	})
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

// pngPen is the canvas of the second replay: it draws each group into its
// part of the image, with a gg context made for the group.
type pngPen struct {
	r     *raster
	img   *image.RGBA
	faces faceCache
	parts []image.Rectangle // as extents found them
	next  int               // the next group's part
	out   *output           // checked at each frame; nil in workers

	// dispatch, if set, hands a frame's part to a worker instead of
	// drawing it here.
	dispatch func(part int)
	skip     bool // the current frame is not drawn here

	inFrame bool
	view    *image.RGBA // the current part, its origin at its top-left corner
	origin  image.Point // the current part's top-left corner in the image
	dc      *gg.Context

	// pal and dst, when set, make the pen draw into dst, a paletted image,
	// through a scratch image of each part (view), looked up in pal once
	// the part is drawn (flush).
	pal   *livePalette
	dst   *image.Paletted
	part  image.Rectangle // the part view holds
	local *colorCache
	// scratch is the memory of view, kept from part to part.
	scratch []byte
}

// colorCache remembers the palette indices of the colours a pen met
// last, in a table indexed by a hash of the colour: a lookup is a few
// instructions, where a map's is a call; a colour whose place is taken
// is looked up in the palette again.
type colorCache struct {
	key [1 << 10]uint32
	idx [1 << 10]uint8
	set [1 << 10]bool
}

// index returns the palette index of colour px, false if the palette is
// full.
func (c *colorCache) index(px uint32, pal *livePalette) (uint8, bool) {
	h := (px * 0x9e3779b1) >> 22
	if c.set[h] && c.key[h] == px {
		return c.idx[h], true
	}
	i, ok := pal.index(px)
	if ok {
		c.key[h], c.idx[h], c.set[h] = px, i, true
	}
	return i, ok
}

// flush looks the pixels of the part just drawn up in the palette, into
// dst.
func (p *pngPen) flush() {
	if p.view == nil || p.part.Empty() {
		return
	}
	v, r := p.view, p.part
	if p.local == nil {
		p.local = &colorCache{}
	}
	for y := range r.Dy() {
		row := v.Pix[y*v.Stride : y*v.Stride+4*r.Dx()]
		dst := p.dst.Pix[(r.Min.Y+y)*p.dst.Stride+r.Min.X:][:r.Dx()]
		last, idx := uint32(1<<32-1), uint8(0)
		for x := range dst {
			px := binary.LittleEndian.Uint32(row[4*x:])
			if px != last {
				i, ok := p.local.index(px, p.pal)
				if !ok {
					return // too many colours: pal says so
				}
				last, idx = px, i
			}
			dst[x] = idx
		}
	}
	p.view = nil
}

// fillRGBA fills pix, RGBA pixels, with c.
func fillRGBA(pix []byte, c color.RGBA) {
	if len(pix) < 4 {
		return
	}
	pix[0], pix[1], pix[2], pix[3] = c.R, c.G, c.B, c.A
	for k := 4; k < len(pix); k *= 2 {
		copy(pix[k:], pix[:k])
	}
}

// begin starts drawing the next group.
func (p *pngPen) begin() {
	r := p.parts[p.next]
	p.next++
	if p.pal != nil {
		p.flush()
	}
	p.origin = r.Min
	p.view, p.dc = nil, nil
	if r.Empty() {
		return
	}
	if p.pal != nil {
		// A scratch image of the part, the background's colour, whose
		// pixels flush then looks up in the palette.
		n := 4 * r.Dx() * r.Dy()
		if cap(p.scratch) < n {
			p.scratch = make([]byte, n)
		}
		p.view = &image.RGBA{Pix: p.scratch[:n], Stride: 4 * r.Dx(), Rect: image.Rect(0, 0, r.Dx(), r.Dy())}
		fillRGBA(p.view.Pix, color.RGBAModel.Convert(p.r.sheet.Background).(color.RGBA))
		p.part = r
	} else {
		// A view of the part, with its origin at the part's top-left
		// corner, as gg's rasterizer wants.
		img := p.img
		p.view = &image.RGBA{Pix: img.Pix[img.PixOffset(r.Min.X, r.Min.Y):], Stride: img.Stride, Rect: image.Rect(0, 0, r.Dx(), r.Dy())}
	}
	p.dc = gg.NewContextForRGBA(p.view)
	p.dc.SetLineCapSquare()
}

func (p *pngPen) BeginFrame(f *gallery.Frame) {
	p.inFrame = true
	switch {
	case p.out != nil && p.out.stopped():
		p.next++
		p.skip = true
	case p.dispatch != nil:
		p.dispatch(p.next)
		p.next++
		p.skip = true
	default:
		p.begin()
	}
}

func (p *pngPen) EndFrame() { p.inFrame, p.skip = false, false }

// start begins a group for an operation outside frames, and reports
// whether to draw it.
func (p *pngPen) start() bool {
	if p.skip {
		return false
	}
	if !p.inFrame {
		p.begin()
	}
	return p.dc != nil
}

// pt returns a point of the sheet in the current part's pixels.
func (p *pngPen) pt(q gallery.Point) (float64, float64) {
	s := p.r.scale
	return q.X*s - float64(p.origin.X), q.Y*s - float64(p.origin.Y)
}

// Fill fills the shape by the non-zero winding rule.
func (p *pngPen) Fill(sh *gallery.Shape) {
	if !p.start() {
		return
	}
	dc := p.dc
	for _, ring := range sh.Outline {
		for k, q := range ring {
			x, y := p.pt(q)
			if k == 0 {
				dc.MoveTo(x, y)
			} else {
				dc.LineTo(x, y)
			}
		}
		dc.ClosePath()
	}
	dc.SetColor(sh.Fill)
	dc.Fill()
}

// Stroke strokes the segments with square caps.
func (p *pngPen) Stroke(segs []gallery.Segment, width float64, col color.NRGBA) {
	if !p.start() {
		return
	}
	dc := p.dc
	for _, sg := range segs {
		dc.MoveTo(p.pt(sg.A))
		dc.LineTo(p.pt(sg.B))
	}
	dc.SetLineWidth(width * p.r.scale)
	dc.SetColor(col)
	dc.Stroke()
}

// Polyline strokes the paths with round caps and joins, and fills a disc
// for each path of one point (gg strokes nothing along a line of length
// zero).
func (p *pngPen) Polyline(paths [][]gallery.Point, width float64, col color.NRGBA) {
	if !p.start() {
		return
	}
	dc := p.dc
	w := width * p.r.scale
	lines := false
	for _, path := range paths {
		if len(path) < 2 {
			continue
		}
		lines = true
		dc.MoveTo(p.pt(path[0]))
		for _, q := range path[1:] {
			dc.LineTo(p.pt(q))
		}
	}
	dc.SetColor(col)
	if lines {
		dc.SetLineWidth(w)
		dc.SetLineCapRound()
		dc.SetLineJoinRound()
		dc.Stroke()
		dc.SetLineCapSquare()
	}
	dots := false
	for _, path := range paths {
		if len(path) == 1 {
			x, y := p.pt(path[0])
			dc.DrawCircle(x, y, w/2)
			dots = true
		}
	}
	if dots {
		dc.Fill()
	}
}

// Text sets the text.
func (p *pngPen) Text(t *gallery.Text) {
	if !p.start() {
		return
	}
	if face, dot, ok, _ := p.r.textPlace(t, p.faces); ok {
		dot.X -= fixed.I(p.origin.X)
		dot.Y -= fixed.I(p.origin.Y)
		d := font.Drawer{Dst: p.view, Src: image.NewUniform(t.Color), Face: face, Dot: dot}
		d.DrawString(t.Text)
	}
}

// textPlace returns the face for t, at the scale, and the dot (the left
// end of the baseline) in sheet pixels; ok is false if there is nothing to
// draw. Text that would reach beyond maxTextPixels is not drawn, and is an
// error.
func (r *raster) textPlace(t *gallery.Text, faces faceCache) (face font.Face, dot fixed.Point26_6, ok bool, err error) {
	size := t.Size * r.scale
	if t.Text == "" || !(size > 0 && size < 1e5) || t.Color.A == 0 {
		return nil, dot, false, nil
	}
	ff := r.font.face(t.Bold)
	face = faces.face(ff, size)
	x, y := t.X*r.scale, t.Y*r.scale+ff.middle(size)
	w := advance(face, t.Text)
	switch t.Anchor {
	case gallery.AnchorMiddle:
		x -= w / 2
	case gallery.AnchorEnd:
		x -= w
	}
	if !(math.Abs(x) < maxTextPixels && math.Abs(x+w) < maxTextPixels && math.Abs(y) < maxTextPixels) {
		return nil, dot, false, fmt.Errorf("render: the text %s reaches %.0f pixels from the origin at %v DPI; at most %d",
			quote.Short(t.Text), max(math.Abs(x), math.Abs(x+w), math.Abs(y)), r.scale*defaultDPI, maxTextPixels)
	}
	return face, fixed.Point26_6{X: fixed.Int26_6(math.Round(x * 64)), Y: fixed.Int26_6(math.Round(y * 64))}, true, nil
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
	data := binary.BigEndian.AppendUint32(nil, ppm) // across
	data = binary.BigEndian.AppendUint32(data, ppm) // down
	var chunk bytes.Buffer
	writeChunk(&chunk, "pHYs", append(data, 1)) // the unit: the metre
	return chunk.Bytes()
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

// livePalette is the palette of a paletted image being drawn: colours, as
// image.RGBA stores them (red in the low byte, alpha in the high one), are
// given indices as they come, from several goroutines.
type livePalette struct {
	mu     sync.Mutex
	colors []uint32
	index_ map[uint32]uint8
	over   bool // more than maxPaletted colours came
}

// index returns the index of colour c, giving it the next if it has none;
// false if there are too many.
func (l *livePalette) index(c uint32) (uint8, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if i, ok := l.index_[c]; ok {
		return i, true
	}
	if len(l.colors) >= maxPaletted {
		l.over = true
		return 0, false
	}
	i := uint8(len(l.colors))
	l.index_[c] = i
	l.colors = append(l.colors, c)
	return i, true
}

// drawPaletted draws the sheet straight into a paletted image, group by
// group: each into a scratch image the size of its part, whose pixels are
// then looked up in a palette built as colours come; pixels in no part
// are the background's. It keeps memory to one byte a pixel, where
// drawing in true colour first takes four more. The palette is then sorted
// as indexed sorts it, so the image is the one draw and indexed would
// make. It reports false when parts overlap, or the picture has more than
// maxPaletted colours: draw then draws it in true colour.
func (r *raster) drawPaletted(out *output) (*image.Paletted, bool, error) {
	ext, err := r.extents()
	if err != nil {
		return nil, false, err
	}
	if !disjoint(ext.parts) {
		return nil, false, nil
	}
	bg := color.RGBAModel.Convert(r.sheet.Background).(color.RGBA)
	pal := &livePalette{index_: map[uint32]uint8{}}
	pal.index(uint32(bg.R) | uint32(bg.G)<<8 | uint32(bg.B)<<16 | uint32(bg.A)<<24) // index 0: Pix's zero
	img := image.NewPaletted(image.Rect(0, 0, r.width, r.height), nil)
	pen := &pngPen{r: r, faces: ext.faces, parts: ext.parts, out: out, pal: pal, dst: img}
	workers := min(runtime.GOMAXPROCS(0), len(r.sheet.Frames))
	r.drawFrames(pen, workers, func() func(int) {
		faces, local := faceCache{}, &colorCache{}
		var scratch []byte
		return func(part int) {
			if out.ctx.Err() != nil || pal.over {
				return
			}
			p := &pngPen{r: r, faces: faces, parts: ext.parts, next: part, pal: pal, dst: img, local: local, scratch: scratch}
			r.sheet.DrawFrame(p, ext.frame[part])
			p.flush()
			scratch = p.scratch
		}
	})
	pen.flush() // the last part the pen drew
	if out.stopped() {
		return nil, false, out.err
	}
	if pal.over {
		return nil, false, nil
	}
	// Sort the palette, the least opaque first, and renumber the pixels.
	order := make([]int, len(pal.colors))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int { return cmp.Compare(pal.colors[a], pal.colors[b]) })
	var renumber [256]uint8
	img.Palette = make(color.Palette, len(order))
	for k, i := range order {
		renumber[i] = uint8(k)
		c := pal.colors[i]
		img.Palette[k] = color.RGBA{uint8(c), uint8(c >> 8), uint8(c >> 16), uint8(c >> 24)}
	}
	var renum sync.WaitGroup
	chunk := (len(img.Pix) + workers - 1) / max(workers, 1)
	for lo := 0; lo < len(img.Pix); lo += chunk {
		part := img.Pix[lo:min(lo+chunk, len(img.Pix))]
		renum.Go(func() {
			for i, v := range part {
				part[i] = renumber[v]
			}
		})
	}
	renum.Wait()
	return img, true, nil
}
