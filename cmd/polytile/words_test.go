package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// flagLike matches a flag as a command line writes it, "--limit", or as a
// format builds one, "--%s".
var flagLike = regexp.MustCompile(`(^|[^\w-])--([a-z]|%)`)

// TestLibrariesSpeakNoFlags checks that no library package (anything
// outside cmd/) writes a flag's name in a string or reads the environment:
// libraries speak in values and typed errors, and the command words them
// with its flags (docs/architecture.md). Every library folder is read:
// none is left out but internal/cli, the command line's own plumbing
// (its usage hint names --help), which only commands may import
// (TestImportRules).
func TestLibrariesSpeakNoFlags(t *testing.T) {
	root := filepath.Join("..", "..")
	fset := token.NewFileSet()
	files := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if rel != "." && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata" || rel == "cmd" || rel == "internal/cli") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(rel, ".go") || strings.HasSuffix(rel, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		files++
		for _, msg := range commandWords(fset, f) {
			t.Errorf("%s", msg)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 50 {
		t.Errorf("read %d library files; want the module's (is the root %s?)", files, root)
	}
}

// commandWords returns what f says in a command's terms: string literals
// with a flag in them, and calls that read the environment, each with its
// position.
func commandWords(fset *token.FileSet, f *ast.File) []string {
	var out []string
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BasicLit:
			if n.Kind != token.STRING {
				return true
			}
			s, err := strconv.Unquote(n.Value)
			if err == nil && flagLike.MatchString(s) {
				out = append(out, fset.Position(n.Pos()).String()+": a flag in a string: "+n.Value)
			}
		case *ast.CallExpr:
			sel, ok := n.Fun.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			if x, ok := sel.X.(*ast.Ident); ok && (x.Name == "os" || x.Name == "syscall") {
				switch sel.Sel.Name {
				case "Getenv", "LookupEnv", "Environ":
					out = append(out, fset.Position(n.Pos()).String()+": reads the environment: "+x.Name+"."+sel.Sel.Name)
				}
			}
		}
		return true
	})
	return out
}

// TestFlagWords checks that the test above finds what it looks for.
func TestFlagWords(t *testing.T) {
	src := "package p\nimport \"os\"\n" +
		"var a = \"lower --dpi\"\nvar b = `--%s: bad`\nvar c = os.Getenv(\"X\")\n" +
		"var d = \"a-b -- c, x--y, —dpi, -o\"\nvar e, _ = os.LookupEnv(\"Y\")\n"
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	got := commandWords(fset, f)
	if len(got) != 4 {
		t.Errorf("commandWords found %d things, want 4 (a, b, c and e):\n%s", len(got), strings.Join(got, "\n"))
	}
}
