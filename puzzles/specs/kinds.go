package specs

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"go.yaml.in/yaml/v4"

	"github.com/polytile/polytile/puzzles"
	"github.com/polytile/polytile/puzzles/matrix"
)

// kinds are the kinds of puzzle a spec's kind key may name: the registry
// of kinds, the default (a tiling, read when a spec has no kind key)
// first. A new kind gives its puzzles.Kind in its own package and a line
// here.
var kinds = []puzzles.Kind{
	tilingKind,
	matrix.SudokuKind,
	matrix.QueensKind,
	matrix.ExactCoverKind,
}

// Kinds returns the kinds of puzzle a spec's kind key may name: tiling
// (the default: a board and pieces), sudoku (grid, diagonals), queens
// (n, holes) and exact-cover (items, secondary, options).
func Kinds() []string {
	var names []string
	for _, k := range kinds {
		names = append(names, k.Name)
	}
	return names
}

// keyedKinds returns the registered kinds whose keys SpecReader's methods
// read, each of a form KindKey names: all but those, such as the tiling,
// whose keys this package reads itself (KeyFormSpec).
func keyedKinds() []puzzles.Kind {
	var out []puzzles.Kind
	for _, k := range kinds {
		if !slices.ContainsFunc(k.Keys, func(key puzzles.KindKey) bool { return key.Form == puzzles.KeyFormSpec }) {
			out = append(out, k)
		}
	}
	return out
}

// kindOf returns the kind root's kind key names, and the key's value (the
// default kind and nil without one).
func (p *specParser) kindOf(root *yaml.Node) (puzzles.Kind, *yaml.Node, error) {
	for i := 0; i+1 < len(root.Content); i += 2 {
		if k := root.Content[i]; k.Kind == yaml.ScalarNode && k.Value == "kind" {
			v := root.Content[i+1]
			want := strings.Join(Kinds(), ", ")
			name, err := p.text(v, "kind", want)
			if err != nil {
				return puzzles.Kind{}, nil, err
			}
			for _, k := range kinds {
				if k.Name == name {
					return k, v, nil
				}
			}
			return puzzles.Kind{}, nil, p.errorf(v, "kind is %q; want %s", name, want)
		}
	}
	return kinds[0], nil, nil
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
