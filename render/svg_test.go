package render

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/polytile/polytile/gallery"
	"github.com/polytile/polytile/internal/golden"
)

// node is an XML element, parsed generically.
type node struct {
	XMLName xml.Name
	Attrs   []xml.Attr `xml:",any,attr"`
	Nodes   []node     `xml:",any"`
	Text    string     `xml:",chardata"`
}

func (n *node) attr(name string) string {
	for _, a := range n.Attrs {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}

// children returns n's child elements named name.
func (n *node) children(name string) []*node {
	var out []*node
	for i := range n.Nodes {
		if n.Nodes[i].XMLName.Local == name {
			out = append(out, &n.Nodes[i])
		}
	}
	return out
}

// walk calls f on n and every element inside it.
func (n *node) walk(f func(*node)) {
	f(n)
	for i := range n.Nodes {
		n.Nodes[i].walk(f)
	}
}

// parseSVG parses an SVG document strictly, failing the test if it is not
// well-formed XML with an <svg> root.
func parseSVG(t *testing.T, data []byte) *node {
	t.Helper()
	var root node
	d := xml.NewDecoder(bytes.NewReader(data))
	d.Strict = true
	if err := d.Decode(&root); err != nil {
		t.Fatalf("the SVG is not well-formed: %v", err)
	}
	if root.XMLName.Local != "svg" || root.XMLName.Space != "http://www.w3.org/2000/svg" {
		t.Fatalf("root element is %v, want svg in the SVG namespace", root.XMLName)
	}
	return &root
}

// classRules returns the fill or stroke colour each class of the document's
// style sheet gives: ".f0{fill:#abc…}" gives f0 → #abc.
func classRules(t *testing.T, root *node) map[string]string {
	t.Helper()
	styles := root.children("style")
	if len(styles) != 1 {
		t.Fatalf("%d <style> elements, want 1", len(styles))
	}
	rules := map[string]string{}
	for _, m := range regexp.MustCompile(`\.(\w+)\{(?:fill:none;stroke|fill):(#[0-9a-f]+)`).FindAllStringSubmatch(styles[0].Text, -1) {
		rules[m[1]] = m[2]
	}
	return rules
}

func TestSVGScott(t *testing.T) {
	sols := solutions(t, "scott")
	if len(sols) != 65 {
		t.Fatalf("scott has %d distinct solutions, want 65", len(sols))
	}
	sheets := layout(t, sols, &gallery.Options{CellSize: 12})
	sheet := sheets[0]
	root := parseSVG(t, encode(t, FormatSVG, sheets, nil))

	if got, want := root.attr("viewBox"), "0 0 "+num(sheet.Width)+" "+num(sheet.Height); got != want {
		t.Errorf("viewBox = %q, want %q", got, want)
	}
	if got, want := root.attr("width"), num(sheet.Width); got != want {
		t.Errorf("width = %q, want %q", got, want)
	}
	if n := len(root.children("rect")); n != 0 {
		t.Errorf("%d background rects on a transparent sheet, want none", n)
	}
	rules := classRules(t, root)
	groups := root.children("g")
	if len(groups) != 65 {
		t.Fatalf("%d frame groups, want 65", len(groups))
	}
	for i, g := range groups {
		f := &sheet.Frames[i]
		titles := g.children("title")
		if len(titles) != 1 || titles[0].Text != f.Title {
			t.Errorf("frame %d: titles %v, want one, %q", i+1, titles, f.Title)
		}
		var ox, oy float64
		if _, err := fmt.Sscanf(g.attr("transform"), "translate(%g %g)", &ox, &oy); err != nil {
			t.Errorf("frame %d: transform %q: %v", i+1, g.attr("transform"), err)
		}
		var pieces []*node
		borders := 0
		for _, p := range g.children("path") {
			switch class := p.attr("class"); {
			case class == "b":
				borders++
				if d := p.attr("d"); !regexp.MustCompile(`^(M[0-9.]+ [0-9.]+[HV][0-9.]+)+$`).MatchString(d) {
					t.Errorf("frame %d: border path %q is not made of M x y H x and M x y V y", i+1, d)
				}
			case strings.HasPrefix(class, "f"):
				pieces = append(pieces, p)
			default:
				t.Errorf("frame %d: a path of class %q", i+1, class)
			}
		}
		if borders != 1 {
			t.Errorf("frame %d: %d border paths, want 1", i+1, borders)
		}
		if len(pieces) != 12 || len(f.Shapes) != 12 {
			t.Fatalf("frame %d: %d piece paths for %d shapes, want 12", i+1, len(pieces), len(f.Shapes))
		}
		// The pieces come in the order of the frame's shapes, each in the
		// colour the sheet gave it, starting at its outline's first point.
		fills := map[string]bool{}
		for k, p := range pieces {
			sh := &f.Shapes[k]
			fill := rules[p.attr("class")]
			fills[fill] = true
			if want := hex(sh.Fill); fill != want {
				t.Errorf("frame %d: piece %s is %s, want %s", i+1, sh.Piece, fill, want)
			}
			var x, y float64
			if _, err := fmt.Sscanf(p.attr("d"), "M%g %g", &x, &y); err != nil {
				t.Errorf("frame %d: piece %s: path %q: %v", i+1, sh.Piece, p.attr("d"), err)
			}
			if start := sh.Outline[0][0]; math.Abs(ox+x-start.X) > 0.01 || math.Abs(oy+y-start.Y) > 0.01 {
				t.Errorf("frame %d: piece %s starts at %v,%v, want %v", i+1, sh.Piece, ox+x, oy+y, start)
			}
		}
		if len(fills) != 12 {
			t.Errorf("frame %d: %d distinct fills, want 12", i+1, len(fills))
		}
	}
}

func TestSVGHostileNames(t *testing.T) {
	names := []string{`<script>&"`, `b'`}
	sols := hostile(t, names...)
	items := []gallery.Item{{Solution: sols[0], Caption: `</text><script>`, Title: `"><script>&amp;`}}
	sheets, err := gallery.Layout(items, &gallery.Options{Letters: true, Labels: true, Grid: true, Title: `</svg><script>alert("x")</script>`})
	if err != nil {
		t.Fatal(err)
	}
	data := encode(t, FormatSVG, sheets, nil)
	if bytes.Contains(data, []byte("<script")) {
		t.Errorf("the SVG has a raw <script:\n%s", data)
	}
	root := parseSVG(t, data)
	root.walk(func(n *node) {
		if n.XMLName.Local == "script" {
			t.Errorf("the SVG has a <script> element")
		}
	})
	var texts []string
	root.walk(func(n *node) {
		if n.XMLName.Local == "text" || n.XMLName.Local == "title" {
			texts = append(texts, n.Text)
		}
	})
	// A name too long for its piece is spelt out in the legend: "a = name".
	for _, name := range append(names, items[0].Caption, items[0].Title) {
		if !slices.ContainsFunc(texts, func(t string) bool { return t == name || strings.HasSuffix(t, " = "+name) }) {
			t.Errorf("no text says %q; have %q", name, texts)
		}
	}
	if !slices.Contains(texts, sheets[0].Title.Text) {
		t.Errorf("no text is the title %q; have %q", sheets[0].Title.Text, texts)
	}
}

func TestSVGBackground(t *testing.T) {
	sols := solutions(t, "pentominoes-3x20")[:1]
	sheets := layout(t, sols, &gallery.Options{Background: white})
	root := parseSVG(t, encode(t, FormatSVG, sheets, nil))
	rects := root.children("rect")
	if len(rects) != 1 || rects[0].attr("fill") != "#fff" || rects[0].attr("width") != "100%" {
		t.Fatalf("background rects %+v, want one white one covering the sheet", rects)
	}
}

func TestSVGGolden(t *testing.T) {
	sols := solutions(t, "pentominoes-3x20")[:1]
	sheets := layout(t, sols, &gallery.Options{CellSize: 16, Labels: true, Letters: true, Grid: true, Title: "Pentominoes 3×20"})
	golden.Check(t, "pentominoes-3x20.svg", encode(t, FormatSVG, sheets, nil))
}

func TestNumbers(t *testing.T) {
	for _, tc := range []struct {
		in   float64
		want string
	}{
		{0, "0"}, {-0.0, "0"}, {12, "12"}, {1.5, "1.5"}, {0.75, "0.75"}, {0.125, "0.13"},
		{-2.25, "-2.25"}, {1.004, "1"}, {1e6, "1000000"}, {5292, "5292"}, {0.1 + 0.2, "0.3"}, {-0.001, "0"},
	} {
		t.Run(tc.want, func(t *testing.T) {
			if got := num(tc.in); got != tc.want {
				t.Errorf("num(%v) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}
