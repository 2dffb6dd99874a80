package palettes

import (
	"bufio"
	"os"
	"strings"
	"testing"
)

// FuzzParse checks that Parse never panics, that its errors carry the
// package prefix, and that every colour it accepts survives a round trip
// through Hex (in either case) and is not changed by space around it. The
// corpus is seeded from testdata/colours.txt.
//
//	go test ./palettes -run XXX -fuzz FuzzParse -fuzztime 30s
func FuzzParse(f *testing.F) {
	file, err := os.Open("testdata/colours.txt")
	if err != nil {
		f.Fatal(err)
	}
	defer file.Close()
	sc := bufio.NewScanner(file)
	for sc.Scan() {
		if line := sc.Text(); !strings.HasPrefix(line, "//") {
			f.Add(line)
		}
	}
	if err := sc.Err(); err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := Parse(s)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "palettes: ") {
				t.Errorf("Parse(%q) error %q lacks the prefix \"palettes: \"", s, err)
			}
			return
		}
		h := Hex(c)
		for _, in := range []string{h, strings.ToUpper(h), " " + s + "\t"} {
			back, err := Parse(in)
			if err != nil {
				t.Fatalf("Parse(%q) = %v, but Parse(%q): %v", s, c, in, err)
			}
			if back != c {
				t.Fatalf("Parse(%q) = %v, but Parse(%q) = %v", s, c, in, back)
			}
		}
	})
}
