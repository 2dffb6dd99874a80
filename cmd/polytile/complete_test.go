package main

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// polytile completion SHELL writes each shell's script; the script asks
// polytile __complete for the words, which are the built-in puzzles for
// a SPEC, the piece sets too for pieces' SET, the palettes for --palette
// and the formats for --format. A shell without a script is a usage error.
func TestCompletion(t *testing.T) {
	for shell, start := range map[string]string{
		"bash":       "# bash completion V2 for polytile",
		"zsh":        "#compdef polytile",
		"fish":       "# fish completion for polytile",
		"powershell": "# powershell completion for polytile",
	} {
		code, out, stderr := polytile(t, "completion", shell)
		if code != 0 || stderr != "" || !strings.HasPrefix(out, start) || len(out) < 1000 {
			t.Errorf("completion %s: exit %d, %q, %d bytes starting %.40q; want a script starting %q", shell, code, stderr, len(out), out, start)
		}
	}
	for _, tt := range []struct {
		line []string // the words of the command line, the last being completed
		want []string // some of the words offered
		not  []string // words not offered
	}{
		{[]string{"dr"}, []string{"draw"}, []string{"solve"}},
		{[]string{"co"}, []string{"count", "completion"}, nil},
		{[]string{"draw", "sc"}, []string{"scott"}, []string{"soma"}},
		{[]string{"solve", "pentominoes-"}, []string{"pentominoes-6x10", "pentominoes-3x20"}, []string{"pentominoes"}},
		{[]string{"count", "so"}, []string{"soma"}, nil},
		{[]string{"pieces", "pentom"}, []string{"pentominoes", "pentominoes-6x10"}, nil},
		{[]string{"draw", "scott", "--palette", "k"}, []string{"kelly"}, nil},
		{[]string{"draw", "scott", "--format", ""}, drawOutputs.Formats, nil},
		{[]string{"completion", ""}, []string{"bash", "zsh", "fish", "powershell"}, nil},
	} {
		code, out, _ := polytile(t, append([]string{"__complete"}, tt.line...)...)
		words := strings.Split(strings.TrimSpace(out), "\n")
		for i, w := range words {
			words[i], _, _ = strings.Cut(w, "\t") // a word's description follows a tab
		}
		for _, w := range tt.want {
			if code != 0 || !slices.Contains(words, w) {
				t.Errorf("completing %q: exit %d, %q; want %s among them", tt.line, code, words, w)
			}
		}
		for _, w := range tt.not {
			if slices.Contains(words, w) {
				t.Errorf("completing %q: %q; want no %s", tt.line, words, w)
			}
		}
	}
	for _, args := range [][]string{{"completion", "tcsh"}, {"completion", "bsh"}} {
		if code, _, stderr := polytile(t, args...); code != 2 || !strings.Contains(stderr, "want bash, fish, powershell or zsh") {
			t.Errorf("%v: exit %d, %q; want exit 2 and the shells", args, code, stderr)
		}
	}
	if code, out, _ := polytile(t, "completion"); code != 0 || !strings.Contains(out, "polytile completion [command]") {
		t.Errorf("completion: exit %d, %q; want its help", code, out)
	}
}

// draw and pieces hold the look flags to one rule (gallery's
// CheckLatticeKeys, and mesh's CheckKeys for pieces to print): a flag the
// drawing does not use is the same usage error, in the same words, for
// both; one it uses is taken by both.
func TestLookFlagsOneRule(t *testing.T) {
	dir := t.TempDir()
	out := func(name string) string { return filepath.Join(dir, name) }
	for _, tt := range []struct {
		name         string
		draw, pieces []string
		code         int
		want         string
	}{
		{"letters on solids in space", []string{"draw", "soma", "--letters"}, []string{"pieces", "soma", "--letters"}, 2,
			"--letters: a solid drawn in space shows no names or grid lines on its faces (view: layers does), so nothing for it to change"},
		{"grid on solids in space", []string{"draw", "soma", "--grid"}, []string{"pieces", "soma", "--grid"}, 2, "--grid: a solid drawn in space"},
		{"letters on layers", []string{"draw", "soma", "--view", "layers", "--letters"}, []string{"pieces", "soma", "--view", "layers", "--letters"}, 0, ""},
		{"letters on the plane", []string{"draw", "scott", "--letters"}, []string{"pieces", "pentominoes", "--letters"}, 0, ""},
		{"view on the plane", []string{"draw", "scott", "--view", "layers"}, []string{"pieces", "pentominoes", "--view", "layers"}, 2,
			"--view: the square lattice is flat, with no solid to view, so nothing for it to change"},
		{"grid on polysticks", []string{"draw", "polysticks-123-clipped", "--grid"}, []string{"pieces", "tetrasticks", "--grid"}, 2,
			"--grid: polysticks are drawn as lines along their segments, with no cells inside to rule, so nothing for it to change"},
	} {
		var msgs []string
		for _, args := range [][]string{tt.draw, tt.pieces} {
			args = append(slices.Clone(args), "-o", out(args[0]+".svg"))
			code, _, stderr := polytile(t, args...)
			msg, _, _ := strings.Cut(strings.TrimPrefix(stderr, "polytile: "), "\n")
			if code != tt.code || tt.code != 0 && !strings.HasPrefix(msg, tt.want) {
				t.Errorf("%s: %v: exit %d, %q; want exit %d and %q", tt.name, args, code, stderr, tt.code, tt.want)
			}
			msgs = append(msgs, msg)
		}
		if tt.code != 0 && msgs[0] != msgs[1] {
			t.Errorf("%s: draw says %q, pieces %q; want the same", tt.name, msgs[0], msgs[1])
		}
	}
	// Pieces to print have no names: --letters is a flag they do not use,
	// in draw as in pieces; --cell and --palette they use.
	const unused = "--letters: pieces to print (.stl, .3mf) are solids or tiles, sized by cell, clearance and thickness, packed on a bed and coloured by palette and color, so nothing for it to change"
	for _, args := range [][]string{
		{"draw", "soma", "--solution", "1", "-o", out("soma.stl"), "--letters"},
		{"pieces", "soma", "-o", out("pieces.3mf"), "--letters"},
	} {
		if code, _, stderr := polytile(t, args...); code != 2 || !strings.HasPrefix(stderr, "polytile: "+unused+"\n") {
			t.Errorf("%v: exit %d, %q; want exit 2 and %q", args, code, stderr, unused)
		}
	}
	if code, _, stderr := polytile(t, "pieces", "soma", "-o", out("sized.stl"), "--cell", "1cm", "--palette", "kelly"); code != 0 {
		t.Errorf("pieces soma -o sized.stl --cell 1cm --palette kelly: exit %d, %q", code, stderr)
	}
}
