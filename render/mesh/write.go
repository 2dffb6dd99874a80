package mesh

import (
	"archive/zip"
	"bufio"
	"encoding/binary"
	"encoding/xml"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"strconv"
	"strings"
	"time"
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

// Formats returns the formats of meshes: STL, 3MF.
func Formats() []Format { return []Format{FormatSTL, Format3MF} }

// FormatOf returns the format path's extension names (.stl or .3mf, in
// any case), or false.
func FormatOf(path string) (Format, bool) {
	for _, f := range Formats() {
		if strings.EqualFold(filepath.Ext(path), "."+f.String()) {
			return f, true
		}
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
// item of the build. The package is written here rather than by a 3MF
// library, whose packages carry the time they were made and list their
// content types in a varying order: the same meshes give the same bytes.
func Write3MF(w io.Writer, meshes []Mesh) error {
	zw := zip.NewWriter(w)
	// A fixed time, that of every part: the package says nothing of when
	// it was made.
	made := time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)
	part := func(name, text string) error {
		f, err := zw.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Deflate, Modified: made})
		if err == nil {
			_, err = io.WriteString(f, text)
		}
		return err
	}
	const head = `<?xml version="1.0" encoding="UTF-8"?>` + "\n"
	if err := part("[Content_Types].xml", head+`<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">`+
		`<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>`+
		`<Default Extension="model" ContentType="application/vnd.ms-package.3dmanufacturing-3dmodel+xml"/></Types>`+"\n"); err != nil {
		return err
	}
	if err := part("_rels/.rels", head+`<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">`+
		`<Relationship Target="/3D/3dmodel.model" Id="rel0" Type="http://schemas.microsoft.com/3dmanufacturing/2013/01/3dmodel"/></Relationships>`+"\n"); err != nil {
		return err
	}
	f, err := zw.CreateHeader(&zip.FileHeader{Name: "3D/3dmodel.model", Method: zip.Deflate, Modified: made})
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(f)
	bw.WriteString(head + `<model unit="millimeter" xml:lang="en-US" xmlns="http://schemas.microsoft.com/3dmanufacturing/core/2015/02">` + "\n")
	bw.WriteString(" <resources>\n  <basematerials id=\"1\">\n")
	for _, m := range meshes {
		fmt.Fprintf(bw, "   <base name=\"%s\" displaycolor=\"#%02X%02X%02X\"/>\n", escape(m.Name), m.Color.R, m.Color.G, m.Color.B)
	}
	bw.WriteString("  </basematerials>\n")
	for i, m := range meshes {
		fmt.Fprintf(bw, "  <object id=\"%d\" name=\"%s\" type=\"model\" pid=\"1\" pindex=\"%d\">\n   <mesh>\n    <vertices>\n", i+2, escape(m.Name), i)
		for _, v := range m.Vertices {
			fmt.Fprintf(bw, "     <vertex x=\"%s\" y=\"%s\" z=\"%s\"/>\n", coord(v[0]), coord(v[1]), coord(v[2]))
		}
		bw.WriteString("    </vertices>\n    <triangles>\n")
		for _, t := range m.Triangles {
			fmt.Fprintf(bw, "     <triangle v1=\"%d\" v2=\"%d\" v3=\"%d\"/>\n", t[0], t[1], t[2])
		}
		bw.WriteString("    </triangles>\n   </mesh>\n  </object>\n")
	}
	bw.WriteString(" </resources>\n <build>\n")
	for i := range meshes {
		fmt.Fprintf(bw, "  <item objectid=\"%d\"/>\n", i+2)
	}
	bw.WriteString(" </build>\n</model>\n")
	if err := bw.Flush(); err != nil {
		return err
	}
	return zw.Close()
}

// coord writes a coordinate in millimetres to a thousandth, without
// trailing zeros.
func coord(v float64) string {
	s := strconv.FormatFloat(math.Round(v*1000)/1000, 'f', -1, 64)
	if s == "-0" {
		return "0"
	}
	return s
}

// escape escapes text for an XML attribute.
func escape(s string) string {
	var b strings.Builder
	xml.EscapeText(&b, []byte(s))
	return b.String()
}
