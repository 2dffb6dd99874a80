package cli

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/polytile/polytile/puzzles/results"
)

// IndexEnv is the variable in which a Kubernetes Indexed Job gives each
// pod its completion index: a command that searches takes it as the shard
// to run when --shard is not given.
const IndexEnv = "JOB_COMPLETION_INDEX"

// Shard returns the part of a search to run, shard i of n (0 of 1 for
// all of it), from --shard ("i/n", or "i" when --shards is given),
// --shards (n, or 0) and the completion index IndexEnv in the environment,
// which getenv reads. Its errors are not usage errors: the caller wraps them.
func Shard(shard string, shards int, getenv func(string) string) (i, n int, err error) {
	if shards < 0 {
		return 0, 0, fmt.Errorf("--shards %d: want 1 or more", shards)
	}
	if shard != "" {
		if k, err := strconv.Atoi(shard); err == nil && shards > 0 {
			shard = results.ShardName(k, shards) // --shard i with --shards n
		}
		i, n, err = parseShard(shard)
		if err != nil {
			return 0, 0, err
		}
		if shards != 0 && shards != n {
			return 0, 0, fmt.Errorf("--shard %s and --shards %d disagree on the number of shards", shard, shards)
		}
		return i, n, nil
	}
	index := getenv(IndexEnv)
	set := index != ""
	switch {
	case !set && shards <= 1:
		return 0, 1, nil
	case !set:
		return 0, 0, fmt.Errorf("--shards %d: say which shard to run with --shard i/%d, or set %s to i", shards, shards, IndexEnv)
	case shards == 0:
		return 0, 0, fmt.Errorf("%s is %s, but the number of shards is not given: add --shards N (the Job's completions)", IndexEnv, index)
	}
	i, err = strconv.Atoi(index)
	if err != nil || i < 0 || i >= shards {
		return 0, 0, fmt.Errorf("%s is %q: want a shard index from 0 to %d for --shards %d", IndexEnv, index, shards-1, shards)
	}
	return i, shards, nil
}

// parseShard is results.ParseShard, its error worded with --shard.
func parseShard(s string) (i, n int, err error) {
	i, n, err = results.ParseShard(s)
	if se := (*results.ShardError)(nil); errors.As(err, &se) {
		return 0, 0, errors.New(se.Named("--shard"))
	}
	return i, n, err
}
