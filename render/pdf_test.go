package render

import (
	"bytes"
	"regexp"
	"strconv"
	"testing"

	"github.com/polytile/polytile/gallery"
)

var pageObject = regexp.MustCompile(`/Type /Page\b[^s]`)

func TestPDF(t *testing.T) {
	sols := solutions(t, "scott")
	for _, tc := range []struct {
		name  string
		opt   *gallery.Options
		pages int
	}{
		{"one page", &gallery.Options{CellSize: 12}, 1},
		{"three pages with text", &gallery.Options{CellSize: 12, PerPage: 25, Labels: true, Letters: true, Grid: true, Title: "Scott", Background: white}, 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sheets := layout(t, sols, tc.opt)
			data := encode(t, FormatPDF, sheets, nil)
			if !bytes.HasPrefix(data, []byte("%PDF-")) {
				t.Errorf("the PDF starts %q, want %%PDF-", data[:min(len(data), 8)])
			}
			if !bytes.HasSuffix(bytes.TrimSpace(data), []byte("%%EOF")) {
				t.Errorf("the PDF does not end with %%%%EOF")
			}
			if n := len(pageObject.FindAll(data, -1)); n != tc.pages {
				t.Errorf("%d pages, want %d", n, tc.pages)
			}
			// A CSS pixel is 3/4 of a point.
			box := []byte("/MediaBox [0 0 " + pdfNum(sheets[0].Width*0.75) + " " + pdfNum(sheets[0].Height*0.75) + "]")
			if !bytes.Contains(data, box) {
				t.Errorf("no %s in the PDF", box)
			}
			if again := encode(t, FormatPDF, sheets, nil); !bytes.Equal(data, again) {
				t.Errorf("two writes of the same sheets differ")
			}
		})
	}
}

// pdfNum formats v as fpdf writes sizes: with two decimals.
func pdfNum(v float64) string { return strconv.FormatFloat(v, 'f', 2, 64) }

func TestPDFUnicode(t *testing.T) {
	// Names beyond the Go fonts' repertoire, and beyond the Basic
	// Multilingual Plane, which fpdf cannot set, still make a PDF.
	sols := hostile(t, "Ωμέγα ✓", "😀\U00010000")
	sheets := layout(t, sols, &gallery.Options{Letters: true, Labels: true, Title: `<title>&"`})
	data := encode(t, FormatPDF, sheets, nil)
	if n := len(pageObject.FindAll(data, -1)); n != 1 {
		t.Errorf("%d pages, want 1", n)
	}
}
