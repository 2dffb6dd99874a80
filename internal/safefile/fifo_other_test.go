//go:build !unix

package safefile

import "errors"

func mkfifo(string) error { return errors.New("not a Unix system") }
