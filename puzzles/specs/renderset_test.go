package specs

import (
	"errors"
	"strings"
	"testing"
)

// TestRenderSet checks that every render key can be set from text, as a
// command line gives it, and says what is wrong with a bad value.
func TestRenderSet(t *testing.T) {
	good := map[string]string{"cell-size": "12.5", "border-width": "2", "border-color": "red", "grid": "true",
		"columns": "13", "gap": "-1", "margin": "0", "background": "white", "labels": "false", "letters": "true",
		"title": "T", "palette": "tol-rainbow", "color": "F=red", "per-page": "20", "scale": "2", "dpi": "300",
		"width": "17cm", "height": "3in", "font-size": "8", "style": "gray", "legend": "true", "shade-copies": "true", "font": "Go Mono", "view": "layers", "cell": "20mm", "clearance": "0.15mm", "bed": "220x220mm", "thickness": "5mm"}
	for _, key := range RenderKeys() {
		v, ok := good[key]
		if !ok {
			t.Errorf("no test value for %s", key)
			continue
		}
		var r RenderOptions
		if err := r.Set(key, v); err != nil {
			t.Errorf("Set(%s, %s) = %v", key, v, err)
		}
		if renderKeyNamed(key).Usage == "" {
			t.Errorf("%s has no usage", key)
		}
	}
	var r RenderOptions
	for _, kv := range [][2]string{{"color", "F=red"}, {"color", "I=blue"}, {"style", "gray"}, {"font-size", "9pt"}, {"width", "17cm"}} {
		if err := r.Set(kv[0], kv[1]); err != nil {
			t.Fatal(err)
		}
	}
	if len(r.Color.Value) != 2 || r.Style.Value != "grey" || r.FontSize.Value.Px() != 12 || r.Width.Value.String() != "17cm" {
		t.Errorf("Set gave %+v", r)
	}
	for _, tt := range []struct{ key, value, want string }{
		{"cell-size", "big", `specs: render option cell-size: "big": want a number`},
		{"columns", "-2", `specs: render option columns: "-2": want a whole number from 0`},
		{"grid", "maybe", `specs: render option grid: "maybe": want true or false`},
		{"width", "12", `specs: render option width: "12" has no unit`},
		{"style", "neon", `specs: render option style: "neon": want a style: color, grey, outline`},
		{"color", "red", `specs: render option color "red": want PIECE=COLOUR`},
		{"colour", "red", "specs: render option colour: not a render option"},
	} {
		var r RenderOptions
		err := r.Set(tt.key, tt.value)
		if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
			t.Errorf("Set(%s, %s) = %v, want %q", tt.key, tt.value, err, tt.want)
		}
		if ke := (*RenderKeyError)(nil); !errors.As(err, &ke) || ke.Key != tt.key {
			t.Errorf("Set(%s, %s) = %#v, want a *RenderKeyError of key %s", tt.key, tt.value, err, tt.key)
		}
	}
}
