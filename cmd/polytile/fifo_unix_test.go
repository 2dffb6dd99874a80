//go:build unix

package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A spec or a saved file that is a FIFO no one writes to does not hold the
// command past a signal: it stops at once, saying why.
func TestStopWhileReadingAFIFO(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"spec.yaml", "saved.jsonl"} {
		fifo := filepath.Join(dir, name)
		if err := syscall.Mkfifo(fifo, 0o600); err != nil {
			t.Skipf("mkfifo: %v", err)
		}
		for _, args := range [][]string{{"solve", fifo}, {"draw", fifo, "-o", filepath.Join(dir, "x.svg")}} {
			ctx, cancel := context.WithCancelCause(context.Background())
			time.AfterFunc(100*time.Millisecond, func() { cancel(errors.New("terminated signal received")) })
			var out, errOut bytes.Buffer
			start := time.Now()
			code := run(ctx, args, &out, &errOut)
			if took := time.Since(start); code != 1 || took > 5*time.Second || !strings.Contains(errOut.String(), "stopped while reading: terminated") {
				t.Errorf("polytile %s on a FIFO: exit %d after %v: %s", strings.Join(args, " "), code, took, errOut.String())
			}
			cancel(nil)
		}
	}
}

// A saved file is drawn and merged from the spec it carries or a built-in
// name, never from a path it names: a forged file naming a secret, a
// device or a pipe gets a refusal at once, and the named file is never
// opened (its text is not printed; a pipe does not hang the command).
func TestSavedNeverOpensNamedSpec(t *testing.T) {
	dir := t.TempDir()
	secret := filepath.Join(dir, "secret.txt")
	if err := os.WriteFile(secret, []byte("TOPSECRET line one\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(dir, "pipe")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	code, result, stderr := polytile(t, "solve", "pentominoes-3x20", "--json")
	if code != 0 {
		t.Fatalf("solve: %s", stderr)
	}
	shard := filepath.Join(dir, "s.jsonl")
	if code, _, stderr := polytile(t, "solve", "pentominoes-3x20", "--jsonl", shard); code != 0 {
		t.Fatalf("solve --jsonl: %s", stderr)
	}
	shardText, err := os.ReadFile(shard)
	if err != nil {
		t.Fatal(err)
	}
	textRE := regexp.MustCompile(`,\s*"spec_text":\s*"(\\.|[^"\\])*"`)
	for _, named := range []string{secret, fifo, "/dev/stdin"} {
		forge := func(name, text, field string) string {
			out := textRE.ReplaceAllString(text, "")
			return strings.Replace(out, field+`"pentominoes-3x20"`, field+strconv.Quote(named), 1)
		}
		files := map[string]string{
			"forged.json":  forge("forged.json", result, `"name": `),
			"forged.jsonl": forge("forged.jsonl", string(shardText), `"spec":`),
		}
		for name, text := range files {
			path := filepath.Join(dir, name)
			if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
			if strings.Contains(text, "spec_text") || !strings.Contains(text, strconv.Quote(named)) {
				t.Fatalf("the forged %s still carries its spec, or does not name %s:\n%.300s", name, named, text)
			}
			args := [][]string{{"draw", path, "-o", filepath.Join(dir, "x.svg")}}
			if name == "forged.jsonl" {
				args = append(args, []string{"merge", path})
			}
			for _, a := range args {
				done := make(chan struct{})
				var code int
				var stderr string
				go func() {
					code, _, stderr = polytile(t, a...)
					close(done)
				}()
				select {
				case <-done:
				case <-time.After(10 * time.Second):
					t.Fatalf("polytile %s with a file naming %s: still running after 10 s", strings.Join(a, " "), named)
				}
				if code != 1 || strings.Contains(stderr, "TOPSECRET") || !strings.Contains(stderr, "never from a path it names") {
					t.Errorf("polytile %s naming %s: exit %d, %s", strings.Join(a, " "), named, code, stderr)
				}
			}
		}
	}
}
