package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// Letters that a figure's size leaves below 5 points are said on stderr,
// with the flags that would make them larger; a figure whose letters are
// large enough draws without a word of it.
func TestDrawSmallText(t *testing.T) {
	dir := t.TempDir()
	for _, tt := range []struct {
		args []string
		want string // "" for no warning
	}{
		{[]string{"draw", "soma", "--view", "layers", "--width", "17cm", "--letters"},
			"polytile: warning: the figure, 17cm wide, has letters of 1.81 pt, below 5 pt: hard to read in print; fewer solutions (--limit N), other --columns or a larger --width would make them larger\n"},
		{[]string{"draw", "scott", "--solution", "3", "--letters", "--cell-size", "10"},
			"polytile: warning: the figure, 102px wide, has letters of 3.75 pt, below 5 pt: hard to read in print; a larger --cell-size or --width would make them larger\n"},
		{[]string{"pieces", "pentominoes", "--letters", "--height", "1cm"},
			"polytile: warning: the figure, "},
		{[]string{"draw", "soma", "--view", "layers", "--limit", "4", "--letters", "--labels"}, ""},
		{[]string{"draw", "scott", "--letters", "--labels"}, ""},
		{[]string{"draw", "scott", "--width", "17cm", "--labels"}, ""},
	} {
		name := strings.Join(tt.args, " ")
		code, _, stderr := polytile(t, append(tt.args, "-o", filepath.Join(dir, "x.svg"))...)
		if code != 0 {
			t.Errorf("%s: exit %d, %s", name, code, stderr)
			continue
		}
		warned := strings.Contains(stderr, "warning")
		switch {
		case tt.want == "" && warned:
			t.Errorf("%s: %q, want no warning", name, stderr)
		case tt.want != "" && !strings.HasPrefix(stderr, tt.want):
			t.Errorf("%s: %q, want %q…", name, stderr, tt.want)
		}
	}
}
