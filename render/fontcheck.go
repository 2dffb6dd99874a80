package render

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"strings"

	"codeberg.org/go-pdf/fpdf"
)

// fontInfo is what a font file says of itself beyond its glyphs: how a
// style sheet names the kind of face it is, and the kind of its outlines.
type fontInfo struct {
	generic string // the CSS generic family that suits it: sans-serif, serif or monospace
	italic  bool   // the face is italic or oblique
	cff     bool   // its outlines are PostScript (CFF) ones, not TrueType
}

// checkFont checks that data is a font that the formats can set text in:
// an OpenType font (OpenType 1.9, "The OpenType font file") with TrueType
// outlines (sfnt version 0x00010000 or 'true') or PostScript ones in a CFF
// table ('OTTO'), with the tables that measuring and drawing text read. A
// font with TrueType outlines is one that PDF embeds: its tables must be
// in the forms that the PDF library reads (it writes what else it meets
// to standard output, so nothing else may reach it), and its licence must
// allow embedding. PDF does not embed PostScript outlines (checkFormat
// refuses them); SVG names their family and PNG draws their glyphs. It
// returns what the font says of its kind.
func checkFont(data []byte) (fontInfo, error) {
	var info fontInfo
	if len(data) < 12 {
		return info, errors.New("it is not a TrueType or OpenType font: too short")
	}
	switch string(data[:4]) {
	case "\x00\x01\x00\x00", "true":
	case "OTTO":
		info.cff = true
	case "ttcf":
		return info, errors.New("it is a font collection (.ttc); want a file of one font (.ttf, .otf)")
	default:
		return info, errors.New("it is not a TrueType or OpenType font")
	}
	tables, err := sfntTables(data)
	if err != nil {
		return info, err
	}
	outlines := []string{"glyf", "loca"}
	if info.cff {
		outlines = []string{"CFF "}
	}
	for _, tag := range append([]string{"head", "hhea", "maxp", "hmtx", "cmap", "name", "post"}, outlines...) {
		if tables[tag] == nil {
			return info, fmt.Errorf("it has no %s table", strings.TrimSpace(tag))
		}
	}
	u16 := func(b []byte, at int) int { return int(binary.BigEndian.Uint16(b[at:])) }
	// head (OpenType 1.9, "head"): unitsPerEm at 18, macStyle at 44,
	// indexToLocFormat at 50, glyphDataFormat at 52.
	// hhea ("hhea"): metricDataFormat at 32, numberOfHMetrics at 34.
	head, hhea := tables["head"], tables["hhea"]
	switch {
	case len(head) < 54 || u16(head, 18) == 0:
		return info, errors.New("its head table is too short, or gives 0 units per em")
	case len(hhea) < 36 || u16(hhea, 34) == 0:
		return info, errors.New("its hhea table is too short, or gives no glyph's metrics")
	case !info.cff && (u16(head, 50) > 1 || u16(head, 52) != 0):
		return info, errors.New("its head table is not one the PDF writer reads")
	case !info.cff && u16(hhea, 32) != 0:
		return info, errors.New("its hhea table is not one the PDF writer reads")
	}
	info.italic = u16(head, 44)&2 != 0
	if !info.cff {
		if err := checkNames(tables["name"]); err != nil {
			return info, err
		}
	}
	if !hasUnicodeBMP(tables["cmap"]) {
		return info, errors.New("it maps no Unicode characters to glyphs (no cmap subtable of format 4)")
	}
	post := tables["post"]
	if len(post) < 16 {
		return info, errors.New("its post table is too short")
	}
	fixedPitch := binary.BigEndian.Uint32(post[12:]) != 0
	var class int
	var panose []byte
	if os2 := tables["OS/2"]; os2 != nil {
		// OS/2 ("OS/2"): fsType at 8, sFamilyClass at 30, panose at 32,
		// sTypoAscender and sTypoDescender at 68; from version 2,
		// sCapHeight at 88.
		if len(os2) < 72 || u16(os2, 0) > 1 && len(os2) < 90 {
			return info, errors.New("its OS/2 table is too short")
		}
		if fsType := u16(os2, 8); !info.cff && (fsType == 2 || fsType&0x300 != 0) {
			return info, errors.New("its licence does not allow embedding it in a document (OS/2 fsType)")
		}
		class, panose = int(os2[30]), os2[32:42]
	}
	info.generic = genericFamily(fixedPitch, class, panose)
	return info, nil
}

// sfntTables returns the tables of the font data by tag, each checked to
// lie within data (OpenType 1.9, "Table directory").
func sfntTables(data []byte) (map[string][]byte, error) {
	n := int(binary.BigEndian.Uint16(data[4:]))
	if len(data) < 12+16*n {
		return nil, errors.New("its table directory is cut short")
	}
	tables := make(map[string][]byte, n)
	for i := range n {
		rec := data[12+16*i:]
		off, length := uint64(binary.BigEndian.Uint32(rec[8:])), uint64(binary.BigEndian.Uint32(rec[12:]))
		if off+length > uint64(len(data)) {
			return nil, fmt.Errorf("its %s table lies beyond the end of the file", rec[:4])
		}
		tables[string(rec[:4])] = data[off : off+length]
	}
	return tables, nil
}

// checkNames checks the naming table ("name") as the PDF writer reads
// it: format 0, and its Windows English names of the family, style,
// identifier, full name and PostScript name (IDs 1 to 4 and 6) in UTF-16,
// an even number of bytes.
func checkNames(name []byte) error {
	if len(name) < 6 || binary.BigEndian.Uint16(name) != 0 {
		return errors.New("its name table is not of format 0, the one the PDF writer reads")
	}
	count := int(binary.BigEndian.Uint16(name[2:]))
	if len(name) < 6+12*count {
		return errors.New("its name table is cut short")
	}
	for i := range count {
		rec := name[6+12*i:]
		platform, encoding, lang := binary.BigEndian.Uint16(rec), binary.BigEndian.Uint16(rec[2:]), binary.BigEndian.Uint16(rec[4:])
		id, size := binary.BigEndian.Uint16(rec[6:]), binary.BigEndian.Uint16(rec[8:])
		if platform == 3 && encoding == 1 && lang == 0x409 && (id >= 1 && id <= 4 || id == 6) && size%2 != 0 {
			return errors.New("its name table holds a name of an odd number of bytes")
		}
	}
	return nil
}

// hasUnicodeBMP reports whether the character map ("cmap") has a
// subtable of format 4 for Unicode (platform 0) or Windows Unicode BMP
// (platform 3, encoding 1): the one the PDF writer reads.
func hasUnicodeBMP(cmap []byte) bool {
	if len(cmap) < 4 {
		return false
	}
	n := int(binary.BigEndian.Uint16(cmap[2:]))
	for i := range n {
		if 4+8*i+8 > len(cmap) {
			return false
		}
		rec := cmap[4+8*i:]
		platform, encoding := binary.BigEndian.Uint16(rec), binary.BigEndian.Uint16(rec[2:])
		off := int(binary.BigEndian.Uint32(rec[4:]))
		if (platform == 0 || platform == 3 && encoding == 1) && off+2 <= len(cmap) && binary.BigEndian.Uint16(cmap[off:]) == 4 {
			return true
		}
	}
	return false
}

// genericFamily returns the CSS generic family (CSS Fonts 4, §2.1.1) that
// suits a font: monospace if its glyphs are all of one width (post's
// isFixedPitch, or PANOSE proportion 9), else serif or sans-serif as its
// IBM family class (OS/2 sFamilyClass: 1 to 5 and 7 are serif, 8 sans
// serif) or, without one, its PANOSE serif style (2 to 10 serif, 11 to 13
// sans serif) says; sans-serif when neither says.
func genericFamily(fixedPitch bool, class int, panose []byte) string {
	latin := len(panose) == 10 && panose[0] == 2
	switch {
	case fixedPitch || latin && panose[3] == 9:
		return "monospace"
	case class >= 1 && class <= 5 || class == 7:
		return "serif"
	case class == 8:
		return "sans-serif"
	case latin && panose[1] >= 2 && panose[1] <= 10:
		return "serif"
	}
	return "sans-serif"
}

// probePDF embeds ttf in a document of one line of text, as a PDF sheet
// does, and reports whether the PDF writer managed: it fails on fonts
// that it reads as malformed, some by panicking.
func probePDF(ttf []byte) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("the PDF writer cannot embed it: %v", r)
		}
	}()
	doc := fpdf.NewCustom(&fpdf.InitType{UnitStr: "pt", Size: fpdf.SizeType{Wd: 100, Ht: 100}})
	doc.AddUTF8FontFromBytes("probe", "", bytes.Clone(ttf)) // fpdf writes into it
	doc.AddPage()
	doc.SetFont("probe", "", 12)
	doc.Text(10, 50, "Ag 12")
	if err := doc.Output(io.Discard); err != nil {
		return fmt.Errorf("the PDF writer cannot embed it: %w", err)
	}
	return nil
}
