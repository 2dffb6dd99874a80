package render

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/polytile/polytile/internal/safefile"
)

// MaxFontSize is the most bytes a font file may have: 64 MiB, more than
// the largest fonts made (Noto Sans CJK's collections, about 20 MB). It
// keeps a mistaken path, such as a disk image, from filling memory.
const MaxFontSize = 64 << 20

// maxFontEntries bounds the entries of directories that a search for a
// family, or for the bold face beside a font file, looks at: a system's
// fonts are a few thousand files.
const maxFontEntries = 100_000

// openRegular opens the file at path to read, if it is a regular file (a
// symbolic link to one is followed) of at most limit bytes. Anything else
// is refused by its kind, before it is opened (a device may act on being
// opened) and again on the file opened, which is never waited for: it is
// opened without blocking (a FIFO that a race put there is not waited
// on), and what was opened must be the regular file checked.
func openRegular(path string, limit int64) (*os.File, error) {
	before, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if err := checkRegular(before, limit); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(path, os.O_RDONLY|openFlags, 0)
	if err != nil {
		return nil, err
	}
	info, err := f.Stat()
	if err == nil {
		err = checkRegular(info, limit)
	}
	if err == nil && !os.SameFile(before, info) {
		err = errors.New("it was replaced while it was opened")
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// readRegular reads the regular file at path (openRegular), at most limit
// bytes: one that has more, or grows past them while read, is refused
// having read no more than limit+1.
func readRegular(path string, limit int64) ([]byte, error) {
	f, err := openRegular(path, limit)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, tooLarge, err := safefile.ReadAtMost(f, limit)
	if tooLarge {
		return nil, errTooLarge(limit)
	}
	return data, err
}

// checkRegular refuses, saying what it is, a file that is not a regular
// one of at most limit bytes.
func checkRegular(info fs.FileInfo, limit int64) error {
	m := info.Mode()
	var what string
	switch {
	case m.IsRegular():
		if info.Size() > limit {
			return errTooLarge(limit)
		}
		return nil
	case m.IsDir():
		what = "a directory"
	case m&fs.ModeNamedPipe != 0:
		what = "a FIFO (named pipe)"
	case m&fs.ModeSocket != 0:
		what = "a socket"
	case m&(fs.ModeDevice|fs.ModeCharDevice) != 0:
		what = "a device"
	default:
		return errors.New("it is not a regular file")
	}
	return fmt.Errorf("it is %s, not a regular file", what)
}

// errTooLarge is the error of a file larger than limit bytes.
func errTooLarge(limit int64) error {
	return fmt.Errorf("it is larger than %d MiB, the most a font file may have", limit>>20)
}

// readDirEntries returns at most limit entries of the directory dir,
// sorted by name, and whether it has more.
func readDirEntries(dir string, limit int) ([]fs.DirEntry, bool, error) {
	f, err := os.Open(dir)
	if err != nil {
		return nil, false, err
	}
	defer f.Close()
	var entries []fs.DirEntry
	for len(entries) <= limit {
		batch, err := f.ReadDir(min(1024, limit+1-len(entries)))
		entries = append(entries, batch...)
		if errors.Is(err, io.EOF) || len(batch) == 0 {
			break
		}
		if err != nil {
			return nil, false, err
		}
	}
	more := len(entries) > limit
	entries = entries[:min(len(entries), limit)]
	slices.SortFunc(entries, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	return entries, more, nil
}

// walkFiles calls visit with the path of every file under the directories
// dirs, in order, and in each directory in the order of their names, not
// following symbolic links to directories, until visit returns false, ctx
// ends, or limit entries have been seen. It returns ctx's cause if ctx
// ended, and whether the limit cut the walk short; a directory that cannot
// be read is passed over.
func walkFiles(ctx context.Context, dirs []string, limit int, visit func(path string) bool) (bool, error) {
	seen := 0
	stop := errors.New("stop")
	for _, dir := range dirs {
		err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if seen++; seen > limit {
				return stop
			}
			if seen%64 == 0 && ctx.Err() != nil {
				return context.Cause(ctx)
			}
			if err != nil || d.IsDir() {
				return nil // an unreadable or missing directory has no fonts
			}
			if !visit(path) {
				return stop
			}
			return nil
		})
		switch {
		case err == stop:
			return seen > limit, nil
		case err != nil:
			return false, err
		}
	}
	if ctx.Err() != nil {
		return false, context.Cause(ctx)
	}
	return false, nil
}
