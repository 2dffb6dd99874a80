package puzzles

import "fmt"

// Node is a node of the search tree of Algorithm X over a matrix: the
// option tried to reach it (-1 at the root), and then either the item
// chosen next, with a child for each of its options, or the end of a
// branch: a solution (every primary item covered) or a dead end (Item, a
// primary item no option can cover any more).
type Node struct {
	Option   int
	Item     int
	Children []*Node
	Solution bool
	Dead     bool
}

// Tree returns the search tree of Algorithm X over m, as Knuth's DLX1 and
// package solve search it: at each node, the primary item with the fewest
// options left (the first such on ties), then its options in order. It
// stops with an error past most nodes: a tree worth drawing is small.
func (m *Matrix) Tree(most int) (*Node, int, error) {
	covered := make([]bool, len(m.Items))
	alive := make([]bool, len(m.Options))
	for k := range alive {
		alive[k] = true
	}
	nodes := 0
	var grow func(option int) (*Node, error)
	grow = func(option int) (*Node, error) {
		nodes++
		if nodes > most {
			return nil, fmt.Errorf("the search tree has more than %d nodes: too many to draw; draw the tree of a smaller problem", most)
		}
		n := &Node{Option: option, Item: -1}
		best, bestCount := -1, 0
		for i := range m.Primary {
			if covered[i] {
				continue
			}
			count := 0
			for k, o := range m.Options {
				if alive[k] && contains(o, i) {
					count++
				}
			}
			if best < 0 || count < bestCount {
				best, bestCount = i, count
			}
		}
		n.Item = best
		switch {
		case best < 0:
			n.Solution = true
			return n, nil
		case bestCount == 0:
			n.Dead = true
			return n, nil
		}
		for k, o := range m.Options {
			if !alive[k] || !contains(o, best) {
				continue
			}
			// Choose option k: cover its items, and set aside every
			// option that meets them.
			var removed []int
			for j, p := range m.Options {
				if alive[j] && meets(o, p) {
					alive[j] = false
					removed = append(removed, j)
				}
			}
			for _, it := range o {
				covered[it] = true
			}
			child, err := grow(k)
			for _, it := range o {
				covered[it] = false
			}
			for _, j := range removed {
				alive[j] = true
			}
			if err != nil {
				return nil, err
			}
			n.Children = append(n.Children, child)
		}
		return n, nil
	}
	root, err := grow(-1)
	return root, nodes, err
}

func contains(o []int, i int) bool {
	for _, x := range o {
		if x == i {
			return true
		}
	}
	return false
}

// meets reports whether options a and b share an item.
func meets(a, b []int) bool {
	for _, x := range a {
		if contains(b, x) {
			return true
		}
	}
	return false
}
