package results

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"slices"
	"strconv"

	"github.com/polytile/polytile/internal/safefile"
	"github.com/polytile/polytile/puzzles"
	"github.com/polytile/polytile/puzzles/specs"
)

// PartName returns the name of the file that a run streaming to the shard
// file at path writes until it ends (Create): ".NAME.part" beside it. A run
// that was killed leaves it behind; Resume continues from it.
func PartName(path string) (string, error) { return safefile.PartName(path) }

// saved is what a shard file of the search being resumed holds: the tasks
// that ran to their end, which are kept, and the rest, which are run again.
type saved struct {
	path  string
	done  map[int]Done // by task
	end   *End         // nil if the file has none
	bytes int64        // up to the end of the last line kept
}

// readSaved reads the shard file at path, written by a run with the
// header want, for Resume. It returns nil if there is no file. The file may
// have been cut short anywhere, even in a line: what follows the last done
// line is not kept. It stops when ctx ends, with ctx's cause: a file of
// millions of solutions takes seconds to read.
func readSaved(ctx context.Context, path string, want *Header) (*saved, error) {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	s := &saved{path: path, done: map[int]Done{}}
	lr := newLineReader(f, path)
	first, err := lr.next()
	if err != nil && !errors.Is(err, io.EOF) {
		return nil, err
	}
	if len(bytes.TrimSpace(first)) == 0 || !bytes.HasSuffix(first, []byte("\n")) {
		return nil, nil // killed before its header was written: nothing to keep
	}
	if err := checkSavedHeader(path, first, want); err != nil {
		return nil, err
	}
	at := int64(len(first))
	task, count, raw := -1, int64(0), int64(0) // the task of the lines read last
	for n := 1; ; n++ {
		if n%checkEvery == 0 && ctx.Err() != nil {
			return nil, fmt.Errorf("stopped while reading %s, before the search: %w; it is as it was", path, context.Cause(ctx))
		}
		line, err := lr.next()
		if err != nil || !bytes.HasSuffix(line, []byte("\n")) {
			break // the end of the file, or a line cut short
		}
		at += int64(len(line))
		if s.end != nil {
			return nil, lr.errorf("a line after the end line")
		}
		switch t, orbit, kind := classify(line); kind {
		case lineSolution:
			if t < task || s.hasDone(t) || t%want.Shards != want.Shard {
				return nil, lr.errorf("a solution of task %d out of order: the file is damaged", t)
			}
			if t != task {
				task, count, raw = t, 0, 0
			}
			count++
			raw += int64(orbit)
		case lineDone:
			var d Done
			if err := json.Unmarshal(line, &d); err != nil {
				return nil, lr.errorf("%w", err)
			}
			if d.Done != task {
				count, raw = 0, 0
			}
			if s.hasDone(d.Done) || d.Done < task || d.Distinct != count || d.Raw != raw || d.Done%want.Shards != want.Shard {
				return nil, lr.errorf("task %d's done line does not match the solutions before it: the file is damaged", d.Done)
			}
			s.done[d.Done] = d
			task, count, raw = d.Done, 0, 0
			s.bytes = at
		case lineEnd:
			var e End
			if err := json.Unmarshal(line, &e); err != nil {
				return nil, lr.errorf("%w", err)
			}
			s.end = &e
		default:
			return nil, lr.errorf("neither a solution, a done line nor the end line")
		}
	}
	return s, nil
}

func (s *saved) hasDone(task int) bool {
	_, ok := s.done[task]
	return ok
}

// checkSavedHeader checks that the header line first is one of a search
// with the header want.
func checkSavedHeader(path string, first []byte, want *Header) error {
	sf := &Shard{Name: path}
	if err := sf.header(1, first); err != nil {
		return &NotShardError{Path: path, Why: "it cannot be resumed"}
	}
	h := sf.Header
	switch {
	case h.Version < 2:
		return fmt.Errorf("%s is in version %d of the shard format, which does not say which tasks ended: it cannot be resumed; run the search again from its start", path, h.Version)
	case h.Version > Version:
		return fmt.Errorf("%s is in version %d of the shard format; this polytile resumes versions 2 to %d", path, h.Version, Version)
	case h.Fingerprint != want.Fingerprint:
		return fmt.Errorf("%s holds a search of another puzzle, or one split another way (fingerprint %s; this one's is %s): it cannot be resumed; give another file", path, h.Fingerprint, want.Fingerprint)
	case h.Shard != want.Shard || h.Shards != want.Shards:
		return fmt.Errorf("%s holds shard %s of the search; this run is shard %s: it cannot be resumed; give that shard's file", path, ShardName(h.Shard, h.Shards), ShardName(want.Shard, want.Shards))
	}
	return nil
}

// The kinds of a shard file's lines after the header.
const (
	lineOther = iota
	lineSolution
	lineDone
	lineEnd
)

// classify says what kind of line of a shard file line is, and for a
// solution its task and orbit, reading no more than it must: solutions
// begin {"task":T,"orbit":O, as Writer writes them.
func classify(line []byte) (task, orbit, kind int) {
	switch {
	case bytes.HasPrefix(line, []byte(`{"done":`)):
		return 0, 0, lineDone
	case bytes.HasPrefix(line, []byte(`{"end":`)):
		return 0, 0, lineEnd
	case !bytes.HasPrefix(line, []byte(`{"task":`)):
		return 0, 0, lineOther
	}
	rest := line[len(`{"task":`):]
	i := bytes.IndexByte(rest, ',')
	if i < 0 {
		return 0, 0, lineOther
	}
	task, err := strconv.Atoi(string(rest[:i]))
	rest = rest[i+1:]
	if err != nil || task < 0 || !bytes.HasPrefix(rest, []byte(`"orbit":`)) {
		return 0, 0, lineOther
	}
	rest = rest[len(`"orbit":`):]
	if i = bytes.IndexByte(rest, ','); i < 0 {
		return 0, 0, lineOther
	}
	orbit, err = strconv.Atoi(string(rest[:i]))
	if err != nil || orbit < 1 {
		return 0, 0, lineOther
	}
	return task, orbit, lineSolution
}

// copier copies the lines of the tasks to keep from a saved shard file,
// in the file's order, which is the tasks'.
type copier struct {
	f    *os.File
	lr   *lineReader
	keep func(task int) bool
	left int64  // bytes of the file left to read, up to the last done line
	next []byte // the line read and not yet copied, if any
	task int    // its task
}

func (s *saved) copier(keep func(task int) bool) (*copier, error) {
	f, err := os.Open(s.path)
	if err != nil {
		return nil, err
	}
	c := &copier{f: f, lr: newLineReader(f, s.path), keep: keep, left: s.bytes}
	first, err := c.lr.want() // the header
	if err != nil {
		f.Close()
		return nil, err
	}
	c.left -= int64(len(first))
	return c, nil
}

// upTo copies to w the lines kept of the tasks before task. An error
// reading is w's (Writer.Err), and stops its search.
func (c *copier) upTo(task int, w *Writer) {
	if err := c.copyUpTo(task, w); err != nil {
		w.fail(err)
	}
}

func (c *copier) copyUpTo(task int, w *Writer) error {
	for {
		if c.next == nil {
			if c.left <= 0 {
				return nil
			}
			line, err := c.lr.want()
			if err != nil {
				return err
			}
			c.left -= int64(len(line))
			t, _, kind := classify(line)
			if kind == lineDone {
				var d Done
				if err := json.Unmarshal(line, &d); err != nil {
					return err
				}
				t = d.Done
			}
			if !c.keep(t) {
				continue
			}
			c.next, c.task = line, t
		}
		if c.task >= task {
			return nil
		}
		_, orbit, _ := classify(c.next)
		w.copyLine(c.next, orbit)
		c.next = nil
	}
}

func (c *copier) close() { c.f.Close() }

// Resume is Solve for a run that may have been stopped before, by a signal,
// a timeout or a kill: it continues from what was saved at path (the shard
// file, or the part file a killed run left, PartName), keeping the tasks
// that ran to their end and running the others, and leaves at path the
// file a run that was never stopped writes: the same solutions, each
// once, in the same order, with the same end line. With nothing saved it
// is Solve. It refuses a file of another search or shard, and a limit
// (cfg.Limit), which a resumed run could not honour.
func Resume(ctx context.Context, spec *specs.Spec, cfg *puzzles.SolveConfig, path string) (*Run, error) {
	c := puzzles.SolveConfig{}
	if cfg != nil {
		c = *cfg
	}
	if c.Limit > 0 {
		return nil, errors.New("results: a run with a limit cannot be resumed: it would stop at the limit of new solutions")
	}
	h := NewHeader(spec, &c)
	part, err := PartName(path)
	if err != nil {
		return nil, err
	}
	// No run may write the part file while it is read; the run below
	// locks it again when it writes it.
	unlock, err := safefile.LockPart(path)
	if err != nil {
		return nil, err
	}
	whole, err := readSaved(ctx, path, h)
	if err != nil {
		unlock()
		return nil, err
	}
	killed, err := readSaved(ctx, part, h)
	if err == nil && killed != nil {
		// Put what both hold in the file, so that the run may write the
		// part file again.
		if err = consolidate(ctx, path, h, whole, killed); err == nil {
			whole, err = readSaved(ctx, path, h)
		}
	}
	unlock()
	if err != nil {
		return nil, err
	}
	return solveTo(ctx, spec, &c, path, h, whole)
}

// consolidate writes at path, as a stopped run's file, the tasks that
// ran to their end in a (which may be nil) or b. If ctx ends first it
// writes nothing, and returns ctx's cause: both files stay as they were.
func consolidate(ctx context.Context, path string, h *Header, a, b *saved) error {
	var tasks []int
	for t := range b.done {
		tasks = append(tasks, t)
	}
	end := End{End: true}
	if a != nil {
		for t := range a.done {
			if !b.hasDone(t) {
				tasks = append(tasks, t)
			}
		}
		if a.end != nil {
			end.Tasks, end.Engine = a.end.Tasks, a.end.Engine
		}
	}
	slices.Sort(tasks)
	f, err := safefile.Create(path)
	if err != nil {
		return fmt.Errorf("cannot write %s: %w", path, err)
	}
	w := NewWriter(f, h)
	w.file, w.name = f, path
	cb, err := b.copier(b.hasDone)
	if err != nil {
		w.Abort()
		return err
	}
	defer cb.close()
	var ca *copier
	if a != nil {
		if ca, err = a.copier(func(t int) bool { return a.hasDone(t) && !b.hasDone(t) }); err != nil {
			w.Abort()
			return err
		}
		defer ca.close()
	}
	for _, t := range tasks {
		if ctx.Err() != nil {
			w.Abort()
			return fmt.Errorf("stopped before the search, while keeping what the earlier runs found: %w; %s and its part file are as they were", context.Cause(ctx), path)
		}
		from, d := cb, b.done[t]
		if !b.hasDone(t) {
			from, d = ca, a.done[t]
		}
		if err := from.copyUpTo(t+1, w); err != nil {
			w.Abort()
			return err
		}
		end.Found += d.Found
		end.Nodes += d.Nodes
		end.Updates += d.Updates
	}
	return w.Close(&end)
}
