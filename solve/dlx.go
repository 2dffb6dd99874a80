package solve

import (
	"context"
	"fmt"
	"iter"
	"slices"
	"unsafe"
)

// node is one entry of the dancing-links array. Nodes 1…n are the item
// headers (their top field holds the item's length, the number of options
// still containing it); after them come the options, each followed by a
// spacer node whose top is -k for the option k that ends there (k counted
// from 1, the spacer before the first option having top 0). A spacer's up
// is the first node of the option before it and its down the last node of
// the option after it, as in Knuth's DLX1.
//
// Links between nodes (up, down, and top in an option's nodes) hold byte
// offsets into the array, the node's index times sz, rather than indices:
// following one is then a single addition, which the innermost loops do
// a billion times on the larger pentomino problems. The item lists hold
// item numbers, and a header's top holds its length.
type node struct {
	top, up, down int32
}

// sz is the size of a node in bytes: a link is a node's index times sz.
const sz = int32(unsafe.Sizeof(node{}))

// links is the state of one search: the node array and the doubly linked
// list of active items (0 is the root; primary items 1…np are on the root's
// list, secondary items on a list of their own headed by n+1).
type links struct {
	nodes       []node
	left, right []int32
	np          int32   // number of primary items
	updates     int64   // link updates so far
	color       []int32 // each node's colour (color.go); nil if the matrix has none
	p           *Links
}

func newLinks(p *Links) *links {
	n := int32(p.primary + p.secondary)
	l := &links{
		nodes: make([]node, int(n)+1+len(p.items)+p.Options()+1),
		left:  make([]int32, n+2),
		right: make([]int32, n+2),
		np:    int32(p.primary),
		p:     p,
	}
	// Item lists: root 0 → 1 … np → 0; head n+1 → np+1 … n → n+1.
	for i := int32(0); i <= n+1; i++ {
		l.left[i], l.right[i] = i-1, i+1
	}
	l.left[0], l.right[l.np] = l.np, 0
	if l.np < n {
		l.left[l.np+1], l.right[n] = n+1, n+1
		l.left[n+1], l.right[n+1] = n, l.np+1
	} else { // no secondary items: an empty list at n+1
		l.left[n+1], l.right[n+1] = n+1, n+1
	}
	nd := l.nodes
	for i := int32(1); i <= n; i++ {
		nd[i] = node{top: 0, up: i, down: i}
	}
	// The spacer before the first option.
	x := n + 1
	nd[x] = node{top: 0}
	for k := 0; k < p.Options(); k++ {
		first := x + 1
		for _, it := range p.items[p.starts[k]:p.starts[k+1]] {
			x++
			h := it + 1
			nd[x] = node{top: h, up: nd[h].up, down: h}
			nd[nd[h].up].down = x
			nd[h].up = x
			nd[h].top++
		}
		nd[first-1].down = x // the previous spacer's down: this option's last node
		x++
		nd[x] = node{top: -int32(k + 1), up: first}
	}
	l.colorNodes()
	// Turn indices into offsets.
	for x := range nd {
		nd[x].up *= sz
		nd[x].down *= sz
		if x > int(n) && nd[x].top > 0 {
			nd[x].top *= sz
		}
	}
	return l
}

// at returns the node at byte offset q of nd without a bounds check. Every
// link the search follows comes from links it built itself (newLinks), so
// checking them again on every step of the innermost loops would only cost
// time. The offset is widened as unsigned, which costs no instruction.
func at(nd unsafe.Pointer, q int32) *node {
	return (*node)(unsafe.Add(nd, uintptr(uint32(q))))
}

// cover removes item i and every option containing it: for each option
// below i, the option's other nodes are hidden from their items' lists
// (Knuth's hide, written out here because it is the innermost loop). The
// nodes after p are walked up to the spacer, whose up leads back to the
// option's first node, and then the nodes before p.
func (l *links) cover(i int32) {
	nd := unsafe.Pointer(unsafe.SliceData(l.nodes))
	var u int64
	h := i * sz
	for p := at(nd, h).down; p != h; p = at(nd, p).down {
		q := p + sz
		for {
			n := at(nd, q)
			x := n.top
			if x <= 0 {
				q = n.up
				break
			}
			up, dn := n.up, n.down
			at(nd, up).down = dn
			at(nd, dn).up = up
			at(nd, x).top--
			u++
			q += sz
		}
		for ; q != p; q += sz {
			n := at(nd, q)
			up, dn := n.up, n.down
			at(nd, up).down = dn
			at(nd, dn).up = up
			at(nd, n.top).top--
			u++
		}
	}
	l.updates += u
	lf, rt := l.left[i], l.right[i]
	l.right[lf] = rt
	l.left[rt] = lf
}

// uncover undoes cover(i), unhiding the options in the reverse order, each
// from right to left.
func (l *links) uncover(i int32) {
	lf, rt := l.left[i], l.right[i]
	l.right[lf] = i
	l.left[rt] = i
	nd := unsafe.Pointer(unsafe.SliceData(l.nodes))
	h := i * sz
	for p := at(nd, h).up; p != h; p = at(nd, p).up {
		q := p - sz
		for {
			n := at(nd, q)
			x := n.top
			if x <= 0 {
				q = n.down
				break
			}
			at(nd, n.up).down = q
			at(nd, n.down).up = q
			at(nd, x).top++
			q -= sz
		}
		for ; q != p; q -= sz {
			n := at(nd, q)
			at(nd, n.up).down = q
			at(nd, n.down).up = q
			at(nd, n.top).top++
		}
	}
}

// coverOthers covers the items of the option containing node x, other than
// x's own item, from left to right.
func (l *links) coverOthers(x int32) {
	nd := unsafe.Pointer(unsafe.SliceData(l.nodes))
	for p := x + sz; p != x; {
		j := at(nd, p).top
		if j <= 0 {
			p = at(nd, p).up
		} else {
			l.cover(j / sz)
			p += sz
		}
	}
}

// uncoverOthers undoes coverOthers(x), from right to left.
func (l *links) uncoverOthers(x int32) {
	nd := unsafe.Pointer(unsafe.SliceData(l.nodes))
	for p := x - sz; p != x; {
		j := at(nd, p).top
		if j <= 0 {
			p = at(nd, p).down
		} else {
			l.uncover(j / sz)
			p -= sz
		}
	}
}

// choose returns the active primary item with the fewest options, the
// first such in item order, and its length; 0 if no primary item is left.
func (l *links) choose() (best, length int32) {
	nd := l.nodes
	length = 1<<31 - 1
	for i := l.right[0]; i != 0; i = l.right[i] {
		if n := nd[i].top; n < length {
			best, length = i, n
			if n == 0 {
				break
			}
		}
	}
	return best, length
}

// choose1 puts down option k before a search: it covers every item of k,
// and reports false if one of them is covered already.
func (l *links) choose1(k int) bool {
	if l.color != nil {
		return l.commit1(k)
	}
	items := l.p.items[l.p.starts[k]:l.p.starts[k+1]]
	for _, it := range items {
		i := it + 1
		if l.right[l.left[i]] != i {
			return false
		}
	}
	for _, it := range items {
		l.cover(it + 1)
	}
	return true
}

// option returns the index of the option that the node at offset x
// belongs to.
func (l *links) option(x int32) int {
	nd := l.nodes
	for x = x/sz + 1; nd[x].top > 0; x++ {
	}
	return int(-nd[x].top) - 1
}

// checkEvery is how many search nodes pass between two looks at the
// context: often enough to stop within a millisecond, rarely enough to cost
// nothing.
const checkEvery = 1 << 12

// stopReason says why a run ended.
type stopReason int

const (
	stopNone     stopReason = iota // the search ran to the end
	stopVisitor                    // the visitor asked to stop
	stopCanceled                   // the context was canceled
)

// canceled reports whether done is closed.
func canceled(done <-chan struct{}) bool {
	select {
	case <-done:
		return true
	default:
		return false
	}
}

// run performs Algorithm X (the iterative form of Knuth's DLX1, steps X1–X8),
// calling visit with the chosen nodes, level by level, at every solution.
// visit returns false to stop the search.
func (l *links) run(ctx context.Context, st *Stats, visit func(chosen []int32) bool) stopReason {
	done := ctx.Done()
	chosen := make([]int32, 0, 64)
	var items []int32 // the item chosen at each level
	nodes := st.Nodes
	defer func() {
		st.Nodes = nodes
		st.Updates += l.updates
		l.updates = 0
	}()
	var i, x, h, length int32 // the item, the node tried, the item's header, its length
	level := 0
	colored := l.color != nil
	// X2: enter a level.
enter:
	if l.right[0] == 0 {
		if !visit(chosen) {
			return stopVisitor
		}
		goto backtrack
	}
	// X3: choose an item.
	if i, length = l.choose(); length == 0 {
		goto backtrack
	}
	// X4: cover it.
	if colored {
		l.hideAll(i)
	} else {
		l.cover(i)
	}
	x = l.nodes[i].down
	chosen = append(chosen, x)
	h = i * sz
	items = append(items, i)
	// X5: try the option at x.
try:
	if x == h {
		// X7: no option left for i.
		if colored {
			l.unhideAll(i)
		} else {
			l.uncover(i)
		}
		chosen = chosen[:level]
		items = items[:level]
		goto backtrack
	}
	nodes++
	if done != nil && nodes%checkEvery == 0 && canceled(done) {
		return stopCanceled // the links are left as they are: this search is over
	}
	chosen[level] = x
	if colored {
		l.commitOthers(x)
	} else {
		l.coverOthers(x)
	}
	level++
	goto enter
	// X8: leave a level.
backtrack:
	if level == 0 {
		return stopNone
	}
	level--
	// X6: try the next option for the item at this level.
	x = chosen[level]
	if colored {
		l.uncommitOthers(x)
	} else {
		l.uncoverOthers(x)
	}
	i = items[level]
	h = i * sz
	x = l.nodes[x/sz].down
	goto try
}

// Config sets limits on a search. The zero value finds every solution.
type Config struct {
	// Limit stops the search after this many solutions; 0 means no limit.
	Limit int64
	// Prefix are options chosen before the search starts, so that it
	// searches only the solutions containing them all: a part of the
	// search that can run apart from the others. Options that share an
	// item leave no solution.
	Prefix []int
}

// Stats are the statistics of a search.
type Stats struct {
	Nodes     int64 // search nodes: options tried, over all levels
	Updates   int64 // link updates: nodes removed from an item's list
	Solutions int64 // solutions found
}

// Search is one search over Links. Its zero value is not usable; make
// one with NewSearch. A Search may be run again; each run starts afresh, and
// Stats and Err describe the last run.
type Search struct {
	p     *Links
	cfg   Config
	stats Stats
	err   error
}

// NewSearch returns a search over p. A nil cfg means the zero Config.
func NewSearch(p *Links, cfg *Config) *Search {
	s := &Search{p: p}
	if cfg != nil {
		s.cfg = *cfg
	}
	return s
}

// Solutions returns the solutions, each as the sorted indices of its
// options, in the order the search finds them. Each yielded slice is the
// caller's to keep. Breaking the loop stops the search; canceling ctx stops
// it too, and Err then reports why.
func (s *Search) Solutions(ctx context.Context) iter.Seq[[]int] {
	return func(yield func([]int) bool) {
		l := s.start()
		if l == nil {
			return
		}
		reason := l.run(ctx, &s.stats, func(chosen []int32) bool {
			s.stats.Solutions++
			sol := make([]int, len(s.cfg.Prefix), len(s.cfg.Prefix)+len(chosen))
			copy(sol, s.cfg.Prefix)
			for _, x := range chosen {
				sol = append(sol, l.option(x))
			}
			slices.Sort(sol)
			if !yield(sol) {
				return false
			}
			return s.cfg.Limit <= 0 || s.stats.Solutions < s.cfg.Limit
		})
		s.finish(ctx, l, reason)
	}
}

// Count runs the search without building solutions and returns how many it
// found. The error is ctx's if the context stopped it.
func (s *Search) Count(ctx context.Context) (int64, error) {
	l := s.start()
	if l == nil {
		return 0, s.err
	}
	reason := l.run(ctx, &s.stats, func([]int32) bool {
		s.stats.Solutions++
		return s.cfg.Limit <= 0 || s.stats.Solutions < s.cfg.Limit
	})
	s.finish(ctx, l, reason)
	return s.stats.Solutions, s.err
}

// Branch returns what the search does first after putting down the
// prefix: the options of the item it chooses (the primary item with the
// fewest options left, the first such in item order), in the order it tries
// them, each a part of the search that can run apart from the others. It
// returns nil and false if the prefix covers every primary item, so that
// there is nothing to choose; an empty list if the prefix leaves nothing to
// search. Err reports a prefix out of range.
func (s *Search) Branch() ([]int, bool) {
	l := s.start()
	if l == nil {
		return []int{}, true
	}
	defer s.finish(context.Background(), l, stopNone)
	if l.right[0] == 0 {
		return nil, false
	}
	i, length := l.choose()
	out := make([]int, 0, length)
	h := i * sz
	for x := l.nodes[i].down; x != h; x = l.nodes[x/sz].down {
		out = append(out, l.option(x))
	}
	return out, true
}

// Stats returns the statistics of the last run, or of the run in progress.
func (s *Search) Stats() Stats { return s.stats }

// Err returns the context's error if it stopped the last run, and nil if
// the run finished, reached its limit or was stopped by its caller.
func (s *Search) Err() error { return s.err }

// start builds the links and puts down the prefix; it returns nil if the
// prefix leaves nothing to search.
func (s *Search) start() *links {
	s.stats, s.err = Stats{}, nil
	l, _ := s.p.pool.Get().(*links)
	if l == nil {
		l = newLinks(s.p)
	}
	for i, k := range s.cfg.Prefix {
		if k < 0 || k >= s.p.Options() {
			s.err = fmt.Errorf("solve: prefix option %d out of range [0, %d)", k, s.p.Options())
			return nil
		}
		if slices.Contains(s.cfg.Prefix[:i], k) || !l.choose1(k) {
			return nil
		}
	}
	return l
}

// finish records why the run ended. A run that went to the end has undone
// all its covers: it undoes the prefix too and gives the links back to the
// matrix's pool, so the next search over the matrix (the next part of a
// split search, above all) need not build them again.
func (s *Search) finish(ctx context.Context, l *links, reason stopReason) {
	switch reason {
	case stopCanceled:
		s.err = ctx.Err()
	case stopNone:
		for i := len(s.cfg.Prefix) - 1; i >= 0 && l.color != nil; i-- {
			l.uncommit1(s.cfg.Prefix[i])
		}
		for i := len(s.cfg.Prefix) - 1; i >= 0 && l.color == nil; i-- {
			items := s.p.items[s.p.starts[s.cfg.Prefix[i]]:s.p.starts[s.cfg.Prefix[i]+1]]
			for j := len(items) - 1; j >= 0; j-- {
				l.uncover(items[j] + 1)
			}
		}
		l.updates = 0
		s.p.pool.Put(l)
	}
}

// Solutions returns every solution of p, as Search.Solutions does.
func (p *Links) Solutions(ctx context.Context) iter.Seq[[]int] {
	return NewSearch(p, nil).Solutions(ctx)
}

// Count returns the number of solutions of p, as Search.Count does.
func (p *Links) Count(ctx context.Context) (int64, error) {
	return NewSearch(p, nil).Count(ctx)
}
