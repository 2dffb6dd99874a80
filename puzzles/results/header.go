package results

// The header every saved file starts with. Whatever the file holds (a
// result, a shard file, a count or a part of one), its first JSON object
// starts with the same fields, in this order:
//
//	{"polytile": 3, "holds": "solutions", "kind": "tiling", "spec": "scott", "fingerprint": "…", …}
//
// "polytile" is the version of the format (FormatVersion), "holds" what the
// file holds (HoldsSolutions or HoldsCount), "kind" the puzzle's kind, "spec"
// the spec's file path or built-in name and "fingerprint" the search's or
// the count's fingerprint. The fields that follow are those of the file's
// own form. ReadFileHeader reads it, and reads files written before it too.

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/polytile/polytile/puzzles"
)

// FormatVersion is the header's "polytile": the version of the format of
// the files this package writes. Versions 1 and 2 were those of shard
// files before every file had the header; results and counts had none.
const FormatVersion = 3

// What a saved file holds: its header's "holds".
const (
	HoldsSolutions = "solutions" // a result or a shard file
	HoldsCount     = "count"     // a count, whole or a part of one
)

// FileHeader is the start of every saved file. Result, Header (a shard
// file's first line) and the count's object embed it, so that it is
// written, and read, in one place.
type FileHeader struct {
	// Polytile is the version of the format (FormatVersion); 0 for a
	// file written before the header (ReadFileHeader).
	Polytile    int    `json:"polytile"`
	Holds       string `json:"holds"`       // HoldsSolutions or HoldsCount
	Kind        string `json:"kind"`        // the puzzle's kind (puzzles.Kinds)
	Spec        string `json:"spec"`        // the spec's file path or built-in name
	Fingerprint string `json:"fingerprint"` // the search's, or the count's
}

// newFileHeader returns the header of a file that holds holds of the
// puzzle p of the spec named spec.
func newFileHeader(holds, spec string, p puzzles.Problem, fingerprint string) FileHeader {
	kind := puzzles.DefaultKind
	if p != nil {
		kind = p.Kind()
	}
	return FileHeader{Polytile: FormatVersion, Holds: holds, Kind: kind, Spec: spec, Fingerprint: fingerprint}
}

// kind returns the kind of the puzzle the file holds: the default one for
// a file that does not say (files written before the header left it out
// for tilings).
func (h *FileHeader) kind() string {
	if h.Kind == "" {
		return puzzles.DefaultKind
	}
	return h.Kind
}

// check checks the header's version and what it says it holds.
func (h *FileHeader) check(name string) error {
	switch {
	case h.Polytile > FormatVersion:
		return &HeaderError{Path: name, Why: fmt.Sprintf("it is in version %d of the format, written by a newer polytile; this one reads versions up to %d", h.Polytile, FormatVersion)}
	case h.Polytile < FormatVersion && h.Polytile != 0:
		return &HeaderError{Path: name, Why: fmt.Sprintf("its header says version %d of the format, which never had one", h.Polytile)}
	case h.Holds != HoldsSolutions && h.Holds != HoldsCount:
		return &HeaderError{Path: name, Why: fmt.Sprintf("its header says it holds %q: want %q or %q", h.Holds, HoldsSolutions, HoldsCount)}
	}
	return nil
}

// HeaderError is the error of a file whose header cannot be read, or says
// what this polytile cannot read.
type HeaderError struct {
	Path string // the file
	Why  string // what is wrong
}

func (e *HeaderError) Error() string {
	return fmt.Sprintf("%s is not a file polytile can read: %s", e.Path, e.Why)
}

// ReadFileHeader reads the header of the saved file at path (ReadHeader).
func ReadFileHeader(path string) (*FileHeader, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	// A header is a line at most, or a result's fields before its
	// solutions: no longer than a line of a saved file may be.
	lr := &io.LimitedReader{R: f, N: MaxLine + 1}
	h, err := ReadHeader(bufio.NewReaderSize(lr, 4096), path)
	if err != nil && lr.N <= 0 {
		return nil, &HeaderError{Path: path, Why: fmt.Sprintf("its header is longer than %d MiB", MaxLine>>20)}
	}
	return h, err
}

// ReadHeader reads the header of a saved file from r (reading on past it
// into its own fields); name names it in errors. It reads the first JSON
// object's fields by name, never further than the header or the start of
// a result's solutions, and checks them. A file written before the header
// reads too, with Polytile 0 and what its own fields say: a shard file
// ("polytile": "shard") and a result (with a "name") hold solutions, a
// count (with a "puzzle") a count.
func ReadHeader(r io.Reader, name string) (*FileHeader, error) {
	dec := json.NewDecoder(r)
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		if errors.Is(err, io.EOF) {
			return nil, &HeaderError{Path: name, Why: "it is empty"}
		}
		return nil, &HeaderError{Path: name, Why: "it does not start with a JSON object"}
	}
	fields := map[string]json.RawMessage{}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return nil, &HeaderError{Path: name, Why: "its first object is not valid JSON"}
		}
		key, _ := t.(string)
		if key == "solutions" {
			break // a result's solutions: the header is before them
		}
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, &HeaderError{Path: name, Why: "its first object is not valid JSON"}
		}
		fields[key] = v
		if wholeHeader(fields) {
			break
		}
	}
	h, err := fileHeaderOf(fields)
	if err != nil {
		return nil, &HeaderError{Path: name, Why: err.Error()}
	}
	if err := h.check(name); err != nil {
		return nil, err
	}
	return h, nil
}

// wholeHeader reports whether fields hold the whole header.
func wholeHeader(fields map[string]json.RawMessage) bool {
	for _, k := range []string{"polytile", "holds", "kind", "spec", "fingerprint"} {
		if fields[k] == nil {
			return false
		}
	}
	return isNumber(fields["polytile"])
}

// isNumber reports whether v is a JSON number.
func isNumber(v json.RawMessage) bool {
	return len(v) > 0 && (v[0] == '-' || (v[0] >= '0' && v[0] <= '9'))
}

// fileHeaderOf returns the header that the fields of a file's first object
// say.
func fileHeaderOf(fields map[string]json.RawMessage) (*FileHeader, error) {
	str := func(key string) string {
		var s string
		_ = json.Unmarshal(fields[key], &s)
		return s
	}
	h := &FileHeader{Kind: str("kind"), Fingerprint: str("fingerprint")}
	switch {
	case isNumber(fields["polytile"]):
		if err := json.Unmarshal(fields["polytile"], &h.Polytile); err != nil || h.Polytile < 1 {
			return nil, fmt.Errorf("its header's version is %s: want a whole number from 1", fields["polytile"])
		}
		h.Holds, h.Spec = str("holds"), str("spec")
		if fields["holds"] == nil || fields["kind"] == nil || fields["spec"] == nil || fields["fingerprint"] == nil {
			return nil, fmt.Errorf("its header lacks a field: it has polytile, holds, kind, spec and fingerprint")
		}
	case str("polytile") == "shard":
		h.Holds, h.Spec = HoldsSolutions, str("spec") // a shard file of versions 1 and 2
	case fields["polytile"] == nil && fields["name"] != nil:
		h.Holds, h.Spec = HoldsSolutions, str("name") // a result
	case fields["polytile"] == nil && fields["puzzle"] != nil:
		h.Holds, h.Spec = HoldsCount, str("puzzle") // a count, which said no kind
		if fields["shard"] != nil {
			h.Kind = puzzles.DefaultKind // only tilings' counts had parts
		}
	default:
		return nil, fmt.Errorf("its first object has no header (polytile, holds, kind, spec, fingerprint)")
	}
	if h.Polytile == 0 && h.Holds == HoldsSolutions && h.Kind == "" {
		h.Kind = puzzles.DefaultKind // left out for tilings
	}
	return h, nil
}
