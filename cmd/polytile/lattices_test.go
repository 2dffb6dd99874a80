package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// latticeNames returns the names puzzles/geom gives its lattices (its
// package variables of type Lattice) and the values of CellShape.
func latticeNames(t *testing.T, geomDir string) map[string]bool {
	t.Helper()
	names := map[string]bool{}
	files, err := filepath.Glob(filepath.Join(geomDir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range files {
		if strings.HasSuffix(path, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok {
				continue
			}
			shape := false
			for _, spec := range g.Specs {
				v, ok := spec.(*ast.ValueSpec)
				if !ok {
					continue
				}
				if id, ok := v.Type.(*ast.Ident); ok {
					shape = id.Name == "CellShape" // a const block's later names repeat it
					if id.Name == "Lattice" || shape {
						for _, n := range v.Names {
							names[n.Name] = true
						}
						continue
					}
				}
				if shape && v.Type == nil && len(v.Values) == 0 {
					for _, n := range v.Names {
						names[n.Name] = true
					}
				}
			}
		}
	}
	return names
}

// latticeQuestion reports whether e asks which lattice it is: names a
// lattice or a cell shape of package geom (geom.Cube, geom.SegmentCells),
// or calls Coords or CellShape, whose values compared stand for a
// lattice.
func latticeQuestion(e ast.Expr, names map[string]bool) bool {
	switch e := e.(type) {
	case *ast.SelectorExpr:
		pkg, ok := e.X.(*ast.Ident)
		return ok && pkg.Name == "geom" && names[e.Sel.Name]
	case *ast.CallExpr:
		sel, ok := e.Fun.(*ast.SelectorExpr)
		return ok && len(e.Args) == 0 && (sel.Sel.Name == "Coords" || sel.Sel.Name == "CellShape")
	}
	return false
}

// noLattice reports whether e is a lattice that may be nil: a variable
// lat, or a Lattice field or call.
func isLattice(e ast.Expr) bool {
	switch e := e.(type) {
	case *ast.Ident:
		return e.Name == "lat"
	case *ast.SelectorExpr:
		return e.Sel.Name == "Lattice"
	case *ast.CallExpr:
		return isLattice(e.Fun)
	}
	return false
}

// latticeComparisons returns the places in the Go source of f where code
// compares lattices, or cell shapes, or the number of a cell's
// coordinates, or asks whether a lattice is given (lat == nil), or asks
// geom.Solid, or switches on any of them.
func latticeComparisons(fset *token.FileSet, f *ast.File, names map[string]bool) []string {
	var found []string
	at := func(n ast.Node, what string) {
		found = append(found, fset.Position(n.Pos()).String()+": "+what)
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BinaryExpr:
			if n.Op != token.EQL && n.Op != token.NEQ {
				break
			}
			if latticeQuestion(n.X, names) || latticeQuestion(n.Y, names) {
				at(n, "a lattice compared")
			}
			if nilY, ok := n.Y.(*ast.Ident); ok && nilY.Name == "nil" && isLattice(n.X) {
				at(n, "a lattice compared with nil (geom.OrDefault)")
			}
		case *ast.SwitchStmt:
			if n.Tag != nil && latticeQuestion(n.Tag, names) {
				at(n, "a switch on a lattice")
			}
		case *ast.CaseClause:
			if slices.ContainsFunc(n.List, func(e ast.Expr) bool { return latticeQuestion(e, names) }) {
				at(n, "a case of a lattice")
			}
		case *ast.CallExpr:
			if sel, ok := n.Fun.(*ast.SelectorExpr); ok {
				if pkg, ok := sel.X.(*ast.Ident); ok && pkg.Name == "geom" && sel.Sel.Name == "Solid" {
					at(n, "geom.Solid asked (Lattice.Layered)")
				}
			}
		}
		return true
	})
	return found
}

// TestNoLatticeComparisons checks that no code outside puzzles/geom asks
// which lattice it has: it asks the lattice's methods (Layered,
// GridBoard, ...) or its drawer.
func TestNoLatticeComparisons(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	geomDir := filepath.Join(root, "puzzles", "geom")
	names := latticeNames(t, geomDir)
	for _, want := range []string{"Square", "Cube", "Stick", "SegmentCells"} {
		if !names[want] {
			t.Fatalf("the lattices' names read from puzzles/geom lack %s: %v", want, names)
		}
	}
	err = filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); path == geomDir || path != root && (strings.HasPrefix(name, ".") || name == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		for _, c := range latticeComparisons(fset, f, names) {
			t.Errorf("%s: ask the lattice, not which one it is", strings.TrimPrefix(c, root+"/"))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestLatticeComparisonsFound checks that the scan finds each kind of
// comparison it looks for.
func TestLatticeComparisonsFound(t *testing.T) {
	names := map[string]bool{"Cube": true, "SegmentCells": true}
	for _, tt := range []struct{ src, want string }{
		{"if lat == geom.Cube {}", "a lattice compared"},
		{"if geom.Cube != b.Lattice() {}", "a lattice compared"},
		{"if lat.Coords() == 3 {}", "a lattice compared"},
		{"if l.CellShape() == geom.SegmentCells {}", "a lattice compared"},
		{"switch lat.CellShape() {}", "a switch on a lattice"},
		{"switch lat { case geom.Cube: }", "a case of a lattice"},
		{"if lat == nil {}", "a lattice compared with nil"},
		{"if b.Lattice() == nil {}", "a lattice compared with nil"},
		{"_ = geom.Solid(lat)", "geom.Solid asked"},
		{"if lat.Layered() {}", ""},
		{"_ = lat.Coords() + 1", ""},
		{"m[geom.SegmentCells] = nil", ""},
	} {
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, "x.go", "package x\nfunc f() {\n"+tt.src+"\n}\n", 0)
		if err != nil {
			t.Fatal(err)
		}
		got := latticeComparisons(fset, f, names)
		if tt.want == "" && len(got) > 0 || tt.want != "" && (len(got) == 0 || !strings.Contains(got[0], tt.want)) {
			t.Errorf("%s: found %q; want %q", tt.src, got, tt.want)
		}
	}
}
