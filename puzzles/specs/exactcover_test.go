package specs

import (
	"context"
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

// An exact-cover spec's options give secondary items colours as Knuth's
// DLX2 writes them (x:A), in a string or a list; a colour on a primary
// item, or ':' in an item's name, is an error at its place saying what
// would be valid.
func TestExactCoverColors(t *testing.T) {
	const head = "kind: exact-cover\nitems: p q r\nsecondary: x y\n"
	for _, tt := range []struct{ name, options string }{
		{"strings", `options: ["p q x y:A", "p r x:A y", "p x:B", "q x:A", "r y:B"]`},
		{"lists", `options: [[p, q, x, "y:A"], [p, r, x:A, y], [p, "x:B"], [q, x:A], [r, y:B]]`},
		{"block", "options:\n  - p q x y:A\n  - p r x:A y\n  - p x:B\n  - q x:A\n  - r y:B"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s, err := Parse("ec.yaml", []byte(head+tt.options+"\n"))
			if err != nil {
				t.Fatalf("Parse: %v", err)
			}
			m := s.Problem.Matrix()
			if got := m.OptionText(1); got != "p r x:A y" {
				t.Errorf("option 2 reads %q, want %q", got, "p r x:A y")
			}
			res, err := s.Problem.Solve(context.Background(), nil)
			if err != nil || res.Raw != 1 {
				t.Fatalf("Solve = %v raw, %v; want the one solution of Knuth's example", res.Raw, err)
			}
		})
	}
	for _, tt := range []struct{ name, src, pos, msg string }{
		{"colour on a primary item", head + `options: ["p q x", "q:A r"]` + "\n", "4:20",
			`option 2 (q:A r) gives the primary item "q" a colour (q:A): only secondary items take one`},
		{"no colour", head + `options: ["p x:"]` + "\n", "4:11", `gives "x" no colour after its ':'`},
		{"':' in a primary item", "kind: exact-cover\nitems: [p, 'q:r']\noptions: [p]\n", "2:12", `item "q:r" has a ':' in its name`},
		{"':' in a secondary item", "kind: exact-cover\nitems: [p]\nsecondary: [x, 'y:z']\noptions: [p]\n", "3:16", `item "y:z" has a ':' in its name`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse("ec.yaml", []byte(tt.src))
			if err == nil || !strings.Contains(err.Error(), "ec.yaml:"+tt.pos+": ") || !strings.Contains(err.Error(), tt.msg) {
				t.Errorf("Parse error %v, want %q at %s", err, tt.msg, tt.pos)
			}
		})
	}
}
