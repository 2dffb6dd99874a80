package safefile

import (
	"os"
	"path/filepath"
	"testing"
)

func TestCommitAndAbort(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "x.txt")
	f, err := CreateTemp(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteString("hello"); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Errorf("%s exists before Commit", path)
	}
	if err := Commit(f, path); err != nil {
		t.Fatal(err)
	}
	info, err := os.Stat(path)
	if err != nil || info.Mode().Perm() != 0o644 {
		t.Errorf("after Commit: %v, mode %v", err, info.Mode())
	}
	g, err := CreateTemp(path)
	if err != nil {
		t.Fatal(err)
	}
	Abort(g)
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("after Abort the directory holds %d files, want 1", len(entries))
	}
	if _, err := CreateTemp(filepath.Join(dir, "no", "x.txt")); err == nil || filepath.Base(err.(*os.PathError).Path) != "x.txt" {
		t.Errorf("CreateTemp in a missing directory: %v", err)
	}
}
