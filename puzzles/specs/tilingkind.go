package specs

import (
	"errors"
	"slices"
	"strings"

	"go.yaml.in/yaml/v4"

	"github.com/polytile/polytile/internal/plural"
	"github.com/polytile/polytile/puzzles"
	"github.com/polytile/polytile/puzzles/geom"
	"github.com/polytile/polytile/puzzles/tiling"
)

// specKeys are the keys a tiling spec may have, in the order its schema
// lists them.
var specKeys = []string{"title", "board", "pieces", "render", "lattice", "symmetry", "crossing", "empty", "kind"}

// tilingKind is the default kind: pieces that cover a board exactly. Its
// keys have forms that this package reads itself (KeyFormSpec), so its
// Read reads them through the parser behind the SpecReader this package
// gives it, and tilingSchema describes them.
var tilingKind = puzzles.Kind{
	Name:  puzzles.DefaultKind,
	About: tilingAbout,
	Keys: []puzzles.KindKey{
		{Name: "board", Form: puzzles.KeyFormSpec, Required: true, About: "the board: a picture, a size with holes, or layers of pictures"},
		{Name: "pieces", Form: puzzles.KeyFormSpec, Required: true, About: "the pieces: a built-in set, a mapping from name to picture, or a list of sets and pieces"},
		{Name: "lattice", Form: puzzles.KeyFormSpec, About: "the lattice of the board and every piece"},
		{Name: "symmetry", Form: puzzles.KeyFormSpec, About: "which isometries of the lattice make two solutions the same"},
		{Name: "crossing", Form: puzzles.KeyFormSpec, About: "whether pieces of the stick lattice may cross"},
		{Name: "empty", Form: puzzles.KeyFormSpec, About: "how many cells of the board a solution leaves uncovered, anywhere: N, LO..HI or any"},
	},
	Read: readTiling,
}

// readTiling reads a tiling spec through r, which must be this package's
// own reader: a board and pieces are read from the spec's YAML.
func readTiling(r puzzles.SpecReader) (puzzles.Problem, error) {
	kr, ok := r.(interface{ reader() *kindReader })
	if !ok {
		return nil, errors.New("specs: a tiling spec is read by package specs' own reader")
	}
	pz, err := kr.reader().tiling()
	if err != nil {
		return nil, err
	}
	return pz, nil
}

// tiling reads the board, pieces and rules of a tiling spec.
func (r *kindReader) tiling() (*tiling.Puzzle, error) {
	p, f := r.p, r.f
	if err := p.lattice(f); err != nil {
		return nil, err
	}
	sym, err := p.symmetry(f)
	if err != nil {
		return nil, err
	}
	crossing, err := p.crossing(f)
	if err != nil {
		return nil, err
	}
	for _, k := range []string{"board", "pieces"} {
		if _, ok := f[k]; !ok {
			return nil, p.errorf(r.root, "the spec has no %s; a spec needs a board and pieces", k)
		}
	}
	board, err := p.board(f["board"])
	if err != nil {
		return nil, err
	}
	pk := f["pieces"]
	pieces, err := p.pieces(pk.val)
	if err != nil {
		return nil, err
	}
	var empty geom.Piece // none
	if e, ok := f["empty"]; ok {
		if empty, err = p.copies(e.val, "empty", 0); err != nil {
			return nil, err
		}
	}
	all := pieces
	if empty.Count > 0 || empty.Any {
		all = append(slices.Clip(pieces), geom.Piece{Cells: board.Cells()[:1], Count: empty.Count, Spare: empty.Spare, Any: empty.Any})
	}
	if err := p.checkArea(f, board, all); err != nil {
		return nil, err
	}
	if err := p.checkSize(pk.key, board, pieces); err != nil {
		return nil, err
	}
	pz, err := tiling.NewWith(r.title, board, pieces, tiling.Options{Symmetry: sym, Crossing: crossing, Empty: empty})
	if err != nil {
		return nil, p.errorf(pk.key, "%s", reason(err))
	}
	return pz, nil
}

// lattice reads the spec's lattice, if it names one, into p.lat.
func (p *specParser) lattice(f map[string]field) error {
	l, ok := f["lattice"]
	if !ok {
		return nil
	}
	var names []string
	for _, l := range geom.Lattices() {
		names = append(names, l.Name())
	}
	want := strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
	name, err := p.text(l.val, "lattice", want)
	if err != nil {
		return err
	}
	if p.lat, ok = geom.LatticeByName(name); !ok {
		return p.errorf(l.val, "lattice is %q%s; want %s", name, meant(name, names), want)
	}
	p.latKey = l.key
	return nil
}

// symmetry reads the spec's symmetry key, SymmetryAll if it has none.
func (p *specParser) symmetry(f map[string]field) (tiling.Symmetry, error) {
	v, ok := f["symmetry"]
	if !ok {
		return tiling.SymmetryAll, nil
	}
	want := "all (rotations and reflections, the default), rotations or none"
	name, err := p.text(v.val, "symmetry", want)
	if err != nil {
		return 0, err
	}
	sym, err := tiling.ParseSymmetry(name)
	if err != nil {
		return 0, p.errorf(v.val, "symmetry is %q%s; want %s", name, meant(name, []string{"all", "rotations", "none"}), want)
	}
	return sym, nil
}

// crossingNames are the values of the crossing key, the default first.
var crossingNames = []string{"forbidden", "allowed"}

// crossingLattices names the lattices whose pieces may cross, joined by
// "or".
func crossingLattices() string {
	var names []string
	for _, l := range geom.Lattices() {
		if l.PiecesCross() {
			names = append(names, l.Name())
		}
	}
	return strings.Join(names, " or ")
}

// crossing reads the spec's crossing key, which a spec of a lattice whose
// pieces may cross (the stick and trig lattices) alone may have: whether
// pieces may cross (allowed) or not
// (forbidden, the default).
func (p *specParser) crossing(f map[string]field) (bool, error) {
	v, ok := f["crossing"]
	if !ok {
		return false, nil
	}
	if !p.lat.PiecesCross() {
		return false, p.errorf(v.key, "crossing is a rule of the lattices whose pieces are segments (lattice: %s); this spec's lattice is %s", crossingLattices(), p.lat.Name())
	}
	const want = "forbidden (two pieces may touch at a grid point but not cross there, the default) or allowed"
	name, err := p.text(v.val, "crossing", want)
	if err != nil {
		return false, err
	}
	if !slices.Contains(crossingNames, name) {
		return false, p.errorf(v.val, "crossing is %q%s; want %s", name, meant(name, crossingNames), want)
	}
	return name == "allowed", nil
}

// checkArea checks that the pieces cover as many cells as the board has,
// hinting at how pictures are read when the board is one.
func (p *specParser) checkArea(f map[string]field, board *geom.Board, pieces []geom.Piece) error {
	area, most, anyCount, unbounded := 0, 0, false, false
	for _, pc := range pieces {
		area += len(pc.Cells) * pc.Least()
		most += pc.Area()
		anyCount, unbounded = anyCount || !pc.Fixed(), unbounded || pc.Any
	}
	if anyCount && !unbounded && most < board.Len() {
		return p.errorf(f["pieces"].key, "the most copies of the pieces cover %s and the board has %d; they must be able to cover it", plural.Of(most, "cell"), board.Len())
	}
	if area == board.Len() || anyCount && area <= board.Len() {
		return nil
	}
	if anyCount {
		return p.errorf(f["pieces"].key, "the fewest copies of the pieces cover %s and the board has %d; they must fit, the other copies filling the rest", plural.Of(area, "cell"), board.Len())
	}
	hint := ""
	if f["board"].val.Kind == yaml.ScalarNode {
		hint = " (in the board's picture '.' is a cell to cover, ' ' and '#' are none; in a piece's, any character but a space is a cell)"
	}
	what := "the pieces"
	if pieces[len(pieces)-1].Name == "" {
		what = "the pieces and the empty cells" // the empty cells' piece, last (tiling)
	}
	return p.errorf(f["pieces"].key, "%s cover %s and the board has %d; the pieces' total area must equal the board's%s", what, plural.Of(area, "cell"), board.Len(), hint)
}

// checkSize checks that listing where the pieces fit on the board stays
// within maxPlacements placements and maxCellChecks cell checks; its
// errors are at key, the spec's pieces key.
func (p *specParser) checkSize(key *yaml.Node, board *geom.Board, pieces []geom.Piece) error {
	ways := 0
	for _, pc := range pieces {
		ways += len(pc.Orientations(board.Lattice())) * board.Len()
		if ways > maxPlacements {
			return p.errorf(key, "too large a puzzle: its pieces could lie on the board in more than %d ways; "+
				"use fewer kinds of piece or a smaller board", maxPlacements)
		}
	}
	checks := 0
	for _, pc := range pieces {
		checks += len(pc.Orientations(board.Lattice())) * board.Len() * len(pc.Cells)
		if checks > maxCellChecks {
			return p.errorf(key, "too large a puzzle: listing where its pieces fit would check more than %d cells; "+
				"use smaller pieces or a smaller board", maxCellChecks)
		}
	}
	return nil
}

// maxPlacements bounds the placements New may list: the pieces'
// orientations times the board's cells. It keeps a short spec, such as
// 4993 copies of each hexomino on a 210 × 4993 board, from taking
// gigabytes; the largest built-in puzzle comes to 5,670.
const maxPlacements = 1 << 22

// reason returns what an error of package geom or tiling says, without
// the package's name, to be placed in the spec's file: the Reason of
// their typed errors (*geom.Error, *geom.PictureError, *tiling.Error).
func reason(err error) string {
	if r := reasoner(nil); errors.As(err, &r) {
		return r.Reason()
	}
	return err.Error()
}

// reasoner is an error that says what is wrong without a package's name.
type reasoner interface {
	error
	Reason() string
}
