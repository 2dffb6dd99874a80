package suggest

import (
	"slices"
	"strings"
	"testing"
)

func TestClosest(t *testing.T) {
	commands := []string{"solve", "draw", "merge", "pieces", "palettes", "list"}
	puzzles := []string{"scott", "sudoku", "queens-8", "pentominoes-6x10", "pentominoes-5x12", "knuth-7"}
	tests := []struct {
		typed      string
		candidates []string
		want       []string
	}{
		{"drwa", commands, []string{"draw"}},
		{"slove", commands, []string{"solve"}},
		{"merg", commands, []string{"merge"}},
		{"draw", commands, nil},
		{"xyzzy", commands, nil},
		{"scot", puzzles, []string{"scott"}},
		{"Scott", puzzles, []string{"scott"}},
		{"sudoko", puzzles, []string{"sudoku"}},
		{"pentominoes", puzzles, []string{"pentominoes-6x10", "pentominoes-5x12"}},
		{"pentominoes-6x11", puzzles, []string{"pentominoes-6x10", "pentominoes-5x12"}},
		{"q", puzzles, nil},
	}
	for _, tt := range tests {
		if got := Closest(tt.typed, tt.candidates); !slices.Equal(got, tt.want) {
			t.Errorf("Closest(%q) = %q, want %q", tt.typed, got, tt.want)
		}
	}
}

func TestDistance(t *testing.T) {
	tests := []struct {
		a, b string
		d    int
	}{{"", "", 0}, {"a", "", 1}, {"draw", "drwa", 1}, {"kitten", "sitting", 3}, {"limit", "limt", 1}, {"ab", "ba", 1}}
	for _, tt := range tests {
		if d := distance(tt.a, tt.b); d != tt.d {
			t.Errorf("distance(%q, %q) = %d, want %d", tt.a, tt.b, d, tt.d)
		}
	}
}

func TestPhrase(t *testing.T) {
	for words, want := range map[string]string{"": "", "a": " (did you mean a?)", "a b": " (did you mean a or b?)", "a b c": " (did you mean a, b or c?)"} {
		ws := strings.Fields(words)
		if got := Phrase(ws); got != want {
			t.Errorf("Phrase(%q) = %q, want %q", ws, got, want)
		}
	}
}
