// Package suggest finds the words a mistyped word was meant to be: the
// names of commands, flags, puzzles and piece sets closest to it.
package suggest

import (
	"slices"
	"strings"
)

// Closest returns the candidates that typed is probably a mistyping of,
// best first: those within a few edits of it (Damerau–Levenshtein
// distance, letters swapped counting one; at most a third of typed's
// length, and at least one), and those that start with it. It returns at
// most three, none if typed is one of them.
func Closest(typed string, candidates []string) []string {
	if slices.Contains(candidates, typed) {
		return nil
	}
	lower := strings.ToLower(typed)
	limit := max(1, len([]rune(typed))/3)
	type scored struct {
		word string
		d    int
	}
	var found []scored
	for _, c := range candidates {
		d := distance(lower, strings.ToLower(c))
		switch {
		case d <= limit:
			found = append(found, scored{c, d})
		case len(lower) >= 3 && strings.HasPrefix(strings.ToLower(c), lower):
			found = append(found, scored{c, limit + 1})
		}
	}
	slices.SortStableFunc(found, func(a, b scored) int { return a.d - b.d })
	var out []string
	for _, f := range found[:min(3, len(found))] {
		out = append(out, f.word)
	}
	return out
}

// Phrase returns " (did you mean A?)" or " (did you mean A or B?)" for the
// words given, and "" for none.
func Phrase(words []string) string {
	switch len(words) {
	case 0:
		return ""
	case 1:
		return " (did you mean " + words[0] + "?)"
	}
	return " (did you mean " + strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1] + "?)"
}

// distance is the optimal string alignment distance between a and b:
// insertions, deletions, substitutions and swaps of neighbouring letters.
func distance(a, b string) int {
	s, t := []rune(a), []rune(b)
	prev2 := make([]int, len(t)+1)
	prev := make([]int, len(t)+1)
	cur := make([]int, len(t)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(s); i++ {
		cur[0] = i
		for j := 1; j <= len(t); j++ {
			cost := 1
			if s[i-1] == t[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && s[i-1] == t[j-2] && s[i-2] == t[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(t)]
}
