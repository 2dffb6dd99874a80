package specs

import (
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"unicode"

	"github.com/polytile/polytile/puzzles/geom"
	"go.yaml.in/yaml/v4"
)

// A literal block (|) takes its indentation from its first row, and ends
// at the first line indented less: a picture whose first row starts with
// blanks, such as the X pentomino drawn
//
//	shape: |
//	   #
//	  ###
//	   #
//
// holds one row, and YAML reads the next rows as comments (they start with
// #) or fails on them. The loader never lets a row go that way: it
// compares the block's node with the file's lines and reports the first
// row left out, with the fix: YAML's indentation indicator (shape: |2,
// the rows being indented 2 more than the key), or for a board '#' in
// place of the first row's leading blanks.

const (
	// maxPieceLen bounds the cells of a drawn piece. With maxCellChecks it
	// keeps a short spec from asking for hours of placement; pieces of
	// puzzles are a few dozen cells at most.
	maxPieceLen = 1 << 14

	// maxCellChecks bounds the work of listing placements: every
	// orientation of every kind of piece at every board cell, checking
	// each of the piece's cells. The largest built-in puzzle comes to
	// about 2.2 million.
	maxCellChecks = 1 << 28
)

// indentation returns the number of spaces s starts with.
func indentation(s string) int {
	return len(s) - len(strings.TrimLeft(s, " "))
}

// isBlank reports whether a line of the file holds nothing but blanks.
func isBlank(s string) bool {
	return strings.TrimSpace(s) == ""
}

// sourceLine returns line l of the file, counted from 1, without a final
// CR, and whether there is one.
func (p *specParser) sourceLine(l int) (string, bool) {
	if l < 1 || l > len(p.lines) {
		return "", false
	}
	return strings.TrimSuffix(p.lines[l-1], "\r"), true
}

// lostRow returns an error if the picture in the literal block n, the value
// of key, ends before a row drawn under it: if the first non-blank line
// after the block is indented more than key (so it belongs to the picture
// as drawn) and less than the block's first row. what names the picture in
// errors; board says whether it is a board, which may draw blanks as '#'.
// A block it cannot match line by line with the file passes.
func (p *specParser) lostRow(key, n *yaml.Node, what string, board bool) error {
	if n.Kind != yaml.ScalarNode || n.Style&yaml.LiteralStyle == 0 {
		return nil
	}
	pic := geom.PictureLines(n.Value)
	// The block's indentation: where its first non-empty row starts.
	block := -1
	for i, row := range pic {
		if row == "" {
			continue
		}
		src, ok := p.sourceLine(n.Line + i + 1)
		if !ok || !strings.HasSuffix(src, row) {
			return nil
		}
		block = len([]rune(src)) - len([]rune(row))
		break
	}
	last := n.Line + len(pic) // the line of the block's last row
	if block < 0 {
		return nil
	}
	if src, ok := p.sourceLine(last); !ok || !strings.HasSuffix(src, pic[len(pic)-1]) {
		return nil
	}
	parent := key.Column - 1
	for l := last + 1; l <= len(p.lines); l++ {
		src, _ := p.sourceLine(l)
		if isBlank(src) {
			continue
		}
		ind := indentation(src)
		if ind <= parent || ind >= block {
			return nil
		}
		return p.errorAt(l, ind+1, "%s", lostRowMsg(p.lines[l-1:], parent, ind, what, key.Value, n.Line+1, board))
	}
	return nil
}

// lostRowMsg says that a row of a picture, indented ind, is lost, and how
// to keep it. rest are the file's lines from that row on; parent is the
// indentation of the picture's key, named key; first is the line of the
// picture's first row.
func lostRowMsg(rest []string, parent, ind int, what, key string, first int, board bool) string {
	// The indicator gives the indentation of the least indented row.
	least := ind
	for _, s := range rest[1:] {
		s = strings.TrimSuffix(s, "\r")
		if isBlank(s) {
			continue
		}
		if indentation(s) <= parent {
			break
		}
		least = min(least, indentation(s))
	}
	msg := fmt.Sprintf("this row is indented less than the first row of %s (line %d), so YAML ends the picture before it "+
		"and drops it as a comment or fails on it; ", what, first)
	if n := least - parent; n <= 9 {
		msg += fmt.Sprintf("write %q (YAML's indentation indicator: the rows are indented %d more than the key)", key+": |"+strconv.Itoa(n), n)
	} else {
		msg += fmt.Sprintf("indent the rows at most 9 more than the key and write %q, N being that number (YAML's indentation indicator)", key+": |N")
	}
	if board {
		msg += ", or draw the first row's leading blanks with '#'"
	}
	if row := strings.TrimSpace(rest[0]); strings.HasPrefix(row, "#") && strings.ContainsFunc(row, unicode.IsLetter) {
		msg += "; a comment after a picture is indented no more than its key"
	}
	return msg
}

// blockHeaderRE matches a line that starts a literal block as the value
// of a key: its indentation, "- " list markers, the key, and the block's
// indicators.
var blockHeaderRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^( *)((?:- +)*)([^\s#-][^#]*?|-[^\s#][^#]*?): +\|([1-9+-]{0,2}) *(?:#.*)?$`)
})

// lostRowInText looks, in the file's text, for a row of a picture that
// YAML left out of its literal block, at or before line limit: for a
// syntax error that a lost row caused, such as "did not find expected key"
// on a board whose first row starts with blanks. It returns the error to
// report in the syntax error's place, or nil.
func (p *specParser) lostRowInText(limit int) error {
	for h := 1; h <= len(p.lines) && h < limit; h++ {
		src, _ := p.sourceLine(h)
		m := blockHeaderRE().FindStringSubmatch(src)
		if m == nil {
			continue
		}
		parent := len(m[1]) + len(m[2])
		key := m[3]
		block, first := -1, 0
		if i := strings.IndexAny(m[4], "123456789"); i >= 0 {
			block = parent + int(m[4][i]-'0')
		}
		for l := h + 1; l <= len(p.lines) && l <= limit; l++ {
			s, _ := p.sourceLine(l)
			if isBlank(s) {
				continue
			}
			ind := indentation(s)
			if first == 0 {
				first = l
			}
			if block < 0 {
				block = ind // the first row sets the block's indentation
			}
			if ind <= parent {
				break
			}
			if ind >= block {
				continue
			}
			what := "the picture under " + strconv.Quote(key+":")
			board := key == "board"
			if board {
				what = "the board"
			}
			return p.errorAt(l, ind+1, "%s", lostRowMsg(p.lines[l-1:], parent, ind, what, key, first, board))
		}
	}
	return nil
}

// countCells returns the row and column in picture pic, counted from 1,
// of its cell number limit+1, and whether it has more than limit cells.
func countCells(pic string, isCell func(rune) bool, limit int) (row, col int, over bool) {
	n := 0
	for i, line := range geom.PictureLines(pic) {
		c := 0
		for _, r := range line {
			c++
			if isCell(r) {
				n++
				if n > limit {
					return i + 1, c, true
				}
			}
		}
	}
	return 0, 0, false
}

func isPieceCell(r rune) bool { return !unicode.IsSpace(r) }

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
	msg := reason(err)
	var pe *geom.PictureError
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
		pic := geom.PictureLines(n.Value)
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

// layered reports whether lat's boards and shapes are drawn as lists of
// pictures, one for each layer, bottom first: whether its cells have a
// layer (three coordinates, the cube's).
func layered(lat geom.Lattice) bool { return lat.Layered() }
