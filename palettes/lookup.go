package palettes

import (
	"fmt"
	"slices"
	"strings"
)

// Lookup returns the palette that s names, as a command line or a spec
// writes one: "" for the default, a built-in palette's name (a continuous
// one sampled to n colours, see Named), or colours in a notation Parse
// accepts, separated by commas (the commas inside rgb(…) and hsl(…) left
// alone).
func Lookup(s string, n int) (*Palette, error) {
	if s == "" {
		return Default(), nil
	}
	if name := strings.ToLower(strings.TrimSpace(s)); slices.Contains(Names(), name) {
		return Named(name, n)
	}
	list := SplitList(s)
	if len(list) == 1 {
		if _, err := Parse(list[0]); err != nil {
			return nil, fmt.Errorf("%q is neither a palette (%s) nor a list of colours", s, strings.Join(Names(), ", "))
		}
	}
	return FromList(list)
}

// SplitList splits a comma-separated list of colours, leaving the commas
// inside rgb(…) and hsl(…) alone, and trims the space around each.
func SplitList(s string) []string {
	var out []string
	depth, start := 0, 0
	for i, r := range s {
		switch r {
		case '(':
			depth++
		case ')':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, strings.TrimSpace(s[start:i]))
				start = i + 1
			}
		}
	}
	return append(out, strings.TrimSpace(s[start:]))
}
