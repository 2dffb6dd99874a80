package specs

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"github.com/polytile/polytile/puzzles/geom"
	"go.yaml.in/yaml/v4"
)

// pieces reads the pieces: a set name, a list of entries, or a mapping
// from name to picture.
func (p *specParser) pieces(n *yaml.Node) ([]geom.Piece, error) {
	pl := pieceList{p: p, first: map[string]*yaml.Node{}}
	switch n.Kind {
	case yaml.SequenceNode:
		if len(n.Content) == 0 {
			return nil, p.errorf(n, "pieces is an empty list; want at least one entry")
		}
		for _, e := range n.Content {
			if err := pl.entry(e); err != nil {
				return nil, err
			}
		}
	case yaml.MappingNode:
		if len(n.Content) == 0 {
			return nil, p.errorf(n, "pieces is an empty mapping; want at least one piece: name: picture")
		}
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i], n.Content[i+1]
			name, err := p.pieceName(k)
			if err != nil {
				return nil, err
			}
			if v.Kind == yaml.SequenceNode && !layered(p.lat) {
				return nil, p.errorf(v, "the picture of piece %q is a list; want a picture (for count or one-sided, list the pieces: - name: %s, shape: ..., count: ...); a list of pictures, one for each layer, is a solid of the %s lattice: %s", name, name, geom.Cube.Name(), p.toSolid())
			}
			if v.Kind == yaml.MappingNode {
				return nil, p.errorf(v, "the picture of piece %q is %s; want a picture (for count or one-sided, list the pieces: - name: %s, shape: ..., count: ...)", name, describe(v), name)
			}
			if err := pl.drawn(k, name, field{k, v}, geom.Piece{Count: 1}, false); err != nil {
				return nil, err
			}
		}
	default:
		name, err := p.text(n, "pieces", piecesWant)
		if err != nil {
			return nil, err
		}
		if err := pl.set(n, name, geom.Piece{Count: 1}, nil, nil); err != nil {
			return nil, err
		}
	}
	return pl.pieces, nil
}

const piecesWant = "a built-in set name, a list of entries (- set: ... or - name: ..., shape: ...) or a mapping from piece name to picture"

// pieceList gathers the pieces of a spec, checking that their names are
// unique.
type pieceList struct {
	p      *specParser
	pieces []geom.Piece
	first  map[string]*yaml.Node // piece name → the node that introduced it
}

// add adds pc, introduced by node n.
func (pl *pieceList) add(n *yaml.Node, pc geom.Piece) error {
	if f, ok := pl.first[pc.Name]; ok {
		return pl.p.errorf(n, "two pieces are named %q (the first at line %d); piece names must be unique", pc.Name, f.Line)
	}
	pl.first[pc.Name] = n
	pl.pieces = append(pl.pieces, pc)
	return nil
}

// entryKeys are the keys of an entry of a list of pieces, in the order
// errors list them: set and its choice of pieces, or name and shape.
var entryKeys = []string{"set", "name", "shape", "count", "one-sided", "only", "except"}

// entry reads one entry of a list of pieces.
func (pl *pieceList) entry(e *yaml.Node) error {
	p := pl.p
	const want = "an entry with set (a built-in set) or with name and shape (one piece)"
	if e.Kind != yaml.MappingNode {
		if e.Kind == yaml.ScalarNode && e.Tag == "!!str" {
			return p.errorf(e, "a piece entry is %s; want %s, such as - set: %s", describe(e), want, e.Value)
		}
		return p.errorf(e, "a piece entry is %s; want %s", describe(e), want)
	}
	f, err := p.fields(e, "a piece entry", entryKeys)
	if err != nil {
		return err
	}
	_, hasSet := f["set"]
	_, hasName := f["name"]
	switch {
	case hasSet && hasName:
		return p.errorf(e, "a piece entry has both set and name; want %s", want)
	case !hasSet && !hasName:
		return p.errorf(e, "a piece entry has neither set nor name; want %s", want)
	}
	count := geom.Piece{Count: 1}
	if c, ok := f["count"]; ok {
		if count, err = p.copies(c.val, "count", 1); err != nil {
			return err
		}
	}
	var oneSided *bool
	if o, ok := f["one-sided"]; ok {
		if !p.lat.Reflectable() {
			return p.errorf(o.key, "one-sided on the %s lattice: a solid turns every way in space but is never reflected, so every piece is one-sided already (a mirror image is another piece); leave it out", p.lat.Name())
		}
		b, err := p.boolean(o.val, "one-sided")
		if err != nil {
			return err
		}
		oneSided = &b
	}
	if hasSet {
		if s, ok := f["shape"]; ok {
			return p.errorf(s.key, "a set entry has a shape; a shape goes with a name (- name: ..., shape: ...), in an entry of its own")
		}
		v := f["set"].val
		name, err := p.text(v, "set", "the name of a built-in set: "+strings.Join(geom.PieceSetNames(), ", "))
		if err != nil {
			return err
		}
		if oneSided != nil && !*oneSided && name != "" {
			if pcs, err := geom.PieceSet(name); err == nil && pcs[0].OneSided {
				return p.errorf(f["one-sided"].val, "set %s is one-sided already; leave out one-sided: false, or use a set of free pieces", name)
			}
		}
		return pl.set(v, name, count, oneSided, f)
	}
	for _, k := range []string{"only", "except"} {
		if o, ok := f[k]; ok {
			return p.errorf(o.key, "a piece entry with a name has %s:; %s chooses pieces of a set (- set: hexominoes, %s: [H01, H02])", k, k, k)
		}
	}
	k, v := f["name"].key, f["name"].val
	name, err := p.pieceName(v)
	if err != nil {
		return err
	}
	s, ok := f["shape"]
	if !ok {
		return p.errorf(k, "piece %q has no shape; draw it under shape: with a literal block (|)", name)
	}
	return pl.drawn(v, name, s, count, oneSided != nil && *oneSided)
}

// set adds the built-in set name, named at n, with count copies of each
// piece, one-sided if oneSided says so, and only the pieces the entry's
// fields only or except choose.
func (pl *pieceList) set(n *yaml.Node, name string, count geom.Piece, oneSided *bool, f map[string]field) error {
	pcs, err := geom.PieceSet(name)
	if err != nil {
		return pl.p.errorf(n, "no built-in piece set %q%s; valid sets are %s", name, meant(name, geom.PieceSetNames()), strings.Join(geom.PieceSetNames(), ", "))
	}
	// A set lies on its own lattice, and square pieces flat on the cube:
	// the solid pieces of one layer's thickness (geom.Lattice's Lay).
	lat := geom.PieceSetLattice(name)
	pcs, ok := pl.p.lat.Lay(lat, pcs)
	if !ok {
		var same []string
		for _, s := range geom.PieceSetNames() {
			if _, ok := pl.p.lat.Lay(geom.PieceSetLattice(s), nil); ok {
				same = append(same, s)
			}
		}
		return pl.p.errorf(n, "set %s is of the %s lattice and this spec's is %s; write lattice: %s at the top of the spec, or use a set of the %s lattice: %s",
			name, lat.Name(), pl.p.lat.Name(), lat.Name(), pl.p.lat.Name(), strings.Join(same, ", "))
	}
	if pcs, err = pl.p.choose(name, pcs, f); err != nil {
		return err
	}
	for _, pc := range pcs {
		pc.Count, pc.Spare, pc.Any = count.Count, count.Spare, count.Any
		if oneSided != nil {
			pc.OneSided = *oneSided
		}
		if err := pl.add(n, pc); err != nil {
			return err
		}
	}
	return nil
}

// choose returns the pieces of set name that the entry's fields only or
// except choose (all of them if it has neither), in the set's order.
func (p *specParser) choose(name string, pcs []geom.Piece, f map[string]field) ([]geom.Piece, error) {
	only, hasOnly := f["only"]
	except, hasExcept := f["except"]
	if hasOnly && hasExcept {
		return nil, p.errorf(except.key, "a set entry has both only: and except:; give the pieces to keep (only) or to leave out (except), not both")
	}
	if !hasOnly && !hasExcept {
		return pcs, nil
	}
	key, fl := "only", only
	if hasExcept {
		key, fl = "except", except
	}
	index := make(map[string]int, len(pcs))
	for i, pc := range pcs {
		index[pc.Name] = i
	}
	want := fmt.Sprintf("a list of pieces of %s, such as [%s, %s]", name, pcs[0].Name, pcs[len(pcs)-1].Name)
	items := []*yaml.Node{fl.val}
	switch {
	case fl.val.Kind == yaml.SequenceNode:
		items = fl.val.Content
	case fl.val.Kind != yaml.ScalarNode || fl.val.Tag != "!!str":
		return nil, p.errorf(fl.val, "%s is %s; want %s", key, describe(fl.val), want)
	}
	if len(items) == 0 {
		return nil, p.errorf(fl.val, "%s is an empty list; want %s", key, want)
	}
	chosen := make([]*yaml.Node, len(pcs))
	for _, it := range items {
		s, err := p.text(it, key, want)
		if err != nil {
			return nil, err
		}
		i, ok := index[s]
		if !ok {
			return nil, p.errorf(it, "%s has no piece %q%s; its pieces are %s", name, s, meant(s, geom.Names(pcs)), listNames(geom.Names(pcs)))
		}
		if chosen[i] != nil {
			return nil, p.errorf(it, "%s names %s twice (the first at line %d, column %d); name each piece once", key, s, chosen[i].Line, chosen[i].Column)
		}
		chosen[i] = it
	}
	var out []geom.Piece
	for i, pc := range pcs {
		if (chosen[i] != nil) == hasOnly {
			out = append(out, pc)
		}
	}
	if len(out) == 0 {
		return nil, p.errorf(fl.val, "except leaves out every piece of %s; leave out fewer, or the whole entry", name)
	}
	return out, nil
}

// drawn adds the piece name, named at k, drawn in the picture of shape
// (on the cube, a list of pictures of its layers, bottom first, or one
// picture for a flat piece).
func (pl *pieceList) drawn(k *yaml.Node, name string, shape field, count geom.Piece, oneSided bool) error {
	p := pl.p
	what := fmt.Sprintf("the shape of piece %q", name)
	const want = "a picture: any character other than a space is a cell"
	nodes := []*yaml.Node{shape.val}
	if shape.val.Kind == yaml.SequenceNode && !layered(p.lat) {
		return p.errorf(shape.val, "%s is a list; want %s; a list of pictures, one for each layer, is a solid of the %s lattice: %s", what, want, geom.Cube.Name(), p.toSolid())
	}
	if layered(p.lat) {
		var err error
		if nodes, err = p.layerNodes(shape.val, what, want); err != nil {
			return err
		}
	}
	pics := make([]string, len(nodes))
	key := shape.key
	if shape.val.Kind == yaml.SequenceNode {
		key = shape.val // its items' dashes: a layer's rows are indented past them
	}
	for l, v := range nodes {
		pic, err := p.picture(key, v, what, what, want)
		if err != nil {
			return err
		}
		if r, c, over := countCells(pic, isPieceCell, maxPieceLen); over {
			return p.pictureError(v, &geom.PictureError{Line: r, Col: c,
				Msg: fmt.Sprintf("piece %q has more than %d cells, this one being the first past them; a piece may have at most %d cells", name, maxPieceLen, maxPieceLen)})
		}
		pics[l] = pic
	}
	if strings.TrimSpace(strings.Join(pics, "")) == "" {
		return p.errorf(shape.val, "%s has no cells; draw them with any character other than a space", what)
	}
	pc, err := p.lat.ParsePiece(name, pics)
	if err != nil {
		at := nodes[0]
		if pe := (*geom.PictureError)(nil); errors.As(err, &pe) && pe.Layer > 0 {
			at, pe.Layer = nodes[pe.Layer-1], 0 // the layer's picture places it
		}
		return p.pictureError(at, err)
	}
	pc.Count, pc.Spare, pc.Any = count.Count, count.Spare, count.Any
	pc.OneSided = oneSided || !p.lat.Reflectable()
	return pl.add(k, pc)
}

// pieceName reads a piece's name: text on one line, without surrounding
// space.
func (p *specParser) pieceName(n *yaml.Node) (string, error) {
	const want = "a name on one line, such as F or O4"
	name, err := p.text(n, "a piece name", want)
	if err != nil {
		return "", err
	}
	if name == "" || strings.TrimSpace(name) != name || strings.ContainsFunc(name, unicode.IsControl) {
		return "", p.errorf(n, "a piece name is %q; want %s", name, want)
	}
	return name, nil
}

// copies reads a number of copies, what (count, empty), into a piece's
// Count, Spare and Any: a whole number N from least to maxBoardLen, any
// (none or more, as many as fit), or a range LO..HI whose HI may be any
// (at least LO).
func (p *specParser) copies(n *yaml.Node, what string, least int) (geom.Piece, error) {
	want := fmt.Sprintf("a whole number from %d to %d, any, or a range LO..HI (0 ≤ LO ≤ HI, HI from 1 to %d or any)", least, maxBoardLen, maxBoardLen)
	if n.Kind == yaml.ScalarNode && n.Tag == "!!str" {
		if n.Value == "any" {
			return geom.Piece{Any: true}, nil
		}
		lo, hi, ok := strings.Cut(n.Value, "..")
		l, err := strconv.Atoi(lo)
		if !ok || err != nil || l < 0 || l > maxBoardLen || strings.TrimSpace(lo) != lo {
			return geom.Piece{}, p.errorf(n, "%s is %q; want %s", what, shorten(n.Value), want)
		}
		if hi == "any" {
			return geom.Piece{Count: l, Any: true}, nil
		}
		h, err := strconv.Atoi(hi)
		if err != nil || h < max(l, 1) || h > maxBoardLen || strings.TrimSpace(hi) != hi {
			return geom.Piece{}, p.errorf(n, "%s is %q; want %s", what, shorten(n.Value), want)
		}
		return geom.Piece{Count: h, Spare: h - l}, nil
	}
	c, err := p.integer(n, what, least, maxBoardLen, want)
	return geom.Piece{Count: c}, err
}
