package specs

import (
	"errors"
	"fmt"
	"os"
	"strings"

	"go.yaml.in/yaml/v4"

	"github.com/polytile/polytile/puzzles"
	"github.com/polytile/polytile/puzzles/geom"
	"github.com/polytile/polytile/puzzles/matrix"
)

// Kinds returns the kinds of puzzle a spec's kind key may name: tiling (the
// default: a board and pieces), and the kinds of package matrix: sudoku (grid, diagonals), queens (n, holes) and exact-cover
// (items, secondary, options).
func Kinds() []string { return []string{"tiling", "sudoku", "queens", "exact-cover"} }

// kindKeys are the keys a spec of each kind other than tiling may have.
var kindKeys = map[string][]string{
	"sudoku":      {"title", "kind", "grid", "diagonals", "render"},
	"queens":      {"title", "kind", "n", "holes", "render"},
	"exact-cover": {"title", "kind", "items", "secondary", "options", "render"},
}

// kindOf returns the value of root's kind key, and its node ("tiling" and
// nil without one).
func (p *specParser) kindOf(root *yaml.Node) (string, *yaml.Node, error) {
	for i := 0; i+1 < len(root.Content); i += 2 {
		if k := root.Content[i]; k.Kind == yaml.ScalarNode && k.Value == "kind" {
			v := root.Content[i+1]
			want := strings.Join(Kinds(), ", ")
			kind, err := p.text(v, "kind", want)
			if err != nil {
				return "", nil, err
			}
			for _, k := range Kinds() {
				if k == kind {
					return kind, v, nil
				}
			}
			return "", nil, p.errorf(v, "kind is %q; want %s", kind, want)
		}
	}
	return "tiling", nil, nil
}

// coverSpec reads a spec of a kind of package matrix.
func (p *specParser) coverSpec(root *yaml.Node, kind string) (*Spec, error) {
	f, err := p.fields(root, "a "+kind+" spec", kindKeys[kind])
	if err != nil {
		return nil, err
	}
	s := &Spec{Name: p.name}
	var mp matrix.Problem
	if t, ok := f["title"]; ok {
		if s.Title, err = p.text(t.val, "title", "a string"); err != nil {
			return nil, err
		}
		s.Title = strings.TrimSpace(s.Title)
	}
	need := func(key, example string) (field, error) {
		v, ok := f[key]
		if !ok {
			return v, p.errorf(root, "a %s spec needs %s, such as %s", kind, key, example)
		}
		return v, nil
	}
	switch kind {
	case "sudoku":
		g, err := need("grid", "grid: | and rows of digits, '.' for a blank")
		if err != nil {
			return nil, err
		}
		pic, err := p.picture(g.key, g.val, "the grid", "the grid", "rows of digits (then letters), '.' or '0' for a blank")
		if err != nil {
			return nil, err
		}
		diag := false
		if d, ok := f["diagonals"]; ok {
			if diag, err = p.boolean(d.val, "diagonals"); err != nil {
				return nil, err
			}
		}
		sd, err := matrix.ParseSudoku(pic, diag)
		var se *matrix.SudokuError
		if errors.As(err, &se) {
			return nil, p.pictureError(g.val, &geom.PictureError{Line: se.Line, Col: se.Col, Msg: se.Msg})
		}
		mp = sd
	case "queens":
		nf, err := need("n", "n: 8")
		if err != nil {
			return nil, err
		}
		n, err := p.integer(nf.val, "n", 1, 64, "a whole number from 1 to 64")
		if err != nil {
			return nil, err
		}
		var holes [][2]int
		if h, ok := f["holes"]; ok {
			cells, err := p.holes(h.val, n, n)
			if err != nil {
				return nil, err
			}
			for _, c := range cells {
				holes = append(holes, [2]int{c.Row, c.Col})
			}
		}
		if mp, err = matrix.NewQueens(n, holes); err != nil {
			return nil, p.errorf(nf.val, "%v", err)
		}
	case "exact-cover":
		it, err := need("items", "items: [A, B, C]")
		if err != nil {
			return nil, err
		}
		primary, err := p.names(it.val, "items")
		if err != nil {
			return nil, err
		}
		var secondary []string
		if sf, ok := f["secondary"]; ok {
			if secondary, err = p.names(sf.val, "secondary"); err != nil {
				return nil, err
			}
		}
		of, err := need("options", `options: ["A D", "B C"]`)
		if err != nil {
			return nil, err
		}
		if of.val.Kind != yaml.SequenceNode {
			return nil, p.errorf(of.val, "options is %s; want a list of options, each its items' names: [\"A D\", \"B C\"]", describe(of.val))
		}
		var options [][]string
		for _, o := range of.val.Content {
			names, err := p.names(o, "an option")
			if err != nil {
				return nil, err
			}
			options = append(options, names)
		}
		m, err := puzzles.NewMatrix(primary, secondary, options)
		if err != nil {
			at := of.val
			var k int
			if _, serr := fmt.Sscanf(err.Error(), "option %d", &k); serr == nil && k >= 1 && k <= len(of.val.Content) {
				at = of.val.Content[k-1]
			}
			return nil, p.errorf(at, "%v", err)
		}
		mp = &matrix.Plain{M: m}
	}
	s.Problem = matrix.NewPuzzle(mp)
	if r, ok := f["render"]; ok {
		if s.Render, err = p.render(r.val); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// names reads a list of names, or one string of names separated by
// spaces, as Knuth writes items and options.
func (p *specParser) names(n *yaml.Node, what string) ([]string, error) {
	want := fmt.Sprintf("%s: a list of names, or names separated by spaces", what)
	switch n.Kind {
	case yaml.ScalarNode:
		names := strings.Fields(n.Value)
		if len(names) == 0 {
			return nil, p.errorf(n, "%s is empty; want %s", what, want)
		}
		return names, nil
	case yaml.SequenceNode:
		var out []string
		for _, v := range n.Content {
			if v.Kind != yaml.ScalarNode || strings.ContainsAny(v.Value, " \t") || v.Value == "" {
				return nil, p.errorf(v, "a name in %s is %s; want a name without spaces", what, describe(v))
			}
			out = append(out, v.Value)
		}
		if len(out) == 0 {
			return nil, p.errorf(n, "%s is empty; want %s", what, want)
		}
		return out, nil
	}
	return nil, p.errorf(n, "%s is %s; want %s", what, describe(n), want)
}

// loadDLX loads a matrix in the text format of Knuth's DLX programs as a
// spec of kind exact-cover.
func loadDLX(path string) (*Spec, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("puzzles: %w", err)
	}
	defer f.Close()
	m, err := matrix.ParseDLX(path, f)
	if err != nil {
		return nil, fmt.Errorf("puzzles: %w", err)
	}
	return &Spec{Name: path, Problem: matrix.NewPuzzle(&matrix.Plain{M: m})}, nil
}
