package matrix

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/polytile/polytile/puzzles"
)

// Plain is a plain exact-cover matrix as a puzzle: every solution is its
// own class.
type Plain struct {
	M *puzzles.Matrix
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

// Text writes the options chosen, one a line, in Knuth's notation.
func (p *Plain) Text(sol []int) string {
	var b strings.Builder
	for _, k := range sol {
		b.WriteString(p.M.OptionText(k) + "\n")
	}
	return b.String()
}

// Saved returns the options chosen, each as its items' names:
// {"options": [["A", "D"], ["B", "G"]]}.
func (p *Plain) Saved(sol []int) any {
	opts := make([][]string, len(sol))
	for i, k := range sol {
		opts[i] = strings.Fields(p.M.OptionText(k))
	}
	return struct {
		Options [][]string `json:"options"`
	}{opts}
}

// Decode reads {"options": [["A", "D"], …]}.
func (p *Plain) Decode(data []byte) ([]int, error) {
	var v struct {
		Options [][]string `json:"options"`
	}
	if err := json.Unmarshal(data, &v); err != nil {
		return nil, err
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

func (p *Plain) About() string {
	return fmt.Sprintf("%d items (%d secondary), %d options", len(p.M.Items), len(p.M.Items)-p.M.Primary, len(p.M.Options))
}

// ParseDLX reads a matrix in the text format of Knuth's DLX programs: lines
// starting with '|' are comments; the first other line names the items,
// separated by spaces, a '|' among them ending the primary ones and
// starting the secondary ones; every later line is an option, its items'
// names. name names the text in errors ("name:line: …").
func ParseDLX(name string, r io.Reader) (*puzzles.Matrix, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<16), 1<<22)
	var primary, secondary []string
	var options [][]string
	var lines []int
	itemsSeen := false
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "|") {
			continue
		}
		fields := strings.Fields(line)
		if !itemsSeen {
			itemsSeen = true
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
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if !itemsSeen {
		return nil, fmt.Errorf("%s: no items: the first line that is not a comment names them", name)
	}
	m, err := puzzles.NewMatrix(primary, secondary, options)
	if err != nil {
		// Say where, for an option.
		msg := err.Error()
		if strings.HasPrefix(msg, "option ") {
			var k int
			if _, serr := fmt.Sscanf(msg, "option %d", &k); serr == nil && k >= 1 && k <= len(lines) {
				return nil, fmt.Errorf("%s:%d: %s", name, lines[k-1], msg)
			}
		}
		return nil, fmt.Errorf("%s: %s", name, msg)
	}
	return m, nil
}

// itoa is strconv.Itoa, short.
func itoa(i int) string { return strconv.Itoa(i) }
