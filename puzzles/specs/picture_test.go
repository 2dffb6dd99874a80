package specs

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLostRows checks that no row of a picture is lost to YAML's
// indentation rules without an error, and that pictures YAML reads whole
// pass.
func TestLostRows(t *testing.T) {
	const x = "board: {rows: 1, cols: 5}\npieces:\n  - name: X\n"
	tests := []struct {
		name string
		src  string
		pos  string // where the error is; "" for none
		says string // part of the message
	}{
		{"X drawn naturally", x + "    shape: |\n       #\n      ###\n       #\n", "6:7", `"shape: |2"`},
		{"X with |2", x + "    shape: |2\n       #\n      ###\n       #\n", "", ""},
		{"X with |2 and a comment after", x + "    shape: |2\n       #\n      ###\n       #\n    # the X\n", "", ""},
		{"X with |2-", x + "    shape: |2-\n       #\n      ###\n       #\n", "", ""},
		{"X with |+2 and blank lines", x + "    shape: |+2\n       #\n      ###\n       #\n\n\n", "", ""},
		{"X, CRLF", strings.ReplaceAll(x+"    shape: |\n       #\n      ###\n       #\n", "\n", "\r\n"), "6:7", `"shape: |2"`},
		{"X, blank line before the lost row", x + "    shape: |\n       #\n\n      ###\n       #\n", "7:7", `"shape: |2"`},
		{"X, header on its own line", x + "    shape:\n      |\n       #\n      ###\n       #\n", "7:7", `"shape: |2"`},
		{"X, header with a comment", x + "    shape: |   # the X\n       #\n      ###\n       #\n", "6:7", `"shape: |2"`},
		{"X drawn with x, YAML fails", x + "    shape: |\n       x\n      xxx\n       x\n", "6:7", `"shape: |2"`},
		{"X in a compact entry", "board: {rows: 1, cols: 5}\npieces:\n- shape: |\n     #\n    ###\n  name: X\n", "5:5", `"shape: |2"`},
		{"X in a compact entry with |2", "board: {rows: 3, cols: 3}\npieces:\n- shape: |2\n     #\n    ###\n     #\n  name: X\n- {set: monomino, count: 4}\n", "", ""},
		{"X in a mapping", "board: {rows: 1, cols: 5}\npieces:\n  X: |\n     #\n    ###\n     #\n", "5:5", `"X: |2"`},
		{"X in a mapping with |2", "board: {rows: 1, cols: 5}\npieces:\n  X: |2\n     #\n    ###\n     #\n", "", ""},
		{"rows far in", x + "    shape: |\n                  #\n                 ###\n                  #\n", "6:18", `|N`},
		{"board with |2", "board: |2\n   .\n  ...\n   .\npieces: {X: \"###\", Y: \"##\"}\n", "", ""},
		{"board drawn with #", "board: |\n  #.\n  ...\n  #.\npieces: {X: \"###\", Y: \"##\"}\n", "", ""},
		{"board, YAML fails", "board: |\n   .\n  ...\n   .\npieces: {X: \"###\", Y: \"##\"}\n", "3:3", `"board: |2"`},
		{"board 4 in, then 2 in", "board: |\n    ..\n  ....\npieces: {X: \"###\", Y: \"###\"}\n", "3:3", `or draw the first row's leading blanks with '#'`},
		{"board lost row at the end of the file", "pieces: {X: \"###\", Y: \"##\"}\nboard: |\n   .\n  ...\n", "4:3", `"board: |2"`},
		{"comment at the key's indentation", "board: |\n  ..\n# a note\npieces: domino\n", "", ""},
		{"comment indented under the picture", "board: |\n  ..\n # a note\npieces: domino\n", "3:2", "a comment after a picture is indented no more than its key"},
		{"quoted picture", "board: \"  .\\n ..\"\npieces: {X: \"###\"}\n", "", ""},
		{"not a picture", "board: {rows: 1, cols: 2}\npieces: domino\ntitle: |\n    A title\n  # a comment\n", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse("x.yaml", []byte(tt.src))
			if tt.pos == "" {
				if err != nil {
					t.Fatalf("Parse = %v, want no error", err)
				}
				return
			}
			var se *SpecError
			if !errors.As(err, &se) {
				t.Fatalf("Parse error %v, want a *SpecError", err)
			}
			if pos := fmt.Sprintf("%d:%d", se.Line, se.Col); pos != tt.pos {
				t.Errorf("error at %s, want %s: %v", pos, tt.pos, err)
			}
			if !strings.Contains(se.Msg, tt.says) {
				t.Errorf("message %q does not say %q", se.Msg, tt.says)
			}
		})
	}
}

// zeros is an endless reader, as /dev/zero is.
type zeros struct{ n int }

func (z *zeros) Read(p []byte) (int, error) {
	clear(p)
	z.n += len(p)
	return len(p), nil
}

func TestSpecLimits(t *testing.T) {
	t.Run("endless input", func(t *testing.T) {
		z := &zeros{}
		data, err := readSpec(z)
		if err != nil || len(data) != MaxSize+1 {
			t.Fatalf("readSpec(endless) = %d bytes, %v; want %d", len(data), err, MaxSize+1)
		}
		if z.n > 2*MaxSize {
			t.Errorf("readSpec(endless) read %d bytes, want at most %d", z.n, 2*MaxSize)
		}
		if _, err := Parse("zero", data); err == nil || !strings.Contains(err.Error(), "zero:1:1: the spec is larger than 1048576 bytes") {
			t.Errorf("Parse(too large) = %v", err)
		}
	})
	t.Run("file too large", func(t *testing.T) {
		name := filepath.Join(t.TempDir(), "big.yaml")
		src := "board: {rows: 1, cols: 2}\npieces: domino\n" + strings.Repeat("# padding\n", MaxSize/10)
		if err := os.WriteFile(name, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := Load(name)
		var se *SpecError
		if !errors.As(err, &se) || se.File != name || !strings.Contains(se.Msg, "larger than 1048576 bytes (1 MiB)") {
			t.Errorf("Load(%d bytes) = %v, want a SpecError saying it is too large", len(src), err)
		}
		if err := os.WriteFile(name, []byte(src[:MaxSize]), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := Load(name); err != nil {
			t.Errorf("Load(%d bytes) = %v, want a spec", MaxSize, err)
		}
	})
	t.Run("device", func(t *testing.T) {
		if _, err := os.Stat("/dev/zero"); err != nil {
			t.Skip("no /dev/zero")
		}
		if _, err := Load("/dev/zero"); err == nil || !strings.Contains(err.Error(), "larger than") {
			t.Errorf("Load(/dev/zero) = %v, want too large", err)
		}
	})
	tests := []struct {
		name string
		src  string
		pos  string
		says string
	}{
		{"board picture too large", "board: |\n" + strings.Repeat(" "+strings.Repeat(".", 1024)+"\n", 1024) + "  ...\n  ..\npieces: domino\n",
			"1026:3", "a board may have at most 1048576 cells"},
		{"piece picture too large", "board: {rows: 2, cols: 10000}\npieces:\n  A: |\n" +
			strings.Repeat("    "+strings.Repeat("#", 10000)+"\n", 2), "5:6389", "a piece may have at most 16384 cells"},
		{"too much to check", "board: {rows: 120, cols: 100}\npieces:\n  A: |\n" + strings.Repeat("    "+strings.Repeat("#", 100)+"\n", 120),
			"2:1", "would check more than 268435456 cells"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := parseSpec("x.yaml", []byte(tt.src))
			var se *SpecError
			if !errors.As(err, &se) {
				t.Fatalf("parseSpec error %v, want a *SpecError", err)
			}
			if pos := fmt.Sprintf("%d:%d", se.Line, se.Col); pos != tt.pos {
				t.Errorf("error at %s, want %s: %v", pos, tt.pos, err)
			}
			if !strings.Contains(se.Msg, tt.says) {
				t.Errorf("message %q does not say %q", se.Msg, tt.says)
			}
		})
	}
}
