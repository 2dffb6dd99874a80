package results

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"regexp"
	"strings"
	"testing"
)

// TestNoFlags checks that the package's messages name no flag and no
// command of polytile: a library speaks in values and typed errors, and
// the command words them (cmd/polytile/errors.go).
func TestNoFlags(t *testing.T) {
	// ShardOf and ParseShard read the command's shard flags and are to
	// move to the command.
	skip := map[string]bool{"ShardOf": true, "ParseShard": true}
	flag := regexp.MustCompile(`(^|[\s(])--[a-z]|polytile (solve|merge|draw)`)
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	for _, e := range entries {
		name := e.Name()
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && skip[fd.Name.Name] {
				continue
			}
			ast.Inspect(d, func(n ast.Node) bool {
				if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING && flag.MatchString(lit.Value) {
					t.Errorf("%s: %s names a flag or a command", fset.Position(lit.Pos()), lit.Value)
				}
				return true
			})
		}
	}
}
