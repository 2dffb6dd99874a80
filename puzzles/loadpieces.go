package puzzles

import (
	"cmp"
	"fmt"
	"strings"
)

// LoadPieces returns the pieces of the built-in set name (see PieceSet)
// and their lattice, or else those of the spec that LoadSpec loads by that
// name, with the spec.
func LoadPieces(name string) ([]Piece, Lattice, *Spec, error) {
	if pieces, err := PieceSet(name); err == nil {
		return pieces, PieceSetLattice(name), nil, nil
	}
	spec, err := LoadSpec(name)
	if err != nil {
		return nil, nil, nil, fmt.Errorf("%q is not a piece set (%s), and as a spec: %w", name, strings.Join(PieceSetNames(), ", "), err)
	}
	if spec.Puzzle == nil {
		return nil, nil, nil, fmt.Errorf("%s is a %s puzzle, which has no pieces", name, spec.Kind())
	}
	return spec.Puzzle.Pieces(), spec.Puzzle.Board().Lattice(), spec, nil
}

// PiecesAbout says in a line what pieces LoadPieces loaded by name: the
// built-in set's description, or, for those of a spec, whose they are.
func PiecesAbout(name string, spec *Spec) string {
	if spec != nil {
		return "the pieces of " + cmp.Or(spec.Title, spec.Name)
	}
	return name + ": " + PieceSetAbout(name)
}
