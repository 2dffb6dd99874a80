package puzzles

import (
	"fmt"
	"slices"
	"strings"
	"sync"
)

// A set's pieces, drawn one after another; each piece is named by the line
// above its picture. The names follow the usual conventions: Golomb's letters
// for the pentominoes, a letter and the size for the smaller polyominoes,
// and a prime for the mirror image in one-sided sets.
const (
	monominoPics = `O1
#
`
	dominoPics = `I2
##
`
	trominoPics = `I3
###
V3
##
#
`
	tetrominoPics = `I4
####
O4
##
##
T4
###
 #
L4
#
#
##
S4
 ##
##
`
	pentominoPics = `F
 ##
##
 #
I
#####
L
#
#
#
##
N
 #
 #
##
#
P
##
##
#
T
###
 #
 #
U
# #
###
V
#
#
###
W
#
##
 ##
X
 #
###
 #
Y
 #
##
 #
 #
Z
##
 #
 ##
`
)

// setInfo describes one built-in set.
type setInfo struct {
	name  string
	about string
	make  func() []Piece
}

var sets = []setInfo{
	{"monomino", "the single square", func() []Piece { return drawnSet(monominoPics, false) }},
	{"domino", "two squares", func() []Piece { return drawnSet(dominoPics, false) }},
	{"trominoes", "the 2 free trominoes", func() []Piece { return drawnSet(trominoPics, false) }},
	{"tetrominoes", "the 5 free tetrominoes", func() []Piece { return drawnSet(tetrominoPics, false) }},
	{"pentominoes", "the 12 free pentominoes, F I L N P T U V W X Y Z", func() []Piece { return drawnSet(pentominoPics, false) }},
	{"hexominoes", "the 35 free hexominoes, H01 … H35", func() []Piece { return generatedSet(6, "H") }},
	{"one-sided-tetrominoes", "the 7 one-sided tetrominoes", func() []Piece {
		return oneSided(drawnSet(tetrominoPics, true), map[string]string{"L4": "J4", "S4": "Z4"})
	}},
	{"one-sided-pentominoes", "the 18 one-sided pentominoes", func() []Piece { return oneSided(drawnSet(pentominoPics, true), nil) }},
}

var setCache sync.Map // name → []Piece

// PieceSetNames returns the names of the built-in piece sets, in a fixed order.
func PieceSetNames() []string {
	names := make([]string, len(sets))
	for i, s := range sets {
		names[i] = s.name
	}
	return names
}

// PieceSetAbout returns a one-line description of the named built-in set, or ""
// if there is no such set.
func PieceSetAbout(name string) string {
	for _, s := range sets {
		if s.name == name {
			return s.about
		}
	}
	return ""
}

// PieceSet returns the pieces of the named built-in set, one copy of each. The
// caller may modify the returned slice and pieces.
func PieceSet(name string) ([]Piece, error) {
	for _, s := range sets {
		if s.name != name {
			continue
		}
		v, ok := setCache.Load(name)
		if !ok {
			v, _ = setCache.LoadOrStore(name, s.make())
		}
		pieces := slices.Clone(v.([]Piece))
		for i := range pieces {
			pieces[i].Cells = slices.Clone(pieces[i].Cells)
		}
		return pieces, nil
	}
	return nil, fmt.Errorf("puzzles: no piece set %q (built-in sets: %s)", name, strings.Join(PieceSetNames(), ", "))
}

// drawnSet parses a list of named pictures.
func drawnSet(pics string, oneSided bool) []Piece {
	var pieces []Piece
	var name string
	var pic []string
	flush := func() {
		if name == "" {
			return
		}
		p, err := ParsePiece(name, strings.Join(pic, "\n"))
		if err != nil {
			panic("puzzles: built-in set: " + err.Error())
		}
		p.OneSided = oneSided
		pieces = append(pieces, p)
	}
	for line := range strings.SplitSeq(strings.TrimSuffix(pics, "\n"), "\n") {
		if strings.ContainsAny(line, "# ") {
			pic = append(pic, line)
			continue
		}
		flush()
		name, pic = line, nil
	}
	flush()
	return pieces
}

// oneSided adds to a set of one-sided pieces the mirror image of each chiral
// one, named by names, or by the piece's name and a prime.
func oneSided(pieces []Piece, names map[string]string) []Piece {
	var out []Piece
	for _, p := range pieces {
		out = append(out, p)
		m := Piece{Name: p.Name + "'", Cells: transformShape(Square, 4, p.Cells), Count: 1, OneSided: true}
		if sameShape(Square, p, m.Cells) {
			continue
		}
		if n, ok := names[p.Name]; ok {
			m.Name = n
		}
		out = append(out, m)
	}
	return out
}

// generatedSet returns the free polyominoes of n cells, named by prefix and
// a two-digit number in the order of their canonical forms.
func generatedSet(n int, prefix string) []Piece {
	shapes := Polyominoes(n)
	pieces := make([]Piece, len(shapes))
	for i, s := range shapes {
		pieces[i] = Piece{Name: fmt.Sprintf("%s%02d", prefix, i+1), Cells: s, Count: 1}
	}
	return pieces
}

// Polyominoes returns the free polyominoes of n cells, each in its
// canonical orientation (the smallest of its normalized orientations), in
// increasing order of those forms. It grows them cell by cell, so it is
// meant for small n: there are 35 hexominoes and 108 heptominoes.
func Polyominoes(n int) [][]Cell {
	if n < 1 {
		return nil
	}
	free := func(cells []Cell) []Cell {
		var best []Cell
		for t := range Square.Transforms() {
			img := transformShape(Square, t, cells)
			if best == nil || slices.CompareFunc(img, best, Cell.Compare) < 0 {
				best = img
			}
		}
		return best
	}
	key := func(cells []Cell) string { return fmt.Sprint(cells) }
	level := [][]Cell{{{0, 0}}}
	for size := 1; size < n; size++ {
		seen := map[string]bool{}
		var next [][]Cell
		for _, shape := range level {
			for _, c := range shape {
				for _, nb := range Square.Neighbors(c) {
					if slices.Contains(shape, nb) {
						continue
					}
					grown := free(append(slices.Clone(shape), nb))
					if k := key(grown); !seen[k] {
						seen[k] = true
						next = append(next, grown)
					}
				}
			}
		}
		level = next
	}
	slices.SortFunc(level, func(a, b []Cell) int { return slices.CompareFunc(a, b, Cell.Compare) })
	return level
}
