package results

import (
	"bufio"
	"bytes"
	"container/heap"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"slices"
	"sync"

	"github.com/polytile/polytile/puzzles"
)

// DefaultMergeChunk is the number of solutions MergeFilesTo sorts in
// memory at a time.
const DefaultMergeChunk = 50_000

// MergeFilesTo merges the shard files at paths as MergeFiles does (the
// same checks, and the spec given or, if spec is "", the one the shards
// carry), and writes the result to w as Result.Encode writes it, the same
// bytes, without holding the solutions: it reads each file as a stream,
// sorts chunk solutions at a time (0: DefaultMergeChunk) into runs it
// spills to temporary files in dir ("": the system's), and merges the
// runs. Its memory is about chunk solutions, whatever the files' size.
func MergeFilesTo(w io.Writer, paths []string, spec string, dir string, chunk int) error {
	if chunk <= 0 {
		chunk = DefaultMergeChunk
	}
	if len(paths) == 0 {
		return fmt.Errorf("results: no shards")
	}
	// The shards' headers and ends, read first: they say whether the
	// files make one search, before any solution is checked.
	shards := make([]*Shard, len(paths))
	for i, path := range paths {
		sf, err := scanShard(path, nil)
		if err != nil {
			return err
		}
		shards[i] = sf
	}
	if err := checkShards(shards, func(sf *Shard) error { return sf.checkCounts(sf.count, sf.raw) }); err != nil {
		return err
	}
	h := shards[0].Header
	p, err := mergePuzzle(&h, spec)
	if err != nil {
		return err
	}
	if err := checkPuzzle(p, shards[0]); err != nil {
		return err
	}
	slices.SortFunc(shards, func(a, b *Shard) int { return a.Header.Shard - b.Header.Shard })
	out := &Result{Name: h.Spec, Title: h.Title, Lattice: h.Lattice, Symmetries: h.Symmetries, Complete: true,
		Engine: shards[0].End.Engine, SpecText: h.SpecText}
	// Pass 1: every solution checked and put in canonical form, sorted in
	// runs of chunk.
	index := pieceIndex(p)
	var runs []*os.File
	defer func() {
		for _, f := range runs {
			f.Close()
			os.Remove(f.Name())
		}
	}()
	var batch []mergeRecord
	spill := func() error {
		slices.SortFunc(batch, func(a, b mergeRecord) int { return bytes.Compare(a.key, b.key) })
		f, err := os.CreateTemp(dir, "polytile-merge-*")
		if err != nil {
			return fmt.Errorf("results: %w", err)
		}
		runs = append(runs, f)
		bw := bufio.NewWriterSize(f, 1<<16)
		for _, r := range batch {
			r.write(bw)
		}
		if err := bw.Flush(); err != nil {
			return fmt.Errorf("results: %w", err)
		}
		if _, err := f.Seek(0, io.SeekStart); err != nil {
			return fmt.Errorf("results: %w", err)
		}
		batch = batch[:0]
		return nil
	}
	// The solutions are checked on all cores, in groups, and taken back
	// in the order read, so that the first mistake reported is the
	// file's first.
	type group struct {
		seq  int
		from int
		sols []ShardSolution
		recs []mergeRecord
		raw  int64
		err  error
	}
	todo, done := make(chan *group), make(chan *group)
	var workers sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		workers.Go(func() {
			for g := range todo {
				name := shards[g.from].Name
				for _, s := range g.sols {
					c, err := s.class(p, index)
					if err != nil {
						g.err = fmt.Errorf("%s:%d: %w", name, s.line, err)
						break
					}
					line, err := json.Marshal(NewSolution(c))
					if err != nil {
						g.err = fmt.Errorf("results: %w", err)
						break
					}
					g.recs = append(g.recs, mergeRecord{key: sortKey(c.Solution), line: line, from: g.from, at: s.line})
					g.raw += int64(c.Orbit)
				}
				done <- g
			}
		})
	}
	// The collector: groups in order, into runs.
	collected := make(chan error, 1)
	go func() {
		pending := map[int]*group{}
		next := 0
		var first error
		for g := range done {
			pending[g.seq] = g
			for pending[next] != nil {
				g := pending[next]
				delete(pending, next)
				next++
				if first != nil {
					continue
				}
				if first = g.err; first != nil {
					continue
				}
				for _, r := range g.recs {
					batch = append(batch, r)
					if len(batch) >= chunk {
						if first = spill(); first != nil {
							break
						}
					}
				}
				out.Raw += g.raw
				out.Distinct += len(g.recs)
			}
		}
		collected <- first
	}()
	seq := 0
	var readErr error
	for k, sf := range shards {
		out.Nodes += sf.End.Nodes
		out.Updates += sf.End.Updates
		g := &group{seq: seq, from: k}
		_, readErr = scanShard(sf.Name, func(s *ShardSolution) error {
			g.sols = append(g.sols, *s)
			if len(g.sols) == 1024 {
				todo <- g
				seq++
				g = &group{seq: seq, from: k}
			}
			return nil
		})
		if readErr != nil {
			break
		}
		if len(g.sols) > 0 {
			todo <- g
			seq++
		}
	}
	close(todo)
	workers.Wait()
	close(done)
	if err := <-collected; err != nil {
		return err
	}
	if readErr != nil {
		return readErr
	}
	if len(batch) > 0 {
		if err := spill(); err != nil {
			return err
		}
	}
	// Pass 2: the runs merged, in canonical order, each solution once.
	bw := bufio.NewWriterSize(w, 1<<16)
	if err := out.encodeHead(bw); err != nil {
		return err
	}
	q := &recordHeap{}
	readers := make([]*bufio.Reader, len(runs))
	for i, f := range runs {
		readers[i] = bufio.NewReaderSize(f, 1<<16)
		if r, ok, err := readRecord(readers[i]); err != nil {
			return err
		} else if ok {
			r.run = i
			heap.Push(q, r)
		}
	}
	var last *mergeRecord
	n := 0
	for q.Len() > 0 {
		r := heap.Pop(q).(mergeRecord)
		if last != nil && bytes.Equal(last.key, r.key) {
			a, b := *last, r
			if b.from < a.from || b.from == a.from && b.at < a.at {
				a, b = b, a
			}
			return fmt.Errorf("%s:%d and %s:%d hold the same solution: the shards do not split one search", shards[a.from].Name, a.at, shards[b.from].Name, b.at)
		}
		if n > 0 {
			bw.WriteByte(',')
		}
		bw.WriteString("\n    ")
		bw.Write(r.line)
		n++
		last = &r
		if next, ok, err := readRecord(readers[r.run]); err != nil {
			return err
		} else if ok {
			next.run = r.run
			heap.Push(q, next)
		}
	}
	if n > 0 {
		bw.WriteString("\n  ")
	}
	bw.WriteString("]\n}\n")
	return bw.Flush()
}

// sortKey is a solution's encoding as bytes whose order is Compare's.
func sortKey(s *puzzles.Solution) []byte {
	return []byte(s.SortKey())
}

// mergeRecord is one solution in a run: its sort key, its line as saved,
// and where it was read (the shard, in sorted order, and the line).
type mergeRecord struct {
	key, line []byte
	from, at  int
	run       int
}

func (r *mergeRecord) write(w *bufio.Writer) {
	var b [binary.MaxVarintLen64]byte
	for _, v := range []uint64{uint64(len(r.key)), uint64(len(r.line)), uint64(r.from), uint64(r.at)} {
		w.Write(b[:binary.PutUvarint(b[:], v)])
	}
	w.Write(r.key)
	w.Write(r.line)
}

// readRecord reads the next record of a run; false at its end.
func readRecord(br *bufio.Reader) (mergeRecord, bool, error) {
	var v [4]uint64
	for i := range v {
		x, err := binary.ReadUvarint(br)
		if err != nil {
			if i == 0 && errors.Is(err, io.EOF) {
				return mergeRecord{}, false, nil
			}
			return mergeRecord{}, false, fmt.Errorf("results: reading a sorted run: %w", err)
		}
		v[i] = x
	}
	r := mergeRecord{key: make([]byte, v[0]), line: make([]byte, v[1]), from: int(v[2]), at: int(v[3])}
	if _, err := io.ReadFull(br, r.key); err != nil {
		return r, false, fmt.Errorf("results: reading a sorted run: %w", err)
	}
	if _, err := io.ReadFull(br, r.line); err != nil {
		return r, false, fmt.Errorf("results: reading a sorted run: %w", err)
	}
	return r, true, nil
}

// recordHeap orders records by key, then by where they were read.
type recordHeap []mergeRecord

func (h recordHeap) Len() int { return len(h) }
func (h recordHeap) Less(i, j int) bool {
	if c := bytes.Compare(h[i].key, h[j].key); c != 0 {
		return c < 0
	}
	if h[i].from != h[j].from {
		return h[i].from < h[j].from
	}
	return h[i].at < h[j].at
}
func (h recordHeap) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *recordHeap) Push(x any)   { *h = append(*h, x.(mergeRecord)) }
func (h *recordHeap) Pop() any {
	old := *h
	r := old[len(old)-1]
	*h = old[:len(old)-1]
	return r
}

// scanShard reads the shard file at path line by line, giving each
// solution to each (nil: none) instead of keeping it, and returns the
// file with its header, end line and counts.
func scanShard(path string, each func(*ShardSolution) error) (*Shard, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	sf := &Shard{Name: path}
	if each == nil {
		each = func(*ShardSolution) error { return nil }
	}
	if err := sf.read(newLineReader(f, path), each); err != nil {
		return nil, err
	}
	return sf, nil
}
