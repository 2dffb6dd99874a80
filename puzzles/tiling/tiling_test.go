package tiling

import (
	"math"
	"strconv"
	"testing"
)

// appendSmall writes what strconv writes.
func TestAppendSmall(t *testing.T) {
	for _, v := range []int{math.MinInt, -100, -10, -9, -1, 0, 1, 9, 10, 11, 42, 99, 100, 101, 999, 1000, 123456789, math.MaxInt} {
		if got, want := string(appendSmall([]byte("x"), v)), "x"+strconv.Itoa(v); got != want {
			t.Errorf("appendSmall(%d) = %q, want %q", v, got, want)
		}
	}
}
