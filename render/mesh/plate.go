package mesh

import (
	"cmp"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
)

// DefaultBed is the width and depth of the bed that Plates packs onto when
// Options.Bed is 0, in millimetres: one that common printers hold.
var DefaultBed = [2]float64{200, 200}

// TooLargeError is the error of a piece, or an assembled solution, whose
// footprint fits on no plate of the bed either way round.
type TooLargeError struct {
	Name      string     // the piece, or "the solution"
	Size, Bed [2]float64 // its footprint and the bed's, width and depth in millimetres
	Assembled bool       // the whole solution, which stays as it is assembled
	Cell      float64    // the cube's edge, for the advice
}

func (e *TooLargeError) Error() string {
	what, way := fmt.Sprintf("piece %q", e.Name), " either way round"
	if e.Assembled {
		what, way = "the assembled solution", ""
	}
	return fmt.Sprintf("mesh: %s is %s × %s mm, larger than the bed of %s × %s mm%s; give a larger bed or a smaller cell (now %s mm)",
		what, coord(e.Size[0]), coord(e.Size[1]), coord(e.Bed[0]), coord(e.Bed[1]), way, coord(e.Cell))
}

// Gap returns the least space between two pieces on a plate for cubes of
// edge cell mm: a fifth of the edge.
func Gap(cell float64) float64 { return cell / 5 }

// Plates packs meshes, each at the origin (Options.Apart), on plates of
// the bed o gives, at least Gap apart, and returns each plate's meshes,
// moved there; the meshes of an assembled solution (not Apart) stay one
// plate as they are, if it fits the bed. The packing is a shelf packing,
// the same meshes giving the same plates: pieces sorted by their
// footprint's depth, then width (largest first), then their order; each
// goes on the first shelf of the first plate it fits, or on a new shelf
// above the last of the first plate with room, or on a new plate. A piece
// deeper than it is wide, or one that fits only so, is turned a quarter
// about the vertical (never mirrored), so that shelves are shallow; the
// others stay as their pictures draw them. Each plate's pieces are centred on the bed, which runs from
// 0 to its width and depth. A footprint larger than the bed either way is
// a *TooLargeError.
func Plates(meshes []Mesh, o *Options) ([][]Mesh, error) {
	bed, cell := o.Bed, o.Cell
	if bed == [2]float64{} {
		bed = DefaultBed
	}
	if cell == 0 {
		cell = DefaultCell
	}
	if !o.Apart {
		return onePlate(meshes, bed, cell)
	}
	gap := Gap(cell)
	type item struct {
		m    Mesh
		w, d float64
		i    int
	}
	items := make([]item, len(meshes))
	for i, m := range meshes {
		_, hi := bounds(m.Vertices)
		it := item{m: m, w: hi[0], d: hi[1], i: i}
		fits, turned := it.w <= bed[0] && it.d <= bed[1], it.d <= bed[0] && it.w <= bed[1]
		if !fits && !turned {
			return nil, &TooLargeError{Name: m.Name, Size: [2]float64{it.w, it.d}, Bed: bed, Cell: cell}
		}
		if !fits || turned && it.d > it.w {
			it.m = turn(m)
			it.w, it.d = it.d, it.w
		}
		items[i] = it
	}
	slices.SortStableFunc(items, func(a, b item) int {
		return cmp.Or(cmp.Compare(b.d, a.d), cmp.Compare(b.w, a.w), cmp.Compare(a.i, b.i))
	})
	type shelf struct{ y, d, x float64 } // its bottom, depth and the width used
	var plates [][]shelf
	var out [][]Mesh
	var order [][]int // the meshes' places in meshes, plate by plate
	place := func(p, s int, it item) {
		sh := &plates[p][s]
		m := it.m
		m.Vertices = slices.Clone(m.Vertices)
		m.shift([3]float64{sh.x, sh.y, 0})
		sh.x += it.w + gap
		out[p], order[p] = append(out[p], m), append(order[p], it.i)
	}
	for _, it := range items {
		placed := false
		for p := 0; p < len(plates) && !placed; p++ {
			for s, sh := range plates[p] {
				if sh.x+it.w <= bed[0] && it.d <= sh.d {
					place(p, s, it)
					placed = true
					break
				}
			}
			if last := plates[p][len(plates[p])-1]; !placed && last.y+last.d+gap+it.d <= bed[1] {
				plates[p] = append(plates[p], shelf{y: last.y + last.d + gap, d: it.d})
				place(p, len(plates[p])-1, it)
				placed = true
			}
		}
		if !placed {
			plates = append(plates, []shelf{{d: it.d}})
			out, order = append(out, nil), append(order, nil)
			place(len(plates)-1, 0, it)
		}
	}
	for k := range out {
		out[k] = inOrder(out[k], order[k])
		lo, hi := footprint(out[k])
		centre(out[k], lo, hi, bed)
	}
	return out, nil
}

// onePlate returns meshes, an assembled solution, as one plate, centred
// on bed; a *TooLargeError if it does not fit.
func onePlate(meshes []Mesh, bed [2]float64, cell float64) ([][]Mesh, error) {
	lo, hi := footprint(meshes)
	size := [2]float64{hi[0] - lo[0], hi[1] - lo[1]}
	if size[0] > bed[0] || size[1] > bed[1] {
		return nil, &TooLargeError{Name: "the solution", Size: size, Bed: bed, Assembled: true, Cell: cell}
	}
	out := slices.Clone(meshes)
	centre(out, lo, hi, bed)
	return [][]Mesh{out}, nil
}

// inOrder returns meshes sorted by their places in order: a plate's
// pieces in the order given.
func inOrder(meshes []Mesh, order []int) []Mesh {
	idx := make([]int, len(meshes))
	for i := range idx {
		idx[i] = i
	}
	slices.SortFunc(idx, func(a, b int) int { return cmp.Compare(order[a], order[b]) })
	out := make([]Mesh, len(meshes))
	for i, j := range idx {
		out[i] = meshes[j]
	}
	return out
}

// footprint returns the least and greatest corners of meshes' boxes.
func footprint(meshes []Mesh) (lo, hi [3]float64) {
	for i, m := range meshes {
		l, h := bounds(m.Vertices)
		if i == 0 {
			lo, hi = l, h
		}
		for a := range 3 {
			lo[a], hi[a] = min(lo[a], l[a]), max(hi[a], h[a])
		}
	}
	return lo, hi
}

// centre moves meshes, whose boxes run from lo to hi, to the middle of
// bed, their lowest point at Z = 0.
func centre(meshes []Mesh, lo, hi [3]float64, bed [2]float64) {
	d := [3]float64{(bed[0] - hi[0] - lo[0]) / 2, (bed[1] - hi[1] - lo[1]) / 2, -lo[2]}
	for i := range meshes {
		meshes[i].Vertices = slices.Clone(meshes[i].Vertices)
		meshes[i].shift(d)
	}
}

// turn returns m, at the origin, turned a quarter counterclockwise about
// the vertical and moved back to the origin: a rotation, so its triangles
// still face out.
func turn(m Mesh) Mesh {
	_, hi := bounds(m.Vertices)
	vs := make([][3]float64, len(m.Vertices))
	for i, v := range m.Vertices {
		vs[i] = [3]float64{hi[1] - v[1], v[0], v[2]}
	}
	m.Vertices = vs
	return m
}

// PlatePath returns the file of plate k (from 1) of pieces written to
// path: path itself for the first, FILE-k.EXT for the others.
func PlatePath(path string, k int) string {
	if k == 1 {
		return path
	}
	ext := filepath.Ext(path)
	return fmt.Sprintf("%s-%d%s", strings.TrimSuffix(path, ext), k, ext)
}
