package palettes

import (
	"bytes"
	"slices"
	"strings"
	"testing"
)

func TestLookup(t *testing.T) {
	tests := []struct {
		s      string
		n      int
		colors int
		err    string
	}{
		{"", 0, 12, ""},
		{"Set3", 0, 12, ""},
		{"viridis", 5, 5, ""},
		{"red, rgb(0, 0, 255),gold", 0, 3, ""},
		{"rainbow", 0, 0, `"rainbow" is neither a palette`},
		{"red, bluish", 0, 0, "bluish"},
	}
	for _, tt := range tests {
		p, err := Lookup(tt.s, tt.n)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("Lookup(%q) = %v, want an error with %q", tt.s, err, tt.err)
			}
			continue
		}
		if err != nil || len(p.Colors) != tt.colors {
			t.Errorf("Lookup(%q, %d) = %v, %v; want %d colours", tt.s, tt.n, p, err, tt.colors)
		}
	}
	if got, want := SplitList("a, rgb(1, 2, 3) ,b"), []string{"a", "rgb(1, 2, 3)", "b"}; !slices.Equal(got, want) {
		t.Errorf("SplitList = %q, want %q", got, want)
	}
}

func TestWriteList(t *testing.T) {
	var b bytes.Buffer
	if err := WriteList(&b); err != nil {
		t.Fatal(err)
	}
	for _, name := range Names() {
		if !strings.Contains(b.String(), "\n"+name+" ") {
			t.Errorf("WriteList lacks %s:\n%s", name, b.String())
		}
	}
}
