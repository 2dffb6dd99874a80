// Package safefile writes files so that a failure never leaves a
// half-written one under its own name, and so that writing never destroys
// what is at the path: the data goes to a temporary file beside the file it
// replaces, renamed into place once it is complete; a symbolic link is
// followed and its target replaced; a FIFO, a device or another file that
// is not a regular one is written in place, as cp writes it; an existing
// regular file keeps its permissions.
package safefile

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// maxLinks is how many symbolic links Create follows before giving up, as
// the kernel does on a loop (Linux stops at 40).
const maxLinks = 40

// newMode is the permission of a file that did not exist before: readable
// by everyone, as the files of most programs are.
const newMode = 0o644

// File is a file being written. Write to it, then Commit it (or Abort).
type File struct {
	f      *os.File
	path   string // the path given to Create, for errors
	target string // where the data goes: path with its symbolic links followed
	temp   bool   // f is a temporary file to rename to target; else f is target itself
	closed bool
}

// Create starts writing the file at path. If path is a symbolic link,
// the file it points to (at the end of the chain of links) is the one
// written, created if it does not exist. A regular file, or one that does
// not exist yet, is written to a temporary file in the same directory,
// renamed into place by Commit; a file that exists and is not regular (a
// FIFO, a character device such as /dev/null, a terminal) is opened and
// written in place. A replaced regular file keeps its permission bits; a
// new one gets mode 0644. Errors name path.
func Create(path string) (*File, error) {
	target, info, err := resolve(path)
	if err != nil {
		return nil, err
	}
	if info != nil && info.IsDir() {
		return nil, &fs.PathError{Op: "write", Path: path, Err: errors.New("is a directory")}
	}
	if info != nil && !info.Mode().IsRegular() {
		f, err := os.OpenFile(target, os.O_WRONLY|os.O_TRUNC, 0)
		if err != nil {
			return nil, named(err, path)
		}
		return &File{f: f, path: path, target: target}, nil
	}
	dir, base := filepath.Split(target)
	if dir == "" {
		dir = "."
	}
	sweep(dir, "."+base+".*.tmp")
	f, err := os.CreateTemp(dir, "."+base+".*.tmp")
	if err != nil {
		return nil, named(err, path)
	}
	lock(f) // held while it is written: a file no one holds was left by a killed run
	mode := modeFor(info)
	// os.CreateTemp makes files only the owner may read.
	if err := f.Chmod(mode); err != nil {
		f.Close()
		os.Remove(f.Name())
		return nil, named(err, path)
	}
	return &File{f: f, path: path, target: target, temp: true}, nil
}

// modeFor returns the permissions to give the file that replaces the one
// described by info (nil: none was there): its own, or newMode.
func modeFor(info fs.FileInfo) fs.FileMode {
	if info == nil {
		return newMode
	}
	return info.Mode() & (fs.ModePerm | fs.ModeSetuid | fs.ModeSetgid | fs.ModeSticky)
}

// resolve follows the symbolic links at path and returns the path they
// lead to, and what is there (nil if nothing is).
func resolve(path string) (string, fs.FileInfo, error) {
	p := path
	for range maxLinks {
		info, err := os.Lstat(p)
		if errors.Is(err, fs.ErrNotExist) {
			return p, nil, nil
		}
		if err != nil {
			return "", nil, named(err, path)
		}
		if info.Mode()&fs.ModeSymlink == 0 {
			return p, info, nil
		}
		link, err := os.Readlink(p)
		if err != nil {
			return "", nil, named(err, path)
		}
		if !filepath.IsAbs(link) {
			// Not filepath.Join, whose cleaning would take "dir/.." lexically.
			link = strings.TrimSuffix(filepath.Dir(p), string(filepath.Separator)) + string(filepath.Separator) + link
		}
		p = link
	}
	return "", nil, &fs.PathError{Op: "write", Path: path, Err: fmt.Errorf("more than %d symbolic links", maxLinks)}
}

// named makes err, if it is an *fs.PathError or an *os.LinkError, name
// path: the one the caller knows, not the temporary file.
func named(err error, path string) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return &fs.PathError{Op: pe.Op, Path: path, Err: pe.Err}
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return &fs.PathError{Op: le.Op, Path: path, Err: le.Err}
	}
	return err
}

// Write writes p to the file.
func (f *File) Write(p []byte) (int, error) {
	n, err := f.f.Write(p)
	return n, named(err, f.path)
}

// Name returns the path given to Create.
func (f *File) Name() string { return f.path }

// Sync commits what was written so far to disk. It may run while another
// goroutine writes.
func (f *File) Sync() error { return named(f.f.Sync(), f.path) }

// Close ends the writing: it syncs the data to disk and closes the file.
// The data of a temporary file is not under the path until Commit renames
// it there; after Close that is all Commit does, so that many files can be
// written before any of them is put in place.
func (f *File) Close() error {
	if f.closed {
		return nil
	}
	f.closed = true
	var err error
	if f.temp {
		err = f.f.Sync() // a device or FIFO may not sync; its data is gone already
	}
	if cerr := f.f.Close(); err == nil {
		err = cerr
	}
	return named(err, f.path)
}

// Commit closes the file if it is open and puts the data in place. On
// failure it removes the temporary file, leaving what was at the path.
func (f *File) Commit() error {
	var err error
	if !f.closed && f.temp {
		// Put it in place before closing it, while its lock is held.
		if err = f.f.Sync(); err == nil {
			err = os.Rename(f.f.Name(), f.target)
		}
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err == nil {
			f.temp = false
			return nil
		}
	} else {
		err = f.Close()
		if err == nil && f.temp {
			err = os.Rename(f.f.Name(), f.target)
		}
	}
	if err != nil {
		f.Abort()
		return named(err, f.path)
	}
	f.temp = false // nothing left to remove
	return nil
}

// Abort stops writing and removes the temporary file, leaving what was at
// the path. (Data written in place to a FIFO or a device is gone already.)
// It may be called after Commit, which it leaves in place.
func (f *File) Abort() {
	if !f.closed {
		f.closed = true
		f.f.Close()
	}
	if f.temp {
		os.Remove(f.f.Name())
		f.temp = false
	}
}

// WriteFile writes the file at path (Create) with write, buffered, and
// puts it in place (Commit) once write has succeeded; on failure it
// leaves what was at the path.
func WriteFile(path string, write func(io.Writer) error) error {
	f, err := Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriterSize(f, 1<<16)
	if err := write(w); err != nil {
		f.Abort()
		return err
	}
	if err := w.Flush(); err != nil {
		f.Abort()
		return err
	}
	return f.Commit()
}

// sweep removes the files in dir that match pattern and that no process
// holds locked: temporary files that a killed run left (a live run holds
// the lock on its own). A file that cannot be examined is left.
func sweep(dir, pattern string) {
	names, _ := filepath.Glob(filepath.Join(dir, pattern))
	for _, name := range names {
		f, err := os.Open(name)
		if err != nil {
			continue
		}
		if info, err := f.Stat(); err == nil && info.Mode().IsRegular() && lock(f) == nil {
			os.Remove(name)
		}
		f.Close()
	}
}

// Scratch is a private directory for a run's temporary files, locked for
// as long as the run lives, so that the next run removes it if the run
// is killed before it can.
type Scratch struct {
	Dir  string
	lock *os.File
}

// NewScratch makes a scratch directory in parent ("": the system's
// temporary directory) named prefix followed by random characters, first
// removing those of that prefix that no live run holds.
func NewScratch(parent, prefix string) (*Scratch, error) {
	if parent == "" {
		parent = os.TempDir()
	}
	if stale, _ := filepath.Glob(filepath.Join(parent, prefix+"*")); len(stale) > 0 {
		for _, d := range stale {
			f, err := os.Open(filepath.Join(d, ".lock"))
			if err != nil {
				continue
			}
			if lock(f) == nil {
				os.RemoveAll(d)
			}
			f.Close()
		}
	}
	dir, err := os.MkdirTemp(parent, prefix+"*")
	if err != nil {
		return nil, err
	}
	f, err := os.Create(filepath.Join(dir, ".lock"))
	if err == nil {
		err = lock(f)
	}
	if err != nil {
		if f != nil {
			f.Close()
		}
		os.RemoveAll(dir)
		return nil, err
	}
	return &Scratch{Dir: dir, lock: f}, nil
}

// Remove removes the scratch directory and all it holds.
func (s *Scratch) Remove() {
	os.RemoveAll(s.Dir)
	s.lock.Close()
}

// ReplaceFile writes a regular file at path itself with write, as
// WriteFile does, but never through what is there: a symbolic link at
// path is replaced by the file, not followed, and a FIFO, a device or a
// directory there is refused. It is for files a program names itself in
// a directory it was given (the pages of a web gallery beside its first
// one), where a link planted beforehand must not send the data elsewhere.
func ReplaceFile(path string, write func(io.Writer) error) error {
	f, err := CreateReplacing(path)
	if err != nil {
		return err
	}
	if err := f.WriteAll(write); err != nil {
		return err
	}
	return f.Commit()
}

// CreateReplacing starts writing the regular file at path itself, as
// ReplaceFile writes it: to a temporary file that Commit renames over
// whatever is at path, a symbolic link included (never followed); a FIFO,
// a device or a directory there is refused.
func CreateReplacing(path string) (*File, error) {
	info, err := os.Lstat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		info = nil
	case err != nil:
		return nil, named(err, path)
	case info.Mode()&fs.ModeSymlink != 0:
		info = nil // the link is replaced; its target keeps what it has
	case !info.Mode().IsRegular():
		return nil, &fs.PathError{Op: "write", Path: path, Err: errors.New("not a regular file: only a regular file or a link is replaced here")}
	}
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	sweep(dir, "."+base+".*.tmp")
	tmp, err := os.CreateTemp(dir, "."+base+".*.tmp")
	if err != nil {
		return nil, named(err, path)
	}
	lock(tmp)
	f := &File{f: tmp, path: path, target: path, temp: true}
	if err := tmp.Chmod(modeFor(info)); err != nil {
		f.Abort()
		return nil, named(err, path)
	}
	return f, nil
}

// WriteAll writes f with write, buffered, and closes it, leaving it to be
// put in place by Commit; on failure it aborts f.
func (f *File) WriteAll(write func(io.Writer) error) error {
	w := bufio.NewWriterSize(f, 1<<16)
	err := write(w)
	if err == nil {
		err = w.Flush()
	}
	if err == nil {
		err = f.Close()
	}
	if err != nil {
		f.Abort()
	}
	return err
}

// SameFile reports whether paths in and out name the same file (the same
// device and inode), following symbolic links: a command that writes out
// after reading in would destroy its input. A path that does not exist,
// or cannot be examined, is no file, and the same as none.
func SameFile(in, out string) bool {
	a, err := os.Stat(in)
	if err != nil {
		return false
	}
	b, err := os.Stat(out)
	if err != nil {
		return false
	}
	return os.SameFile(a, b)
}

// NotInput returns an error if output, which what names (a flag, say), is
// one of the files inputs (SameFile): writing it would destroy what is
// read. An output of "" or "-" (standard output) is no file. A command
// checks before any work.
func NotInput(what, output string, inputs ...string) error {
	if output == "" || output == "-" {
		return nil
	}
	for _, in := range inputs {
		if SameFile(in, output) {
			return fmt.Errorf("%s %s is the input %s: writing it would destroy it; choose another file", what, output, in)
		}
	}
	return nil
}

// PartName returns the name of the temporary file that CreatePart writes
// the data of path to: ".NAME.part" beside the file at the end of path's
// symbolic links.
func PartName(path string) (string, error) {
	target, _, err := resolve(path)
	if err != nil {
		return "", err
	}
	dir, base := filepath.Split(target)
	return filepath.Join(dir, "."+base+".part"), nil
}

// LockPart takes the lock that CreatePart takes on path's part file
// (PartName), making the part file, empty, if there is none: a reader of
// what a killed run left holds it while it reads, so that no run writes
// it meanwhile. unlock lets it go, and removes the part file if it is
// empty.
func LockPart(path string) (unlock func(), err error) {
	f, part, err := openPart(path, os.O_RDONLY, newMode)
	if err != nil {
		return nil, err
	}
	return func() {
		if st, err := f.Stat(); err == nil && st.Size() == 0 {
			os.Remove(part)
		}
		f.Close()
	}, nil
}

// PartLeft reports what is at path's part file (PartName): nothing, or
// nothing written (left false); the data of a run that stopped without
// putting it in place, a run killed, say (left true, busy false); or a
// part file that a writer holds locked now (busy true): another run is
// writing path. It never changes the part file.
func PartLeft(path string) (part string, left, busy bool, err error) {
	part, err = PartName(path)
	if err != nil {
		return "", false, false, err
	}
	f, err := os.Open(part)
	if errors.Is(err, fs.ErrNotExist) {
		return part, false, false, nil
	}
	if err != nil {
		return part, false, false, named(err, path)
	}
	defer f.Close()
	if err := lock(f); err != nil {
		return part, true, true, nil
	}
	defer unlock(f)
	st, err := f.Stat()
	if err != nil {
		return part, false, false, named(err, path)
	}
	return part, st.Size() > 0, false, nil
}

// openPart opens path's part file (PartName) with flag, making it with
// mode if there is none, and locks it.
func openPart(path string, flag int, mode fs.FileMode) (*os.File, string, error) {
	part, err := PartName(path)
	if err != nil {
		return nil, "", err
	}
	f, err := os.OpenFile(part, flag|os.O_CREATE, mode)
	if err != nil {
		return nil, "", named(err, path)
	}
	if err := lock(f); err != nil {
		f.Close()
		return nil, "", fmt.Errorf("another run is writing %s (into %s): %w", path, part, err)
	}
	return f, part, nil
}

// CreatePart is Create with a temporary file of a known name (PartName)
// in place of a random one, for a file written over a long time: a run
// that is killed leaves its data there, for another to continue from. The
// part file is locked while it is written (on systems that lock files),
// so that a second writer is refused rather than mixed in; what it held
// before is dropped. A path that is not a regular file is written in
// place, as Create writes it.
func CreatePart(path string) (*File, error) {
	target, info, err := resolve(path)
	if err != nil {
		return nil, err
	}
	if info != nil && !info.Mode().IsRegular() {
		return Create(path)
	}
	f, _, err := openPart(path, os.O_WRONLY, modeFor(info))
	if err != nil {
		return nil, err
	}
	if err := f.Truncate(0); err != nil {
		f.Close()
		return nil, named(err, path)
	}
	return &File{f: f, path: path, target: target, temp: true}, nil
}
