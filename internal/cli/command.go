package cli

import (
	"io/fs"
	"runtime"
	"strings"

	"github.com/spf13/cobra"
)

// Args wants from lo to hi arguments (hi < 0: no most); what says what
// they would be. A wrong number is a usage error.
func Args(lo, hi int, what string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if len(args) < lo || hi >= 0 && len(args) > hi {
			return Usagef("%s: want %s, got %d arguments", cmd.Name(), what, len(args))
		}
		return nil
	}
}

// Help reads the long help of commands from files NAME.txt in a file
// system: the help, then a line "Examples:" and the examples.
type Help struct{ FS fs.FS }

// Parts returns the help and the examples of the command name. A command
// without its file is a mistake of the program, and panics.
func (h Help) Parts(name string) (text, examples string) {
	data, err := fs.ReadFile(h.FS, name+".txt")
	if err != nil {
		panic(err)
	}
	text, examples, _ = strings.Cut(strings.TrimRight(string(data), "\n"), "\n\nExamples:\n")
	return text, examples
}

// CapCores lets the process run on at most n cores (n ≤ 0: no cap) and
// returns what undoes it.
func CapCores(n int) (undo func()) {
	if n <= 0 || n >= runtime.GOMAXPROCS(0) {
		return func() {}
	}
	was := runtime.GOMAXPROCS(n)
	return func() { runtime.GOMAXPROCS(was) }
}

// Reword returns err with the message of inner, an error in its chain,
// replaced by words: the command's own words for a library's error.
// errors.Is and errors.As still see err's chain.
func Reword(err, inner error, words string) error {
	return &reworded{msg: strings.Replace(err.Error(), inner.Error(), words, 1), err: err}
}

type reworded struct {
	msg string
	err error
}

func (e *reworded) Error() string { return e.msg }
func (e *reworded) Unwrap() error { return e.err }
