package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// cloneSection is the heading of docs/library.md's section that says how a
// module of one's own uses the library from a clone.
const cloneSection = "## From a clone"

// TestLibraryFromClone follows docs/library.md's section "From a clone" as
// it is written: in a scratch directory outside the clone, beside a link
// named polytile to the clone, the section's program is saved as
// hello/main.go, and each of its sh blocks runs whole in bash (making hello
// a module that uses the library: go mod edit -replace and go mod tidy,
// or a go.work) and must print what the text block after the program
// shows. The library's dependencies come from the module cache or the Go
// module proxy, as they would for a reader.
func TestLibraryFromClone(t *testing.T) {
	if testing.Short() {
		t.Skip("builds two modules, and may fetch the library's dependencies from the module proxy")
	}
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	const doc = "docs/library.md"
	data, err := os.ReadFile(filepath.Join(root, doc))
	if err != nil {
		t.Fatal(err)
	}
	from, to := -1, -1 // the section's lines, from 1
	for i, line := range strings.Split(string(data), "\n") {
		switch {
		case line == cloneSection:
			from = i + 1
		case from > 0 && to < 0 && strings.HasPrefix(line, "## "):
			to = i + 1
		}
	}
	if from < 0 {
		t.Fatalf("%s has no section %q", doc, cloneSection)
	}
	var program, want string
	var scripts []block
	for _, b := range readBlocks(t, root, doc) {
		if b.line < from || to > 0 && b.line > to {
			continue
		}
		switch b.lang {
		case "go":
			program = b.text
		case "text":
			want = b.text
		case "sh":
			scripts = append(scripts, b)
		}
	}
	if program == "" || want == "" || len(scripts) < 2 {
		t.Fatalf("%s, %s: want a program, what it prints, and the sh blocks of the ways to use the clone (a replace, a workspace); found %d of those", doc, cloneSection, len(scripts))
	}
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	// The go command the test runs under (go test puts its own first on
	// PATH), with the reader's environment but for a workspace of the
	// tests' own and a -mod flag, which would change what the commands do.
	var env []string
	for _, kv := range os.Environ() {
		switch {
		case strings.HasPrefix(kv, "GOWORK="):
		case strings.HasPrefix(kv, "GOFLAGS="):
			var keep []string
			for _, f := range strings.Fields(strings.TrimPrefix(kv, "GOFLAGS=")) {
				if !strings.HasPrefix(f, "-mod=") {
					keep = append(keep, f)
				}
			}
			env = append(env, "GOFLAGS="+strings.Join(keep, " "))
		default:
			env = append(env, kv)
		}
	}
	for _, s := range scripts {
		t.Run(fmt.Sprintf("%s:%d", doc, s.line), func(t *testing.T) {
			dir := t.TempDir()
			if err := os.Symlink(root, filepath.Join(dir, "polytile")); err != nil {
				t.Fatal(err)
			}
			if err := os.Mkdir(filepath.Join(dir, "hello"), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, "hello", "main.go"), []byte(program), 0o644); err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
			defer cancel()
			cmd := exec.CommandContext(ctx, bash, "-euo", "pipefail", "-c", s.text)
			cmd.Dir = dir
			cmd.Env = env
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			start := time.Now()
			if err := cmd.Run(); err != nil {
				t.Fatalf("%s:%d: %v\n%s\n%s", doc, s.line, err, s.text, stderr.String())
			}
			t.Logf("%s:%d: %v", doc, s.line, time.Since(start).Round(time.Millisecond))
			if stdout.String() != want {
				t.Errorf("%s:%d: prints\n%s\nwhere the document shows\n%s", doc, s.line, stdout.String(), want)
			}
		})
	}
}
