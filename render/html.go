package render

import (
	"bytes"
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"html/template"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/polytile/polytile/gallery"
	"github.com/polytile/polytile/internal/plural"
	"github.com/polytile/polytile/internal/safefile"
	"github.com/polytile/polytile/puzzles/results"
)

//go:embed site/site.css
var siteCSS string

//go:embed site/site.js
var siteJS string

//go:embed site/turn.js
var turnJS string

// SitePerPage is the number of solutions on a page of a web gallery.
const SitePerPage = 200

// Download is a file a web gallery offers besides its pictures: the
// saved results, say.
type Download struct {
	Name  string // the file's name, in the site's directory
	Label string // what the link says
	Data  []byte
	// From is the file the data was read from, if any: when it is the
	// site's file of that name (a gallery written beside its input), it
	// is left as it is, never replaced.
	From string
}

// IsSite reports whether path names a web gallery, an .html file.
func IsSite(path string) bool { return strings.EqualFold(filepath.Ext(path), ".html") }

// WriteSite writes the web gallery of site, its first page at path (such
// as gallery/index.html, its directory made if need be) and the rest
// beside it: further pages of
// SitePerPage solutions (index-2.html, …), the grids of every solution
// for the pages' script (index-grids.js, see writeGrids), the poster as
// SVG, PNG (at opt's DPI) and PDF, and the downloads. The pages have
// their style and script inline, load only files beside them (the grids,
// the poster's picture), nothing from the network, and fetch nothing, so
// the site opens from disk (file://, where browsers refuse fetch) as from
// any web server.
// Every solution is a figure with id "solution-K", its picture inline as
// SVG with a text alternative, its number and orbit under it, and its
// grid of pieces in data-grid. A query such as ?covers=X@2,3 (piece X
// covers row 2, column 3) filters the whole gallery: the page's script
// counts the matching solutions among all of them, links to the pages
// that hold some, and shows only those of its own page; every page
// honours the query, and links between pages keep it. A solid's pages
// hold their solutions' pieces (gallery.SiteSolution.Solid) as JSON too,
// for the script that shows a solution in a view the reader turns.
//
// Each file is written to a temporary name, and all are renamed into
// place once every one is written (package safefile): a site stopped or
// failed half-way leaves nothing of itself. ctx stops the writing between
// files. Every file is a regular
// file in the site's directory: a symbolic link there is replaced, never
// followed, and a FIFO or device refused, so a link planted in the
// directory cannot send a page outside it. It returns the files written.
func WriteSite(ctx context.Context, path string, site *gallery.Site, downloads []Download, opt *Options) ([]string, error) {
	return writeSite(ctx, path, site, downloads, opt, SitePerPage)
}

// writeSite is WriteSite with perPage solutions on a page.
func writeSite(ctx context.Context, path string, site *gallery.Site, downloads []Download, opt *Options, perPage int) ([]string, error) {
	if site == nil || len(site.Solutions) == 0 {
		return nil, fmt.Errorf("render: an empty site")
	}
	dir := filepath.Dir(path)
	stem := strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	files := &siteFiles{ctx: ctx, dir: dir}
	defer files.abort()
	write := files.write
	// The poster and the downloads first: the pages link to them.
	for _, f := range []Format{FormatSVG, FormatPNG, FormatPDF} {
		err := write(stem+"-poster."+f.String(), func(w io.Writer) error {
			return EncodeContext(ctx, w, f, []*gallery.Sheet{site.Poster}, opt)
		})
		if err != nil {
			return nil, err
		}
	}
	for _, d := range downloads {
		if d.From != "" && safefile.SameFile(d.From, filepath.Join(dir, d.Name)) {
			continue // the input itself, in place already
		}
		if err := write(d.Name, func(w io.Writer) error { _, err := w.Write(d.Data); return err }); err != nil {
			return nil, err
		}
	}
	pageNames := make([]string, (len(site.Solutions)+perPage-1)/perPage)
	for i := range pageNames {
		pageNames[i] = stem + ".html"
		if i > 0 {
			pageNames[i] = fmt.Sprintf("%s-%d.html", stem, i+1)
		}
	}
	grids := stem + "-grids.js"
	if err := write(grids, func(w io.Writer) error { return writeGrids(w, site, pageNames, perPage) }); err != nil {
		return nil, err
	}
	common, err := newSitePage(ctx, site, stem, downloads)
	if err != nil {
		return nil, err
	}
	// "./" keeps a name with a colon from reading as a URL's scheme.
	common.Grids = "./" + url.PathEscape(grids)
	for i, name := range pageNames {
		page := *common
		page.First = i == 0
		page.Number = i + 1
		for k, other := range pageNames {
			page.Pages = append(page.Pages, pageLink{Name: other, Number: k + 1, Current: k == i})
		}
		for _, s := range site.Solutions[i*perPage : min((i+1)*perPage, len(site.Solutions))] {
			svg, err := inlineSVG(ctx, s.Sheet, fmt.Sprintf("s%d", s.Number),
				fmt.Sprintf("Solution %d of %d, orbit %d: %s", s.Number, len(site.Solutions), s.Orbit, common.describe(s.Grid)))
			if err != nil {
				return nil, err
			}
			page.Solutions = append(page.Solutions, pageSolution{Number: s.Number, Orbit: s.Orbit, Grid: s.Grid, SVG: svg})
			if s.Solid != nil {
				page.Solids = append(page.Solids, s.Solid)
			}
		}
		if err := write(name, func(w io.Writer) error { return siteTemplate().Execute(w, &page) }); err != nil {
			return nil, err
		}
	}
	return files.commit()
}

// siteFiles writes a site's files as WriteSite says: each to a temporary
// name, all put in place at the end (commit) or removed (abort).
type siteFiles struct {
	ctx     context.Context
	dir     string
	pending []*safefile.File
}

// write writes the file name of the site's directory by f, unless the
// context has ended.
func (s *siteFiles) write(name string, f func(io.Writer) error) error {
	if err := s.ctx.Err(); err != nil {
		return &stopError{err: err, cause: context.Cause(s.ctx)}
	}
	file, err := safefile.CreateReplacing(filepath.Join(s.dir, name))
	if err != nil {
		return err
	}
	if err := file.WriteAll(f); err != nil {
		return err
	}
	s.pending = append(s.pending, file)
	return nil
}

// abort removes the files written and not put in place.
func (s *siteFiles) abort() {
	for _, f := range s.pending {
		f.Abort() // after a Commit it does nothing
	}
}

// commit puts the files written in place, unless the context has ended,
// and returns their names.
func (s *siteFiles) commit() ([]string, error) {
	if err := s.ctx.Err(); err != nil {
		return nil, &stopError{err: err, cause: context.Cause(s.ctx)}
	}
	var written []string
	for _, f := range s.pending {
		if err := f.Commit(); err != nil {
			return written, err
		}
		written = append(written, f.Name())
	}
	return written, nil
}

// gridsVar is the global variable that a web gallery's grids file
// (writeGrids) sets, for the script of its pages.
const gridsVar = "polytileGallery"

// writeGrids writes the file that tells a web gallery's pages every
// solution's grid, so that a filter counts over the whole gallery: a
// script that sets the global gridsVar to a JSON object,
//
//	window.polytileGallery = {"perPage":200,"pages":["index.html","index-2.html"],"grids":[
//	"AABB…",
//	…]};
//
// where grids holds each solution's grid (gallery.SiteSolution.Grid: the
// code of the piece on each cell of the board), in the site's order, one
// a line, and pages the pages' file names: solution K (from 1) is on
// pages[(K-1)/perPage]. A script, not JSON to fetch, because browsers do
// not let a page opened from disk (file://) fetch a file beside it, but
// do run a <script src> from there. One file for all the pages, not the
// grids in each page: the pages stay as small as their own solutions make
// them, and a browser reads the grids once for every page.
func writeGrids(w io.Writer, site *gallery.Site, pages []string, perPage int) error {
	names, err := json.Marshal(pages) // escapes <, >, & and the line separators JavaScript strings refuse
	if err != nil {
		return err
	}
	var b bytes.Buffer
	b.WriteString("// The solutions of this web gallery, for the script of its pages: each one's grid, the code of\n")
	b.WriteString("// the piece on each cell of the board, in order; solution K (from 1) is on pages[(K-1)/perPage].\n")
	fmt.Fprintf(&b, "window.%s = {\"perPage\":%d,\"pages\":%s,\"grids\":[\n", gridsVar, perPage, names)
	if _, err := w.Write(b.Bytes()); err != nil {
		return err
	}
	for i, s := range site.Solutions {
		b.Reset()
		if i > 0 {
			b.WriteString(",\n")
		}
		grid, err := json.Marshal(s.Grid) // piece codes, letters and digits: quoted, never escaped
		if err != nil {
			return err
		}
		b.Write(grid)
		if _, err := w.Write(b.Bytes()); err != nil {
			return err
		}
	}
	_, err = io.WriteString(w, "]};\n")
	return err
}

// sitePage is what the template of a page is given.
type sitePage struct {
	Title, Counts string
	Poster        string // the poster's SVG file
	Data          string // the script's data: pieces, cells and codes, as JSON
	Grids         string // the address of the file of every solution's grid (writeGrids)
	Number        int    // the page's number, from 1
	CSS           template.CSS
	JS, Turn      template.JS           // the script of every page, and that of a solid's view that turns
	Solids        [][]gallery.SitePiece // a solid's solutions' pieces, this page's, for Turn
	Puzzle, Board template.HTML
	Cells         []pageCell
	Covers        string // the form of a covers= value: PIECE@ROW,COL, or with a layer
	ViewBox       string
	Pieces        []string
	Downloads     []Download
	Stats         []pageStat
	First         bool
	Pages         []pageLink
	Solutions     []pageSolution
	cellNames     []string
}

type pageCell struct {
	R, C int
	L    string // a solid's cell's layer; "" on the plane
	D    string
	Name string // the cell, in words
}

type pageStat struct {
	Piece        string
	Heat         template.HTML
	Border, Hole int
}

type pageLink struct {
	Name    string
	Number  int
	Current bool
}

type pageSolution struct {
	Number, Orbit int
	Grid          string
	SVG           template.HTML
}

// newSitePage makes what every page shares.
func newSitePage(ctx context.Context, site *gallery.Site, stem string, downloads []Download) (*sitePage, error) {
	title := site.Title
	if title == "" {
		title = "Solutions"
	}
	partial := ""
	if !site.Complete {
		partial = "at least "
	}
	p := &sitePage{
		Title: title,
		Counts: fmt.Sprintf("%s%s, %s%s raw; %s.", partial, plural.Of(len(site.Solutions), "distinct solution"),
			partial, fmt.Sprint(site.Raw), plural.Of(site.Symmetries, "symmetry")),
		CSS:    template.CSS(siteCSS),
		JS:     template.JS(siteJS),
		Turn:   template.JS(turnJS),
		Pieces: site.Pieces,
		Covers: "PIECE@ROW,COL",
	}
	if !site.Complete {
		p.Counts += " The search stopped early: these are the solutions it found."
	}
	cells := make([][]int, len(site.Cells))
	for i, c := range site.Cells {
		cells[i] = []int{c.Row, c.Col}
		if c.Solid {
			cells[i] = []int{c.Layer, c.Row, c.Col}
		}
		op, d := "M", []byte{}
		for _, pt := range c.Outline {
			d = appendPair(d, op, hundredths(pt.X), " ", hundredths(pt.Y))
			op = "L"
		}
		pc := pageCell{R: c.Row, C: c.Col, D: string(d) + "Z", Name: fmt.Sprintf("row %d, column %d", c.Row, c.Col)}
		p.cellNames = append(p.cellNames, fmt.Sprintf("(%d, %d)", c.Row, c.Col))
		if c.Solid {
			p.Covers = "PIECE@LAYER,ROW,COL"
			pc.L = strconv.Itoa(c.Layer)
			pc.Name = fmt.Sprintf("layer %d, %s", c.Layer, pc.Name)
			p.cellNames[i] = fmt.Sprintf("(%d, %d, %d)", c.Layer, c.Row, c.Col)
		}
		p.Cells = append(p.Cells, pc)
	}
	data, err := json.Marshal(struct {
		Pieces []string `json:"pieces"`
		Cells  [][]int  `json:"cells"`
		Codes  string   `json:"codes"`
	}{site.Pieces, cells, codes(len(site.Pieces))})
	if err != nil {
		return nil, err
	}
	p.Data = string(data)
	p.ViewBox = "0 0 " + num(site.Board.Width) + " " + num(site.Board.Height)
	if p.Puzzle, err = inlineSVG(ctx, site.Puzzle, "pz", "The puzzle: the empty board and the pieces to place"); err != nil {
		return nil, err
	}
	if p.Board, err = inlineSVG(ctx, site.Board, "bd", "The board: choose a cell"); err != nil {
		return nil, err
	}
	p.Poster = stem + "-poster.svg"
	p.Downloads = append([]Download{
		{Name: stem + "-poster.svg", Label: "poster (SVG)"},
		{Name: stem + "-poster.png", Label: "poster (PNG)"},
		{Name: stem + "-poster.pdf", Label: "poster (PDF)"},
	}, downloads...)
	for _, st := range site.Stats {
		heat, err := inlineSVG(ctx, st.Heat, "h"+codes(len(site.Pieces))[len(p.Stats):len(p.Stats)+1],
			fmt.Sprintf("How many solutions put %s on each cell of the board", st.Piece))
		if err != nil {
			return nil, err
		}
		p.Stats = append(p.Stats, pageStat{Piece: st.Piece, Heat: heat, Border: st.Border, Hole: st.Hole})
	}
	return p, nil
}

// codes returns the codes of n pieces (gallery.PieceCode).
func codes(n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = gallery.PieceCode(i)
	}
	return string(b)
}

// describe says which pieces cover which cells, for a text alternative:
// "F on (0, 0), (0, 1)…; I on …".
func (p *sitePage) describe(grid string) string {
	var parts []string
	for i, name := range p.Pieces {
		var at []string
		code := gallery.PieceCode(i)
		for k := range len(grid) {
			if grid[k] == code {
				at = append(at, p.cellNames[k])
			}
		}
		if len(at) > 0 {
			parts = append(parts, name+" on "+strings.Join(at, ", "))
		}
	}
	return strings.Join(parts, "; ")
}

// The class names in a picture's style and in its elements, compiled when
// a page is first made (as is siteTemplate), not when a program starts.
var (
	svgStyleClass = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\.([a-z][a-z0-9]*)\{`) })
	svgClass      = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(` class="([a-z][a-z0-9]*)"`) })
)

// inlineSVG returns sh as an SVG element to put in a page: without its
// XML declaration, its class names prefixed with scope so that the rules
// of one picture do not restyle another, and with a text alternative.
func inlineSVG(ctx context.Context, sh *gallery.Sheet, scope, label string) (template.HTML, error) {
	var buf bytes.Buffer
	if err := EncodeContext(ctx, &buf, FormatSVG, []*gallery.Sheet{sh}, nil); err != nil {
		return "", err
	}
	s := buf.String()
	s = s[strings.Index(s, "<svg"):]
	head, body, _ := strings.Cut(s, "</style>")
	head = svgStyleClass().ReplaceAllString(head, "."+scope+"-$1{")
	body = svgClass().ReplaceAllString(body, ` class="`+scope+`-$1"`)
	s = head + "</style>" + body
	s = `<svg role="img" aria-label="` + template.HTMLEscapeString(label) + `"` + strings.TrimPrefix(s, "<svg")
	return template.HTML(s), nil
}

var siteTemplate = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("page").Parse(siteHTML))
})

const siteHTML = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}}</title>
<style>{{.CSS}}</style>
</head>
<body data-site="{{.Data}}" data-page="{{.Number}}">
<header>
<h1>{{.Title}}</h1>
<p class="counts">{{.Counts}}</p>
<nav class="downloads">Downloads: {{range .Downloads}}<a href="{{.Name}}" download>{{.Label}}</a> {{end}}</nav>
</header>
{{if .First}}<section id="puzzle">
<h2>The puzzle</h2>
{{.Puzzle}}
</section>
<section id="poster">
<h2>Poster</h2>
<p><a href="{{.Poster}}"><img src="{{.Poster}}" alt="every solution, numbered, on one sheet" loading="lazy" style="max-width:100%"></a></p>
</section>{{end}}
<section id="find">
<h2>Find solutions</h2>
<p>Choose a piece and a cell of the board: only the solutions in which that piece covers that cell stay shown. The count is of the whole gallery, with links to the pages that hold the solutions found. The choice is in the address (<code>?covers={{.Covers}}</code>), so a view can be linked; choices combine. The button keeps the solutions that use the piece (<code>uses=</code>, for a puzzle whose pieces are chosen); a piece no solution shown uses is not offered.</p>
<label>Piece <select id="piece"><option value="">choose…</option>{{range .Pieces}}<option>{{.}}</option>{{end}}</select></label> <button type="button" id="uses">solutions that use it</button>
<div id="board">{{.Board}}<svg class="cells" viewBox="{{.ViewBox}}" aria-label="the board's cells">{{range .Cells}}<path{{if .L}} data-l="{{.L}}"{{end}} data-r="{{.R}}" data-c="{{.C}}" d="{{.D}}"><title>{{.Name}}</title></path>{{end}}</svg></div>
<p><span id="filters"></span> <button type="button" id="clear">show all</button></p>
<p id="shown" aria-live="polite"></p>
<nav id="found" aria-label="the pages that hold the solutions found" hidden></nav>
</section>
<section id="solutions">
<h2>Solutions</h2>
{{if gt (len .Pages) 1}}<nav class="pages">Pages: {{range .Pages}}{{if .Current}}<strong>{{.Number}}</strong> {{else}}<a class="page" href="{{.Name}}" data-href="{{.Name}}">{{.Number}}</a> {{end}}{{end}}</nav>{{end}}
<div class="grid">
{{range .Solutions}}<figure class="sol" id="solution-{{.Number}}" data-grid="{{.Grid}}" tabindex="0">{{.SVG}}<figcaption>{{.Number}} <small>orbit {{.Orbit}}</small></figcaption></figure>
{{end}}</div>
</section>
{{if .First}}<section id="stats">
<h2>Statistics</h2>
<p>How many of the distinct solutions put a piece on each cell: <select id="heat-piece" aria-label="piece">{{range .Stats}}<option>{{.Piece}}</option>{{end}}</select></p>
{{range .Stats}}<div class="heat" data-piece="{{.Piece}}">{{.Heat}}</div>
{{end}}
<table>
<caption>Solutions in which each piece touches the board's edge, and a hole</caption>
<tr><th>piece</th><th>edge</th><th>hole</th></tr>
{{range .Stats}}<tr><td>{{.Piece}}</td><td>{{.Border}}</td><td>{{.Hole}}</td></tr>
{{end}}</table>
</section>{{end}}
<dialog id="big" aria-label="the solution, large"><div></div><p></p><form method="dialog"><button autofocus>close</button></form></dialog>
<script src="{{.Grids}}"></script>
{{if .Solids}}<script type="application/json" id="solids">{{.Solids}}</script><script>{{.Turn}}</script>{{end}}
<script>{{.JS}}</script>
</body>
</html>
`

// WriteGallery writes, as WriteSite does, the web gallery of all the
// solutions a search found or a file saved (results.All), laid out with
// opt, offering the saved results as a download; a search stopped early
// says so. It returns the files written: the first page first.
func WriteGallery(ctx context.Context, path string, all *results.All, opt *gallery.Options, ropt *Options) ([]string, error) {
	site, err := gallery.NewSiteContext(ctx, all.Classes, opt)
	if err != nil {
		return nil, err
	}
	site.Complete = all.Complete
	return WriteSite(ctx, path, site, []Download{{Name: all.File, Label: "the solutions (JSON)", Data: all.Data, From: all.Path}}, ropt)
}
