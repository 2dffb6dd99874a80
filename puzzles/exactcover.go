package puzzles

import (
	"fmt"
	"slices"
	"strings"

	"github.com/polytile/polytile/solve"
)

// Matrix is an exact-cover problem: named items, the first Primary of
// them primary (covered exactly once by a solution) and the rest secondary
// (at most once, or by any options that give it the same colour), and
// options, each a set of items.
type Matrix struct {
	Items   []string
	Primary int
	Options [][]int
	// Colors holds the colour each option gives each of its items, in
	// the order of Options ("": none; only secondary items have one), as
	// Knuth's DLX2 has them; nil when no option gives one.
	Colors [][]string
	// Names names each option for people ("r1c2 5" for a digit written in
	// a Sudoku's cell); nil when options are known by their items.
	Names []string
}

// Encode returns the matrix as package solve's problem: its items and
// options, in the same order.
func (m *Matrix) Encode() (*solve.Links, error) {
	p := solve.NewLinks(m.Primary, len(m.Items)-m.Primary)
	number := map[string]int{"": 0} // the colours, numbered as they come
	for k, o := range m.Options {
		var colors []int
		for j := 0; m.Colors != nil && j < len(o); j++ {
			if _, ok := number[m.Colors[k][j]]; !ok {
				number[m.Colors[k][j]] = len(number)
			}
			colors = append(colors, number[m.Colors[k][j]])
		}
		if _, err := p.AddColoredOption(o, colors); err != nil {
			return nil, err
		}
	}
	return p, nil
}

// Color returns the colour option k gives item it ("" for none).
func (m *Matrix) Color(k, it int) string {
	if m.Colors == nil {
		return ""
	}
	if j := slices.Index(m.Options[k], it); j >= 0 {
		return m.Colors[k][j]
	}
	return ""
}

// OptionText writes option k as Knuth writes options: its items' names,
// separated by spaces, each followed by its colour, if it has one (x:A).
func (m *Matrix) OptionText(k int) string {
	names := make([]string, len(m.Options[k]))
	for i, it := range m.Options[k] {
		names[i] = m.Items[it]
		if m.Colors != nil && m.Colors[k][i] != "" {
			names[i] += ":" + m.Colors[k][i]
		}
	}
	return strings.Join(names, " ")
}

// Check checks that the options sol (indices) are an exact cover of m:
// every primary item covered once, no secondary item twice but by options
// that give it the same colour.
func (m *Matrix) Check(sol []int) error {
	count, color := make([]int, len(m.Items)), make([]string, len(m.Items))
	for _, k := range sol {
		if k < 0 || k >= len(m.Options) {
			return fmt.Errorf("option %d is not one of the %d options", k, len(m.Options))
		}
		for _, it := range m.Options[k] {
			if c := m.Color(k, it); count[it] == 0 {
				count[it], color[it] = 1, c
			} else if c == "" || c != color[it] {
				count[it]++
			}
		}
	}
	for i, n := range count {
		switch {
		case n > 1:
			return fmt.Errorf("item %s is covered %d times, not by options of one colour", m.Items[i], n)
		case n == 0 && i < m.Primary:
			return fmt.Errorf("item %s is not covered", m.Items[i])
		}
	}
	return nil
}
