package geom

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
	lat   Lattice // nil for the square lattice
}

var sets = []setInfo{
	{"monomino", "the single square", func() []Piece { return drawnSet(monominoPics, false) }, nil},
	{"domino", "two squares", func() []Piece { return drawnSet(dominoPics, false) }, nil},
	{"trominoes", "the 2 free trominoes", func() []Piece { return drawnSet(trominoPics, false) }, nil},
	{"tetrominoes", "the 5 free tetrominoes", func() []Piece { return drawnSet(tetrominoPics, false) }, nil},
	{"pentominoes", "the 12 free pentominoes, F I L N P T U V W X Y Z", func() []Piece { return drawnSet(pentominoPics, false) }, nil},
	{"hexominoes", "the 35 free hexominoes, H01 … H35", func() []Piece { return generatedSet(6, "H") }, nil},
	{"one-sided-tetrominoes", "the 7 one-sided tetrominoes", func() []Piece {
		return oneSided(drawnSet(tetrominoPics, true), map[string]string{"L4": "J4", "S4": "Z4"})
	}, nil},
	{"one-sided-pentominoes", "the 18 one-sided pentominoes", func() []Piece { return oneSided(drawnSet(pentominoPics, true), nil) }, nil},
	{"moniamond", "the single triangle", latticeSet(Triangle, 1, "T1", nil), Triangle},
	{"diamond", "two triangles", latticeSet(Triangle, 2, "D2", nil), Triangle},
	{"triamond", "three triangles", latticeSet(Triangle, 3, "T3", nil), Triangle},
	{"tetriamonds", "the 3 free tetriamonds, numbered", latticeSet(Triangle, 4, "T4-", nil), Triangle},
	{"pentiamonds", "the 4 free pentiamonds, numbered", latticeSet(Triangle, 5, "T5-", nil), Triangle},
	{"hexiamonds", "the 12 free hexiamonds, with T. H. O'Beirne's names", latticeSet(Triangle, 6, "", hexiamondNames), Triangle},
	{"one-sided-hexiamonds", "the 19 one-sided hexiamonds, O'Beirne's names, a prime for a mirror image", oneSidedSet(Triangle, 6, hexiamondNames), Triangle},
	{"heptiamonds", "the 24 free heptiamonds, numbered", latticeSet(Triangle, 7, "T7-", nil), Triangle},
	{"monohex", "the single hexagon", latticeSet(Hexagon, 1, "H1", nil), Hexagon},
	{"dihex", "two hexagons", latticeSet(Hexagon, 2, "H2", nil), Hexagon},
	{"trihexes", "the 3 free trihexes, numbered", latticeSet(Hexagon, 3, "H3-", nil), Hexagon},
	{"tetrahexes", "the 7 free tetrahexes, with the names in Martin Gardner's columns", latticeSet(Hexagon, 4, "", tetrahexNames), Hexagon},
	{"one-sided-tetrahexes", "the 10 one-sided tetrahexes, Gardner's names, a prime for a mirror image", oneSidedSet(Hexagon, 4, tetrahexNames), Hexagon},
	{"pentahexes", "the 22 free pentahexes, numbered", latticeSet(Hexagon, 5, "H5-", nil), Hexagon},
	{"one-sided-pentahexes", "the 33 one-sided pentahexes, numbered, a prime for a mirror image", oneSidedSet(Hexagon, 5, nil), Hexagon},
	{"tricubes", "the 2 tricubes, I3 and V", tricubes, Cube},
	{"tetracubes", "the 8 tetracubes: the flat I O L T Z, the screws A and B (mirror images), the branch P", tetracubes, Cube},
	{"pentacubes", "the 29 pentacubes (up to rotation): the 12 flat ones by their pentominoes' letters, C01 … C17 the others", pentacubes, Cube},
	{"soma", "Piet Hein's 7 Soma pieces, V L T Z A B P", soma, Cube},
	{"tristicks", "the 5 free tristicks, I3 L3 T3 U3 Z3", func() []Piece { return drawnSticks(tristickPics) }, Stick},
	{"tetrasticks", "the 16 free tetrasticks, F H I J L N O P R T U V W X Y Z as Polyform Puzzler names them", func() []Piece { return drawnSticks(tetrastickPics) }, Stick},
	{"pentasticks", "the 55 free pentasticks, numbered", latticeSet(Stick, 5, "S5-", nil), Stick},
	{"one-sided-tristicks", "the 7 one-sided tristicks, a prime for a mirror image", func() []Piece { return oneSidedOn(Stick, drawnSticks(tristickPics)) }, Stick},
	{"one-sided-tetrasticks", "the 25 one-sided tetrasticks, a prime for a mirror image (Polyform Puzzler writes it in lower case)", func() []Piece { return oneSidedOn(Stick, drawnSticks(tetrastickPics)) }, Stick},
	{"one-sided-pentasticks", "the 99 one-sided pentasticks, numbered, a prime for a mirror image", oneSidedSet(Stick, 5, nil), Stick},
	{"tritrigs", "the 12 free tritrigs, as Polyform Puzzler names them (I3 … Y3)", latticeSet(Trig, 3, "", tritrigNames), Trig},
	{"tetratrigs", "the 60 free tetratrigs, as Polyform Puzzler names them (I04 … Z04)", latticeSet(Trig, 4, "", tetratrigNames), Trig},
	{"one-sided-tritrigs", "the 19 one-sided tritrigs, a prime for a mirror image", func() []Piece { return oneSidedOn(Trig, latticeSet(Trig, 3, "", tritrigNames)()) }, Trig},
	{"one-sided-tetratrigs", "the 104 one-sided tetratrigs, a prime for a mirror image", func() []Piece { return oneSidedOn(Trig, latticeSet(Trig, 4, "", tetratrigNames)()) }, Trig},
}

// The names of the hexiamonds (T. H. O'Beirne's, from his puzzle columns)
// and of the tetrahexes (from Martin Gardner's), in the order Polyforms
// generates them: the order of their canonical forms. TestHexiamondShapes
// and TestLiteratureNames check that each name goes with its shape.
var (
	hexiamondNames = []string{"bar", "crook", "crown", "hook", "yacht", "lobster",
		"signpost", "hexagon", "snake", "sphinx", "chevron", "butterfly"}
	tetrahexNames = []string{"bar", "pistol", "worm", "bee", "wave", "arch", "propeller"}
)

var setCache sync.Map // name → []Piece

// PieceSetNames returns the names of the built-in piece sets, in a fixed order.
func PieceSetNames() []string {
	names := make([]string, len(sets))
	for i, s := range sets {
		names[i] = s.name
	}
	return names
}

// PieceSetOrders returns the names of each built-in set's pieces, in the
// set's order, the sets in the order of PieceSetNames: what a palette needs
// to give a piece the same colour in every figure of its set.
func PieceSetOrders() [][]string {
	orders := make([][]string, 0, len(sets))
	for _, s := range sets {
		if pcs, err := PieceSet(s.name); err == nil {
			orders = append(orders, Names(pcs))
		}
	}
	return orders
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

// PieceSetLattice returns the lattice of the named built-in set's pieces, or
// nil if there is no such set.
func PieceSetLattice(name string) Lattice {
	for _, s := range sets {
		if s.name == name {
			if s.lat == nil {
				return Square
			}
			return s.lat
		}
	}
	return nil
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
	return nil, errorf("no piece set %q (built-in sets: %s)", name, strings.Join(PieceSetNames(), ", "))
}

// latticeSet makes a set of the free polyforms of n cells of lat, named by
// names in the order Polyforms gives them, or else by prefix, alone for a
// single piece and followed by a number from 1 for several.
func latticeSet(lat Lattice, n int, prefix string, names []string) func() []Piece {
	return func() []Piece {
		shapes := Polyforms(lat, n, false)
		pieces := make([]Piece, len(shapes))
		for i, s := range shapes {
			pieces[i] = Piece{Name: prefix, Cells: s, Count: 1}
			switch {
			case names != nil:
				pieces[i].Name = names[i]
			case len(shapes) > 1:
				pieces[i].Name = fmt.Sprintf("%s%d", prefix, i+1)
			}
		}
		return pieces
	}
}

// oneSidedSet makes the one-sided set of the free polyforms of n cells of
// lat: each free one, and after each chiral one its mirror image, named by
// names (or by lat's numbering) and a prime.
func oneSidedSet(lat Lattice, n int, names []string) func() []Piece {
	return func() []Piece {
		prefix := map[Lattice]string{Triangle: "T", Hexagon: "H", Stick: "S"}[lat] + fmt.Sprint(n) + "-"
		return oneSidedOn(lat, latticeSet(lat, n, prefix, names)())
	}
}

// oneSidedOn returns the one-sided set of free pieces of lat: each one,
// and after each chiral one its mirror image, named by a prime.
func oneSidedOn(lat Lattice, free []Piece) []Piece {
	var out []Piece
	for _, p := range free {
		p.OneSided = true
		out = append(out, p)
		m := Piece{Name: p.Name + "'", Cells: TransformShape(lat, lat.Transforms()/2, p.Cells), Count: 1, OneSided: true}
		if !SameShape(lat, p, m.Cells) {
			out = append(out, m)
		}
	}
	return out
}

// drawnSet parses a list of named pictures of the square lattice.
func drawnSet(pics string, oneSided bool) []Piece {
	pieces := drawnOn(Square, pics, "# ")
	for i := range pieces {
		pieces[i].OneSided = oneSided
	}
	return pieces
}

// drawnOn parses a list of named pictures of lat: a line with one of the
// characters of drawing is a row of the picture of the piece named by the
// line above the picture.
func drawnOn(lat Lattice, pics, drawing string) []Piece {
	var pieces []Piece
	var name string
	var pic []string
	flush := func() {
		if name == "" {
			return
		}
		p, err := ParsePieceOn(lat, name, strings.Join(pic, "\n"))
		if err != nil {
			panic("geom: built-in set: " + err.Error())
		}
		pieces = append(pieces, p)
	}
	for line := range strings.SplitSeq(strings.TrimSuffix(pics, "\n"), "\n") {
		if strings.ContainsAny(line, drawing) {
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
		m := Piece{Name: p.Name + "'", Cells: TransformShape(Square, 4, p.Cells), Count: 1, OneSided: true}
		if SameShape(Square, p, m.Cells) {
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
func Polyominoes(n int) [][]Cell { return Polyforms(Square, n, false) }

// Polyforms returns the polyforms of n cells of lat: free ones, or
// one-sided ones (turned but never turned over, so that a chiral shape and
// its mirror image are two), each in its canonical orientation (the
// smallest of its normalized orientations), in increasing order of those
// forms. It grows them cell by cell, so it is meant for small n.
func Polyforms(lat Lattice, n int, oneSided bool) [][]Cell {
	if n < 1 {
		return nil
	}
	canon := func(cells []Cell) []Cell {
		var best []Cell
		for t := range lat.Transforms() {
			if oneSided && lat.Reflects(t) {
				continue
			}
			img := TransformShape(lat, t, cells)
			if best == nil || slices.CompareFunc(img, best, Cell.Compare) < 0 {
				best = img
			}
		}
		return best
	}
	key := func(cells []Cell) string { return fmt.Sprint(cells) }
	first := Cell{}
	for !ValidCell(lat, first) {
		first.Col++ // a segment: [0, 1] on the stick lattice, [0, 2] on the trig one
	}
	level := [][]Cell{canon([]Cell{first})}
	for size := 1; size < n; size++ {
		seen := map[string]bool{}
		var next [][]Cell
		for _, shape := range level {
			for _, c := range shape {
				for _, nb := range lat.Neighbors(c) {
					if slices.Contains(shape, nb) {
						continue
					}
					grown := canon(append(slices.Clone(shape), nb))
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
