package matrix

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/polytile/polytile/puzzles"
)

// Two identical options are two options: the covers that choose one or
// the other are two solutions, which the text and the saved form tell
// apart (rows) and Decode reads back as they were.
func TestPlainRepeatedOptions(t *testing.T) {
	m, err := puzzles.NewMatrix([]string{"A", "B"}, nil, [][]string{{"A"}, {"A"}, {"B"}})
	if err != nil {
		t.Fatal(err)
	}
	p := &Plain{M: m}
	res, err := solveAll(p, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Distinct) != 2 {
		t.Fatalf("%d solutions, want 2 (one for each A)", len(res.Distinct))
	}
	var keys []string
	for _, c := range res.Distinct {
		data, err := json.Marshal(p.Saved(c.Options))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(data), `"rows":[`) {
			t.Errorf("saved %s has no rows", data)
		}
		back, err := p.Decode(data)
		if err != nil || !slices.Equal(back, c.Options) {
			t.Errorf("Decode(%s) = %v, %v; want %v", data, back, err, c.Options)
		}
		key, _, _ := p.Canonical(back)
		keys = append(keys, key)
		if !strings.Contains(p.Text(c.Options), "(option ") {
			t.Errorf("text %q does not number the options", p.Text(c.Options))
		}
	}
	if keys[0] == keys[1] {
		t.Errorf("the two solutions read back as one")
	}
	for _, bad := range []string{
		`{"options":[["A"],["B"]]}`,              // which A?
		`{"options":[["A"],["B"]],"rows":[1]}`,   // too few rows
		`{"options":[["A"],["B"]],"rows":[3,1]}`, // rows not the options named
		`{"options":[["A"],["A"]],"rows":[1,1]}`, // one option twice
		`{"options":[["A"],["B"]],"rows":[0,3]}`, // no option 0
		`{"options":[["A"],["B"]],"rows":[2,9]}`, // past the last
	} {
		if sol, err := p.Decode([]byte(bad)); err == nil {
			t.Errorf("Decode(%s) = %v, want an error", bad, sol)
		}
	}
	// A matrix without repeated options saves no rows, as it always has.
	q := &Plain{M: mustMatrix(t)}
	if data, _ := json.Marshal(q.Saved([]int{0})); strings.Contains(string(data), "rows") {
		t.Errorf("a matrix without repeats saved %s", data)
	}
}

func mustMatrix(t *testing.T) *puzzles.Matrix {
	t.Helper()
	m, err := puzzles.NewMatrix([]string{"A", "B"}, nil, [][]string{{"A"}, {"B"}})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// A .dlx file that is not text is a clear error at its line and column,
// which never echoes the bytes it found.
func TestParseDLXNotText(t *testing.T) {
	tests := []struct {
		name, text, want string
	}{
		{"bom", "\ufeffA B\nA\nB\n", "x.dlx:1:1: the file starts with a byte-order mark"},
		{"nul in a name", "A B\nA\x00C\n", "x.dlx:2:2: a control character (U+0000) in a name"},
		{"escape in a name", "A B\nA \x1b[31mB\n", "x.dlx:2:3: a control character (U+001B)"},
		{"binary", "A B\n\xff\xfe\x00\x01\n", "x.dlx:2:1: byte 0xff is not UTF-8 text"},
		{"a long line", "A B\n" + strings.Repeat("A ", MaxDLXLine) + "\n", "x.dlx:2: a line longer than 1024 KiB"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseDLX("x.dlx", strings.NewReader(tt.text))
			if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
				t.Fatalf("ParseDLX error %v, want one starting %q", err, tt.want)
			}
			for _, r := range err.Error() {
				if r < ' ' || r == 0x7f || r == '\ufeff' {
					t.Errorf("the error %q echoes a control character %U", err, r)
				}
			}
		})
	}
	// Tabs and a CR before the newline are text.
	if _, err := ParseDLX("x.dlx", strings.NewReader("A\tB\r\nA\r\nB\r\n")); err != nil {
		t.Errorf("tabs and CRLF: %v", err)
	}
}
