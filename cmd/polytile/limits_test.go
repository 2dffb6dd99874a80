package main

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// The sizes the code is held to: a file, a function and a package of more
// lines are split by job, as the house's plan says (docs/architecture.md).
const (
	maxFileLines     = 800
	maxFuncLines     = 80
	maxPackageLines  = 5000
	maxCommandLines  = 800 // cmd/polytile: flags and their words, no more
	commandDirectory = "cmd/polytile"
)

// engineLoops are the functions allowed past maxFuncLines: the fill
// engine's inner loops, kept whole and specialised for speed
// (docs/speed.md).
var engineLoops = map[string]bool{
	"puzzles/tiling/fillplace.go placeGrid": true,
	"puzzles/tiling/fillplace.go placeBox":  true,
	"puzzles/tiling/fillcount.go countGrid": true,
}

// sizeFindings returns what in the Go files (not tests) under root is
// larger than the limits allow.
func sizeFindings(t *testing.T, root string) []string {
	t.Helper()
	var found []string
	perPackage := map[string]int{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata") && path != root {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		lines := bytes.Count(src, []byte("\n"))
		perPackage[filepath.ToSlash(filepath.Dir(rel))] += lines
		if lines > maxFileLines {
			found = append(found, rel+" has "+strconv.Itoa(lines)+" lines")
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, path, src, 0)
		if err != nil {
			return err
		}
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok {
				continue
			}
			n := fset.Position(fn.End()).Line - fset.Position(fn.Pos()).Line + 1
			if n > maxFuncLines && !engineLoops[rel+" "+fn.Name.Name] {
				found = append(found, rel+": func "+fn.Name.Name+" has "+strconv.Itoa(n)+" lines")
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for dir, lines := range perPackage {
		limit := maxPackageLines
		if dir == commandDirectory {
			limit = maxCommandLines
		}
		if lines > limit {
			found = append(found, "package "+dir+" has "+strconv.Itoa(lines)+" lines, more than "+strconv.Itoa(limit))
		}
	}
	return found
}

// TestSizes holds every file, function and package of the module (tests
// aside) to the limits above.
func TestSizes(t *testing.T) {
	for _, f := range sizeFindings(t, filepath.Join("..", "..")) {
		t.Error(f)
	}
}

// TestSizesFound checks that TestSizes finds what passes each limit, on
// a tree made for it.
func TestSizesFound(t *testing.T) {
	root := t.TempDir()
	write := func(rel, text string) {
		path := filepath.Join(root, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	long := "package a\n\nfunc long() {\n" + strings.Repeat("\t_ = 1\n", maxFuncLines) + "}\n"
	write("a/long.go", long)
	write("a/long_test.go", long) // tests are not held to it
	write("b/big.go", "package b\n"+strings.Repeat("\n", maxFileLines))
	for i := range maxPackageLines/maxFileLines + 1 {
		write("c/part"+strconv.Itoa(i)+".go", "package c\n"+strings.Repeat("\n", maxFileLines-10))
	}
	write(commandDirectory+"/main.go", "package main\n"+strings.Repeat("\n", maxCommandLines))
	write("puzzles/tiling/fillplace.go", "package tiling\n\nfunc placeGrid() {\n"+strings.Repeat("\t_ = 1\n", maxFuncLines)+"}\n")
	got := strings.Join(sizeFindings(t, root), "\n")
	for _, want := range []string{"a/long.go: func long has 82 lines", "b/big.go has 801 lines", "package c has", "package cmd/polytile has 801 lines"} {
		if !strings.Contains(got, want) {
			t.Errorf("findings\n%s\nwant one with %q", got, want)
		}
	}
	if strings.Contains(got, "long_test.go") || strings.Contains(got, "placeGrid") {
		t.Errorf("findings\n%s\nname a test file or an engine's loop", got)
	}
}
