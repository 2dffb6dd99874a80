package results

import (
	"bufio"
	"bytes"
	"container/heap"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"slices"
	"sync"

	"github.com/polytile/polytile/internal/safefile"
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
// The runs are in a scratch directory of their own (polytile-merge-*),
// removed on every return; one that a killed merge left is removed by the
// next merge in dir. Canceling ctx stops the merge within a few thousand
// solutions, with ctx's cause.
func MergeFilesTo(ctx context.Context, w io.Writer, paths []string, spec string, dir string, chunk int) error {
	if chunk <= 0 {
		chunk = DefaultMergeChunk
	}
	m, err := readHeads(ctx, paths, spec)
	if err != nil {
		return err
	}
	scratch, err := safefile.NewScratch(dir, "polytile-merge-")
	if err != nil {
		return fmt.Errorf("results: %w", err)
	}
	runs := &runFiles{dir: scratch.Dir, chunk: chunk}
	defer func() {
		runs.remove()
		scratch.Remove()
	}()
	if err := sortRuns(ctx, m, runs); err != nil {
		return err
	}
	return mergeRuns(ctx, w, m, runs.files)
}

// checkEvery is how many solutions a merge reads or writes between looks
// at its context.
const checkEvery = 4096

// stopped returns ctx's cause, as an error of the merge, if ctx is done.
func stopped(ctx context.Context) error {
	if ctx.Err() == nil {
		return nil
	}
	return fmt.Errorf("merge stopped: %w; nothing written", context.Cause(ctx))
}

// streamMerge is what a merge of shard files knows before it reads their
// solutions: the shards, the puzzle, and the result's head.
type streamMerge struct {
	shards []*Shard // in the order of their shard numbers
	puzzle puzzles.Problem
	out    *ResultFile // the result's counts, without its solutions
}

// readHeads reads the headers and end lines of the shard files at paths,
// and checks, before any solution is, that they make one complete search
// of the puzzle of spec ("": the one they carry).
func readHeads(ctx context.Context, paths []string, spec string) (*streamMerge, error) {
	if len(paths) == 0 {
		return nil, fmt.Errorf("results: no shards")
	}
	shards := make([]*Shard, len(paths))
	for i, path := range paths {
		n := 0
		sf, err := scanShard(path, func(*ShardClass) error {
			if n++; n%checkEvery == 0 {
				return stopped(ctx)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
		shards[i] = sf
	}
	if err := checkShards(shards, func(sf *Shard) error { return sf.checkCounts(sf.count, sf.raw) }); err != nil {
		return nil, err
	}
	h := shards[0].Header
	p, err := mergePuzzle(ctx, &h, spec)
	if err != nil {
		return nil, err
	}
	if err := checkPuzzle(p, shards[0]); err != nil {
		return nil, err
	}
	slices.SortFunc(shards, func(a, b *Shard) int { return a.Header.Shard - b.Header.Shard })
	out := &ResultFile{FileHeader: newFileHeader(HoldsSolutions, h.Spec, p, p.Fingerprint(nil)), Name: h.Spec, Title: h.Title, Lattice: h.Lattice, Symmetries: h.Symmetries, Complete: true,
		Engine: shards[0].End.Engine, SpecText: h.SpecText}
	for _, sf := range shards {
		out.Nodes += sf.End.Nodes
		out.Updates += sf.End.Updates
	}
	return &streamMerge{shards: shards, puzzle: p, out: out}, nil
}

// sortRuns reads every solution of m's shards, checks it and puts it in
// canonical form (checkers), and adds it to runs in the order read,
// counting them in m.out.
func sortRuns(ctx context.Context, m *streamMerge, runs *runFiles) error {
	c := startCheckers(m.puzzle, m.shards)
	collected := make(chan error, 1)
	go func() {
		collected <- c.inOrder(func(g *group) error {
			for _, r := range g.recs {
				if err := runs.add(r); err != nil {
					return err
				}
			}
			m.out.Raw += g.raw
			m.out.Distinct += len(g.recs)
			return nil
		})
	}()
	readErr := c.feed(ctx, m.shards)
	c.close()
	if err := <-collected; err != nil {
		return err
	}
	if readErr != nil {
		return readErr
	}
	return runs.flush()
}

// groupSize is the number of solutions a checker takes at a time.
const groupSize = 1024

// group is solutions read one after the other from a shard file, checked
// together.
type group struct {
	seq  int           // its place in the order read, from 0
	from int           // the shard, in streamMerge.shards
	sols []ShardClass  // as read
	recs []mergeRecord // the solutions checked, in canonical form
	raw  int64         // the sum of their orbits
	err  error         // the first mistake found
}

// check checks g's solutions against p, in the file named name, and
// makes their records.
func (g *group) check(p puzzles.Problem, name string) {
	for _, s := range g.sols {
		c, err := s.Class(p)
		if err != nil {
			g.err = fmt.Errorf("%s:%d: %w", name, s.line, err)
			return
		}
		line := appendSolution(nil, c)
		g.recs = append(g.recs, mergeRecord{key: []byte(c.Solution.SortKey()), line: line, from: g.from, at: s.line})
		g.raw += int64(c.Orbit)
	}
}

// checkers check groups of solutions on all cores, and hand them back in
// the order read (inOrder), so that the first mistake reported is the
// file's first.
type checkers struct {
	todo, done chan *group
	workers    sync.WaitGroup
}

// startCheckers starts a checker of the solutions of shards against p on
// each core.
func startCheckers(p puzzles.Problem, shards []*Shard) *checkers {
	c := &checkers{todo: make(chan *group), done: make(chan *group)}
	for range runtime.GOMAXPROCS(0) {
		c.workers.Go(func() {
			for g := range c.todo {
				g.check(p, shards[g.from].Name)
				c.done <- g
			}
		})
	}
	return c
}

// feed reads the solutions of shards and gives them to the checkers in
// groups, in order. It returns the first error reading.
func (c *checkers) feed(ctx context.Context, shards []*Shard) error {
	seq := 0
	for k, sf := range shards {
		g := &group{seq: seq, from: k}
		_, err := scanShard(sf.Name, func(s *ShardClass) error {
			g.sols = append(g.sols, *s)
			if len(g.sols) == groupSize {
				c.todo <- g
				seq++
				g = &group{seq: seq, from: k}
				return stopped(ctx)
			}
			return nil
		})
		if err != nil {
			return err
		}
		if len(g.sols) > 0 {
			c.todo <- g
			seq++
		}
	}
	return nil
}

// close says that no more groups come, and waits for the checkers to end.
func (c *checkers) close() {
	close(c.todo)
	c.workers.Wait()
	close(c.done)
}

// inOrder gives take each group checked, in the order fed, until close.
// After the first mistake in a group, or error of take, it takes no more
// (but drains the checkers), and returns it.
func (c *checkers) inOrder(take func(*group) error) error {
	pending := map[int]*group{}
	next := 0
	var first error
	for g := range c.done {
		pending[g.seq] = g
		for pending[next] != nil {
			g := pending[next]
			delete(pending, next)
			next++
			if first == nil {
				first = g.err
			}
			if first == nil {
				first = take(g)
			}
		}
	}
	return first
}

// runFiles are the sorted runs of a merge: records gathered chunk at a
// time, sorted, and spilled to temporary files in dir.
type runFiles struct {
	dir   string
	chunk int
	batch []mergeRecord
	files []*os.File // each at its start once spilled
}

// add adds r to the run being gathered, spilling it once full.
func (rs *runFiles) add(r mergeRecord) error {
	rs.batch = append(rs.batch, r)
	if len(rs.batch) >= rs.chunk {
		return rs.spill()
	}
	return nil
}

// flush spills the run being gathered, if it holds any record.
func (rs *runFiles) flush() error {
	if len(rs.batch) > 0 {
		return rs.spill()
	}
	return nil
}

// spill sorts the run being gathered and writes it to a file of its own.
func (rs *runFiles) spill() error {
	slices.SortFunc(rs.batch, func(a, b mergeRecord) int { return bytes.Compare(a.key, b.key) })
	f, err := os.CreateTemp(rs.dir, "polytile-merge-*")
	if err != nil {
		return fmt.Errorf("results: %w", err)
	}
	rs.files = append(rs.files, f)
	bw := bufio.NewWriterSize(f, 1<<16)
	for _, r := range rs.batch {
		r.write(bw)
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("results: %w", err)
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return fmt.Errorf("results: %w", err)
	}
	rs.batch = rs.batch[:0]
	return nil
}

// remove removes the runs' files.
func (rs *runFiles) remove() {
	for _, f := range rs.files {
		f.Close()
		os.Remove(f.Name())
	}
}

// mergeRuns writes m's result to w as Result.Encode writes it: its head,
// then the solutions of the sorted runs merged in canonical order, each
// once. A solution in two shards is an error.
func mergeRuns(ctx context.Context, w io.Writer, m *streamMerge, runs []*os.File) error {
	bw := bufio.NewWriterSize(w, 1<<16)
	if err := m.out.encodeHead(bw); err != nil {
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
			return fmt.Errorf("%s:%d and %s:%d hold the same solution: the shards do not split one search", m.shards[a.from].Name, a.at, m.shards[b.from].Name, b.at)
		}
		if n > 0 {
			bw.WriteByte(',')
		}
		bw.WriteString("\n    ")
		bw.Write(r.line)
		if n++; n%checkEvery == 0 {
			if err := stopped(ctx); err != nil {
				return err
			}
		}
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
func scanShard(path string, each func(*ShardClass) error) (*Shard, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	sf := &Shard{Name: path}
	if each == nil {
		each = func(*ShardClass) error { return nil }
	}
	if err := sf.read(newLineReader(f, path), each); err != nil {
		return nil, err
	}
	return sf, nil
}
