package specs

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/polytile/polytile/puzzles/geom"
)

// docs/spec.md, the spec reference, has a row for every key a spec may
// have: the keys of every spec, of every kind, of a board, of a piece
// entry and of the render mapping (the table in renderkeys.go). It names
// every kind and every built-in piece set, and docs/solving.md every
// built-in puzzle.
func TestSpecReferenceHasEveryKey(t *testing.T) {
	read := func(name string) string {
		data, err := os.ReadFile(filepath.Join("..", "..", "docs", name))
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	ref := read("spec.md")
	row := func(what, key string) {
		if !strings.Contains(ref, "\n| `"+key+"` |") {
			t.Errorf("docs/spec.md has no row | `%s` | for %s", key, what)
		}
	}
	for _, k := range specKeys {
		row("a key of the spec", k)
	}
	for _, k := range keyedKinds() {
		for _, key := range k.Keys {
			row("a key of a "+k.Name+" spec", key.Name)
		}
	}
	for _, k := range entryKeys {
		row("a key of a piece entry", k)
	}
	for _, k := range renderKeys {
		row("a render key", k)
	}
	for _, k := range boardKeys {
		if !strings.Contains(ref, "`"+k+"`") {
			t.Errorf("docs/spec.md does not name the board's key `%s`", k)
		}
	}
	for _, k := range Kinds() {
		if !strings.Contains(ref, "`"+k+"`") {
			t.Errorf("docs/spec.md does not name the kind `%s`", k)
		}
	}
	for _, s := range geom.PieceSetNames() {
		if !strings.Contains(ref, "`"+s+"`") {
			t.Errorf("docs/spec.md does not name the piece set `%s`", s)
		}
	}
	solving := read("solving.md")
	for _, b := range Builtins() {
		if !strings.Contains(solving, "`"+b.Name+"`") {
			t.Errorf("docs/solving.md does not name the built-in puzzle `%s`", b.Name)
		}
	}
}
