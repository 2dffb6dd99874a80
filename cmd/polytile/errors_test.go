package main

import (
	"errors"
	"fmt"
	"testing"

	"github.com/polytile/polytile/puzzles/results"
)

// TestReword checks that the command words the typed errors of package
// results as it always has, naming the flag or command that answers
// them, and keeps what wraps them and their chain.
func TestReword(t *testing.T) {
	cause := errors.New(`spec "gone.yaml" does not load`)
	tests := []struct {
		name string
		err  error
		want string
	}{
		{"killed run", &results.KilledRunError{Path: "x.jsonl", Part: ".x.jsonl.part"},
			"a run writing x.jsonl was killed and left what it found in .x.jsonl.part: continue it (polytile solve --resume x.jsonl), or, to start again, move .x.jsonl.part aside or give another --jsonl file"},
		{"spec", &results.SpecLoadError{Err: cause},
			`merge checks every solution against the puzzle, and cannot load its spec (give it with --spec FILE): spec "gone.yaml" does not load`},
		{"empty", &results.NotShardError{Path: "e.jsonl"}, "e.jsonl is empty, not a shard file (polytile solve --jsonl writes them)"},
		{"not a shard", &results.NotShardError{Path: "n.jsonl", Why: "its first line is not a shard header"},
			"n.jsonl is not a shard file (polytile solve --jsonl writes them): its first line is not a shard header"},
		{"wrapped", fmt.Errorf("reading: %w", &results.NotShardError{Path: "e.jsonl"}),
			"reading: e.jsonl is empty, not a shard file (polytile solve --jsonl writes them)"},
		{"other", cause, cause.Error()},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := reword(tt.err)
			if got.Error() != tt.want {
				t.Errorf("reword(%q) = %q, want %q", tt.err, got, tt.want)
			}
			if !errors.Is(got, tt.err) {
				t.Errorf("reword(%q) loses the error it words", tt.err)
			}
		})
	}
}
