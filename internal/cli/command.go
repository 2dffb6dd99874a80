package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"

	"github.com/polytile/polytile/internal/suggest"
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

// Help reads the long help of commands from files Dir/NAME.txt in a file
// system: the help, then a line "Examples:" and the examples.
type Help struct {
	FS  fs.FS
	Dir string
}

// Sections returns the help and the examples of the command name. A command
// without its file is a mistake of the program, and panics.
func (h Help) Sections(name string) (text, examples string) {
	data, err := fs.ReadFile(h.FS, path.Join(h.Dir, name+".txt"))
	if err != nil {
		panic(err)
	}
	text, examples, _ = strings.Cut(strings.TrimRight(string(data), "\n"), "\n\nExamples:\n")
	return text, examples
}

// Text returns the help of the command name.
func (h Help) Text(name string) string { t, _ := h.Sections(name); return t }

// Examples returns the examples of the command name.
func (h Help) Examples(name string) string { _, e := h.Sections(name); return e }

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

// Execute runs root on args with ctx, and returns the exit status: 0 on
// success, 1 on an error and 2 on a usage error (UsageError). An error is
// written to stderr as "ROOT: message", worded by words first, and a
// usage error is followed by where to read the usage. out is root's
// standard output: a write to it that failed (a full disk, a broken pipe)
// fails the command, as it does cat's.
func Execute(ctx context.Context, root *cobra.Command, args []string, out *StickyWriter, stderr io.Writer, words func(error) error) int {
	root.SetArgs(append([]string{}, args...)) // never nil: cobra reads os.Args for nil
	cmd, err := root, unknownCommand(root, args)
	if err == nil {
		cmd, err = root.ExecuteContextC(ctx)
	}
	if out.Err != nil && (err == nil || errors.Is(err, out.Err)) {
		// (A standard output closed before the start is /dev/null: Go's
		// runtime opens it.)
		err = fmt.Errorf("writing standard output: %w", out.Err)
	}
	if err == nil {
		return 0
	}
	fmt.Fprintf(stderr, "%s: %v\n", root.Name(), words(err))
	if errors.As(err, new(UsageError)) {
		if cmd == nil {
			cmd = root
		}
		fmt.Fprintf(stderr, "Run '%s --help' for usage.\n", cmd.CommandPath())
		return 2
	}
	return 1
}

// unknownCommand returns a usage error if args start with a word that
// names none of root's commands, with the commands it was probably meant
// to be, before the flags after it are read as root's.
func unknownCommand(root *cobra.Command, args []string) error {
	if len(args) == 0 || strings.HasPrefix(args[0], "-") || !root.HasSubCommands() {
		return nil
	}
	names := []string{"help"}
	for _, c := range root.Commands() {
		if c.Name() == args[0] || slices.Contains(c.Aliases, args[0]) {
			return nil
		}
		if c.IsAvailableCommand() {
			names = append(names, c.Name())
		}
	}
	if args[0] == "help" || args[0] == cobra.ShellCompRequestCmd || args[0] == cobra.ShellCompNoDescRequestCmd {
		return nil // (cobra's own: the help, and the shell's requests to complete a line)
	}
	return Usagef("unknown command %q%s", args[0], suggest.Phrase(suggest.Closest(args[0], names)))
}

// Version says which build of the program runs: its module's version
// ("(devel)" for a build from a clone), the commit it was built from when
// known (with "+changes" if the tree had changes), and the Go release.
func Version() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown, " + runtime.Version()
	}
	v := info.Main.Version
	settings := map[string]string{}
	for _, s := range info.Settings {
		settings[s.Key] = s.Value
	}
	if rev := settings["vcs.revision"]; rev != "" {
		v += " " + rev[:min(12, len(rev))]
		if settings["vcs.modified"] == "true" {
			v += "+changes"
		}
	}
	return v + ", " + info.GoVersion
}
