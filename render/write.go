package render

import (
	"fmt"
	"io"
	"math"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/polytile/polytile/gallery"
	"github.com/polytile/polytile/internal/safefile"
)

// Write draws sheets on w in format f: for PDF, every sheet as a page of one
// document; for SVG and PNG, exactly one sheet. A nil opt means the
// defaults.
func Write(w io.Writer, f Format, sheets []*gallery.Sheet, opt *Options) error {
	if err := check(f, sheets, opt); err != nil {
		return err
	}
	if f != FormatPDF && len(sheets) != 1 {
		return fmt.Errorf("render: an %s file holds one sheet, not %d; write each to a file of its own (WriteFiles numbers them), or use PDF", f, len(sheets))
	}
	return write(w, f, sheets, opt)
}

// check validates Write's and WriteFiles' arguments.
func check(f Format, sheets []*gallery.Sheet, opt *Options) error {
	if !f.valid() {
		return fmt.Errorf("render: unknown format %v; valid formats are %s", f, validNames(""))
	}
	if _, err := opt.scale(); err != nil {
		return err
	}
	if len(sheets) == 0 {
		return fmt.Errorf("render: no sheets to write")
	}
	for i, s := range sheets {
		switch {
		case s == nil:
			return fmt.Errorf("render: sheet %d is nil", i+1)
		case !(s.Width > 0 && s.Height > 0) || math.IsInf(s.Width+s.Height, 0):
			return fmt.Errorf("render: sheet %d is %v×%v; width and height must be positive and finite", i+1, s.Width, s.Height)
		}
	}
	return nil
}

// write is Write after the checks.
func write(w io.Writer, f Format, sheets []*gallery.Sheet, opt *Options) error {
	switch f {
	case FormatSVG:
		c := NewSVG(w, sheets[0])
		sheets[0].Draw(c)
		return c.Close()
	case FormatPNG:
		c, err := NewPNG(sheets[0], opt)
		if err != nil {
			return err
		}
		sheets[0].Draw(c)
		return c.Encode(w)
	default:
		c := NewPDF()
		for _, s := range sheets {
			c.AddPage(s)
			s.Draw(c)
		}
		return c.Encode(w)
	}
}

// WriteFiles writes sheets in format f to files and returns their paths:
// path itself for one sheet or for PDF (every sheet a page), and otherwise
// one file per sheet, numbered from 1 after path's name and before its
// extension, zero-padded to the width of the count: "poster-01.svg", …,
// "poster-12.svg".
//
// Every file is written to a temporary file in its directory and renamed
// into place once all are complete, so a failure leaves no half-written
// picture and no temporary files. (If renaming fails part-way, which is
// rare, the paths already renamed are returned with the error.) Path "-"
// (standard output) is for the caller to handle, with Write.
//
// WriteFiles replaces the files it writes and deletes none: numbered files
// left by an earlier run that wrote more sheets stay in place. After 12
// sheets, a run of 10 replaces "poster-01.svg" … "poster-10.svg" and leaves
// "poster-11.svg" and "poster-12.svg"; a run of 5 writes "poster-1.svg" …
// "poster-5.svg" and leaves all 12. Only the returned paths are this run's.
func WriteFiles(path string, f Format, sheets []*gallery.Sheet, opt *Options) ([]string, error) {
	if path == "-" {
		return nil, fmt.Errorf("render: WriteFiles cannot write to standard output; use Write")
	}
	if path == "" {
		return nil, fmt.Errorf("render: no file name to write to")
	}
	if err := check(f, sheets, opt); err != nil {
		return nil, err
	}
	groups := [][]*gallery.Sheet{sheets}
	paths := []string{path}
	if f != FormatPDF && len(sheets) > 1 {
		groups, paths = nil, nil
		ext := filepath.Ext(path)
		stem := strings.TrimSuffix(path, ext)
		width := len(strconv.Itoa(len(sheets)))
		for i, s := range sheets {
			groups = append(groups, []*gallery.Sheet{s})
			paths = append(paths, fmt.Sprintf("%s-%0*d%s", stem, width, i+1, ext))
		}
	}
	// Write every file to a temporary file, then rename them all.
	var temps []*safefile.File
	cleanup := func() {
		for _, t := range temps {
			t.Abort()
		}
	}
	for i, p := range paths {
		t, err := writeTemp(p, f, groups[i], opt)
		if err != nil {
			cleanup()
			return nil, err
		}
		temps = append(temps, t)
	}
	for i, t := range temps {
		if err := t.Commit(); err != nil {
			cleanup() // the ones not yet renamed
			return paths[:i], fmt.Errorf("render: %w", err)
		}
	}
	return paths, nil
}

// writeTemp writes sheets to a new temporary file for path (safefile.Create),
// closed and ready to Commit. On failure it removes the file.
func writeTemp(path string, f Format, sheets []*gallery.Sheet, opt *Options) (_ *safefile.File, err error) {
	file, err := safefile.Create(path)
	if err != nil {
		return nil, fmt.Errorf("render: %w", err)
	}
	defer func() {
		if err != nil {
			file.Abort()
		}
	}()
	if err := write(file, f, sheets, opt); err != nil {
		return nil, err
	}
	if err := file.Close(); err != nil {
		return nil, fmt.Errorf("render: %w", err)
	}
	return file, nil
}
