package cli

import (
	"errors"
	"strconv"
	"strings"
	"testing"
)

func TestFlagError(t *testing.T) {
	_, perr := strconv.Atoi("x")
	_, rerr := strconv.ParseInt("99999999999999999999", 10, 64)
	for _, tt := range []struct {
		err  error
		want string
	}{
		{errors.New(`invalid argument "x" for "--limit" flag: ` + perr.Error()), `invalid argument "x" for "--limit" flag: want a whole number`},
		{errors.New(`invalid argument for "--limit" flag: ` + rerr.Error()), `flag: out of range`},
		{errors.New("unknown flag: --frob"), "unknown flag: --frob"},
	} {
		wrapped := tt.err
		if strings.Contains(tt.err.Error(), "strconv") {
			wrapped = &wrapErr{tt.err, perr}
			if strings.Contains(tt.err.Error(), "range") {
				wrapped = &wrapErr{tt.err, rerr}
			}
		}
		if got := FlagError(nil, wrapped).Error(); !strings.HasSuffix(got, tt.want) || strings.Contains(got, "strconv") {
			t.Errorf("FlagError(%q) = %q, want …%q", tt.err, got, tt.want)
		}
	}
}

type wrapErr struct{ msg, inner error }

func (w *wrapErr) Error() string { return w.msg.Error() }
func (w *wrapErr) Unwrap() error { return w.inner }

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
