package cputime

import "testing"

// Work done shows in the CPU time.
func TestUsed(t *testing.T) {
	user0, sys0, ok := Used()
	if !ok {
		t.Skip("the CPU time is not known on this system")
	}
	x := 0
	for i := range 50_000_000 {
		x ^= i
	}
	user1, sys1, _ := Used()
	if user1+sys1 <= user0+sys0 || x == -1 {
		t.Errorf("Used() = %v + %v after work, %v + %v before; want more after", user1, sys1, user0, sys0)
	}
}
