package specs

import "testing"

// The key font names a file by a font file's extension or a path
// separator; anything else is a family's name. WithoutFontFile drops a
// file and keeps a family, leaving the options it is given as they were.
func TestFontNamesFile(t *testing.T) {
	for _, tt := range []struct {
		v    string
		file bool
	}{
		{"/dev/zero", true}, {"fonts/paper.ttf", true}, {"Paper.TTF", true}, {"x.otf", true}, {"set.ttc", true}, {"set.OTC", true},
		{"./Go", true}, {"a/b", true}, {"/", true},
		{"Go Mono", false}, {"DejaVu Sans", false}, {"ttf", false}, {"..", false}, {"", false},
	} {
		if got := FontNamesFile(tt.v); got != tt.file {
			t.Errorf("FontNamesFile(%q) = %v, want %v", tt.v, got, tt.file)
		}
		r := &RenderOptions{Font: RenderOption[string]{Value: tt.v, Set: true}, Columns: RenderOption[int]{Value: 3, Set: true}}
		out, dropped := r.WithoutFontFile()
		switch {
		case !r.Font.Set || r.Font.Value != tt.v:
			t.Errorf("WithoutFontFile(%q) changed the options it was given", tt.v)
		case tt.file && (out.Font.Set || dropped != tt.v || out.Columns.Value != 3):
			t.Errorf("WithoutFontFile(%q) = %+v, %q; want the font dropped, the rest kept", tt.v, out, dropped)
		case !tt.file && (out != r || dropped != ""):
			t.Errorf("WithoutFontFile(%q) = %+v, %q; want it kept", tt.v, out, dropped)
		}
	}
	if out, dropped := (*RenderOptions)(nil).WithoutFontFile(); out != nil || dropped != "" {
		t.Errorf("WithoutFontFile of nil = %v, %q", out, dropped)
	}
}
