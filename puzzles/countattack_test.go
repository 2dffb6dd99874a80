package puzzles

import (
	"strings"
	"testing"
)

// A forged count of fewer than no solutions is refused, not added up: a
// negative fixed count whose sum the symmetries still divide made merge
// print a wrong count.
func TestReadCountsNegative(t *testing.T) {
	for _, tt := range []struct {
		in, err string // err "": read
	}{
		{`{"raw":12,"symmetries":4,"shard":"0/2","fingerprint":"f","method":"listed","fixed":[12,0,0,0]}`, ""},
		{`{"raw":12,"symmetries":4,"shard":"0/2","fingerprint":"f","method":"listed","fixed":[-12,0,0,0]}`, "not a count: -12 solutions: want a count of 0 or more"},
		{`{"raw":12,"symmetries":4,"shard":"0/2","fingerprint":"f","method":"listed","fixed":[12,-4,0,4]}`, "not a count: -4 solutions: want a count of 0 or more"},
		{`{"raw":-1,"symmetries":4,"fingerprint":"f","method":"listed","fixed":[]}`, "not a count: -1 solutions: want a count of 0 or more"},
		{`{"raw":4,"distinct":-1,"symmetries":1,"fingerprint":"f"}`, "not a count: -1 solutions: want a count of 0 or more"},
	} {
		_, err := ReadCounts(strings.NewReader(tt.in))
		if got := ""; err != nil {
			got = err.Error()
			if got != tt.err {
				t.Errorf("ReadCounts(%s) = %v, want %q", tt.in, err, tt.err)
			}
		} else if tt.err != "" {
			t.Errorf("ReadCounts(%s): no error, want %q", tt.in, tt.err)
		}
	}
}
