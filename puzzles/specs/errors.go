package specs

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/polytile/polytile/internal/suggest"
)

// NotFoundError is the error of a name that is neither a file nor a
// built-in puzzle (nor, for LoadPieces, a built-in piece set).
type NotFoundError struct {
	Name string
	// Builtins are the built-in names looked for: the puzzles, and the
	// piece sets if Sets.
	Builtins []string
	Sets     bool
	// Like are the built-in names closest to Name, best first: what it
	// was probably meant to be.
	Like []string
}

// File says whether Name looks like a file's path (it has a directory or
// an extension) rather than a built-in name.
func (e *NotFoundError) File() bool {
	return strings.ContainsRune(e.Name, '/') || filepath.Ext(e.Name) != ""
}

// Error says that the file does not exist, for a name that looks like a
// path; for another, that there is neither such a file nor such a built-in
// puzzle, with the names it was probably meant to be, or else all of them.
func (e *NotFoundError) Error() string {
	what := "built-in puzzle"
	if e.Sets {
		what = "built-in puzzle or piece set"
	}
	if e.File() {
		return fmt.Sprintf("%s: no such file (nor a %s of that name)", e.Name, what)
	}
	if len(e.Like) > 0 {
		return fmt.Sprintf("no file or %s named %q%s", what, e.Name, suggest.Phrase(e.Like))
	}
	return fmt.Sprintf("no file or %s named %q; the built-in names are %s", what, e.Name, strings.Join(e.Builtins, ", "))
}
