//go:build !linux

package tiling

// bigWords returns false: the caller makes the words itself (see
// bigmem_linux.go).
func bigWords[T any](n int, owner *T) (words []uint64, release func(), ok bool) {
	return nil, nil, false
}
