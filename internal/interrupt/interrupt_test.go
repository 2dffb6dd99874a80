package interrupt

import (
	"context"
	"errors"
	"testing"
	"time"
)

func TestDo(t *testing.T) {
	// Work that ends gives its result, even after its context has ended.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if v, err := Do(ctx, func() (int, error) { return 7, nil }); v != 7 || err != nil {
		t.Errorf("Do of quick work after a cancel = %d, %v", v, err)
	}
	// Work that blocks is given up Grace after the context ends.
	block := make(chan struct{})
	defer close(block)
	ctx, cancelCause := context.WithCancelCause(context.Background())
	cause := errors.New("terminated")
	time.AfterFunc(50*time.Millisecond, func() { cancelCause(cause) })
	start := time.Now()
	_, err := Do(ctx, func() (int, error) { <-block; return 0, nil })
	if !errors.Is(err, cause) || time.Since(start) < Grace {
		t.Errorf("Do of blocked work = %v after %v; want %v after at least %v", err, time.Since(start), cause, Grace)
	}
}
