// Package results holds the files in which polytile saves what a search
// found, and reads them back:
//
//   - the result of a search, one JSON object (what polytile solve --json
//     and polytile merge print): Result, with NewResult, Encode and
//     ReadResult;
//   - the shard file, JSON lines streamed while a search runs (what
//     polytile solve --jsonl writes, one file for each part of a sharded
//     search): Header, ShardSolution and End, written by a Writer and read
//     by ReadShard;
//   - the merge of the shards of one search into its Result, which checks
//     every solution against the puzzle as the search would have found it.
//
// A saved solution (Solution) names its pieces and their cells as
// [row, col], counted from the top-left corner of the board's picture;
// Solution.Class turns it back into the puzzle's solution, checked.
//
// Errors about a file start with its name and line ("s0.jsonl:12: …"),
// as spec errors do; others with "results:".
package results

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strconv"

	"github.com/polytile/polytile/puzzles"
)

// Result is the result of a search: its counts and its distinct
// solutions, in canonical order (the order of puzzles.Result.Distinct).
// The JSON field names are a contract with the programs that read them.
type Result struct {
	Name       string `json:"name"`              // the spec's file path or built-in name
	Title      string `json:"title,omitempty"`   // the spec's title
	Lattice    string `json:"lattice,omitempty"` // the lattice's name; left out for the square one
	Shard      string `json:"shard,omitempty"`   // "i/n" for a part of the search (ShardName)
	Raw        int64  `json:"raw"`               // raw solutions: the sum of the orbits
	Distinct   int    `json:"distinct"`          // distinct solutions
	Symmetries int    `json:"symmetries"`        // the order of the puzzle's symmetry group
	Complete   bool   `json:"complete"`          // false if the search stopped early
	Engine     string `json:"engine"`            // "dlx" or "fill"
	Nodes      int64  `json:"nodes"`             // search nodes
	Updates    int64  `json:"updates"`           // Dancing Links' link updates (0 for fill)
	// SpecText is the spec's text, so that the result can be drawn with
	// the spec's render options, or checked, without the spec's file.
	SpecText  string     `json:"spec_text,omitempty"`
	Solutions []Solution `json:"solutions,omitempty"`
}

// Solution is one distinct solution as saved: the size of its class and
// its pieces, in the order of puzzles.Solution.Placements (by piece, then
// by first cell).
type Solution struct {
	Orbit  int     `json:"orbit"`
	Pieces []Piece `json:"pieces"`
}

// Piece is one piece put down: its name and its cells, each [row, col]
// counted from the top-left corner of the board's picture, in reading
// order.
type Piece struct {
	Name  string   `json:"name"`
	Cells [][2]int `json:"cells"`
}

// NewResult returns the counts and the distinct solutions of res, a
// search of spec's puzzle.
func NewResult(spec *puzzles.Spec, res *puzzles.Result) *Result {
	out := newResultHead(spec, res)
	out.Solutions = make([]Solution, len(res.Distinct))
	for i, d := range res.Distinct {
		out.Solutions[i] = NewSolution(d)
	}
	return out
}

// newResultHead is NewResult without the solutions.
func newResultHead(spec *puzzles.Spec, res *puzzles.Result) *Result {
	return &Result{
		Name:       spec.Name,
		Title:      spec.Title,
		Lattice:    LatticeName(spec.Puzzle),
		Raw:        res.Raw,
		Distinct:   len(res.Distinct),
		Symmetries: res.Symmetries,
		Complete:   res.Complete,
		Engine:     res.Engine.String(),
		Nodes:      res.Stats.Nodes,
		Updates:    res.Stats.Updates,
		SpecText:   spec.Source,
	}
}

// NewSolution returns d as saved.
func NewSolution(d puzzles.Class) Solution {
	var s Solution
	s.set(d, nil)
	return s
}

// solutionSpace is the space that Solution.set reuses from one solution
// to the next.
type solutionSpace struct {
	pls   []puzzles.Placement
	cells []puzzles.Cell
	all   [][2]int
}

// set makes s d as saved. If sp is not nil, s.Pieces and the cells come
// from the space that sp and s hold, which the next set reuses.
func (s *Solution) set(d puzzles.Class, sp *solutionSpace) {
	pieces := d.Puzzle().Pieces()
	s.Orbit = d.Orbit
	var pls []puzzles.Placement
	var all [][2]int
	if sp == nil {
		pls = d.Placements()
	} else {
		pls, sp.cells = d.AppendPlacements(sp.pls[:0], sp.cells)
		sp.pls, all = pls, sp.all
	}
	if len(pls) == 0 {
		s.Pieces = nil
		return
	}
	n := 0
	for _, pl := range pls {
		n += len(pl.Cells)
	}
	if cap(all) < n {
		all = make([][2]int, n)
		if sp != nil {
			sp.all = all
		}
	}
	if cap(s.Pieces) < len(pls) {
		s.Pieces = make([]Piece, len(pls))
	}
	s.Pieces = s.Pieces[:len(pls)]
	rest := all[:n]
	for i, pl := range pls {
		cells := rest[:len(pl.Cells):len(pl.Cells)]
		rest = rest[len(pl.Cells):]
		for k, c := range pl.Cells {
			cells[k] = [2]int{c.Row, c.Col}
		}
		s.Pieces[i] = Piece{Name: pieces[pl.Piece].Name, Cells: cells}
	}
}

// Encode writes r as one JSON object: the counts indented, then the
// solutions, each on a line of its own (readable, and much quicker to
// write than the whole indented). The output is the same, byte for byte,
// for the same result.
func (r *Result) Encode(w io.Writer) error {
	return r.encode(w, len(r.Solutions), func(i int) *Solution { return &r.Solutions[i] })
}

// encode is Encode, of n solutions that solution gives one at a time
// (r.Solutions is not written).
func (r *Result) encode(w io.Writer, n int, solution func(i int) *Solution) error {
	bw := bufio.NewWriterSize(w, 1<<16)
	if err := r.encodeHead(bw); err != nil {
		return err
	}
	var line []byte
	names := map[string][]byte{} // the pieces' names, JSON-escaped
	for i := range n {
		if i > 0 {
			bw.WriteByte(',')
		}
		bw.WriteString("\n    ")
		line = solution(i).appendJSON(line[:0], names)
		bw.Write(line)
	}
	if n > 0 {
		bw.WriteString("\n  ")
	}
	bw.WriteString("]\n}\n")
	return bw.Flush()
}

// appendJSON appends to b the bytes json.Marshal makes of s, made
// without it (a result can hold many solutions); names keeps the pieces'
// names as JSON strings.
func (s *Solution) appendJSON(b []byte, names map[string][]byte) []byte {
	b = append(b, `{"orbit":`...)
	b = strconv.AppendInt(b, int64(s.Orbit), 10)
	b = append(b, `,"pieces":`...)
	if s.Pieces == nil {
		return append(b, "null}"...)
	}
	b = append(b, '[')
	for i, p := range s.Pieces {
		if i > 0 {
			b = append(b, ',')
		}
		name, ok := names[p.Name]
		if !ok {
			name, _ = json.Marshal(p.Name) // a string always marshals
			names[p.Name] = name
		}
		b = append(b, `{"name":`...)
		b = append(b, name...)
		b = append(b, `,"cells":`...)
		if p.Cells == nil {
			b = append(b, "null}"...)
			continue
		}
		b = append(b, '[')
		for k, c := range p.Cells {
			if k > 0 {
				b = append(b, ',')
			}
			b = append(b, '[')
			b = appendInt(b, c[0])
			b = append(b, ',')
			b = appendInt(b, c[1])
			b = append(b, ']')
		}
		b = append(b, "]}"...)
	}
	return append(b, "]}"...)
}

// encodeHead writes the counts as Encode writes them, up to the opening of
// the solutions' list.
func (r *Result) encodeHead(bw *bufio.Writer) error {
	head := *r
	head.Solutions = nil
	data, err := json.MarshalIndent(head, "", "  ")
	if err != nil {
		return fmt.Errorf("results: %w", err)
	}
	bw.Write(data[:bytes.LastIndexByte(data, '\n')])
	bw.WriteString(",\n  \"solutions\": [")
	return nil
}

// ReadResult reads a result that Encode wrote (or any JSON object of its
// fields) from r; name names it in errors. It checks the form of the
// solutions but not that they solve a puzzle: Solution.Class does.
func ReadResult(r io.Reader, name string) (*Result, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return readResult(data, name, true)
}

// readResult reads the result in data; whole says whether data holds its
// solutions, which must then add up to its counts.
func readResult(data []byte, name string, whole bool) (*Result, error) {
	var raw struct {
		Name       *string       `json:"name"`
		Title      string        `json:"title"`
		Shard      string        `json:"shard"`
		Raw        int64         `json:"raw"`
		Distinct   int           `json:"distinct"`
		Symmetries int           `json:"symmetries"`
		Complete   bool          `json:"complete"`
		Engine     string        `json:"engine"`
		Nodes      int64         `json:"nodes"`
		Updates    int64         `json:"updates"`
		Lattice    string        `json:"lattice"`
		SpecText   string        `json:"spec_text"`
		Solutions  []rawSolution `json:"solutions"`
	}
	if err := decode(data, &raw); err != nil {
		return nil, fmt.Errorf("%s is not a polytile result: %w", name, err)
	}
	if raw.Name == nil {
		return nil, fmt.Errorf("%s is not a polytile result: it has no name", name)
	}
	out := &Result{Name: *raw.Name, Title: raw.Title, Shard: raw.Shard, Raw: raw.Raw, Distinct: raw.Distinct,
		Symmetries: raw.Symmetries, Complete: raw.Complete, Engine: raw.Engine, Nodes: raw.Nodes, Updates: raw.Updates,
		Lattice: raw.Lattice, SpecText: raw.SpecText}
	var sum int64
	for i, rs := range raw.Solutions {
		s, err := rs.solution(raw.Symmetries)
		if err != nil {
			return nil, fmt.Errorf("%s: solution %d: %w", name, i+1, err)
		}
		out.Solutions = append(out.Solutions, s)
		sum += int64(s.Orbit)
	}
	switch {
	case !whole:
	case out.Distinct != len(out.Solutions):
		return nil, fmt.Errorf("%s: distinct is %d, but it holds %d solutions", name, out.Distinct, len(out.Solutions))
	case out.Raw != sum:
		return nil, fmt.Errorf("%s: raw is %d, but the orbits of its solutions add up to %d", name, out.Raw, sum)
	}
	return out, nil
}

// ReadResultFile reads the result in the file at path (ReadResult).
func ReadResultFile(path string) (*Result, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadResult(f, path)
}

// Classes returns r's solutions as classes of p's solutions, each checked
// (Solution.Class), in r's order.
func (r *Result) Classes(p *puzzles.Puzzle) ([]puzzles.Class, error) {
	index := pieceIndex(p)
	out := make([]puzzles.Class, len(r.Solutions))
	for i := range r.Solutions {
		c, err := r.Solutions[i].class(p, index)
		if err != nil {
			return nil, fmt.Errorf("%s: solution %d: %w", r.Name, i+1, err)
		}
		out[i] = c
	}
	return out, nil
}

// Cover returns the solution of p that s saved, after checking that it is
// one: its pieces are p's, each in a shape it may take, and they cover the
// board exactly (puzzles.NewSolution).
func (s *Solution) Cover(p *puzzles.Puzzle) (*puzzles.Solution, error) {
	return s.cover(p, pieceIndex(p))
}

// Class returns the class of solutions of p that s saved, after checking
// that s is one as a search reports it: a cover (Cover) in its canonical
// form, with the size of its class as its orbit.
func (s *Solution) Class(p *puzzles.Puzzle) (puzzles.Class, error) {
	return s.class(p, pieceIndex(p))
}

// pieceIndex maps the names of p's pieces to their indices.
func pieceIndex(p *puzzles.Puzzle) map[string]int {
	index := make(map[string]int, len(p.Pieces()))
	for i, pc := range p.Pieces() {
		index[pc.Name] = i
	}
	return index
}

func (s *Solution) cover(p *puzzles.Puzzle, index map[string]int) (*puzzles.Solution, error) {
	pls := make([]puzzles.Placement, len(s.Pieces))
	for i, pc := range s.Pieces {
		k, ok := index[pc.Name]
		if !ok {
			return nil, fmt.Errorf("piece %q is not a piece of the puzzle", pc.Name)
		}
		pls[i].Piece = k
		for _, c := range pc.Cells {
			pls[i].Cells = append(pls[i].Cells, puzzles.Cell{Row: c[0], Col: c[1]})
		}
	}
	sol, err := puzzles.NewSolution(p, pls)
	if err != nil {
		return nil, fmt.Errorf("not a solution of the puzzle: %w", err)
	}
	return sol, nil
}

func (s *Solution) class(p *puzzles.Puzzle, index map[string]int) (puzzles.Class, error) {
	sol, err := s.cover(p, index)
	if err != nil {
		return puzzles.Class{}, err
	}
	canon, orbit := sol.Canonical()
	if canon.Compare(sol) != 0 {
		return puzzles.Class{}, fmt.Errorf("a solution that is not in its canonical form (a rotation or reflection of another, which the search never reports)")
	}
	if orbit != s.Orbit {
		return puzzles.Class{}, fmt.Errorf("a solution whose orbit is %d, not %d", orbit, s.Orbit)
	}
	return puzzles.Class{Solution: sol, Orbit: orbit}, nil
}

// rawSolution is a Solution as read, before its form is checked.
type rawSolution struct {
	Orbit  *int       `json:"orbit"`
	Pieces []rawPiece `json:"pieces"`
}

type rawPiece struct {
	Name  *string `json:"name"`
	Cells [][]int `json:"cells"`
}

// solution checks the form of a solution of a puzzle with that many
// symmetries (0: unknown) and returns it.
func (rs *rawSolution) solution(symmetries int) (Solution, error) {
	switch {
	case rs.Orbit == nil:
		return Solution{}, fmt.Errorf("no orbit")
	case *rs.Orbit < 1:
		return Solution{}, fmt.Errorf("orbit %d: want 1 or more", *rs.Orbit)
	case symmetries > 0 && symmetries%*rs.Orbit != 0:
		return Solution{}, fmt.Errorf("orbit %d does not divide the %d symmetries", *rs.Orbit, symmetries)
	case len(rs.Pieces) == 0:
		return Solution{}, fmt.Errorf("no pieces")
	}
	s := Solution{Orbit: *rs.Orbit, Pieces: make([]Piece, len(rs.Pieces))}
	for i, rp := range rs.Pieces {
		if rp.Name == nil || *rp.Name == "" {
			return Solution{}, fmt.Errorf("piece %d has no name", i+1)
		}
		p := Piece{Name: *rp.Name, Cells: make([][2]int, len(rp.Cells))}
		for k, c := range rp.Cells {
			if len(c) != 2 {
				return Solution{}, fmt.Errorf("piece %q: cell %v is not a [row, col] pair", p.Name, c)
			}
			p.Cells[k] = [2]int{c[0], c[1]}
		}
		if len(p.Cells) == 0 {
			return Solution{}, fmt.Errorf("piece %q has no cells", p.Name)
		}
		s.Pieces[i] = p
	}
	return s, nil
}

// LatticeName names p's lattice as saved: "" for the square one, which
// the files leave out, so that square results read as they always have.
func LatticeName(p *puzzles.Puzzle) string {
	if lat := p.Board().Lattice(); lat != puzzles.Square {
		return lat.Name()
	}
	return ""
}

// ShardName names shard i of n as polytile solve --shard does: "i/n".
func ShardName(i, n int) string { return fmt.Sprintf("%d/%d", i, n) }

// appendInt appends v in decimal, as strconv.AppendInt does; a cell's
// coordinates, the most written numbers, are mostly below 100.
func appendInt(b []byte, v int) []byte {
	switch {
	case 0 <= v && v < 10:
		return append(b, byte('0'+v))
	case 10 <= v && v < 100:
		return append(b, byte('0'+v/10), byte('0'+v%10))
	}
	return strconv.AppendInt(b, int64(v), 10)
}
