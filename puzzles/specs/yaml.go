package specs

// Reading a spec's YAML: its one document, the parser's syntax errors at
// their line and column, and the file's lines as the parser counts them.

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"go.yaml.in/yaml/v4"
)

// load parses data as YAML and returns the root node of its one document.
func (p *specParser) load(data []byte) (*yaml.Node, error) {
	const valid = "a spec is a mapping with keys title, board, pieces and render"
	l, err := yaml.NewLoader(bytes.NewReader(data))
	if err != nil {
		return nil, p.yamlError(data, err)
	}
	var doc yaml.Node
	switch err := l.Load(&doc); {
	case err == io.EOF:
		return nil, p.errorAt(1, 1, "empty spec; %s", valid)
	case err != nil:
		return nil, p.yamlError(data, err)
	}
	var next yaml.Node
	switch err := l.Load(&next); {
	case err == nil:
		return nil, p.errorf(&next, "a second YAML document; a spec is one document: remove the '---' line and what follows")
	case err != io.EOF:
		return nil, p.yamlError(data, err)
	}
	if doc.Kind != yaml.DocumentNode || len(doc.Content) != 1 {
		return nil, p.errorAt(1, 1, "empty spec; %s", valid)
	}
	root := doc.Content[0]
	if root.Kind == yaml.ScalarNode && root.Tag == "!!null" {
		return nil, p.errorf(root, "empty spec; %s", valid)
	}
	if root.Kind != yaml.MappingNode {
		return nil, p.errorf(root, "the spec is %s; %s", describe(root), valid)
	}
	return root, nil
}

var yamlLineRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`line (\d+)`) })

// yamlError turns an error of the YAML parser into a *SpecError at the
// position it names, or failing that at the first character the parser
// could not read.
func (p *specParser) yamlError(data []byte, err error) error {
	serr := p.syntaxError(data, err)
	var se *SpecError
	if errors.As(serr, &se) {
		if lost := p.lostRowInText(se.Line); lost != nil {
			return lost
		}
	}
	return serr
}

// syntaxError turns an error of the YAML parser into a *SpecError, as
// yamlError says.
func (p *specParser) syntaxError(data []byte, err error) error {
	var le *yaml.LoadError
	if errors.As(err, &le) {
		msg := le.Message
		if le.ContextMsg != "" && le.ContextMark.Line > 0 && le.ContextMark != le.Mark {
			msg += fmt.Sprintf(" (%s from line %d, column %d)", le.ContextMsg, le.ContextMark.Line, le.ContextMark.Column)
		} else if le.ContextMsg != "" {
			msg += " (" + le.ContextMsg + ")"
		}
		msg = "YAML syntax error: " + msg + "; a spec must be valid YAML"
		switch {
		case le.Mark.Line > 0:
			return p.errorAt(le.Mark.Line, le.Mark.Column, "%s", msg)
		case le.ContextMark.Line > 0:
			return p.errorAt(le.ContextMark.Line, le.ContextMark.Column, "%s", msg)
		}
		line, col := badCharacter(data)
		return p.errorAt(line, col, "%s", msg)
	}
	line, col := badCharacter(data)
	if m := yamlLineRE().FindStringSubmatch(err.Error()); m != nil {
		line, _ = strconv.Atoi(m[1])
		col = 1
	}
	return p.errorAt(line, col, "YAML syntax error: %v; a spec must be valid YAML", strings.TrimPrefix(err.Error(), "yaml: "))
}

// badCharacter returns the position of the first byte of data that is not
// valid UTF-8 or is a control character YAML does not allow, or 1, 1,
// counting lines as sourceLines does.
func badCharacter(data []byte) (line, col int) {
	line, col = 1, 1
	for i := 0; i < len(data); {
		r, size := utf8.DecodeRune(data[i:])
		switch {
		case r == utf8.RuneError && size == 1,
			r < 0x20 && r != '\t' && r != '\n' && r != '\r',
			r == 0x7f:
			return line, col
		case r == '\r' && i+1 < len(data) && data[i+1] == '\n':
			// the line ends at the '\n'
		case isLineBreak(r):
			line, col = line+1, 1
		default:
			col++
		}
		i += size
	}
	return 1, 1
}

// isLineBreak reports whether the YAML parser counts r as a line break.
func isLineBreak(r rune) bool {
	return r == '\n' || r == '\r' || r == '\u0085' || r == '\u2028' || r == '\u2029'
}

// sourceLines splits data into lines at the line breaks the YAML parser
// counts: CR LF, CR, LF, NEL, LS and PS.
func sourceLines(data []byte) []string {
	var lines []string
	s := string(data)
	start := 0
	for i, r := range s {
		if r == '\r' && i+1 < len(s) && s[i+1] == '\n' {
			continue // the line ends at the '\n'
		}
		if isLineBreak(r) {
			lines = append(lines, s[start:i])
			start = i + utf8.RuneLen(r)
		}
	}
	return append(lines, s[start:])
}
