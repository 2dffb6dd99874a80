package tiling

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/polytile/polytile/internal/plural"
	"github.com/polytile/polytile/puzzles/geom"
)

// Puzzle is a board and the pieces that must cover it exactly: every cell
// once, every piece used as many times as its count. Make one with New; it
// is immutable afterwards and safe for concurrent use.
type Puzzle struct {
	title  string
	board  *geom.Board
	pieces []geom.Piece

	group    []symmetry // the puzzle's symmetry group; group[0] is the identity
	symmetry Symmetry   // which isometries the group may hold
	crossing bool       // on the stick lattice, pieces may cross (Options.Crossing)
	any      bool       // some piece's count is not fixed: a range, or any (anyCount)
	hole     int        // the piece of the cells left empty (Options.Empty), the last one, or -1
	shown    int        // the pieces but the hole's, the first shown
	// fixed lists the pieces that a solution must put down some copies of
	// when some piece's count is not fixed: a full board is a cover only
	// when no more than slack[i] of piece i's most copies (most) are left.
	// Nil otherwise: every full board uses the counts.
	fixed []int
	slack []int

	// placements are every placement of every piece, by piece then
	// orientation then cell. They are made on first use (prepare), where
	// a context can stop the work, rather than by New: a large puzzle has
	// millions.
	placements []placement
	prepared   bool       // placements are made
	mu         sync.Mutex // guards placements and prepared while they are made

	names     [][]byte // the pieces' names as JSON strings (jsonNames)
	namesOnce sync.Once
}

// placement is one piece put down on the board.
type placement struct {
	piece int     // index into pieces
	cells []int32 // board cell indices, sorted
}

// Placement is a piece put down on the board: the piece's index among the
// puzzle's pieces and the board cells it covers, in reading order.
type Placement struct {
	Piece int
	Cells []geom.Cell
}

// Symmetry says which isometries of the lattice make two solutions the
// same: those of them that map the board and the piece set onto
// themselves.
type Symmetry int

const (
	// SymmetryAll counts every isometry: rotations and reflections.
	SymmetryAll Symmetry = iota
	// SymmetryRotations counts the proper rotations alone, as some
	// published counts of solids do.
	SymmetryRotations
	// SymmetryNone counts none: every solution is distinct.
	SymmetryNone
)

// symmetryNames are the names of the Symmetry values, as a spec's
// symmetry key writes them.
var symmetryNames = []string{"all", "rotations", "none"}

// String names s: all, rotations or none.
func (s Symmetry) String() string {
	if s < 0 || int(s) >= len(symmetryNames) {
		return fmt.Sprintf("Symmetry(%d)", int(s))
	}
	return symmetryNames[s]
}

// ParseSymmetry returns the Symmetry that String names name.
func ParseSymmetry(name string) (Symmetry, error) {
	if i := slices.Index(symmetryNames, name); i >= 0 {
		return Symmetry(i), nil
	}
	return 0, errorf("symmetry %q: want %s", name, strings.Join(symmetryNames, ", "))
}

// SymmetryNames returns the names ParseSymmetry knows, SymmetryAll's
// first.
func SymmetryNames() []string { return slices.Clone(symmetryNames) }

// New returns the puzzle of covering board with pieces, two solutions
// being the same when an isometry of the lattice maps one onto the other
// (SymmetryAll). It checks that the pieces have distinct names, that every
// piece is valid, and that their total area is the board's.
func New(title string, board *geom.Board, pieces []geom.Piece) (*Puzzle, error) {
	return NewSymmetry(title, board, pieces, SymmetryAll)
}

// NewSymmetry is New, two solutions being the same when an isometry that
// sym allows maps one onto the other.
func NewSymmetry(title string, board *geom.Board, pieces []geom.Piece, sym Symmetry) (*Puzzle, error) {
	return NewWith(title, board, pieces, Options{Symmetry: sym})
}

// Options are the rules of a puzzle besides its board and pieces. The
// zero value is New's.
type Options struct {
	// Symmetry says which isometries make two solutions the same.
	Symmetry Symmetry
	// Crossing lets two pieces of the stick lattice cross, both passing
	// straight through one grid point. Without it they may only touch
	// there: each grid point is a secondary item of the exact cover,
	// used by every placement that passes straight through it
	// (geom.Lattice's Crossings). It means nothing on lattices whose
	// pieces do not cross (PiecesCross).
	Crossing bool
	// Empty is how many cells of the board a solution leaves uncovered,
	// anywhere: as the copies of a piece of one cell, its Count, Spare
	// and Any (geom.Piece) alone given. The zero value leaves none. Empty
	// cells are alike: a solution and its image under a symmetry, empty
	// cells and all, are the same.
	Empty geom.Piece
}

// NewWith is New with the rules opt gives.
func NewWith(title string, board *geom.Board, pieces []geom.Piece, opt Options) (*Puzzle, error) {
	sym := opt.Symmetry
	if sym < SymmetryAll || sym > SymmetryNone {
		return nil, errorf("%v: want SymmetryAll, SymmetryRotations or SymmetryNone", sym)
	}
	if board == nil {
		return nil, errorf("no board")
	}
	if len(pieces) == 0 {
		return nil, errorf("no pieces")
	}
	lat := board.Lattice()
	p := &Puzzle{title: title, board: board, pieces: make([]geom.Piece, len(pieces)), symmetry: sym, crossing: opt.Crossing,
		hole: -1, shown: len(pieces)}
	if e := opt.Empty; e.Count > 0 || e.Any {
		pieces = append(slices.Clip(pieces), geom.Piece{Name: "empty", Cells: board.Cells()[:1], Count: e.Count, Spare: e.Spare, Any: e.Any})
		p.pieces, p.hole = append(p.pieces, geom.Piece{}), len(pieces)-1
	}
	area := 0
	for i, pc := range pieces {
		if err := pc.Validate(lat); err != nil {
			return nil, err
		}
		for _, q := range pieces[:i] {
			if q.Name == pc.Name && i != p.hole {
				return nil, errorf("two pieces are named %q: names must be unique", pc.Name)
			}
		}
		pc.Cells = lat.Normalize(pc.Cells)
		p.pieces[i] = pc
		p.any = p.any || !pc.Fixed()
		area += len(pc.Cells) * pc.Least()
	}
	for i, pc := range p.pieces {
		if p.any {
			p.slack = append(p.slack, p.most(i)-pc.Least())
		}
		if p.any && pc.Least() > 0 {
			p.fixed = append(p.fixed, i)
		}
	}
	if p.anyCount() && area > board.Len() {
		return nil, errorf("the fewest copies of the pieces cover %s and the board has %d: they must fit", plural.Of(area, "cell"), board.Len())
	}
	if !p.anyCount() && area != board.Len() {
		return nil, errorf("the pieces cover %s and the board has %d: they must be equal", plural.Of(area, "cell"), board.Len())
	}
	p.group = puzzleGroup(board, p.pieces, sym)
	return p, nil
}

// Symmetry returns which isometries the puzzle's symmetry group may hold.
func (p *Puzzle) Symmetry() Symmetry { return p.symmetry }

// Crossing reports whether pieces may cross: Options.Crossing.
func (p *Puzzle) Crossing() bool { return p.crossing }

// noCrossing reports whether the puzzle forbids crossings where its
// lattice's pieces can cross: whether its exact cover has secondary items,
// the points of the board (a stick board's grid points).
func (p *Puzzle) noCrossing() bool { return p.board.Lattice().PiecesCross() && !p.crossing }

// points returns, when the puzzle forbids crossings, the grid points that
// some placement passes straight through and another could cross (all
// four segments at them on the board), in reading order, and for each
// placement the indices among them of those it passes through; nil
// otherwise. The points are the secondary items of the exact cover.
func (p *Puzzle) points() ([]geom.Cell, [][]int32) {
	if !p.noCrossing() {
		return nil, nil
	}
	cells, lat := p.board.Cells(), p.board.Lattice()
	index := map[geom.Cell]int32{}
	var all []geom.Cell
	through := make([][]geom.Cell, len(p.placements))
	segs := make([]geom.Cell, 0, 16)
	for k, pl := range p.placements {
		segs = segs[:0]
		for _, c := range pl.cells {
			segs = append(segs, cells[c])
		}
		through[k] = slices.DeleteFunc(lat.Crossings(segs), func(pt geom.Cell) bool {
			// A point without all the segments at it on the board has
			// one straight way through at most: no two pieces cross there.
			for _, d := range lat.AtPoint(pt) {
				if p.board.Index(d) < 0 {
					return true
				}
			}
			return false
		})
		for _, pt := range through[k] {
			if _, ok := index[pt]; !ok {
				index[pt] = 0
				all = append(all, pt)
			}
		}
	}
	slices.SortFunc(all, geom.Cell.Compare)
	for i, pt := range all {
		index[pt] = int32(i)
	}
	items := make([][]int32, len(p.placements))
	for k, pts := range through {
		for _, pt := range pts {
			items[k] = append(items[k], index[pt])
		}
	}
	return all, items
}

// prepare makes the placements, if they are not made yet. A canceled ctx
// stops it, with ctx's error; the next call starts again.
func (p *Puzzle) prepare(ctx context.Context) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.prepared {
		return nil
	}
	pls, err := placements(ctx, p.board, p.pieces)
	if err != nil {
		return err
	}
	p.placements, p.prepared = pls, true
	return nil
}

// ready returns p after making its placements, for the methods that
// take no context.
func (p *Puzzle) ready() *Puzzle {
	_ = p.prepare(context.Background()) // no error: nothing cancels it
	return p
}

// placements lists every placement of every piece on b: for each piece,
// for each of its orientations, for each board cell, the orientation moved
// so that its first cell lies on that board cell, if it fits.
func placements(ctx context.Context, b *geom.Board, pieces []geom.Piece) ([]placement, error) {
	var out []placement
	var room []int32 // the placements' cells, cut from one allocation at a time
	tries := 0
	sh, shifts := b.Lattice().(geom.Shifter)
	for i, pc := range pieces {
		for _, o := range pc.Orientations(b.Lattice()) {
			// The cells that stick out furthest are the first to leave
			// the board: trying them first spares moving a large piece
			// to every cell.
			probe := extremes(o)
			for _, at := range b.Cells() {
				if tries++; tries%checkSetup == 0 && ctx.Err() != nil {
					return nil, ctx.Err()
				}
				// The package's lattices translate by a shift d, which
				// spares making the cells moved; another lattice makes
				// them.
				var d geom.Cell
				moved, ok := o, true
				if shifts {
					d, ok = sh.Shift(o[0], at)
					off := func(c geom.Cell) bool {
						return b.Index(geom.Cell{Layer: c.Layer + d.Layer, Row: c.Row + d.Row, Col: c.Col + d.Col}) < 0
					}
					if ok && len(o) > len(probe) && slices.ContainsFunc(probe, off) {
						continue
					}
				} else {
					moved, ok = b.Lattice().Translate(o, o[0], at)
				}
				if !ok {
					continue
				}
				if len(room) < len(moved) {
					room = make([]int32, max(4096, len(moved)))
				}
				cells := room[:len(moved):len(moved)]
				fits := true
				for k, c := range moved {
					j := b.Index(geom.Cell{Layer: c.Layer + d.Layer, Row: c.Row + d.Row, Col: c.Col + d.Col})
					if j < 0 {
						fits = false
						break
					}
					cells[k] = int32(j)
				}
				if fits {
					room = room[len(cells):]
					slices.Sort(cells)
					out = append(out, placement{piece: i, cells: cells})
				}
			}
		}
	}
	return out, nil
}

// extremes returns the first cell of shape and those at its top, bottom,
// left and right, and at its lowest and highest layers.
func extremes(shape []geom.Cell) []geom.Cell {
	out := []geom.Cell{shape[0]}
	for _, better := range []func(a, b geom.Cell) bool{
		func(a, b geom.Cell) bool { return a.Row < b.Row },
		func(a, b geom.Cell) bool { return a.Row > b.Row },
		func(a, b geom.Cell) bool { return a.Col < b.Col },
		func(a, b geom.Cell) bool { return a.Col > b.Col },
		func(a, b geom.Cell) bool { return a.Layer < b.Layer },
		func(a, b geom.Cell) bool { return a.Layer > b.Layer },
	} {
		x := shape[0]
		for _, c := range shape {
			if better(c, x) {
				x = c
			}
		}
		out = append(out, x)
	}
	return out
}

// Title returns the puzzle's title, which may be empty.
func (p *Puzzle) Title() string { return p.title }

// Board returns the board.
func (p *Puzzle) Board() *geom.Board { return p.board }

// Pieces returns the pieces. The slice is shared: do not modify it.
func (p *Puzzle) Pieces() []geom.Piece { return p.pieces[:p.shown] }

// PieceNames returns the names of the pieces, in the order of Pieces.
func (p *Puzzle) PieceNames() []string { return geom.Names(p.Pieces()) }

// Empty returns how many cells a solution leaves empty (Options.Empty),
// as a piece of one cell, named empty; false if none.
func (p *Puzzle) Empty() (geom.Piece, bool) {
	if p.hole < 0 {
		return geom.Piece{}, false
	}
	return p.pieces[p.hole], true
}

// Placements returns every placement of every piece on the board, piece by
// piece.
func (p *Puzzle) Placements() []Placement {
	p.ready()
	out := make([]Placement, len(p.placements))
	for i, pl := range p.placements {
		out[i] = p.placement(pl)
	}
	return out
}

func (p *Puzzle) placement(pl placement) Placement {
	cells := make([]geom.Cell, len(pl.cells))
	for k, c := range pl.cells {
		cells[k] = p.board.Cells()[c]
	}
	return Placement{Piece: pl.piece, Cells: cells}
}

// Instances returns the number of pieces a solution puts down: the sum of
// the counts; with pieces of any count (geom.Piece.Any), the most it may
// put down: the cells the other pieces leave, in the smallest of them.
// Empty cells (Options.Empty) count as pieces of one cell.
func (p *Puzzle) Instances() int { return p.instances(-1) }

// PieceInstances is Instances without the empty cells.
func (p *Puzzle) PieceInstances() int { return p.instances(p.hole) }

// instances is Instances, piece skip (or none, -1) counted for its area.
func (p *Puzzle) instances(skip int) int {
	n, area, smallest := 0, 0, 0
	for i, pc := range p.pieces {
		if area += len(pc.Cells) * pc.Least(); i == skip {
			continue
		}
		n += pc.Count
		if pc.Any && (smallest == 0 || len(pc.Cells) < smallest) {
			smallest = len(pc.Cells)
		}
	}
	if smallest > 0 {
		n += (p.board.Len() - area) / smallest
	}
	return n
}

// anyCount reports whether some piece's count is not fixed: a range of
// copies, or any (geom.Piece.Fixed).
func (p *Puzzle) anyCount() bool { return p.any }

// most returns the most copies of piece i a solution may put down: its
// count, or the board's cells for a piece of any count.
func (p *Puzzle) most(i int) int {
	if p.pieces[i].Any {
		return p.board.Len()
	}
	return p.pieces[i].Count
}

// String describes the puzzle in a line.
func (p *Puzzle) String() string {
	var names []string
	for i, pc := range p.pieces {
		switch {
		case i == p.hole:
			names = append(names, "and "+pc.CountText()+" empty")
		case !pc.Fixed() || pc.Count > 1:
			names = append(names, pc.Name+"×"+pc.CountText())
		default:
			names = append(names, pc.Name)
		}
	}
	pieces := plural.Of(p.PieceInstances(), "piece")
	if p.anyCount() {
		pieces = "up to " + pieces
	}
	return fmt.Sprintf("%s, %s (%s), %s, %s",
		plural.Of(p.board.Len(), "cell"), pieces, strings.Join(names, " "),
		plural.Of(len(p.ready().placements), "placement"), plural.Of(len(p.group), "symmetry"))
}
