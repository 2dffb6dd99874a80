package tiling

import (
	"cmp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/polytile/polytile/puzzles"
	"github.com/polytile/polytile/puzzles/geom"
)

// Solution is one way of covering a puzzle's board with its pieces. It is
// immutable.
type Solution struct {
	p *Puzzle
	// code holds, for each board cell in reading order, rank × len(pieces)
	// + piece, where rank numbers the pieces put down in the order they are
	// first met reading the board (canonizer.encode).
	code []int32
}

// newSolution returns the solution whose board cell i holds instance
// owner[i], of piece kind[owner[i]].
func newSolution(p *Puzzle, owner, kind []int32) *Solution {
	cz := newCanonizer(p)
	code := make([]int32, len(owner))
	cz.encode(&p.group[0], owner, kind, code)
	return &Solution{p: p, code: code}
}

// Puzzle returns the puzzle the solution solves.
func (s *Solution) Puzzle() *Puzzle { return s.p }

// Problem returns the puzzle the solution solves, as a Problem.
func (s *Solution) Problem() puzzles.Problem { return s.p }

// Board returns the board of the puzzle the solution solves.
func (s *Solution) Board() *geom.Board { return s.p.board }

// PieceNames returns the names of the puzzle's pieces, which At's pieces
// index.
func (s *Solution) PieceNames() []string { return s.p.PieceNames() }

// At returns, for board cell i (in the board's reading order), the piece
// covering it and which of the solution's pieces it is: pieces are numbered
// from 0 in the order in which they are first met reading the board.
//
// An empty cell (Options.Empty) is (-1, -1): it has no piece, and the
// numbers of the empty cells are left out of the instances'.
func (s *Solution) At(i int) (piece, instance int) {
	k := int32(len(s.p.pieces))
	if int(s.code[i]%k) == s.p.hole {
		return -1, -1
	}
	return int(s.code[i] % k), int(s.code[i] / k)
}

// Placements returns the pieces put down, sorted by piece and then by
// their first cell.
func (s *Solution) Placements() []Placement {
	pls, _ := s.AppendPlacements(nil, nil)
	return pls
}

// AppendPlacements appends to pls the pieces put down, as Placements
// returns them, their cells held in cells' space when it is large enough
// (else in a new array), and returns pls and that array: a caller going
// through many solutions can reuse both. The placements appended share
// the array.
func (s *Solution) AppendPlacements(pls []Placement, cells []geom.Cell) ([]Placement, []geom.Cell) {
	k := int32(len(s.p.pieces))
	start := len(pls)
	n := s.Pieces()
	pls = slices.Grow(pls, n)[:start+n]
	byRank := pls[start:]
	clear(byRank)
	// The cells of all the placements in one array, each placement's
	// after those of the ranks before it.
	for _, c := range s.code {
		byRank[c/k].Piece++ // for now, the count of its cells
	}
	if cap(cells) < len(s.code) {
		cells = make([]geom.Cell, len(s.code))
	}
	all := cells[:len(s.code)]
	off := 0
	for r := range byRank {
		n := byRank[r].Piece
		byRank[r].Cells = all[off : off : off+n]
		off += n
	}
	for i, c := range s.code {
		pl := &byRank[c/k]
		pl.Piece = int(c % k)
		pl.Cells = append(pl.Cells, s.p.board.Cells()[i])
	}
	// By piece, then by first cell: the ranks are in the order of their
	// first cells (read in the board's order, which is Cell.Compare's), so
	// a stable sort by piece alone does it. Insertion, by hand: a
	// solution has few pieces, and writing results sorts every one.
	if len(byRank) > 64 {
		slices.SortStableFunc(byRank, func(a, b Placement) int { return a.Piece - b.Piece })
		return s.p.dropEmpty(pls), all
	}
	for i := 1; i < len(byRank); i++ {
		for j := i; j > 0 && byRank[j].Piece < byRank[j-1].Piece; j-- {
			byRank[j], byRank[j-1] = byRank[j-1], byRank[j]
		}
	}
	return s.p.dropEmpty(pls), all
}

// dropEmpty returns pls without the empty cells', which a sort by piece
// put last.
func (p *Puzzle) dropEmpty(pls []Placement) []Placement {
	for p.hole >= 0 && len(pls) > 0 && pls[len(pls)-1].Piece == p.hole {
		pls = pls[:len(pls)-1]
	}
	return pls
}

// Key returns a string that is equal for two solutions of one puzzle
// exactly when they are the same solution.
func (s *Solution) Key() string {
	var b strings.Builder
	b.Grow(4 * len(s.code))
	for _, c := range s.code {
		b.WriteByte(byte(c))
		b.WriteByte(byte(c >> 8))
		b.WriteByte(byte(c >> 16))
		b.WriteByte(byte(c >> 24))
	}
	return b.String()
}

// SortKey returns the solution's encoding as text whose byte order is
// Compare's order, for sorting solutions outside memory.
func (s *Solution) SortKey() string {
	var b strings.Builder
	b.Grow(4 * len(s.code))
	for _, c := range s.code {
		b.WriteByte(byte(c >> 24))
		b.WriteByte(byte(c >> 16))
		b.WriteByte(byte(c >> 8))
		b.WriteByte(byte(c))
	}
	return b.String()
}

// Compare orders solutions of one puzzle by their encodings: a fixed order
// in which the distinct solutions are listed.
func (s *Solution) Compare(t *Solution) int { return slices.Compare(s.code, t.code) }

// Canonical returns the canonical form of the solution, the representative
// of its class that has the smallest encoding over the puzzle's symmetry
// group, and the size of the class: the number of raw solutions the group
// makes of it.
func (s *Solution) Canonical() (*Solution, int) {
	owner, kind := s.instances()
	best, orbit := newCanonizer(s.p).canonical(owner, kind)
	return &Solution{p: s.p, code: slices.Clone(best)}, orbit
}

// Pieces returns the number of pieces the solution puts down: the
// puzzle's Instances, but for pieces of any count, of which it puts down
// as many as it does.
func (s *Solution) Pieces() int {
	if !s.p.anyCount() {
		return s.p.Instances()
	}
	k := int32(len(s.p.pieces))
	n := 0
	for _, c := range s.code {
		n = max(n, int(c/k)+1)
	}
	return n
}

// instances splits the encoding into the instance at each cell and the
// piece of each instance.
func (s *Solution) instances() (owner, kind []int32) {
	k := int32(len(s.p.pieces))
	owner = make([]int32, len(s.code))
	kind = make([]int32, s.Pieces())
	for i, c := range s.code {
		owner[i], kind[c/k] = c/k, c%k
	}
	return owner, kind
}

// Transform returns the image of the solution under the k-th element of
// the puzzle's symmetry group, 0 ≤ k < Symmetries().
func (s *Solution) Transform(k int) *Solution {
	owner, kind := s.instances()
	code := make([]int32, len(s.code))
	newCanonizer(s.p).encode(&s.p.group[k], owner, kind, code)
	return &Solution{p: s.p, code: code}
}

// Letters returns the character that String draws for each of the
// solution's pieces, numbered as At numbers them. A piece is drawn with the
// first character of its name; where that would draw two pieces alike,
// with the other case of it, and after that with the first unused of
// A–Z, a–z, 0–9. The choice depends only on the order of the Placements,
// so a piece of a puzzle with one copy of each piece has the same letter in
// every solution.
func (s *Solution) Letters() []rune {
	k := int32(len(s.p.pieces))
	// Instances in the order of Placements: by piece, then first cell.
	n := s.Pieces()
	order := make([]int, 0, n)
	seen := make([]bool, n)
	first := make([]int, n) // first cell of each instance
	for i, c := range s.code {
		if r := c / k; !seen[r] {
			seen[r] = true
			first[r] = i
			order = append(order, int(r))
		}
	}
	slices.SortStableFunc(order, func(a, b int) int {
		pa, pb := s.code[first[a]]%k, s.code[first[b]]%k
		if pa != pb {
			return int(pa - pb)
		}
		return first[a] - first[b]
	})
	letters := make([]rune, n)
	used := map[rune]bool{}
	const pool = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
	for _, r := range order {
		if int(s.code[first[r]]%k) == s.p.hole {
			letters[r] = '.'
			continue
		}
		name := s.p.pieces[s.code[first[r]]%k].Name
		c, _ := utf8.DecodeRuneInString(name)
		other := unicode.ToUpper(c)
		if other == c {
			other = unicode.ToLower(c)
		}
		candidates := []rune{c, other}
		candidates = append(candidates, []rune(pool)...)
		letters[r] = '?'
		for _, c := range candidates {
			if c != ' ' && c != utf8.RuneError && !used[c] {
				letters[r] = c
				used[c] = true
				break
			}
		}
	}
	return letters
}

// Legend says which piece each character of String stands for, when that
// is not plain: "" when every piece's name is the one character that draws
// it, else one line "key: b bar, B bar, c crook, …", the characters in
// the order of Placements.
func (s *Solution) Legend() string {
	letters := s.Letters()
	k := int32(len(s.p.pieces))
	plain := true
	name := make([]string, len(letters))
	order := make([]int, 0, len(letters))
	seen := make([]bool, len(letters))
	for _, c := range s.code {
		if r := c / k; !seen[r] && int(c%k) != s.p.hole {
			seen[r] = true
			name[r] = s.p.pieces[c%k].Name
			order = append(order, int(r))
			plain = plain && name[r] == string(letters[r])
		}
	}
	if plain {
		return ""
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(s.pieceOrder(name[a]), s.pieceOrder(name[b])) })
	parts := make([]string, len(order))
	for i, r := range order {
		parts[i] = string(letters[r]) + " " + name[r]
	}
	return "key: " + strings.Join(parts, ", ") + "\n"
}

// pieceOrder returns the index of the piece of that name.
func (s *Solution) pieceOrder(name string) int {
	return slices.IndexFunc(s.p.pieces, func(p geom.Piece) bool { return p.Name == name })
}

// String draws the solution as text (geom.Board.Text): each cell shows
// the letter of the piece covering it (Letters).
func (s *Solution) String() string {
	letters := s.Letters()
	k := int32(len(s.p.pieces))
	return s.p.board.Text(func(i int) rune { return letters[s.code[i]/k] })
}

// CoverKey returns the encoding by which Solution.Compare orders solutions
// (so solve --json lists them), computed from a cover alone: piece[i] is
// the index among the puzzle's n pieces of the i-th piece put down, and
// cells[i] its cells. For each covered cell in reading order it holds
// rank × n + piece, ranks numbering the pieces put down in the order in
// which they are first met. It lets a program order solutions read back
// from files, without the puzzle.
func CoverKey(n int, piece []int, cells [][]geom.Cell) []int32 {
	type at struct {
		c    geom.Cell
		inst int
	}
	var all []at
	for i, cs := range cells {
		for _, c := range cs {
			all = append(all, at{c, i})
		}
	}
	slices.SortFunc(all, func(a, b at) int { return a.c.Compare(b.c) })
	rank := make([]int32, len(cells))
	for i := range rank {
		rank[i] = -1
	}
	next := int32(0)
	key := make([]int32, len(all))
	for i, a := range all {
		if rank[a.inst] < 0 {
			rank[a.inst] = next
			next++
		}
		key[i] = rank[a.inst]*int32(n) + int32(piece[a.inst])
	}
	return key
}
