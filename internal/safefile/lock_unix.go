//go:build unix

package safefile

import (
	"os"
	"syscall"
)

// lock takes an exclusive lock on f, without waiting; closing f lets it
// go.
func lock(f *os.File) error {
	return syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
}

// unlock lets go of the lock that lock took.
func unlock(f *os.File) { syscall.Flock(int(f.Fd()), syscall.LOCK_UN) }
