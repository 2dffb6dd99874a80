// Package interrupt runs work that may block for ever (opening a FIFO no
// one writes to, reading a terminal) so that a context can still end the
// wait.
package interrupt

import (
	"context"
	"fmt"
	"time"
)

// Grace is how long Do waits for the work after its context ends: work
// that is merely busy is let finish, and only work that blocks is given
// up.
const Grace = 500 * time.Millisecond

// Do returns what work gives, or, if ctx ends and work has not returned
// Grace later, an error that wraps ctx's cause. Work given up goes on in
// the background: Do is for a program about to end, or for work that
// holds nothing the caller needs back (a file being opened to be read).
func Do[T any](ctx context.Context, work func() (T, error)) (T, error) {
	type result struct {
		v   T
		err error
	}
	done := make(chan result, 1)
	go func() {
		v, err := work()
		done <- result{v, err}
	}()
	select {
	case r := <-done:
		return r.v, r.err
	case <-ctx.Done():
	}
	t := time.NewTimer(Grace)
	defer t.Stop()
	select {
	case r := <-done:
		return r.v, r.err
	case <-t.C:
		var zero T
		return zero, fmt.Errorf("stopped while reading: %w", context.Cause(ctx))
	}
}
