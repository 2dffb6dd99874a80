package specs

import (
	"reflect"
	"strings"
	"testing"
)

// Every row of the table of render keys keeps its value in the field of
// RenderOptions of its name and of its kind's type, and its example is a
// value the loader takes.
func TestRenderKeyTable(t *testing.T) {
	kindType := map[RenderKind]reflect.Type{
		RenderKindNumber: reflect.TypeFor[float64](), RenderKindCount: reflect.TypeFor[int](),
		RenderKindBool: reflect.TypeFor[bool](), RenderKindLength: reflect.TypeFor[Length](),
		RenderKindColour: reflect.TypeFor[string](), RenderKindText: reflect.TypeFor[string](),
		RenderKindStyle: reflect.TypeFor[string](), RenderKindPalette: reflect.TypeFor[RenderPalette](),
		RenderKindPieceColours: reflect.TypeFor[[]PieceColor](),
	}
	table := RenderKeyTable()
	if len(table) != reflect.TypeFor[RenderOptions]().NumField() {
		t.Errorf("the table has %d keys, RenderOptions %d fields", len(table), reflect.TypeFor[RenderOptions]().NumField())
	}
	for i, k := range table {
		if k.Name != RenderKeys()[i] {
			t.Errorf("row %d is %s, RenderKeys()[%d] %s", i, k.Name, i, RenderKeys()[i])
		}
		var r RenderOptions
		field := reflect.ValueOf(k.field(&r)).Elem()
		name := reflect.TypeFor[RenderOptions]().Field(fieldIndex(&r, k.field(&r))).Name
		if !strings.EqualFold(name, strings.ReplaceAll(k.Name, "-", "")) {
			t.Errorf("%s is kept in %s", k.Name, name)
		}
		if got := field.FieldByName("Value").Type(); got != kindType[k.Kind] {
			t.Errorf("%s is of kind %d, kept as %v, want %v", k.Name, k.Kind, got, kindType[k.Kind])
		}
		if k.Usage == "" || k.Example == "" || strings.Contains(k.Usage, "--") {
			t.Errorf("%s: usage %q, example %q; want both, in no command's terms", k.Name, k.Usage, k.Example)
		}
		board := "board: |\n  ....\npieces: {F: \"##\", B: \"##\"}\n"
		if _, err := Parse("x.yaml", []byte(board+"render:\n  "+k.Name+": "+k.Example+"\n")); err != nil {
			t.Errorf("the example of %s: %v", k.Name, err)
		}
	}
	table[0].Name = "changed"
	if RenderKeyTable()[0].Name == "changed" {
		t.Error("RenderKeyTable() returns its own slice, which a caller can change")
	}
}

// fieldIndex returns the index in RenderOptions of the field at p in r.
func fieldIndex(r *RenderOptions, p any) int {
	v := reflect.ValueOf(r).Elem()
	for i := range v.NumField() {
		if v.Field(i).Addr().Interface() == p {
			return i
		}
	}
	return -1
}

// Bounds come from the table: a count out of them is refused by the
// loader and by Set in the same words.
func TestRenderKeyBounds(t *testing.T) {
	k := renderKeyNamed("columns")
	var r RenderOptions
	err := r.Set("columns", "1048577")
	if err == nil || !strings.HasSuffix(err.Error(), k.want()) {
		t.Errorf("Set(columns, 1048577) = %v, want …%s", err, k.want())
	}
	_, err = Parse("x.yaml", []byte("board: '..'\npieces: domino\nrender: {columns: 1048577}\n"))
	if err == nil || !strings.HasSuffix(err.Error(), k.want()) {
		t.Errorf("render.columns 1048577 = %v, want …%s", err, k.want())
	}
}
