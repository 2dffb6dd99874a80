// Package results holds the files in which polytile saves what a search
// found, or a count, and reads them back. Every one starts with the same
// header (FileHeader, ReadHeader: the format's version, what the file
// holds, the puzzle's kind, its spec and the fingerprint):
//
//   - the result of a search, one JSON object (what polytile solve --json
//     and polytile merge print): Result, with NewResult, Encode and
//     ReadResult;
//   - the shard file, JSON lines streamed while a search runs (what
//     polytile solve --jsonl writes, one file for each part of a sharded
//     search): Header, ShardClass and End, written by a Writer and read
//     by ReadShard;
//   - the merge of the shards of one search into its Result, which checks
//     every solution against the puzzle as the search would have found it;
//   - a count, whole or a part (what polytile count --json prints), with
//     WriteCounts, ReadCounts and MergeCountFiles; MergeAnyTo merges the
//     files of either kind as their header says.
//
// A saved solution (Solution) names its pieces and their cells as
// [row, col], counted from the top-left corner of the board's picture;
// Solution.Class turns it back into the puzzle's solution, checked.
//
// Errors about a file start with its name and line ("s0.jsonl:12: …"),
// as spec errors do; others with "results:".
package results

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"

	"github.com/polytile/polytile/puzzles"
	"github.com/polytile/polytile/puzzles/specs"
)

// ResultFile is a saved result of a search: its counts and its distinct
// solutions, in canonical order (the order of puzzles.Result.Distinct).
// The JSON field names are a contract with the programs that read them.
//
// It starts with the header of every saved file (FileHeader: its Spec is
// Name, its Fingerprint the puzzle's, that of its search with the
// defaults, so that a merge of shards is the whole search's result).
type ResultFile struct {
	FileHeader
	Name       string `json:"name"`              // the spec's file path or built-in name
	Title      string `json:"title,omitempty"`   // the spec's title
	Lattice    string `json:"lattice,omitempty"` // a tiling's lattice; left out for the square one
	Shard      string `json:"shard,omitempty"`   // "i/n" for a part of the search (ShardName)
	Raw        int64  `json:"raw"`               // raw solutions: the sum of the orbits
	Distinct   int    `json:"distinct"`          // distinct solutions
	Symmetries int    `json:"symmetries"`        // the order of the puzzle's symmetry group
	Complete   bool   `json:"complete"`          // false if the search stopped early
	Engine     string `json:"engine"`            // "dlx" or "fill"
	Nodes      int64  `json:"nodes"`             // search nodes
	Updates    int64  `json:"updates"`           // Dancing Links' link updates (0 for fill)
	// SpecText is the spec's text, so that the result can be drawn with
	// the spec's render options, or checked, without the spec's file.
	SpecText  string       `json:"spec_text,omitempty"`
	Solutions []SavedClass `json:"solutions,omitempty"`
}

// SavedClass is one distinct solution as saved: a JSON object that holds
// the size of its class, "orbit", and its kind's fields
// (puzzles.Answer.AppendJSON): {"orbit": 8, "pieces": [{"name": "F",
// "cells": [[0, 1], …]}, …]} for a tiling, {"orbit": 1, "grid": […]} for a
// Sudoku. Class reads it back as a solution of the puzzle, checked.
type SavedClass struct {
	Orbit int
	// Fields are the kind's fields of the object, without braces, as
	// AppendJSON writes them: "pieces":[…].
	Fields json.RawMessage
}

// NewSavedClass returns the class d as saved.
func NewSavedClass(d puzzles.Class) SavedClass {
	return SavedClass{Orbit: d.Orbit, Fields: d.Solution.AppendJSON(nil)}
}

// appendSolution appends the JSON object of the class d to b:
// {"orbit":8,…the kind's fields}.
func appendSolution(b []byte, d puzzles.Class) []byte {
	return append(appendFields(append(b, '{'), d), '}')
}

// appendFields appends the fields of the class d's object, without the
// braces: "orbit":8,…the kind's fields.
func appendFields(b []byte, d puzzles.Class) []byte {
	b = append(b, `"orbit":`...)
	b = strconv.AppendInt(b, int64(d.Orbit), 10)
	n := len(b)
	b = append(b, ',')
	if b = d.Solution.AppendJSON(b); len(b) == n+1 {
		b = b[:n] // no fields
	}
	return b
}

// object appends the solution's object to b.
func (s *SavedClass) object(b []byte) []byte {
	b = append(b, `{"orbit":`...)
	b = strconv.AppendInt(b, int64(s.Orbit), 10)
	if len(s.Fields) > 0 {
		b = append(append(b, ','), s.Fields...)
	}
	return append(b, '}')
}

// MarshalJSON writes the solution's object.
func (s SavedClass) MarshalJSON() ([]byte, error) { return s.object(nil), nil }

// UnmarshalJSON reads a solution's object, which must have an orbit.
func (s *SavedClass) UnmarshalJSON(data []byte) error {
	var v struct {
		Orbit *int `json:"orbit"`
	}
	if err := decodeLoose(data, &v); err != nil {
		return err
	}
	if v.Orbit == nil {
		return fmt.Errorf("no orbit")
	}
	s.Orbit = *v.Orbit
	s.Fields = fieldsOf(data, "task", "orbit")
	return nil
}

// fieldsOf returns the fields of the JSON object data but those named
// leave, without braces: cut from the front where they come first, as
// this package writes them, else re-marshalled (in key order).
func fieldsOf(data []byte, leave ...string) json.RawMessage {
	rest := bytes.TrimSpace(data)
	rest = bytes.TrimSpace(rest[1 : len(rest)-1])
	for _, name := range leave {
		prefix := []byte(`"` + name + `":`)
		if !bytes.HasPrefix(rest, prefix) {
			continue
		}
		i := bytes.IndexByte(rest, ',')
		if i < 0 {
			return nil
		}
		rest = bytes.TrimSpace(rest[i+1:])
	}
	if !bytes.Contains(rest, []byte(`"task":`)) && !bytes.Contains(rest, []byte(`"orbit":`)) {
		return slices.Clone(rest)
	}
	var m map[string]json.RawMessage
	if json.Unmarshal(data, &m) != nil {
		return slices.Clone(rest)
	}
	for _, name := range leave {
		delete(m, name)
	}
	out, _ := json.Marshal(m)
	return out[1 : len(out)-1]
}

// check checks the form of a solution of a puzzle with that many
// symmetries (0: unknown).
func (s *SavedClass) check(symmetries int) error {
	switch {
	case s.Orbit < 1:
		return fmt.Errorf("orbit %d: want 1 or more", s.Orbit)
	case symmetries > 0 && symmetries%s.Orbit != 0:
		return fmt.Errorf("orbit %d does not divide the %d symmetries", s.Orbit, symmetries)
	}
	return nil
}

// NewResultFile returns the counts and the distinct solutions of res, a
// search of spec's puzzle.
func NewResultFile(spec *specs.Spec, res *puzzles.Result) *ResultFile {
	out := newResultHead(spec, res)
	out.Solutions = make([]SavedClass, len(res.Distinct))
	for i, d := range res.Distinct {
		out.Solutions[i] = NewSavedClass(d)
	}
	return out
}

// newResultHead is NewResult without the solutions.
func newResultHead(spec *specs.Spec, res *puzzles.Result) *ResultFile {
	return &ResultFile{
		FileHeader: newFileHeader(HoldsSolutions, spec.Name, spec.Problem, spec.Problem.Fingerprint(nil)),
		Name:       spec.Name,
		Title:      spec.Title,
		Lattice:    headerOf(spec.Problem, nil).Lattice,
		Raw:        res.Raw,
		Distinct:   len(res.Distinct),
		Symmetries: res.Symmetries,
		Complete:   res.Complete,
		Engine:     res.Engine.String(),
		Nodes:      res.Stats.Nodes,
		Updates:    res.Stats.Updates,
		SpecText:   spec.Source,
	}
}

// Encode writes r as one JSON object: the counts indented, then the
// solutions, each on a line of its own (readable, and much quicker to
// write than the whole indented). The output is the same, byte for byte,
// for the same result.
func (r *ResultFile) Encode(w io.Writer) error {
	return r.encode(w, len(r.Solutions), func(b []byte, i int) []byte {
		return r.Solutions[i].object(b)
	})
}

// encode is Encode, of n solutions that appendSolution appends one at a
// time (r.Solutions is not written).
func (r *ResultFile) encode(w io.Writer, n int, appendSolution func(b []byte, i int) []byte) error {
	bw := bufio.NewWriterSize(w, 1<<16)
	if err := r.encodeHead(bw); err != nil {
		return err
	}
	var line []byte
	for i := range n {
		if i > 0 {
			bw.WriteByte(',')
		}
		bw.WriteString("\n    ")
		line = appendSolution(line[:0], i)
		bw.Write(line)
	}
	if n > 0 {
		bw.WriteString("\n  ")
	}
	bw.WriteString("]\n}\n")
	return bw.Flush()
}

// encodeHead writes the counts as Encode writes them, up to the opening of
// the solutions' list.
func (r *ResultFile) encodeHead(bw *bufio.Writer) error {
	head := *r
	head.Solutions = nil
	// Always the header of this version, whatever r was read from.
	head.FileHeader = FileHeader{Polytile: FormatVersion, Holds: HoldsSolutions, Kind: r.kind(), Spec: r.Name, Fingerprint: r.Fingerprint}
	data, err := json.MarshalIndent(head, "", "  ")
	if err != nil {
		return fmt.Errorf("results: %w", err)
	}
	bw.Write(data[:bytes.LastIndexByte(data, '\n')])
	bw.WriteString(",\n  \"solutions\": [")
	return nil
}

// ReadResult reads a result that Encode wrote (or any JSON object of its
// fields) from r; name names it in errors. It checks the form of the
// solutions but not that they solve a puzzle: Solution.Class does.
func ReadResult(r io.Reader, name string) (*ResultFile, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return readResult(data, name, true)
}

// readResult reads the result in data; whole says whether data holds its
// solutions, which must then add up to its counts.
func readResult(data []byte, name string, whole bool) (*ResultFile, error) {
	var raw struct {
		Polytile    json.RawMessage `json:"polytile"`
		Holds       string          `json:"holds"`
		Spec        string          `json:"spec"`
		Fingerprint string          `json:"fingerprint"`
		Name        *string         `json:"name"`
		Title       string          `json:"title"`
		Kind        string          `json:"kind"`
		Shard       string          `json:"shard"`
		Raw         int64           `json:"raw"`
		Distinct    int             `json:"distinct"`
		Symmetries  int             `json:"symmetries"`
		Complete    bool            `json:"complete"`
		Engine      string          `json:"engine"`
		Nodes       int64           `json:"nodes"`
		Updates     int64           `json:"updates"`
		Lattice     string          `json:"lattice"`
		SpecText    string          `json:"spec_text"`
		Solutions   []SavedClass    `json:"solutions"`
	}
	if err := decode(data, &raw); err != nil {
		return nil, fmt.Errorf("%s is not a polytile result: %w", name, err)
	}
	if raw.Name == nil {
		return nil, fmt.Errorf("%s is not a polytile result: it has no name", name)
	}
	h, err := ReadHeader(bytes.NewReader(data), name)
	if err != nil {
		return nil, err
	}
	if h.Holds != HoldsSolutions {
		return nil, &HoldsError{Path: name, Holds: h.Holds, Want: HoldsSolutions}
	}
	out := &ResultFile{FileHeader: *h, Name: *raw.Name, Title: raw.Title, Shard: raw.Shard, Raw: raw.Raw, Distinct: raw.Distinct,
		Symmetries: raw.Symmetries, Complete: raw.Complete, Engine: raw.Engine, Nodes: raw.Nodes, Updates: raw.Updates,
		Lattice: raw.Lattice, SpecText: raw.SpecText, Solutions: raw.Solutions}
	var sum int64
	for i := range out.Solutions {
		s := &out.Solutions[i]
		if err := s.check(raw.Symmetries); err != nil {
			return nil, fmt.Errorf("%s: solution %d: %w", name, i+1, err)
		}
		sum += int64(s.Orbit)
	}
	switch {
	case !whole:
	case out.Distinct != len(out.Solutions):
		return nil, fmt.Errorf("%s: distinct is %d, but it holds %d solutions", name, out.Distinct, len(out.Solutions))
	case out.Raw != sum:
		return nil, fmt.Errorf("%s: raw is %d, but the orbits of its solutions add up to %d", name, out.Raw, sum)
	}
	return out, nil
}

// ReadResultFile reads the result in the file at path (ReadResult).
func ReadResultFile(path string) (*ResultFile, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadResult(f, path)
}

// Classes returns r's solutions as classes of p's solutions, each checked
// (Solution.Class), in r's order.
func (r *ResultFile) Classes(p puzzles.Problem) ([]puzzles.Class, error) {
	out := make([]puzzles.Class, len(r.Solutions))
	for i := range r.Solutions {
		c, err := r.Solutions[i].Class(p)
		if err != nil {
			return nil, fmt.Errorf("%s: solution %d: %w", r.Name, i+1, err)
		}
		out[i] = c
	}
	return out, nil
}

// Class returns the class of solutions of p that s saved, after checking
// that s is one as a search reports it: a solution of p (p.Decode) in
// its canonical form, with the size of its class as its orbit.
func (s *SavedClass) Class(p puzzles.Problem) (puzzles.Class, error) {
	c, err := p.Decode(s.object(nil))
	if err != nil {
		return puzzles.Class{}, err
	}
	if c.Orbit != s.Orbit {
		return puzzles.Class{}, fmt.Errorf("a solution whose orbit is %d, not %d", c.Orbit, s.Orbit)
	}
	return c, nil
}

// headerOf is what p writes of itself in headers (puzzles.HeaderFielder), with cfg.
func headerOf(p puzzles.Problem, cfg *puzzles.SolveConfig) puzzles.HeaderFields {
	if s, ok := p.(puzzles.HeaderFielder); ok {
		return s.HeaderFields(cfg)
	}
	return puzzles.HeaderFields{}
}

// ShardName names shard i of n as polytile solve --shard does: "i/n".
func ShardName(i, n int) string { return fmt.Sprintf("%d/%d", i, n) }
