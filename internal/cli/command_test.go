package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"runtime"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/spf13/cobra"
)

func TestArgs(t *testing.T) {
	cmd := &cobra.Command{Use: "draw"}
	tests := []struct {
		lo, hi int
		n      int
		ok     bool
	}{{1, 1, 1, true}, {1, 1, 0, false}, {1, 1, 2, false}, {1, -1, 5, true}, {0, 0, 1, false}}
	for _, tt := range tests {
		err := Args(tt.lo, tt.hi, "one SPEC")(cmd, make([]string, tt.n))
		if (err == nil) != tt.ok {
			t.Errorf("Args(%d, %d) of %d arguments: %v", tt.lo, tt.hi, tt.n, err)
		}
		if err != nil && (!errors.As(err, new(UsageError)) || err.Error() != fmt.Sprintf("draw: want one SPEC, got %d arguments", tt.n)) {
			t.Errorf("Args error %q, want a usage error naming the command", err)
		}
	}
}

func TestHelp(t *testing.T) {
	h := Help{FS: fstest.MapFS{
		"solve.txt": {Data: []byte("Solve a puzzle.\n\nExamples:\n  polytile solve scott\n")},
		"list.txt":  {Data: []byte("List the puzzles.\n")},
	}}
	if text, ex := h.Sections("solve"); text != "Solve a puzzle." || ex != "  polytile solve scott" {
		t.Errorf("Parts(solve) = %q, %q", text, ex)
	}
	if text, ex := h.Sections("list"); text != "List the puzzles." || ex != "" {
		t.Errorf("Parts(list) = %q, %q", text, ex)
	}
	defer func() {
		if recover() == nil {
			t.Error("Parts of a command without help did not panic")
		}
	}()
	h.Sections("merge")
}

func TestCapCores(t *testing.T) {
	was := runtime.GOMAXPROCS(0)
	undo := CapCores(1)
	if got := runtime.GOMAXPROCS(0); got != 1 {
		t.Errorf("CapCores(1): GOMAXPROCS %d", got)
	}
	undo()
	if got := runtime.GOMAXPROCS(0); got != was {
		t.Errorf("undo: GOMAXPROCS %d, want %d", got, was)
	}
	CapCores(0)()
	if got := runtime.GOMAXPROCS(0); got != was {
		t.Errorf("CapCores(0) changed GOMAXPROCS to %d", got)
	}
}

type innerError struct{}

func (innerError) Error() string { return "inner words" }

func TestReword(t *testing.T) {
	err := fmt.Errorf("merge: %w", innerError{})
	got := Reword(err, innerError{}, "the command's words")
	if got.Error() != "merge: the command's words" || !errors.As(got, new(innerError)) {
		t.Errorf("Reword = %q (chain kept: %v)", got, errors.As(got, new(innerError)))
	}
}

// failWriter fails every write.
type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestExecute(t *testing.T) {
	tests := []struct {
		name   string
		run    error // what the command returns
		failed bool  // standard output fails
		code   int
		stderr string
	}{
		{"ok", nil, false, 0, ""},
		{"error", errors.New("no such puzzle"), false, 1, "tool: NO SUCH PUZZLE\n"},
		{"usage", Usagef("--limit -1: want 0 or more"), false, 2, "tool: --LIMIT -1: WANT 0 OR MORE\nRun 'tool sub --help' for usage.\n"},
		{"output", nil, true, 1, "tool: WRITING STANDARD OUTPUT: DISK FULL\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var w io.Writer = io.Discard
			if tt.failed {
				w = failWriter{}
			}
			out := &StickyWriter{W: w}
			root := &cobra.Command{Use: "tool", SilenceErrors: true, SilenceUsage: true}
			root.AddCommand(&cobra.Command{Use: "sub", RunE: func(cmd *cobra.Command, _ []string) error {
				fmt.Fprintln(cmd.OutOrStdout(), "result")
				return tt.run
			}})
			root.SetOut(out)
			var stderr strings.Builder
			upper := func(err error) error { return errors.New(strings.ToUpper(err.Error())) }
			if code := Execute(context.Background(), root, []string{"sub"}, out, &stderr, upper); code != tt.code || stderr.String() != tt.stderr {
				t.Errorf("Execute = %d, stderr %q; want %d, %q", code, stderr.String(), tt.code, tt.stderr)
			}
		})
	}
}

func TestVersion(t *testing.T) {
	if v := Version(); !strings.HasSuffix(v, runtime.Version()) || strings.HasPrefix(v, ",") {
		t.Errorf("Version() = %q, want a version and %s", v, runtime.Version())
	}
}
