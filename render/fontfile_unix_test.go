//go:build unix

package render

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/gomonobold"
)

// within runs load, failing the test if it has not returned after 5 s (a
// FIFO waited on, a device read without end).
func within[T any](t *testing.T, what string, load func() (T, error)) (T, error) {
	t.Helper()
	type result struct {
		v   T
		err error
	}
	done := make(chan result, 1)
	go func() {
		v, err := load()
		done <- result{v, err}
	}()
	select {
	case r := <-done:
		return r.v, r.err
	case <-time.After(5 * time.Second):
		t.Fatalf("%s: still loading after 5 s", what)
	}
	panic("unreachable")
}

// A font file is read only if it is a regular file (or a link to one) of
// at most MaxFontSize bytes: a device, a FIFO, a directory or a larger
// file is refused at once, saying what it is and what would do, having
// read nothing of it.
func TestFontFileKinds(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe.ttf")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	font := writeFile(t, dir, "fonts/mono.ttf", gomono.TTF)
	big := filepath.Join(dir, "big.ttf")
	if err := os.WriteFile(big, gomono.TTF, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(big, MaxFontSize+1); err != nil { // sparse: no disk
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(dir, "dir.ttf"), 0o755); err != nil {
		t.Fatal(err)
	}
	links := map[string]string{"font-link.ttf": font, "zero-link.ttf": "/dev/zero", "pipe-link.ttf": fifo}
	for name, target := range links {
		if err := os.Symlink(target, filepath.Join(dir, name)); err != nil {
			t.Fatal(err)
		}
	}
	const want = "; want a font file (.ttf, .otf) of at most 64 MiB, or a font family's name"
	for _, tt := range []struct {
		path, err string // err "": loads
	}{
		{"/dev/zero", "it is a device, not a regular file" + want},
		{"/dev/null", "it is a device, not a regular file" + want},
		{fifo, "it is a FIFO (named pipe), not a regular file" + want},
		{filepath.Join(dir, "pipe-link.ttf"), "it is a FIFO (named pipe), not a regular file" + want},
		{filepath.Join(dir, "zero-link.ttf"), "it is a device, not a regular file" + want},
		{filepath.Join(dir, "dir.ttf"), "it is a directory, not a regular file" + want},
		{dir + "/", "it is a directory, not a regular file" + want},
		{big, "it is larger than 64 MiB, the most a font file may have" + want},
		{filepath.Join(dir, "font-link.ttf"), ""},
		{font, ""},
	} {
		f, err := within(t, tt.path, func() (*Font, error) { return LoadFont(tt.path) })
		switch {
		case tt.err == "" && (err != nil || f.Family() != "Go Mono"):
			t.Errorf("LoadFont(%s) = %v; want Go Mono", tt.path, err)
		case tt.err != "" && (err == nil || err.Error() != "render: font "+`"`+tt.path+`": `+tt.err):
			t.Errorf("LoadFont(%s) = %v\nwant %q", tt.path, err, tt.err)
		}
	}
}

// A family's search and a file's bold face beside it pass over what is
// not a regular file, never opening it (a FIFO named .ttf does not hold
// the search; a link to a device is not read), and the search stops when
// its context ends.
func TestFamilySearchKinds(t *testing.T) {
	dir := fontDir(t)
	if err := syscall.Mkfifo(filepath.Join(dir, "a", "0-pipe.ttf"), 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	if err := os.Symlink("/dev/zero", filepath.Join(dir, "a", "1-zero.ttf")); err != nil {
		t.Fatal(err)
	}
	writeFile(t, dir, "a/2-qo-bold.ttf", renamed(gomonobold.TTF, "Go Mono", "Qo Mono"))
	ff := FontFinder{Dirs: []string{dir}}
	f, err := within(t, "qo mono", func() (*Font, error) { return ff.Load("qo mono") })
	if err != nil || f.Family() != "Qo Mono" {
		t.Errorf("Load(qo mono) beside a FIFO and /dev/zero = %v", err)
	}
	f, err = within(t, "a/qo.ttf", func() (*Font, error) { return LoadFont(filepath.Join(dir, "a", "qo.ttf")) })
	if err != nil || string(f.face(true).ttf) != string(renamed(gomonobold.TTF, "Go Mono", "Qo Mono")) {
		t.Errorf("a/qo.ttf beside a FIFO and /dev/zero: %v; want its bold face from a/2-qo-bold.ttf", err)
	}
	// Many directories: the search stops when its context ends.
	for i := range 200 {
		if err := os.MkdirAll(filepath.Join(dir, "many", strings.Repeat("d", 1+i%20), string(rune('a'+i/20))), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	ctx, cancel := context.WithCancelCause(context.Background())
	stop := errors.New("terminated")
	cancel(stop)
	_, err = (&FontFinder{Dirs: []string{filepath.Join(dir, "many")}}).LoadContext(ctx, "Nosuch Family")
	if !errors.Is(err, stop) || !strings.Contains(err.Error(), `"Nosuch Family": the search of its family stopped: terminated`) {
		t.Errorf("a stopped search = %v; want it stopped", err)
	}
}

// fontconfig's configuration is read only from regular files: an include
// of a FIFO, a device or a link to one is passed over at once.
func TestFontconfigKinds(t *testing.T) {
	etc := t.TempDir()
	fifo := filepath.Join(etc, "conf.d", "20-pipe.conf")
	writeFile(t, etc, "conf.d/10-dir.conf", []byte(`<fontconfig><dir>/from/a/file</dir></fontconfig>`))
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	if err := os.Symlink("/dev/zero", filepath.Join(etc, "conf.d", "30-zero.conf")); err != nil {
		t.Fatal(err)
	}
	conf := writeFile(t, etc, "fonts.conf", []byte(`<fontconfig><include>conf.d</include><include>`+fifo+`</include><include>/dev/zero</include><dir>/last</dir></fontconfig>`))
	got, _ := within(t, "fontconfigDirs", func() ([]string, error) { return fontconfigDirs(conf, ""), nil })
	if want := "/from/a/file /last"; strings.Join(got, " ") != want {
		t.Errorf("fontconfigDirs = %q, want %s", got, want)
	}
}

// A font's name or path of 60,000 characters is quoted short in its
// error, control characters escaped, a family's and a file's alike.
func TestFontNameLong(t *testing.T) {
	long := "\x1b[31m" + strings.Repeat("a", 60000)
	for _, name := range []string{long, long + ".ttf", "/" + long} {
		_, err := (&FontFinder{Dirs: []string{}}).Load(name)
		if err == nil || len(err.Error()) > 1000 || !strings.Contains(err.Error(), `\x1b[31maaaa`) || !strings.Contains(err.Error(), fmt.Sprintf("(%d characters)", len(name))) {
			t.Errorf("Load of a name of %d bytes: %.300v…", len(name), err)
		}
	}
}
