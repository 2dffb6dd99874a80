//go:build unix

package results

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/polytile/polytile/puzzles"
)

// Forged files hold no merge or draw past its context, nor make it read
// without bound: a count's part that is a FIFO no one writes to is given
// up when the context ends; a count's file past MaxCountSize, a header
// past MaxLine and a result whose fields before its solutions run past
// MaxLine are refused, having read no more than the bound.
func TestForgedFilesBounded(t *testing.T) {
	dir := t.TempDir()
	part := func(i int) []byte {
		return []byte(`{"polytile":3,"holds":"count","kind":"tiling","spec":"p","fingerprint":"f","puzzle":"p","raw":3,"symmetries":1,"shard":"` + string(rune('0'+i)) + `/2","fixed":[3],"fixed_by":["identity"],"method":"listed"}`)
	}
	first := filepath.Join(dir, "0.json")
	if err := os.WriteFile(first, part(0), 0o644); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(dir, "pipe.json")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	stop := errors.New("terminated")
	for _, paths := range [][]string{{first, fifo}, {fifo, first}} {
		ctx, cancel := context.WithCancelCause(context.Background())
		time.AfterFunc(100*time.Millisecond, func() { cancel(stop) })
		done := make(chan error, 1)
		go func() { done <- MergeAnyTo(ctx, &bytes.Buffer{}, paths, "", dir, 0) }()
		select {
		case err := <-done:
			if !errors.Is(err, stop) {
				t.Errorf("merge %s: %v; want it stopped", strings.Join(paths, " "), err)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("merge %s: still reading 5 s after its context ended", strings.Join(paths, " "))
		}
	}
	// A merge of shards checked against a spec that is a FIFO.
	_, shard, _ := saveScott(t, 1)
	fifoSpec := filepath.Join(dir, "spec.yaml")
	if err := syscall.Mkfifo(fifoSpec, 0o600); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancelCause(context.Background())
	time.AfterFunc(100*time.Millisecond, func() { cancel(stop) })
	done := make(chan error, 1)
	go func() { done <- MergeAnyTo(ctx, &bytes.Buffer{}, []string{shard}, fifoSpec, dir, 0) }()
	select {
	case err := <-done:
		if !errors.Is(err, stop) {
			t.Errorf("merge --spec FIFO: %v; want it stopped", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatalf("merge with a spec that is a FIFO: still reading 5 s after its context ended")
	}
	// A count's file past its bound.
	big := append(part(1)[:len(part(1))-1], []byte(`,"x":"`+strings.Repeat("9", MaxCountSize)+`"}`)...)
	if _, _, err := ReadCounts(bytes.NewReader(big), "big.json"); err == nil || err.Error() != "big.json: larger than 1 MiB, the most a count's file may have: not a count polytile wrote" {
		t.Errorf("a count of %d bytes: %v", len(big), err)
	}
	if testing.Short() {
		return
	}
	// A header, and a result's fields before its solutions, past MaxLine.
	long := filepath.Join(dir, "long.jsonl")
	if err := os.WriteFile(long, []byte(`{"polytile":3,"holds":"solutions","kind":"tiling","spec":"p","spec_text":"`+strings.Repeat("a", MaxLine+10)+`"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadFileHeader(long); err == nil || !strings.Contains(err.Error(), "its header is longer than 64 MiB") {
		t.Errorf("a header past 64 MiB: %v", err)
	}
	many := filepath.Join(dir, "many.json")
	if err := os.WriteFile(many, []byte("{\n"+strings.Repeat("  \"polytile\": 3,\n", MaxLine/16)+"  \"solutions\": [\n]}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(many, puzzles.Pick{}); err == nil || !strings.Contains(err.Error(), "more than 64 MiB before its solutions") {
		t.Errorf("a result of 64 MiB before its solutions: %v", err)
	}
}

// A saved file read whole for a web gallery is read to a bound: one past
// it is refused having read no more than the bound and a byte.
func TestReadAtMost(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s.jsonl")
	if err := os.WriteFile(path, make([]byte, 3<<20), 0o644); err != nil {
		t.Fatal(err)
	}
	if data, err := readAtMost(path, 4<<20); err != nil || len(data) != 3<<20 {
		t.Errorf("readAtMost within its bound: %d bytes, %v", len(data), err)
	}
	if _, err := readAtMost(path, 2<<20); err == nil || err.Error() != path+": larger than 2 MiB, the most read whole: too many solutions to show at once" {
		t.Errorf("readAtMost past its bound: %v", err)
	}
	if _, err := readAtMost("/dev/zero", 2<<20); err == nil {
		t.Errorf("readAtMost(/dev/zero): no error")
	}
}
