//go:build !unix

package render

// openFlags are the flags, besides O_RDONLY, a font file is opened with.
const openFlags = 0
