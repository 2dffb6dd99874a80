package cli

import (
	"errors"
	"strings"
	"testing"

	"github.com/spf13/cobra"
)

// FlagError words pflag's typed errors: a number's parse error as what
// the flag wants, prefixed once by the flag, and an unknown flag with
// the flags it was probably meant to be.
func TestFlagError(t *testing.T) {
	cmd := &cobra.Command{Use: "x"}
	cmd.Flags().IntP("limit", "l", 0, "")
	cmd.Flags().Bool("quiet", false, "")
	cmd.Flags().Float64("scale", 0, "")
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"--limit", "x"}, `invalid argument "x" for "-l, --limit" flag: want a whole number`},
		{[]string{"-l", "x"}, `invalid argument "x" for "-l, --limit" flag: want a whole number`},
		{[]string{"--limit", "99999999999999999999"}, `invalid argument "99999999999999999999" for "-l, --limit" flag: out of range`},
		{[]string{"--quiet=maybe"}, `invalid argument "maybe" for "--quiet" flag: want true or false`},
		{[]string{"--scale", "big"}, `invalid argument "big" for "--scale" flag: want a number`},
		{[]string{"--limt", "3"}, "unknown flag: --limt (did you mean --limit?)"},
		{[]string{"--frob"}, "unknown flag: --frob"},
		{[]string{"-z"}, `unknown shorthand flag: 'z' in -z`},
	} {
		err := cmd.Flags().Parse(tt.args)
		if err == nil {
			t.Fatalf("%v: no error", tt.args)
		}
		got := FlagError(cmd, err).Error()
		if got != tt.want {
			t.Errorf("%v: FlagError(%q) = %q, want %q", tt.args, err, got, tt.want)
		}
		if strings.Count(got, "flag") > 2 || strings.Contains(got, "strconv") {
			t.Errorf("%v: %q says the flag twice or keeps the parser's words", tt.args, got)
		}
	}
}

func TestStickyWriter(t *testing.T) {
	var b strings.Builder
	w := &StickyWriter{W: &b}
	w.Write([]byte("a"))
	w.W = failing{}
	if _, err := w.Write([]byte("b")); err == nil || w.Err == nil {
		t.Errorf("a failed write: no error")
	}
	w.W = &b
	if _, err := w.Write([]byte("c")); err == nil || b.String() != "a" {
		t.Errorf("after a failure, writes go on: %q", b.String())
	}
}

type failing struct{}

func (failing) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestRecorder(t *testing.T) {
	var got []Setting
	a, b := &Recorder{Name: "a", Into: &got}, &Recorder{Name: "b", Bool: true, Into: &got}
	a.Set("1")
	b.Set("true")
	a.Set("2")
	if len(got) != 3 || got[2] != (Setting{"a", "2"}) || a.String() != "2" || b.Type() != "bool" || a.Type() != "string" {
		t.Errorf("recorded %v", got)
	}
}
