package main

import (
	"go/build"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// importRules are the packages of the module each package may import
// (besides the standard library and the leaves under internal/, which any
// package may use), and the modules outside it that it may use: the rules
// of docs/architecture.md. The arrows run one way: geometry and the
// model at the bottom, the kinds on them, specs and saved files above,
// then drawing, then the command.
var importRules = map[string]struct{ project, outside []string }{
	"solve":              {},
	"palettes":           {},
	"puzzles/geom":       {},
	"puzzles":            {project: []string{"solve"}},
	"puzzles/run":        {project: []string{"puzzles"}},
	"puzzles/matrix":     {project: []string{"puzzles", "puzzles/run", "solve"}},
	"puzzles/frontier":   {project: []string{"puzzles", "puzzles/geom", "puzzles/pfaffian", "puzzles/run"}},
	"puzzles/pfaffian":   {},
	"puzzles/tiling":     {project: []string{"puzzles", "puzzles/frontier", "puzzles/geom", "puzzles/run", "puzzles/tiling/memo", "puzzles/tiling/states", "puzzles/tiling/vacant", "solve"}},
	"puzzles/specs":      {project: []string{"puzzles", "puzzles/geom", "puzzles/matrix", "puzzles/tiling"}, outside: []string{"go.yaml.in/yaml/v4"}},
	"puzzles/results":    {project: []string{"puzzles", "puzzles/run", "puzzles/specs"}},
	"gallery":            {project: []string{"puzzles", "puzzles/results", "puzzles/geom", "puzzles/matrix", "puzzles/specs", "palettes", "gallery/solid", "gallery/strand"}},
	"gallery/strand":     {project: []string{"puzzles/geom"}},
	"gallery/solid":      {},
	"render":             {project: []string{"gallery", "puzzles/specs", "puzzles/results", "render/mesh"}, outside: []string{"codeberg.org/go-pdf/fpdf", "github.com/ajstarks/svgo", "github.com/fogleman/gg", "golang.org/x/image"}},
	"cmd/polytile":       {project: []string{"puzzles", "puzzles/geom", "puzzles/specs", "puzzles/results", "palettes", "gallery", "render", "render/mesh"}, outside: []string{"github.com/spf13/cobra", "github.com/spf13/pflag"}},
	"render/mesh":        {project: []string{"gallery", "palettes", "puzzles", "puzzles/geom", "puzzles/specs"}},
	"internal/cli":       {project: []string{"puzzles/results"}, outside: []string{"github.com/spf13/cobra", "github.com/spf13/pflag"}},
	"internal/bigmem":    {},
	"internal/cputime":   {},
	"internal/golden":    {},
	"internal/jsonerr":   {},
	"internal/interrupt": {},
	"internal/plural":    {},
	"internal/quote":     {},
	"internal/termbar":   {outside: []string{"github.com/schollz/progressbar/v3", "golang.org/x/term"}},
	"internal/safefile":  {},
	"internal/suggest":   {},

	// The fill engine's tables of states, under the tiling kind.
	"puzzles/tiling/states": {},
	// The count's memo of states and its books of copies, under the tiling kind.
	"puzzles/tiling/memo": {},
	// The sets of empty cells a count chooses first, under the tiling kind.
	"puzzles/tiling/vacant": {project: []string{"puzzles/geom"}},
}

// TestImportRules checks every package's imports (not its tests')
// against importRules, and that every package has a rule.
func TestImportRules(t *testing.T) {
	const module = "github.com/polytile/polytile/"
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	err = filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		if name := d.Name(); path != root && (strings.HasPrefix(name, ".") || name == "testdata") {
			return filepath.SkipDir
		}
		pkg, err := build.ImportDir(path, 0)
		if err != nil {
			return nil // no Go files here
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		seen[rel] = true
		rule, ok := importRules[rel]
		if !ok {
			t.Errorf("package %s has no import rule: add it to importRules and docs/architecture.md", rel)
			return nil
		}
		for _, imp := range pkg.Imports {
			switch {
			case strings.HasPrefix(imp, module):
				dep := strings.TrimPrefix(imp, module)
				if !strings.HasPrefix(dep, "internal/") && !slices.Contains(rule.project, dep) {
					t.Errorf("%s imports %s, which its rule does not allow", rel, dep)
				}
				if dep == "internal/cli" && !strings.HasPrefix(rel, "cmd/") {
					t.Errorf("%s imports internal/cli, the command line's own plumbing, which only commands may", rel)
				}
			case strings.Contains(strings.Split(imp, "/")[0], "."):
				if !slices.ContainsFunc(rule.outside, func(m string) bool { return imp == m || strings.HasPrefix(imp, m+"/") }) {
					t.Errorf("%s imports %s, a module its rule does not allow", rel, imp)
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for rel := range importRules {
		if !seen[rel] {
			t.Errorf("importRules names %s, which is not a package", rel)
		}
	}
}
