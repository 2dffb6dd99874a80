package specs

import (
	"fmt"

	"go.yaml.in/yaml/v4"

	"github.com/polytile/polytile/puzzles"
	"github.com/polytile/polytile/puzzles/geom"
)

// kindReader is the puzzles.SpecReader that a registered kind reads its
// spec through: the spec's fields, read by the parser's own helpers, so
// that every kind's errors are placed and worded alike.
type kindReader struct {
	p     *specParser
	root  *yaml.Node
	kind  string
	title string // the spec's title, read before its kind's keys
	f     map[string]field
}

// reader returns r: the tiling's Read reads the spec's YAML through it.
func (r *kindReader) reader() *kindReader { return r }

var _ puzzles.SpecReader = (*kindReader)(nil)

func (r *kindReader) Has(key string) bool {
	_, ok := r.f[key]
	return ok
}

func (r *kindReader) Need(key, example string) error {
	if r.Has(key) {
		return nil
	}
	return r.p.errorf(r.root, "a %s spec needs %s, such as %s", r.kind, key, example)
}

func (r *kindReader) Int(key string, lo, hi int, want string) (int, error) {
	if err := r.Need(key, want); err != nil {
		return 0, err
	}
	return r.p.integer(r.f[key].val, key, lo, hi, want)
}

func (r *kindReader) Bool(key string) (bool, error) {
	if !r.Has(key) {
		return false, nil
	}
	return r.p.boolean(r.f[key].val, key)
}

func (r *kindReader) Picture(key, what, want string) (string, error) {
	if err := r.Need(key, want); err != nil {
		return "", err
	}
	f := r.f[key]
	return r.p.picture(f.key, f.val, what, what, want)
}

func (r *kindReader) Names(key string) ([]string, error) {
	if !r.Has(key) {
		return nil, nil
	}
	return r.p.names(r.f[key].val, key, true)
}

func (r *kindReader) NamesList(key, entry, want string) ([][]string, error) {
	if !r.Has(key) {
		return nil, nil
	}
	n := r.f[key].val
	if n.Kind != yaml.SequenceNode {
		return nil, r.p.errorf(n, "%s is %s; want %s", key, describe(n), want)
	}
	var out [][]string
	for _, e := range n.Content {
		names, err := r.p.names(e, entry, false)
		if err != nil {
			return nil, err
		}
		out = append(out, names)
	}
	return out, nil
}

func (r *kindReader) Cells(key string, rows, cols int) ([][2]int, error) {
	if !r.Has(key) {
		return nil, nil
	}
	lat := r.p.lat
	r.p.lat = geom.Square
	defer func() { r.p.lat = lat }()
	cells, err := r.p.holes(r.f[key].val, rows, cols)
	if err != nil {
		return nil, err
	}
	out := make([][2]int, len(cells))
	for i, c := range cells {
		out[i] = [2]int{c.Row, c.Col}
	}
	return out, nil
}

func (r *kindReader) Errorf(key string, i int, format string, args ...any) error {
	at := r.root
	if f, ok := r.f[key]; ok {
		at = f.val
		if i >= 0 && at.Kind == yaml.SequenceNode && i < len(at.Content) {
			at = at.Content[i]
		}
	}
	return r.p.errorf(at, "%s", fmt.Sprintf(format, args...))
}

func (r *kindReader) PictureError(key string, line, col int, msg string) error {
	at := r.root
	if f, ok := r.f[key]; ok {
		at = f.val
	}
	return r.p.pictureError(at, &geom.PictureError{Line: line, Col: col, Msg: msg})
}
