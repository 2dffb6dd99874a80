package results

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"

	"github.com/polytile/polytile/internal/plural"
	"github.com/polytile/polytile/puzzles"
	"github.com/polytile/polytile/puzzles/cover"
)

// CoverResult is the result of a search of an exact-cover puzzle that is
// not a tiling (package cover), as polytile solve --json prints it: the
// counts of Result, the kind, and each distinct solution in its kind's
// terms: {"grid": [...]} for a Sudoku, {"queens": [[r, c], ...]} for N
// queens, {"options": [["A", "D"], ...]} for a plain matrix, with its
// orbit.
type CoverResult struct {
	Name       string          `json:"name"`
	Title      string          `json:"title,omitempty"`
	Kind       string          `json:"kind"`
	Raw        int64           `json:"raw"`
	Distinct   int             `json:"distinct"`
	Symmetries int             `json:"symmetries"`
	Complete   bool            `json:"complete"`
	Nodes      int64           `json:"nodes"`
	SpecText   string          `json:"spec_text,omitempty"`
	Solutions  []CoverSolution `json:"solutions"`
}

// CoverSolution is one distinct solution: its orbit and its kind's
// fields.
type CoverSolution struct {
	Orbit int
	Value any
}

// MarshalJSON writes the orbit beside the kind's fields.
func (s CoverSolution) MarshalJSON() ([]byte, error) {
	v, err := json.Marshal(s.Value)
	if err != nil {
		return nil, err
	}
	if len(v) < 2 || v[0] != '{' {
		return nil, fmt.Errorf("results: a solution is saved as %s, not an object", v)
	}
	rest := v[1:]
	if len(rest) > 1 {
		rest = append([]byte{','}, rest...)
	}
	return append([]byte(fmt.Sprintf(`{"orbit":%d`, s.Orbit)), rest...), nil
}

// NewCoverResult returns what a search of spec's exact-cover puzzle found.
func NewCoverResult(spec *puzzles.Spec, res *cover.Result) *CoverResult {
	p := spec.Cover
	out := &CoverResult{Name: spec.Name, Title: spec.Title, Kind: p.Kind(), Raw: res.Raw, Distinct: len(res.Distinct),
		Symmetries: p.Symmetries(), Complete: res.Complete, Nodes: res.Nodes, SpecText: spec.Source, Solutions: []CoverSolution{}}
	for _, c := range res.Distinct {
		out.Solutions = append(out.Solutions, CoverSolution{Orbit: c.Orbit, Value: p.Saved(c.Options)})
	}
	return out
}

// Encode writes r as one JSON object, indented, the same bytes for the
// same result.
func (r *CoverResult) Encode(w io.Writer) error {
	data, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return fmt.Errorf("results: %w", err)
	}
	_, err = w.Write(append(data, '\n'))
	return err
}

// WriteCover writes what a search of spec's exact-cover puzzle found: as
// one JSON object (CoverResult) if asJSON, else as WriteCoverReport does.
func WriteCover(w io.Writer, spec *puzzles.Spec, res *cover.Result, asJSON bool, show int) error {
	if asJSON {
		return NewCoverResult(spec, res).Encode(w)
	}
	return WriteCoverReport(w, spec, res, show)
}

// WriteCoverReport writes what a search of spec's exact-cover puzzle
// found as polytile solve prints it: the counts, then the first show
// distinct solutions in the kind's text.
func WriteCoverReport(w io.Writer, spec *puzzles.Spec, res *cover.Result, show int) error {
	p := spec.Cover
	some := ""
	if !res.Complete {
		some = "at least "
	}
	var b bytes.Buffer
	title := spec.Title
	if title == "" {
		title = spec.Name
	}
	fmt.Fprintf(&b, "%s\n", title)
	fmt.Fprintf(&b, "puzzle:     %s\n", p.About())
	fmt.Fprintf(&b, "raw:        %s%d\n", some, res.Raw)
	fmt.Fprintf(&b, "distinct:   %s%d\n", some, res.Found)
	fmt.Fprintf(&b, "symmetries: %d\n", p.Symmetries())
	fmt.Fprintf(&b, "search:     %s\n", plural.Of(res.Nodes, "search node"))
	if p.Kind() == "sudoku" {
		// What a setter asks: has the grid one solution, as a Sudoku must?
		proper := "unknown: the search stopped before it could tell"
		switch {
		case res.Found >= 2:
			proper = "no: more than one solution (a search stopped at 2 is enough to tell)"
		case res.Complete && res.Found == 1:
			proper = "yes: exactly one solution"
		case res.Complete && res.Found == 0:
			proper = "no: no solution"
		}
		fmt.Fprintf(&b, "proper:     %s\n", proper)
	}
	if !res.Complete {
		fmt.Fprintf(&b, "partial:    the search stopped early\n")
	}
	for i, c := range res.Distinct[:min(show, len(res.Distinct))] {
		fmt.Fprintf(&b, "\nsolution %d of %s%d (orbit %d):\n%s", i+1, some, len(res.Distinct), c.Orbit, p.Text(c.Options))
	}
	_, err := w.Write(b.Bytes())
	return err
}
