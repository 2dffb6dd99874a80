package results

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"

	"github.com/polytile/polytile/internal/interrupt"
	"github.com/polytile/polytile/puzzles"
	"github.com/polytile/polytile/puzzles/specs"
)

// CountHeader returns the header of the file of the count c of spec's
// puzzle: its fingerprint is the count's, or, for a count that has none (a
// count by listing), the puzzle's.
func CountHeader(spec *specs.Spec, c *puzzles.Counts) FileHeader {
	fp := c.Fingerprint
	if fp == "" {
		fp = spec.Problem.Fingerprint(nil)
	}
	return newFileHeader(HoldsCount, spec.Name, spec.Problem, fp)
}

// WriteCounts writes the count c as its file: one JSON object on a line,
// the header h, then the count's fields as puzzles.Counts.Write writes
// them ("puzzle", "raw", "distinct", "fixed", "fixed_by", "method", …),
// the fingerprint said once, in the header.
func WriteCounts(w io.Writer, h FileHeader, c *puzzles.Counts) error {
	head, err := jsonLine(h)
	if err != nil {
		return err
	}
	body := *c
	body.Fingerprint = "" // the header's
	var b bytes.Buffer
	if err := body.Write(&b, h.Spec, true); err != nil {
		return err
	}
	// {"polytile":…,"fingerprint":"…"} and {"puzzle":…}: one object.
	out := append(head[:len(head)-1], ',')
	out = append(out, bytes.TrimPrefix(b.Bytes(), []byte("{"))...)
	_, err = w.Write(out)
	return err
}

// MaxCountSize is the most bytes a file of a count may have: 1 MiB, where
// a count of every symmetry of a cube in numbers of thousands of digits
// takes a few hundred kilobytes.
const MaxCountSize = 1 << 20

// ReadCounts reads the file of a count, whole or a part, that WriteCounts
// wrote (or one written before the header, which has its own fingerprint)
// from r; name names it in errors. It returns the count and the file's
// header.
func ReadCounts(r io.Reader, name string) (*puzzles.Counts, *FileHeader, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxCountSize+1))
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", name, err)
	}
	if len(data) > MaxCountSize {
		return nil, nil, fmt.Errorf("%s: larger than %d MiB, the most a count's file may have: not a count polytile wrote", name, MaxCountSize>>20)
	}
	h, err := ReadHeader(bytes.NewReader(data), name)
	if err != nil {
		return nil, nil, err
	}
	if h.Holds != HoldsCount {
		return nil, nil, &HoldsError{Path: name, Holds: h.Holds, Want: HoldsCount}
	}
	c, err := puzzles.ReadCounts(bytes.NewReader(data))
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", name, err)
	}
	return c, h, nil
}

// MergeCountFiles adds up the parts of a count that WriteCounts wrote,
// one a file (puzzles.MergeCounts checks that they are the parts of one
// count, each once). It returns the whole and the header of its file.
//
// A file is given up when ctx ends if it is still not read (a FIFO no one
// writes to): the error then wraps ctx's cause.
func MergeCountFiles(ctx context.Context, paths []string) (whole *puzzles.Counts, h FileHeader, err error) {
	var parts []*puzzles.Counts
	for i, path := range paths {
		type read struct {
			c  *puzzles.Counts
			fh *FileHeader
		}
		r, err := interrupt.Do(ctx, func() (read, error) {
			f, err := os.Open(path)
			if err != nil {
				return read{}, err
			}
			defer f.Close()
			c, fh, err := ReadCounts(bufio.NewReader(f), path)
			return read{c, fh}, err
		})
		c, fh := r.c, r.fh
		if err != nil {
			return nil, h, err
		}
		if i == 0 {
			h = *fh
			h.Polytile = FormatVersion
		}
		if c.Shards < 2 {
			return nil, h, fmt.Errorf("%s is a whole count, not a part of one", path)
		}
		parts = append(parts, c)
	}
	whole, err = puzzles.MergeCounts(parts)
	if err == nil {
		h.Fingerprint = whole.Fingerprint
	}
	return whole, h, err
}

// MergeAnyTo merges the files at paths as their first one's header says
// what they hold: the shards of a search (MergeFilesTo, with spec, dir and
// chunk) or the parts of a count (MergeCountFiles), and writes the result
// to w. Every file must hold what the first holds.
func MergeAnyTo(ctx context.Context, w io.Writer, paths []string, spec, dir string, chunk int) error {
	if len(paths) == 0 {
		return fmt.Errorf("results: no files to merge")
	}
	h, err := interrupt.Do(ctx, func() (*FileHeader, error) { return ReadFileHeader(paths[0]) })
	if err != nil {
		return err
	}
	if h.Holds == HoldsSolutions {
		return MergeFilesTo(ctx, w, paths, spec, dir, chunk)
	}
	whole, wh, err := MergeCountFiles(ctx, paths)
	if err != nil {
		return err
	}
	return WriteCounts(w, wh, whole)
}

// jsonLine returns v as a line of JSON, without escaping HTML.
func jsonLine(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, fmt.Errorf("results: %w", err)
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}
