package main

import (
	"errors"
	"fmt"

	"github.com/polytile/polytile/internal/cli"
	"github.com/polytile/polytile/puzzles/results"
)

// reword returns err in the command's words: the typed errors of package
// results that the command line can answer say which command or flag
// does, and no library's name begins a message. The rest of err's
// message, and its chain, are kept.
func reword(err error) error {
	return cli.Unprefixed(rewordResults(err), "puzzles", "geom", "tiling", "frontier", "matrix", "specs", "results", "gallery", "render", "mesh", "palettes", "solve")
}

func rewordResults(err error) error {
	var (
		notShard *results.NotShardError
		spec     *results.SpecLoadError
		killed   *results.KilledRunError
		inner    error
		words    string
	)
	switch {
	case errors.As(err, &killed):
		inner, words = killed, fmt.Sprintf("a run writing %s was killed and left what it found in %s: continue it (polytile solve --resume %s), or, to start again, move %s aside or give another --jsonl file",
			killed.Path, killed.Part, killed.Path, killed.Part)
	case errors.As(err, &spec):
		inner, words = spec, fmt.Sprintf("merge checks every solution against the puzzle, and cannot load its spec (give it with --spec FILE): %v", spec.Err)
	case errors.As(err, &notShard) && notShard.Why == "":
		inner, words = notShard, notShard.Path+" is empty, not a shard file (polytile solve --jsonl writes them)"
	case errors.As(err, &notShard):
		inner, words = notShard, notShard.Path+" is not a shard file (polytile solve --jsonl writes them): "+notShard.Why
	default:
		return err
	}
	return cli.Reword(err, inner, words)
}
