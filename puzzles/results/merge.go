package results

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/polytile/polytile/puzzles"
	"github.com/polytile/polytile/puzzles/specs"
)

// maxListed is how many missing shards an error names before it counts
// the rest: a header of shard 0 of 10⁹ must not make a message of 10⁹.
const maxListed = 8

// CheckShards checks that shards are the parts of one search, each run to
// its end (Shard.Check): the same puzzle split the same way (their
// fingerprints), every shard once. It returns the first reason they are
// not, naming the files.
func CheckShards(shards []*Shard) error {
	return checkShards(shards, (*Shard).Check)
}

// checkShards is CheckShards, each shard checked by check.
func checkShards(shards []*Shard, check func(*Shard) error) error {
	if len(shards) == 0 {
		return fmt.Errorf("results: no shards")
	}
	for _, sf := range shards {
		if err := check(sf); err != nil {
			return err
		}
	}
	ref := shards[0]
	n := ref.Header.Shards
	byShard := make(map[int]*Shard, len(shards)) // not a slice of n: n may be huge
	for _, sf := range shards {
		h := sf.Header
		switch {
		case h.Fingerprint != ref.Header.Fingerprint && h.Spec != ref.Header.Spec:
			return fmt.Errorf("%s belongs to another spec (%s, fingerprint %s; %s is of %s, fingerprint %s)",
				sf.Name, h.Spec, h.Fingerprint, ref.Name, ref.Header.Spec, ref.Header.Fingerprint)
		case h.Fingerprint != ref.Header.Fingerprint:
			return fmt.Errorf("%s belongs to another search of %s (fingerprint %s, not %s as %s: another engine, another version of the spec or of polytile, or symmetry breaking turned off)",
				sf.Name, h.Spec, h.Fingerprint, ref.Header.Fingerprint, ref.Name)
		case h.Shards != n:
			return fmt.Errorf("%s is shard %s, but %s is one of %d", sf.Name, ShardName(h.Shard, h.Shards), ref.Name, n)
		case byShard[h.Shard] != nil:
			return fmt.Errorf("%s and %s are both shard %s", byShard[h.Shard].Name, sf.Name, ShardName(h.Shard, n))
		}
		byShard[h.Shard] = sf
	}
	if missing := n - len(byShard); missing > 0 {
		return fmt.Errorf("results: %s", missingShards(byShard, n, missing))
	}
	return nil
}

// missingShards says which of the n shards are missing from byShard, naming
// at most maxListed.
func missingShards(byShard map[int]*Shard, n, missing int) string {
	if missing == 1 {
		for i := range n {
			if byShard[i] == nil {
				return fmt.Sprintf("shard %s is missing", ShardName(i, n))
			}
		}
	}
	var names []string
	for i := 0; i < n && len(names) < min(missing, maxListed); i++ {
		if byShard[i] == nil {
			names = append(names, ShardName(i, n))
		}
	}
	if rest := missing - len(names); rest > 0 {
		return fmt.Sprintf("shards %s and %d more are missing", strings.Join(names, ", "), rest)
	}
	return fmt.Sprintf("shards %s are missing", strings.Join(names, ", "))
}

// Merge checks that shards are the parts of one complete search of p
// (CheckShards), and every solution in them one that the search reports:
// a cover of p's board by its pieces, in its canonical form, with its
// orbit, no class twice. It returns the result of the whole search, as
// NewResult returns it for an unsharded run: the same solutions in the
// same order, and the shards' statistics added up. Its errors name the
// file and the line.
func Merge(p puzzles.Problem, shards []*Shard) (*ResultFile, error) {
	if err := CheckShards(shards); err != nil {
		return nil, err
	}
	ref := shards[0]
	if err := checkPuzzle(p, ref); err != nil {
		return nil, err
	}
	shards = slices.Clone(shards)
	slices.SortFunc(shards, func(a, b *Shard) int { return a.Header.Shard - b.Header.Shard })
	out := &ResultFile{
		FileHeader: newFileHeader(HoldsSolutions, ref.Header.Spec, p, p.Fingerprint(nil)),
		Name:       ref.Header.Spec,
		Title:      ref.Header.Title,
		Lattice:    ref.Header.Lattice,
		Symmetries: ref.Header.Symmetries,
		Complete:   true,
		Engine:     ref.End.Engine,
		SpecText:   ref.Header.SpecText,
	}
	type found struct {
		class puzzles.Class
		key   string
		from  *Shard
		line  int
	}
	var all []found
	for _, sf := range shards {
		out.Nodes += sf.End.Nodes
		out.Updates += sf.End.Updates
		for _, s := range sf.Solutions {
			c, err := s.Class(p)
			if err != nil {
				return nil, fmt.Errorf("%s:%d: %w", sf.Name, s.line, err)
			}
			all = append(all, found{c, c.Solution.SortKey(), sf, s.line})
			out.Raw += int64(c.Orbit)
		}
	}
	// Stable: of two equal solutions, the one read first comes first.
	slices.SortStableFunc(all, func(a, b found) int { return strings.Compare(a.key, b.key) })
	out.Solutions = make([]SavedClass, len(all))
	for i, f := range all {
		if i > 0 && f.key == all[i-1].key {
			g := all[i-1]
			return nil, fmt.Errorf("%s:%d and %s:%d hold the same solution: the shards do not split one search", g.from.Name, g.line, f.from.Name, f.line)
		}
		out.Solutions[i] = NewSavedClass(f.class)
	}
	out.Distinct = len(out.Solutions)
	return out, nil
}

// checkPuzzle checks that p is the puzzle whose search wrote sf.
func checkPuzzle(p puzzles.Problem, sf *Shard) error {
	h := sf.Header
	engine, ok := parseEngine(sf.End.Engine)
	if !ok {
		return fmt.Errorf("%s: the end line names engine %q: want dlx or fill", sf.Name, sf.End.Engine)
	}
	cfg := &puzzles.SolveConfig{Engine: engine, NoSymmetryBreaking: h.SymmetryBreaking != nil && !*h.SymmetryBreaking}
	if h.Shards > 1 && h.Shard >= 0 && h.Shard < h.Shards {
		cfg.Shard, cfg.Shards = h.Shard, h.Shards
	}
	want := NewHeader(&specs.Spec{Problem: p}, cfg)
	switch {
	case want.kind() != h.kind():
		return fmt.Errorf("%s holds solutions of a %s puzzle, but %s is a %s puzzle", sf.Name, h.kind(), h.Spec, want.kind())
	case want.Fingerprint != h.Fingerprint:
		return fmt.Errorf("%s was written for another puzzle than %s is now (fingerprint %s, not %s): the spec has changed since, or another version of polytile split the search", sf.Name, h.Spec, h.Fingerprint, want.Fingerprint)
	case want.Lattice != h.Lattice:
		return fmt.Errorf("%s: the header names lattice %q, but the puzzle's is %q", sf.Name, h.Lattice, want.Lattice)
	case want.Symmetries != h.Symmetries:
		return fmt.Errorf("%s: the header counts %d symmetries, but the puzzle has %d", sf.Name, h.Symmetries, want.Symmetries)
	case !slices.Equal(want.Pieces, h.Pieces):
		return fmt.Errorf("%s: the header names pieces %s, but the puzzle's are %s", sf.Name, strings.Join(h.Pieces, " "), strings.Join(want.Pieces, " "))
	}
	return nil
}

// parseEngine returns the engine that String names name, other than auto.
func parseEngine(name string) (puzzles.Engine, bool) {
	for _, e := range []puzzles.Engine{puzzles.EngineDLX, puzzles.EngineFill} {
		if e.String() == name {
			return e, true
		}
	}
	return 0, false
}

// MergeFiles reads the shard files at paths and returns the result of the
// whole search, or the first reason the files are not the shards of one
// complete search. Every solution is checked against the puzzle of spec
// (a spec file or a built-in name), or, if spec is "", of the spec the
// shards name.
func MergeFiles(paths []string, spec string) (*ResultFile, error) {
	shards := make([]*Shard, len(paths))
	for i, path := range paths {
		sf, err := ReadShardFile(path)
		if err != nil {
			return nil, err
		}
		shards[i] = sf
	}
	if err := CheckShards(shards); err != nil {
		return nil, err
	}
	p, err := mergePuzzle(context.Background(), &shards[0].Header, spec)
	if err != nil {
		return nil, err
	}
	return Merge(p, shards)
}

// mergePuzzle returns the puzzle against which a merge of the shards with
// header h checks every solution: that of spec (a spec file or a built-in
// name), or, if spec is "", of the spec the shards carry, or name if they
// carry none; a spec file still not read when ctx ends is given up.
func mergePuzzle(ctx context.Context, h *Header, spec string) (puzzles.Problem, error) {
	var s *specs.Spec
	var err error
	if spec == "" {
		s, err = specOf(h.Spec, h.SpecText)
	} else {
		s, err = specs.LoadContext(ctx, spec) // given up when ctx ends: a FIFO no one writes to
	}
	if err != nil {
		return nil, &SpecLoadError{Err: err}
	}
	return s.Problem, nil
}
