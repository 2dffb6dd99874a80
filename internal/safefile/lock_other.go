//go:build !unix

package safefile

import "os"

// lock does nothing where files are not locked.
func lock(*os.File) error { return nil }

func unlock(*os.File) {}
