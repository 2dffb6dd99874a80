package solve

// Colours, as Knuth's DLX2 has them. An option's node in a secondary item
// may carry a colour (a positive number). Choosing an option commits each
// of its other items: an item without a colour is covered, as in DLX1; an
// item with colour c is purified, which hides every option that gives the
// item another colour (or none) and marks the options that give it c with
// colour -1, so that choosing one of them later purifies nothing and
// hiding one leaves that node in place. A purified item stays on the list
// of active items; its header's colour is the colour it was purified
// with, which a prefix's option is checked against (commit1).
//
// A matrix without colours has no color array and never comes here: run
// takes these paths only when l.color is set.

// colorNodes gives the links the colours of the matrix's options, indexed
// by node, if it has any. Headers and spacers start at colour 0.
func (l *links) colorNodes() {
	p := l.p
	if p.colors == nil {
		return
	}
	l.color = make([]int32, len(l.nodes))
	n := p.primary + p.secondary
	for k := range p.Options() {
		first := n + 2 + int(p.starts[k]) + k
		copy(l.color[first:], p.colors[p.starts[k]:p.starts[k+1]])
	}
}

// hide removes the nodes of the option of node p, p's own aside, from
// their items' lists, leaving those of colour -1 (in items purified with
// their colour) where they are: DLX2's hide.
func (l *links) hide(p int32) {
	nd, col := l.nodes, l.color
	for q := p + sz; q != p; {
		n := &nd[q/sz]
		x := n.top
		if x <= 0 {
			q = n.up
			continue
		}
		if col[q/sz] >= 0 {
			nd[n.up/sz].down = n.down
			nd[n.down/sz].up = n.up
			nd[x/sz].top--
			l.updates++
		}
		q += sz
	}
}

// unhide undoes hide(p), from right to left.
func (l *links) unhide(p int32) {
	nd, col := l.nodes, l.color
	for q := p - sz; q != p; {
		n := &nd[q/sz]
		x := n.top
		if x <= 0 {
			q = n.down
			continue
		}
		if col[q/sz] >= 0 {
			nd[n.up/sz].down = q
			nd[n.down/sz].up = q
			nd[x/sz].top++
		}
		q -= sz
	}
}

// hideAll covers item i in a matrix with colours: it hides every option
// containing i and takes i off the list of active items.
func (l *links) hideAll(i int32) {
	nd := l.nodes
	h := i * sz
	for p := nd[i].down; p != h; p = nd[p/sz].down {
		l.hide(p)
	}
	lf, rt := l.left[i], l.right[i]
	l.right[lf] = rt
	l.left[rt] = lf
}

// unhideAll undoes hideAll(i).
func (l *links) unhideAll(i int32) {
	lf, rt := l.left[i], l.right[i]
	l.right[lf] = i
	l.left[rt] = i
	nd := l.nodes
	h := i * sz
	for p := nd[i].up; p != h; p = nd[p/sz].up {
		l.unhide(p)
	}
}

// purify commits the item of node p, which has a colour, to that colour:
// the options that give the item another colour, or none, are hidden; the
// others but p's own are marked with colour -1.
func (l *links) purify(p int32) {
	nd, col := l.nodes, l.color
	c, h := col[p/sz], nd[p/sz].top
	col[h/sz] = c
	for q := nd[h/sz].down; q != h; q = nd[q/sz].down {
		switch {
		case col[q/sz] != c:
			l.hide(q)
		case q != p:
			col[q/sz] = -1
		}
	}
}

// unpurify undoes purify(p), from the bottom up.
func (l *links) unpurify(p int32) {
	nd, col := l.nodes, l.color
	c, h := col[p/sz], nd[p/sz].top
	col[h/sz] = 0
	for q := nd[h/sz].up; q != h; q = nd[q/sz].up {
		switch {
		case col[q/sz] < 0:
			col[q/sz] = c
		case q != p:
			l.unhide(q)
		}
	}
}

// commit commits the item of node p, of the option being chosen: covers
// it if p has no colour, purifies it if p has one, and does nothing if
// the item is purified with p's colour already (colour -1).
func (l *links) commit(p int32) {
	switch c := l.color[p/sz]; {
	case c == 0:
		l.hideAll(l.nodes[p/sz].top / sz)
	case c > 0:
		l.purify(p)
	}
}

// uncommit undoes commit(p).
func (l *links) uncommit(p int32) {
	switch c := l.color[p/sz]; {
	case c == 0:
		l.unhideAll(l.nodes[p/sz].top / sz)
	case c > 0:
		l.unpurify(p)
	}
}

// commitOthers commits the items of the option containing node x, other
// than x's own item, from left to right (coverOthers with colours).
func (l *links) commitOthers(x int32) {
	nd := l.nodes
	for p := x + sz; p != x; {
		if nd[p/sz].top <= 0 {
			p = nd[p/sz].up
		} else {
			l.commit(p)
			p += sz
		}
	}
}

// uncommitOthers undoes commitOthers(x), from right to left.
func (l *links) uncommitOthers(x int32) {
	nd := l.nodes
	for p := x - sz; p != x; {
		if nd[p/sz].top <= 0 {
			p = nd[p/sz].down
		} else {
			l.uncommit(p)
			p -= sz
		}
	}
}

// optionNodes returns the offsets of option k's first node and of the
// spacer after it.
func (l *links) optionNodes(k int) (first, end int32) {
	p := l.p
	f := int32(p.primary+p.secondary+2+k) + p.starts[k]
	return f * sz, (f + p.starts[k+1] - p.starts[k]) * sz
}

// commit1 puts down option k before a search in a matrix with colours,
// committing each of its items, and reports false if k does not go with
// what is down already: one of its items is covered, or purified with
// another colour, or purified while k gives it none.
func (l *links) commit1(k int) bool {
	first, end := l.optionNodes(k)
	for p := first; p != end; p += sz {
		i := l.nodes[p/sz].top / sz
		if l.right[l.left[i]] != i || l.color[p/sz] >= 0 && l.color[i] != 0 {
			return false
		}
	}
	for p := first; p != end; p += sz {
		l.commit(p)
	}
	return true
}

// uncommit1 undoes commit1(k).
func (l *links) uncommit1(k int) {
	first, end := l.optionNodes(k)
	for p := end - sz; p >= first; p -= sz {
		l.uncommit(p)
	}
}
