package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

// The documentation's pictures are drawn again by the commands of
// docs/pictures.txt, all of them, by docs/pictures.sh:
//
//go:generate bash ../../docs/pictures.sh

// notDrawn are the pictures of the documentation that no polytile command
// draws, and what makes them.
var notDrawn = map[string]string{
	"docs/gallery.png":            "a screenshot of the web gallery in Chromium, which render's browser test writes (POLYTILE_SCREENSHOT, docs/gallery.md)",
	"docs/before/tetrasticks.png": "the tetrasticks as polytile drew them before pieces stopped short of the grid points they share (commit d6b247e): polytile draw tetrasticks-5x5 -o docs/before/tetrasticks.png --limit 4 --columns 4",
	"docs/gallery-3d.png":         "a screenshot of a solid's view that turns in the web gallery, which render's browser test writes (POLYTILE_SCREENSHOT, docs/gallery.md)",
	// Solids as polytile drew them before the overview (from one corner
	// only), at commit d6b247e, by the commands of docs/soma.png and
	// docs/solid-pentominoes.png.
	"docs/before/soma.png":              "polytile draw soma -o docs/before/soma.png --limit 8 --legend, at commit d6b247e",
	"docs/before/solid-pentominoes.png": "polytile draw solid-pentominoes-3x4x5 -o docs/before/solid-pentominoes.png --limit 4 --legend, at commit d6b247e",
}

// A picture is a line of docs/pictures.txt: the command that draws one
// picture of the documentation.
type picture struct {
	command
	out string // the picture, from the repository's root: docs/NAME
}

// readPictures reads docs/pictures.txt.
func readPictures(t *testing.T, root string) []picture {
	t.Helper()
	const list = "docs/pictures.txt"
	f, err := os.Open(filepath.Join(root, list))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var pics []picture
	seen := map[string]int{}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		c := parseCommand(t, list, n, line, false)
		if c.skip != "" || c.comment != "" || c.stdout != "" || !strings.HasPrefix(line, "polytile ") {
			t.Errorf("%s:%d: %s: not a polytile command alone, as docs/pictures.sh runs it", list, n, line)
			continue
		}
		i := slices.Index(c.args, "-o")
		if i < 0 || i+1 == len(c.args) || path.Dir(c.args[i+1]) != "docs" {
			t.Errorf("%s:%d: %s: the picture is not written with -o docs/NAME", list, n, line)
			continue
		}
		p := picture{command: c, out: c.args[i+1]}
		if m, ok := seen[p.out]; ok {
			t.Errorf("%s:%d: %s is drawn on line %d too", list, n, p.out, m)
		}
		seen[p.out] = n
		pics = append(pics, p)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(pics) == 0 {
		t.Fatalf("%s lists no pictures", list)
	}
	return pics
}

// imageLink finds a picture a document shows: ![text](file).
var imageLink = regexp.MustCompile(`!\[[^\]]*\]\(([^)#: ]+)\)`)

// TestDocPictures checks the documentation's pictures against the
// commands of docs/pictures.txt: every picture a page shows, and every
// picture under docs/, has its command there (or is one of notDrawn);
// every page that shows a picture shows its command, the same but for the
// output's folder and name; and each picture is what its command draws
// now, pixel for pixel (a PNG) or byte for byte (an SVG).
func TestDocPictures(t *testing.T) {
	root := filepath.Join("..", "..")
	pics := readPictures(t, root)
	byOut := map[string]picture{}
	for _, p := range pics {
		byOut[p.out] = p
	}

	shown := map[string]bool{}
	for _, doc := range docFiles(t, root) {
		data, err := os.ReadFile(filepath.Join(root, doc))
		if err != nil {
			t.Fatal(err)
		}
		var commands []command
		for _, b := range readBlocks(t, root, doc) {
			commands = append(commands, b.commands...)
		}
		for n, line := range strings.Split(string(data), "\n") {
			for _, m := range imageLink.FindAllStringSubmatch(line, -1) {
				file := path.Join(path.Dir(doc), m[1])
				shown[file] = true
				if _, ok := notDrawn[file]; ok {
					continue
				}
				p, ok := byOut[file]
				if !ok {
					t.Errorf("%s:%d: shows %s, which no command of docs/pictures.txt draws", doc, n+1, file)
					continue
				}
				if !slices.ContainsFunc(commands, func(c command) bool { return sameDrawing(c.args, p.args) }) {
					t.Errorf("%s:%d: shows %s without its command: %s (writing any %s file)", doc, n+1, file, p.text, path.Ext(file))
				}
			}
		}
	}
	for _, p := range pics {
		if !shown[p.out] {
			t.Errorf("docs/pictures.txt:%d: draws %s, which no page shows", p.line, p.out)
		}
	}
	files, err := os.ReadDir(filepath.Join(root, "docs"))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range files {
		file := "docs/" + e.Name()
		if _, drawn := byOut[file]; drawn || notDrawn[file] != "" {
			continue
		}
		if ext := path.Ext(file); ext == ".png" || ext == ".svg" || ext == ".pdf" || ext == ".jpg" {
			t.Errorf("%s: a picture that docs/pictures.txt does not draw", file)
		}
	}

	for _, p := range pics {
		t.Run(p.out, func(t *testing.T) {
			t.Parallel()
			checkPicture(t, root, p)
		})
	}
}

// sameDrawing reports whether the arguments of a command a page shows,
// doc, draw the picture that those of its docs/pictures.txt line, list,
// draw: the same, but that the output (-o) may have another folder and
// name, though not another extension.
func sameDrawing(doc, list []string) bool {
	if len(doc) != len(list) {
		return false
	}
	for i := range doc {
		if i > 0 && list[i-1] == "-o" && doc[i-1] == "-o" {
			if path.Ext(doc[i]) != path.Ext(list[i]) {
				return false
			}
			continue
		}
		if doc[i] != list[i] {
			return false
		}
	}
	return true
}

// checkPicture runs p's command as polytile (the test binary, as TestMain
// lets it be) in a scratch directory and compares what it draws with the
// repository's picture: the pixels of a PNG, the bytes of anything else.
func checkPicture(t *testing.T, root string, p picture) {
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "docs"), 0o755); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, os.Args[0], p.args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), runMainEnv+"=1")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	start := time.Now()
	if err := cmd.Run(); err != nil {
		t.Fatalf("docs/pictures.txt:%d: %s: %v\n%s", p.line, p.text, err, stderr.String())
	}
	t.Logf("%s: %v", p.text, time.Since(start).Round(time.Millisecond))
	got, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(p.out)))
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(p.out)))
	if err != nil {
		t.Fatalf("%v (docs/pictures.sh draws it)", err)
	}
	if bytes.Equal(got, want) {
		return
	}
	differ := "its bytes differ"
	if path.Ext(p.out) == ".png" {
		if differ = pixelsDiffer(got, want); differ == "" {
			return
		}
	}
	t.Errorf("%s is not what docs/pictures.txt:%d draws now (%s): %s; docs/pictures.sh (or go generate ./cmd/polytile) draws the pictures again",
		p.out, p.line, p.text, differ)
}

// pixelsDiffer says how two PNG files' pictures differ, or "" if their
// pixels are the same.
func pixelsDiffer(a, b []byte) string {
	ia, err := png.Decode(bytes.NewReader(a))
	if err != nil {
		return "what the command draws is no PNG: " + err.Error()
	}
	ib, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		return "the repository's picture is no PNG: " + err.Error()
	}
	if ia.Bounds() != ib.Bounds() {
		return fmt.Sprintf("its size is %v, the command's %v", ib.Bounds().Size(), ia.Bounds().Size())
	}
	n, first := 0, image.Point{}
	r := ia.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			r1, g1, b1, a1 := ia.At(x, y).RGBA()
			r2, g2, b2, a2 := ib.At(x, y).RGBA()
			if r1 != r2 || g1 != g2 || b1 != b2 || a1 != a2 {
				if n == 0 {
					first = image.Pt(x, y)
				}
				n++
			}
		}
	}
	if n == 0 {
		return ""
	}
	return fmt.Sprintf("%d of its %d pixels differ, the first at %v", n, r.Dx()*r.Dy(), first)
}
