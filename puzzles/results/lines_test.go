package results

import (
	"errors"
	"io"
	"strings"
	"testing"
)

// TestLineReader checks the numbering of lines, blank ones counted, a last
// line without its newline, and the errors' "name:line:".
func TestLineReader(t *testing.T) {
	tests := []struct {
		name  string
		in    string
		lines []string // the non-blank lines, as nonBlank returns them
		nums  []int
	}{
		{"empty", "", nil, nil},
		{"one line", "a\n", []string{"a\n"}, []int{1}},
		{"no last newline", "a\nb", []string{"a\n", "b"}, []int{1, 2}},
		{"blank lines", "\na\n  \n\nb\n\n", []string{"a\n", "b\n"}, []int{2, 5}},
		{"blank last line without newline", "a\n \t", []string{"a\n"}, []int{1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			lr := newLineReader(strings.NewReader(tt.in), "f.jsonl")
			var lines []string
			var nums []int
			for {
				line, err := lr.nonBlank()
				if errors.Is(err, io.EOF) {
					break
				}
				if err != nil {
					t.Fatal(err)
				}
				lines = append(lines, string(line))
				nums = append(nums, lr.n)
			}
			if strings.Join(lines, "|") != strings.Join(tt.lines, "|") || len(nums) != len(tt.nums) {
				t.Fatalf("lines %q at %v, want %q at %v", lines, nums, tt.lines, tt.nums)
			}
			for i := range nums {
				if nums[i] != tt.nums[i] {
					t.Errorf("line %q numbered %d, want %d", lines[i], nums[i], tt.nums[i])
				}
			}
		})
	}
	lr := newLineReader(strings.NewReader("a\n"), "f.jsonl")
	lr.next()
	if err := lr.errorf("bad %d", 7); err.Error() != "f.jsonl:1: bad 7" {
		t.Errorf("errorf = %q, want %q", err, "f.jsonl:1: bad 7")
	}
	if _, err := lr.want(); err == nil || err.Error() != "f.jsonl:1: unexpected EOF" {
		t.Errorf("want past the end = %v, want f.jsonl:1: unexpected EOF", err)
	}
}

// TestSkipSolutions checks that skipSolutions counts solution lines only,
// and numbers every line it reads past.
func TestSkipSolutions(t *testing.T) {
	in := `{"task":0}` + "\n" + `{"done":0}` + "\n" + `{"task":1,"pieces":"` + strings.Repeat("x", 1<<17) + `"}` + "\n" + `{"task":2}` + "\n"
	lr := newLineReader(strings.NewReader(in), "f.jsonl")
	if n, err := lr.skipSolutions(2); n != 2 || err != nil || lr.n != 3 {
		t.Errorf("skipSolutions(2) = %d, %v at line %d; want 2, nil at line 3", n, err, lr.n)
	}
	if line, _ := lr.next(); string(line) != `{"task":2}`+"\n" || lr.n != 4 {
		t.Errorf("the line after = %q at %d, want task 2's at 4", line, lr.n)
	}
	if n, err := lr.skipSolutions(1); n != 0 || !errors.Is(err, io.EOF) {
		t.Errorf("skipSolutions past the end = %d, %v; want 0, EOF", n, err)
	}
}
