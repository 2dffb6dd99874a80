package specs

import (
	"embed"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"
	"sync"

	"github.com/polytile/polytile/puzzles/geom"
)

// The built-in puzzles are specs in library/, one file each, named by the
// file's name without .yaml.
//
//go:embed library/*.yaml
var library embed.FS

// BuiltinInfo describes a built-in puzzle.
type BuiltinInfo struct {
	Name   string // the name Builtin and Load know it by
	Kind   string // the kind of puzzle (Kinds)
	Title  string // the spec's title
	Cells  int    // the number of board cells
	Pieces int    // the number of pieces a solution puts down, copies included
	Size   string // the board's rows × cols of squares, such as "8×8", layers × rows × cols of cubes, or its cells ("triangles", "hexagons")
}

// builtinNames returns the names of the built-in puzzles, sorted.
var builtinNames = sync.OnceValue(func() []string {
	entries, err := fs.ReadDir(library, "library")
	if err != nil {
		panic("specs: built-in library: " + err.Error())
	}
	var names []string
	for _, e := range entries {
		if name, ok := strings.CutSuffix(e.Name(), ".yaml"); ok {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	return names
})

// builtins describes every built-in puzzle, parsing each once.
var builtins = sync.OnceValue(func() []BuiltinInfo {
	var out []BuiltinInfo
	for _, name := range builtinNames() {
		s, err := Builtin(name)
		if err != nil {
			panic(err.Error()) // a broken embedded spec is a programmer's mistake
		}
		t, ok := s.Problem.(tiled)
		if !ok {
			out = append(out, BuiltinInfo{Name: name, Kind: s.Kind(), Title: s.Title})
			continue
		}
		b := t.Board()
		out = append(out, BuiltinInfo{
			Name:   name,
			Kind:   s.Kind(),
			Title:  s.Title,
			Cells:  b.Len(),
			Pieces: t.PieceInstances(),
			Size:   boardSize(b),
		})
	}
	return out
})

// tiled is a Problem with a board and pieces to place on it: a tiling.
type tiled interface {
	Board() *geom.Board
	Pieces() []geom.Piece
	PieceInstances() int
}

// boardSize says how large b is as people say it: rows × columns of
// squares, layers × rows × columns of cubes, rows × columns of a grid's
// squares for sticks, or, on the other lattices,
// whose pictures are sheared, what its cells are (the title says its
// shape).
func boardSize(b *geom.Board) string { return b.Lattice().BoardSize(b) }

// BuiltinNames returns the names of the built-in puzzles, sorted, without
// parsing them.
func BuiltinNames() []string { return slices.Clone(builtinNames()) }

// Builtins describes the built-in puzzles, sorted by name.
func Builtins() []BuiltinInfo { return slices.Clone(builtins()) }

// Builtin returns the built-in puzzle of that name, parsed afresh: the
// caller may modify the Spec.
func Builtin(name string) (*Spec, error) {
	if !slices.Contains(builtinNames(), name) {
		return nil, fmt.Errorf("specs: no built-in puzzle %q; built-in puzzles are %s", name, strings.Join(builtinNames(), ", "))
	}
	data, err := library.ReadFile(path.Join("library", name+".yaml"))
	if err != nil {
		return nil, fmt.Errorf("specs: built-in puzzle %s: %w", name, err)
	}
	return Parse(name, data)
}
