package mesh

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"image/color"
	"io"
	"math"
	"path/filepath"
	"strings"

	"github.com/hpinc/go3mf"
)

// Format is a file format of meshes.
type Format int

const (
	// FormatSTL is binary STL: triangles and their normals, no names or
	// colours; every piece in one file.
	FormatSTL Format = iota + 1
	// Format3MF is 3MF: each piece an object, named and coloured.
	Format3MF
)

// String names the format as a file's extension does, without the dot.
func (f Format) String() string {
	switch f {
	case FormatSTL:
		return "stl"
	case Format3MF:
		return "3mf"
	}
	return fmt.Sprintf("Format(%d)", int(f))
}

// FormatOf returns the format path's extension names (.stl or .3mf, in
// any case), or false.
func FormatOf(path string) (Format, bool) {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".stl":
		return FormatSTL, true
	case ".3mf":
		return Format3MF, true
	}
	return 0, false
}

// Write writes meshes to w in format f.
func Write(w io.Writer, f Format, meshes []Mesh) error {
	switch f {
	case FormatSTL:
		return WriteSTL(w, meshes)
	case Format3MF:
		return Write3MF(w, meshes)
	}
	return fmt.Errorf("mesh: %v is no format of meshes", f)
}

// WriteSTL writes meshes as one binary STL: an 80-byte header naming the
// pieces, the number of triangles, then each triangle's unit normal and
// its three vertices (counterclockwise seen from outside), in
// millimetres, as 32-bit floats.
func WriteSTL(w io.Writer, meshes []Mesh) error {
	bw := bufio.NewWriter(w)
	var names []string
	n := 0
	for _, m := range meshes {
		names = append(names, m.Name)
		n += len(m.Triangles)
	}
	if n > math.MaxUint32 {
		return fmt.Errorf("mesh: %d triangles: more than STL counts", n)
	}
	var header [80]byte
	copy(header[:], "polytile: "+strings.Join(names, " "))
	bw.Write(header[:])
	binary.Write(bw, binary.LittleEndian, uint32(n))
	var rec [50]byte
	for _, m := range meshes {
		for _, t := range m.Triangles {
			a, b, c := m.Vertices[t[0]], m.Vertices[t[1]], m.Vertices[t[2]]
			nx := (b[1]-a[1])*(c[2]-a[2]) - (b[2]-a[2])*(c[1]-a[1])
			ny := (b[2]-a[2])*(c[0]-a[0]) - (b[0]-a[0])*(c[2]-a[2])
			nz := (b[0]-a[0])*(c[1]-a[1]) - (b[1]-a[1])*(c[0]-a[0])
			if l := math.Sqrt(nx*nx + ny*ny + nz*nz); l > 0 {
				nx, ny, nz = nx/l, ny/l, nz/l
			}
			put := func(k int, v float64) {
				binary.LittleEndian.PutUint32(rec[4*k:], math.Float32bits(float32(v)))
			}
			put(0, nx)
			put(1, ny)
			put(2, nz)
			for i, p := range [3][3]float64{a, b, c} {
				for j := range 3 {
					put(3+3*i+j, p[j])
				}
			}
			bw.Write(rec[:])
		}
	}
	return bw.Flush()
}

// Write3MF writes meshes as a 3MF package in millimetres: each mesh an
// object of its name, coloured by a base material of its colour, and an
// item of the build.
func Write3MF(w io.Writer, meshes []Mesh) error {
	model := &go3mf.Model{Units: go3mf.UnitMillimeter}
	const materials = 1
	base := &go3mf.BaseMaterials{ID: materials}
	for _, m := range meshes {
		base.Materials = append(base.Materials, go3mf.Base{Name: m.Name, Color: rgba(m.Color)})
	}
	model.Resources.Assets = append(model.Resources.Assets, base)
	for i, m := range meshes {
		id := uint32(i + 2)
		mesh := &go3mf.Mesh{}
		for _, v := range m.Vertices {
			mesh.Vertices.Vertex = append(mesh.Vertices.Vertex, go3mf.Point3D{float32(v[0]), float32(v[1]), float32(v[2])})
		}
		for _, t := range m.Triangles {
			mesh.Triangles.Triangle = append(mesh.Triangles.Triangle, go3mf.Triangle{V1: uint32(t[0]), V2: uint32(t[1]), V3: uint32(t[2])})
		}
		model.Resources.Objects = append(model.Resources.Objects, &go3mf.Object{
			ID: id, Name: m.Name, PID: materials, PIndex: uint32(i), Type: go3mf.ObjectTypeModel, Mesh: mesh})
		model.Build.Items = append(model.Build.Items, &go3mf.Item{ObjectID: id})
	}
	return go3mf.NewEncoder(w).Encode(model)
}

// rgba is c, opaque: a printer's colour has no transparency.
func rgba(c color.NRGBA) color.RGBA { return color.RGBA{c.R, c.G, c.B, 0xff} }
