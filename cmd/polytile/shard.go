package main

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/polytile/polytile/puzzles/results"
)

// indexEnv is the variable in which a Kubernetes Indexed Job gives each
// pod its completion index (deploy/kubernetes/polytile-shards.yaml): solve
// takes it as its shard when --shard is not given.
const indexEnv = "JOB_COMPLETION_INDEX"

// shardOf returns the part of the search to run, shard i of n (0 of 1 for
// all of it), from --shard i/n, --shards n and the completion index in the
// environment, which getenv reads.
func shardOf(shard string, shards int, getenv func(string) string) (i, n int, err error) {
	if shards < 0 {
		return 0, 0, usagef("--shards %d: want 1 or more", shards)
	}
	if shard != "" {
		if k, err := strconv.Atoi(shard); err == nil && shards > 0 {
			shard = fmt.Sprintf("%d/%d", k, shards) // --shard i with --shards n
		}
		i, n, err = parseShard(shard)
		if err != nil {
			return 0, 0, err
		}
		if shards != 0 && shards != n {
			return 0, 0, usagef("--shard %s and --shards %d disagree on the number of shards", shard, shards)
		}
		return i, n, nil
	}
	index := getenv(indexEnv)
	set := index != ""
	switch {
	case !set && shards <= 1:
		return 0, 1, nil
	case !set:
		return 0, 0, usagef("--shards %d: say which shard to run with --shard i/%d, or set %s to i", shards, shards, indexEnv)
	case shards == 0:
		return 0, 0, usagef("%s is %s, but the number of shards is not given: add --shards N (the Job's completions)", indexEnv, index)
	}
	i, err = strconv.Atoi(index)
	if err != nil || i < 0 || i >= shards {
		return 0, 0, usagef("%s is %q: want a shard index from 0 to %d for --shards %d", indexEnv, index, shards-1, shards)
	}
	return i, shards, nil
}

// parseShard reads --shard i/n.
func parseShard(s string) (i, n int, err error) {
	a, b, ok := strings.Cut(s, "/")
	i, erri := strconv.Atoi(a)
	n, errn := strconv.Atoi(b)
	if !ok || erri != nil || errn != nil {
		return 0, 0, usagef("--shard %q: want i/n, the i-th of n parts counted from 0 (0/4 … 3/4)", s)
	}
	if n < 1 || i < 0 || i >= n {
		return 0, 0, usagef("--shard %s: want 0 ≤ i < n", s)
	}
	return i, n, nil
}

// shardName names shard i of n as --shard does.
func shardName(i, n int) string { return results.ShardName(i, n) }
