package render

import (
	"bytes"
	"context"
	"fmt"
	"image/color"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/polytile/polytile/gallery"
	"github.com/polytile/polytile/internal/golden"
	"github.com/polytile/polytile/puzzles"
	"github.com/polytile/polytile/puzzles/specs"
)

// texDoc is a TeX document as the tests read it: its preamble's colours and
// characters, and its pictures.
type texDoc struct {
	colours  map[string]color.NRGBA // \definecolor{name}{RGB}{r,g,b}, alpha 0xff
	declared []string               // the characters \DeclareUnicodeCharacter declares, in hexadecimal
	pictures []*texPicture
}

// texPicture is a tikzpicture: its options, its bounding box, what it draws
// outside frames (the title, the background) and its frames' scopes.
type texPicture struct {
	options string
	box     [2]float64 // the bounding box's far corner, in bp
	top     []string   // statements outside scopes
	scopes  []*texScope
}

// texScope is a frame's scope: the title in the comment before it, its
// shift, and its statements.
type texScope struct {
	title      string
	x, y       float64
	statements []string
}

var (
	defineColour = regexp.MustCompile(`^\\definecolor\{(c\d+)\}\{RGB\}\{(\d+),(\d+),(\d+)\}$`)
	declareChar  = regexp.MustCompile(`^\\DeclareUnicodeCharacter\{([0-9A-F]{4,6})\}\{\?\}$`)
	boundingBox  = regexp.MustCompile(`^\\useasboundingbox \(0,0\) rectangle \(([0-9.]+),([0-9.]+)\);$`)
	scopeShift   = regexp.MustCompile(`^\\begin\{scope\}\[shift=\{\((-?[0-9.]+),(-?[0-9.]+)\)\}\]$`)
	// colourUse finds a colour's name used in options: alone, or as the
	// value of a key.
	colourUse = regexp.MustCompile(`(?:^|[\[,=])(c\d+)(?:[,\]}]|$)`)
	// options finds the options of a \fill, \draw or \node.
	options = regexp.MustCompile(`^\\(?:fill|draw|node)\[([^\]]*)\]`)
)

// checkBraces fails the test unless the braces of doc balance, outside
// comments and escapes (\{, \}, \%).
func checkBraces(t *testing.T, doc []byte) {
	t.Helper()
	depth, line := 0, 1
	for i := 0; i < len(doc); i++ {
		switch doc[i] {
		case '\\':
			i++ // an escaped character, or the first letter of a command
		case '%':
			for i < len(doc) && doc[i] != '\n' {
				i++
			}
			line++
		case '\n':
			line++
		case '{':
			depth++
		case '}':
			if depth--; depth < 0 {
				t.Fatalf("line %d: a } closes nothing", line)
			}
		}
	}
	if depth != 0 {
		t.Fatalf("%d braces left open at the end", depth)
	}
}

// parseTeX reads a document that encodeTeX wrote, failing the test if it
// is not laid out as a standalone document of tikzpictures, if its braces
// do not balance, or if it uses a colour it has not defined.
func parseTeX(t *testing.T, data []byte) *texDoc {
	t.Helper()
	checkBraces(t, data)
	text := string(data)
	if !strings.HasSuffix(text, "\\end{document}\n") {
		t.Fatalf("the document does not end with \\end{document}")
	}
	pre, body, ok := strings.Cut(text, "\\begin{document}\n")
	if !ok {
		t.Fatalf("no \\begin{document}")
	}
	doc := &texDoc{colours: map[string]color.NRGBA{}}
	for i, line := range strings.Split(strings.TrimSuffix(pre, "\n"), "\n") {
		switch m := defineColour.FindStringSubmatch(line); {
		case i == 1 && line != `\documentclass[tikz,border=0pt]{standalone}`:
			t.Errorf("preamble line 2 is %q, want the standalone class", line)
		case m != nil:
			var c [3]uint8
			for k := range c {
				v, err := strconv.Atoi(m[k+2])
				if err != nil || v > 255 {
					t.Fatalf("colour %s: %q", m[1], line)
				}
				c[k] = uint8(v)
			}
			if _, ok := doc.colours[m[1]]; ok {
				t.Errorf("colour %s defined twice", m[1])
			}
			doc.colours[m[1]] = color.NRGBA{c[0], c[1], c[2], 0xff}
		case declareChar.MatchString(line):
			doc.declared = append(doc.declared, declareChar.FindStringSubmatch(line)[1])
		}
	}
	checkColours := func(s string) {
		t.Helper()
		for _, m := range colourUse.FindAllStringSubmatch(s, -1) {
			if _, ok := doc.colours[m[1]]; !ok {
				t.Errorf("colour %s used but not defined before \\begin{document}: %q", m[1], s)
			}
		}
	}
	// Statements, each on its lines up to a semicolon (a path goes on on
	// new lines), but for \begin, \end and comments.
	var statements []string
	var cur strings.Builder
	for _, line := range strings.Split(strings.TrimSuffix(body, "\\end{document}\n"), "\n") {
		if cur.Len() == 0 && (strings.HasPrefix(line, "\\begin{") || strings.HasPrefix(line, "\\end{") || strings.HasPrefix(line, "% ")) && !strings.HasPrefix(line, "\\begin{tikzpicture}") {
			statements = append(statements, line)
			continue
		}
		cur.WriteString(line)
		if strings.HasSuffix(line, ";") || strings.HasPrefix(cur.String(), "\\begin{tikzpicture}") && strings.HasSuffix(line, "]") {
			statements = append(statements, cur.String())
			cur.Reset()
		} else if line != "" {
			cur.WriteString("\n")
		}
	}
	if cur.Len() != 0 {
		t.Fatalf("a statement without its end: %q", cur.String())
	}
	var pic *texPicture
	var scope *texScope
	title := ""
	for _, st := range statements {
		switch {
		case strings.HasPrefix(st, "\\begin{tikzpicture}["):
			if pic != nil {
				t.Fatalf("a tikzpicture in a tikzpicture")
			}
			pic = &texPicture{options: strings.TrimPrefix(st, "\\begin{tikzpicture}")}
			if !strings.HasPrefix(pic.options, "[x=1bp,y=-1bp,line cap=rect") {
				t.Errorf("picture options %q, want x=1bp,y=-1bp,line cap=rect first", pic.options)
			}
			checkColours(strings.ReplaceAll(pic.options, "\n", ""))
			doc.pictures = append(doc.pictures, pic)
		case st == "\\end{tikzpicture}":
			if pic == nil || scope != nil {
				t.Fatalf("\\end{tikzpicture} out of place")
			}
			pic = nil
		case pic == nil:
			t.Fatalf("%q outside a tikzpicture", st)
		case strings.HasPrefix(st, "% "):
			title = st[2:]
		case strings.HasPrefix(st, "\\begin{scope}"):
			m := scopeShift.FindStringSubmatch(st)
			if m == nil || scope != nil {
				t.Fatalf("scope %q out of place, or not shifted", st)
			}
			scope = &texScope{title: title}
			scope.x, _ = strconv.ParseFloat(m[1], 64)
			scope.y, _ = strconv.ParseFloat(m[2], 64)
			pic.scopes = append(pic.scopes, scope)
			title = ""
		case st == "\\end{scope}":
			if scope == nil {
				t.Fatalf("\\end{scope} with no scope")
			}
			scope = nil
		case boundingBox.MatchString(st):
			m := boundingBox.FindStringSubmatch(st)
			pic.box[0], _ = strconv.ParseFloat(m[1], 64)
			pic.box[1], _ = strconv.ParseFloat(m[2], 64)
		default:
			m := options.FindStringSubmatch(st)
			if m == nil {
				t.Fatalf("a statement that is no \\fill, \\draw or \\node: %q", st)
			}
			checkColours(m[1])
			if scope != nil {
				scope.statements = append(scope.statements, st)
			} else {
				pic.top = append(pic.top, st)
			}
		}
	}
	if pic != nil {
		t.Fatalf("a tikzpicture left open")
	}
	return doc
}

// fills returns the \fill statements of a scope.
func (s *texScope) fills() []string {
	var out []string
	for _, st := range s.statements {
		if strings.HasPrefix(st, "\\fill[") {
			out = append(out, st)
		}
	}
	return out
}

// pathStep is one step of a path as Fill and Stroke write it: a move to a
// point (no operation), a line to it (--), a corner to it (-| or |-), or
// the ring's close (--cycle).
var pathStep = regexp.MustCompile(`\s*(--|-\||\|-)?(?:\((-?[0-9.]+),(-?[0-9.]+)\)|(cycle))`)

// pathRings reads the subpaths of a \fill or \draw after its options, the
// corners of -| and |- spelt out, and fails the test on anything else.
func pathRings(t *testing.T, st string) [][][2]float64 {
	t.Helper()
	path := st[strings.Index(st, "]")+1 : len(st)-1]
	var rings [][][2]float64
	for len(path) > 0 {
		m := pathStep.FindStringSubmatchIndex(path)
		if m == nil || m[0] != 0 {
			t.Fatalf("a path that is not made of steps at %q", path)
		}
		op := ""
		if m[2] >= 0 {
			op = path[m[2]:m[3]]
		}
		switch {
		case m[8] >= 0: // cycle
			if op != "--" || len(rings) == 0 {
				t.Fatalf("a cycle out of place in %q", st)
			}
		case op == "":
			rings = append(rings, nil)
			fallthrough
		default:
			x, _ := strconv.ParseFloat(path[m[4]:m[5]], 64)
			y, _ := strconv.ParseFloat(path[m[6]:m[7]], 64)
			r := &rings[len(rings)-1]
			if op == "-|" || op == "|-" {
				last := (*r)[len(*r)-1]
				corner := [2]float64{x, last[1]}
				if op == "|-" {
					corner = [2]float64{last[0], y}
				}
				*r = append(*r, corner)
			}
			*r = append(*r, [2]float64{x, y})
		}
		path = path[m[1]:]
	}
	return rings
}

// sameRing reports whether got has the points of want, scaled by k and
// moved by dx, dy, to a hundredth and in order, repeats aside.
func sameRing(got [][2]float64, want gallery.Ring, k, dx, dy float64) bool {
	var w [][2]float64
	for _, p := range want {
		q := [2]float64{p.X*k - dx, p.Y*k - dy}
		if n := len(w); n > 0 && math.Abs(w[n-1][0]-q[0]) < 0.006 && math.Abs(w[n-1][1]-q[1]) < 0.006 {
			continue
		}
		w = append(w, q)
	}
	if len(w) > 1 && math.Abs(w[len(w)-1][0]-w[0][0]) < 0.006 && math.Abs(w[len(w)-1][1]-w[0][1]) < 0.006 {
		w = w[:len(w)-1]
	}
	return slices.EqualFunc(got, w, func(a, b [2]float64) bool {
		return math.Abs(a[0]-b[0]) < 0.011 && math.Abs(a[1]-b[1]) < 0.011
	})
}

// texNode is a node's text, as written and as read.
var texNode = regexp.MustCompile(`(?s)^\\node\[[^\]]*\] at \((-?[0-9.]+),(-?[0-9.]+)\) \{(.*)\};$`)

// untex reads LaTeX text as appendTeXText writes it, and fails the test if
// a special character is left unescaped.
func untex(t *testing.T, s string) string {
	t.Helper()
	var b strings.Builder
	for len(s) > 0 {
		switch {
		case strings.HasPrefix(s, `\kern0pt `):
			s = s[len(`\kern0pt `):]
		case strings.HasPrefix(s, `\textbackslash{}`):
			b.WriteByte('\\')
			s = s[len(`\textbackslash{}`):]
		case strings.HasPrefix(s, `\textasciitilde{}`):
			b.WriteByte('~')
			s = s[len(`\textasciitilde{}`):]
		case strings.HasPrefix(s, `\textasciicircum{}`):
			b.WriteByte('^')
			s = s[len(`\textasciicircum{}`):]
		case s[0] == '\\' && len(s) > 1 && strings.IndexByte("#$%&_{}", s[1]) >= 0:
			b.WriteByte(s[1])
			s = s[2:]
		case strings.IndexByte(`\#$%&_{}~^`, s[0]) >= 0:
			t.Errorf("an unescaped %q in %q", s[0], s)
			return b.String()
		default:
			b.WriteByte(s[0])
			s = s[1:]
		}
	}
	return b.String()
}

func TestTeXScott(t *testing.T) {
	sols := solutions(t, "scott")
	for _, tc := range []struct {
		name string
		opt  *gallery.Options
	}{
		{"one page", &gallery.Options{CellSize: 12}},
		{"three pages with text", &gallery.Options{CellSize: 12, PerPage: 25, Labels: true, Letters: true, Grid: true, Title: "Scott", Background: white}},
		{"17 cm", &gallery.Options{Width: 17 / 2.54 * 96, Labels: true}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sheets := layout(t, sols, tc.opt)
			doc := parseTeX(t, encode(t, FormatTeX, sheets, nil))
			if len(doc.pictures) != len(sheets) {
				t.Fatalf("%d tikzpictures for %d sheets, want one each", len(doc.pictures), len(sheets))
			}
			if len(doc.declared) != 0 {
				t.Errorf("characters declared for pdfLaTeX: %q, want none", doc.declared)
			}
			frames, fills := 0, 0
			for p, pic := range doc.pictures {
				s := sheets[p]
				w, h := s.Size()
				if math.Abs(pic.box[0]-w*0.75) > 0.006 || math.Abs(pic.box[1]-h*0.75) > 0.006 {
					t.Errorf("page %d: bounding box %v bp, want %v × %v px at 3/4 bp each", p+1, pic.box, w, h)
				}
				k := 0.75 * w / s.Width // bp per unit
				if len(pic.scopes) != len(s.Frames) {
					t.Fatalf("page %d: %d scopes for %d frames", p+1, len(pic.scopes), len(s.Frames))
				}
				if bg := s.Background.A != 0; bg != (len(pic.top) > 0 && strings.HasPrefix(pic.top[0], "\\fill[")) {
					t.Errorf("page %d: background %v, but the picture begins %q", p+1, bg, pic.top)
				}
				for i, sc := range pic.scopes {
					f := &s.Frames[i]
					frames++
					if sc.title != f.Title {
						t.Errorf("page %d frame %d: titled %q, want %q", p+1, i+1, sc.title, f.Title)
					}
					if math.Abs(sc.x-f.X*k) > 0.006 || math.Abs(sc.y-f.Y*k) > 0.006 {
						t.Errorf("page %d frame %d: shifted to %v,%v, want %v,%v", p+1, i+1, sc.x, sc.y, f.X*k, f.Y*k)
					}
					fs := sc.fills()
					fills += len(fs)
					if len(fs) != 12 || len(f.Shapes) != 12 {
						t.Fatalf("page %d frame %d: %d fills for %d shapes, want 12", p+1, i+1, len(fs), len(f.Shapes))
					}
					// The fills come in the order of the frame's shapes,
					// each in its colour, from its outline's first point.
					for j, fill := range fs {
						sh := &f.Shapes[j]
						var name string
						var x, y float64
						if _, err := fmt.Sscanf(strings.ReplaceAll(fill, "]", " "), `\fill[%s (%g,%g)`, &name, &x, &y); err != nil {
							t.Fatalf("fill %q: %v", fill, err)
						}
						if got, want := doc.colours[name], sh.Fill; got != want {
							t.Errorf("piece %s is %s, %v; want %v", sh.Piece, name, got, want)
						}
						if start := sh.Outline[0][0]; math.Abs(sc.x+x-start.X*k) > 0.011 || math.Abs(sc.y+y-start.Y*k) > 0.011 {
							t.Errorf("piece %s starts at %v,%v, want %v,%v", sh.Piece, sc.x+x, sc.y+y, start.X*k, start.Y*k)
						}
						rings := pathRings(t, fill)
						if len(rings) != len(sh.Outline) {
							t.Fatalf("piece %s: %d rings, want %d", sh.Piece, len(rings), len(sh.Outline))
						}
						for r := range rings {
							if !sameRing(rings[r], sh.Outline[r], k, sc.x, sc.y) {
								t.Errorf("piece %s: ring %d is %v, want %v", sh.Piece, r, rings[r], sh.Outline[r])
							}
						}
					}
					var borders int
					for _, st := range sc.statements {
						if strings.HasPrefix(st, "\\draw[b]") {
							borders++
							segs := pathRings(t, st)
							if len(segs) != len(f.Borders) {
								t.Errorf("page %d frame %d: %d border segments, want %d", p+1, i+1, len(segs), len(f.Borders))
							}
							for j := range min(len(segs), len(f.Borders)) {
								sg := f.Borders[j]
								if !sameRing(segs[j], gallery.Ring{sg.A, sg.B}, k, sc.x, sc.y) {
									t.Errorf("page %d frame %d: border %v, want %v", p+1, i+1, segs[j], sg)
								}
							}
						}
					}
					if borders != 1 {
						t.Errorf("page %d frame %d: %d border paths, want 1", p+1, i+1, borders)
					}
				}
			}
			if frames != 65 || fills != 65*12 {
				t.Errorf("%d frames and %d fills, want 65 and 780", frames, fills)
			}
		})
	}
}

func TestTeXHostileNames(t *testing.T) {
	names := []string{`\end{document}`, `50% & $x_1^2$ #1 ~`, `{}}`, "é--ü", `Ω✓`, "\U0001F600"}
	items := []gallery.Item{{Solution: hostile(t, names[0], names[1])[0], Caption: `\input{/etc/passwd}`, Title: "a\nb\r%c"}}
	for i := 2; i < len(names); i += 2 {
		items = append(items, gallery.Item{Solution: hostile(t, names[i], names[i+1])[0]})
	}
	title := "``quoted'' << >> ,, !` ?` \\\\ \x01 \xff"
	sheets, err := gallery.Layout(items, &gallery.Options{Letters: true, Labels: true, Grid: true, Legend: true, Title: title})
	if err != nil {
		t.Fatal(err)
	}
	data := encode(t, FormatTeX, sheets, nil)
	// The comments, frames' titles, say what they will: TeX skips them.
	code := regexp.MustCompile(`(?m)^% .*$`).ReplaceAll(data, nil)
	if bytes.Contains(code, []byte(`\input{`)) || bytes.Count(code, []byte(`\end{document}`)) != 1 {
		t.Errorf("the document holds a command from the text:\n%s", data)
	}
	doc := parseTeX(t, data)
	if len(doc.pictures) != 1 {
		t.Fatalf("%d pictures, want 1", len(doc.pictures))
	}
	pic := doc.pictures[0]
	if got := pic.scopes[0].title; got != "a b %c" {
		t.Errorf("the frame's comment reads %q, want it on one line", got)
	}
	var texts []string
	statements := pic.top
	for _, sc := range pic.scopes {
		statements = append(statements, sc.statements...)
	}
	for _, st := range statements {
		if m := texNode.FindStringSubmatch(st); m != nil {
			texts = append(texts, untex(t, m[3]))
		} else if strings.HasPrefix(st, "\\node") {
			t.Errorf("a node not read: %q", st)
		}
	}
	// Each text reads as it was given (a name too long for its piece is
	// spelt out in the legend), but that a control character is U+FFFD
	// and a byte that is not UTF-8 too.
	for _, want := range append(names, items[0].Caption, "``quoted'' << >> ,, !` ?` \\\\ \ufffd \ufffd") {
		if !slices.ContainsFunc(texts, func(t string) bool { return t == want || strings.HasSuffix(t, " = "+want) }) {
			t.Errorf("no text reads %q; have %q", want, texts)
		}
	}
	// The ligatures are broken.
	for _, lig := range []string{"--", "``", "''", "<<", ">>", ",,", "!`", "?`"} {
		for _, st := range pic.top {
			if m := texNode.FindStringSubmatch(st); m != nil && strings.Contains(m[3], lig) {
				t.Errorf("%q in %q", lig, m[3])
			}
		}
	}
	// pdfLaTeX is told what to set for the characters T1 lacks, and
	// for those alone.
	if want := []string{"03A9", "2713", "FFFD", "1F600"}; !slices.Equal(doc.declared, want) {
		t.Errorf("characters declared %q, want %q", doc.declared, want)
	}
}

func TestTeXText(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"F", "F"},
		{"#$%&_{}", `\#\$\%\&\_\{\}`},
		{`~^\`, `\textasciitilde{}\textasciicircum{}\textbackslash{}`},
		{`\end{document}`, `\textbackslash{}end\{document\}`},
		{"a--b---c", `a-\kern0pt -b-\kern0pt -\kern0pt -c`},
		{"``a''", "`\\kern0pt `a'\\kern0pt '"},
		{"<<a>> ,,", `<\kern0pt <a>\kern0pt > ,\kern0pt ,`},
		{"!`?`", "!\\kern0pt `?\\kern0pt `"},
		{"a-b, c'd", "a-b, c'd"},
		{"tab\there\nnew line", "tab here new line"},
		{"x\x00y\x7fz", "x\ufffdy\ufffdz"},
		{"bad \xff\xfe.", "bad \ufffd."},
		{"Ωé×✓", "Ωé×✓"},
	} {
		t.Run(tc.in, func(t *testing.T) {
			if got := string(appendTeXText(nil, tc.in)); got != tc.want {
				t.Errorf("appendTeXText(%q) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}

func TestTeXSets(t *testing.T) {
	for _, tc := range []struct {
		r    rune
		want bool
	}{
		{'A', true}, {'~', true}, {'é', true}, {'ß', true}, {'×', true}, {'ő', true}, {'Ł', true}, {'ž', true},
		{'–', true}, {'€', true}, {'’', true},
		{'ħ', false}, {'ſ', false}, {'Ω', false}, {'✓', false}, {'\ufffd', false}, {'😀', false}, {'\x7f', false},
	} {
		if got := texSets(tc.r); got != tc.want {
			t.Errorf("texSets(%q) = %v, want %v", tc.r, got, tc.want)
		}
	}
}

func TestTeXTooLarge(t *testing.T) {
	sheet := &gallery.Sheet{Width: 100, Height: 100, PhysicalWidth: 30000, PhysicalHeight: 30000}
	var b bytes.Buffer
	err := Encode(&b, FormatTeX, []*gallery.Sheet{sheet}, nil)
	if err == nil || !strings.Contains(err.Error(), "render: sheet 1 is 794 × 794 cm, too large for TeX") {
		t.Errorf("Encode of a sheet 7.9 m wide = %v, want too large for TeX", err)
	}
	if b.Len() != 0 {
		t.Errorf("%d bytes written", b.Len())
	}
	sheet.PhysicalWidth, sheet.PhysicalHeight = 21333, 21333 // 5.64 m
	encode(t, FormatTeX, []*gallery.Sheet{sheet}, nil)
}

func TestTeXGolden(t *testing.T) {
	sols := solutions(t, "pentominoes-3x20")[:1]
	for _, tc := range []struct {
		file string
		opt  *gallery.Options
	}{
		{"pentominoes-3x20.tex", &gallery.Options{CellSize: 16, Labels: true, Letters: true, Grid: true, Title: "Pentominoes 3×20"}},
		{"pentominoes-3x20-grey.tex", &gallery.Options{Width: 8 / 2.54 * 96, Style: gallery.StyleGrey, Legend: true, Background: white,
			Title: `3×20: 100% grey & hatched, \LaTeX{} ✓`}},
	} {
		t.Run(tc.file, func(t *testing.T) {
			golden.Check(t, tc.file, encode(t, FormatTeX, layout(t, sols, tc.opt), nil))
		})
	}
}

// texEngines are the programs that compile a LaTeX document to PDF, each
// with what, put before the document, leaves its page objects
// uncompressed, so that the test reads their sizes ("" if it cannot).
var texEngines = []struct{ name, uncompressed string }{
	{"pdflatex", `\pdfobjcompresslevel=0\relax`},
	{"lualatex", `\pdfvariable objcompresslevel=0\relax`},
	{"xelatex", ""},
}

var (
	texPages  = regexp.MustCompile(`Output written on doc\.pdf \((\d+) pages?`)
	mediaBoxT = regexp.MustCompile(`/MediaBox \[ ?0 0 ([0-9.]+) ([0-9.]+) ?\]`)
	// missingFile is the error of LaTeX without a package or class.
	missingFile = regexp.MustCompile("! LaTeX Error: File `([^']+)' not found")
)

// texCompileCase is a figure TestTeXCompiles compiles: its name, and its
// sheets.
type texCompileCase struct {
	name   string
	sheets func(t *testing.T) []*gallery.Sheet
}

// drawBuiltin lays out the figure fig of the built-in puzzle name with opt,
// as polytile draw does, failing the test on an error.
func drawBuiltin(t *testing.T, name string, fig gallery.Figure, opt *gallery.Options) []*gallery.Sheet {
	t.Helper()
	spec, err := specs.Load(name)
	if err != nil {
		t.Fatal(err)
	}
	sheets, err := gallery.Draw(context.Background(), spec, fig, opt)
	if err != nil {
		t.Fatalf("draw %s: %v", name, err)
	}
	return sheets
}

// texCompileCases are the figures whose document every TeX engine must
// compile, a few of each lattice and figure, that between them set text
// at every sort of size (letters of a few points on a narrow figure, and
// of many on large cells), in each style, with letters, captions, a
// legend and titles, and characters pdfLaTeX's fonts lack.
func texCompileCases() []texCompileCase {
	const cm = 96 / 2.54
	limit := func(n int) gallery.Figure { return gallery.Figure{Pick: puzzles.Pick{Limit: n}} }
	builtin := func(name string, fig gallery.Figure, opt gallery.Options) func(t *testing.T) []*gallery.Sheet {
		return func(t *testing.T) []*gallery.Sheet { return drawBuiltin(t, name, fig, &opt) }
	}
	return []texCompileCase{
		{"scott, 12 cm, grey, letters, labels", builtin("scott", limit(6), gallery.Options{Width: 12 * cm, Style: gallery.StyleGrey, Letters: true, Labels: true})},
		{"scott, three a page, grid, a title of every sort of character", func(t *testing.T) []*gallery.Sheet {
			return layout(t, solutions(t, "scott")[:6], &gallery.Options{CellSize: 10, PerPage: 3, Labels: true, Letters: true, Grid: true,
				Title: "Scott’s 65: 100% & more_{x}~^\\ --é ✓ Ω –—‘’‚“”„†‡•…‰‹›€™ ŐőŁłŽžß×"})
		}},
		{"3×20, 4 cm, legend, letters, white", builtin("pentominoes-3x20", limit(2), gallery.Options{Width: 4 * cm, Legend: true, Letters: true, Background: white, Title: "3×20"})},
		{"3×20, outline, 40-pixel cells, 9-point captions", builtin("pentominoes-3x20", limit(2), gallery.Options{CellSize: 40, Style: gallery.StyleOutline, FontSize: 12, Labels: true, Letters: true})},
		{"names to escape", func(t *testing.T) []*gallery.Sheet {
			return layout(t, hostile(t, `\end{document}`, "{%#}😀"), &gallery.Options{Letters: true, Labels: true, Legend: true})
		}},
		{"triangles, grey, legend", builtin("hexiamonds-hexagon", limit(2), gallery.Options{Style: gallery.StyleGrey, Letters: true, Labels: true, Legend: true})},
		{"hexagons, 10 cm", builtin("tetrahexes-4x7", limit(2), gallery.Options{Width: 10 * cm, Letters: true, Labels: true, ShadeCopies: true})},
		{"cubes, isometric", builtin("soma", limit(2), gallery.Options{Letters: true, Labels: true, Legend: true})},
		{"cubes, layers, 17 cm, grey", builtin("soma", limit(3), gallery.Options{View: gallery.ViewLayers, Width: 17 * cm, Style: gallery.StyleGrey, Letters: true, Labels: true})},
		{"cubes, exploded", builtin("soma", limit(1), gallery.Options{View: gallery.ViewExploded, Letters: true, Labels: true})},
		{"sticks", func(t *testing.T) []*gallery.Sheet {
			return layout(t, stickSolutions(t), &gallery.Options{Letters: true, Labels: true})
		}},
		{"sticks, grey, legend", builtin("tetrasticks-5x5", limit(2), gallery.Options{Style: gallery.StyleGrey, Letters: true, Labels: true, Legend: true})},
		{"a puzzle", builtin("scott", gallery.Figure{Puzzle: true}, gallery.Options{Letters: true, Title: "Scott"})},
		{"a matrix", builtin("queens-8", gallery.Figure{Matrix: true, Pick: puzzles.Pick{Nth: 1}}, gallery.Options{})},
		{"a search tree", builtin("dominoes-4x4", gallery.Figure{Tree: true, Depth: 2}, gallery.Options{})},
		{"a sudoku", builtin("sudoku", limit(1), gallery.Options{Labels: true})},
		{"pieces", func(t *testing.T) []*gallery.Sheet {
			pieces, lat, _, err := specs.LoadPieces("pentominoes")
			if err != nil {
				t.Fatal(err)
			}
			sheets, err := gallery.Pieces(pieces, &gallery.Options{Letters: true, Lattice: lat, Width: 6 * cm})
			if err != nil {
				t.Fatal(err)
			}
			return sheets
		}},
	}
}

// texRequired reports whether the TeX engines and pdffonts must be there
// (POLYTILE_TEX=required, as in CI), where a test would otherwise skip
// without them.
func texRequired() bool { return os.Getenv("POLYTILE_TEX") == "required" }

// TestTeXCompiles compiles one document of the figures of
// texCompileCases with each TeX engine (Debian's texlive-latex-extra,
// texlive-luatex and texlive-xetex have them), checks its pages and
// their sizes, and checks with pdffonts (poppler-utils) that every font
// in the PDF is embedded and drawn as vectors: no Type 3 font, which is
// how TeX embeds the bitmaps mktexpk makes. Fonts TeX makes go under the
// test's directory. An engine or pdffonts that is missing skips its part,
// unless POLYTILE_TEX is "required".
func TestTeXCompiles(t *testing.T) {
	if testing.Short() {
		t.Skip("compiling with TeX takes seconds")
	}
	var sheets []*gallery.Sheet
	var first []int // the first page of each case
	cases := texCompileCases()
	for _, tc := range cases {
		first = append(first, len(sheets))
		s := tc.sheets(t)
		if len(s) == 0 {
			t.Fatalf("%s: no sheets", tc.name)
		}
		sheets = append(sheets, s...)
	}
	// caseOf names the case page p (from 1) belongs to.
	caseOf := func(p int) string {
		i, _ := slices.BinarySearch(first, p)
		if i == len(first) || first[i] != p-1 {
			i--
		}
		if i < 0 {
			i = 0
		}
		return cases[i].name
	}
	data := encode(t, FormatTeX, sheets, nil)
	parseTeX(t, data)
	vars := t.TempDir() // shared: each engine makes its caches once
	for _, e := range texEngines {
		t.Run(e.name, func(t *testing.T) {
			if _, err := exec.LookPath(e.name); err != nil {
				if texRequired() {
					t.Fatalf("no %s on PATH (Debian: texlive-latex-extra, texlive-luatex, texlive-xetex)", e.name)
				}
				t.Skipf("no %s on PATH; .ci/run installs it", e.name)
			}
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, "doc.tex"), data, 0o644); err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command(e.name, "-interaction=nonstopmode", "-halt-on-error", "-no-shell-escape", e.uncompressed+`\input{doc.tex}`)
			cmd.Dir = dir
			cmd.Env = append(os.Environ(), "TEXMFVAR="+vars, "TEXMFCACHE="+vars, "XDG_CACHE_HOME="+vars)
			out, err := cmd.CombinedOutput()
			log, _ := os.ReadFile(filepath.Join(dir, "doc.log"))
			if m := missingFile.FindSubmatch(log); err != nil && m != nil && !texRequired() {
				// Debian's lualatex, say, is in texlive-binaries, but
				// the file standalone needs with it in texlive-luatex.
				t.Skipf("%s is on PATH, but not %s", e.name, m[1])
			}
			if err != nil {
				t.Fatalf("%s: %v\n%s", e.name, err, tail(log, out))
			}
			m := texPages.FindSubmatch(log)
			if m == nil || string(m[1]) != strconv.Itoa(len(sheets)) {
				t.Fatalf("%s wrote %q pages, want %d:\n%s", e.name, m, len(sheets), tail(log, out))
			}
			path := filepath.Join(dir, "doc.pdf")
			checkVectorFonts(t, path, len(sheets), caseOf)
			if e.uncompressed == "" {
				return
			}
			pdf, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			boxes := mediaBoxT.FindAllSubmatch(pdf, -1)
			if len(boxes) != len(sheets) {
				t.Fatalf("%d MediaBoxes, want %d", len(boxes), len(sheets))
			}
			for i, box := range boxes {
				w, _ := strconv.ParseFloat(string(box[1]), 64)
				h, _ := strconv.ParseFloat(string(box[2]), 64)
				sw, sh := sheets[i].Size()
				// The bounding box is written in hundredths of a bp, and
				// TeX holds 1bp as 65781sp, 1.2e-5 short.
				if math.Abs(w-sw*0.75) > 0.005+2e-5*sw || math.Abs(h-sh*0.75) > 0.005+2e-5*sh {
					t.Errorf("page %d (%s) is %v × %v bp, want %v × %v", i+1, caseOf(i+1), w, h, sw*0.75, sh*0.75)
				}
			}
		})
	}
}

// pdfFont is a font as pdffonts lists it.
type pdfFont struct {
	name, kind string
	embedded   bool
}

// pdfFonts lists the fonts of pages first to last (from 1) of the PDF at
// path with pdffonts.
func pdfFonts(path string, first, last int) ([]pdfFont, error) {
	out, err := exec.Command("pdffonts", "-f", strconv.Itoa(first), "-l", strconv.Itoa(last), path).CombinedOutput()
	if err != nil {
		return nil, fmt.Errorf("pdffonts: %v\n%s", err, out)
	}
	// A header, a line of dashes that marks the columns, a font a line.
	lines := strings.Split(strings.TrimRight(string(out), "\n"), "\n")
	if len(lines) < 2 || !strings.HasPrefix(lines[0], "name") || !strings.HasPrefix(lines[1], "---") {
		return nil, fmt.Errorf("pdffonts wrote %q, not its table", out)
	}
	var cols [][2]int // each column's start and end
	for i, f := range strings.Fields(lines[1]) {
		start := 0
		if i > 0 {
			start = cols[i-1][1] + 1
		}
		start += strings.Index(lines[1][start:], f)
		cols = append(cols, [2]int{start, start + len(f)})
	}
	if len(cols) < 4 {
		return nil, fmt.Errorf("pdffonts wrote %q, a table of %d columns", out, len(cols))
	}
	field := func(line string, c int) string {
		a, b := cols[c][0], cols[c][1]
		if c+1 < len(cols) {
			b = cols[c+1][0]
		}
		return strings.TrimSpace(line[min(a, len(line)):min(b, len(line))])
	}
	var fonts []pdfFont
	for _, line := range lines[2:] {
		fonts = append(fonts, pdfFont{name: field(line, 0), kind: field(line, 1), embedded: field(line, 3) == "yes"})
	}
	return fonts, nil
}

// checkVectorFonts fails the test unless the PDF at path, of pages pages,
// has fonts, every one embedded and of a kind drawn as vectors (Type 1,
// Type 1C, TrueType, CID or OpenType: no Type 3); caseOf names the case
// of a page. Without pdffonts, it skips the test, or fails it when
// POLYTILE_TEX is "required".
func checkVectorFonts(t *testing.T, path string, pages int, caseOf func(page int) string) {
	t.Helper()
	if _, err := exec.LookPath("pdffonts"); err != nil {
		if texRequired() {
			t.Fatal("no pdffonts on PATH to check the PDF's fonts (Debian: poppler-utils)")
		}
		t.Skip("no pdffonts on PATH to check the PDF's fonts; .ci/run installs it")
	}
	fonts, err := pdfFonts(path, 1, pages)
	if err != nil {
		t.Fatal(err)
	}
	if len(fonts) == 0 {
		t.Fatal("the PDF has no fonts, but its figures have text")
	}
	bad := false
	for _, f := range fonts {
		if strings.Contains(f.kind, "Type 3") || !f.embedded {
			bad = true
			t.Errorf("font %s is %s, embedded %v: want an embedded vector font (Type 1, TrueType, CID or OpenType)", f.name, f.kind, f.embedded)
		}
	}
	if !bad {
		return
	}
	for p := 1; p <= pages; p++ { // which figures have them
		fonts, err := pdfFonts(path, p, p)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range fonts {
			if strings.Contains(f.kind, "Type 3") || !f.embedded {
				t.Errorf("page %d (%s) has %s (%s)", p, caseOf(p), f.name, f.kind)
			}
		}
	}
}

// tail returns the end of TeX's log (or of its output, without a log),
// where it says what went wrong.
func tail(log, out []byte) []byte {
	if len(log) == 0 {
		log = out
	}
	return log[max(0, len(log)-3000):]
}

// Whatever a text holds, it is one line of LaTeX text with its braces
// balanced and every special character escaped, and it reads back as its
// characters.
func FuzzTeXText(f *testing.F) {
	for _, s := range []string{"F", `\end{document}`, "50% & $x$", "a--b``c''", "{}}{", "é✓😀", "\xff\x00\n%"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := appendTeXText(nil, s)
		if bytes.ContainsAny(got, "\n\r") {
			t.Fatalf("appendTeXText(%q) = %q: more than one line", s, got)
		}
		checkBraces(t, got)
		if back, want := untex(t, string(got)), string(texRunes(s)); back != want {
			t.Errorf("appendTeXText(%q) = %q, which reads %q, want %q", s, got, back, want)
		}
	})
}

// A colour the preamble does not define (a Canvas driven by hand, not by
// Sheet.Draw) is written in xcolor's extended syntax where it is used.
func TestTeXUnlistedColours(t *testing.T) {
	sheet := &gallery.Sheet{Width: 100, Height: 100}
	var b bytes.Buffer
	c := newTeXCanvas(&output{ctx: context.Background(), w: &b}, []*gallery.Sheet{sheet})
	c.beginPicture(sheet)
	c.BeginFrame(&gallery.Frame{})
	ring := []gallery.Ring{{{X: 0, Y: 0}, {X: 40, Y: 0}, {X: 40, Y: 40}}}
	c.Fill(&gallery.Shape{Fill: color.NRGBA{10, 20, 30, 0xff}, Outline: ring})
	c.Fill(&gallery.Shape{Fill: color.NRGBA{10, 20, 30, 0x80}, Outline: ring})
	c.Stroke([]gallery.Segment{{A: gallery.Point{X: 0, Y: 0}, B: gallery.Point{X: 40, Y: 0}}}, 2, color.NRGBA{40, 50, 60, 0x80})
	c.Text(&gallery.Text{X: 20, Y: 20, Size: 10, Color: color.NRGBA{70, 80, 90, 0xff}, Text: "x"})
	c.EndFrame()
	c.w.WriteString("\\end{tikzpicture}\n\\end{document}\n")
	if err := c.w.Flush(); err != nil {
		t.Fatal(err)
	}
	got := b.String()
	for _, want := range []string{
		`\fill[fill={rgb,255:red,10;green,20;blue,30}](0,0)-|(30,30)--cycle;`,
		`\fill[fill={rgb,255:red,10;green,20;blue,30},fill opacity=0.502](0,0)`,
		`\draw[draw={rgb,255:red,40;green,50;blue,60},draw opacity=0.502,line width=1.5bp](0,0)--(30,0);`,
		`text={rgb,255:red,70;green,80;blue,90}] at (15,`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("no %s in\n%s", want, got)
		}
	}
	checkBraces(t, b.Bytes())
}
