package mesh

import (
	"bytes"
	"encoding/binary"
	"image/color"
	"math"
	"strings"
	"testing"

	"github.com/hpinc/go3mf"
	"github.com/polytile/polytile/puzzles/geom"
	"github.com/polytile/polytile/puzzles/specs"
)

// closed checks that every edge of m is walked once each way: the mesh is
// watertight, each edge shared by exactly two triangles, and they agree on
// which side is out.
func closed(t *testing.T, m Mesh) {
	t.Helper()
	edges := map[[2]int]int{}
	for _, tr := range m.Triangles {
		for k := range 3 {
			edges[[2]int{tr[k], tr[(k+1)%3]}]++
		}
	}
	for e, n := range edges {
		if n != 1 || edges[[2]int{e[1], e[0]}] != 1 {
			t.Fatalf("%s: edge %v walked %d times, back %d: not closed", m.Name, e, n, edges[[2]int{e[1], e[0]}])
		}
	}
	// Vertices at one place are one vertex: no cracks hide between them.
	seen := map[[3]float64]bool{}
	for _, v := range m.Vertices {
		if seen[v] {
			t.Fatalf("%s: two vertices at %v", m.Name, v)
		}
		seen[v] = true
	}
}

// Every piece of every cube set, and of pentominoes laid flat, is a closed
// mesh facing out, of the volume of its cubes, with and without clearance;
// a clearance takes off what a shrinking by it takes.
func TestPiecesClosed(t *testing.T) {
	for _, set := range []string{"tricubes", "tetracubes", "pentacubes", "soma"} {
		pieces, err := geom.PieceSet(set)
		if err != nil {
			t.Fatal(err)
		}
		var solids []Solid
		for _, p := range pieces {
			solids = append(solids, Solid{Name: p.Name, Cells: p.Cells})
		}
		for _, clearance := range []float64{0, 0.15, 2} {
			meshes, err := Build(solids, &Options{Cell: 10, Clearance: clearance, Apart: true})
			if err != nil {
				t.Fatal(err)
			}
			for i, m := range meshes {
				closed(t, m)
				n := float64(len(pieces[i].Cells))
				vol := m.Volume()
				if clearance == 0 && math.Abs(vol-n*1000) > n*6*10*10*MinClearance {
					t.Errorf("%s %s: volume %g, want %g", set, m.Name, vol, n*1000)
				}
				if clearance > 0 && !(vol > 0 && vol < n*1000) {
					t.Errorf("%s %s with clearance %g: volume %g, want less than %g", set, m.Name, clearance, vol, n*1000)
				}
				if lo, hi := bounds(m.Vertices); lo != [3]float64{} {
					t.Errorf("%s %s: lies from %v to %v, not at the origin", set, m.Name, lo, hi)
				}
			}
		}
	}
	// A clearance of 1 mm on one 10 mm cube leaves an 8 mm cube.
	m, err := Build([]Solid{{Name: "c", Cells: []geom.Cell{{}}}}, &Options{Cell: 10, Clearance: 1})
	if err != nil {
		t.Fatal(err)
	}
	if v := m[0].Volume(); math.Abs(v-512) > 1e-6 {
		t.Errorf("a 10 mm cube less 1 mm all round: volume %g, want 512", v)
	}
}

// Two cubes that touch along an edge alone stay apart once cleared, and
// their mesh stays closed.
func TestEdgeContact(t *testing.T) {
	// An S of four cubes in two layers whose two ends meet at an edge.
	cells := []geom.Cell{{Layer: 0, Row: 0, Col: 0}, {Layer: 1, Row: 0, Col: 0}, {Layer: 1, Row: 0, Col: 1}, {Layer: 1, Row: 1, Col: 1}, {Layer: 0, Row: 1, Col: 1}}
	for _, c := range []float64{0, 0.2} {
		m, err := Build([]Solid{{Name: "s", Cells: cells}}, &Options{Cell: 10, Clearance: c})
		if err != nil {
			t.Fatal(err)
		}
		closed(t, m[0])
		if v := m[0].Volume(); v <= 0 || v > 5000+1e-6 {
			t.Errorf("clearance %g: volume %g", c, v)
		}
	}
}

// A chiral piece prints as drawn, not as its mirror image: seen from
// above, the piece's columns run along X and its rows down Y.
func TestNotMirrored(t *testing.T) {
	// An L: a column of three rows, and a foot to the right in the last.
	cells := []geom.Cell{{Row: 0}, {Row: 1}, {Row: 2}, {Row: 2, Col: 1}}
	m, err := Build([]Solid{{Name: "L", Cells: cells}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	// The foot's far corner: X at two cubes, at the lowest Y.
	lo, hi := bounds(m[0].Vertices)
	footCorner := false
	for _, v := range m[0].Vertices {
		if v[0] == hi[0] && v[1] == lo[1] {
			footCorner = true
		}
	}
	if !footCorner || math.Abs(hi[0]-lo[0]-40) > 0.1 || math.Abs(hi[1]-lo[1]-60) > 0.1 {
		t.Errorf("the L spans %v to %v, its foot not to the right at the bottom", lo, hi)
	}
}

func TestWriteFormats(t *testing.T) {
	soma, _ := geom.PieceSet("soma")
	var solids []Solid
	for i, p := range soma {
		solids = append(solids, Solid{Name: p.Name, Color: color.NRGBA{uint8(30 * i), 100, 200, 255}, Cells: p.Cells})
	}
	meshes, err := Build(solids, &Options{Clearance: 0.15, Apart: true})
	if err != nil {
		t.Fatal(err)
	}
	triangles := 0
	for _, m := range meshes {
		triangles += len(m.Triangles)
	}
	var stl bytes.Buffer
	if err := WriteSTL(&stl, meshes); err != nil {
		t.Fatal(err)
	}
	if n := binary.LittleEndian.Uint32(stl.Bytes()[80:]); int(n) != triangles || stl.Len() != 84+50*triangles {
		t.Errorf("STL: %d triangles in %d bytes, want %d in %d", n, stl.Len(), triangles, 84+50*triangles)
	}
	var a, b bytes.Buffer
	if err := Write3MF(&a, meshes); err != nil {
		t.Fatal(err)
	}
	if err := Write3MF(&b, meshes); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Errorf("two writes of the same meshes differ")
	}
	var model go3mf.Model
	if err := go3mf.NewDecoder(bytes.NewReader(a.Bytes()), int64(a.Len())).Decode(&model); err != nil {
		t.Fatal(err)
	}
	if len(model.Resources.Objects) != len(soma) || len(model.Build.Items) != len(soma) {
		t.Fatalf("3MF: %d objects, %d items", len(model.Resources.Objects), len(model.Build.Items))
	}
	for i, o := range model.Resources.Objects {
		if o.Name != soma[i].Name || len(o.Mesh.Triangles.Triangle) != len(meshes[i].Triangles) {
			t.Errorf("3MF object %d: %q with %d triangles", i, o.Name, len(o.Mesh.Triangles.Triangle))
		}
	}
	if model.Units != go3mf.UnitMillimeter {
		t.Errorf("units %v", model.Units)
	}
}

// Render settings give the sizes: cell and clearance in any unit, the
// clearance 0.15 mm when none is set, mistakes named by their keys.
func TestOptionsOf(t *testing.T) {
	solids := []Solid{{Name: "V", Piece: "V", Cells: []geom.Cell{{}, {Col: 1}, {Row: 1}}}}
	tests := []struct {
		settings    [][2]string
		cell, clear float64
		err         string
		tiles       bool
		thick       float64
		bed         [2]float64
	}{
		{nil, 0, DefaultClearance, "", false, 0, [2]float64{}},
		{[][2]string{{"cell", "1in"}, {"clearance", "0.2mm"}}, 25.4, 0.2, "", false, 0, [2]float64{}},
		{[][2]string{{"clearance", "0.01mm"}}, 0, 0.01, "", false, 0, [2]float64{}},
		{[][2]string{{"clearance", "12mm"}}, 0, 0, "clearance", false, 0, [2]float64{}},
		{[][2]string{{"cell", "2m"}}, 0, 0, "cell", false, 0, [2]float64{}},
		{[][2]string{{"bed", "220x250mm"}}, 0, DefaultClearance, "", false, 0, [2]float64{220, 250}},
		{[][2]string{{"bed", "8x10in"}}, 0, DefaultClearance, "", false, 0, [2]float64{203.2, 254}},
		{[][2]string{{"bed", "25cm × 21cm"}}, 0, DefaultClearance, "", false, 0, [2]float64{250, 210}},
		{[][2]string{{"bed", "220"}}, 0, 0, "bed", false, 0, [2]float64{}},
		{[][2]string{{"bed", "220x"}}, 0, 0, "bed", false, 0, [2]float64{}},
		{[][2]string{{"bed", "0x220mm"}}, 0, 0, "bed", false, 0, [2]float64{}},
		{[][2]string{{"bed", "220x220furlong"}}, 0, 0, "bed", false, 0, [2]float64{}},
		{nil, 0, DefaultClearance, "", true, DefaultThickness, [2]float64{}},
		{[][2]string{{"thickness", "3mm"}}, 0, DefaultClearance, "", true, 3, [2]float64{}},
		{[][2]string{{"thickness", "3mm"}}, 0, 0, "solids print as high as their cubes", false, 0, [2]float64{}},
		{[][2]string{{"thickness", "2m"}}, 0, 0, "thickness", true, 0, [2]float64{}},
	}
	for _, tt := range tests {
		r := &specs.RenderOptions{}
		var err error
		for _, kv := range tt.settings {
			if err = r.Set(kv[0], kv[1]); err != nil {
				break
			}
		}
		var o *Options
		if err == nil {
			o, err = OptionsOf(r, solids, true, tt.tiles)
		}
		switch {
		case tt.err != "":
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("%v: %v, want an error naming %s", tt.settings, err, tt.err)
			}
		case err != nil:
			t.Errorf("%v: %v", tt.settings, err)
		case math.Abs(o.Thickness-tt.thick) > 1e-9 || math.Abs(o.Bed[0]-tt.bed[0]) > 1e-9 || math.Abs(o.Bed[1]-tt.bed[1]) > 1e-9:
			t.Errorf("%v: thickness %g, bed %v; want %g, %v", tt.settings, o.Thickness, o.Bed, tt.thick, tt.bed)
		case math.Abs(o.Cell-tt.cell) > 1e-9 || math.Abs(o.Clearance-tt.clear) > 1e-9 || solids[0].Color.A != 0xff:
			t.Errorf("%v: cell %g, clearance %g, colour %v; want %g, %g and the palette's", tt.settings, o.Cell, o.Clearance, solids[0].Color, tt.cell, tt.clear)
		}
	}
}
