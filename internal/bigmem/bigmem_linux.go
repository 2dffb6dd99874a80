package bigmem

import (
	"runtime"
	"sync/atomic"
	"syscall"
	"unsafe"
)

// hugePage is the size of a transparent huge page on the machines that
// have them (x86-64 and most arm64 kernels).
const hugePage = 2 << 20

// Words returns n zeroed words of memory of their own, mapped apart
// from the Go heap in huge pages where the kernel gives them: a fresh
// page costs a fault, and a table of a megabyte in pages of 4 KB costs
// 256 of them where one huge page costs one (and one entry of the
// processor's address cache rather than 256). release gives the memory
// back; owner, which holds the words, gives it back when it is collected
// if release has not been called. ok is false if the kernel did not map
// the memory: the caller then makes the words itself.
func Words[T any](n int, owner *T) (words []uint64, release func(), ok bool) {
	size := (n*8 + hugePage - 1) &^ (hugePage - 1)
	// Map one huge page more than needed, to start on a huge page's edge.
	m, err := syscall.Mmap(-1, 0, size+hugePage, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_ANON)
	if err != nil {
		return nil, nil, false
	}
	off := -int(uintptr(unsafe.Pointer(&m[0]))) & (hugePage - 1)
	aligned := m[off : off+size]
	// Without huge pages (the kernel's setting may refuse them) the
	// memory is still good, in small pages.
	_ = syscall.Madvise(aligned, syscall.MADV_HUGEPAGE)
	words = unsafe.Slice((*uint64)(unsafe.Pointer(&aligned[0])), n)
	mapped.Add(1)
	cleanup := runtime.AddCleanup(owner, unmap, m)
	return words, func() {
		cleanup.Stop()
		unmap(m)
	}, true
}

func unmap(m []byte) {
	_ = syscall.Munmap(m)
	mapped.Add(-1)
}

// mapped counts the mappings that Words made and that were not given
// back.
var mapped atomic.Int64

// Mapped returns the mappings that Words made and that were not given
// back yet.
func Mapped() int64 { return mapped.Load() }
