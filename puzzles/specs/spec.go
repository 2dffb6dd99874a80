package specs

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/polytile/polytile/internal/interrupt"
	"github.com/polytile/polytile/internal/plural"
	"github.com/polytile/polytile/internal/suggest"
	"github.com/polytile/polytile/puzzles"
	"github.com/polytile/polytile/puzzles/geom"
	"github.com/polytile/polytile/puzzles/tiling"
	"go.yaml.in/yaml/v4"
)

// specKeys are the keys a spec may have, in the order errors list them.
var specKeys = []string{"title", "board", "pieces", "render", "lattice", "symmetry", "crossing", "kind"}

// SpecError is a mistake in a spec, at a line and column of its file. Its
// message says what is wrong and what would be valid. It reads
// "file:line:col: msg", the way compilers report positions, without the
// package prefix: the file name says where it comes from.
type SpecError struct {
	File      string // the spec's name: its file path or built-in name
	Line, Col int    // from 1; Col counts characters
	Msg       string // what is wrong; what would be valid
}

func (e *SpecError) Error() string {
	return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Col, e.Msg)
}

// Spec is a parsed spec.
type Spec struct {
	// Name is the spec's file path, or the name of a built-in puzzle.
	Name string
	// Title is the spec's title, or "" if it has none.
	Title string
	// Puzzle is the tiling the spec describes, titled Title, or nil for a
	// puzzle of another kind (a Sudoku, queens, a matrix): Problem is
	// every kind's, and the way in for code that takes any spec.
	Puzzle *tiling.Puzzle
	// Render holds the options of the spec's render mapping, each with its
	// position for errors; nil if the spec has none.
	Render *RenderOptions
	// Source is the spec's text, as read: saved results carry it, so
	// that they can be drawn as the spec would draw them.
	Source string
	// Problem is the puzzle as a problem of its kind: *tiling.Puzzle,
	// for a tiling, or a *matrix.Puzzle.
	Problem puzzles.Problem
}

// MaxSize is the most bytes a spec may have: 1 MiB, thousands of times
// the largest built-in puzzle. It keeps a mistaken path, such as /dev/zero
// or a large file of another kind, from filling memory; a board too large
// to draw in a spec is written as {rows, cols, holes}.
const MaxSize = 1 << 20

// Load loads the spec in the file at that path or, if there is no such
// file, the built-in puzzle of that name (see Builtins). A file wins over a
// built-in puzzle of the same name: a spec named scott in the current
// directory is read, not the built-in scott; a directory of that name does
// not count. A file larger than MaxSize is an error, found without
// reading more than that.
func Load(nameOrPath string) (*Spec, error) {
	builtin := slices.Contains(builtinNames(), nameOrPath)
	f, err := os.Open(nameOrPath)
	if errors.Is(err, fs.ErrNotExist) {
		if builtin {
			return Builtin(nameOrPath)
		}
		return nil, &NotFoundError{Name: nameOrPath, Builtins: builtinNames(), Like: suggest.Closest(nameOrPath, builtinNames())}
	}
	if err != nil {
		return nil, fmt.Errorf("specs: %w", err)
	}
	defer f.Close()
	if fi, err := f.Stat(); err == nil && fi.IsDir() {
		if builtin {
			return Builtin(nameOrPath)
		}
		return nil, fmt.Errorf("specs: %s is a directory; want a spec file or a built-in puzzle", nameOrPath)
	}
	if IsDLX(nameOrPath) {
		return loadDLX(nameOrPath)
	}
	data, err := readSpec(f)
	if err != nil {
		return nil, fmt.Errorf("specs: %w", err)
	}
	return Parse(nameOrPath, data)
}

// readSpec reads a spec from r: all of it, or MaxSize bytes and one
// more, which Parse refuses, if r has more.
func readSpec(r io.Reader) ([]byte, error) {
	return io.ReadAll(io.LimitReader(r, MaxSize+1))
}

// Parse parses the spec in data; name, its file path or built-in name,
// names it in errors. Every mistake in the spec is reported as a
// *SpecError, at its line and column, saying what would be valid.
//
// A spec is a puzzle written as YAML:
//
//	title: Dana Scott's pentomino problem   # optional
//	board: |          # '.' is a cell to cover; ' ' and '#' are not cells
//	  ........
//	  ...##...
//	pieces: pentominoes
//
// The board is a picture, as above, or a rectangle with optional holes,
// {rows: 6, cols: 10, holes: [[r, c], ...]}. The pieces are the name of a
// built-in set; or a mapping from piece name to picture ({A: "##", B: "#"});
// or a list whose entries are either a built-in set or one piece drawn in
// ASCII, any character other than a space being a cell:
//
//	pieces:
//	  - set: pentominoes    # optional: count: k copies of each, one-sided: true
//	    except: [X]         # optional: leave out pieces (or only: [F, I, L])
//	  - name: O
//	    shape: |
//	      ##
//	      ##
//	    count: 1            # optional, default 1
//	    one-sided: false    # optional, default false
//
// A picture whose first row starts with blanks needs YAML's indentation
// indicator, which says how much further in than its key the rows are
// (board: |2, shape: |2): without it YAML would end the picture at the
// first row indented less than the first, and that is an error, never a
// row silently lost (see lostRow).
//
// The lattice key (square, the default; triangle; hexagon; cube) sets the
// lattice of the board and every piece: pictures are read with its
// coordinates (see Triangle and Hexagon), a hexagon must sit where row +
// column is even, a board {rows, cols} on the hexagonal lattice takes the
// positions of its picture where that holds, and a built-in set must be of
// the spec's lattice (or, on the cube, of the square lattice, laid flat).
// On the cube a board is {layers, rows, cols, holes} (holes [layer, row,
// col]) or a list of pictures, one for each layer, the bottom one first;
// a piece's shape is such a list too, or one picture for a flat piece.
//
// The symmetry key (all, the default; rotations; none) says which
// isometries of the lattice make two solutions the same (tiling.Symmetry).
//
// The render key is a mapping of render options, read into Spec.Render
// (see RenderOptions). Any other key is an error, and so is a key given
// twice. Counts are whole numbers from 1; one-sided is true or false;
// piece names are unique across the spec; the pieces' total area is the
// board's; a board has at most 1,048,576 cells, a drawn piece at most
// 16,384. A spec is at most MaxSize bytes.
func Parse(name string, data []byte) (*Spec, error) {
	if len(data) > MaxSize {
		return nil, &SpecError{File: name, Line: 1, Col: 1, Msg: fmt.Sprintf(
			"the spec is larger than %d bytes (1 MiB); a spec is a short text: write a large board as {rows, cols, holes}", MaxSize)}
	}
	return parseSpec(name, data)
}

// parseSpec is Parse without the limit on the spec's size.
func parseSpec(name string, data []byte) (*Spec, error) {
	p := &specParser{name: name, lines: sourceLines(data), lat: geom.Square}
	root, err := p.load(data)
	if err != nil {
		return nil, err
	}
	s, err := p.spec(root)
	if err != nil {
		return nil, err
	}
	s.Source = string(data)
	return s, nil
}

// specParser walks the YAML tree of one spec.
type specParser struct {
	name   string
	lines  []string     // the source, split into lines as the YAML parser counts them
	lat    geom.Lattice // the spec's lattice, of its board and every piece
	latKey *yaml.Node   // the spec's lattice key, nil if it has none
}

// meant returns " (did you mean NAME?)" for the names of valid that
// typed is probably a mistyping of, and "" if there are none.
func meant(typed string, valid []string) string {
	return suggest.Phrase(suggest.Closest(typed, valid))
}

// toSolid says how to make the spec's lattice the one of space, whose
// boards and pieces are drawn as lists of layers: "add lattice: cube at
// the top of the spec", or, if it names another lattice, how to change it.
func (p *specParser) toSolid() string {
	solid := geom.Cube.Name()
	if p.latKey == nil {
		return fmt.Sprintf("add lattice: %s at the top of the spec", solid)
	}
	return fmt.Sprintf("write lattice: %s in place of lattice: %s (line %d)", solid, p.lat.Name(), p.latKey.Line)
}

// errorf returns a *SpecError at n's position.
func (p *specParser) errorf(n *yaml.Node, format string, args ...any) error {
	return p.errorAt(n.Line, n.Column, format, args...)
}

func (p *specParser) errorAt(line, col int, format string, args ...any) error {
	return &SpecError{File: p.name, Line: max(line, 1), Col: max(col, 1), Msg: fmt.Sprintf(format, args...)}
}

// field is a key of a mapping and its value.
type field struct {
	key, val *yaml.Node
}

// fields returns the entries of mapping n, checking that every key is one
// of valid and appears once. what names the mapping in errors.
func (p *specParser) fields(n *yaml.Node, what string, valid []string) (map[string]field, error) {
	out := make(map[string]field, len(n.Content)/2)
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if k.Kind != yaml.ScalarNode {
			return nil, p.errorf(k, "a key of %s is %s; valid keys are %s", what, describe(k), strings.Join(valid, ", "))
		}
		if !slices.Contains(valid, k.Value) {
			return nil, p.errorf(k, "unknown key %q in %s%s; valid keys are %s", k.Value, what, meant(k.Value, valid), strings.Join(valid, ", "))
		}
		if f, ok := out[k.Value]; ok {
			return nil, p.errorf(k, "key %q given twice in %s (first at line %d); give each key once", k.Value, what, f.key.Line)
		}
		if v.Kind == yaml.AliasNode {
			return nil, p.errorf(v, "%s is an alias (*%s); write the value out: specs do not use anchors and aliases", k.Value, v.Value)
		}
		out[k.Value] = field{k, v}
	}
	return out, nil
}

// describe names the kind of a node for errors: "a mapping", "a list", ….
func describe(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.AliasNode:
		return "an alias"
	case yaml.DocumentNode:
		return "a document"
	case yaml.ScalarNode:
		switch n.Tag {
		case "!!null":
			return "empty"
		case "!!int", "!!float":
			return "the number " + shorten(n.Value)
		case "!!bool":
			return n.Value
		case "!!str":
			return strconv.Quote(shorten(n.Value))
		case "!!timestamp":
			return "the date " + shorten(n.Value)
		case "!!binary":
			return "binary data"
		case "!!merge":
			return "a merge key (<<)"
		}
		if strings.HasPrefix(n.Tag, "!!") {
			return strconv.Quote(shorten(n.Value))
		}
		return fmt.Sprintf("%q tagged %s", shorten(n.Value), n.Tag)
	}
	return "not a value"
}

// shorten cuts s to at most 40 characters for an error message.
func shorten(s string) string {
	if utf8.RuneCountInString(s) <= 40 {
		return s
	}
	return string([]rune(s)[:39]) + "…"
}

// text returns the text of scalar n, which names what in errors; want says
// what would be valid. Plain numbers and booleans are text too: a piece may
// be named 1.
func (p *specParser) text(n *yaml.Node, what, want string) (string, error) {
	if n.Kind == yaml.AliasNode {
		return "", p.errorf(n, "%s is an alias (*%s); write the value out: specs do not use anchors and aliases", what, n.Value)
	}
	if n.Kind != yaml.ScalarNode {
		return "", p.errorf(n, "%s is %s; want %s", what, describe(n), want)
	}
	switch n.Tag {
	case "!!str", "!!int", "!!float", "!!bool":
		return n.Value, nil
	case "!!null":
		return "", p.errorf(n, "%s is empty; want %s", what, want)
	}
	return "", p.errorf(n, "%s is %s; want %s", what, describe(n), want)
}

// integer returns the integer n, which names what in errors and must lie
// in [lo, hi]; want says what would be valid.
func (p *specParser) integer(n *yaml.Node, what string, lo, hi int, want string) (int, error) {
	if n.Kind != yaml.ScalarNode || n.Tag != "!!int" {
		return 0, p.errorf(n, "%s is %s; want %s", what, describe(n), want)
	}
	v, err := strconv.ParseInt(n.Value, 0, 64)
	if err != nil || v < int64(lo) || v > int64(hi) {
		return 0, p.errorf(n, "%s is %s; want %s", what, shorten(n.Value), want)
	}
	return int(v), nil
}

// boolean returns the boolean n, which names what in errors.
func (p *specParser) boolean(n *yaml.Node, what string) (bool, error) {
	if n.Kind == yaml.ScalarNode && n.Tag == "!!bool" {
		switch strings.ToLower(n.Value) {
		case "true":
			return true, nil
		case "false":
			return false, nil
		}
	}
	return false, p.errorf(n, "%s is %s; want true or false", what, describe(n))
}

// spec reads the top-level mapping.
func (p *specParser) spec(root *yaml.Node) (*Spec, error) {
	kind, _, err := p.kindOf(root)
	if err != nil {
		return nil, err
	}
	if k, ok := kindNamed(kind); ok {
		return p.kindSpec(root, k)
	}
	f, err := p.fields(root, "the spec", specKeys)
	if err != nil {
		return nil, err
	}
	s := &Spec{Name: p.name}
	if s.Title, err = p.title(f); err != nil {
		return nil, err
	}
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
			return nil, p.errorf(root, "the spec has no %s; a spec needs a board and pieces", k)
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
	if err := p.checkArea(f, board, pieces); err != nil {
		return nil, err
	}
	if err := p.checkSize(pk.key, board, pieces); err != nil {
		return nil, err
	}
	if s.Puzzle, err = tiling.NewWith(s.Title, board, pieces, tiling.Options{Symmetry: sym, Crossing: crossing}); err == nil {
		s.Problem = s.Puzzle
	}
	if err != nil {
		return nil, p.errorf(pk.key, "%s", bare(err))
	}
	if r, ok := f["render"]; ok {
		if s.Render, err = p.render(r.val); err != nil {
			return nil, err
		}
		if err = s.Render.CheckPieces(s.Puzzle.PieceNames()); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// title reads the spec's title, space trimmed; "" if it has none.
func (p *specParser) title(f map[string]field) (string, error) {
	t, ok := f["title"]
	if !ok {
		return "", nil
	}
	title, err := p.text(t.val, "title", "a string")
	if err != nil {
		return "", err
	}
	return strings.TrimSpace(title), nil
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
// pieces may cross (the stick and trig lattices) alone may have: whether pieces may cross (allowed) or not
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
	area, anyCount := 0, false
	for _, pc := range pieces {
		area += pc.Area()
		anyCount = anyCount || pc.Any
	}
	if area == board.Len() || anyCount && area <= board.Len() {
		return nil
	}
	if anyCount {
		return p.errorf(f["pieces"].key, "the pieces of fixed counts cover %s and the board has %d; they must fit, the pieces of any count filling the rest", plural.Of(area, "cell"), board.Len())
	}
	hint := ""
	if f["board"].val.Kind == yaml.ScalarNode {
		hint = " (in the board's picture '.' is a cell to cover, ' ' and '#' are none; in a piece's, any character but a space is a cell)"
	}
	return p.errorf(f["pieces"].key, "the pieces cover %s and the board has %d; the pieces' total area must equal the board's%s", plural.Of(area, "cell"), board.Len(), hint)
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

// bare returns the message of an error from package geom or tiling
// without the package's name, to be placed in the spec's file.
func bare(err error) string {
	msg := err.Error()
	for _, pkg := range []string{"geom: ", "tiling: "} {
		if m, ok := strings.CutPrefix(msg, pkg); ok {
			return m
		}
	}
	return msg
}

// LoadContext is Load, given up when ctx ends if the file is still not
// read (a FIFO no one writes to, a terminal): its error then wraps ctx's
// cause.
func LoadContext(ctx context.Context, nameOrPath string) (*Spec, error) {
	return interrupt.Do(ctx, func() (*Spec, error) { return Load(nameOrPath) })
}
