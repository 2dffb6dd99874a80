//go:build !linux

package bigmem

// Words returns false: the caller makes the words itself (see
// bigmem_linux.go).
func Words[T any](n int, owner *T) (words []uint64, release func(), ok bool) {
	return nil, nil, false
}

// Mapped returns 0: Words maps nothing here.
func Mapped() int64 { return 0 }
