package render

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/polytile/polytile/gallery"
	"github.com/polytile/polytile/puzzles"
	"github.com/polytile/polytile/puzzles/specs"
	"github.com/polytile/polytile/puzzles/tiling"
)

// svgShape is a filled path of an SVG frame: its class, and its rings in
// the document's coordinates.
type svgShape struct {
	class string
	rings [][][2]float64
}

// svgFrame is a frame of an SVG document: a <g> with its <title>.
type svgFrame struct {
	title  string
	shapes []svgShape
}

// svgFrames returns the frames of an SVG document, their paths moved by
// their group's translation.
func svgFrames(t *testing.T, data []byte) []svgFrame {
	t.Helper()
	var out []svgFrame
	for _, g := range parseSVG(t, data).children("g") {
		var dx, dy float64
		if tr := g.attr("transform"); tr != "" {
			if _, err := fmt.Sscanf(tr, "translate(%g %g)", &dx, &dy); err != nil {
				t.Fatalf("transform %q: %v", tr, err)
			}
		}
		f := svgFrame{}
		if titles := g.children("title"); len(titles) > 0 {
			f.title = titles[0].Text
		}
		for _, p := range g.children("path") {
			rings := svgPathRings(t, p.attr("d"))
			for _, r := range rings {
				for i := range r {
					r[i][0] += dx
					r[i][1] += dy
				}
			}
			f.shapes = append(f.shapes, svgShape{class: p.attr("class"), rings: rings})
		}
		out = append(out, f)
	}
	return out
}

// svgPathRings returns the points of each subpath of path data d made of
// M, L, H and V commands and their relative forms, in absolute
// coordinates; Z closes a ring and changes nothing.
func svgPathRings(t *testing.T, d string) [][][2]float64 {
	t.Helper()
	var out [][][2]float64
	var x, y float64
	for _, m := range regexp.MustCompile(`([MLHVmlhvZz])([-0-9.]*)(?:[ ,]([-0-9.]+))?`).FindAllStringSubmatch(d, -1) {
		if m[1] == "Z" || m[1] == "z" {
			continue
		}
		a, err := strconv.ParseFloat(m[2], 64)
		if err != nil {
			t.Fatalf("path data %q: %v", d, err)
		}
		b, _ := strconv.ParseFloat(m[3], 64)
		switch m[1] {
		case "M", "m":
			if m[1] == "m" {
				a, b = x+a, y+b
			}
			x, y = a, b
			out = append(out, nil)
		case "L":
			x, y = a, b
		case "l":
			x, y = x+a, y+b
		case "H":
			x = a
		case "h":
			x += a
		case "V":
			y = a
		case "v":
			y += a
		}
		if len(out) == 0 {
			t.Fatalf("path data %q does not start with a move", d)
		}
		out[len(out)-1] = append(out[len(out)-1], [2]float64{x, y})
	}
	return out
}

// inRings reports whether x, y lies inside rings by the even-odd rule.
func inRings(rings [][][2]float64, x, y float64) bool {
	in := false
	for _, r := range rings {
		for i, j := 0, len(r)-1; i < len(r); j, i = i, i+1 {
			a, b := r[i], r[j]
			if (a[1] > y) != (b[1] > y) && x < (b[0]-a[0])*(y-a[1])/(b[1]-a[1])+a[0] {
				in = !in
			}
		}
	}
	return in
}

// visibleArea returns, for each piece a frame's filled paths show, the
// area of it in sight, in square pixels: the paths are painted in order on
// a grid of samples step pixels apart, each covering those before, and a
// sample counts for the piece whose colour (pieceOf, by class) it ends in.
func visibleArea(f svgFrame, pieceOf map[string]string, step float64) map[string]float64 {
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, sh := range f.shapes {
		for _, r := range sh.rings {
			for _, p := range r {
				minX, minY, maxX, maxY = min(minX, p[0]), min(minY, p[1]), max(maxX, p[0]), max(maxY, p[1])
			}
		}
	}
	cols, rows := int((maxX-minX)/step)+1, int((maxY-minY)/step)+1
	owner := make([]int, cols*rows)
	for i := range owner {
		owner[i] = -1
	}
	for k, sh := range f.shapes {
		lx, ly, hx, hy := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
		for _, r := range sh.rings {
			for _, p := range r {
				lx, ly, hx, hy = min(lx, p[0]), min(ly, p[1]), max(hx, p[0]), max(hy, p[1])
			}
		}
		for row := max(0, int((ly-minY)/step)); row < rows && minY+float64(row)*step <= hy; row++ {
			for col := max(0, int((lx-minX)/step)); col < cols && minX+float64(col)*step <= hx; col++ {
				if inRings(sh.rings, minX+(float64(col)+0.5)*step, minY+(float64(row)+0.5)*step) {
					owner[row*cols+col] = k
				}
			}
		}
	}
	area := map[string]float64{}
	for _, k := range owner {
		if k >= 0 && pieceOf[f.shapes[k].class] != "" {
			area[pieceOf[f.shapes[k].class]] += step * step
		}
	}
	return area
}

// solidPoster lays out the first limit distinct solutions of a built-in
// solid (all for 0) in view, with a legend, and writes them as SVG.
func solidPoster(t *testing.T, name string, limit int, view string) ([]*gallery.Sheet, []byte) {
	t.Helper()
	var sols []*tiling.Solution
	if limit == 0 {
		sols = solutions(t, name)
	} else {
		spec, err := specs.Load(name)
		if err != nil {
			t.Fatal(err)
		}
		res, err := spec.Problem.Solve(context.Background(), &puzzles.SolveConfig{Limit: limit})
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range res.Distinct {
			sols = append(sols, d.Solution.(*tiling.Solution))
		}
	}
	sheets := layout(t, sols, &gallery.Options{View: view, Legend: true})
	return sheets, encode(t, FormatSVG, sheets, nil)
}

// hiddenPieces returns, for each piece, the number of frames of solutions
// of an SVG poster in which it has less than a tenth of a cell's square
// in sight, and the problems of its legend: a piece it lists that no
// frame shows, or one a frame shows that it does not list.
func hiddenPieces(t *testing.T, sheets []*gallery.Sheet, data []byte) (hidden map[string]int, frames int, legend []string) {
	t.Helper()
	pieceOf := map[string]string{} // a fill's class → the piece of that colour
	rules := classRules(t, parseSVG(t, data))
	byColour := map[string]string{}
	names := map[string]bool{}
	for _, f := range sheets[0].Frames {
		for _, sh := range f.Shapes {
			c := hex(sh.Fill)
			if p, ok := byColour[c]; ok && p != sh.Piece && strings.HasPrefix(f.Title, "solution") {
				t.Fatalf("pieces %q and %q share the colour %s", p, sh.Piece, c)
			}
			if strings.HasPrefix(f.Title, "solution") {
				byColour[c] = sh.Piece
				names[sh.Piece] = sh.Piece != ""
			}
		}
	}
	for class, c := range rules {
		pieceOf[class] = byColour[c]
	}
	hidden = map[string]int{}
	listed := map[string]bool{}
	shown := map[string]bool{}
	cell := 24.0
	for _, f := range svgFrames(t, data) {
		if p, ok := strings.CutPrefix(f.title, "legend: "); ok {
			listed[p] = true
			continue
		}
		if !strings.HasPrefix(f.title, "solution") {
			continue
		}
		frames++
		area := visibleArea(f, pieceOf, 2)
		for name, drawn := range names {
			if !drawn {
				continue
			}
			if area[name] < cell*cell/10 {
				hidden[name]++
			} else {
				shown[name] = true
			}
		}
	}
	for p := range listed {
		if !shown[p] {
			legend = append(legend, "lists "+p+", which no frame shows")
		}
	}
	for p := range shown {
		if !listed[p] {
			legend = append(legend, "does not list "+p+", which frames show")
		}
	}
	return hidden, frames, legend
}

// In every frame of a poster of Soma's 240 solutions, and of the first
// 200 of the solid pentominoes in a 3×4×5 box, drawn in the default view
// (two corners and the layers), and of Soma's as steps and apart
// (exploded), every piece has some area in sight, counted from the SVG's
// paths, painted in order; and the legend lists the pieces drawn. Seen
// from one corner alone (isometric) Soma's V is in sight in 23 frames of
// the 240, which the count finds.
func TestSolidPiecesInSight(t *testing.T) {
	if testing.Short() {
		t.Skip("lays out and reads back 880 frames of solids")
	}
	for _, tt := range []struct {
		name  string
		limit int
		view  string
	}{
		{"soma", 0, ""},
		{"soma", 0, gallery.ViewSteps},
		{"soma", 0, gallery.ViewExploded},
		{"solid-pentominoes-3x4x5", 200, ""},
	} {
		t.Run(tt.name+"/"+tt.view, func(t *testing.T) {
			sheets, data := solidPoster(t, tt.name, tt.limit, tt.view)
			hidden, frames, legend := hiddenPieces(t, sheets, data)
			if want := cmp.Or(tt.limit, 240); frames != want {
				t.Errorf("%d frames, want %d", frames, want)
			}
			for p, n := range hidden {
				t.Errorf("piece %s out of sight in %d frames of %d", p, n, frames)
			}
			for _, l := range legend {
				t.Errorf("the legend %s", l)
			}
		})
	}
	sheets, data := solidPoster(t, "soma", 0, gallery.ViewIsometric)
	hidden, frames, _ := hiddenPieces(t, sheets, data)
	if frames-hidden["V"] != 23 {
		t.Errorf("seen from one corner, V is in sight in %d frames of %d, want 23", frames-hidden["V"], frames)
	}
}

// On a poster of Soma's 240 solutions with their pieces apart (exploded),
// each frame is boxed (a faint rectangle, the grid's class), all its
// boxes the same size, and what the frame draws (its paths, strokes
// widened by half the widest) lies inside its box, apart from every other
// frame's box.
func TestExplodedFramesApart(t *testing.T) {
	if testing.Short() {
		t.Skip("lays out and reads back 240 frames")
	}
	_, data := solidPoster(t, "soma", 0, gallery.ViewExploded)
	type box struct{ x0, y0, x1, y1 float64 }
	grow := func(b box, p [2]float64) box {
		return box{min(b.x0, p[0]), min(b.y0, p[1]), max(b.x1, p[0]), max(b.y1, p[1])}
	}
	empty := box{math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)}
	var boxes []box
	for _, f := range svgFrames(t, data) {
		if !strings.HasPrefix(f.title, "solution") {
			continue
		}
		frame, drawn := empty, empty
		for _, sh := range f.shapes {
			for _, r := range sh.rings {
				for _, p := range r {
					if sh.class == "g" {
						frame = grow(frame, p)
					} else {
						drawn = grow(drawn, p)
					}
				}
			}
		}
		const pad = 1.5 // half the widest stroke, a border's 3 pixels
		if frame == empty || drawn.x0-pad < frame.x0 || drawn.y0-pad < frame.y0 || drawn.x1+pad > frame.x1 || drawn.y1+pad > frame.y1 {
			t.Errorf("frame %d draws %v, out of its box %v", len(boxes)+1, drawn, frame)
		}
		if len(boxes) > 0 && math.Abs((frame.x1-frame.x0)-(boxes[0].x1-boxes[0].x0))+math.Abs((frame.y1-frame.y0)-(boxes[0].y1-boxes[0].y0)) > 0.1 {
			t.Errorf("frame %d is boxed in %v, frame 1 in %v: another size", len(boxes)+1, frame, boxes[0])
		}
		boxes = append(boxes, frame)
	}
	if len(boxes) != 240 {
		t.Fatalf("%d frames, want 240", len(boxes))
	}
	for i, a := range boxes {
		for j, b := range boxes[:i] {
			if a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1 {
				t.Errorf("frames %d and %d overlap: %v and %v", j+1, i+1, b, a)
			}
		}
	}
}
