package main

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/polytile/polytile/internal/safefile"
	"github.com/polytile/polytile/puzzles"
	"github.com/spf13/cobra"
)

func newMergeCmd() *cobra.Command {
	var output string
	cmd := &cobra.Command{
		Use:   "merge SHARD.jsonl...",
		Short: "Combine the shards of a search into its distinct solutions",
		Long: `Merge reads the files that polytile solve --shard i/n --jsonl wrote, one for
each of the n shards, checks that they are the n parts of one search (same
puzzle, same split, each shard once, each run to its end), and prints the
result of the whole search as polytile solve --json does: the counts and
the distinct solutions in canonical order, the same as an unsharded run
prints. It refuses shards of another puzzle or another split, missing or
repeated shards, and partial ones (stopped by Ctrl-C, --timeout or --limit).`,
		Example: `  parallel polytile solve pentominoes-6x10 --shard {}/8 --workers 1 --jsonl shard-{}.jsonl --quiet ::: $(seq 0 7)
  polytile merge shard-*.jsonl > 6x10.json`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return usagef("merge: want the shard files, got none")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			res, err := mergeShards(args)
			if err != nil {
				return err
			}
			if output == "" || output == "-" {
				return res.write(cmd.OutOrStdout())
			}
			if err := writeFile(output, res.write); err != nil {
				return err
			}
			fmt.Fprintf(cmd.ErrOrStderr(), "wrote %s\n", output)
			return nil
		},
	}
	cmd.Flags().StringVarP(&output, "output", "o", "", "write the JSON to `FILE` instead of standard output")
	return cmd
}

// mergeShards reads the shard files and returns the result of the whole
// search, or the first reason the files are not the shards of one
// complete search.
func mergeShards(paths []string) (*jsonResult, error) {
	files := make([]*shardFile, len(paths))
	for i, path := range paths {
		sf, err := readShard(path)
		if err != nil {
			return nil, err
		}
		if err := sf.checkEnd(); err != nil {
			return nil, err
		}
		files[i] = sf
	}
	ref := files[0]
	n := ref.header.Shards
	byShard := make([]*shardFile, n)
	for _, sf := range files {
		h := sf.header
		switch {
		case h.Fingerprint != ref.header.Fingerprint && h.Spec != ref.header.Spec:
			return nil, fmt.Errorf("%s belongs to another spec (%s, fingerprint %s; %s is of %s, fingerprint %s)",
				sf.path, h.Spec, h.Fingerprint, ref.path, ref.header.Spec, ref.header.Fingerprint)
		case h.Fingerprint != ref.header.Fingerprint:
			return nil, fmt.Errorf("%s belongs to another search of %s (fingerprint %s, not %s as %s: another engine, another version of the spec or of polytile, or --no-symmetry-breaking)",
				sf.path, h.Spec, h.Fingerprint, ref.header.Fingerprint, ref.path)
		case h.Shards != n:
			return nil, fmt.Errorf("%s is shard %s, but %s is one of %d", sf.path, shardName(h.Shard, h.Shards), ref.path, n)
		case byShard[h.Shard] != nil:
			return nil, fmt.Errorf("%s and %s are both shard %s", byShard[h.Shard].path, sf.path, shardName(h.Shard, n))
		}
		byShard[h.Shard] = sf
	}
	var missing []string
	for i, sf := range byShard {
		if sf == nil {
			missing = append(missing, shardName(i, n))
		}
	}
	switch len(missing) {
	case 0:
	case 1:
		return nil, fmt.Errorf("shard %s is missing", missing[0])
	default:
		return nil, fmt.Errorf("shards %s are missing", strings.Join(missing, ", "))
	}

	out := &jsonResult{
		Name:       ref.header.Spec,
		Title:      ref.header.Title,
		Lattice:    ref.header.Lattice,
		Symmetries: ref.header.Symmetries,
		Complete:   true,
		Engine:     ref.end.Engine,
	}
	index := make(map[string]int, len(ref.header.Pieces))
	for i, name := range ref.header.Pieces {
		index[name] = i
	}
	type keyed struct {
		key  []int32
		from *shardFile
		jsonSolution
	}
	var all []keyed
	for _, sf := range byShard {
		out.Nodes += sf.end.Nodes
		out.Updates += sf.end.Updates
		for _, s := range sf.solutions {
			if s.Orbit < 1 || sf.header.Symmetries%s.Orbit != 0 {
				return nil, fmt.Errorf("%s: a solution has orbit %d, which does not divide the %d symmetries: the file is damaged", sf.path, s.Orbit, sf.header.Symmetries)
			}
			key, err := canonicalKey(s.jsonSolution, index)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", sf.path, err)
			}
			all = append(all, keyed{key, sf, s.jsonSolution})
			out.Raw += int64(s.Orbit)
		}
	}
	slices.SortFunc(all, func(a, b keyed) int { return slices.Compare(a.key, b.key) })
	for i := range all {
		if i > 0 && slices.Equal(all[i].key, all[i-1].key) {
			return nil, fmt.Errorf("%s and %s hold the same solution: the shards do not split one search", all[i-1].from.path, all[i].from.path)
		}
		out.Solutions = append(out.Solutions, all[i].jsonSolution)
	}
	out.Distinct = len(out.Solutions)
	return out, nil
}

// checkEnd checks that the file was written to its end by a search that
// ran to its end.
func (sf *shardFile) checkEnd() error {
	name := shardName(sf.header.Shard, sf.header.Shards)
	switch {
	case sf.end == nil:
		return fmt.Errorf("%s has no end line: the run of shard %s was killed, or the file is cut short", sf.path, name)
	case !sf.end.Complete && sf.header.Shards == 1:
		return fmt.Errorf("%s is partial (the run was stopped): run it again to its end", sf.path)
	case !sf.end.Complete:
		return fmt.Errorf("%s is partial (the run was stopped): run shard %s again to its end", sf.path, name)
	case sf.end.Distinct != int64(len(sf.solutions)):
		return fmt.Errorf("%s: the end line counts %d solutions, but the file holds %d", sf.path, sf.end.Distinct, len(sf.solutions))
	}
	var raw int64
	for _, s := range sf.solutions {
		raw += int64(s.Orbit)
	}
	if raw != sf.end.Raw {
		return fmt.Errorf("%s: the end line counts %d raw solutions, but the orbits of its solutions add up to %d: the file is damaged", sf.path, sf.end.Raw, raw)
	}
	return nil
}

// canonicalKey returns the encoding by which puzzles orders distinct
// solutions (the order of solve --json), from the solution's pieces.
func canonicalKey(s jsonSolution, index map[string]int) ([]int32, error) {
	piece := make([]int, len(s.Pieces))
	cells := make([][]puzzles.Cell, len(s.Pieces))
	for i, p := range s.Pieces {
		k, ok := index[p.Name]
		if !ok {
			return nil, fmt.Errorf("a solution has piece %q, which the header does not list", p.Name)
		}
		piece[i] = k
		for _, c := range p.Cells {
			cells[i] = append(cells[i], puzzles.Cell{Row: c[0], Col: c[1]})
		}
	}
	return puzzles.CoverKey(len(index), piece, cells), nil
}

// writeFile writes a file through a temporary file in its directory,
// renamed into place once write has succeeded.
func writeFile(path string, write func(io.Writer) error) error {
	f, err := safefile.CreateTemp(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	if err := write(w); err != nil {
		safefile.Abort(f)
		return err
	}
	if err := w.Flush(); err != nil {
		safefile.Abort(f)
		return err
	}
	return safefile.Commit(f, path)
}
