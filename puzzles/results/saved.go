package results

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/polytile/polytile/internal/interrupt"
	"github.com/polytile/polytile/internal/plural"
	"github.com/polytile/polytile/internal/quote"
	"github.com/polytile/polytile/internal/safefile"
	"github.com/polytile/polytile/puzzles"
	"github.com/polytile/polytile/puzzles/specs"
)

// Saved is what a file of saved results holds that a picture needs: the
// spec of the puzzle, and the solutions chosen from the file, checked.
type Saved struct {
	// Spec is the puzzle's spec: read from the text the file carries, or
	// loaded by the name it gives when it carries none (files written
	// before they carried it).
	Spec *specs.Spec
	// Solutions are those chosen, in the file's order, and Numbers their
	// numbers in it, from 1.
	Solutions []puzzles.Answer
	Numbers   []int
	// Total is the number of solutions the file holds: every one when the
	// file says, or -1 when it was not read to its end and does not say.
	Total int
	// Canonical is true for a result (solve --json, merge), whose
	// solutions are in canonical order, numbered as a search of the spec
	// numbers them; false for a shard file (solve --jsonl), numbered in
	// the order the search wrote them.
	Canonical bool
	// Partial says why the file does not hold every solution of the
	// puzzle ("the search stopped early", "it is shard 2/8 of the
	// search"), or is "" if it does.
	Partial string
	// Note says what of the look of the spec the file carries is left
	// out, and why, or is "": a font file that its render options name
	// is never opened (specs.RenderOptions.WithoutFontFile), and the
	// text is set in the default font.
	Note string
}

// specOf returns the spec named name whose text is text (a YAML spec, or
// a matrix in Knuth's DLX format when name ends in .dlx), or, if text is
// "", the built-in puzzle of that name. It never opens a file that a
// saved file names: a file of results comes from anywhere, and its names
// could point at any file of the machine, a device or a pipe.
func specOf(name, text string) (*specs.Spec, error) {
	if text != "" {
		parse := specs.Parse
		if specs.IsDLX(name) {
			parse = specs.ParseDLX
		}
		s, err := parse(name, []byte(text))
		if err != nil {
			return nil, fmt.Errorf("the spec the file carries: %w", err)
		}
		return s, nil
	}
	s, err := specs.Builtin(name)
	if err != nil {
		return nil, &NoSpecError{Name: name}
	}
	return s, nil
}

// IsSaved reports whether the path names a file of saved results by its
// extension: .json (a result) or .jsonl (a shard file).
func IsSaved(path string) bool {
	return strings.HasSuffix(path, ".json") || strings.HasSuffix(path, ".jsonl")
}

// Load reads the solutions that pick chooses from the file of saved
// results at path: a result (what polytile solve --json and merge write,
// in canonical order) or a shard file (what solve --jsonl writes, a
// stopped run's too, in the order found). It reads no further than it
// needs: the Nth solution, or the first Limit, of a file of millions come
// at once. Every solution chosen is checked against the puzzle. Pick.Raw is
// refused: a file holds one solution of each class. Errors name the file,
// and the line where it is wrong.
func Load(path string, pick puzzles.Pick) (*Saved, error) {
	if pick.Raw {
		return nil, fmt.Errorf("%s holds one solution of each class, not raw ones: draw the spec for raw solutions", path)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	br := bufio.NewReaderSize(f, 1<<16)
	first, err := br.Peek(1)
	for err == nil && len(first) == 1 && strings.ContainsRune(" \t\r\n", rune(first[0])) {
		br.ReadByte()
		first, err = br.Peek(1)
	}
	if err != nil || first[0] != '{' {
		return nil, fmt.Errorf("%s is neither a result nor a shard file: it does not start with {", path)
	}
	lr := newLineReader(br, path)
	line, err := lr.next()
	if err != nil && !errors.Is(err, io.EOF) {
		return nil, err
	}
	// A shard file's first line is its header, a whole object; a
	// result's is the start of one.
	var head struct {
		Polytile json.RawMessage `json:"polytile"`
	}
	if json.Unmarshal(line, &head) == nil && head.Polytile != nil {
		return loadShard(f, lr, line, pick)
	}
	return loadResult(lr, line, pick)
}

// chooser keeps the solutions pick chooses as they are read.
type chooser struct {
	pick puzzles.Pick
	spec *specs.Spec
	out  *Saved
	n    int // solutions read
}

func newChooser(spec *specs.Spec, pick puzzles.Pick, out *Saved) *chooser {
	out.Spec = spec
	return &chooser{pick: pick, spec: spec, out: out}
}

// add takes the next solution of the file; it returns whether to read on.
func (c *chooser) add(s *SavedClass) (bool, error) {
	c.n++
	if c.pick.Nth > 0 && c.n != c.pick.Nth {
		return true, nil
	}
	d, err := s.Class(c.spec.Problem)
	if err != nil {
		return false, err
	}
	c.out.Solutions = append(c.out.Solutions, d.Solution)
	c.out.Numbers = append(c.out.Numbers, c.n)
	return c.pick.Nth == 0 && (c.pick.Limit == 0 || len(c.out.Solutions) < c.pick.Limit), nil
}

// loadResult reads a result whose first line is first. Encode writes the
// counts, then each solution on a line of its own: those are read one by
// one. A result written otherwise is read whole.
func loadResult(lr *lineReader, first []byte, pick puzzles.Pick) (*Saved, error) {
	path := lr.name
	head := append([]byte(nil), first...)
	for !bytes.HasPrefix(bytes.TrimSpace(head[bytes.LastIndexByte(head[:len(head)-1], '\n')+1:]), []byte(`"solutions"`)) {
		line, err := lr.next()
		head = append(head, line...)
		if err != nil || !bytes.HasSuffix(line, []byte("\n")) {
			// Not as Encode writes it: read it whole.
			return wholeResult(head, path, pick)
		}
		if len(head) > MaxLine {
			return nil, lr.errorf("more than %d MiB before its solutions: not a file polytile writes", MaxLine>>20)
		}
	}
	// The counts, without the solutions.
	i := bytes.LastIndex(head, []byte(`"solutions"`))
	counts := append(append([]byte(nil), head[:i]...), []byte(`"solutions": []}`)...)
	r, err := readResult(counts, path, false)
	if err != nil {
		return nil, err
	}
	out, spec, err := savedOf(r, path)
	if err != nil {
		return nil, err
	}
	if pick.Nth > r.Distinct {
		return out, nil
	}
	c := newChooser(spec, pick, out)
	if pick.Nth > 1 {
		// The solutions before the Nth are one a line: count them, and
		// decode nothing.
		skipped, err := lr.skipSolutions(pick.Nth - 1)
		c.n = skipped
		if err != nil {
			return nil, fmt.Errorf("%s: distinct is %d, but the file ends after %d solutions", path, r.Distinct, skipped)
		}
	}
	for {
		line, err := lr.next()
		// The file ends with this line: Encode ends it with a newline.
		end := err != nil || !bytes.HasSuffix(line, []byte("\n"))
		t := bytes.TrimSuffix(bytes.TrimSpace(line), []byte(","))
		switch {
		case bytes.HasPrefix(t, []byte("]")) || (len(t) == 0 && end):
			if c.n != r.Distinct {
				return nil, fmt.Errorf("%s: distinct is %d, but it holds %d solutions", path, r.Distinct, c.n)
			}
			return out, nil
		case len(t) == 0:
			continue
		case c.n == 0 && bytes.Equal(t, []byte("{")):
			// A solution over many lines: not as Encode writes it (but as
			// results of Sudoku, queens and matrices were once written).
			return restOfResult(lr, append(head, line...), end, pick)
		}
		var s SavedClass
		if derr := decode(t, &s); derr != nil {
			return nil, lr.errorf("%w", derr)
		}
		if serr := s.check(r.Symmetries); serr != nil {
			return nil, lr.errorf("%w", serr)
		}
		more, cerr := c.add(&s)
		if cerr != nil {
			return nil, lr.errorf("not a solution of the puzzle: %w", cerr)
		}
		if !more {
			return out, nil
		}
		if end {
			return nil, lr.errorf("the file ends inside its solutions")
		}
	}
}

// withoutFontFile takes out of spec, read from the saved file at path, a
// font file that its render options name, and returns the note that says
// so, or "".
func withoutFontFile(spec *specs.Spec, path string) string {
	r, font := spec.Render.WithoutFontFile()
	if font == "" {
		return ""
	}
	spec.Render = r
	return fmt.Sprintf("%s: the font file %s that its spec names is not opened (a saved file never names a file to open): its text is set in the default font", path, quote.Short(font))
}

// restOfResult reads the rest of the result whose text so far is whole
// (to its end if end), to at most MaxAllSize bytes, and reads it whole
// (wholeResult).
func restOfResult(lr *lineReader, whole []byte, end bool, pick puzzles.Pick) (*Saved, error) {
	for !end {
		line, err := lr.next()
		whole = append(whole, line...)
		end = err != nil || !bytes.HasSuffix(line, []byte("\n"))
		if len(whole) > MaxAllSize {
			return nil, lr.errorf("a result of solutions over many lines larger than %d MiB: not a file polytile writes", MaxAllSize>>20)
		}
	}
	return wholeResult(whole, lr.name, pick)
}

// savedOf returns what the counts of result r, read from path, say of the
// file, and the spec it carries.
func savedOf(r *ResultFile, path string) (*Saved, *specs.Spec, error) {
	spec, err := specOf(r.Name, r.SpecText)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", path, err)
	}
	out := &Saved{Spec: spec, Total: r.Distinct, Canonical: true, Note: withoutFontFile(spec, path)}
	if !r.Complete {
		out.Partial = "the search stopped early"
	}
	if r.Shard != "" {
		out.Partial = "it is shard " + r.Shard + " of the search"
	}
	return out, spec, nil
}

// wholeResult reads a result that is not laid out as Encode lays it out,
// whole: head, then what rest holds.
func wholeResult(data []byte, path string, pick puzzles.Pick) (*Saved, error) {
	r, err := ReadResult(bytes.NewReader(data), path)
	if err != nil {
		return nil, err
	}
	out, spec, err := savedOf(r, path)
	if err != nil {
		return nil, err
	}
	c := newChooser(spec, pick, out)
	for i := range r.Solutions {
		more, err := c.add(&r.Solutions[i])
		if err != nil {
			return nil, fmt.Errorf("%s: solution %d: not a solution of the puzzle: %w", path, i+1, err)
		}
		if !more {
			break
		}
	}
	return out, nil
}

// loadShard reads a shard file whose first line (its header) is first.
// The end line, if the file has one, is read from the file's end first, so
// that a picture of the first solutions knows how many there are.
func loadShard(f *os.File, lr *lineReader, first []byte, pick puzzles.Pick) (*Saved, error) {
	path := lr.name
	sf := &Shard{Name: path}
	if err := sf.parse(lr.n, first); err != nil {
		return nil, err
	}
	h := &sf.Header
	spec, err := specOf(h.Spec, h.SpecText)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	out := &Saved{Spec: spec, Note: withoutFontFile(spec, path)}
	out.Total, out.Partial = shardEnd(f, sf)
	c := newChooser(spec, pick, out)
	if pick.Nth > 1 {
		// The solutions are one a line, up to the end line if there is
		// one: count the lines before the Nth, and decode nothing.
		if out.Total >= 0 && pick.Nth > out.Total {
			return out, nil
		}
		skipped, err := lr.skipSolutions(pick.Nth - 1)
		c.n = skipped
		switch {
		case err != nil && out.Total >= 0:
			return nil, fmt.Errorf("%s: the end line counts %d solutions, but the file ends after %d", path, out.Total, skipped)
		case err != nil:
			// A stopped run's file, without an end line, and fewer
			// solutions than that.
			out.Total = skipped
			return out, nil
		}
	}
	if more, err := readSolutions(lr, sf, c, pick.Nth <= 1); err != nil || !more {
		if err != nil {
			return nil, err
		}
		return out, nil
	}
	if sf.End != nil && int64(c.n) != sf.End.Distinct {
		return nil, fmt.Errorf("%s: the end line counts %s, but the file holds %d: it is damaged", path, plural.Of(sf.End.Distinct, "solution"), c.n)
	}
	out.Total = c.n
	return out, nil
}

// shardEnd returns the solutions that the end line of the shard file f
// (whose header sf holds) counts, or -1 if it has none, and what makes
// the file partial ("" if nothing does).
func shardEnd(f *os.File, sf *Shard) (total int, partial string) {
	h := &sf.Header
	total = -1
	if end := lastLine(f); end != nil {
		var probe Shard
		probe.Name, probe.Header = sf.Name, *h
		if probe.parse(2, end) == nil && probe.End != nil {
			total = int(probe.End.Distinct)
			if !probe.End.Complete {
				partial = "the search stopped early"
			}
		}
	}
	if total < 0 {
		partial = "the search stopped early: the file has no end line"
	}
	if h.Shards > 1 {
		partial = "it is shard " + ShardName(h.Shard, h.Shards) + " of the search"
	}
	return total, partial
}

// readSolutions gives c the solutions of the rest of the shard file, up
// to its end or until c wants no more (more is then false), checking the
// done lines' counts if counted (no solutions were skipped).
func readSolutions(lr *lineReader, sf *Shard, c *chooser, counted bool) (more bool, err error) {
	// The solutions read since the last done line, which counts its
	// task's (-1: not known, after lines skipped): a line deleted or
	// written twice is found at its task's done line, and at the end.
	since := int64(-1)
	if counted {
		since = 0
	}
	for {
		line, err := lr.nonBlank()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return false, err
		}
		if err := sf.parse(lr.n, line); err != nil {
			return false, err
		}
		if d := sf.done; d != nil {
			sf.done = nil
			if since >= 0 && since != d.Distinct {
				return false, lr.errorf("the done line of task %d counts %s, but %d come before it: the file is damaged", d.Done, plural.Of(d.Distinct, "solution"), since)
			}
			since = 0
			continue
		}
		if len(sf.Solutions) == 0 {
			continue
		}
		s := sf.Solutions[0]
		sf.Solutions = sf.Solutions[:0]
		if since >= 0 {
			since++
		}
		more, err := c.add(&s.SavedClass)
		if err != nil {
			return false, lr.errorf("not a solution of the puzzle: %w", err)
		}
		if !more {
			return false, nil
		}
	}
	return true, nil
}

// lastLine returns the last line of f that is not blank, if it is short
// enough to be an end line, or nil. It leaves f's offset where it was.
func lastLine(f *os.File) []byte {
	st, err := f.Stat()
	if err != nil || !st.Mode().IsRegular() {
		return nil
	}
	const tail = 4096
	off := max(st.Size()-tail, 0)
	buf := make([]byte, st.Size()-off)
	if _, err := f.ReadAt(buf, off); err != nil && !errors.Is(err, io.EOF) {
		return nil
	}
	buf = bytes.TrimRight(buf, " \t\r\n")
	i := bytes.LastIndexByte(buf, '\n')
	if i < 0 && off > 0 {
		return nil
	}
	line := buf[i+1:]
	if !bytes.Contains(line, []byte(`"end"`)) {
		return nil
	}
	return line
}

// All is every distinct solution of a puzzle that a search found or a
// file holds, with the saved results that hold them: what a web gallery
// shows, and offers to download.
type All struct {
	Spec     *specs.Spec
	Classes  []puzzles.Class // in canonical order, or a shard file's
	Complete bool            // whether they are all the puzzle's
	File     string          // a name for the saved results
	Data     []byte          // the saved results, as a file holds them
	Path     string          // the file they were read from ("" if solved)
	Note     string          // what of the spec's look is left out, as Saved.Note says
}

// SolveAll searches spec's puzzle with cfg (nil: the defaults) and
// returns all it finds, the saved results being the Result's encoding.
func SolveAll(ctx context.Context, spec *specs.Spec, cfg *puzzles.SolveConfig) (*All, error) {
	res, err := spec.Problem.Solve(ctx, cfg)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := NewResultFile(spec, res).Encode(&buf); err != nil {
		return nil, err
	}
	return &All{Spec: spec, Classes: res.Distinct, Complete: res.Complete, File: "solutions.json", Data: buf.Bytes()}, nil
}

// LoadAll reads every solution of the file of saved results at path (a
// result or a shard file, as Load reads them), checked against the puzzle
// of the spec the file carries, in the file's order.
func LoadAll(path string) (*All, error) {
	saved, err := Load(path, puzzles.Pick{Limit: 1})
	if err != nil {
		return nil, err
	}
	all := &All{Spec: saved.Spec, Complete: saved.Partial == "", File: filepath.Base(path), Path: path, Note: saved.Note}
	if all.Data, err = readAtMost(path, MaxAllSize); err != nil {
		return nil, err
	}
	if saved.Canonical {
		r, err := readResult(all.Data, path, true)
		if err != nil {
			return nil, err
		}
		all.Classes, err = r.Classes(saved.Spec.Problem)
		return all, err
	}
	sf, err := ReadShard(bytes.NewReader(all.Data), path)
	if err != nil {
		return nil, err
	}
	if sf.End != nil && sf.End.Distinct != int64(len(sf.Solutions)) {
		// As Load refuses it: a gallery shows what the file holds.
		return nil, fmt.Errorf("%s: the end line counts %s, but the file holds %d: it is damaged", path, plural.Of(sf.End.Distinct, "solution"), len(sf.Solutions))
	}
	all.Classes, err = sf.Classes(saved.Spec.Problem)
	return all, err
}

// MaxAllSize is the most bytes of a saved file that LoadAll reads: 1 GiB,
// more than the solutions a web gallery may show (a layout's bound on its
// frames) take; its end line can be forged, and the file is read whole.
const MaxAllSize = 1 << 30

// readAtMost reads the file at path, refusing one of more than limit
// bytes having read no more than limit+1.
func readAtMost(path string, limit int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, tooLarge, err := safefile.ReadAtMost(f, limit)
	if tooLarge {
		return nil, fmt.Errorf("%s: larger than %d MiB, the most read whole: too many solutions to show at once", path, limit>>20)
	}
	return data, err
}

// LoadContext is Load, given up when ctx ends if the file is still not
// read (a FIFO no one writes to): its error then wraps ctx's cause.
func LoadContext(ctx context.Context, path string, pick puzzles.Pick) (*Saved, error) {
	return interrupt.Do(ctx, func() (*Saved, error) { return Load(path, pick) })
}

// LoadAllContext is LoadAll, given up as LoadContext is when ctx ends.
func LoadAllContext(ctx context.Context, path string) (*All, error) {
	return interrupt.Do(ctx, func() (*All, error) { return LoadAll(path) })
}
