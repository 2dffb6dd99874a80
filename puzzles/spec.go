package puzzles

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/polytile/polytile/internal/plural"
	"go.yaml.in/yaml/v4"

	"github.com/polytile/polytile/puzzles/cover"
)

// specKeys are the keys a spec may have, in the order errors list them.
var specKeys = []string{"title", "board", "pieces", "render", "lattice", "kind"}

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
	// Puzzle is the puzzle the spec describes, titled Title.
	Puzzle *Puzzle
	// Render holds the options of the spec's render mapping, each with its
	// position for errors; nil if the spec has none.
	Render *RenderOptions
	// Source is the spec's text, as read: saved results carry it, so
	// that they can be drawn as the spec would draw them.
	Source string
	// Kind is the kind of puzzle (Kinds): "tiling", whose Puzzle is set,
	// or a kind of package cover, whose Cover is set and Puzzle nil.
	Kind  string
	Cover cover.Problem
}

// MaxSpecSize is the most bytes a spec may have: 1 MiB, thousands of times
// the largest built-in puzzle. It keeps a mistaken path, such as /dev/zero
// or a large file of another kind, from filling memory; a board too large
// to draw in a spec is written as {rows, cols, holes}.
const MaxSpecSize = 1 << 20

// LoadSpec loads the spec in the file at that path or, if there is no such
// file, the built-in puzzle of that name (see Builtins). A file wins over a
// built-in puzzle of the same name: a spec named scott in the current
// directory is read, not the built-in scott; a directory of that name does
// not count. A file larger than MaxSpecSize is an error, found without
// reading more than that.
func LoadSpec(nameOrPath string) (*Spec, error) {
	builtin := slices.Contains(builtinNames(), nameOrPath)
	f, err := os.Open(nameOrPath)
	if errors.Is(err, fs.ErrNotExist) {
		if builtin {
			return Builtin(nameOrPath)
		}
		return nil, fmt.Errorf("puzzles: %q is neither a file nor a built-in puzzle; built-in puzzles are %s",
			nameOrPath, strings.Join(builtinNames(), ", "))
	}
	if err != nil {
		return nil, fmt.Errorf("puzzles: %w", err)
	}
	defer f.Close()
	if fi, err := f.Stat(); err == nil && fi.IsDir() {
		if builtin {
			return Builtin(nameOrPath)
		}
		return nil, fmt.Errorf("puzzles: %s is a directory; want a spec file or a built-in puzzle", nameOrPath)
	}
	if strings.HasSuffix(nameOrPath, ".dlx") {
		return loadDLX(nameOrPath)
	}
	data, err := readSpec(f)
	if err != nil {
		return nil, fmt.Errorf("puzzles: %w", err)
	}
	return ParseSpec(nameOrPath, data)
}

// readSpec reads a spec from r: all of it, or MaxSpecSize bytes and one
// more, which ParseSpec refuses, if r has more.
func readSpec(r io.Reader) ([]byte, error) {
	return io.ReadAll(io.LimitReader(r, MaxSpecSize+1))
}

// ParseSpec parses the spec in data; name, its file path or built-in name,
// names it in errors. Every mistake in the spec is reported as a
// *SpecError, at its line and column, saying what would be valid.
//
// A spec is a puzzle written as YAML, in the format of shared/DESIGN.md
// ("The spec"):
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
// The lattice key (square, the default; triangle; hexagon) sets the
// lattice of the board and every piece: pictures are read with its
// coordinates (see Triangle and Hexagon), a hexagon must sit where row +
// column is even, a board {rows, cols} on the hexagonal lattice takes the
// positions of its picture where that holds, and a built-in set must be of
// the spec's lattice.
//
// The render key is a mapping of render options, read into Spec.Render
// (see RenderOptions). Any other key is an error, and so is a key given
// twice. Counts are whole numbers from 1; one-sided is true or false;
// piece names are unique across the spec; the pieces' total area is the
// board's; a board has at most 1,048,576 cells, a drawn piece at most
// 16,384. A spec is at most MaxSpecSize bytes.
func ParseSpec(name string, data []byte) (*Spec, error) {
	if len(data) > MaxSpecSize {
		return nil, &SpecError{File: name, Line: 1, Col: 1, Msg: fmt.Sprintf(
			"the spec is larger than %d bytes (1 MiB); a spec is a short text: write a large board as {rows, cols, holes}", MaxSpecSize)}
	}
	return parseSpec(name, data)
}

// parseSpec is ParseSpec without the limit on the spec's size.
func parseSpec(name string, data []byte) (*Spec, error) {
	p := &specParser{name: name, lines: sourceLines(data), lat: Square}
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
	name  string
	lines []string // the source, split into lines as the YAML parser counts them
	lat   Lattice  // the spec's lattice, of its board and every piece
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
			return nil, p.errorf(k, "unknown key %q in %s; valid keys are %s", k.Value, what, strings.Join(valid, ", "))
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
	if kind != "tiling" {
		return p.coverSpec(root, kind)
	}
	f, err := p.fields(root, "the spec", specKeys)
	if err != nil {
		return nil, err
	}
	s := &Spec{Name: p.name, Kind: "tiling"}
	if s.Title, err = p.title(f); err != nil {
		return nil, err
	}
	if err := p.lattice(f); err != nil {
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
	if s.Puzzle, err = New(s.Title, board, pieces); err != nil {
		return nil, p.errorf(pk.key, "%s", strings.TrimPrefix(err.Error(), "puzzles: "))
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
	const want = "square, triangle or hexagon"
	name, err := p.text(l.val, "lattice", want)
	if err != nil {
		return err
	}
	if p.lat, ok = LatticeByName(name); !ok {
		return p.errorf(l.val, "lattice is %q; want %s", name, want)
	}
	return nil
}

// checkArea checks that the pieces cover as many cells as the board has,
// hinting at how pictures are read when the board is one.
func (p *specParser) checkArea(f map[string]field, board *Board, pieces []Piece) error {
	area := 0
	for _, pc := range pieces {
		area += pc.Area()
	}
	if area == board.Len() {
		return nil
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
func (p *specParser) checkSize(key *yaml.Node, board *Board, pieces []Piece) error {
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
		checks += len(pc.Orientations(board.Lattice())) * board.Len() * pc.Area()
		if checks > maxCellChecks {
			return p.errorf(key, "too large a puzzle: listing where its pieces fit would check more than %d cells; "+
				"use smaller pieces or a smaller board", maxCellChecks)
		}
	}
	return nil
}

const (
	boardWant   = `a picture (a literal block "|" of '.' for cells, ' ' or '#' for none) or a mapping {rows, cols, holes}`
	maxBoardLen = 1 << 20 // the most cells NewRectBoard allows

	// maxPlacements bounds the placements New may list: the pieces'
	// orientations times the board's cells. It keeps a short spec, such as
	// 4993 copies of each hexomino on a 210 × 4993 board, from taking
	// gigabytes; the largest built-in puzzle comes to 5,670.
	maxPlacements = 1 << 22
)

// board reads the board: a picture or {rows, cols, holes}.
func (p *specParser) board(f field) (*Board, error) {
	n := f.val
	if n.Kind == yaml.MappingNode {
		return p.rectBoard(n)
	}
	pic, err := p.picture(f.key, n, "the board", "board", boardWant)
	if err != nil {
		return nil, err
	}
	if k, c, over := countCells(pic, isBoardCell, maxBoardLen); over {
		return nil, p.pictureError(n, &PictureError{Line: k, Col: c,
			Msg: fmt.Sprintf("the board has more than %d cells, this one being the first past them; a board may have at most %d cells", maxBoardLen, maxBoardLen)})
	}
	b, err := ParseBoardOn(p.lat, pic)
	if err != nil {
		return nil, p.pictureError(n, err)
	}
	return b, nil
}

// rectBoard reads {rows, cols, holes}.
func (p *specParser) rectBoard(n *yaml.Node) (*Board, error) {
	f, err := p.fields(n, "board", []string{"rows", "cols", "holes"})
	if err != nil {
		return nil, err
	}
	var size [2]int
	for i, k := range []string{"rows", "cols"} {
		v, ok := f[k]
		if !ok {
			return nil, p.errorf(n, "the board has no %s; a board mapping needs rows and cols (and optionally holes)", k)
		}
		want := fmt.Sprintf("a whole number from 1 to %d", maxBoardLen)
		if size[i], err = p.integer(v.val, k, 1, maxBoardLen, want); err != nil {
			return nil, err
		}
	}
	rows, cols := size[0], size[1]
	if rows*cols > maxBoardLen {
		return nil, p.errorf(n, "a board of %d × %d is too large; a board may have at most %d cells", rows, cols, maxBoardLen)
	}
	var holes []Cell
	if h, ok := f["holes"]; ok {
		if holes, err = p.holes(h.val, rows, cols); err != nil {
			return nil, err
		}
	}
	b, err := NewRectBoardOn(p.lat, rows, cols, holes)
	if err != nil {
		return nil, p.errorf(n, "%s", strings.TrimPrefix(err.Error(), "puzzles: "))
	}
	return b, nil
}

// holes reads a list of [row, col] pairs inside a rows × cols board.
func (p *specParser) holes(n *yaml.Node, rows, cols int) ([]Cell, error) {
	const want = "a list of [row, col] pairs, such as [[3, 3], [3, 4]]"
	if n.Kind != yaml.SequenceNode {
		return nil, p.errorf(n, "holes is %s; want %s", describe(n), want)
	}
	var holes []Cell
	seen := map[Cell]*yaml.Node{}
	for _, h := range n.Content {
		if h.Kind != yaml.SequenceNode || len(h.Content) != 2 {
			return nil, p.errorf(h, "a hole is %s; want [row, col], counted from 0", describeHole(h))
		}
		r, err := p.integer(h.Content[0], "a hole's row", 0, rows-1, fmt.Sprintf("a row from 0 to %d", rows-1))
		if err != nil {
			return nil, err
		}
		c, err := p.integer(h.Content[1], "a hole's column", 0, cols-1, fmt.Sprintf("a column from 0 to %d", cols-1))
		if err != nil {
			return nil, err
		}
		cell := Cell{r, c}
		if !ValidCell(p.lat, cell) {
			return nil, p.errorf(h, "hole [%d, %d] is not a cell of the hexagon lattice: a cell's row + column is even", r, c)
		}
		if first, ok := seen[cell]; ok {
			return nil, p.errorf(h, "hole [%d, %d] is given twice (first at line %d); give each hole once", r, c, first.Line)
		}
		seen[cell] = h
		holes = append(holes, cell)
	}
	return holes, nil
}

func describeHole(n *yaml.Node) string {
	if n.Kind == yaml.SequenceNode {
		return fmt.Sprintf("a list of %d items", len(n.Content))
	}
	return describe(n)
}

// picture returns the picture in scalar n, the value of key, which names
// what in errors: "the board", or "the shape of piece ..."; short is what
// for the start of a sentence. A folded block (>) would join the picture's
// lines, so it is not allowed; a literal block that lost a row as YAML
// reads it (see lostRow) is an error.
func (p *specParser) picture(key, n *yaml.Node, what, short, want string) (string, error) {
	pic, err := p.pictureText(n, short, want)
	if err != nil {
		return "", err
	}
	if err := p.lostRow(key, n, what, short == "board"); err != nil {
		return "", err
	}
	return pic, nil
}

// pictureText returns the text of the picture in scalar n.
func (p *specParser) pictureText(n *yaml.Node, what, want string) (string, error) {
	if n.Kind == yaml.ScalarNode && n.Style&yaml.FoldedStyle != 0 {
		return "", p.errorf(n, "%s is a folded block (>), which joins its lines; want a literal block (|)", what)
	}
	if n.Kind == yaml.ScalarNode && n.Tag != "!!str" && n.Tag != "!!null" {
		// A plain 1 or true is no picture.
		return "", p.errorf(n, "%s is %s; want %s", what, describe(n), want)
	}
	return p.text(n, what, want)
}

// pictureError places an error from parsing the picture in n: a
// PictureError at its line and column in the file, anything else at n.
func (p *specParser) pictureError(n *yaml.Node, err error) error {
	msg := strings.TrimPrefix(err.Error(), "puzzles: ")
	var pe *PictureError
	if !errors.As(err, &pe) || pe.Line == 0 {
		return p.errorf(n, "%s", msg)
	}
	line, col := p.picturePosition(n, pe.Line, pe.Col)
	return p.errorAt(line, col, "%s", pe.Msg)
}

// picturePosition maps line k, column c of the picture in scalar n to a
// position in the file. Lines of a literal block are the file's lines
// after the block's header, indented by the block's indentation, which is
// found by matching the picture's line against the file's. A picture on
// one line starts after n's opening quote, if any. Other pictures, such as
// quoted strings over several lines, map approximately.
func (p *specParser) picturePosition(n *yaml.Node, k, c int) (line, col int) {
	if n.Style&yaml.LiteralStyle != 0 {
		line = n.Line + k
		pic := pictureLines(n.Value)
		if k-1 < len(pic) && line-1 < len(p.lines) {
			src := []rune(strings.TrimSuffix(p.lines[line-1], "\r"))
			want := []rune(pic[k-1])
			if len(src) >= len(want) && string(src[len(src)-len(want):]) == pic[k-1] {
				return line, len(src) - len(want) + c
			}
		}
		return line, c
	}
	if k == 1 {
		col = n.Column + c - 1
		if n.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle) != 0 {
			col++
		}
		return n.Line, col
	}
	return n.Line + k - 1, c
}

// pieces reads the pieces: a set name, a list of entries, or a mapping
// from name to picture.
func (p *specParser) pieces(n *yaml.Node) ([]Piece, error) {
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
			if v.Kind == yaml.MappingNode || v.Kind == yaml.SequenceNode {
				return nil, p.errorf(v, "the picture of piece %q is %s; want a picture (for count or one-sided, list the pieces: - name: %s, shape: ..., count: ...)", name, describe(v), name)
			}
			if err := pl.drawn(k, name, field{k, v}, 1, false); err != nil {
				return nil, err
			}
		}
	default:
		name, err := p.text(n, "pieces", piecesWant)
		if err != nil {
			return nil, err
		}
		if err := pl.set(n, name, 1, nil, nil); err != nil {
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
	pieces []Piece
	first  map[string]*yaml.Node // piece name → the node that introduced it
}

// add adds pc, introduced by node n.
func (pl *pieceList) add(n *yaml.Node, pc Piece) error {
	if f, ok := pl.first[pc.Name]; ok {
		return pl.p.errorf(n, "two pieces are named %q (the first at line %d); piece names must be unique", pc.Name, f.Line)
	}
	pl.first[pc.Name] = n
	pl.pieces = append(pl.pieces, pc)
	return nil
}

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
	f, err := p.fields(e, "a piece entry", []string{"set", "name", "shape", "count", "one-sided", "only", "except"})
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
	count := 1
	if c, ok := f["count"]; ok {
		if count, err = p.integer(c.val, "count", 1, maxBoardLen, fmt.Sprintf("a whole number from 1 to %d", maxBoardLen)); err != nil {
			return err
		}
	}
	var oneSided *bool
	if o, ok := f["one-sided"]; ok {
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
		name, err := p.text(v, "set", "the name of a built-in set: "+strings.Join(PieceSetNames(), ", "))
		if err != nil {
			return err
		}
		if oneSided != nil && !*oneSided && name != "" {
			if pcs, err := PieceSet(name); err == nil && pcs[0].OneSided {
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
func (pl *pieceList) set(n *yaml.Node, name string, count int, oneSided *bool, f map[string]field) error {
	pcs, err := PieceSet(name)
	if err != nil {
		return pl.p.errorf(n, "no built-in piece set %q; valid sets are %s", name, strings.Join(PieceSetNames(), ", "))
	}
	if lat := PieceSetLattice(name); lat != pl.p.lat {
		var same []string
		for _, s := range PieceSetNames() {
			if PieceSetLattice(s) == pl.p.lat {
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
		pc.Count = count
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
func (p *specParser) choose(name string, pcs []Piece, f map[string]field) ([]Piece, error) {
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
			return nil, p.errorf(it, "%s has no piece %q; its pieces are %s", name, s, listNames(Names(pcs)))
		}
		if chosen[i] != nil {
			return nil, p.errorf(it, "%s names %s twice (the first at line %d, column %d); name each piece once", key, s, chosen[i].Line, chosen[i].Column)
		}
		chosen[i] = it
	}
	var out []Piece
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

// drawn adds the piece name, named at k, drawn in the picture of shape.
func (pl *pieceList) drawn(k *yaml.Node, name string, shape field, count int, oneSided bool) error {
	p := pl.p
	v := shape.val
	what := fmt.Sprintf("the shape of piece %q", name)
	pic, err := p.picture(shape.key, v, what, what, "a picture: any character other than a space is a cell")
	if err != nil {
		return err
	}
	if r, c, over := countCells(pic, isPieceCell, maxPieceLen); over {
		return p.pictureError(v, &PictureError{Line: r, Col: c,
			Msg: fmt.Sprintf("piece %q has more than %d cells, this one being the first past them; a piece may have at most %d cells", name, maxPieceLen, maxPieceLen)})
	}
	if strings.TrimSpace(pic) == "" {
		return p.errorf(v, "%s has no cells; draw them with any character other than a space", what)
	}
	pc, err := ParsePieceOn(p.lat, name, pic)
	if err != nil {
		return p.pictureError(v, err)
	}
	pc.Count, pc.OneSided = count, oneSided
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
