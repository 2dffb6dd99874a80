package mesh

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"slices"

	"github.com/polytile/polytile/gallery"
	"github.com/polytile/polytile/internal/safefile"
	"github.com/polytile/polytile/palettes"
	"github.com/polytile/polytile/puzzles"
	"github.com/polytile/polytile/puzzles/geom"
	"github.com/polytile/polytile/puzzles/specs"
)

// ErrFlat is the error of printing pieces of a lattice of the plane other
// than as tiles of squares, or a solution of one.
var ErrFlat = errors.New("mesh: pieces to print are solids, of the cube lattice (lattice: cube), or tiles of squares (the square lattice's pieces)")

// DefaultThickness is the thickness of a printed tile, in millimetres,
// when the render settings give none.
const DefaultThickness = 5

// ThickSolidError is the error of a thickness given for solids: their
// height is their cubes'.
type ThickSolidError struct{}

func (*ThickSolidError) Error() string {
	return "solids print as high as their cubes; a thickness is for tiles, the pieces of a flat set of squares such as pentominoes"
}

// inSpace reports whether lat's cells are cubes of space, which print as
// solids: whether they have three coordinates.
func inSpace(lat geom.Lattice) bool { return lat.Layered() }

// printable reports whether lat's pieces print, and whether as tiles: the
// square lattice's, which lie flat on the cube's (geom.Lattice.Lay).
func printable(lat geom.Lattice) (ok, tiles bool) {
	if inSpace(lat) {
		return true, false
	}
	_, ok = geom.Cube.Lay(lat, nil)
	return ok, ok
}

// PieceSolids returns the pieces of a set of the cube lattice as solids,
// one of each copy; those of a plane lattice are ErrFlat.
func PieceSolids(lat geom.Lattice, pieces []geom.Piece) ([]Solid, error) {
	if !inSpace(lat) {
		return nil, ErrFlat
	}
	var out []Solid
	for _, p := range pieces {
		for k := range p.Count {
			name := p.Name
			if p.Count > 1 {
				name = fmt.Sprintf("%s (%d of %d)", p.Name, k+1, p.Count)
			}
			out = append(out, Solid{Name: name, Piece: p.Name, Cells: p.Cells})
		}
	}
	return out, nil
}

// SolutionSolids returns the pieces of the nth distinct solution (from 1)
// of a tiling of the cube lattice as solids, where the solution puts them,
// searching with ctx; of a tiling of squares, its pieces as one layer of
// cubes. No nth solution is a *gallery.NoSolutionError; a problem that is
// no such tiling, ErrFlat.
func SolutionSolids(ctx context.Context, p puzzles.Problem, nth int) ([]Solid, error) {
	t, ok := p.(gallery.TiledProblem)
	if ok {
		ok, _ = printable(t.Board().Lattice())
	}
	if !ok {
		return nil, ErrFlat
	}
	sols, found, err := puzzles.Choose(ctx, p, puzzles.Pick{Nth: nth})
	if cause := context.Cause(ctx); cause != nil {
		return nil, &gallery.StoppedError{Found: found, Err: cause}
	}
	if err != nil {
		return nil, err
	}
	if len(sols) == 0 {
		return nil, &gallery.NoSolutionError{Nth: nth, Total: found}
	}
	s, ok := sols[0].(gallery.Tiled)
	if !ok {
		return nil, ErrFlat
	}
	return solidsOf(s), nil
}

// solidsOf returns the pieces s puts down as solids, by piece and then by
// their first cell, each with its cells in the board's order.
func solidsOf(s gallery.Tiled) []Solid {
	out, piece := make([]Solid, s.Pieces()), make([]int, s.Pieces())
	names := s.PieceNames()
	for i, c := range s.Board().Cells() {
		p, inst := s.At(i)
		if inst < 0 {
			continue // an empty cell
		}
		piece[inst] = p
		out[inst].Name, out[inst].Piece = names[p], names[p]
		out[inst].Cells = append(out[inst].Cells, c)
	}
	order := make([]int, len(out))
	for i := range order {
		order[i] = i
	}
	// The instances are numbered in the order of their first cells.
	slices.SortStableFunc(order, func(a, b int) int { return piece[a] - piece[b] })
	sorted := make([]Solid, len(out))
	for i, inst := range order {
		sorted[i] = out[inst]
	}
	return slices.DeleteFunc(sorted, func(s Solid) bool { return len(s.Cells) == 0 }) // the empty cells' numbers
}

// mm is the length of a CSS pixel in millimetres.
const mm = 25.4 / 96

// DefaultClearance is the clearance, in millimetres, that OptionsOf gives
// when r sets none: what common printers need for pieces to slide
// together.
const DefaultClearance = 0.15

// OptionsOf returns the options that a spec's render settings r give
// (the cube's edge, cell, and the clearance, DefaultClearance if r sets
// none), and colours the solids as
// r's palette and piece colours colour their pieces, copies alike
// (gallery.NewOptions). A bad value is an error that names its key
// (specs.RenderOption.Fail).
func OptionsOf(r *specs.RenderOptions, solids []Solid, apart, tiles bool) (*Options, error) {
	if r == nil {
		r = &specs.RenderOptions{}
	}
	o := &Options{Cell: r.Cell.Value.Px() * mm, Clearance: DefaultClearance, Apart: apart}
	if r.Clearance.Set {
		o.Clearance = r.Clearance.Value.Px() * mm
	}
	if err := o.bedAndThickness(r, tiles); err != nil {
		return nil, err
	}
	if r.Cell.Set && !(o.Cell > 0 && o.Cell <= 1000) {
		return nil, r.Cell.Fail("cell", fmt.Errorf("%v: want a length more than 0, at most 1 m", r.Cell.Value))
	}
	cell := o.Cell
	if cell == 0 {
		cell = DefaultCell
	}
	if r.Clearance.Set && !(o.Clearance >= 0 && o.Clearance < cell/2) {
		return nil, r.Clearance.Fail("clearance", fmt.Errorf("%v: want 0 or more, less than half a cube's edge (%g mm)", r.Clearance.Value, cell/2))
	}
	names := make([]string, len(solids))
	for i, s := range solids {
		names[i] = s.Piece
	}
	distinct, _ := palettes.DistinctNames(names)
	g, err := gallery.NewOptions(r, len(distinct))
	if err != nil {
		return nil, err
	}
	for i, c := range g.Palette.WithSets(geom.PieceSetOrders()).PieceColors(names) {
		solids[i].Color = c
	}
	return o, nil
}

// bedAndThickness sets o's bed and, for tiles, their thickness, as r
// says; a thickness for solids is a *ThickSolidError at its key.
func (o *Options) bedAndThickness(r *specs.RenderOptions, tiles bool) error {
	if r.Bed.Set {
		w, d, err := specs.ParseBed(r.Bed.Value)
		if err == nil && (w.Px()*mm > 10000 || d.Px()*mm > 10000) {
			err = fmt.Errorf("%q: want a bed of at most 10 m a side", r.Bed.Value)
		}
		if err != nil {
			return r.Bed.Fail("bed", err)
		}
		o.Bed = [2]float64{w.Px() * mm, d.Px() * mm}
	}
	switch {
	case r.Thickness.Set && !tiles:
		return r.Thickness.Fail("thickness", &ThickSolidError{})
	case r.Thickness.Set:
		o.Thickness = r.Thickness.Value.Px() * mm
		if o.Thickness > 1000 {
			return r.Thickness.Fail("thickness", fmt.Errorf("%v: want a length more than 0, at most 1 m", r.Thickness.Value))
		}
	case tiles:
		o.Thickness = DefaultThickness
	}
	return nil
}

// printKeys are the render keys that pieces to print use: their size,
// their colours, the bed and a tile's thickness (OptionsOf).
var printKeys = []string{"cell", "clearance", "palette", "color", "bed", "thickness"}

// CheckKeys returns an error, a *specs.RenderKeyError wrapping a
// *gallery.UnusedKeyError, for the first render key r sets, other than in
// a spec (whose keys are for its pictures too), that pieces to print do
// not use: the names on pieces, grid lines, a title and the other keys of
// pictures.
func CheckKeys(r *specs.RenderOptions) error {
	for _, key := range r.Given() {
		if !slices.Contains(printKeys, key) && !r.FromSpec(key) {
			return r.Fail(key, &gallery.UnusedKeyError{Key: key, Figure: "pieces to print (.stl, .3mf)",
				Why: "are solids or tiles, sized by cell, clearance and thickness, packed on a bed and coloured by palette and color"})
		}
	}
	return nil
}

// WriteFile builds the solids' meshes with opt, packs them on plates of
// its bed (Plates), and writes each plate to its file in format f
// (PlatePath: path, then FILE-2.EXT, FILE-3.EXT…), each through a
// temporary file renamed when it is whole. It returns the number of
// plates.
func WriteFile(path string, f Format, solids []Solid, opt *Options) (int, error) {
	meshes, err := Build(solids, opt)
	if err != nil {
		return 0, err
	}
	plates, err := Plates(meshes, opt)
	if err != nil {
		return 0, err
	}
	for k, p := range plates {
		if err := safefile.WriteFile(PlatePath(path, k+1), func(w io.Writer) error { return Write(w, f, p) }); err != nil {
			return k, err
		}
	}
	return len(plates), nil
}

// OneSolutionError is the error of printing a puzzle's solutions without
// saying which: pieces to print are those of one solution.
type OneSolutionError struct{}

func (*OneSolutionError) Error() string {
	return "mesh: pieces to print are those of one solution: choose which"
}

// PrintPieces writes the pieces of a set of the cube lattice to path in
// format f, packed on plates of the bed (WriteFile, Plates), sized and
// coloured as r says (OptionsOf); the pieces of a set of squares print as
// tiles, prisms of r's thickness (DefaultThickness if none). It returns
// what it wrote: path, or path and the files of more plates beside it.
func PrintPieces(path string, f Format, lat geom.Lattice, pieces []geom.Piece, r *specs.RenderOptions) (string, error) {
	_, tiles := printable(lat)
	if tiles {
		// The square lattice's pieces, which lie flat on the cube's.
		pieces, _ = geom.Cube.Lay(lat, pieces)
		lat = geom.Cube
	}
	solids, err := PieceSolids(lat, pieces)
	if err != nil {
		return "", err
	}
	n, err := printSolids(path, f, solids, r, true, tiles)
	if err != nil || n == 1 {
		return path, err
	}
	more := filepath.Base(PlatePath(path, 2))
	if n > 2 {
		more += " to " + filepath.Base(PlatePath(path, n))
	}
	return fmt.Sprintf("%s and %s beside it, %d plates of the bed", path, more, n), nil
}

// PiecesTo returns a function that prints pieces with PrintPieces, to
// path in format f, as its render settings say.
func PiecesTo(path string, f Format, lat geom.Lattice, pieces []geom.Piece) func(*specs.RenderOptions) (string, error) {
	return func(r *specs.RenderOptions) (string, error) { return PrintPieces(path, f, lat, pieces, r) }
}

// PrintSolution writes the pieces of the nth distinct solution (from 1;
// 0 is a *OneSolutionError) of the tiling p of the cube lattice (or tiles
// of one of squares) to path in format f, assembled, sized and coloured as
// r says (OptionsOf), on
// one plate of the bed (a *TooLargeError if it does not fit),
// searching with ctx (SolutionSolids).
func PrintSolution(ctx context.Context, path string, f Format, p puzzles.Problem, nth int, r *specs.RenderOptions) error {
	t, ok := p.(gallery.TiledProblem)
	tiles := false
	if ok {
		ok, tiles = printable(t.Board().Lattice())
	}
	if !ok {
		return ErrFlat
	}
	if nth <= 0 {
		return &OneSolutionError{}
	}
	solids, err := SolutionSolids(ctx, p, nth)
	if err != nil {
		return err
	}
	_, err = printSolids(path, f, solids, r, false, tiles)
	return err
}

// printSolids writes solids to path in format f, sized and coloured as r says,
// apart or not, tiles or solids (OptionsOf, WriteFile).
func printSolids(path string, f Format, solids []Solid, r *specs.RenderOptions, apart, tiles bool) (int, error) {
	opt, err := OptionsOf(r, solids, apart, tiles)
	if err != nil {
		return 0, err
	}
	return WriteFile(path, f, solids, opt)
}
