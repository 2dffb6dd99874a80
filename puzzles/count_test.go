package puzzles

import (
	"bytes"
	"math/big"
	"strings"
	"testing"
)

// What Write writes, ReadCounts reads back, parts and wholes alike.
func TestCountsRoundTrip(t *testing.T) {
	huge, _ := new(big.Int).SetString("573147844013817084101", 10)
	for _, c := range []*Counts{
		{Raw: huge, Distinct: big.NewInt(7), Symmetries: 2, Fixed: []*big.Int{huge, big.NewInt(3)}, FixedBy: []string{"identity", "rot180"}, Shards: 1, Fingerprint: "f"},
		{Raw: big.NewInt(5), Symmetries: 2, Fixed: []*big.Int{big.NewInt(5), big.NewInt(1)}, Shard: 1, Shards: 3, Fingerprint: "f"},
	} {
		var b bytes.Buffer
		if err := c.Write(&b, "p", true); err != nil {
			t.Fatal(err)
		}
		got, err := ReadCounts(&b)
		if err != nil {
			t.Fatal(err)
		}
		var again bytes.Buffer
		if err := got.Write(&again, "p", true); err != nil {
			t.Fatal(err)
		}
		var first bytes.Buffer
		_ = c.Write(&first, "p", true)
		if again.String() != first.String() {
			t.Errorf("read back:\n%s\nwant\n%s", again.String(), first.String())
		}
	}
	for _, bad := range []string{"", "{}", `{"raw": 1.5}`, `{"raw": 1, "fixed": ["x"]}`, `{"raw": 1, "shard": "a"}`, `{"raw": 1, "fixed": [1, 0], "fixed_by": ["identity"]}`} {
		if _, err := ReadCounts(strings.NewReader(bad)); err == nil {
			t.Errorf("ReadCounts(%q): no error", bad)
		}
	}
}

func FuzzReadCounts(f *testing.F) {
	f.Add(`{"puzzle":"p","raw":9356,"symmetries":4,"shard":"1/3","fingerprint":"f","fixed":[2977,0,0,0],"method":"m"}`)
	f.Add(`{"raw":-1,"fixed":[]}`)
	f.Fuzz(func(t *testing.T, s string) {
		c, err := ReadCounts(strings.NewReader(s))
		if err == nil && c.Raw == nil {
			t.Errorf("%q: no raw count and no error", s)
		}
	})
}

// The parts of a count merge into the whole, the names of the symmetries
// kept beside their counts; parts whose symmetries differ are of
// different counts.
func TestMergeCountsFixedBy(t *testing.T) {
	part := func(i int, names ...string) *Counts {
		return &Counts{Raw: big.NewInt(3), Symmetries: 2, Fixed: []*big.Int{big.NewInt(3), big.NewInt(1)}, FixedBy: names,
			Shard: i, Shards: 2, Fingerprint: "f"}
	}
	whole, err := MergeCounts([]*Counts{part(0, "identity", "rot180"), part(1, "identity", "rot180")})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(whole.FixedBy, " ") != "identity rot180" || whole.Distinct.Int64() != 4 {
		t.Errorf("merged: fixed %v by %q, %v distinct; want [6 2] by identity and rot180, 4 distinct", whole.Fixed, whole.FixedBy, whole.Distinct)
	}
	if _, err := MergeCounts([]*Counts{part(0, "identity", "rot180"), part(1, "identity", "reflect-0")}); err == nil || !strings.Contains(err.Error(), "another count") {
		t.Errorf("merging parts of other symmetries: %v, want an error of another count", err)
	}
}
