// Package safefile writes files so that a failure never leaves a
// half-written one under its own name: the data goes to a temporary file in
// the same directory, renamed into place once it is complete.
package safefile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
)

// CreateTemp creates a temporary file next to path (so a rename can put it
// in place), readable by everyone as an ordinary file would be. Errors name
// path, not the temporary file.
func CreateTemp(path string) (*os.File, error) {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	f, err := os.CreateTemp(dir, "."+base+".*.tmp")
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = &fs.PathError{Op: "create", Path: path, Err: pe.Err}
		}
		return nil, err
	}
	// CreateTemp makes files only the owner may read.
	if err := f.Chmod(0o644); err != nil {
		Abort(f)
		return nil, err
	}
	return f, nil
}

// Commit syncs and closes the temporary file f and renames it to path; on
// failure it removes f.
func Commit(f *os.File, path string) error {
	err := f.Sync()
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), path)
	}
	if err != nil {
		os.Remove(f.Name())
	}
	return err
}

// Abort closes and removes the temporary file f.
func Abort(f *os.File) {
	f.Close()
	os.Remove(f.Name())
}
