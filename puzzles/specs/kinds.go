package specs

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"

	"go.yaml.in/yaml/v4"

	"github.com/polytile/polytile/puzzles"
	"github.com/polytile/polytile/puzzles/matrix"
)

// kinds are the kinds of puzzle besides tilings (the default, which this
// package reads itself) that a spec's kind key may name: the registry of
// kinds. A new kind gives its puzzles.Kind in its own package and a line
// here.
var kinds = []puzzles.Kind{
	matrix.SudokuKind,
	matrix.QueensKind,
	matrix.ExactCoverKind,
}

// Kinds returns the kinds of puzzle a spec's kind key may name: tiling
// (the default: a board and pieces), then the registered kinds: sudoku
// (grid, diagonals), queens (n, holes) and exact-cover (items, secondary,
// options).
func Kinds() []string {
	names := []string{puzzles.DefaultKind}
	for _, k := range kinds {
		names = append(names, k.Name)
	}
	return names
}

// kindNamed returns the registered kind named name.
func kindNamed(name string) (puzzles.Kind, bool) {
	for _, k := range kinds {
		if k.Name == name {
			return k, true
		}
	}
	return puzzles.Kind{}, false
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

// kindSpec reads a spec of a registered kind: its title and render keys
// here, the rest by the kind's Read.
func (p *specParser) kindSpec(root *yaml.Node, k puzzles.Kind) (*Spec, error) {
	valid := []string{"title", "kind"}
	for _, key := range k.Keys {
		valid = append(valid, key.Name)
	}
	f, err := p.fields(root, "a "+k.Name+" spec", append(valid, "render"))
	if err != nil {
		return nil, err
	}
	s := &Spec{Name: p.name}
	if s.Title, err = p.title(f); err != nil {
		return nil, err
	}
	if s.Problem, err = k.Read(&kindReader{p: p, root: root, kind: k.Name, f: f}); err != nil {
		return nil, err
	}
	if r, ok := f["render"]; ok {
		if s.Render, err = p.render(r.val); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// names reads a list of names, or one string of names separated by
// spaces, as Knuth writes items and options. An empty list, an empty
// string or no value is no names when empty is true, and an error
// otherwise.
func (p *specParser) names(n *yaml.Node, what string, empty bool) ([]string, error) {
	want := fmt.Sprintf("%s: a list of names, or names separated by spaces", what)
	var out []string
	switch n.Kind {
	case yaml.ScalarNode:
		out = strings.Fields(n.Value)
	case yaml.SequenceNode:
		for _, v := range n.Content {
			if v.Kind != yaml.ScalarNode || strings.ContainsAny(v.Value, " \t") || v.Value == "" {
				return nil, p.errorf(v, "a name in %s is %s; want a name without spaces", what, describe(v))
			}
			out = append(out, v.Value)
		}
	default:
		return nil, p.errorf(n, "%s is %s; want %s", what, describe(n), want)
	}
	if len(out) == 0 && !empty {
		return nil, p.errorf(n, "%s is empty; want %s", what, want)
	}
	return out, nil
}

// MaxDLXSize is the most bytes a file in Knuth's DLX format may have:
// 4 MiB, a matrix of about a hundred thousand options, which the search
// holds in a few hundred megabytes.
const MaxDLXSize = 4 << 20

// loadDLX loads a matrix in the text format of Knuth's DLX programs as a
// spec of kind exact-cover, refusing a file larger than MaxDLXSize
// without reading more of it.
func loadDLX(path string) (*Spec, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("specs: %w", err)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxDLXSize+1))
	if err != nil {
		return nil, fmt.Errorf("specs: %w", err)
	}
	if len(data) > MaxDLXSize {
		return nil, fmt.Errorf("specs: %s is larger than %d MiB, the most a .dlx file may have", path, MaxDLXSize>>20)
	}
	return ParseDLX(path, data)
}

// ParseDLX parses a matrix in the text format of Knuth's DLX programs as
// a spec of kind exact-cover; name, its file path, names it in errors. The
// spec's Source is data, so that saved results carry the matrix.
func ParseDLX(name string, data []byte) (*Spec, error) {
	if len(data) > MaxDLXSize {
		return nil, fmt.Errorf("specs: %s is larger than %d MiB, the most a .dlx file may have", name, MaxDLXSize>>20)
	}
	m, err := matrix.ParseDLX(name, bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("specs: %w", err)
	}
	return &Spec{Name: name, Problem: matrix.NewPuzzle(&matrix.Plain{M: m}), Source: string(data)}, nil
}

// IsDLX reports whether name names a file in Knuth's DLX format, by its
// extension, as Load reads it.
func IsDLX(name string) bool { return strings.HasSuffix(name, ".dlx") }
