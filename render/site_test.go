package render

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"html"
	"image/png"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/polytile/polytile/gallery"
	"github.com/polytile/polytile/puzzles"
	"github.com/polytile/polytile/puzzles/geom"
	"github.com/polytile/polytile/puzzles/results"
	"github.com/polytile/polytile/puzzles/specs"
	"github.com/polytile/polytile/puzzles/tiling"
)

// scottClasses are the distinct solutions of Scott's problem, solved
// once per test binary.
var scottClasses = sync.OnceValues(func() ([]puzzles.Class, error) {
	spec, err := specs.Load("scott")
	if err != nil {
		return nil, err
	}
	res, err := spec.Problem.Solve(context.Background(), nil)
	if err != nil {
		return nil, err
	}
	return res.Distinct, nil
})

// scottSite writes the web gallery of Scott's problem into a temporary
// directory, and returns its first page and the solutions.
func scottSite(t *testing.T) (string, []puzzles.Class) {
	t.Helper()
	path, _, classes := scottSitePaged(t, SitePerPage)
	return path, classes
}

// scottSitePaged writes the web gallery of Scott's problem with perPage
// solutions on a page into a temporary directory, offering a download,
// and returns its first page, the site and the solutions.
func scottSitePaged(t *testing.T, perPage int) (string, *gallery.Site, []puzzles.Class) {
	t.Helper()
	classes, err := scottClasses()
	if err != nil {
		t.Fatal(err)
	}
	site, err := gallery.NewSite(classes, &gallery.Options{})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "index.html")
	files, err := writeSite(context.Background(), path, site, []Download{{Name: "solutions.json", Label: "JSON", Data: []byte("{}")}}, nil, perPage)
	if err != nil {
		t.Fatal(err)
	}
	pages := (len(classes) + perPage - 1) / perPage
	if len(files) != pages+5 {
		t.Errorf("wrote %v, want %d pages, the grids, three posters and the download", files, pages)
	}
	return path, site, classes
}

// covering returns the ids of the solutions in which each piece named
// covers its cell: the answer a covers= query must give.
func covering(classes []puzzles.Class, covers map[string]geom.Cell) []string {
	p := classes[0].Solution.(*tiling.Solution).Puzzle()
	var ids []string
	for k, c := range classes {
		ok := true
		for name, cell := range covers {
			piece, _ := c.Solution.(*tiling.Solution).At(p.Board().Index(cell))
			ok = ok && p.PieceNames()[piece] == name
		}
		if ok {
			ids = append(ids, fmt.Sprintf("solution-%d", k+1))
		}
	}
	return ids
}

func TestWriteSite(t *testing.T) {
	path, classes := scottSite(t)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	page := string(data)
	for k := range classes {
		if !strings.Contains(page, fmt.Sprintf(`id="solution-%d"`, k+1)) {
			t.Errorf("no solution-%d", k+1)
		}
	}
	for _, bad := range []string{`src="http`, `href="http`, "url(", "@import", "<link"} {
		if strings.Contains(page, bad) {
			t.Errorf("the page refers to %q: it must load nothing from the network", bad)
		}
	}
	if n, want := strings.Count(page, "<script src"), `<script src="./index-grids.js"></script>`; n != 1 || !strings.Contains(page, want) {
		t.Errorf("the page loads %d scripts, want one, %s", n, want)
	}
	if n := strings.Count(page, `role="img" aria-label="Solution `); n != len(classes) {
		t.Errorf("%d solutions have a text alternative, want %d", n, len(classes))
	}
	if want := "<code>?covers=PIECE@ROW,COL</code>"; !strings.Contains(page, want) {
		t.Errorf("the filter's hint is not %s", want)
	}
	// The same site twice: the same bytes, in every file.
	again, _ := scottSite(t)
	entries, err := os.ReadDir(filepath.Dir(path))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		data, _ := os.ReadFile(filepath.Join(filepath.Dir(path), e.Name()))
		data2, err := os.ReadFile(filepath.Join(filepath.Dir(again), e.Name()))
		if err != nil || !bytes.Equal(data, data2) {
			t.Errorf("two writes of the same site differ in %s (%v)", e.Name(), err)
		}
	}
}

// browser returns a context for a headless Chromium, started with the
// extra options too, or skips the test when there is none (unless
// POLYTILE_BROWSER is "required", as in CI).
func browser(t *testing.T, extra ...chromedp.ExecAllocatorOption) context.Context {
	t.Helper()
	var path string
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "headless-shell"} {
		if p, err := exec.LookPath(name); err == nil {
			path = p
			break
		}
	}
	if path == "" {
		if os.Getenv("POLYTILE_BROWSER") == "required" {
			t.Fatal("no Chromium to test the web gallery in (apt-get install chromium)")
		}
		t.Skip("no Chromium found; .ci/run installs it")
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(path), chromedp.NoSandbox,
		chromedp.WindowSize(1200, 1600), chromedp.Flag("allow-file-access-from-files", true))
	opts = append(opts, extra...)
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	t.Cleanup(cancel)
	ctx, cancel2 := chromedp.NewContext(actx)
	t.Cleanup(cancel2)
	ctx, cancel3 := context.WithTimeout(ctx, 90*time.Second)
	t.Cleanup(cancel3)
	return ctx
}

// TestSiteInBrowser opens the web gallery in headless Chromium and uses
// it as a reader would.
func TestSiteInBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a browser")
	}
	path, classes := scottSite(t)
	ctx := browser(t)
	problems := watchConsole(t, ctx)
	url := "file://" + path
	visible := func() []string {
		ids, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`Array.from(document.querySelectorAll(".sol")).filter(e => !e.hidden).map(e => e.id)`))
		if err != nil {
			t.Fatal(err)
		}
		return ids
	}

	// Every solution is on the page.
	if err := chromedp.Do(ctx, chromedp.Navigate(url), chromedp.WaitVisible(chromedp.ID("solution-1"))); err != nil {
		t.Fatal(err)
	}
	if got := visible(); len(got) != len(classes) || got[0] != "solution-1" || got[len(got)-1] != fmt.Sprintf("solution-%d", len(classes)) {
		t.Errorf("the page shows %d solutions (%v…), want all %d", len(got), got[:min(3, len(got))], len(classes))
	}

	// A covers= address shows exactly the solutions the search says.
	for _, q := range []struct {
		query  string
		covers map[string]geom.Cell
	}{
		{"covers=X@2,3", map[string]geom.Cell{"X": {Row: 2, Col: 3}}},
		{"covers=X@2,3&covers=I@0,0", map[string]geom.Cell{"X": {Row: 2, Col: 3}, "I": {Row: 0, Col: 0}}},
		{"covers=F@7,7", map[string]geom.Cell{"F": {Row: 7, Col: 7}}},
	} {
		if err := chromedp.Do(ctx, chromedp.Navigate(url+"?"+q.query), chromedp.WaitReady(chromedp.ID("shown"))); err != nil {
			t.Fatal(err)
		}
		want := covering(classes, q.covers)
		if got := visible(); !slices.Equal(got, want) {
			t.Errorf("?%s shows %v, want %v", q.query, got, want)
		}
	}

	// Choosing a piece and clicking a cell does the same, and puts the
	// choice in the address.
	err := chromedp.Do(ctx,
		chromedp.Navigate(url), chromedp.WaitVisible(chromedp.ID("piece")),
		chromedp.SetValue(chromedp.ID("piece"), "X"),
		chromedp.Evaluate[chromedp.Void](`void document.getElementById("piece").dispatchEvent(new Event("change"))`),
		chromedp.Click(chromedp.CSS(`.cells path[data-r="2"][data-c="3"]`)),
	)
	if err != nil {
		t.Fatal(err)
	}
	search, err := chromedp.Run(ctx, chromedp.Evaluate[string](`location.search`))
	if err != nil {
		t.Fatal(err)
	}
	if want := covering(classes, map[string]geom.Cell{"X": {Row: 2, Col: 3}}); !slices.Equal(visible(), want) {
		t.Errorf("clicking X and cell (2, 3) shows %v, want %v", visible(), want)
	}
	if search != "?covers=X%402%2C3" {
		t.Errorf("the address's query is %q after the click, want ?covers=X%%402%%2C3", search)
	}

	// A solution opens large; the arrow keys go to the next; Escape closes.
	err = chromedp.Do(ctx,
		chromedp.Navigate(url), chromedp.WaitVisible(chromedp.ID("solution-1")),
		chromedp.Click(chromedp.ID("solution-1")),
		chromedp.KeyEvent(kb.ArrowRight),
	)
	if err != nil {
		t.Fatal(err)
	}
	caption, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector("#big p").textContent`))
	if err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.Escape)); err != nil {
		t.Fatal(err)
	}
	open, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.getElementById("big").open`))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(caption, "2 ") || open {
		t.Errorf("after a click on solution 1 and the right arrow, the large view shows %q (want solution 2), and Escape left it open: %v", caption, open)
	}

	// The page is not blank.
	if err := chromedp.Do(ctx, chromedp.Navigate(url), chromedp.WaitVisible(chromedp.ID("solution-1"))); err != nil {
		t.Fatal(err)
	}
	shot, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(shot))
	if err != nil {
		t.Fatal(err)
	}
	colours := map[[4]uint32]bool{}
	for y := img.Bounds().Min.Y; y < img.Bounds().Max.Y; y += 4 {
		for x := img.Bounds().Min.X; x < img.Bounds().Max.X; x += 4 {
			r, g, b, a := img.At(x, y).RGBA()
			colours[[4]uint32{r, g, b, a}] = true
		}
	}
	if len(colours) < 10 {
		t.Errorf("the screenshot has %d colours: blank", len(colours))
	}
	if dir := os.Getenv("POLYTILE_SCREENSHOT"); dir != "" {
		// The documentation's picture: the gallery filtered to the
		// solutions in which X covers row 2, column 3, from its search
		// on.
		if err := chromedp.Do(ctx, chromedp.Navigate(url+"?covers=X@2,3"), chromedp.WaitReady(chromedp.ID("shown"))); err != nil {
			t.Fatal(err)
		}
		shown, err := chromedp.Run(ctx, chromedp.Evaluate[string](`[...document.querySelectorAll("h2")].find(h => h.textContent == "Find solutions").scrollIntoView(), document.getElementById("shown").textContent`))
		if err != nil {
			t.Fatal(err)
		}
		if shot, err = chromedp.Run(ctx, chromedp.CaptureScreenshot()); err != nil {
			t.Fatal(err)
		}
		t.Logf("the screenshot shows: %s", shown)
		if err := os.WriteFile(filepath.Join(dir, "gallery.png"), shot, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if p := problems(); p != nil {
		t.Errorf("the page wrote to its console: %v", p)
	}
}

// watchConsole listens to what the pages opened in ctx write to their
// console, and returns a function that stops listening and returns the
// errors, warnings and exceptions written.
func watchConsole(t *testing.T, ctx context.Context) func() []string {
	t.Helper()
	// The browser starts with ctx, not with the listener's context, which
	// ends first.
	if err := chromedp.Do(ctx); err != nil {
		t.Fatal(err)
	}
	cctx, stop := context.WithCancel(ctx)
	var mu sync.Mutex
	var problems []string
	messages := chromedp.Console(cctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		for m, err := range messages {
			if err != nil {
				return
			}
			if m.Type == chromedp.ConsoleError || m.Type == chromedp.ConsoleWarning || m.IsException() {
				mu.Lock()
				problems = append(problems, m.String())
				mu.Unlock()
			}
		}
	}()
	return func() []string {
		stop()
		<-done
		mu.Lock()
		defer mu.Unlock()
		return problems
	}
}

// stopAfter is a context that ends on its nth look at Err: a stop in the
// middle of a piece of work, wherever that is.
type stopAfter struct {
	context.Context
	n    atomic.Int64
	done chan struct{}
	once sync.Once
}

func newStopAfter(n int64) *stopAfter {
	s := &stopAfter{Context: context.Background(), done: make(chan struct{})}
	s.n.Store(n)
	return s
}

func (s *stopAfter) Err() error {
	if s.n.Add(-1) < 0 {
		s.once.Do(func() { close(s.done) })
		return context.Canceled
	}
	return nil
}

func (s *stopAfter) Done() <-chan struct{} { return s.done }

// A site stopped half-way leaves nothing of itself: no poster written
// before the stop, no temporary file; a site written whole has every file.
func TestWriteSiteStopped(t *testing.T) {
	_, classes := scottSite(t)
	site, err := gallery.NewSite(classes, &gallery.Options{})
	if err != nil {
		t.Fatal(err)
	}
	// Count the looks a whole site takes, then stop at points through it.
	count := newStopAfter(1 << 40)
	if _, err := WriteSite(count, filepath.Join(t.TempDir(), "index.html"), site, nil, nil); err != nil {
		t.Fatal(err)
	}
	looks := 1<<40 - count.n.Load()
	if looks < 8 {
		t.Fatalf("a site takes %d looks at its context; want more to stop between", looks)
	}
	for _, n := range []int64{1, looks / 4, looks / 2, looks - 2, looks + 1} {
		dir := t.TempDir()
		files, err := WriteSite(newStopAfter(n), filepath.Join(dir, "index.html"), site, []Download{{Name: "solutions.json", Data: []byte("{}")}}, nil)
		entries, _ := os.ReadDir(dir)
		if err == nil {
			if n <= looks-2 || len(entries) != 6 {
				t.Errorf("stop at look %d: no error, and %d files", n, len(entries))
			}
			continue
		}
		if len(files) != 0 || len(entries) != 0 {
			var names []string
			for _, e := range entries {
				names = append(names, e.Name())
			}
			t.Errorf("stopped at look %d (%v): wrote %v, left %v", n, err, files, names)
		}
	}
}

// somaSite writes the web gallery of the Soma cube's solutions, and
// returns its first page's path and the solutions.
func somaSite(t *testing.T) (string, *results.All) {
	t.Helper()
	spec, err := specs.Load("soma")
	if err != nil {
		t.Fatal(err)
	}
	all, err := results.SolveAll(context.Background(), spec, nil)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "soma", "index.html")
	paths, err := WriteGallery(context.Background(), path, all, &gallery.Options{CellSize: 12}, nil)
	if err != nil || len(paths) < 2 {
		t.Fatalf("WriteGallery: %v, %v", paths, err)
	}
	return path, all
}

// A solid's web gallery: its cells are [layer, row, col] triples in the
// script's data, each clickable cell names its layer, and its pages and
// heat maps are written.
func TestSolidSite(t *testing.T) {
	path, _ := somaSite(t)
	page, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`data-site="([^"]*)"`).FindSubmatch(page)
	if m == nil {
		t.Fatal("no data-site")
	}
	var data struct {
		Cells [][]int `json:"cells"`
	}
	if err := json.Unmarshal([]byte(html.UnescapeString(string(m[1]))), &data); err != nil {
		t.Fatal(err)
	}
	if len(data.Cells) != 27 || len(data.Cells[26]) != 3 || data.Cells[26][0] != 2 {
		t.Errorf("cells %v: want the cube's 27 as [layer, row, col]", data.Cells)
	}
	if n := bytes.Count(page, []byte(`data-l="`)); n != 27 {
		t.Errorf("%d cells name their layer, want 27", n)
	}
	if !bytes.Contains(page, []byte("<title>layer 2, row 2, column 2</title>")) {
		t.Errorf("no cell says its layer in words")
	}
	if want := "<code>?covers=PIECE@LAYER,ROW,COL</code>"; !bytes.Contains(page, []byte(want)) {
		t.Errorf("the filter's hint is not %s, with the layer", want)
	}
}

// In a solid's gallery, opened in Chromium, a covers= address with a
// layer finds the solutions in which that piece covers that cube, across
// the gallery, and a click on a cube of a layer puts its layer in the
// address.
func TestSolidSiteInBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a browser")
	}
	path, all := somaSite(t)
	// The solutions in which L covers the bottom layer's first cube.
	want := 0
	for _, c := range all.Classes {
		s := c.Solution.(*tiling.Solution)
		b := s.Puzzle().Board()
		if piece, _ := s.At(b.Index(geom.Cell{})); s.Puzzle().Pieces()[piece].Name == "L" {
			want++
		}
	}
	if want == 0 {
		t.Fatal("no solution puts L there: choose another cube")
	}
	checkCoversFilter(t, path, "L@0,0,0", want, len(all.Classes), "V", `.cells path[data-l="1"][data-r="1"][data-c="1"]`, "?covers=V%401%2C1%2C1")
}

// checkCoversFilter opens the gallery at path with ?covers=covers and
// checks that it shows want of total solutions; then, with piece chosen,
// clicks the cell that css finds and checks that the address's query
// becomes query, of the form the page's hint gives (as many numbers); and
// that the page wrote nothing to its console.
func checkCoversFilter(t *testing.T, path, covers string, want, total int, piece, css, query string) {
	t.Helper()
	ctx := browser(t)
	problems := watchConsole(t, ctx)
	addr := "file://" + path
	if err := chromedp.Do(ctx, chromedp.Navigate(addr+"?covers="+covers), chromedp.WaitReady(chromedp.ID("shown"))); err != nil {
		t.Fatal(err)
	}
	shown, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("shown").textContent`))
	if err != nil {
		t.Fatal(err)
	}
	if w := matchText(want, total); shown != w {
		t.Errorf("covers=%s says %q, want %q", covers, shown, w)
	}
	err = chromedp.Do(ctx,
		chromedp.Navigate(addr), chromedp.WaitVisible(chromedp.ID("piece")),
		chromedp.SetValue(chromedp.ID("piece"), piece),
		chromedp.Evaluate[chromedp.Void](`void document.getElementById("piece").dispatchEvent(new Event("change"))`),
		chromedp.Click(chromedp.CSS(css)),
	)
	if err != nil {
		t.Fatal(err)
	}
	search, err := chromedp.Run(ctx, chromedp.Evaluate[string](`location.search`))
	if err != nil {
		t.Fatal(err)
	}
	if search != query {
		t.Errorf("the address's query is %q after a click on %s, want %q", search, css, query)
	}
	hint, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector("#find code").textContent`))
	if err != nil {
		t.Fatal(err)
	}
	clicked, err := url.QueryUnescape(search)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(hint, "?covers=PIECE@") || strings.Count(hint, ",") != strings.Count(clicked, ",") {
		t.Errorf("the filter's hint shows %s, where a click gives %s", hint, clicked)
	}
	if p := problems(); p != nil {
		t.Errorf("the page wrote to its console: %v", p)
	}
}
