//go:build unix

package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"golang.org/x/image/font/gofont/gomono"
)

// polytileWithin runs polytile, failing the test if it has not ended
// after 10 s.
func polytileWithin(t *testing.T, args ...string) (code int, stderr string) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		code, _, stderr = polytile(t, args...)
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatalf("polytile %s: still running after 10 s", strings.Join(args, " "))
	}
	return code, stderr
}

// A saved file never makes polytile open a font file its spec names (a
// device, a FIFO, a secret, a directory, a file beside it): drawn, as a
// picture or a web gallery, it is set in the default font with a warning
// that says so, or in the font --font gives, without one. Where the user
// names a font file (--font, or a spec's own key), what is not a regular
// file is refused at once, saying what it is.
func TestFontFileAttacks(t *testing.T) {
	dir := t.TempDir()
	secret := filepath.Join(dir, "secret.ttf")
	if err := os.WriteFile(secret, []byte("TOPSECRET line one\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(dir, "pipe.ttf")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	mono := filepath.Join(dir, "mono.ttf")
	if err := os.WriteFile(mono, gomono.TTF, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, font := range []string{"/dev/zero", fifo, secret, dir + "/", "mono.ttf"} {
		spec := filepath.Join(dir, "spec.yaml")
		text := "title: Dominoes\nboard: |\n  ....\npieces: {A: \"##\", B: \"##\"}\nrender:\n  font: \"" + font + "\"\n  labels: true\n"
		if err := os.WriteFile(spec, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		result, shard := filepath.Join(dir, "r.json"), filepath.Join(dir, "s.jsonl")
		code, out, stderr := polytile(t, "solve", spec, "--json")
		if code != 0 || os.WriteFile(result, []byte(out), 0o644) != nil {
			t.Fatalf("solve --json: %s", stderr)
		}
		os.Remove(shard)
		if code, _, stderr := polytile(t, "solve", spec, "--jsonl", shard); code != 0 {
			t.Fatalf("solve --jsonl: %s", stderr)
		}
		for _, tt := range []struct {
			args []string
			warn bool
		}{
			{[]string{"draw", result, "-o", filepath.Join(dir, "x.svg")}, true},
			{[]string{"draw", shard, "-o", filepath.Join(dir, "x.png")}, true},
			{[]string{"draw", result, "-o", filepath.Join(dir, "site", "index.html")}, true},
			{[]string{"draw", result, "-o", filepath.Join(dir, "y.svg"), "--font", "Go Mono"}, false},
		} {
			os.MkdirAll(filepath.Join(dir, "site"), 0o755)
			code, stderr := polytileWithin(t, tt.args...)
			warned := strings.Contains(stderr, "polytile: warning: "+tt.args[1]+": the font file ") &&
				strings.Contains(stderr, "that its spec names is not opened (a saved file never names a file to open): its text is set in the default font; --font sets a font of your own\n")
			if code != 0 || warned != tt.warn || strings.Contains(stderr, "TOPSECRET") {
				t.Errorf("font %s: polytile %s: exit %d, %s", font, strings.Join(tt.args, " "), code, stderr)
			}
		}
		if font == "mono.ttf" {
			continue
		}
		// The user's own spec, and --font, name it: refused, saying what it is.
		code, stderr = polytileWithin(t, "draw", spec, "-o", filepath.Join(dir, "x.svg"))
		if code != 1 || !strings.HasPrefix(stderr, "polytile: "+spec+":6:9: render.font: ") || strings.Contains(stderr, "TOPSECRET") {
			t.Errorf("a spec of font %s: exit %d, %s", font, code, stderr)
		}
		code, stderr = polytileWithin(t, "draw", "dominoes-4x4", "-o", filepath.Join(dir, "x.svg"), "--font", font)
		if code != 2 || !strings.HasPrefix(stderr, "polytile: --font: ") || strings.Contains(stderr, "TOPSECRET") {
			t.Errorf("--font %s: exit %d, %s", font, code, stderr)
		}
	}
	for font, what := range map[string]string{"/dev/zero": "it is a device", fifo: "it is a FIFO (named pipe)", dir: "it is a directory"} {
		_, stderr := polytileWithin(t, "draw", "dominoes-4x4", "-o", filepath.Join(dir, "x.svg"), "--font", font)
		if want := "polytile: --font: \"" + font + "\": " + what + ", not a regular file; want a font file (.ttf, .otf) of at most 64 MiB, or a font family's name\n"; !strings.HasPrefix(stderr, want) {
			t.Errorf("--font %s: %q\nwant %q", font, stderr, want)
		}
	}
}

// An output that is a FIFO no one reads holds no command past SIGTERM:
// the command ends within 2 s of it, exit status 1, saying why.
func TestStopWritingAFIFO(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the command as a process, stopped after a wait")
	}
	dir := t.TempDir()
	for _, tt := range []struct {
		args []string
		out  string
	}{
		{[]string{"draw", "dominoes-4x4", "--limit", "1", "-o"}, "x.svg"},
		{[]string{"draw", "dominoes-4x4", "--limit", "1", "-o"}, "x.png"},
		{[]string{"draw", "dominoes-4x4", "--limit", "1", "-o"}, "x.tex"},
		{[]string{"pieces", "soma", "-o"}, "x.stl"},
		{[]string{"pieces", "soma", "-o"}, "x.3mf"},
		{[]string{"solve", "dominoes-4x4", "--jsonl"}, "x.jsonl"},
	} {
		out := filepath.Join(dir, tt.out)
		if err := syscall.Mkfifo(out, 0o600); err != nil {
			t.Skipf("mkfifo: %v", err)
		}
		cmd := exec.Command(os.Args[0], append(tt.args, out)...)
		cmd.Env = append(os.Environ(), runMainEnv+"=1")
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(500 * time.Millisecond)
		start := time.Now()
		cmd.Process.Signal(syscall.SIGTERM)
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			cmd.Process.Kill()
			<-done
		}
		took := time.Since(start)
		if took > 2*time.Second || cmd.ProcessState.ExitCode() != 1 || !strings.Contains(stderr.String(), "polytile: terminated signal received") {
			t.Errorf("polytile %s %s, a FIFO: ended %v after SIGTERM, exit %d: %s", strings.Join(tt.args, " "), tt.out, took, cmd.ProcessState.ExitCode(), stderr.String())
		}
	}
}

// A saved file is drawn as a picture: asked for pieces to print, the
// command says where they come from.
func TestDrawSavedToPrint(t *testing.T) {
	dir := t.TempDir()
	code, out, stderr := polytile(t, "solve", "soma", "--json")
	result := filepath.Join(dir, "soma.json")
	if code != 0 || os.WriteFile(result, []byte(out), 0o644) != nil {
		t.Fatalf("solve --json: %s", stderr)
	}
	for _, ext := range []string{".stl", ".3mf"} {
		o := filepath.Join(dir, "x"+ext)
		code, _, stderr := polytile(t, "draw", result, "-o", o, "--solution", "1")
		if want := "polytile: -o " + o + ": a saved file is drawn as a picture (.svg, .png, .pdf or .tex); pieces to print come from its spec: polytile draw SPEC -o " + o + " --solution K\n"; code != 2 || !strings.HasPrefix(stderr, want) {
			t.Errorf("draw FILE.json -o x%s: exit %d, %q\nwant %q", ext, code, stderr, want)
		}
	}
}

// A family's search stopped by a signal is an error of the run (exit
// status 1), saying so, not a mistake of usage.
func TestFontSearchStopped(t *testing.T) {
	ctx, cancel := context.WithCancelCause(context.Background())
	cancel(errors.New("terminated signal received"))
	var out, errOut bytes.Buffer
	code := run(ctx, []string{"draw", "dominoes-4x4", "--font", "Nosuch Family", "-o", filepath.Join(t.TempDir(), "x.svg")}, &out, &errOut)
	if want := "polytile: --font: \"Nosuch Family\": the search of its family stopped: terminated signal received\n"; code != 1 || errOut.String() != want {
		t.Errorf("a stopped search: exit %d, %q; want exit 1, %q", code, errOut.String(), want)
	}
}
