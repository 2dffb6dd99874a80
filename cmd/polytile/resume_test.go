package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/polytile/polytile/puzzles/results"
)

// A run killed (SIGKILL, as a node that dies kills a pod) or stopped
// (SIGTERM, as an eviction stops it) and then run again with the same
// --resume command ends with the file of a run that was never stopped,
// byte for byte.
func TestResumeAfterKill(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("signals are Unix's")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	// Dancing Links on one worker: about a second, long enough to stop
	// in the middle.
	args := []string{"solve", "pentominoes-6x10", "--engine", "dlx", "--workers", "1", "--quiet", "--show", "0"}
	whole := filepath.Join(dir, "whole.jsonl")
	if code, _, stderr := polytile(t, append(args, "--jsonl", whole)...); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	want := readFile(t, whole)
	for _, sig := range []syscall.Signal{syscall.SIGKILL, syscall.SIGTERM} {
		path := filepath.Join(dir, sig.String()+".jsonl")
		part, err := results.PartName(path)
		if err != nil {
			t.Fatal(err)
		}
		start := func() *exec.Cmd {
			cmd := exec.Command(exe, append(args, "--resume", path)...)
			cmd.Env = append(os.Environ(), runMainEnv+"=1")
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			return cmd
		}
		// Stop it twice, each time once it has ended some tasks more.
		for round := 1; round <= 2; round++ {
			cmd := start()
			deadline := time.Now().Add(20 * time.Second)
			for {
				data, _ := os.ReadFile(part)
				if n := bytes.Count(data, []byte(`{"done":`)); n >= 20+25*(round-1) {
					break
				}
				if time.Now().After(deadline) {
					cmd.Process.Kill()
					t.Fatalf("%v: the run wrote no done lines to %s in 20 s", sig, part)
				}
				time.Sleep(2 * time.Millisecond)
			}
			cmd.Process.Signal(sig)
			err := cmd.Wait()
			if err == nil {
				t.Fatalf("%v, round %d: the run ended before it was stopped: choose a longer one", sig, round)
			}
			switch sig {
			case syscall.SIGKILL:
				if _, err := os.Stat(part); err != nil {
					t.Fatalf("the killed run left no part file: %v", err)
				}
			case syscall.SIGTERM:
				if got := readFile(t, path); !strings.Contains(string(got), `"complete":false`) {
					t.Fatalf("the stopped run's file is not marked partial:\n%.300s", got)
				}
			}
		}
		cmd := exec.Command(exe, append(args, "--resume", path)...)
		cmd.Env = append(os.Environ(), runMainEnv+"=1")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%v: the resumed run: %v\n%s", sig, err, out)
		}
		if got := readFile(t, path); !bytes.Equal(got, want) {
			t.Errorf("%v: the resumed file (%d bytes) differs from the whole run's (%d bytes)", sig, len(got), len(want))
		}
		if _, err := os.Stat(part); err == nil {
			t.Errorf("%v: the part file is still there", sig)
		}
	}
}

// --resume refuses what it cannot honour.
func TestResumeFlags(t *testing.T) {
	dir := t.TempDir()
	f := filepath.Join(dir, "r.jsonl")
	for _, tt := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"solve", "scott", "--resume", f, "--limit", "3"}, 2, "--resume FILE streams to FILE to the end of the search"},
		{[]string{"solve", "scott", "--resume", f, "--json"}, 2, "goes with neither --json"},
		{[]string{"solve", "scott", "--resume", f, "--jsonl", f + "2"}, 2, "nor another --jsonl"},
	} {
		code, _, stderr := polytile(t, tt.args...)
		if code != tt.code || !strings.Contains(stderr, tt.msg) {
			t.Errorf("%v: exit %d, %q; want exit %d and %q", tt.args, code, stderr, tt.code, tt.msg)
		}
	}
	// Every kind resumes: a Sudoku's run, whole, resumed, keeps its task.
	sud := filepath.Join(dir, "sudoku.jsonl")
	if code, _, stderr := polytile(t, "solve", "sudoku", "--jsonl", sud); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if code, out, stderr := polytile(t, "solve", "sudoku", "--resume", sud); code != 0 || !strings.Contains(out, "resumed:") || !strings.Contains(out, "distinct:   1\n") {
		t.Errorf("resuming a Sudoku's finished run: exit %d, %s%s", code, out, stderr)
	}
	// The same file for --jsonl and --resume is fine.
	if code, _, stderr := polytile(t, "solve", "scott", "--resume", f, "--jsonl", f, "--quiet"); code != 0 {
		t.Errorf("exit %d: %s", code, stderr)
	}
}
