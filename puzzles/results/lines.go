package results

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
)

// lineReader reads the lines of a file of JSON lines (a shard file) or of
// a result, one at a time, numbering them from 1 for errors. It reads no
// further than the lines asked for, through a buffer of its own or the
// bufio.Reader it is given.
type lineReader struct {
	br   *bufio.Reader
	name string // the file's path or name, for errors
	n    int    // the number of the line read last, from 1; 0 before the first
}

// newLineReader reads the lines of r, named name in errors. If r is a
// *bufio.Reader it reads through it, so that what was read from r before
// is not read again.
func newLineReader(r io.Reader, name string) *lineReader {
	br, ok := r.(*bufio.Reader)
	if !ok {
		br = bufio.NewReaderSize(r, 1<<16)
	}
	return &lineReader{br: br, name: name}
}

// MaxLine is the longest line a file of saved results may have: 64 MiB,
// far more than a solution of any puzzle polytile can search takes (a
// million monominoes' take about 30 MiB). A longer line is an error, read
// no further: a damaged or hostile file (a sparse one of gigabytes of
// zeros, say) costs no more memory than that.
const MaxLine = 64 << 20

// next returns the next line with its newline, or without one if it is
// the file's last and has none (a file cut short), with a nil error; after
// the last line it returns nil and io.EOF. The line is the caller's to
// keep. An error reading is "name:line: …"; a line longer than MaxLine is
// one.
func (lr *lineReader) next() ([]byte, error) {
	var line []byte
	var err error
	for {
		var chunk []byte
		chunk, err = lr.br.ReadSlice('\n')
		line = append(line, chunk...)
		if !errors.Is(err, bufio.ErrBufferFull) {
			break
		}
		if len(line) > MaxLine {
			lr.n++
			return nil, lr.errorf("a line longer than %d MiB: not a file polytile writes", MaxLine>>20)
		}
	}
	if len(line) > 0 {
		lr.n++
		if errors.Is(err, io.EOF) {
			err = nil // the last line, without its newline: io.EOF comes next
		}
	}
	if err != nil && !errors.Is(err, io.EOF) {
		return line, lr.errorf("%w", err)
	}
	return line, err
}

// want is next for a line that must be there: the end of the file is an
// error, "name:line: unexpected EOF".
func (lr *lineReader) want() ([]byte, error) {
	line, err := lr.next()
	if errors.Is(err, io.EOF) {
		return nil, lr.errorf("%w", io.ErrUnexpectedEOF)
	}
	return line, err
}

// nonBlank is next, reading past blank lines (counting them).
func (lr *lineReader) nonBlank() ([]byte, error) {
	for {
		line, err := lr.next()
		if err != nil || len(bytes.TrimSpace(line)) > 0 {
			return line, err
		}
	}
}

// skipSolutions reads past the lines of k solutions of a shard file or a
// result, one a line as Writer and Encode write them, and returns how
// many it read: k, or fewer and the error that ended them (io.EOF at the
// end of the file). Done lines are read past, not counted. It decodes
// nothing and keeps nothing: a picture of the millionth solution of a
// file reads the lines before it as fast as the disk gives them.
func (lr *lineReader) skipSolutions(k int) (int, error) {
	start, solution := true, true
	for n := 0; n < k; {
		chunk, err := lr.br.ReadSlice('\n')
		if start {
			solution = !bytes.HasPrefix(chunk, []byte(`{"done":`))
		}
		if err == nil {
			lr.n++
			if solution {
				n++
			}
			start = true
			continue
		}
		if !errors.Is(err, bufio.ErrBufferFull) {
			return n, err
		}
		start = false // a line longer than the buffer: read on
	}
	return k, nil
}

// errorf returns an error about the line read last: "name:line: …".
func (lr *lineReader) errorf(format string, args ...any) error {
	return fmt.Errorf("%s:%d: "+format, append([]any{lr.name, lr.n}, args...)...)
}
