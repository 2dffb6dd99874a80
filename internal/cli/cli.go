// Package cli holds the pieces of a command line that have nothing to do
// with puzzles: the root command, its run and exit status, signals, a
// writer that remembers its first failure, usage errors and flag errors in
// a person's words, a flag value that records what it is given, what -o
// takes, the flags of a search (timeout, progress bar, workers, shards),
// shell completion and help files.
package cli

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/polytile/polytile/internal/suggest"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// StickyWriter passes writes to W until one fails, and keeps the first
// error in Err, so that a command can report output that never arrived.
type StickyWriter struct {
	W   io.Writer
	Err error
}

func (s *StickyWriter) Write(p []byte) (int, error) {
	if s.Err != nil {
		return 0, s.Err
	}
	n, err := s.W.Write(p)
	s.Err = err
	return n, err
}

// FlagError rewrites the Go parser's words in a flag's error
// ("strconv.ParseInt: parsing \"x\": invalid syntax") as what the flag
// wants ("want a whole number"), and adds to an unknown flag of cmd the
// flags it was probably meant to be; other errors are returned as they
// are. It reads pflag's typed errors, never their messages.
func FlagError(cmd *cobra.Command, err error) error {
	if ne := (*pflag.NotExistError)(nil); errors.As(err, &ne) && ne.GetSpecifiedShortnames() == "" && cmd != nil {
		var names []string
		cmd.Flags().VisitAll(func(f *pflag.Flag) {
			if !f.Hidden {
				names = append(names, f.Name)
			}
		})
		like := suggest.Closest(ne.GetSpecifiedName(), names)
		for i := range like {
			like[i] = "--" + like[i]
		}
		return fmt.Errorf("%w%s", err, suggest.Phrase(like))
	}
	var ie *pflag.InvalidValueError
	var ne *strconv.NumError
	if !errors.As(err, &ie) || !errors.As(err, &ne) {
		return err
	}
	want := map[string]string{"ParseInt": "want a whole number", "ParseUint": "want a whole number", "Atoi": "want a whole number",
		"ParseFloat": "want a number", "ParseBool": "want true or false"}[ne.Func]
	if errors.Is(ne.Err, strconv.ErrRange) {
		want = "out of range"
	}
	if want == "" {
		return err
	}
	f := ie.GetFlag()
	name := "--" + f.Name
	if f.Shorthand != "" && f.ShorthandDeprecated == "" {
		name = "-" + f.Shorthand + ", " + name
	}
	return fmt.Errorf("invalid argument %q for %q flag: %s", ie.GetValue(), name, want)
}

// Setting is a flag's value as given on a command line.
type Setting struct{ Name, Value string }

// Recorder is a flag value (it has the methods of pflag.Value) that
// appends what it is given, with the flag's name, to *Into, in the order
// given, for the program to read later; it never fails. Bool says whether
// the flag is true or false, and may then be given without a value.
type Recorder struct {
	Name  string
	Bool  bool
	Into  *[]Setting
	value string
}

func (r *Recorder) String() string { return r.value }

// Type names the value's kind, as pflag shows it: "bool" for a flag that
// takes no value, "string" otherwise.
func (r *Recorder) Type() string {
	if r.Bool {
		return "bool"
	}
	return "string"
}

// Set records s.
func (r *Recorder) Set(s string) error {
	r.value = s
	*r.Into = append(*r.Into, Setting{r.Name, s})
	return nil
}

// Record registers on fl a flag named name, of that usage, whose values
// a Recorder appends to *into; a Bool flag may be given without a value,
// which is then true.
func Record(fl *pflag.FlagSet, name, usage string, isBool bool, into *[]Setting) {
	f := fl.VarPF(&Recorder{Name: name, Bool: isBool, Into: into}, name, "", usage)
	if isBool {
		f.NoOptDefVal = "true"
	}
}

// UsageError marks a mistake in the command line, as opposed to a
// failure while carrying it out.
type UsageError struct{ Err error }

func (e UsageError) Error() string { return e.Err.Error() }
func (e UsageError) Unwrap() error { return e.Err }

// Usagef returns a UsageError whose message is formatted as fmt.Sprintf
// formats it.
func Usagef(format string, args ...any) error {
	return UsageError{fmt.Errorf(format, args...)}
}

// Unprefixed returns err's message, for a person to read, without the
// names of the packages given ("specs", "render") with which libraries
// begin their errors, at its start and after each ": ".
func Unprefixed(err error, packages ...string) error {
	msg := err.Error()
	for _, p := range packages {
		msg = strings.ReplaceAll(msg, ": "+p+": ", ": ")
		msg = strings.TrimPrefix(msg, p+": ")
	}
	return &reworded{msg: msg, err: err}
}
