package render

import (
	"image/color"

	"github.com/polytile/polytile/gallery"
)

// polylineScan is a canvas that notes the styles of the polylines a
// sheet draws (a stick lattice's pieces and grid points), each once, in
// the order Sheet.Draw meets them, for the formats that declare their
// styles before they draw (SVG's style sheet, TikZ's colours).
type polylineScan struct {
	styles []strokeStyle
	seen   map[strokeStyle]bool
}

func (p *polylineScan) BeginFrame(*gallery.Frame)                      {}
func (p *polylineScan) EndFrame()                                      {}
func (p *polylineScan) Fill(*gallery.Shape)                            {}
func (p *polylineScan) Stroke([]gallery.Segment, float64, color.NRGBA) {}
func (p *polylineScan) Text(*gallery.Text)                             {}
func (p *polylineScan) Polyline(_ [][]gallery.Point, width float64, c color.NRGBA) {
	st := strokeStyle{width, c}
	if !p.seen[st] {
		p.seen[st] = true
		p.styles = append(p.styles, st)
	}
}

// polylineStyles returns the styles of the polylines s draws, each once,
// in the order drawn; none for a sheet without any, found without
// replaying it.
func polylineStyles(s *gallery.Sheet) []strokeStyle {
	found := false
	for i := range s.Frames {
		if len(s.Frames[i].Points) > 0 || len(s.Frames[i].Sticks) > 0 {
			found = true
			break
		}
	}
	if !found {
		return nil
	}
	p := &polylineScan{seen: map[strokeStyle]bool{}}
	s.Draw(p)
	return p.styles
}
