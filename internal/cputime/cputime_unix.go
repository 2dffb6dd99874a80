//go:build unix

// Package cputime tells the CPU time the process has used.
package cputime

import (
	"syscall"
	"time"
)

// Used returns the CPU time the process has used so far, in user and
// in system mode, and whether it could tell.
func Used() (user, sys time.Duration, ok bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, 0, false
	}
	return time.Duration(ru.Utime.Nano()), time.Duration(ru.Stime.Nano()), true
}
