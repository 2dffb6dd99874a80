package specs

import (
	"cmp"
	"context"
	"errors"
	"fmt"

	"github.com/polytile/polytile/internal/interrupt"
	"github.com/polytile/polytile/internal/suggest"
	"github.com/polytile/polytile/puzzles/geom"
)

// LoadPieces returns the pieces of the built-in set name (see PieceSet)
// and their lattice, or else those of the spec that Load loads by that
// name, with the spec.
func LoadPieces(name string) ([]geom.Piece, geom.Lattice, *Spec, error) {
	if pieces, err := geom.PieceSet(name); err == nil {
		return pieces, geom.PieceSetLattice(name), nil, nil
	}
	spec, err := Load(name)
	if nf := (*NotFoundError)(nil); errors.As(err, &nf) {
		all := append(geom.PieceSetNames(), nf.Builtins...)
		return nil, nil, nil, &NotFoundError{Name: name, Builtins: all, Sets: true, Like: suggest.Closest(name, all)}
	}
	if err != nil {
		return nil, nil, nil, err
	}
	t, ok := spec.Problem.(tiled)
	if !ok {
		return nil, nil, nil, fmt.Errorf("%s is a %s puzzle, which has no pieces", name, spec.Kind())
	}
	return t.Pieces(), t.Board().Lattice(), spec, nil
}

// PiecesAbout says in a line what pieces LoadPieces loaded by name: the
// built-in set's description, or, for those of a spec, whose they are.
func PiecesAbout(name string, spec *Spec) string {
	if spec != nil {
		return "the pieces of " + cmp.Or(spec.Title, spec.Name)
	}
	return name + ": " + geom.PieceSetAbout(name)
}

// Pieces are the pieces LoadPieces loads, with their lattice and the spec
// they come from (nil for a built-in set).
type Pieces struct {
	Pieces  []geom.Piece
	Lattice geom.Lattice
	Spec    *Spec
}

// LoadPiecesContext is LoadPieces, given up as LoadContext is when ctx
// ends.
func LoadPiecesContext(ctx context.Context, name string) (*Pieces, error) {
	return interrupt.Do(ctx, func() (*Pieces, error) {
		pieces, lat, spec, err := LoadPieces(name)
		if err != nil {
			return nil, err
		}
		return &Pieces{pieces, lat, spec}, nil
	})
}
