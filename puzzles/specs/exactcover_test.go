package specs

import (
	"strings"
	"testing"
)

// An exact-cover spec's secondary items may be an empty list, an empty
// string or left out: all three mean no secondary items, and the matrix
// is the same. Its items and its options may not be empty.
func TestExactCoverSecondary(t *testing.T) {
	const items = "kind: exact-cover\nitems: A B C D E F G\n"
	const options = `options: ["C E F", "A D G", "B C F", "A D", "B G", "D E G"]` + "\n"
	for _, tt := range []struct {
		name, secondary string
		want            int // secondary items
	}{
		{"left out", "", 0},
		{"empty list", "secondary: []\n", 0},
		{"empty string", "secondary: ''\n", 0},
		{"no value", "secondary:\n", 0},
		{"one", "secondary: [H]\n", 1},
		{"spaced", "secondary: H J\n", 2},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s, err := Parse("ec.yaml", []byte(items+tt.secondary+options))
			if err != nil {
				t.Fatalf("Parse: %v", err)
			}
			m := s.Problem.Matrix()
			if got := len(m.Items) - m.Primary; m.Primary != 7 || got != tt.want {
				t.Errorf("%d primary and %d secondary items, want 7 and %d", m.Primary, got, tt.want)
			}
		})
	}
	for _, tt := range []struct{ name, src, pos, msg string }{
		{"items empty", "kind: exact-cover\nitems: []\n" + options, "2:8", "items is empty; want items: a list of names"},
		{"items blank", "kind: exact-cover\nitems: ''\n" + options, "2:8", "items is empty; want items: a list of names"},
		{"option empty", "kind: exact-cover\nitems: A B\noptions: [A, '']\n", "3:14", "an option is empty"},
		{"option empty list", "kind: exact-cover\nitems: A B\noptions: [A, []]\n", "3:14", "an option is empty"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse("ec.yaml", []byte(tt.src))
			if err == nil || !strings.Contains(err.Error(), "ec.yaml:"+tt.pos+": ") || !strings.Contains(err.Error(), tt.msg) {
				t.Errorf("Parse error %v, want %q at %s", err, tt.msg, tt.pos)
			}
		})
	}
}
