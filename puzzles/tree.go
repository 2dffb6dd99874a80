package puzzles

import (
	"context"
	"fmt"

	"github.com/polytile/polytile/solve"
)

// Node is a node of the search tree of Algorithm X over a matrix: the
// option tried to reach it (-1 at the root), and then either the item
// chosen next, with a child for each of its options, or the end of a
// branch: a solution (every primary item covered) or a dead end (Item, a
// primary item no option can cover any more). A tree cut at a depth
// (TreeConfig.Depth) keeps no children of the nodes at that depth: Cut
// says so, and Below and Solutions say what was left out.
type Node struct {
	Option   int
	Item     int
	Children []*Node
	Solution bool
	Dead     bool
	// Cut says that the node's children, which it has, are not kept.
	Cut bool
	// Below is the number of nodes under this one (its subtree, itself
	// left out), kept or not; Solutions is the number of solutions in its
	// subtree (1 at a solution).
	Below, Solutions int64
}

// TreeConfig says how much of a search tree Matrix.Tree keeps. The zero
// value keeps all of it.
type TreeConfig struct {
	// Most is the most nodes the tree kept may have; 0 means no bound.
	// Past it, Tree returns a *TreeTooLargeError.
	Most int
	// Depth, if positive, keeps the nodes down to that depth (the root's
	// is 0, its children's 1) and cuts the tree there: the nodes below
	// are counted (a search of package solve, as long as the whole tree
	// takes), not kept. 0 keeps every level.
	Depth int
}

// TreeTooLargeError is the refusal of a search tree that would keep more
// than Most nodes: the whole tree (Depth 0), or its nodes down to Depth.
// Fits is the greatest depth at which the tree cut there keeps at most
// Most nodes; 0 if there is none, the root having too many children.
type TreeTooLargeError struct {
	Most, Depth, Fits int
}

func (e *TreeTooLargeError) Error() string {
	if e.Depth > 0 {
		return fmt.Sprintf("puzzles: the search tree down to depth %d has more than %d nodes: too many to draw", e.Depth, e.Most)
	}
	return fmt.Sprintf("puzzles: the search tree has more than %d nodes: too many to draw", e.Most)
}

// Tree returns the search tree of Algorithm X over m, as Knuth's DLX1 and
// package solve search it: at each node, the primary item with the fewest
// options left (the first such on ties), then its options in order. It
// keeps the nodes cfg asks for, and fails with a *TreeTooLargeError past
// cfg.Most of them (a tree worth drawing is small), or with ctx's error
// if ctx ends first. A negative bound or depth is an error.
func (m *Matrix) Tree(ctx context.Context, cfg TreeConfig) (*Node, error) {
	if cfg.Most < 0 || cfg.Depth < 0 {
		return nil, fmt.Errorf("puzzles: a search tree of at most %d nodes, down to depth %d: want 0 (no bound) or more", cfg.Most, cfg.Depth)
	}
	t := newTreeSearch(m)
	root, err := t.grow(ctx, cfg.Depth, cfg.Most, true)
	if _, large := err.(*TreeTooLargeError); large {
		fits, err := t.fits(ctx, cfg)
		if err != nil {
			return nil, err
		}
		return nil, &TreeTooLargeError{Most: cfg.Most, Depth: cfg.Depth, Fits: fits}
	}
	return root, err
}

// treeSearch grows the search tree of Algorithm X over m.
type treeSearch struct {
	m       *Matrix
	options [][]int // the options of each item, in order
	covered []bool  // the items covered on the way to the node grown
	alive   []bool  // the options still free to choose there
	path    []int   // the options chosen on the way there
	nodes   int     // the nodes kept so far
	dlx     *solve.Links
}

func newTreeSearch(m *Matrix) *treeSearch {
	t := &treeSearch{m: m, options: make([][]int, len(m.Items)), covered: make([]bool, len(m.Items)), alive: make([]bool, len(m.Options))}
	for k, o := range m.Options {
		t.alive[k] = true
		for _, it := range o {
			t.options[it] = append(t.options[it], k)
		}
	}
	return t
}

// grow returns the tree from the root, kept down to depth (0: all of it)
// and at most most nodes (0: any number); count says whether to count
// what lies below the cut.
func (t *treeSearch) grow(ctx context.Context, depth, most int, count bool) (*Node, error) {
	t.nodes = 0
	var grow func(option, d int) (*Node, error)
	grow = func(option, d int) (*Node, error) {
		t.nodes++
		if most > 0 && t.nodes > most {
			return nil, &TreeTooLargeError{}
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		n := &Node{Option: option, Item: -1}
		best, bestCount := t.choose()
		n.Item = best
		switch {
		case best < 0:
			n.Solution, n.Solutions = true, 1
			return n, nil
		case bestCount == 0:
			n.Dead = true
			return n, nil
		case depth > 0 && d == depth:
			n.Cut = true
			if count {
				return n, t.countBelow(ctx, n)
			}
			return n, nil
		}
		for _, k := range t.options[best] {
			if !t.alive[k] {
				continue
			}
			removed := t.put(k)
			child, err := grow(k, d+1)
			t.take(k, removed)
			if err != nil {
				return nil, err
			}
			n.Children = append(n.Children, child)
			n.Below += 1 + child.Below
			n.Solutions += child.Solutions
		}
		return n, nil
	}
	return grow(-1, 0)
}

// choose returns the primary item with the fewest options left, the
// first such, and their number; -1 if every primary item is covered.
func (t *treeSearch) choose() (best, bestCount int) {
	best = -1
	for i := range t.m.Primary {
		if t.covered[i] {
			continue
		}
		count := 0
		for _, k := range t.options[i] {
			if t.alive[k] {
				count++
			}
		}
		if best < 0 || count < bestCount {
			best, bestCount = i, count
		}
	}
	return best, bestCount
}

// put chooses option k: it covers k's items and sets aside every option
// that meets them, but those that give an item k's colour, which it
// returns.
func (t *treeSearch) put(k int) (removed []int) {
	for _, it := range t.m.Options[k] {
		c := t.m.Color(k, it)
		for _, j := range t.options[it] {
			if t.alive[j] && (j == k || c == "" || t.m.Color(j, it) != c) {
				t.alive[j] = false
				removed = append(removed, j)
			}
		}
		t.covered[it] = true
	}
	t.path = append(t.path, k)
	return removed
}

// take undoes put(k).
func (t *treeSearch) take(k int, removed []int) {
	t.path = t.path[:len(t.path)-1]
	for _, it := range t.m.Options[k] {
		t.covered[it] = false
	}
	for _, j := range removed {
		t.alive[j] = true
	}
}

// countBelow counts the nodes and solutions below n, the node that the
// options on t.path reach, with package solve: its search nodes are the
// options tried, the nodes of the tree but the one it starts from.
func (t *treeSearch) countBelow(ctx context.Context, n *Node) error {
	if t.dlx == nil {
		var err error
		if t.dlx, err = t.m.Encode(); err != nil {
			return err
		}
	}
	s := solve.NewSearch(t.dlx, &solve.Config{Prefix: t.path})
	sols, err := s.Count(ctx)
	n.Below, n.Solutions = s.Stats().Nodes, sols
	return err
}

// fits returns the greatest depth at which the tree cut there keeps at
// most cfg.Most nodes, below cfg.Depth if that is given: 0 if none.
func (t *treeSearch) fits(ctx context.Context, cfg TreeConfig) (int, error) {
	for d := 1; cfg.Depth == 0 || d < cfg.Depth; d++ {
		_, err := t.grow(ctx, d, cfg.Most, false)
		if _, large := err.(*TreeTooLargeError); large {
			return d - 1, nil
		} else if err != nil {
			return 0, err
		}
	}
	return cfg.Depth - 1, nil
}
