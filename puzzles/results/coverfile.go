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
	"slices"
	"strings"

	"github.com/polytile/polytile/internal/safefile"
	"github.com/polytile/polytile/puzzles"
	"github.com/polytile/polytile/puzzles/cover"
)

// CoverHeader is the first line of a shard file of an exact-cover puzzle
// that is not a tiling (package cover): its kind and spec, and the part
// of the search it holds. The lines after it are the distinct solutions
// found, {"task": t, "orbit": o, …the kind's fields}, and the last is the
// end line (End), as in a tiling's shard file.
type CoverHeader struct {
	Polytile    string `json:"polytile"` // Kind
	Version     int    `json:"version"`  // Version
	Kind        string `json:"kind"`     // the puzzle's kind
	Spec        string `json:"spec"`     // the spec's file path or built-in name
	Title       string `json:"title,omitempty"`
	Fingerprint string `json:"fingerprint"` // cover.Fingerprint
	Shard       int    `json:"shard"`
	Shards      int    `json:"shards"`
	Symmetries  int    `json:"symmetries"`
	SpecText    string `json:"spec_text,omitempty"`
}

// SolveCover searches spec's exact-cover puzzle (spec.Cover) with cfg,
// streaming the distinct solutions to a shard file at path (written to a
// temporary name, and put in place with its end line, stopped or not)
// unless path is "", in which case the result keeps them.
func SolveCover(ctx context.Context, spec *puzzles.Spec, cfg cover.Config, path string) (*cover.Result, error) {
	if path == "" {
		return cover.SolveWith(ctx, spec.Cover, &cfg)
	}
	f, err := safefile.Create(path)
	if err != nil {
		return nil, fmt.Errorf("cannot write %s: %w", path, err)
	}
	w := bufio.NewWriterSize(f, 1<<16)
	p := spec.Cover
	h := CoverHeader{Polytile: Kind, Version: Version, Kind: p.Kind(), Spec: spec.Name, Title: spec.Title,
		Fingerprint: cover.Fingerprint(p), Shard: cfg.Shard, Shards: max(cfg.Shards, 1), Symmetries: p.Symmetries(), SpecText: spec.Source}
	var werr error
	line := func(v any) {
		data, err := json.Marshal(v)
		if err == nil {
			data = append(data, '\n')
			_, err = w.Write(data)
		}
		werr = errors.Join(werr, err)
	}
	line(h)
	var raw int64
	distinct := 0
	cfg.Each = func(c cover.Class, task int) bool {
		line(coverLine{Task: task, CoverSolution: CoverSolution{Orbit: c.Orbit, Value: p.Saved(c.Options)}})
		raw += int64(c.Orbit)
		distinct++
		return werr == nil
	}
	res, err := cover.SolveWith(ctx, p, &cfg)
	if res != nil {
		line(End{End: true, Complete: res.Complete && err == nil, Found: int64(res.Found), Distinct: int64(distinct), Raw: raw,
			Nodes: res.Nodes, Tasks: res.Tasks, Engine: "dlx"})
	}
	if werr = errors.Join(werr, w.Flush()); werr != nil {
		f.Abort()
		return res, fmt.Errorf("writing %s: %w", path, werr)
	}
	if cerr := f.Commit(); cerr != nil {
		return res, cerr
	}
	return res, err
}

// coverLine is a solution line of a cover shard file.
type coverLine struct {
	Task int
	CoverSolution
}

// MarshalJSON writes the task first, then the solution's fields.
func (l coverLine) MarshalJSON() ([]byte, error) {
	rest, err := l.CoverSolution.MarshalJSON()
	if err != nil {
		return nil, err
	}
	return append([]byte(fmt.Sprintf(`{"task":%d,`, l.Task)), rest[1:]...), nil
}

// coverShard is a cover shard file as read.
type coverShard struct {
	name   string
	header CoverHeader
	spec   *puzzles.Spec
	sols   [][]int // the solutions, in the file's order
	orbits []int
	lines  []int
	end    *End
}

// isCoverFile reports whether the first line of a results file names a
// kind other than tiling.
func isCoverFile(first []byte) bool { return bytes.Contains(first, []byte(`"kind"`)) }

// readCoverShard reads the cover shard file at path, checking every
// solution against the puzzle of the spec it carries.
func readCoverShard(path string) (*coverShard, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	sf := &coverShard{name: path}
	lr := newLineReader(f, path)
	for {
		line, err := lr.nonBlank()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, err
		}
		line = bytes.TrimSuffix(line, []byte("\n"))
		if lr.n == 1 {
			if err := sf.readHeader(line); err != nil {
				return nil, lr.errorf("%w", err)
			}
			continue
		}
		if sf.end != nil {
			return nil, lr.errorf("a line after the end line")
		}
		var l struct {
			Task  *int  `json:"task"`
			Orbit *int  `json:"orbit"`
			End   *bool `json:"end"`
		}
		if err := json.Unmarshal(line, &l); err != nil {
			return nil, lr.errorf("not valid JSON: %v", err)
		}
		if l.End != nil {
			sf.end = &End{}
			if err := json.Unmarshal(line, sf.end); err != nil {
				return nil, lr.errorf("the end line: %v", err)
			}
			continue
		}
		if l.Task == nil || l.Orbit == nil || *l.Orbit < 1 || sf.header.Symmetries%*l.Orbit != 0 {
			return nil, lr.errorf("neither a solution (task, orbit dividing the symmetries, …) nor the end line")
		}
		sol, err := sf.spec.Cover.Decode(line)
		if err == nil {
			err = sf.spec.Cover.Matrix().Check(sol)
		}
		if err != nil {
			return nil, lr.errorf("not a solution of the puzzle: %w", err)
		}
		sf.sols = append(sf.sols, sol)
		sf.orbits = append(sf.orbits, *l.Orbit)
		sf.lines = append(sf.lines, lr.n)
	}
	if sf.spec == nil {
		return nil, fmt.Errorf("%s is empty, not a shard file", path)
	}
	return sf, nil
}

// readHeader reads the file's first line, its header, and the spec it
// carries.
func (sf *coverShard) readHeader(line []byte) error {
	if err := json.Unmarshal(line, &sf.header); err != nil || sf.header.Polytile != Kind || sf.header.Kind == "" {
		return errors.New("not the header of a shard file of an exact-cover puzzle")
	}
	var err error
	if sf.spec, err = specOf(sf.header.Spec, sf.header.SpecText); err != nil {
		return err
	}
	if sf.spec.Cover == nil || cover.Fingerprint(sf.spec.Cover) != sf.header.Fingerprint {
		return errors.New("the spec is not the puzzle the file was written for")
	}
	return nil
}

// isCoverShards reports whether paths are shard files of an exact-cover
// puzzle that is not a tiling, by the first line of the first: its header.
// Files that cannot be read are left to the merge of tilings to report.
func isCoverShards(paths []string) bool {
	if len(paths) == 0 {
		return false
	}
	f, err := os.Open(paths[0])
	if err != nil {
		return false
	}
	defer f.Close()
	first, _ := newLineReader(bufio.NewReader(f), paths[0]).next()
	return isCoverFile(first)
}

// mergeCover merges the cover shard files at paths into the result of the
// whole search, refusing files of different puzzles or splits, a missing
// or stopped shard.
func mergeCover(paths []string) (*CoverResult, error) {
	var shards []*coverShard
	for _, p := range paths {
		sf, err := readCoverShard(p)
		if err != nil {
			return nil, err
		}
		shards = append(shards, sf)
	}
	ref := shards[0]
	have := map[int]string{}
	for _, sf := range shards {
		h := sf.header
		switch {
		case h.Fingerprint != ref.header.Fingerprint || h.Shards != ref.header.Shards:
			return nil, fmt.Errorf("%s and %s are not shards of one search", ref.name, sf.name)
		case sf.end == nil || !sf.end.Complete:
			return nil, fmt.Errorf("%s: the search of shard %s stopped early: run it again", sf.name, ShardName(h.Shard, h.Shards))
		case have[h.Shard] != "":
			return nil, fmt.Errorf("%s and %s are both shard %s", have[h.Shard], sf.name, ShardName(h.Shard, h.Shards))
		}
		have[h.Shard] = sf.name
	}
	if len(have) != ref.header.Shards {
		return nil, fmt.Errorf("%d of the %d shards given: a merge needs all of them", len(have), ref.header.Shards)
	}
	p := ref.spec.Cover
	res := &cover.Result{Complete: true}
	seen := map[string]bool{}
	for _, sf := range shards {
		res.Nodes += sf.end.Nodes
		for i, sol := range sf.sols {
			key, canon, orbit := p.Canonical(sol)
			if orbit != sf.orbits[i] {
				return nil, fmt.Errorf("%s:%d: orbit %d, but the solution's class has %d", sf.name, sf.lines[i], sf.orbits[i], orbit)
			}
			if seen[key] {
				continue
			}
			seen[key] = true
			res.Distinct = append(res.Distinct, cover.Class{Options: canon, Orbit: orbit})
			res.Raw += int64(orbit)
		}
	}
	keys := make(map[int]string, len(res.Distinct))
	for i, c := range res.Distinct {
		keys[i], _, _ = p.Canonical(c.Options)
	}
	idx := make([]int, len(res.Distinct))
	for i := range idx {
		idx[i] = i
	}
	slices.SortFunc(idx, func(a, b int) int { return strings.Compare(keys[a], keys[b]) })
	sorted := make([]cover.Class, len(idx))
	for i, k := range idx {
		sorted[i] = res.Distinct[k]
	}
	res.Distinct = sorted
	return NewCoverResult(ref.spec, res), nil
}

// encoder is a result that writes itself as JSON: a *Result, or a
// *CoverResult.
type encoder interface{ Encode(w io.Writer) error }

// MergeTo merges shard files of any kind of puzzle and writes the result
// to w: a tiling's as MergeFilesTo does, in bounded memory; the other
// kinds' (whose files carry their spec) whole, as a CoverResult.
func MergeTo(w io.Writer, paths []string, spec string) error {
	if isCoverShards(paths) {
		r, err := mergeCover(paths)
		if err != nil {
			return err
		}
		return r.Encode(w)
	}
	return MergeFilesTo(w, paths, spec, "", 0)
}

// mergeAny merges shard files of any kind of puzzle in memory: a
// tiling's as MergeFiles does, with spec; the others' (whose files carry
// their spec) into a CoverResult.
func mergeAny(paths []string, spec string) (encoder, error) {
	if isCoverShards(paths) {
		r, err := mergeCover(paths)
		if err != nil {
			return nil, err
		}
		return r, nil
	}
	r, err := MergeFiles(paths, spec)
	if err != nil {
		return nil, err
	}
	return r, nil
}

// loadCover reads the solutions pick chooses from a file of saved results
// of an exact-cover puzzle that is not a tiling: a CoverResult (JSON) or a
// cover shard file (JSON lines), whole.
func loadCover(path string, pick puzzles.Pick) (*Saved, error) {
	var spec *puzzles.Spec
	var sols [][]int
	out := &Saved{}
	if strings.HasSuffix(path, ".jsonl") {
		sf, err := readCoverShard(path)
		if err != nil {
			return nil, err
		}
		spec, sols = sf.spec, sf.sols
		if sf.end == nil || !sf.end.Complete {
			out.Partial = "the search stopped early"
		}
		if sf.header.Shards > 1 {
			out.Partial = "it is shard " + ShardName(sf.header.Shard, sf.header.Shards) + " of the search"
		}
	} else {
		data, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		var r struct {
			Name      string            `json:"name"`
			SpecText  string            `json:"spec_text"`
			Complete  bool              `json:"complete"`
			Solutions []json.RawMessage `json:"solutions"`
		}
		if err := json.Unmarshal(data, &r); err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		if spec, err = specOf(r.Name, r.SpecText); err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		if spec.Cover == nil {
			return nil, fmt.Errorf("%s: its spec is not of an exact-cover puzzle", path)
		}
		for i, raw := range r.Solutions {
			sol, err := spec.Cover.Decode(raw)
			if err == nil {
				err = spec.Cover.Matrix().Check(sol)
			}
			if err != nil {
				return nil, fmt.Errorf("%s: solution %d: not a solution of the puzzle: %w", path, i+1, err)
			}
			sols = append(sols, sol)
		}
		out.Canonical = true
		if !r.Complete {
			out.Partial = "the search stopped early"
		}
	}
	out.Spec, out.Total = spec, len(sols)
	for i, sol := range sols {
		if pick.Nth == i+1 || pick.Nth == 0 && (pick.Limit == 0 || len(out.Cover) < pick.Limit) {
			out.Cover = append(out.Cover, sol)
			out.Numbers = append(out.Numbers, i+1)
		}
	}
	return out, nil
}
