package render

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/polytile/polytile/gallery"
	"github.com/polytile/polytile/puzzles"
	"github.com/polytile/polytile/puzzles/specs"
	"github.com/polytile/polytile/puzzles/tiling"
)

// The gallery of a puzzle whose pieces are chosen filters on the pieces a
// solution uses (?uses=), and its piece menu offers only the pieces some
// solution shown puts down: never X, which fits nowhere, and not T
// beside I, which leave too few cells for each other.
func TestSiteUses(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a browser")
	}
	spec, err := specs.Parse("chosen.yaml", []byte("board: {rows: 2, cols: 3}\npieces:\n"+
		"  - {name: I, shape: '###', count: 0..1}\n  - {name: T, shape: \"###\\n #\", count: 0..1}\n"+
		"  - {name: D, shape: '##', count: 0..1}\n  - {name: m, shape: '#', count: any}\n"+
		"  - {name: X, shape: \" #\\n###\\n #\", count: 0..1}\n"))
	if err != nil {
		t.Fatal(err)
	}
	res, err := spec.Problem.Solve(context.Background(), &puzzles.SolveConfig{})
	if err != nil {
		t.Fatal(err)
	}
	site, err := gallery.NewSite(res.Distinct, &gallery.Options{})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "index.html")
	if _, err := writeSite(context.Background(), path, site, nil, nil, SitePerPage); err != nil {
		t.Fatal(err)
	}
	// used returns the names of the pieces solution k puts down.
	used := func(k int) []string {
		sol := res.Distinct[k].Solution.(*tiling.Solution)
		var out []string
		for _, pl := range sol.Placements() {
			if name := sol.PieceNames()[pl.Piece]; !slices.Contains(out, name) {
				out = append(out, name)
			}
		}
		return out
	}
	ctx := browser(t)
	problems := watchConsole(t, ctx)
	for _, piece := range []string{"", "I", "T", "D"} {
		var wantVisible, offered []string
		for k := range res.Distinct {
			u := used(k)
			if piece == "" || slices.Contains(u, piece) {
				wantVisible = append(wantVisible, fmt.Sprintf("solution-%d", k+1))
				offered = append(offered, u...)
			}
		}
		var wantOff []string
		for _, name := range site.Pieces {
			if !slices.Contains(offered, name) {
				wantOff = append(wantOff, name)
			}
		}
		url := "file://" + path
		if piece != "" {
			url += "?uses=" + piece
		}
		if err := chromedp.Do(ctx, chromedp.Navigate(url), chromedp.WaitReady(chromedp.ID("shown"))); err != nil {
			t.Fatal(err)
		}
		visible, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`Array.from(document.querySelectorAll(".sol")).filter(e => !e.hidden).map(e => e.id)`))
		if err != nil {
			t.Fatal(err)
		}
		off, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`Array.from(document.querySelectorAll("#piece option")).filter(o => o.disabled).map(o => o.value)`))
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(visible, wantVisible) {
			t.Errorf("uses=%s: shows %v, want %v", piece, visible, wantVisible)
		}
		slices.Sort(off)
		slices.Sort(wantOff)
		if !slices.Equal(off, wantOff) || !slices.Contains(off, "X") {
			t.Errorf("uses=%s: the menu leaves out %v, want %v (X among them)", piece, off, wantOff)
		}
		if piece == "I" && !slices.Contains(off, "T") {
			t.Errorf("uses=I: T is offered, which no solution with I puts down")
		}
	}
	// The button adds the filter of the piece chosen.
	if err := chromedp.Do(ctx, chromedp.Navigate("file://"+path), chromedp.WaitVisible(chromedp.ID("piece")),
		chromedp.SetValue(chromedp.ID("piece"), "D"), chromedp.Click(chromedp.ID("uses"))); err != nil {
		t.Fatal(err)
	}
	q, err := chromedp.Run(ctx, chromedp.Evaluate[string](`location.search`))
	if err != nil {
		t.Fatal(err)
	}
	if q != "?uses=D" {
		t.Errorf("after choosing D and the button, the address asks %q, want ?uses=D", q)
	}
	if p := problems(); len(p) > 0 {
		t.Errorf("the console: %v", p)
	}
}
