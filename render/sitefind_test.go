package render

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"github.com/polytile/polytile/gallery"
	"github.com/polytile/polytile/internal/plural"
	"github.com/polytile/polytile/puzzles"
	"github.com/polytile/polytile/puzzles/geom"
	"github.com/polytile/polytile/puzzles/tiling"
)

// testPerPage is the number of solutions on a page of the galleries the
// tests page through: Scott's 65 solutions make 7 pages.
const testPerPage = 10

// gridsFile is the content of a web gallery's grids file (writeGrids).
type gridsFile struct {
	PerPage int      `json:"perPage"`
	Pages   []string `json:"pages"`
	Grids   []string `json:"grids"`
}

// readGrids reads the grids file of the web gallery whose first page is
// path: a script of comment lines and one assignment of a JSON object.
func readGrids(t *testing.T, path string) gridsFile {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(filepath.Dir(path), "index-grids.js"))
	if err != nil {
		t.Fatal(err)
	}
	var code []string
	for line := range strings.Lines(string(data)) {
		if !strings.HasPrefix(line, "//") {
			code = append(code, line)
		}
	}
	text := strings.Join(code, "")
	prefix := "window." + gridsVar + " = "
	if !strings.HasPrefix(text, prefix) || !strings.HasSuffix(text, ";\n") {
		t.Fatalf("the grids file is not one assignment to %s: %.80q…", gridsVar, text)
	}
	var g gridsFile
	dec := json.NewDecoder(strings.NewReader(strings.TrimSuffix(strings.TrimPrefix(text, prefix), ";\n")))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&g); err != nil {
		t.Fatalf("the grids file's object: %v", err)
	}
	return g
}

// The grids file holds every solution's grid, in order, and names the
// pages that show them, perPage to a page; every page loads it and shows
// its own share of the solutions.
func TestSiteGrids(t *testing.T) {
	path, site, classes := scottSitePaged(t, testPerPage)
	if !strings.Contains(siteJS, "window."+gridsVar) {
		t.Errorf("the pages' script does not read window.%s", gridsVar)
	}
	g := readGrids(t, path)
	if g.PerPage != testPerPage {
		t.Errorf("perPage = %d, want %d", g.PerPage, testPerPage)
	}
	if len(g.Grids) != len(classes) {
		t.Fatalf("the grids file holds %d grids, want %d", len(g.Grids), len(classes))
	}
	p := classes[0].Solution.(*tiling.Solution).Puzzle()
	for k, c := range classes {
		sol := c.Solution.(*tiling.Solution)
		want := make([]byte, p.Board().Len())
		for i := range want {
			piece, _ := sol.At(i)
			want[i] = gallery.PieceCode(piece)
		}
		if g.Grids[k] != string(want) || g.Grids[k] != site.Solutions[k].Grid {
			t.Errorf("grid %d = %q, want %q", k+1, g.Grids[k], want)
		}
	}
	wantPages := []string{"index.html", "index-2.html", "index-3.html", "index-4.html", "index-5.html", "index-6.html", "index-7.html"}
	if !slices.Equal(g.Pages, wantPages) {
		t.Errorf("pages = %v, want %v", g.Pages, wantPages)
	}
	ids := regexp.MustCompile(`id="solution-(\d+)"`)
	for i, name := range wantPages {
		data, err := os.ReadFile(filepath.Join(filepath.Dir(path), name))
		if err != nil {
			t.Fatal(err)
		}
		page := string(data)
		if !strings.Contains(page, `<script src="./index-grids.js"></script>`) || !strings.Contains(page, fmt.Sprintf(`data-page="%d"`, i+1)) {
			t.Errorf("%s does not load the grids, or does not say it is page %d", name, i+1)
		}
		var got []int
		for _, m := range ids.FindAllStringSubmatch(page, -1) {
			k, _ := strconv.Atoi(m[1])
			got = append(got, k)
		}
		var want []int
		for k := i*testPerPage + 1; k <= min((i+1)*testPerPage, len(classes)); k++ {
			want = append(want, k)
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s shows solutions %v, want %v", name, got, want)
		}
	}
}

// A grid that is not piece codes is still written as a JavaScript string.
func TestWriteGridsQuotes(t *testing.T) {
	site := &gallery.Site{Solutions: []gallery.SiteSolution{{Grid: `AB"</script>`}, {Grid: "CD"}}}
	var b bytes.Buffer
	if err := writeGrids(&b, site, []string{`a"b.html`}, 200); err != nil {
		t.Fatal(err)
	}
	text := b.String()
	if !strings.Contains(text, `"AB\"\u003c/script\u003e",`+"\n"+`"CD"]};`) || !strings.Contains(text, `"pages":["a\"b.html"]`) {
		t.Errorf("writeGrids wrote %s", text)
	}
}

// matchText is what the gallery says of n matching solutions of total.
func matchText(n, total int) string {
	noun, verb := "solutions", "match"
	if total == 1 {
		noun = "solution"
	}
	if n == 1 {
		verb = "matches"
	}
	return fmt.Sprintf("%d of %d %s %s", n, total, noun, verb)
}

// siteView is what a page of the gallery shows of a filter.
type siteView struct {
	File       string      // the page's file name
	Covers     []string    // the filters in the address
	Shown      string      // the count
	FoundShown bool        // whether the list of pages is shown
	Found      []foundPage // the pages listed
	Visible    []string    // the ids of the solutions shown
}

// foundPage is a page in the list of those that hold matches.
type foundPage struct {
	Page    int
	Title   string   // how many solutions it holds, "3 solutions"
	Current bool     // marked as the page shown, and not a link
	File    string   // the page a link goes to
	Covers  []string // the filters in the link's address
}

const siteViewJS = `(() => {
	const q = new URLSearchParams(location.search);
	return {
		File: decodeURIComponent(location.pathname.split("/").pop()),
		Covers: q.getAll("covers"),
		Shown: document.getElementById("shown").textContent,
		FoundShown: !document.getElementById("found").hidden,
		Found: Array.from(document.querySelectorAll("#found .found")).map(e => {
			const u = e.tagName === "A" ? new URL(e.href) : null;
			return {
				Page: +e.textContent,
				Title: e.title,
				Current: e.getAttribute("aria-current") === "page" && !u,
				File: u ? decodeURIComponent(u.pathname.split("/").pop()) : "",
				Covers: u ? u.searchParams.getAll("covers") : [],
			};
		}),
		Visible: Array.from(document.querySelectorAll(".sol")).filter(e => !e.hidden).map(e => e.id),
	};
})()`

// wantView is what page (from 1) of a gallery of classes, perPage to a
// page, must show for the filters covers.
func wantView(classes []puzzles.Class, perPage, page int, covers []string) siteView {
	p := classes[0].Solution.(*tiling.Solution).Puzzle()
	pageFile := func(n int) string {
		if n == 1 {
			return "index.html"
		}
		return fmt.Sprintf("index-%d.html", n)
	}
	v := siteView{File: pageFile(page), Covers: covers, Visible: []string{}, Found: []foundPage{}}
	n := 0
	var counts []int // the matches on each page found
	for k, c := range classes {
		ok := true
		for _, f := range covers {
			name, at, _ := strings.Cut(f, "@")
			rs, cs, _ := strings.Cut(at, ",")
			r, _ := strconv.Atoi(rs)
			col, _ := strconv.Atoi(cs)
			i := p.Board().Index(geom.Cell{Row: r, Col: col})
			piece := -1
			if i >= 0 {
				piece, _ = c.Solution.(*tiling.Solution).At(i)
			}
			ok = ok && piece >= 0 && p.PieceNames()[piece] == name
		}
		if !ok {
			continue
		}
		n++
		on := k/perPage + 1
		if on == page {
			v.Visible = append(v.Visible, fmt.Sprintf("solution-%d", k+1))
		}
		if len(v.Found) == 0 || v.Found[len(v.Found)-1].Page != on {
			f := foundPage{Page: on, Current: on == page, Covers: []string{}}
			if on != page {
				f.File, f.Covers = pageFile(on), covers
			}
			v.Found = append(v.Found, f)
			counts = append(counts, 0)
		}
		counts[len(counts)-1]++
	}
	for i, c := range counts {
		v.Found[i].Title = plural.Of(c, "solution")
	}
	v.Shown = matchText(n, len(classes))
	v.FoundShown = n > 0
	if n == 0 {
		v.Found = []foundPage{}
	}
	return v
}

// The filter searches the whole gallery: on any page, the count is of
// every solution, the pages that hold the matches are linked, and the
// links keep the filter.
func TestSiteFindAcrossPages(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a browser")
	}
	path, _, classes := scottSitePaged(t, testPerPage)
	total := len(classes)
	ctx := browser(t)
	problems := watchConsole(t, ctx)
	page2 := "file://" + filepath.Join(filepath.Dir(path), "index-2.html")
	view := func() siteView {
		t.Helper()
		v, err := chromedp.Run(ctx, chromedp.Evaluate[siteView](siteViewJS))
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	check := func(how string, got, want siteView) {
		t.Helper()
		gj, _ := json.Marshal(got)
		wj, _ := json.Marshal(want)
		if !bytes.Equal(gj, wj) {
			t.Errorf("%s:\n got %s\nwant %s", how, gj, wj)
		}
	}

	// The queries: a piece on a cell; two; one that only one solution
	// meets; one whose solutions are all on other pages; one none meets.
	p := classes[0].Solution.(*tiling.Solution).Puzzle()
	var one, elsewhere []string
	for _, name := range p.PieceNames() {
		for _, c := range p.Board().Cells() {
			q := []string{fmt.Sprintf("%s@%d,%d", name, c.Row, c.Col)}
			v := wantView(classes, testPerPage, 2, q)
			if one == nil && v.Shown == matchText(1, total) {
				one = q
			}
			if elsewhere == nil && len(v.Found) > 1 && len(v.Visible) == 0 {
				elsewhere = q
			}
		}
	}
	if one == nil || elsewhere == nil {
		t.Fatalf("no query that one solution meets (%v), or none whose solutions are all off page 2 (%v)", one, elsewhere)
	}
	queries := [][]string{{"X@2,3"}, {"X@2,3", "I@0,0"}, one, elsewhere, {"X@0,0"}}
	for _, covers := range queries {
		q := "?covers=" + strings.Join(covers, "&covers=")
		if err := chromedp.Do(ctx, chromedp.Navigate(page2+q), chromedp.WaitReady(chromedp.ID("shown"))); err != nil {
			t.Fatal(err)
		}
		check("index-2.html"+q, view(), wantView(classes, testPerPage, 2, covers))
	}

	// Choosing a piece and clicking a cell does the same. Then choosing
	// another piece adds it on the cell chosen, clicking another cell adds
	// it there, and the first of these removed leaves two filters.
	err := chromedp.Do(ctx,
		chromedp.Navigate(page2), chromedp.WaitVisible(chromedp.ID("piece")),
		chromedp.SetValue(chromedp.ID("piece"), "X"),
		chromedp.Evaluate[chromedp.Void](`void document.getElementById("piece").dispatchEvent(new Event("change"))`),
		chromedp.Click(chromedp.CSS(`.cells path[data-r="2"][data-c="3"]`)),
	)
	if err != nil {
		t.Fatal(err)
	}
	check("index-2.html, X clicked on (2, 3)", view(), wantView(classes, testPerPage, 2, []string{"X@2,3"}))
	err = chromedp.Do(ctx,
		chromedp.SetValue(chromedp.ID("piece"), "I"),
		chromedp.Evaluate[chromedp.Void](`void document.getElementById("piece").dispatchEvent(new Event("change"))`),
		chromedp.Click(chromedp.CSS(`.cells path[data-r="0"][data-c="0"]`)),
	)
	if err != nil {
		t.Fatal(err)
	}
	check("index-2.html, then I chosen and clicked on (0, 0)", view(), wantView(classes, testPerPage, 2, []string{"X@2,3", "I@2,3", "I@0,0"}))
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#filters button[title="remove I@2,3"]`))); err != nil {
		t.Fatal(err)
	}
	both := []string{"X@2,3", "I@0,0"}
	check("index-2.html, then I@2,3 removed", view(), wantView(classes, testPerPage, 2, both))

	// Following a link to another page keeps the filter.
	want := wantView(classes, testPerPage, 2, both)
	var to int
	for _, f := range want.Found {
		if !f.Current {
			to = f.Page
			break
		}
	}
	if to == 0 {
		t.Fatalf("%v: no other page holds a match", both)
	}
	link := fmt.Sprintf(`//*[@id="found"]/a[text()="%d"]`, to)
	if _, err := chromedp.RunResponse(ctx, chromedp.Click(chromedp.Search(link))); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.WaitReady(chromedp.ID("shown"))); err != nil {
		t.Fatal(err)
	}
	check(fmt.Sprintf("the link to page %d", to), view(), wantView(classes, testPerPage, to, both))
	if p := problems(); p != nil {
		t.Errorf("the pages wrote to their console: %v", p)
	}

	// A page without its grids file still filters its own solutions.
	if err := os.Remove(filepath.Join(filepath.Dir(path), "index-grids.js")); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(page2+"?covers=X@2,3"), chromedp.WaitReady(chromedp.ID("shown"))); err != nil {
		t.Fatal(err)
	}
	want = wantView(classes, testPerPage, 2, []string{"X@2,3"})
	want.Shown = fmt.Sprintf("%d of the %d solutions on this page match", len(want.Visible), testPerPage)
	want.FoundShown, want.Found = false, []foundPage{}
	check("index-2.html?covers=X@2,3 without the grids", view(), want)
}

// siteColours are the colours the browser computes for the parts of a
// page, as CSS gives them ("rgb(34, 34, 34)").
const siteColoursJS = `(() => {
	const css = (sel, prop) => { const e = document.querySelector(sel); return e ? getComputedStyle(e)[prop] : "none"; };
	return {
		"dark": String(matchMedia("(prefers-color-scheme: dark)").matches),
		"page": css("body", "backgroundColor"),
		"text": css("body", "color"),
		"counts": css(".counts", "color"),
		"link": css("nav.downloads a", "color"),
		"found link": css("#found a", "color"),
		"chip": css(".filter", "backgroundColor"),
		"chip text": css(".filter", "color"),
		"chip button": css(".filter button", "color"),
		"select": css("#piece", "backgroundColor"),
		"select text": css("#piece", "color"),
		"button": css("#clear", "backgroundColor"),
		"button text": css("#clear", "color"),
		"card": css(".sol", "backgroundColor"),
		"caption": css(".sol figcaption", "color"),
		"orbit": css(".sol small", "color"),
		"heading rule": css("h2", "borderBottomColor"),
		"solution surface": css(".sol svg", "backgroundColor"),
		"board surface": css("#board", "backgroundColor"),
		"puzzle surface": css("#puzzle svg", "backgroundColor"),
		"heat map surface": css(".heat svg", "backgroundColor"),
	};
})()`

// rgbColour matches a computed colour.
var rgbColour = regexp.MustCompile(`^rgba?\((\d+), (\d+), (\d+)(?:, ([\d.]+))?\)$`)

// luminance returns the relative luminance of a computed CSS colour
// (WCAG 2.2, "relative luminance"), or an error if it is not an opaque
// sRGB colour.
func luminance(css string) (float64, error) {
	m := rgbColour.FindStringSubmatch(css)
	if m == nil || (m[4] != "" && m[4] != "1") {
		return 0, fmt.Errorf("%q is not an opaque colour", css)
	}
	var l float64
	for i, w := range []float64{0.2126, 0.7152, 0.0722} {
		v, _ := strconv.Atoi(m[i+1])
		c := float64(v) / 255
		if c <= 0.04045 {
			c /= 12.92
		} else {
			c = math.Pow((c+0.055)/1.055, 2.4)
		}
		l += w * c
	}
	return l, nil
}

// contrast returns the contrast ratio of two computed CSS colours (WCAG
// 2.2, "contrast ratio"): 1 to 21.
func contrast(a, b string) (float64, error) {
	la, err := luminance(a)
	if err != nil {
		return 0, err
	}
	lb, err := luminance(b)
	if err != nil {
		return 0, err
	}
	return (max(la, lb) + 0.05) / (min(la, lb) + 0.05), nil
}

// The gallery follows the reader's colour scheme: dark, its page, text,
// links and controls turn dark with enough contrast (WCAG's 4.5:1 for
// text), and the pictures keep a light surface to sit on.
func TestSiteColourSchemes(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a browser")
	}
	path, _, _ := scottSitePaged(t, testPerPage)
	ctx := browser(t)
	problems := watchConsole(t, ctx)
	// The first page has every part: the puzzle, the heat maps; a filter
	// shows its chip and the pages it is found on.
	if err := chromedp.Do(ctx, chromedp.Navigate("file://"+path+"?covers=X@2,3"), chromedp.WaitVisible(chromedp.ID("board"))); err != nil {
		t.Fatal(err)
	}
	scheme := func(dark bool) map[string]string {
		t.Helper()
		value := "light"
		if dark {
			value = "dark"
		}
		err := chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			_, err := cdp.Call(ctx, tg, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
				Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: value}},
			})
			return err
		}))
		if err != nil {
			t.Fatal(err)
		}
		colours, err := chromedp.Run(ctx, chromedp.Evaluate[map[string]string](siteColoursJS))
		if err != nil {
			t.Fatal(err)
		}
		if colours["dark"] != strconv.FormatBool(dark) {
			t.Fatalf("emulating a %s scheme, the page's media query says dark is %s", value, colours["dark"])
		}
		if dir := os.Getenv("POLYTILE_SCREENSHOT"); dir != "" {
			if shot, err := chromedp.Run(ctx, chromedp.CaptureScreenshot()); err == nil {
				os.WriteFile(filepath.Join(dir, "gallery-"+value+".png"), shot, 0o644)
			}
		}
		return colours
	}
	light, dark := scheme(false), scheme(true)

	for _, part := range []string{"page", "text", "link", "card", "caption"} {
		if light[part] == dark[part] {
			t.Errorf("the %s's colour is %s in both schemes", part, light[part])
		}
	}
	for _, c := range []struct {
		name   string
		colour map[string]string
		bright bool // the page's background is light
	}{{"light", light, true}, {"dark", dark, false}} {
		if l, err := luminance(c.colour["page"]); err != nil || (l > 0.5) != c.bright {
			t.Errorf("%s scheme: the page's background %s has luminance %.2f (%v)", c.name, c.colour["page"], l, err)
		}
		for _, pair := range [][2]string{
			{"text", "page"}, {"counts", "page"}, {"link", "page"}, {"found link", "page"},
			{"chip text", "chip"}, {"chip button", "chip"}, {"select text", "select"}, {"button text", "button"},
			{"caption", "card"}, {"orbit", "card"},
		} {
			r, err := contrast(c.colour[pair[0]], c.colour[pair[1]])
			if err != nil || r < 4.5 {
				t.Errorf("%s scheme: %s %s on %s %s: contrast %.2f, want at least 4.5 (%v)",
					c.name, pair[0], c.colour[pair[0]], pair[1], c.colour[pair[1]], r, err)
			}
		}
		if r, err := contrast(c.colour["heading rule"], c.colour["page"]); err != nil || r < 1.2 {
			t.Errorf("%s scheme: the headings' rule %s is lost on the page %s (%.2f, %v)", c.name, c.colour["heading rule"], c.colour["page"], r, err)
		}
		// The pictures are drawn for a light ground (black borders,
		// light fills): they keep one.
		for _, part := range []string{"solution surface", "board surface", "puzzle surface", "heat map surface"} {
			if l, err := luminance(c.colour[part]); err != nil || l < 0.8 {
				t.Errorf("%s scheme: the %s %s is not light (luminance %.2f, %v)", c.name, part, c.colour[part], l, err)
			}
		}
	}
	if p := problems(); p != nil {
		t.Errorf("the page wrote to its console: %v", p)
	}
}
