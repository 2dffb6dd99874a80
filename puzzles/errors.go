package puzzles

import (
	"fmt"
	"strings"
)

// A NameError is a name that names none of the few things it may (an
// engine): what it is of, the name given, and the names that would be
// valid. Its message has no prefix: whoever reports it adds its own,
// such as the flag that gave the name.
type NameError struct {
	What  string   // what the name is of, such as "engine"
	Name  string   // the name given
	Valid []string // the names that would be valid
}

func (e *NameError) Error() string {
	return fmt.Sprintf("unknown %s %q: want %s", e.What, e.Name, orList(e.Valid))
}

// orList joins words as "a, b or c".
func orList(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}
