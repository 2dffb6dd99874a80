package results

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"

	"github.com/polytile/polytile/puzzles"
)

// MergeCountFiles adds up the parts of a count that polytile count
// --shard wrote, one JSON object a file (puzzles.MergeCounts checks that
// they are the parts of one count, each once). It returns the whole and
// the puzzle's name; ok is false, with no error, if the first file is not
// a part of a count (a shard of solutions, for MergeFilesTo).
func MergeCountFiles(paths []string) (whole *puzzles.Counts, puzzle string, ok bool, err error) {
	var parts []*puzzles.Counts
	for i, path := range paths {
		f, err := os.Open(path)
		if err != nil {
			return nil, "", i > 0, err
		}
		r := bufio.NewReader(f)
		head, _ := r.Peek(4096)
		var fields map[string]json.RawMessage
		if json.Unmarshal(firstLine(head), &fields) != nil || fields["fixed"] == nil || fields["shard"] == nil {
			f.Close()
			if i == 0 {
				return nil, "", false, nil
			}
			return nil, "", true, fmt.Errorf("%s: not a part of a count, as %s is", path, paths[0])
		}
		if i == 0 {
			_ = json.Unmarshal(fields["puzzle"], &puzzle)
		}
		c, err := puzzles.ReadCounts(r)
		f.Close()
		if err != nil {
			return nil, "", true, fmt.Errorf("%s: %w", path, err)
		}
		parts = append(parts, c)
	}
	whole, err = puzzles.MergeCounts(parts)
	return whole, puzzle, true, err
}

// firstLine returns b up to its first newline.
func firstLine(b []byte) []byte {
	for i, c := range b {
		if c == '\n' {
			return b[:i]
		}
	}
	return b
}
