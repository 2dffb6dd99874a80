package safefile

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// write writes data to path with Create and Commit.
func write(path, data string) error {
	f, err := Create(path)
	if err != nil {
		return err
	}
	if _, err := f.Write([]byte(data)); err != nil {
		f.Abort()
		return err
	}
	return f.Commit()
}

// entries returns the names in dir.
func entries(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range es {
		names = append(names, e.Name())
	}
	return names
}

func TestCommitAndAbort(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "x.txt")
	f, err := Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Write([]byte("hello")); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("%s exists before Commit", path)
	}
	if err := f.Commit(); err != nil {
		t.Fatal(err)
	}
	info, err := os.Stat(path)
	if err != nil || info.Mode().Perm() != newMode {
		t.Errorf("after Commit: %v, mode %v, want %v", err, info.Mode(), fs.FileMode(newMode))
	}
	g, err := Create(path)
	if err != nil {
		t.Fatal(err)
	}
	g.Write([]byte("other"))
	g.Abort()
	if got := entries(t, dir); len(got) != 1 {
		t.Errorf("after Abort the directory holds %v, want only x.txt", got)
	}
	if data, _ := os.ReadFile(path); string(data) != "hello" {
		t.Errorf("after Abort %s holds %q, want %q", path, data, "hello")
	}
	_, err = Create(filepath.Join(dir, "no", "x.txt"))
	var pe *fs.PathError
	if !errors.As(err, &pe) || filepath.Base(pe.Path) != "x.txt" {
		t.Errorf("Create in a missing directory: %v, want an error naming x.txt", err)
	}
	if _, err := Create(dir); err == nil {
		t.Errorf("Create(a directory) = nil error, want one")
	}
}

func TestWriteFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.txt")
	hello := func(w io.Writer) error { _, err := io.WriteString(w, "hello"); return err }
	if err := WriteFile(path, hello); err != nil {
		t.Fatal(err)
	}
	failed := errors.New("failed")
	err := WriteFile(path, func(w io.Writer) error { io.WriteString(w, "half"); return failed })
	if !errors.Is(err, failed) {
		t.Errorf("WriteFile with a failing write = %v, want %v", err, failed)
	}
	if data, _ := os.ReadFile(path); string(data) != "hello" {
		t.Errorf("%s holds %q, want %q", path, data, "hello")
	}
	if got := entries(t, filepath.Dir(path)); len(got) != 1 {
		t.Errorf("the directory holds %v, want only x.txt", got)
	}
}

// Close then Commit: the data appears at the path only on Commit.
func TestCloseThenCommit(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.txt")
	f, err := Create(path)
	if err != nil {
		t.Fatal(err)
	}
	f.Write([]byte("data"))
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("%s exists after Close, before Commit", path)
	}
	if err := f.Commit(); err != nil {
		t.Fatal(err)
	}
	f.Abort() // after Commit: leaves the file
	if data, _ := os.ReadFile(path); string(data) != "data" {
		t.Errorf("%s holds %q, want %q", path, data, "data")
	}
}

// A replaced file keeps its permissions.
func TestKeepsMode(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no Unix permissions")
	}
	for _, mode := range []fs.FileMode{0o600, 0o755, 0o640} {
		t.Run(mode.String(), func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "x")
			if err := os.WriteFile(path, []byte("old"), 0o600); err != nil {
				t.Fatal(err)
			}
			if err := os.Chmod(path, mode); err != nil {
				t.Fatal(err)
			}
			if err := write(path, "new"); err != nil {
				t.Fatal(err)
			}
			info, err := os.Stat(path)
			if err != nil {
				t.Fatal(err)
			}
			if info.Mode().Perm() != mode {
				t.Errorf("mode after writing = %v, want %v", info.Mode().Perm(), mode)
			}
		})
	}
}

// A symbolic link is followed: its target is replaced (or created), and
// the link stays a link.
func TestSymlink(t *testing.T) {
	tests := []struct {
		name   string
		target string // the link's target, relative to the link's directory
		exists bool   // whether the target exists before
	}{
		{"to a file", "real.txt", true},
		{"dangling", "real.txt", false},
		{"into a subdirectory", filepath.Join("sub", "real.txt"), true},
		{"a chain", "link2", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			os.Mkdir(filepath.Join(dir, "sub"), 0o755)
			real := filepath.Join(dir, tt.target)
			if tt.target == "link2" {
				real = filepath.Join(dir, "real.txt")
				if err := os.Symlink("real.txt", filepath.Join(dir, "link2")); err != nil {
					t.Skipf("no symbolic links: %v", err)
				}
			}
			if tt.exists {
				if err := os.WriteFile(real, []byte("old"), 0o600); err != nil {
					t.Fatal(err)
				}
			}
			link := filepath.Join(dir, "link")
			if err := os.Symlink(tt.target, link); err != nil {
				t.Skipf("no symbolic links: %v", err)
			}
			if err := write(link, "new"); err != nil {
				t.Fatal(err)
			}
			info, err := os.Lstat(link)
			if err != nil || info.Mode()&fs.ModeSymlink == 0 {
				t.Errorf("%s is no longer a symbolic link: %v, %v", link, info.Mode(), err)
			}
			if data, err := os.ReadFile(real); string(data) != "new" {
				t.Errorf("the target holds %q (%v), want %q", data, err, "new")
			}
			if info, err := os.Stat(real); err == nil && tt.exists && info.Mode().Perm() != 0o600 {
				t.Errorf("the target's mode = %v, want -rw-------", info.Mode().Perm())
			}
		})
	}
}

// A loop of links is an error, not a hang.
func TestSymlinkLoop(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	if err := os.Symlink("b", a); err != nil {
		t.Skipf("no symbolic links: %v", err)
	}
	os.Symlink("a", b)
	if err := write(a, "x"); err == nil {
		t.Errorf("writing through a loop of links: nil error, want one")
	}
}

// A FIFO is written in place, and stays a FIFO.
func TestFIFO(t *testing.T) {
	path := filepath.Join(t.TempDir(), "fifo")
	if err := mkfifo(path); err != nil {
		t.Skipf("no FIFOs: %v", err)
	}
	got := make(chan string)
	go func() {
		data, err := os.ReadFile(path) // opening for reading lets Create's open go on
		if err != nil {
			got <- err.Error()
			return
		}
		got <- string(data)
	}()
	if err := write(path, "through the pipe"); err != nil {
		t.Fatal(err)
	}
	if s := <-got; s != "through the pipe" {
		t.Errorf("the reader got %q, want %q", s, "through the pipe")
	}
	info, err := os.Lstat(path)
	if err != nil || info.Mode()&fs.ModeNamedPipe == 0 {
		t.Errorf("%s is no longer a FIFO: %v, %v", path, info.Mode(), err)
	}
	if got := entries(t, filepath.Dir(path)); len(got) != 1 {
		t.Errorf("the directory holds %v, want only the FIFO", got)
	}
}

// A device is written in place, never replaced: a device like /dev/null
// stays a device, and so does a link to it.
func TestDevice(t *testing.T) {
	dir := t.TempDir()
	null := filepath.Join(dir, "null")
	if err := mknull(null); err != nil {
		// Without a device of its own (only root may make one), the test
		// uses the system's, unless it runs as root: root could replace it.
		if os.Geteuid() == 0 || runtime.GOOS == "windows" {
			t.Skipf("cannot make a device: %v", err)
		}
		null = "/dev/null"
	}
	before, err := os.Lstat(null)
	if err != nil || before.Mode()&fs.ModeCharDevice == 0 {
		t.Skipf("no character device %s: %v", null, err)
	}
	if f, err := os.OpenFile(null, os.O_WRONLY, 0); err != nil {
		t.Skipf("cannot open the device %s (a file system mounted nodev?): %v", null, err)
	} else {
		f.Close()
	}
	link := filepath.Join(dir, "link")
	if err := os.Symlink(null, link); err != nil {
		t.Skipf("no symbolic links: %v", err)
	}
	for _, path := range []string{null, link} {
		if err := write(path, "nothing"); err != nil {
			t.Fatal(err)
		}
		after, err := os.Lstat(null)
		if err != nil || !os.SameFile(before, after) || after.Mode() != before.Mode() {
			t.Errorf("writing %s changed %s: %v, then %v (%v)", path, null, before.Mode(), after.Mode(), err)
		}
	}
	if got := entries(t, dir); len(got) != 2 {
		t.Errorf("the directory holds %v, want the device and the link", got)
	}
}

func TestSameFile(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	os.WriteFile(a, []byte("a"), 0o644)
	os.WriteFile(b, []byte("b"), 0o644)
	link := filepath.Join(dir, "link")
	hasLinks := os.Symlink("a", link) == nil
	hard := filepath.Join(dir, "hard")
	hasHard := os.Link(a, hard) == nil
	tests := []struct {
		name    string
		in, out string
		want    bool
		skip    bool
	}{
		{"itself", a, a, true, false},
		{"another way to write it", a, filepath.Join(dir, ".", "a"), true, false},
		{"another file", a, b, false, false},
		{"a file not there yet", a, filepath.Join(dir, "new"), false, false},
		{"no input", filepath.Join(dir, "none"), a, false, false},
		{"a link to it", a, link, true, !hasLinks},
		{"a hard link to it", hard, a, true, !hasHard},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.skip {
				t.Skip("not on this system")
			}
			if got := SameFile(tt.in, tt.out); got != tt.want {
				t.Errorf("SameFile(%s, %s) = %v, want %v", tt.in, tt.out, got, tt.want)
			}
		})
	}
}

func TestNotInput(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.yaml")
	if err := os.WriteFile(in, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.yaml")
	if err := os.Symlink(in, link); err != nil {
		t.Skip(err)
	}
	tests := []struct {
		name, output string
		refused      bool
	}{
		{"the input", in, true},
		{"a link to it", link, true},
		{"another file", filepath.Join(dir, "out.svg"), false},
		{"standard output", "-", false},
		{"none", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := NotInput("-o", tt.output, filepath.Join(dir, "other.yaml"), in)
			if (err != nil) != tt.refused {
				t.Errorf("NotInput(-o, %q) = %v, want refused %v", tt.output, err, tt.refused)
			}
		})
	}
}

// CreatePart writes to .NAME.part, which it locks: a second writer is
// refused; Commit puts it in place, and a writer that never commits (a
// killed process) leaves it.
func TestCreatePart(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "run.jsonl")
	part, err := PartName(path)
	if err != nil || part != filepath.Join(dir, ".run.jsonl.part") {
		t.Fatalf("PartName = %q, %v", part, err)
	}
	f, err := CreatePart(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Write([]byte("one\n")); err != nil {
		t.Fatal(err)
	}
	if runtime.GOOS != "windows" {
		if g, err := CreatePart(path); err == nil || !strings.Contains(err.Error(), "another run is writing") {
			t.Errorf("a second CreatePart: %v, want a refusal", err)
			if g != nil {
				g.Abort()
			}
		}
	}
	if data, err := os.ReadFile(part); err != nil || string(data) != "one\n" {
		t.Errorf("the part holds %q, %v", data, err)
	}
	if err := f.Commit(); err != nil {
		t.Fatal(err)
	}
	if got := entries(t, dir); !slices.Equal(got, []string{"run.jsonl"}) {
		t.Errorf("after Commit the directory holds %v", got)
	}
	// A part left behind is written afresh.
	os.WriteFile(part, []byte("left by a killed run\n"), 0o644)
	g, err := CreatePart(path)
	if err != nil {
		t.Fatal(err)
	}
	g.Write([]byte("two\n"))
	if err := g.Commit(); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(path); string(data) != "two\n" {
		t.Errorf("the file holds %q, want %q", data, "two\n")
	}
}

// ReplaceFile writes the file at the path itself: a link there is
// replaced and its target untouched, a FIFO refused, a regular file's
// mode kept.
func TestReplaceFile(t *testing.T) {
	dir := t.TempDir()
	victim := filepath.Join(dir, "victim.txt")
	if err := os.WriteFile(victim, []byte("victim"), 0o600); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.txt")
	if err := os.Symlink("victim.txt", link); err != nil {
		t.Fatal(err)
	}
	write := func(w io.Writer) error { _, err := io.WriteString(w, "new"); return err }
	if err := ReplaceFile(link, write); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(victim); string(data) != "victim" {
		t.Errorf("the link's target now holds %q", data)
	}
	if info, err := os.Lstat(link); err != nil || !info.Mode().IsRegular() {
		t.Errorf("the link was not replaced by a regular file: %v, %v", info, err)
	}
	if data, _ := os.ReadFile(link); string(data) != "new" {
		t.Errorf("the file holds %q", data)
	}
	if err := os.Chmod(link, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := ReplaceFile(link, write); err != nil {
		t.Fatal(err)
	}
	if info, _ := os.Stat(link); info.Mode().Perm() != 0o600 {
		t.Errorf("a replaced file's mode is %v, want 0600 kept", info.Mode().Perm())
	}
	fifo := filepath.Join(dir, "fifo")
	if err := mkfifo(fifo); err == nil {
		if err := ReplaceFile(fifo, write); err == nil || !strings.Contains(err.Error(), "not a regular file") {
			t.Errorf("ReplaceFile of a FIFO: %v, want a refusal", err)
		}
	}
	if err := ReplaceFile(filepath.Join(dir, "fails"), func(io.Writer) error { return errors.New("no") }); err == nil {
		t.Error("a failing write: no error")
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 3 {
		t.Errorf("the directory holds %d files, want victim, link, fifo and nothing else (no temporary file)", len(entries))
	}
}

// A temporary file that a killed run left beside its output is removed by
// the next run on that output; one that a live run holds is not.
func TestSweepKilledRunsTemporaries(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out.svg")
	stale := filepath.Join(dir, ".out.svg.123.tmp")
	if err := os.WriteFile(stale, []byte("half"), 0o644); err != nil {
		t.Fatal(err)
	}
	live, err := Create(out) // holds its own temporary file
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(stale); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("the killed run's %s is still there", filepath.Base(stale))
	}
	second, err := Create(out)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(live.f.Name()); err != nil {
		t.Errorf("a second writer removed the live one's temporary file: %v", err)
	}
	second.Abort()
	if err := live.Commit(); err != nil {
		t.Fatal(err)
	}
}

// A scratch directory is removed by Remove, and one that a killed run
// left (its lock free) by the next NewScratch; a live one is kept.
func TestScratch(t *testing.T) {
	parent := t.TempDir()
	live, err := NewScratch(parent, "polytile-merge-")
	if err != nil {
		t.Fatal(err)
	}
	stale := filepath.Join(parent, "polytile-merge-killed")
	if err := os.MkdirAll(stale, 0o755); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(stale, ".lock"), nil, 0o644)
	os.WriteFile(filepath.Join(stale, "run-1"), []byte("records"), 0o644)
	next, err := NewScratch(parent, "polytile-merge-")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(stale); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("the killed run's scratch directory is still there")
	}
	if _, err := os.Stat(live.Dir); err != nil {
		t.Errorf("the live run's scratch directory was removed: %v", err)
	}
	live.Remove()
	next.Remove()
	if entries, _ := os.ReadDir(parent); len(entries) != 0 {
		t.Errorf("%d entries left after Remove", len(entries))
	}
}

// TestReadAtMost checks that a reader of up to the limit is read whole
// and one past it is refused, having read no more than limit+1 bytes.
func TestReadAtMost(t *testing.T) {
	for _, tt := range []struct {
		size, limit int64
		tooLarge    bool
	}{{0, 0, false}, {5, 5, false}, {6, 5, true}, {1 << 20, 10, true}} {
		r := &countingReader{left: tt.size}
		data, tooLarge, err := ReadAtMost(r, tt.limit)
		if err != nil || tooLarge != tt.tooLarge || (!tooLarge && int64(len(data)) != tt.size) || (tooLarge && data != nil) {
			t.Errorf("size %d, limit %d: %d bytes, too large %v, %v", tt.size, tt.limit, len(data), tooLarge, err)
		}
		if r.read > tt.limit+1 {
			t.Errorf("size %d, limit %d: read %d bytes", tt.size, tt.limit, r.read)
		}
	}
}

// countingReader gives left zero bytes, counting those read.
type countingReader struct{ left, read int64 }

func (r *countingReader) Read(p []byte) (int, error) {
	if r.left == 0 {
		return 0, io.EOF
	}
	n := min(int64(len(p)), r.left)
	r.left -= n
	r.read += n
	return int(n), nil
}
