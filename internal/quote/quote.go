// Package quote quotes text for error messages, shortening what is long:
// a name or a title of 60,000 characters must not fill the terminal.
package quote

import (
	"bytes"
	"fmt"
	"strconv"
	"unicode"
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

// Controls returns text with its control characters other than newlines
// written as escapes (\x1b, \a, \u0085), so that a title or a name from a
// file cannot move a terminal's cursor or change its colours: text a
// program prints for people, not for a program to read back.
func Controls(text []byte) []byte {
	if !bytes.ContainsFunc(text, func(r rune) bool { return r != '\n' && unicode.IsControl(r) }) {
		return text
	}
	out := make([]byte, 0, len(text)+16)
	for _, r := range string(text) {
		if r == '\n' || !unicode.IsControl(r) {
			out = utf8.AppendRune(out, r)
			continue
		}
		q := strconv.QuoteRune(r) // '\x1b', '\a', '\u0085'
		out = append(out, q[1:len(q)-1]...)
	}
	return out
}
