package mesh

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hpinc/go3mf"
	"github.com/polytile/polytile/puzzles/geom"
	"github.com/polytile/polytile/puzzles/specs"
)

// readSTL returns the triangles of a binary STL, each its three vertices.
func readSTL(t *testing.T, path string) [][3][3]float64 {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	n := int(binary.LittleEndian.Uint32(data[80:]))
	if len(data) != 84+50*n {
		t.Fatalf("%s: %d triangles in %d bytes", path, n, len(data))
	}
	tris := make([][3][3]float64, n)
	for k := range n {
		for v := range 3 {
			for a := range 3 {
				off := 84 + 50*k + 12 + 12*v + 4*a
				tris[k][v][a] = float64(math.Float32frombits(binary.LittleEndian.Uint32(data[off:])))
			}
		}
	}
	return tris
}

// read3MF returns the meshes of a 3MF's objects, by the package's reader.
func read3MF(t *testing.T, path string) []Mesh {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var model go3mf.Model
	if err := go3mf.NewDecoder(bytes.NewReader(data), int64(len(data))).Decode(&model); err != nil {
		t.Fatal(err)
	}
	var out []Mesh
	for _, o := range model.Resources.Objects {
		m := Mesh{Name: o.Name}
		for _, v := range o.Mesh.Vertices.Vertex {
			m.Vertices = append(m.Vertices, [3]float64{float64(v.X()), float64(v.Y()), float64(v.Z())})
		}
		for _, tr := range o.Mesh.Triangles.Triangle {
			m.Triangles = append(m.Triangles, [3]int{int(tr.V1), int(tr.V2), int(tr.V3)})
		}
		out = append(out, m)
	}
	return out
}

// meshOf joins a triangle soup's vertices at one place into one vertex.
func meshOf(name string, tris [][3][3]float64) Mesh {
	m := Mesh{Name: name}
	index := map[[3]float64]int{}
	for _, tr := range tris {
		var k [3]int
		for v, p := range tr {
			i, ok := index[p]
			if !ok {
				i = len(m.Vertices)
				index[p] = i
				m.Vertices = append(m.Vertices, p)
			}
			k[v] = i
		}
		m.Triangles = append(m.Triangles, k)
	}
	return m
}

// Pieces printed on a bed: every plate, read back from its file, lies on
// the bed (0 to its width and depth, z ≥ 0), its meshes closed and facing
// out, the pieces' boxes a tenth of a cell apart or more; the pieces all
// there, on as many plates as the set needs; tiles as thick as asked.
func TestPlates(t *testing.T) {
	tests := []struct {
		set, bed, cell, thickness, ext string
		plates, pieces                 int
		height                         float64 // the pieces' height, 0 to leave it
	}{
		{"soma", "", "", "", "stl", 1, 7, 0},
		{"soma", "90x90mm", "", "", "stl", 3, 7, 0},
		{"soma", "90x90mm", "", "", "3mf", 3, 7, 0},
		{"soma", "30x200mm", "", "", "3mf", 0, 7, 0},
		{"pentacubes", "220x220mm", "", "", "3mf", 3, 29, 0},
		{"pentacubes", "", "10mm", "", "stl", 1, 29, 0},
		{"pentominoes", "", "", "3mm", "stl", 2, 12, 3},
		{"pentominoes", "", "", "", "3mf", 2, 12, DefaultThickness},
		{"pentominoes", "300x300mm", "15mm", "2mm", "3mf", 1, 12, 2},
	}
	for _, tt := range tests {
		name := strings.Join([]string{tt.set, tt.bed, tt.cell, tt.thickness, tt.ext}, " ")
		t.Run(name, func(t *testing.T) {
			lat := geom.PieceSetLattice(tt.set)
			pieces, err := geom.PieceSet(tt.set)
			if err != nil {
				t.Fatal(err)
			}
			r := &specs.RenderOptions{}
			for _, kv := range [][2]string{{"bed", tt.bed}, {"cell", tt.cell}, {"thickness", tt.thickness}} {
				if kv[1] != "" {
					if err := r.Set(kv[0], kv[1]); err != nil {
						t.Fatal(err)
					}
				}
			}
			bed, cell := DefaultBed, float64(DefaultCell)
			if tt.bed != "" {
				w, d, _ := specs.ParseBed(tt.bed)
				bed = [2]float64{w.Px() * mm, d.Px() * mm}
			}
			if tt.cell != "" {
				l, _ := specs.ParseLength(tt.cell, false)
				cell = l.Px() * mm
			}
			path := filepath.Join(t.TempDir(), "p."+tt.ext)
			_, err = PrintPieces(path, map[string]Format{"stl": FormatSTL, "3mf": Format3MF}[tt.ext], lat, pieces, r)
			if tt.plates == 0 {
				var big *TooLargeError
				if !errors.As(err, &big) || !strings.Contains(err.Error(), "39.7 × 39.7 mm") {
					t.Fatalf("got %v, want a piece larger than the bed, with its size", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			plates, count := 0, 0
			for ; ; plates++ {
				p := PlatePath(path, plates+1)
				if _, err := os.Stat(p); err != nil {
					break
				}
				var meshes []Mesh
				if tt.ext == "stl" {
					meshes = apart(meshOf(p, readSTL(t, p)))
				} else {
					meshes = read3MF(t, p)
				}
				count += len(meshes)
				checkPlate(t, p, meshes, bed, cell, tt.height)
			}
			if plates != tt.plates || count != tt.pieces {
				t.Errorf("%d plates, %d pieces; want %d, %d", plates, count, tt.plates, tt.pieces)
			}
		})
	}
}

// checkPlate checks one plate's meshes: closed, facing out, on the bed,
// their boxes apart by a tenth of a cell; as high as height if not 0.
func checkPlate(t *testing.T, path string, meshes []Mesh, bed [2]float64, cell, height float64) {
	t.Helper()
	const eps = 1e-3
	var boxes [][2][3]float64
	for _, m := range meshes {
		closed(t, m)
		if m.Volume() <= 0 {
			t.Errorf("%s %s: volume %g: faces inward", path, m.Name, m.Volume())
		}
		lo, hi := bounds(m.Vertices)
		if lo[0] < -eps || lo[1] < -eps || lo[2] < -eps || hi[0] > bed[0]+eps || hi[1] > bed[1]+eps {
			t.Errorf("%s %s: from %v to %v, off the bed of %v", path, m.Name, lo, hi, bed)
		}
		if height > 0 && (math.Abs(lo[2]) > eps || math.Abs(hi[2]-height) > eps) {
			t.Errorf("%s %s: from z = %g to %g, want a tile %g mm thick", path, m.Name, lo[2], hi[2], height)
		}
		boxes = append(boxes, [2][3]float64{lo, hi})
	}
	for i, a := range boxes {
		for _, b := range boxes[:i] {
			dx := max(a[0][0]-b[1][0], b[0][0]-a[1][0])
			dy := max(a[0][1]-b[1][1], b[0][1]-a[1][1])
			if max(dx, dy) < cell/10-eps {
				t.Errorf("%s: boxes %v and %v are %g mm apart, less than a tenth of a cell (%g mm)", path, a, b, max(dx, dy), cell)
			}
		}
	}
}

// apart splits m into its parts that share no vertex: an STL's pieces.
func apart(m Mesh) []Mesh {
	root := make([]int, len(m.Vertices))
	for i := range root {
		root[i] = i
	}
	var find func(int) int
	find = func(i int) int {
		if root[i] != i {
			root[i] = find(root[i])
		}
		return root[i]
	}
	for _, tr := range m.Triangles {
		root[find(tr[1])], root[find(tr[2])] = find(tr[0]), find(tr[0])
	}
	part := map[int]int{}
	var out []Mesh
	for _, tr := range m.Triangles {
		r := find(tr[0])
		k, ok := part[r]
		if !ok {
			k = len(out)
			part[r] = k
			out = append(out, Mesh{Name: m.Name})
		}
		out[k].Triangles = append(out[k].Triangles, tr)
	}
	// Each part's own vertices, renumbered.
	for k := range out {
		index := map[int]int{}
		for i, tr := range out[k].Triangles {
			for v := range 3 {
				j, ok := index[tr[v]]
				if !ok {
					j = len(out[k].Vertices)
					index[tr[v]] = j
					out[k].Vertices = append(out[k].Vertices, m.Vertices[tr[v]])
				}
				out[k].Triangles[i][v] = j
			}
		}
	}
	return out
}
