package main

import (
	"testing"

	"github.com/polytile/polytile/internal/golden"
)

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
			golden.Check(t, tt.file, []byte(out))
		})
	}
}
