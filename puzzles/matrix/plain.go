package matrix

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/polytile/polytile/puzzles"
)

// Plain is a plain exact-cover matrix as a puzzle: every solution is its
// own class.
//
// Two identical options are two options, as in Knuth's DLX programs: two
// covers that differ only in which of them they choose are two solutions.
// Written by their items' names they would look the same, so a matrix
// that repeats an option saves each solution with the numbers of its
// options too (rows, counted from 1 as the spec lists them), and writes
// them in its text.
type Plain struct {
	M *puzzles.Matrix

	once    sync.Once
	repeats bool // some option's items are another's
}

// repeated reports whether the matrix repeats an option.
func (p *Plain) repeated() bool {
	p.once.Do(func() {
		seen := make(map[string]bool, len(p.M.Options))
		for k := range p.M.Options {
			t := p.M.OptionText(k)
			if seen[t] {
				p.repeats = true
				return
			}
			seen[t] = true
		}
	})
	return p.repeats
}

func (p *Plain) Kind() string            { return "exact-cover" }
func (p *Plain) Matrix() *puzzles.Matrix { return p.M }
func (p *Plain) Symmetries() int         { return 1 }
func (p *Plain) Canonical(sol []int) (string, []int, int) {
	var b strings.Builder
	for _, k := range sol {
		b.WriteString(fmt.Sprintf("%08d", k))
	}
	return b.String(), sol, 1
}

// Text writes the options chosen, one a line, in Knuth's notation (with
// its number, "(option 3)", in a matrix that repeats an option).
func (p *Plain) Text(sol []int) string {
	var b strings.Builder
	for _, k := range sol {
		b.WriteString(p.M.OptionText(k))
		if p.repeated() {
			fmt.Fprintf(&b, "  (option %d)", k+1)
		}
		b.WriteString("\n")
	}
	return b.String()
}

// Encode returns the options chosen, each as its items' names:
// {"options": [["A", "D"], ["B", "G"]]}, with their numbers,
// "rows": [1, 5], in a matrix that repeats an option.
func (p *Plain) Encode(sol []int) any {
	opts := make([][]string, len(sol))
	var rows []int
	for i, k := range sol {
		opts[i] = strings.Fields(p.M.OptionText(k))
		if p.repeated() {
			rows = append(rows, k+1)
		}
	}
	return struct {
		Options [][]string `json:"options"`
		Rows    []int      `json:"rows,omitempty"`
	}{opts, rows}
}

// Decode reads {"options": [["A", "D"], …]}, and the options' numbers,
// "rows", which a matrix that repeats an option needs.
func (p *Plain) Decode(data []byte) ([]int, error) {
	var v struct {
		Options [][]string `json:"options"`
		Rows    []int      `json:"rows"`
	}
	if err := json.Unmarshal(data, &v); err != nil {
		return nil, err
	}
	if v.Rows != nil || p.repeated() {
		return p.decodeRows(v.Options, v.Rows)
	}
	find := byName(len(p.M.Options), p.M.OptionText)
	var sol []int
	for _, o := range v.Options {
		k, ok := find(strings.Join(o, " "))
		if !ok {
			return nil, fmt.Errorf("%q is not an option of the matrix (or is chosen twice)", strings.Join(o, " "))
		}
		sol = append(sol, k)
	}
	slices.Sort(sol)
	return sol, nil
}

// decodeRows returns the options numbered rows, checking that they are
// the options named, each chosen once.
func (p *Plain) decodeRows(options [][]string, rows []int) ([]int, error) {
	if len(rows) != len(options) {
		return nil, fmt.Errorf("%d options but %d rows: a matrix that repeats an option saves each option's number (rows)", len(options), len(rows))
	}
	sol := make([]int, len(rows))
	for i, r := range rows {
		if r < 1 || r > len(p.M.Options) {
			return nil, fmt.Errorf("row %d is not an option: the matrix has %d", r, len(p.M.Options))
		}
		if name := strings.Join(options[i], " "); p.M.OptionText(r-1) != name {
			return nil, fmt.Errorf("row %d is %q, not %q", r, p.M.OptionText(r-1), name)
		}
		sol[i] = r - 1
	}
	slices.Sort(sol)
	if len(slices.Compact(slices.Clone(sol))) != len(sol) {
		return nil, fmt.Errorf("an option is chosen twice")
	}
	return sol, nil
}

func (p *Plain) About() string {
	return fmt.Sprintf("%d items (%d secondary), %d options", len(p.M.Items), len(p.M.Items)-p.M.Primary, len(p.M.Options))
}

// MaxDLXLine is the longest line ParseDLX reads: 1 MiB.
const MaxDLXLine = 1 << 20

// dlxText checks that line n of a .dlx file is text: UTF-8 without a
// byte-order mark or control characters (a tab aside). Its errors name the
// line and column, and never echo the bytes.
func dlxText(line []byte, n int) error {
	if n == 1 && bytes.HasPrefix(line, []byte("\xef\xbb\xbf")) {
		return fmt.Errorf("%d:1: the file starts with a byte-order mark (U+FEFF): save it as UTF-8 without one", n)
	}
	for i := 0; i < len(line); {
		r, size := utf8.DecodeRune(line[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			return fmt.Errorf("%d:%d: byte 0x%02x is not UTF-8 text: a .dlx file is lines of names", n, i+1, line[i])
		case r == '\r' && i == len(line)-1, r == '\t':
		case unicode.IsControl(r) || r == '\uFEFF':
			return fmt.Errorf("%d:%d: a control character (%U) in a name: names are printable text", n, i+1, r)
		}
		i += size
	}
	return nil
}

// ParseDLX reads a matrix in the text format of Knuth's DLX programs: lines
// starting with '|' are comments; the first other line names the items,
// separated by spaces, a '|' among them ending the primary ones and
// starting the secondary ones; every later line is an option, its items'
// names, a secondary item's followed by a colour if the option gives it
// one (x:A), as Knuth's DLX2 reads them (NewMatrix). name names the text
// in errors ("name:line: …").
func ParseDLX(name string, r io.Reader) (*puzzles.Matrix, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<16), MaxDLXLine)
	var primary, secondary []string
	var options [][]string
	var lines []int
	itemsSeen, itemLine := false, 0
	n := 1
	for ; sc.Scan(); n++ {
		if err := dlxText(sc.Bytes(), n); err != nil {
			return nil, fmt.Errorf("%s:%w", name, err)
		}
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "|") {
			continue
		}
		fields := strings.Fields(line)
		if !itemsSeen {
			itemsSeen, itemLine = true, n
			sec := false
			for _, f := range fields {
				switch {
				case f == "|" && !sec:
					sec = true
				case f == "|":
					return nil, fmt.Errorf("%s:%d: two '|' in the items: one separates the primary from the secondary items", name, n)
				case sec:
					secondary = append(secondary, f)
				default:
					primary = append(primary, f)
				}
			}
			continue
		}
		options = append(options, fields)
		lines = append(lines, n)
	}
	if errors.Is(sc.Err(), bufio.ErrTooLong) {
		return nil, fmt.Errorf("%s:%d: a line longer than %d KiB: a .dlx file is lines of names", name, n, MaxDLXLine>>10)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if !itemsSeen {
		return nil, fmt.Errorf("%s: no items: the first line that is not a comment names them", name)
	}
	m, err := NewMatrix(primary, secondary, options)
	if err != nil {
		// Say where: an option's line, or the items'.
		if me := (*Error)(nil); errors.As(err, &me) && me.Option >= 1 && me.Option <= len(lines) {
			return nil, fmt.Errorf("%s:%d: %w", name, lines[me.Option-1], err)
		} else if me != nil && me.Item >= 1 {
			return nil, fmt.Errorf("%s:%d: %w", name, itemLine, err)
		}
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return m, nil
}

// itoa is strconv.Itoa, short.
func itoa(i int) string { return strconv.Itoa(i) }
