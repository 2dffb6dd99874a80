package results

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/polytile/polytile/puzzles"
)

// A shard file whose end line counts other than the solutions it holds
// is damaged for a web gallery too (LoadAll), as it is for a picture
// (Load): neither shows it as whole.
func TestLoadAllForgedEnd(t *testing.T) {
	_, shard, _ := saveScott(t, 1)
	data, err := os.ReadFile(shard)
	if err != nil {
		t.Fatal(err)
	}
	distinct := regexp.MustCompile(`"distinct":65,`)
	if !distinct.Match(data[bytes.LastIndexByte(data[:len(data)-1], '\n'):]) {
		t.Fatalf("the end line of %s counts no 65 distinct solutions", shard)
	}
	for _, forged := range []string{"9223372036854775807", "66", "64", "-5"} {
		path := filepath.Join(t.TempDir(), "forged.jsonl")
		end := bytes.LastIndexByte(data[:len(data)-1], '\n')
		out := append(append([]byte(nil), data[:end]...), distinct.ReplaceAll(data[end:], []byte(`"distinct":`+forged+`,`))...)
		if err := os.WriteFile(path, out, 0o644); err != nil {
			t.Fatal(err)
		}
		for name, load := range map[string]func() error{
			"Load":    func() error { _, err := Load(path, puzzles.Pick{}); return err },
			"LoadAll": func() error { _, err := LoadAll(path); return err },
		} {
			if err := load(); err == nil || !strings.Contains(err.Error(), "but the file holds 65: it is damaged") {
				t.Errorf("%s of an end line counting %s: %v; want it damaged", name, forged, err)
			}
		}
	}
}
