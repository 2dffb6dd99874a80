//go:build !linux

package states

// bigWords returns false: the caller makes the words itself (see
// bigmem_linux.go).
func bigWords[T any](n int, owner *T) (words []uint64, release func(), ok bool) {
	return nil, nil, false
}
