package quote

import (
	"strings"
	"testing"
)

func TestShort(t *testing.T) {
	for _, tc := range []struct {
		name, s, want string
	}{
		{"empty", "", `""`},
		{"short", "scott", `"scott"`},
		{"escapes", "a\"b\n", `"a\"b\n"`},
		{"forty", strings.Repeat("a", 40), `"` + strings.Repeat("a", 40) + `"`},
		{"forty-one", strings.Repeat("a", 41), `"` + strings.Repeat("a", 32) + `…" (41 characters)`},
		{"long", strings.Repeat("a", 60000), `"` + strings.Repeat("a", 32) + `…" (60000 characters)`},
		{"runes", strings.Repeat("é", 50), `"` + strings.Repeat("é", 32) + `…" (50 characters)`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := Short(tc.s); got != tc.want {
				t.Errorf("Short(%.20q) = %s, want %s", tc.s, got, tc.want)
			}
		})
	}
}

func TestControls(t *testing.T) {
	tests := []struct{ in, want string }{
		{"plain title\nnext line\n", "plain title\nnext line\n"},
		{"\x1b[31mRED\a\n", `\x1b[31mRED\a` + "\n"},
		{"tab\there\r\n", `tab\there\r` + "\n"},
		{"next line \u0085 and é", `next line \u0085 and é`},
	}
	for _, tt := range tests {
		if got := string(Controls([]byte(tt.in))); got != tt.want {
			t.Errorf("Controls(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
