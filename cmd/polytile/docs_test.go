package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"go/format"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/polytile/polytile/internal/golden"
	"github.com/polytile/polytile/puzzles/specs"

	"go.yaml.in/yaml/v4"
)

// The documentation's examples are tested as written. README.md and
// docs/*.md mark their fenced blocks so:
//
//   - ```sh: commands, one a line, a trailing # comment allowed. Each
//     `go run ./cmd/polytile ARGS` or `polytile ARGS` runs, in order, in a
//     scratch directory that holds copies of the repository's files it
//     names (nothing is written into the clone), and must exit 0 without a
//     "polytile:" line (an error or a warning) on standard error; `> FILE`
//     sends its output to FILE. Not run: a command whose comment starts
//     with "slow" (it says how slow, and what it writes), one that needs a
//     shell (a $variable, a glob, a pipe) and another program's (go test,
//     go install, parallel, kubectl, command time). Every command not run is
//     listed in testdata/docs-not-run.txt, which the test keeps (-update
//     rewrites it), so that nothing is skipped unseen.
//   - ```console: a transcript: `$ COMMAND` lines, each followed by what it
//     prints (standard output, then standard error), run as above and
//     compared line by line. A line `...` stands for any lines, a line
//     ending in `...` for any line that starts as it does, and the lines
//     that vary from run to run (time:, wall:, cpu:, workers:,
//     solutions/s:, nodes/s:) are compared by their label. A transcript
//     that ends in a "polytile:" error must exit with a failure.
//   - ```yaml: a whole spec, which specs.Parse must accept, unless its
//     first line is "# a part of a spec", when it must be YAML.
//   - ```go: a whole program (package main), gofmt-formatted, built and
//     run in a scratch directory; the ```text block that follows it is what
//     it must print.
//   - ```text: output and file contents shown, not run.
//
// Commands and outputs use paths inside the repository only (no absolute
// path; no ".." in polytile's, though another program's may name a
// directory beside the clone), and what the commands write is covered by
// .gitignore.
func TestDocs(t *testing.T) {
	root := filepath.Join("..", "..")
	docs := docFiles(t, root)
	ignore := readGitignore(t, root)
	var notRun []string
	blocksOf := map[string][]block{}
	for _, doc := range docs {
		blocks := readBlocks(t, root, doc)
		blocksOf[doc] = blocks
		for _, b := range blocks {
			for _, c := range b.commands {
				if c.skip != "" {
					notRun = append(notRun, fmt.Sprintf("%s: %s    [%s]", doc, c.text, c.skip))
				}
			}
		}
		t.Run(doc, func(t *testing.T) {
			t.Parallel()
			checkDoc(t, root, doc, blocks, ignore)
		})
	}
	t.Run("not run", func(t *testing.T) {
		for _, c := range notRun {
			t.Log("not run:", c)
		}
		golden.Check(t, "docs-not-run.txt", []byte(strings.Join(notRun, "\n")+"\n"))
	})
	t.Run("knuth-7 JSON", func(t *testing.T) {
		// The JSON of Knuth's example is shown whole, and is what solve
		// prints (checkDoc runs it).
		for _, doc := range docs {
			for _, b := range blocksOf[doc] {
				for _, c := range b.commands {
					if slices.Equal(c.args, []string{"solve", "knuth-7", "--json"}) && c.console {
						if c.skip != "" || slices.ContainsFunc(c.want, func(l string) bool { return strings.HasSuffix(l, "...") }) {
							t.Errorf("%s:%d: the JSON of knuth-7 is not shown whole, or not run", doc, c.line)
						}
						return
					}
				}
			}
		}
		t.Error("no document shows what solve knuth-7 --json prints")
	})
}

// docFiles returns README.md and docs/*.md, relative to root.
func docFiles(t *testing.T, root string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no docs/*.md: %v", err)
	}
	out := []string{"README.md"}
	for _, f := range files {
		out = append(out, path.Join("docs", filepath.Base(f)))
	}
	return out
}

// A block is a fenced block of a document.
type block struct {
	lang     string    // the fence's mark: sh, console, yaml, go or text
	line     int       // the line of its first line of text
	text     string    // its text
	commands []command // its commands, for sh and console
}

// A command is one command of an sh or console block.
type command struct {
	line    int
	text    string   // as written, without its comment
	comment string   // its trailing comment, without "#"
	args    []string // polytile's arguments, if it is polytile
	stdout  string   // the file > names, or ""
	skip    string   // why the test does not run it, or ""
	console bool     // whether it is in a transcript
	want    []string // a transcript's lines of output
}

// inlineCommand finds a command written in the text rather than in a block.
var inlineCommand = regexp.MustCompile("`go run ./cmd/polytile [^`]+`")

// markdownLink finds a link to a file of the repository.
var markdownLink = regexp.MustCompile(`\]\(([^)#: ]+)(#[^)]*)?\)`)

// readBlocks reads the fenced blocks of doc and checks what lies outside
// them: no command written inline, and links to files that exist.
func readBlocks(t *testing.T, root, doc string) []block {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(root, doc))
	if err != nil {
		t.Fatal(err)
	}
	var blocks []block
	var cur *block
	var text strings.Builder
	for i, line := range strings.Split(string(data), "\n") {
		n := i + 1
		switch {
		case cur == nil && strings.HasPrefix(line, "```"):
			cur = &block{lang: strings.TrimSpace(strings.TrimPrefix(line, "```")), line: n + 1}
			text.Reset()
		case cur != nil && line == "```":
			cur.text = text.String()
			blocks = append(blocks, *cur)
			cur = nil
		case cur != nil:
			text.WriteString(line + "\n")
		default:
			if m := inlineCommand.FindString(line); m != "" {
				t.Errorf("%s:%d: the command %s is written inline: put it in an sh block, where the tests run it", doc, n, m)
			}
			for _, m := range markdownLink.FindAllStringSubmatch(line, -1) {
				target := path.Join(path.Dir(doc), m[1])
				if strings.HasPrefix(m[1], "/") || strings.HasPrefix(target, "..") {
					t.Errorf("%s:%d: the link %s leaves the repository", doc, n, m[1])
				} else if _, err := os.Stat(filepath.Join(root, target)); err != nil {
					t.Errorf("%s:%d: the link %s names no file", doc, n, m[1])
				}
			}
		}
	}
	if cur != nil {
		t.Errorf("%s:%d: a block that does not end", doc, cur.line-1)
	}
	for i := range blocks {
		b := &blocks[i]
		switch b.lang {
		case "sh":
			for j, line := range strings.Split(strings.TrimSuffix(b.text, "\n"), "\n") {
				if strings.TrimSpace(line) == "" || strings.HasPrefix(strings.TrimSpace(line), "#") {
					continue
				}
				b.commands = append(b.commands, parseCommand(t, doc, b.line+j, line, false))
			}
		case "console":
			for j, line := range strings.Split(strings.TrimSuffix(b.text, "\n"), "\n") {
				if cmd, ok := strings.CutPrefix(line, "$ "); ok {
					b.commands = append(b.commands, parseCommand(t, doc, b.line+j, cmd, true))
				} else if len(b.commands) == 0 {
					t.Errorf("%s:%d: a transcript starts with a command: $ COMMAND", doc, b.line+j)
				} else {
					c := &b.commands[len(b.commands)-1]
					c.want = append(c.want, line)
				}
			}
		case "yaml", "go", "text":
		default:
			t.Errorf("%s:%d: a block marked %q; mark it sh, console, yaml, go or text", doc, b.line-1, b.lang)
		}
	}
	return blocks
}

// parseCommand splits a command line into words as a shell would, and
// says whether the test runs it.
func parseCommand(t *testing.T, doc string, line int, s string, console bool) command {
	t.Helper()
	c := command{line: line, console: console}
	var words []string
	var word strings.Builder
	inWord, shell, redirect, cut := false, "", false, len(s)
	end := func() {
		if !inWord {
			return
		}
		if redirect {
			c.stdout, redirect = word.String(), false
		} else {
			words = append(words, word.String())
		}
		word.Reset()
		inWord = false
	}
	for i := 0; i < len(s); i++ {
		switch ch := s[i]; {
		case ch == ' ' || ch == '\t':
			end()
		case ch == '#' && !inWord:
			c.comment, cut = strings.TrimSpace(s[i+1:]), i
			i = len(s)
		case ch == '\'':
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				t.Fatalf("%s:%d: an unclosed quote in %q", doc, line, s)
			}
			word.WriteString(s[i+1 : i+1+j])
			inWord, i = true, i+1+j
		case ch == '"':
			for i++; i < len(s) && s[i] != '"'; i++ {
				if s[i] == '\\' && i+1 < len(s) {
					i++
				} else if s[i] == '$' {
					shell = "uses shell variables"
				}
				word.WriteByte(s[i])
			}
			inWord = true
		case ch == '>' && !inWord:
			redirect = true
		case ch == '$':
			shell, inWord = "uses shell variables", true
			word.WriteByte(ch)
		case ch == '*' || ch == '?' || ch == '{':
			shell, inWord = "uses a glob or a shell's braces", true
			word.WriteByte(ch)
		case ch == '|' || ch == ';' || ch == '&' || ch == '<':
			shell, inWord = "needs a shell", true
			word.WriteByte(ch)
		default:
			word.WriteByte(ch)
			inWord = true
		}
	}
	end()
	c.text = strings.TrimSpace(s[:cut])
	switch {
	case len(words) >= 3 && words[0] == "go" && words[1] == "run" && words[2] == "./cmd/polytile":
		c.args = words[3:]
	case len(words) >= 1 && words[0] == "polytile":
		c.args = words[1:]
	default:
		c.skip = "another program: " + program(words)
	}
	// polytile's commands stay inside the repository; another program's
	// (go mod edit, in a module beside the clone) may name what is beside
	// it.
	for _, w := range append(slices.Clone(words), c.stdout) {
		_, value, _ := strings.Cut(w, "=") // --output=FILE, VAR=VALUE
		for _, p := range []string{w, value} {
			outside := strings.HasPrefix(p, "/") || strings.HasPrefix(p, "~") || p == ".." ||
				strings.HasPrefix(p, "../") || strings.Contains(p, "/../") || strings.HasSuffix(p, "/..")
			if outside && (c.args != nil || strings.HasPrefix(p, "/") || strings.HasPrefix(p, "~")) {
				t.Errorf("%s:%d: %q names a path outside the repository: %s", doc, line, w, c.text)
			}
		}
	}
	switch {
	case c.skip != "":
	case strings.HasPrefix(c.comment, "slow"):
		c.skip = c.comment
	case shell != "":
		c.skip = shell
	}
	return c
}

// program names the program a command runs, past the variables it sets:
// "go test", "kubectl".
func program(words []string) string {
	for len(words) > 0 && strings.Contains(words[0], "=") {
		words = words[1:]
	}
	switch {
	case len(words) == 0:
		return "none"
	case len(words) > 1 && (words[0] == "go" || words[0] == "command"):
		return words[0] + " " + words[1]
	}
	return words[0]
}

// checkDoc checks doc's blocks: it runs the commands, in order, in one
// scratch directory, checks the specs and builds and runs the programs.
func checkDoc(t *testing.T, root, doc string, blocks []block, ignore []ignoreRule) {
	dir := t.TempDir()
	inputs := map[string]bool{} // files copied from the repository
	for i, b := range blocks {
		switch b.lang {
		case "yaml":
			checkSpecBlock(t, doc, b)
		case "go":
			var out *block
			if i+1 < len(blocks) && blocks[i+1].lang == "text" {
				out = &blocks[i+1]
			}
			checkProgram(t, root, doc, b, out)
		}
		for _, c := range b.commands {
			for _, out := range outputsOf(c) {
				if !ignored(ignore, path.Clean(out)) {
					t.Errorf("%s:%d: %s writes %s, which .gitignore does not cover", doc, c.line, c.text, out)
				}
			}
			if c.skip != "" {
				continue
			}
			for _, w := range c.args {
				copyInput(t, root, dir, w, ignore, inputs)
			}
			runCommand(t, doc, dir, c)
		}
	}
	// Whatever the commands wrote is covered by .gitignore.
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		rel = filepath.ToSlash(rel)
		if !inputs[rel] && !ignored(ignore, rel) {
			t.Errorf("%s: its commands write %s, which .gitignore does not cover", doc, rel)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// outputsOf returns the files a command names as its outputs.
func outputsOf(c command) []string {
	var outs []string
	if c.stdout != "" {
		outs = append(outs, c.stdout)
	}
	words := strings.Fields(c.text)
	for i, w := range words {
		for _, flag := range []string{"-o", "--output", "--jsonl", "--resume"} {
			v, ok := strings.CutPrefix(w, flag+"=")
			if !ok && w == flag && i+1 < len(words) {
				v, ok = words[i+1], true
			}
			if ok && v != "-" && !strings.ContainsAny(v, `$"'`) {
				outs = append(outs, v)
			}
		}
	}
	return outs
}

// copyInput copies the file or directory of the repository that word
// names, if any and if Git keeps it, into dir, once.
func copyInput(t *testing.T, root, dir, word string, ignore []ignoreRule, inputs map[string]bool) {
	t.Helper()
	if word == "" || strings.HasPrefix(word, "-") || !filepath.IsLocal(word) {
		return
	}
	src := filepath.Join(root, word)
	if _, err := os.Stat(src); err != nil {
		return
	}
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		rel = filepath.ToSlash(rel)
		if ignored(ignore, rel) || strings.HasPrefix(d.Name(), ".") && rel != "." {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if d.IsDir() || inputs[rel] {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		to := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
			return err
		}
		inputs[rel] = true
		return os.WriteFile(to, data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// runCommand runs c as polytile (the test binary, as TestMain lets it be)
// in dir, and checks its exit status and output.
func runCommand(t *testing.T, doc, dir string, c command) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, os.Args[0], c.args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), runMainEnv+"=1")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	err := cmd.Run()
	where := fmt.Sprintf("%s:%d: %s", doc, c.line, c.text)
	t.Logf("%s: %v", where, time.Since(start).Round(time.Millisecond))
	if c.stdout != "" {
		if werr := os.WriteFile(filepath.Join(dir, c.stdout), stdout.Bytes(), 0o644); werr != nil {
			t.Fatal(werr)
		}
	}
	if !c.console {
		if err != nil {
			t.Errorf("%s: %v\n%s", where, err, stderr.String())
		}
		for _, l := range strings.Split(stderr.String(), "\n") {
			if strings.HasPrefix(l, "polytile:") {
				t.Errorf("%s: says %q, which the document does not show", where, l)
			}
		}
		return
	}
	fails := len(c.want) > 0 && strings.HasPrefix(c.want[len(c.want)-1], "polytile: ") &&
		!strings.HasPrefix(c.want[len(c.want)-1], "polytile: warning:")
	if fails && err == nil {
		t.Errorf("%s: succeeded, but the transcript shows an error", where)
	} else if !fails && err != nil {
		t.Errorf("%s: %v\n%s", where, err, stderr.String())
	}
	got := strings.Split(strings.TrimSuffix(stdout.String()+stderr.String(), "\n"), "\n")
	if c.stdout != "" {
		got = strings.Split(strings.TrimSuffix(stderr.String(), "\n"), "\n")
	}
	if !linesMatch(c.want, got) {
		t.Errorf("%s: prints\n%s\nwhere the document shows\n%s", where, strings.Join(got, "\n"), strings.Join(c.want, "\n"))
	}
}

// varying are the labels of the report's lines whose values vary from
// run to run and machine to machine.
var varying = []string{"time:", "wall:", "cpu:", "workers:", "solutions/s:", "nodes/s:"}

// linesMatch reports whether got is what want shows: "..." stands for
// any lines, a line ending in "..." for any line that starts as it does,
// and a line with a varying label for any line with that label.
func linesMatch(want, got []string) bool {
	// m[i][j]: want[i:] matches got[j:].
	m := make([][]bool, len(want)+1)
	for i := range m {
		m[i] = make([]bool, len(got)+1)
	}
	m[len(want)][len(got)] = true
	for i := len(want) - 1; i >= 0; i-- {
		for j := len(got); j >= 0; j-- {
			w := want[i]
			if w == "..." {
				m[i][j] = m[i+1][j] || j < len(got) && m[i][j+1]
				continue
			}
			if j == len(got) {
				continue
			}
			g := got[j]
			ok := w == g
			if prefix, cut := strings.CutSuffix(w, "..."); cut {
				ok = strings.HasPrefix(g, prefix)
			}
			for _, label := range varying {
				if strings.HasPrefix(w, label) && strings.HasPrefix(g, label) {
					ok = true
				}
			}
			m[i][j] = ok && m[i+1][j+1]
		}
	}
	return m[0][0]
}

// checkSpecBlock checks that a yaml block is a spec that specs.Parse
// accepts, or, marked "# a part of a spec", YAML.
func checkSpecBlock(t *testing.T, doc string, b block) {
	t.Helper()
	if strings.HasPrefix(b.text, "# a part of a spec") {
		var v any
		if err := yaml.Unmarshal([]byte(b.text), &v); err != nil {
			t.Errorf("%s:%d: a part of a spec that is not YAML: %v", doc, b.line, err)
		}
		return
	}
	// Blank lines before the spec give its errors the document's lines.
	text := strings.Repeat("\n", b.line-1) + b.text
	if _, err := specs.Parse(doc, []byte(text)); err != nil {
		t.Errorf("a spec that specs.Parse refuses (mark a part of one \"# a part of a spec\"): %v", err)
	}
}

// checkProgram builds and runs a go block in a scratch directory, and
// compares what it prints with out's text.
func checkProgram(t *testing.T, root, doc string, b block, out *block) {
	t.Helper()
	where := fmt.Sprintf("%s:%d", doc, b.line)
	if src, err := format.Source([]byte(b.text)); err != nil || string(src) != b.text {
		t.Errorf("%s: a program that gofmt would change (%v)", where, err)
	}
	if !regexp.MustCompile(`(?m)^package main$`).MatchString(b.text) {
		t.Errorf("%s: a go block is a whole program, package main", where)
		return
	}
	if out == nil {
		t.Errorf("%s: a program without a text block of what it prints after it", where)
		return
	}
	goTool, err := exec.LookPath("go") // go test puts its own first on PATH
	if err != nil {
		t.Errorf("%s: no go command to build the program: %v", where, err)
		return
	}
	dir := t.TempDir()
	src := filepath.Join(dir, "main.go")
	if err := os.WriteFile(src, []byte(b.text), 0o644); err != nil {
		t.Fatal(err)
	}
	prog := filepath.Join(dir, "prog")
	build := exec.Command(goTool, "build", "-o", prog, src)
	build.Dir = root // in the module, so that its packages resolve
	if msg, err := build.CombinedOutput(); err != nil {
		t.Errorf("%s: go build: %v\n%s", where, err, msg)
		return
	}
	work := filepath.Join(dir, "work")
	if err := os.Mkdir(work, 0o755); err != nil {
		t.Fatal(err)
	}
	run := exec.Command(prog)
	run.Dir = work
	var stdout, stderr bytes.Buffer
	run.Stdout, run.Stderr = &stdout, &stderr
	if err := run.Run(); err != nil {
		t.Errorf("%s: %v\n%s", where, err, stderr.String())
	}
	if stdout.String() != out.text {
		t.Errorf("%s: prints\n%s\nwhere %s:%d shows\n%s", where, stdout.String(), doc, out.line, out.text)
	}
}

// An ignoreRule is a line of .gitignore.
type ignoreRule struct {
	pattern  string
	negate   bool // !pattern
	dirOnly  bool // pattern/
	anchored bool // matched against the whole path, not only a name
}

// readGitignore reads root's .gitignore.
func readGitignore(t *testing.T, root string) []ignoreRule {
	t.Helper()
	f, err := os.Open(filepath.Join(root, ".gitignore"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rules []ignoreRule
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		var r ignoreRule
		line, r.negate = strings.CutPrefix(line, "!")
		line, r.dirOnly = strings.CutSuffix(line, "/")
		r.anchored = strings.Contains(line, "/")
		r.pattern = strings.TrimPrefix(line, "/")
		rules = append(rules, r)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return rules
}

// ignored reports whether Git ignores the file at p (a slash-separated
// path from the root) under rules: p, or a directory it is in, matches
// the last rule that names it, not negated.
func ignored(rules []ignoreRule, p string) bool {
	parts := strings.Split(p, "/")
	for i := 1; i <= len(parts); i++ {
		sub := strings.Join(parts[:i], "/")
		dir := i < len(parts)
		match := false
		for _, r := range rules {
			if r.dirOnly && !dir {
				continue
			}
			name := sub
			if !r.anchored {
				name = parts[i-1]
			}
			if ok, _ := path.Match(r.pattern, name); ok {
				match = !r.negate
			}
		}
		if match {
			return true
		}
	}
	return false
}
