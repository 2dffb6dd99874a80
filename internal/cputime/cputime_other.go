//go:build !unix

package cputime

import "time"

// Used cannot tell the CPU time on this system.
func Used() (user, sys time.Duration, ok bool) { return 0, 0, false }
