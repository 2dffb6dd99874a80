package render

import (
	"context"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/polytile/polytile/gallery"
	"github.com/polytile/polytile/internal/safefile"
)

// WriteFiles writes sheets in format f to files and returns their paths:
// path itself for one sheet or for PDF and TeX (every sheet a page), and
// otherwise one file per sheet, numbered from 1 after path's name and
// before its extension, zero-padded to the width of the count:
// "poster-01.svg", …, "poster-12.svg".
//
// Every file is written to a temporary file in its directory and renamed
// into place once all are complete, so a failure leaves no half-written
// picture and no temporary files. (If renaming fails part-way, which is
// rare, the paths already renamed are returned with the error.) Path "-"
// (standard output) is for the caller to handle, with EncodeContext.
//
// WriteFiles stops as soon as ctx is done: between files, and between the
// frames of each. It then removes its temporary files, renames none, and
// returns an error that matches ctx.Err() (errors.Is) and says why ctx
// ended (context.Cause): "render: stopped: interrupt signal received".
//
// WriteFiles replaces the files it writes and deletes none: numbered files
// left by an earlier run that wrote more sheets stay in place. After 12
// sheets, a run of 10 replaces "poster-01.svg" … "poster-10.svg" and leaves
// "poster-11.svg" and "poster-12.svg"; a run of 5 writes "poster-1.svg" …
// "poster-5.svg" and leaves all 12. Only the returned paths are this run's.
func WriteFiles(ctx context.Context, path string, f Format, sheets []*gallery.Sheet, opt *Options) ([]string, error) {
	if path == "-" {
		return nil, fmt.Errorf("render: WriteFiles cannot write to standard output; use EncodeContext")
	}
	if path == "" {
		return nil, fmt.Errorf("render: no file name to write to")
	}
	if err := check(f, sheets, opt); err != nil {
		return nil, err
	}
	groups := [][]*gallery.Sheet{sheets}
	paths := []string{path}
	if !f.pages() && len(sheets) > 1 {
		groups, paths = nil, nil
		ext := filepath.Ext(path)
		stem := strings.TrimSuffix(path, ext)
		width := len(strconv.Itoa(len(sheets)))
		for i, s := range sheets {
			groups = append(groups, []*gallery.Sheet{s})
			paths = append(paths, fmt.Sprintf("%s-%0*d%s", stem, width, i+1, ext))
		}
	}
	// Write every file to a temporary file, then rename them all. Once
	// renaming starts it runs to the end: a cancellation then would
	// leave some files of this run and some of an earlier one.
	var temps []*safefile.File
	cleanup := func() {
		for _, t := range temps {
			t.Abort()
		}
	}
	for i, p := range paths {
		t, err := writeTemp(ctx, p, f, groups[i], opt)
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
func writeTemp(ctx context.Context, path string, f Format, sheets []*gallery.Sheet, opt *Options) (_ *safefile.File, err error) {
	if ctx.Err() != nil {
		return nil, &stopError{err: ctx.Err(), cause: context.Cause(ctx)}
	}
	file, err := safefile.Create(path)
	if err != nil {
		return nil, fmt.Errorf("render: %w", err)
	}
	defer func() {
		if err != nil {
			file.Abort()
		}
	}()
	if err := encodeFormat(ctx, file, f, sheets, opt); err != nil {
		return nil, err
	}
	if err := file.Close(); err != nil {
		return nil, fmt.Errorf("render: %w", err)
	}
	return file, nil
}
