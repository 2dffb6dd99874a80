package main

import (
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden files")

// TestGolden checks outputs that do not depend on timing against
// testdata/*.golden; go test ./... -update rewrites them.
func TestGolden(t *testing.T) {
	tests := []struct {
		file string
		args []string
	}{
		{"list.golden", []string{"list"}},
		{"solve-3x20.json.golden", []string{"solve", "pentominoes-3x20", "--json"}},
		{"solve-dominoes-2x10-limit.json.golden", []string{"solve", "dominoes-2x10", "--json", "--limit", "3"}},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			code, out, stderr := polytile(t, tt.args...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			path := filepath.Join("testdata", tt.file)
			if *update {
				if err := os.MkdirAll("testdata", 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, []byte(out), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (go test ./cmd/polytile -update writes it)", err)
			}
			if out != string(want) {
				t.Errorf("polytile %v differs from %s (go test -update rewrites it):\n%s", tt.args, path, out)
			}
		})
	}
}
