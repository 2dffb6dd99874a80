package results

// The shard file: what Solve streams to and MergeFiles reads (what
// polytile solve --jsonl writes and polytile merge reads). It is JSON lines (one JSON object a line, https://jsonlines.org):
//
//	{"polytile": 3, "holds": "solutions", "kind": "tiling", "spec": "scott", "fingerprint": "…", "version": 3, "shard": 0, "shards": 4, …}
//	{"task": 0, "orbit": 8, "pieces": [{"name": "F", "cells": [[0, 1], …]}, …]}
//	…
//	{"done": 0, "found": 3, "distinct": 2, "raw": 16, "nodes": 1234, "updates": 0}
//	…
//	{"end": true, "complete": true, "found": 61, "distinct": 17, "raw": 136, …}
//
// The header (Header: the FileHeader every saved file starts with, then
// the shard's own fields) says which puzzle and which part of the search the
// file holds; then come the distinct solutions in the order of the tasks
// that found them, each with its task (ShardClass), and after the last
// solution of each task that ran to its end, a line that says so (Done);
// the end line (End) says whether the search ran to its end. A file
// without an end line was cut short. The done lines (from version 2) let
// a stopped run be resumed (Resume): what follows the last of them is run
// again.

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/polytile/polytile/internal/safefile"
	"github.com/polytile/polytile/puzzles"
	"github.com/polytile/polytile/puzzles/specs"
)

// Version is the header's "version": that of the shard format this
// package writes, FormatVersion (the file's header says it too). It reads
// versions 1 and 2 too, written before the header: version 1 has no done
// lines.
const Version = FormatVersion

// Header is the first line of a shard file. Its FileHeader's Fingerprint
// is the problem's Fingerprint: equal for two runs of the same puzzle
// split the same way (by the same engine), whatever the workers or the
// shard.
type Header struct {
	FileHeader
	Version int    `json:"version"` // Version; 1 or 2 in files written before the header
	Title   string `json:"title,omitempty"`
	// Lattice names a tiling's lattice, left out for the square one.
	Lattice string `json:"lattice,omitempty"`
	Shard   int    `json:"shard"`  // from 0
	Shards  int    `json:"shards"` // 1 for the whole search
	// SymmetryBreaking says whether a tiling's search broke the puzzle's
	// symmetry; nil for the kinds whose search never does.
	SymmetryBreaking *bool `json:"symmetry_breaking,omitempty"`
	Symmetries       int   `json:"symmetries"`
	// Pieces names a tiling's pieces in the puzzle's order, which is the
	// order of the canonical encoding.
	Pieces []string `json:"pieces,omitempty"`
	// SpecText is the spec's text (see Result.SpecText).
	SpecText string `json:"spec_text,omitempty"`
}

// NewHeader returns the header of the shard file of a search of spec's
// puzzle run with cfg (nil: the defaults).
func NewHeader(spec *specs.Spec, cfg *puzzles.SolveConfig) *Header {
	if cfg == nil {
		cfg = &puzzles.SolveConfig{}
	}
	p := spec.Problem
	sv := headerOf(p, cfg)
	h := &Header{
		FileHeader: newFileHeader(HoldsSolutions, spec.Name, p, p.Fingerprint(cfg)),
		Version:    Version,
		Title:      spec.Title,
		Lattice:    sv.Lattice,
		Shard:      cfg.Shard,
		Shards:     max(cfg.Shards, 1),
		Symmetries: p.Symmetries(),
		SpecText:   spec.Source,
	}
	h.SymmetryBreaking = sv.SymmetryBreaking
	h.Pieces = sv.Pieces
	return h
}

// ShardClass is a line of a shard file between the header and the end:
// a distinct solution and the task that found it.
type ShardClass struct {
	Task int `json:"task"`
	SavedClass
	line int // the line it was read from, from 1
}

// Done is the line that follows the solutions of a task that ran to its
// end: the task, and what it found.
type Done struct {
	Done     int   `json:"done"` // the task
	Found    int64 `json:"found"`
	Distinct int64 `json:"distinct"` // solution lines of the task
	Raw      int64 `json:"raw"`      // the sum of their orbits
	Nodes    int64 `json:"nodes"`
	Updates  int64 `json:"updates"`
}

// End is the last line of a shard file.
type End struct {
	End      bool   `json:"end"`      // always true
	Complete bool   `json:"complete"` // false if a limit, a timeout or a signal stopped the search
	Found    int64  `json:"found"`    // covers the search found
	Distinct int64  `json:"distinct"` // solution lines in the file
	Raw      int64  `json:"raw"`      // the sum of their orbits
	Nodes    int64  `json:"nodes"`
	Updates  int64  `json:"updates"`
	Tasks    int    `json:"tasks"` // tasks in this shard
	Engine   string `json:"engine"`
}

// NewEnd returns the end line of the shard file of the search that
// returned res; complete says whether it ran to its end. Writer.Close
// fills in Distinct and Raw.
func NewEnd(res *puzzles.Result, complete bool) *End {
	return &End{
		Complete: complete,
		Found:    res.Found,
		Nodes:    res.Stats.Nodes,
		Updates:  res.Stats.Updates,
		Tasks:    res.Tasks,
		Engine:   res.Engine.String(),
	}
}

// Writer streams a shard file: the header, then a line for each solution
// added, then the end line. The first error sticks: later writes do
// nothing, Add returns false (stopping a search that Add is the Each of),
// and Close returns it.
type Writer struct {
	bw   *bufio.Writer
	file *safefile.File // for Create; nil for NewWriter
	name string         // for errors
	err  error

	distinct, raw int64
	flushed       time.Time // when the data was last flushed

	buf      []byte      // a solution's line
	unsynced int64       // bytes written since the last sync began
	syncing  atomic.Bool // a sync runs in the background
	synced   sync.WaitGroup
}

// SyncEvery is how many bytes a Writer of a file (Create) writes between
// syncs, which it runs in the background: what is written but not yet on
// disk stays about that much, so that closing the file after a stop (its
// end line, then a last sync) is prompt however fast the search wrote.
const SyncEvery = 32 << 20

// wrote counts n bytes written, and starts a background sync of the file
// once SyncEvery have been since the last one began (none while one runs).
func (w *Writer) wrote(n int) {
	if w.file == nil {
		return
	}
	if w.unsynced += int64(n); w.unsynced < SyncEvery || w.syncing.Load() {
		return
	}
	if err := w.bw.Flush(); err != nil {
		w.err = fmt.Errorf("%s: %w", w.name, err)
		return
	}
	w.unsynced = 0
	w.syncing.Store(true)
	w.synced.Go(func() {
		w.file.Sync()
		w.syncing.Store(false)
	})
}

// NewWriter starts a shard file on w with its header.
func NewWriter(w io.Writer, h *Header) *Writer {
	sw := &Writer{bw: bufio.NewWriterSize(w, 1<<16), name: "results"}
	sw.line(h)
	return sw
}

// Create starts the shard file at path with its header. The file is
// written under a temporary name beside it, ".NAME.part" (PartName), and
// put in place by Close, so that a file under its own name always has its
// end line, and a run that is killed leaves what it wrote for Resume.
func Create(path string, h *Header) (*Writer, error) {
	f, err := safefile.CreatePart(path)
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err // say it once: "cannot write PATH: reason"
		}
		return nil, fmt.Errorf("cannot write %s: %w", path, err)
	}
	sw := NewWriter(f, h)
	sw.file, sw.name = f, path
	if sw.err != nil {
		sw.Abort()
		return nil, sw.err
	}
	return sw, nil
}

// line writes v as one line.
func (w *Writer) line(v any) {
	if w.err != nil {
		return
	}
	data, err := json.Marshal(v)
	if err != nil {
		w.err = fmt.Errorf("results: %w", err)
		return
	}
	data = append(data, '\n')
	if _, err := w.bw.Write(data); err != nil {
		w.err = fmt.Errorf("%s: %w", w.name, err)
	}
	w.wrote(len(data))
}

// Add writes one distinct solution, found by the task numbered task. It
// is a puzzles.SolveConfig.Each, and stops the search once the file
// cannot be written.
func (w *Writer) Add(d puzzles.Class, task int) bool {
	if w.err == nil {
		w.buf = w.appendSolution(w.buf[:0], d, task)
		if _, err := w.bw.Write(w.buf); err != nil {
			w.err = fmt.Errorf("%s: %w", w.name, err)
		}
		w.wrote(len(w.buf))
	}
	w.distinct++
	w.raw += int64(d.Orbit)
	return w.err == nil
}

// appendSolution appends the line of d, found by task, to b: the bytes
// json.Marshal makes of ShardClass{task, NewSavedClass(d)}, made without
// it, for a long search writes millions of them.
func (w *Writer) appendSolution(b []byte, d puzzles.Class, task int) []byte {
	b = append(b, `{"task":`...)
	b = strconv.AppendInt(b, int64(task), 10)
	b = append(b, ',')
	b = appendFields(b, d)
	return append(b, "}\n"...)
}

// Done writes the line that says that task ran to its end: it is a
// puzzles.SolveConfig.TaskDone.
// The data is flushed to the file at most FlushEvery after the line is
// written (at the next done line after that), so that a run that is killed
// loses little.
func (w *Writer) Done(task int, st puzzles.TaskStats) {
	w.line(Done{Done: task, Found: st.Found, Distinct: st.Distinct, Raw: st.Raw, Nodes: st.Nodes, Updates: st.Updates})
	if now := time.Now(); w.err == nil && now.Sub(w.flushed) >= FlushEvery {
		w.flushed = now
		if err := w.bw.Flush(); err != nil {
			w.err = fmt.Errorf("%s: %w", w.name, err)
		}
	}
}

// FlushEvery is how often a Writer flushes what it wrote to the file, at
// the end of a task.
const FlushEvery = 100 * time.Millisecond

// copyLine writes a line of another shard file of the same search as it
// is (with its newline): a solution if orbit > 0, else a done line.
func (w *Writer) copyLine(line []byte, orbit int) {
	if w.err != nil {
		return
	}
	if _, err := w.bw.Write(line); err != nil {
		w.err = fmt.Errorf("%s: %w", w.name, err)
	}
	if orbit > 0 {
		w.distinct++
		w.raw += int64(orbit)
	}
}

// fail makes err the writer's error, if it has none.
func (w *Writer) fail(err error) {
	if w.err == nil {
		w.err = err
	}
}

// Distinct returns the number of solutions added so far.
func (w *Writer) Distinct() int64 { return w.distinct }

// Raw returns the sum of the orbits of the solutions added so far.
func (w *Writer) Raw() int64 { return w.raw }

// Err returns the first error met writing, if any.
func (w *Writer) Err() error { return w.err }

// Close writes the end line, with Distinct and Raw set to the counts of
// the solutions added, and for Create puts the file in place. On error
// the file is removed.
func (w *Writer) Close(end *End) error {
	e := *end
	e.End = true
	e.Distinct, e.Raw = w.distinct, w.raw
	w.line(&e)
	if w.err == nil {
		if err := w.bw.Flush(); err != nil {
			w.err = fmt.Errorf("%s: %w", w.name, err)
		}
	}
	if w.file == nil {
		return w.err
	}
	w.synced.Wait()
	if w.err != nil {
		w.file.Abort()
		return w.err
	}
	if err := w.file.Commit(); err != nil {
		w.err = err
	}
	return w.err
}

// Abort stops writing and, for Create, removes the temporary file.
func (w *Writer) Abort() {
	if w.file != nil {
		w.synced.Wait()
		w.file.Abort()
	}
	if w.err == nil {
		w.err = errors.New("results: the shard file was abandoned")
	}
}

// Shard is a shard file as read.
type Shard struct {
	Name      string // the file's path or name, for errors
	Header    Header
	Solutions []ShardClass
	End       *End // nil if the file has no end line: it was cut short

	count, raw int64 // the solutions a streamed read saw, and their orbits
	done       *Done // the done line parse read last, for a reader to check
}

// ReadShardFile reads the shard file at path (ReadShard).
func ReadShardFile(path string) (*Shard, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadShard(f, path)
}

// ReadShard reads a shard file from r; name names it in errors, which
// give the line and what is wrong with it. It checks the form of each
// line: a header of this version, solutions of the shard's tasks with an
// orbit that divides the symmetries, at most one end line, last. A file
// cut short (without its end line) is read without error; Shard.Check
// refuses it.
func ReadShard(r io.Reader, name string) (*Shard, error) {
	sf := &Shard{Name: name}
	if err := sf.read(newLineReader(r, name), nil); err != nil {
		return nil, err
	}
	return sf, nil
}

// read reads the file's lines from lr, checking each (parse). With each
// nil it keeps the solutions; else it gives each solution to each as it
// is read, keeping only their count and the sum of their orbits.
func (sf *Shard) read(lr *lineReader, each func(*ShardClass) error) error {
	for {
		line, err := lr.nonBlank()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return err
		}
		if err := sf.parse(lr.n, line); err != nil {
			return err
		}
		if each == nil {
			continue
		}
		for i := range sf.Solutions {
			s := &sf.Solutions[i]
			sf.count++
			sf.raw += int64(s.Orbit)
			if err := each(s); err != nil {
				return err
			}
		}
		sf.Solutions = sf.Solutions[:0]
	}
	if sf.Header.Version == 0 {
		return &NotShardError{Path: sf.Name}
	}
	return nil
}

// lineKind is what a line after the header of a shard file says, read
// without checking its fields.
type lineKind struct {
	Task  *int            `json:"task"`
	Orbit *int            `json:"orbit"`
	End   json.RawMessage `json:"end"`
	Done  json.RawMessage `json:"done"`
}

// parse reads line n of the file, which is not blank.
func (sf *Shard) parse(n int, line []byte) error {
	h := &sf.Header
	if h.Version == 0 { // the first line
		return sf.header(n, line)
	}
	if sf.End != nil {
		return fmt.Errorf("%s:%d: a line after the end line", sf.Name, n)
	}
	var l lineKind
	if err := decodeLoose(line, &l); err != nil {
		return fmt.Errorf("%s:%d: %w", sf.Name, n, err)
	}
	switch {
	case l.Done != nil:
		var d Done
		if err := decode(line, &d); err != nil || l.End != nil || d.Done < 0 || d.Done%h.Shards != h.Shard {
			return fmt.Errorf("%s:%d: neither a solution, a done line nor the end line", sf.Name, n)
		}
		sf.done = &d
		return nil
	case l.End != nil:
		var e End
		if err := decode(line, &e); err != nil || !e.End {
			return fmt.Errorf("%s:%d: neither a solution nor the end line", sf.Name, n)
		}
		sf.End = &e
		return nil
	case l.Task != nil && l.Orbit == nil:
		return fmt.Errorf("%s:%d: no orbit", sf.Name, n)
	case l.Task == nil:
		return fmt.Errorf("%s:%d: neither a solution (task, orbit and the solution's fields) nor the end line (end: true)", sf.Name, n)
	}
	if t := *l.Task; t < 0 || t%h.Shards != h.Shard {
		return fmt.Errorf("%s:%d: a solution of task %d, which is not in shard %s", sf.Name, n, t, ShardName(h.Shard, h.Shards))
	}
	s := SavedClass{Orbit: *l.Orbit, Fields: fieldsOf(line, "task", "orbit")}
	if err := s.check(h.Symmetries); err != nil {
		return fmt.Errorf("%s:%d: %w", sf.Name, n, err)
	}
	sf.Solutions = append(sf.Solutions, ShardClass{Task: *l.Task, SavedClass: s, line: n})
	return nil
}

// header reads the first line, n: the file's header (ReadHeader), then
// the shard's own fields. A file written before the header (versions 1
// and 2, "polytile": "shard") reads too.
func (sf *Shard) header(n int, line []byte) error {
	var legacy struct {
		Polytile json.RawMessage `json:"polytile"`
		Version  int             `json:"version"`
	}
	if err := json.Unmarshal(line, &legacy); err != nil || !isNumber(legacy.Polytile) && string(legacy.Polytile) != `"shard"` {
		return &NotShardError{Path: sf.Name, Why: "its first line is not a shard header"}
	}
	fh, err := ReadHeader(bytes.NewReader(line), sf.Name)
	if err != nil {
		return err
	}
	if fh.Holds != HoldsSolutions {
		return &HoldsError{Path: sf.Name, Holds: fh.Holds, Want: HoldsSolutions}
	}
	if fh.Polytile == 0 {
		// Versions 1 and 2: the same fields, but polytile names the file.
		if legacy.Version < 1 || legacy.Version >= FormatVersion {
			return fmt.Errorf("%s is in version %d of the shard format; this polytile reads versions 1 to %d", sf.Name, legacy.Version, Version)
		}
		var m map[string]json.RawMessage
		_ = json.Unmarshal(line, &m)
		delete(m, "polytile")
		line, _ = json.Marshal(m)
	}
	h := &sf.Header
	if err := decode(line, h); err != nil {
		h.Version = 0
		return fmt.Errorf("%s:%d: the header: %w", sf.Name, n, err)
	}
	h.FileHeader = *fh
	if h.Polytile != 0 && h.Version != h.Polytile {
		h.Version = 0
		return fmt.Errorf("%s:%d: the header: version %d, but polytile %d: want them equal", sf.Name, n, h.Version, h.Polytile)
	}
	switch {
	case h.Shards < 1 || h.Shard < 0 || h.Shard >= h.Shards:
		return fmt.Errorf("%s:%d: shard %d of %d: want 0 ≤ shard < shards", sf.Name, n, h.Shard, h.Shards)
	case h.Spec == "":
		return fmt.Errorf("%s:%d: the header names no spec", sf.Name, n)
	case h.Symmetries < 1:
		return fmt.Errorf("%s:%d: the header has %d symmetries: want 1 or more", sf.Name, n, h.Symmetries)
	case h.kind() == puzzles.DefaultKind && len(h.Pieces) == 0:
		return fmt.Errorf("%s:%d: the header names no pieces", sf.Name, n)
	}
	return nil
}

// Classes returns the file's solutions as classes of p's solutions, each
// checked (Solution.Class), in the file's order. Its errors name the file
// and the line.
func (sf *Shard) Classes(p puzzles.Problem) ([]puzzles.Class, error) {
	out := make([]puzzles.Class, len(sf.Solutions))
	for i := range sf.Solutions {
		s := &sf.Solutions[i]
		c, err := s.Class(p)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %w", sf.Name, s.line, err)
		}
		out[i] = c
	}
	return out, nil
}

// Check checks that the file was written to its end, by a search that
// ran to its end, and that its end line counts its solutions.
func (sf *Shard) Check() error {
	var raw int64
	for _, s := range sf.Solutions {
		raw += int64(s.Orbit)
	}
	return sf.checkCounts(int64(len(sf.Solutions)), raw)
}

// checkCounts is Check for a file of count solutions whose orbits add up
// to raw.
func (sf *Shard) checkCounts(count, raw int64) error {
	name := ShardName(sf.Header.Shard, sf.Header.Shards)
	switch {
	case sf.End == nil:
		return fmt.Errorf("%s has no end line: the run of shard %s was killed, or the file is cut short", sf.Name, name)
	case !sf.End.Complete && sf.Header.Shards == 1:
		return fmt.Errorf("%s is partial (the run was stopped): run it again to its end", sf.Name)
	case !sf.End.Complete:
		return fmt.Errorf("%s is partial (the run was stopped): run shard %s again to its end", sf.Name, name)
	case sf.End.Distinct != count:
		return fmt.Errorf("%s: the end line counts %d solutions, but the file holds %d", sf.Name, sf.End.Distinct, count)
	}
	if raw != sf.End.Raw {
		return fmt.Errorf("%s: the end line counts %d raw solutions, but the orbits of its solutions add up to %d: the file is damaged", sf.Name, sf.End.Raw, raw)
	}
	return nil
}

// MarshalJSON writes the line of the solution: {"task":…,"orbit":…,…}.
func (s ShardClass) MarshalJSON() ([]byte, error) {
	b := append([]byte(`{"task":`), strconv.Itoa(s.Task)...)
	obj := s.SavedClass.object(nil) // {"orbit":…}
	return append(append(b, ','), obj[1:]...), nil
}

// UnmarshalJSON reads a solution's line, which must have a task and an
// orbit.
func (s *ShardClass) UnmarshalJSON(data []byte) error {
	var v struct {
		Task *int `json:"task"`
	}
	if err := decodeLoose(data, &v); err != nil {
		return err
	}
	if v.Task == nil {
		return fmt.Errorf("no task")
	}
	s.Task = *v.Task
	return s.SavedClass.UnmarshalJSON(data)
}
