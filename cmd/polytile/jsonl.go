package main

// The shard file: what polytile solve --jsonl writes and polytile merge
// reads. It is JSON lines (one JSON object a line):
//
//	{"polytile": "shard", "version": 1, "spec": "scott", "fingerprint": "…", "shard": 0, "shards": 4, …}
//	{"task": 0, "orbit": 8, "pieces": [{"name": "F", "cells": [[0, 1], …]}, …]}
//	…
//	{"end": true, "complete": true, "found": 61, "distinct": 17, "raw": 136, …}
//
// The header (shardHeader) says which puzzle and which part of the search
// the file holds; then come the distinct solutions in the order the search
// reports them, each with the task that found it; the end line
// (shardEnd) says whether the search ran to its end. A file without an end
// line was cut short.

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"github.com/polytile/polytile/internal/safefile"
	"github.com/polytile/polytile/puzzles"
)

const (
	shardKind    = "shard" // the header's "polytile" field
	shardVersion = 1       // the header's "version": this file format's
)

// shardHeader is the first line of a shard file.
type shardHeader struct {
	Polytile string `json:"polytile"` // shardKind
	Version  int    `json:"version"`  // shardVersion
	Spec     string `json:"spec"`     // the spec's file path or built-in name
	Title    string `json:"title,omitempty"`
	// Lattice names the lattice, left out for the square one.
	Lattice string `json:"lattice,omitempty"`
	// Fingerprint is puzzles.(*Puzzle).Fingerprint: equal for two runs of
	// the same puzzle split the same way (by the same engine), whatever
	// the workers or the shard.
	Fingerprint      string `json:"fingerprint"`
	Shard            int    `json:"shard"`  // from 0
	Shards           int    `json:"shards"` // 1 for the whole search
	SymmetryBreaking bool   `json:"symmetry_breaking"`
	Symmetries       int    `json:"symmetries"`
	// Pieces names the puzzle's pieces in the puzzle's order, which is the
	// order of the canonical encoding (canonicalKey).
	Pieces []string `json:"pieces"`
}

// shardSolution is a line of a shard file between the header and the end.
type shardSolution struct {
	Task int `json:"task"`
	jsonSolution
}

// shardEnd is the last line of a shard file.
type shardEnd struct {
	End      bool   `json:"end"`      // always true
	Complete bool   `json:"complete"` // false if a limit, --timeout or Ctrl-C stopped the search
	Found    int64  `json:"found"`    // covers the search found
	Distinct int64  `json:"distinct"` // solution lines in the file
	Raw      int64  `json:"raw"`      // the sum of their orbits
	Nodes    int64  `json:"nodes"`
	Updates  int64  `json:"updates"`
	Tasks    int    `json:"tasks"` // tasks in this shard
	Engine   string `json:"engine"`
}

// shardWriter streams a shard file. It writes to a temporary file next to
// the path and renames it into place when finished, so that a file under
// the path always has its end line.
type shardWriter struct {
	path   string
	f      *os.File
	w      *bufio.Writer
	err    error // the first write error: it stops the search
	pieces []puzzles.Piece

	distinct, raw int64
}

// createShard starts the shard file at path with its header.
func createShard(path string, h *shardHeader, pieces []puzzles.Piece) (*shardWriter, error) {
	f, err := safefile.CreateTemp(path)
	if pe, ok := err.(*fs.PathError); ok {
		err = pe.Err // say it once: "cannot write PATH: reason"
	}
	if err != nil {
		return nil, fmt.Errorf("cannot write %s: %w", path, err)
	}
	s := &shardWriter{path: path, f: f, w: bufio.NewWriterSize(f, 1<<16), pieces: pieces}
	s.line(h)
	if s.err != nil {
		s.abort()
		return nil, s.err
	}
	return s, nil
}

// line writes v as one line.
func (s *shardWriter) line(v any) {
	if s.err != nil {
		return
	}
	data, err := json.Marshal(v)
	if err != nil {
		s.err = err
		return
	}
	data = append(data, '\n')
	if _, err := s.w.Write(data); err != nil {
		s.err = fmt.Errorf("%s: %w", s.path, err)
	}
}

// add writes one distinct solution; it is a puzzles.SolveConfig.Each, and
// stops the search if the file cannot be written.
func (s *shardWriter) add(d puzzles.Class, task int) bool {
	s.line(shardSolution{Task: task, jsonSolution: newJSONSolution(d, s.pieces)})
	s.distinct++
	s.raw += int64(d.Orbit)
	return s.err == nil
}

// finish writes the end line and puts the file in place.
func (s *shardWriter) finish(end *shardEnd) error {
	end.End = true
	end.Distinct, end.Raw = s.distinct, s.raw
	s.line(end)
	if s.err == nil {
		if err := s.w.Flush(); err != nil {
			s.err = fmt.Errorf("%s: %w", s.path, err)
		}
	}
	if s.err != nil {
		safefile.Abort(s.f)
		return s.err
	}
	s.err = safefile.Commit(s.f, s.path)
	return s.err
}

// abort removes the temporary file.
func (s *shardWriter) abort() { safefile.Abort(s.f) }

// shardFile is a shard file as read.
type shardFile struct {
	path      string
	header    shardHeader
	solutions []shardSolution
	end       *shardEnd // nil if the file has no end line
}

// readShard reads the shard file at path. Its errors name the file and
// the line.
func readShard(path string) (*shardFile, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	sf := &shardFile{path: path}
	r := bufio.NewReaderSize(f, 1<<16)
	for n := 1; ; n++ {
		line, err := r.ReadBytes('\n')
		if len(bytes.TrimSpace(line)) > 0 {
			if perr := sf.parse(n, line); perr != nil {
				return nil, perr
			}
		}
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
	}
	if sf.header.Polytile == "" {
		return nil, fmt.Errorf("%s is empty, not a shard file (polytile solve --jsonl writes them)", path)
	}
	return sf, nil
}

// parse reads line n of the file, which is not blank.
func (sf *shardFile) parse(n int, line []byte) error {
	bad := func(what string, err error) error {
		return fmt.Errorf("%s:%d: %s: %v", sf.path, n, what, err)
	}
	switch {
	case sf.header.Polytile == "": // the first line
		if err := json.Unmarshal(line, &sf.header); err != nil || sf.header.Polytile != shardKind {
			return fmt.Errorf("%s is not a shard file (polytile solve --jsonl writes them): its first line is not a shard header", sf.path)
		}
		if sf.header.Version != shardVersion {
			return fmt.Errorf("%s is in version %d of the shard format; this polytile reads version %d", sf.path, sf.header.Version, shardVersion)
		}
		if h := sf.header; h.Shards < 1 || h.Shard < 0 || h.Shard >= h.Shards {
			return fmt.Errorf("%s:%d: shard %d of %d: want 0 ≤ shard < shards", sf.path, n, h.Shard, h.Shards)
		}
		return nil
	case sf.end != nil:
		return fmt.Errorf("%s:%d: a line after the end line", sf.path, n)
	}
	// One decoding for either kind of line: their fields differ.
	var l struct {
		shardSolution
		shardEnd
	}
	if err := json.Unmarshal(line, &l); err != nil {
		return bad("bad line", err)
	}
	if l.End {
		sf.end = &l.shardEnd
		return nil
	}
	s := l.shardSolution
	if len(s.Pieces) == 0 {
		return fmt.Errorf("%s:%d: neither a solution nor the end line", sf.path, n)
	}
	if s.Task < 0 || s.Task%sf.header.Shards != sf.header.Shard {
		return fmt.Errorf("%s:%d: a solution of task %d, which is not in shard %s", sf.path, n, s.Task, shardName(sf.header.Shard, sf.header.Shards))
	}
	sf.solutions = append(sf.solutions, s)
	return nil
}
