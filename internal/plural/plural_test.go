package plural

import "testing"

func TestOf(t *testing.T) {
	for _, tc := range []struct {
		n    int
		noun string
		want string
	}{
		{0, "cell", "0 cells"},
		{1, "cell", "1 cell"},
		{2, "cell", "2 cells"},
		{-1, "cell", "-1 cell"},
		{1, "worker", "1 worker"},
		{3, "worker", "3 workers"},
		{1, "search node", "1 search node"},
		{5, "search node", "5 search nodes"},
		{1, "symmetry", "1 symmetry"},
		{8, "symmetry", "8 symmetries"},
		{2, "day", "2 days"},
		{2, "box", "2 boxes"},
		{2, "match", "2 matches"},
		{2, "", "2 "},
	} {
		if got := Of(tc.n, tc.noun); got != tc.want {
			t.Errorf("Of(%d, %q) = %q, want %q", tc.n, tc.noun, got, tc.want)
		}
	}
	if got := Of(int64(1)<<40, "node"); got != "1099511627776 nodes" {
		t.Errorf("Of(2^40, node) = %q", got)
	}
	if got := Form(1, "piece", "pieces"); got != "1 piece" {
		t.Errorf("Form(1) = %q", got)
	}
}
