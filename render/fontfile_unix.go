//go:build unix

package render

import "syscall"

// openFlags are the flags, besides O_RDONLY, a font file is opened with:
// a FIFO is not waited on, and a terminal does not become the process's.
const openFlags = syscall.O_NONBLOCK | syscall.O_NOCTTY
