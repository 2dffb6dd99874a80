package results

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/polytile/polytile/puzzles"
	"github.com/polytile/polytile/puzzles/specs"
)

// The spec a saved file carries is drawn without a font file it names
// (a device, a pipe, a secret, a file beside where the spec once was),
// with a note that says so; a family's name stays, to be looked up among
// the fonts installed; whichever way the file is read (Load, LoadAll), a
// result or a shard file.
func TestSavedFontFile(t *testing.T) {
	dir := t.TempDir()
	for _, tt := range []struct {
		font string
		note bool // the font is dropped, with a note
	}{
		{"/dev/zero", true},
		{"/etc/shadow", true},
		{"fonts/paper.ttf", true},
		{"paper.OTF", true},
		{"../x", true},
		{"set.ttc", true},
		{"DejaVu Sans", false},
		{"Go Mono", false},
	} {
		text := "board: |\n  ....\npieces: {A: \"##\", B: \"##\"}\nrender:\n  font: " + tt.font + "\n  labels: true\n"
		spec, err := specs.Parse("/dev/zero", []byte(text)) // a forged name opens nothing either
		if err != nil {
			t.Fatal(err)
		}
		res, err := spec.Problem.Solve(context.Background(), &puzzles.SolveConfig{})
		if err != nil {
			t.Fatal(err)
		}
		var result, shard bytes.Buffer
		if err := NewResultFile(spec, res).Encode(&result); err != nil {
			t.Fatal(err)
		}
		w := NewWriter(&shard, NewHeader(spec, nil))
		for _, d := range res.Distinct {
			w.Add(d, 0)
		}
		if err := w.Close(NewEnd(res, true)); err != nil {
			t.Fatal(err)
		}
		for name, data := range map[string][]byte{"r.json": result.Bytes(), "s.jsonl": shard.Bytes()} {
			path := filepath.Join(dir, name)
			if err := os.WriteFile(path, data, 0o644); err != nil {
				t.Fatal(err)
			}
			saved, err := Load(path, puzzles.Pick{})
			if err != nil {
				t.Fatalf("%s with font %q: %v", name, tt.font, err)
			}
			all, err := LoadAll(path)
			if err != nil {
				t.Fatalf("%s with font %q: %v", name, tt.font, err)
			}
			for _, got := range []struct {
				spec *specs.Spec
				note string
			}{{saved.Spec, saved.Note}, {all.Spec, all.Note}} {
				r := got.spec.Render
				switch {
				case !r.Labels.Value:
					t.Errorf("%s with font %q: the other keys are lost", name, tt.font)
				case tt.note && (r.Font.Set || !strings.HasPrefix(got.note, path+": the font file ") || !strings.Contains(got.note, "is not opened (a saved file never names a file to open): its text is set in the default font")):
					t.Errorf("%s with font %q: font %+v, note %q; want it dropped, with a note", name, tt.font, r.Font, got.note)
				case !tt.note && (r.Font.Value != tt.font || got.note != ""):
					t.Errorf("%s with font %q: font %+v, note %q; want the family kept", name, tt.font, r.Font, got.note)
				}
			}
		}
	}
}
