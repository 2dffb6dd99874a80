package main

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"
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

// TestPrefixOnce checks that a library's typed error reaches the user
// with the command's prefix and the flag's or file's once: none lost, none
// doubled, and no package's name.
func TestPrefixOnce(t *testing.T) {
	dir := t.TempDir()
	dlx := writeTemp(t, "x.dlx", "a b\n| c\na z\n")
	hex := writeTemp(t, "hex.yaml", "lattice: hexagon\nboard: {rows: 2, cols: 4, holes: [[0,1]]}\npieces: {A: \"##\"}\n")
	apart := writeTemp(t, "apart.yaml", "board: |\n  ...\npieces:\n  - {name: A, shape: \"#  #\"}\n")
	tab := writeTemp(t, "tab.yaml", "board: |\n  ...\npieces:\n  - name: A\n    shape: \"#\\t#\"\n")
	for _, tt := range []struct {
		args []string
		want string // the first line of standard error
	}{
		{[]string{"solve", "scott", "--engine", "x"}, `polytile: --engine: unknown engine "x": want auto, dlx or fill`},
		{[]string{"draw", "scott", "-o", filepath.Join(dir, "x.svg"), "--cell-size", "big"}, `polytile: --cell-size: "big": want a number`},
		{[]string{"draw", "scott", "-o", filepath.Join(dir, "x.svg"), "--color", "red"}, `polytile: --color "red": want PIECE=COLOUR, such as F=#e41a1c`},
		{[]string{"solve", "scott", "--limit", "x"}, `polytile: invalid argument "x" for "--limit" flag: want a whole number`},
		{[]string{"solve", "scott", "--limt", "3"}, `polytile: unknown flag: --limt (did you mean --limit?)`},
		{[]string{"solve", dlx}, "polytile: " + dlx + `:3: option 1 (a z) names "z", which is not an item`},
		{[]string{"solve", hex}, "polytile: " + hex + ":2:35: hole [0, 1] is not a cell of the hexagon lattice: a cell's row + column is even"},
		{[]string{"solve", apart}, "polytile: " + apart + `:4:22: piece "A" is not connected: its cells must join edge to edge`},
		{[]string{"solve", tab}, "polytile: " + tab + ":5:14: tab in picture: draw with spaces"},
	} {
		_, _, stderr := polytile(t, tt.args...)
		got, _, _ := strings.Cut(stderr, "\n")
		if got != tt.want {
			t.Errorf("polytile %s: %q, want %q", strings.Join(tt.args, " "), got, tt.want)
		}
	}
}
