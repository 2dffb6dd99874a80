package gallery

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/polytile/polytile/internal/golden"
	"github.com/polytile/polytile/puzzles"
	"github.com/polytile/polytile/puzzles/specs"
)

// treeParts is a search tree's figure read back: its boxes by label, its
// wedges, and the nodes and solutions its summaries count.
type treeParts struct {
	boxes, solutions, wedges int
	below, belowSolutions    int64
	caption                  string
}

func readTree(t *testing.T, sheets []*Sheet) treeParts {
	t.Helper()
	if len(sheets) != 1 || len(sheets[0].Frames) != 1 {
		t.Fatalf("%d sheets, want one of one frame", len(sheets))
	}
	f := sheets[0].Frames[0]
	var p treeParts
	for _, sh := range f.Shapes {
		switch {
		case strings.HasPrefix(sh.Piece, "below "):
			p.wedges++
		case sh.Piece == "solution":
			p.solutions++
			p.boxes++
		default:
			p.boxes++
		}
	}
	for _, l := range f.Letters {
		var n int64
		var what string
		if _, err := fmt.Sscanf(l.Text, "%d %s", &n, &what); err != nil {
			continue
		}
		switch strings.TrimSuffix(what, "s") {
		case "node":
			p.below += n
		case "solution":
			p.belowSolutions += n
		}
	}
	if f.Caption != nil {
		p.caption = f.Caption.Text
	}
	return p
}

// TestSearchTreeCut checks the search tree of 8 queens, of more than 500
// nodes, cut at depth 2: the nodes drawn and those the cut nodes count
// below them make the whole tree of puzzles.Matrix.Tree, and so do its
// solutions; the tree refused whole says to what depth it fits.
func TestSearchTreeCut(t *testing.T) {
	m := specMatrix(t, "queens-8")
	ctx := context.Background()
	whole, err := m.Tree(ctx, puzzles.TreeConfig{})
	if err != nil {
		t.Fatal(err)
	}
	nodes := whole.Below + 1
	if nodes <= MaxTreeNodes {
		t.Fatalf("the tree of 8 queens has %d nodes; want more than %d", nodes, MaxTreeNodes)
	}
	var large *puzzles.TreeTooLargeError
	if _, err := SearchTree(ctx, m, puzzles.TreeConfig{Most: MaxTreeNodes}, "", nil); !errors.As(err, &large) || large.Fits < 2 {
		t.Fatalf("the whole tree: %v (%+v); want a *TreeTooLargeError that fits at depth 2 at least", err, large)
	}
	sheets, err := SearchTree(ctx, m, puzzles.TreeConfig{Most: MaxTreeNodes, Depth: 2}, "8 queens", &Options{Labels: true})
	if err != nil {
		t.Fatal(err)
	}
	p := readTree(t, sheets)
	if int64(p.boxes)+p.below != nodes || int64(p.solutions)+p.belowSolutions != whole.Solutions {
		t.Errorf("%d boxes and %d nodes below them, %d solutions drawn and %d below; want %d nodes and %d solutions in all",
			p.boxes, p.below, p.solutions, p.belowSolutions, nodes, whole.Solutions)
	}
	if p.wedges == 0 || p.boxes != 1+8+p.wedges {
		t.Errorf("%d boxes, %d of them cut; want the root, its 8 children and their children, each cut", p.boxes, p.wedges)
	}
	if want := fmt.Sprintf("the search tree: %d nodes, 92 solutions; drawn down to depth 2", nodes); p.caption != want {
		t.Errorf("caption %q, want %q", p.caption, want)
	}
}

// Draw lays out a search tree too large to draw whole when it is cut,
// and stops counting when its context ends.
func TestDrawTreeDepth(t *testing.T) {
	spec, err := specs.Load("queens-8")
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if _, err := Draw(ctx, spec, Figure{Tree: true}, nil); !errors.As(err, new(*puzzles.TreeTooLargeError)) {
		t.Errorf("the whole tree of 8 queens: %v", err)
	}
	if _, err := Draw(ctx, spec, Figure{Tree: true, Depth: 3}, nil); err != nil {
		t.Errorf("the tree cut at depth 3: %v", err)
	}
	stopped, cancel := context.WithCancelCause(ctx)
	cause := errors.New("told to stop")
	cancel(cause)
	if sheets, err := Draw(stopped, spec, Figure{Tree: true, Depth: 1}, nil); sheets != nil || !errors.Is(err, context.Canceled) || !strings.Contains(fmt.Sprint(err), "told to stop") {
		t.Errorf("a stopped count: %d sheets, %v", len(sheets), err)
	}
	if _, err := Draw(ctx, spec, Figure{Tree: true, Depth: -1}, nil); err == nil {
		t.Errorf("a negative depth drawn")
	}
}

// A cut tree's figure, written out, against testdata/tree.golden (go
// test ./gallery -update rewrites it).
func TestGoldenTree(t *testing.T) {
	sheets, err := SearchTree(context.Background(), specMatrix(t, "queens-8"), puzzles.TreeConfig{Most: MaxTreeNodes, Depth: 1}, "8 queens", &Options{CellSize: 20})
	if err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "tree.golden", []byte(sheetText(sheets[0])))
}
