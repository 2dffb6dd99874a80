// Package quote quotes text for error messages, shortening what is long:
// a name or a title of 60,000 characters must not fill the terminal.
package quote

import (
	"fmt"
	"strconv"
	"unicode/utf8"
)

// maxRunes is the length of text quoted whole; longer text keeps its
// first keepRunes characters.
const (
	maxRunes  = 40
	keepRunes = 32
)

// Short returns s quoted as %q quotes it when it is at most 40 characters
// long, and otherwise its first 32 characters, an ellipsis and its length:
// "aaaa…" (60000 characters).
func Short(s string) string {
	n := utf8.RuneCountInString(s)
	if n <= maxRunes {
		return strconv.Quote(s)
	}
	i, k := 0, 0
	for i = range s {
		if k == keepRunes {
			break
		}
		k++
	}
	return fmt.Sprintf("%s (%d characters)", strconv.Quote(s[:i]+"…"), n)
}
