package specs

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"go.yaml.in/yaml/v4"

	"github.com/polytile/polytile/internal/golden"
	"github.com/polytile/polytile/puzzles"
	"github.com/polytile/polytile/puzzles/geom"
)

// schemaFile is the schema as the repository keeps it, for editors.
const schemaFile = "../../docs/spec.schema.json"

// TestSchemaFile checks that docs/spec.schema.json is the schema that
// Schema writes; go test -update rewrites it.
func TestSchemaFile(t *testing.T) {
	got := Schema()
	if golden.Updating() {
		if err := os.WriteFile(schemaFile, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(schemaFile)
	if err != nil {
		t.Fatalf("%v (go test ./puzzles/specs -update writes it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("Schema differs from %s (go test ./puzzles/specs -update rewrites it); - file, + Schema:\n%s",
			schemaFile, golden.Diff(string(want), string(got)))
	}
}

// TestSchemaStable checks that Schema and WriteSchema give the same
// bytes every time, and that a caller may change what Schema returns.
func TestSchemaStable(t *testing.T) {
	a := Schema()
	a[0] = 'x'
	var b bytes.Buffer
	if err := WriteSchema(&b); err != nil {
		t.Fatal(err)
	}
	if c := Schema(); !bytes.Equal(c, b.Bytes()) || c[0] != '{' {
		t.Errorf("Schema and WriteSchema differ, or Schema's bytes are shared")
	}
	if !json.Valid(b.Bytes()) {
		t.Errorf("Schema is not valid JSON")
	}
}

// compileSchema returns the schema, compiled by a validator, which
// checks it against the meta-schema of its draft.
func compileSchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(Schema()))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	const url = "https://example.com/spec.schema.json"
	if err := c.AddResource(url, doc); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile(url)
	if err != nil {
		t.Fatalf("the schema does not compile: %v", err)
	}
	return sch
}

// checkSpec validates the YAML spec data against sch.
func checkSpec(sch *jsonschema.Schema, data []byte) error {
	var n yaml.Node
	if err := yaml.Unmarshal(data, &n); err != nil {
		return err
	}
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(encodeJSON(jsonValue(&n))))
	if err != nil {
		return err
	}
	return sch.Validate(v)
}

// acceptedSpecs returns the specs that the tests and the documentation
// hold, by name, that Parse accepts: the built-in puzzles, the YAML files
// in testdata directories, the specs that saved results there carry, and
// the YAML blocks of README.md and docs/*.md.
func acceptedSpecs(t *testing.T) map[string][]byte {
	t.Helper()
	specs := map[string][]byte{}
	add := func(name string, data []byte) {
		if _, err := Parse(name, data); err == nil {
			specs[name] = data
		}
	}
	for _, name := range builtinNames() {
		data, err := library.ReadFile(path.Join("library", name+".yaml"))
		if err != nil {
			t.Fatal(err)
		}
		specs["library/"+name] = data
		if _, err := Parse(name, data); err != nil {
			t.Errorf("built-in %s: %v", name, err)
		}
	}
	root := filepath.Join("..", "..")
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && strings.HasPrefix(d.Name(), ".") && p != root {
			return filepath.SkipDir
		}
		inTestdata := slices.Contains(strings.Split(filepath.ToSlash(p), "/"), "testdata")
		switch ext := filepath.Ext(p); {
		case d.IsDir():
		case inTestdata && (ext == ".yaml" || ext == ".yml"):
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			add(p, data)
		case inTestdata && (ext == ".json" || ext == ".jsonl"):
			text, err := savedSpecText(p)
			if err != nil {
				return err
			}
			if text != "" {
				add(p+" spec_text", []byte(text))
			}
		case ext == ".md" && (filepath.Dir(p) == root || filepath.Base(filepath.Dir(p)) == "docs"):
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			for i, block := range yamlBlocks(data) {
				add(fmt.Sprintf("%s block %d", p, i+1), block)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return specs
}

// savedSpecText returns the spec_text of the saved result or shard file
// at p: a field of its first line.
func savedSpecText(p string) (string, error) {
	f, err := os.Open(p)
	if err != nil {
		return "", err
	}
	defer f.Close()
	dec := json.NewDecoder(bufio.NewReader(f))
	var head struct {
		SpecText string `json:"spec_text"`
	}
	if err := dec.Decode(&head); err != nil {
		return "", nil // not a saved file
	}
	return head.SpecText, nil
}

var yamlBlockRE = regexp.MustCompile("(?ms)^```yaml\n(.*?)^```")

// yamlBlocks returns the blocks of Markdown text fenced as YAML.
func yamlBlocks(md []byte) [][]byte {
	var out [][]byte
	for _, m := range yamlBlockRE.FindAllSubmatch(md, -1) {
		out = append(out, m[1])
	}
	return out
}

// Every spec the reader accepts, of the library, the tests' data and the
// documentation, is valid under the schema.
func TestSchemaAcceptsSpecs(t *testing.T) {
	sch := compileSchema(t)
	specs := acceptedSpecs(t)
	kinds := map[string]bool{}
	for _, name := range slices.Sorted(maps.Keys(specs)) {
		s, _ := Parse(name, specs[name])
		kinds[s.Kind()] = true
		if err := checkSpec(sch, specs[name]); err != nil {
			t.Errorf("%s is a spec, and the schema refuses it: %v", name, err)
		}
	}
	for _, k := range Kinds() {
		if !kinds[k] {
			t.Errorf("no spec of kind %s was checked", k)
		}
	}
	if len(specs) < 60 {
		t.Errorf("checked %d specs; want the library's, the tests' and the documentation's", len(specs))
	}
}

// schemaRefuses are the specs of testdata/bad whose mistake the schema
// sees: a key, a type, a bound, a name not among those given, a pattern.
// The others need the whole spec (areas, unique names, holes inside the
// board), a picture's meaning, or YAML itself (aliases, keys given
// twice, syntax).
var schemaRefuses = []string{
	"board-bad-char", "board-drawn-as-piece", "board-list", "board-no-cells", "board-tab", "board-unknown-key",
	"cols-missing", "count-float", "count-string", "count-zero", "empty", "entry-both", "entry-neither", "entry-string",
	"exact-cover-options-not-list", "hole-not-pair", "hole-twice", "hole-twice-flow", "kind-unknown", "lattice-unknown",
	"missing-board", "missing-pieces", "name-only", "not-mapping", "null-document", "one-sided-false-on-set", "one-sided-yes",
	"piece-name-empty", "piece-no-shape", "piece-picture-list", "piece-tab-quoted", "pieces-empty",
	"queens-n-too-big", "queens-no-n", "render-bool-yes", "render-color-empty", "render-color-scalar", "render-colour-list",
	"render-colour-unquoted", "render-columns-float", "render-columns-huge", "render-font-size-unit", "render-infinite",
	"render-key-list", "render-nan", "render-negative", "render-null", "render-number-string", "render-palette-empty",
	"render-palette-item-mapping", "render-per-page-negative", "render-scalar", "render-style-unknown", "render-title-list",
	"render-unknown-key", "render-width-no-unit", "rows-string", "rows-zero", "set-only-and-except", "set-only-empty",
	"set-only-number", "set-only-twice", "set-only-unknown", "set-other-lattice", "set-square-on-triangle", "set-with-shape",
	"sudoku-diagonals-not-bool", "sudoku-pieces", "title-list", "unknown-key", "unknown-set-entry", "unknown-set",
}

// Specs that the reader refuses for a mistake in a key or a value on its
// own are refused by the schema too.
func TestSchemaRefusesSpecs(t *testing.T) {
	sch := compileSchema(t)
	check := func(t *testing.T, name string, data []byte) {
		if _, err := Parse(name, data); err == nil {
			t.Fatalf("the reader accepts it; want a spec it refuses")
		}
		if err := checkSpec(sch, data); err == nil {
			t.Errorf("the schema accepts it")
		}
	}
	for _, name := range schemaRefuses {
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join("testdata", "bad", name+".yaml"))
			if err != nil {
				t.Fatal(err)
			}
			check(t, name, data)
		})
	}
	const domino = "board: {rows: 1, cols: 2}\npieces: domino\n"
	for _, tt := range []struct{ name, spec string }{
		{"kind of another case", "kind: Sudoku\ngrid: |\n  1234\n"},
		{"tiling key in queens", "kind: queens\nn: 8\nboard: {rows: 8, cols: 8}\n"},
		{"queens n zero", "kind: queens\nn: 0\n"},
		{"queens n text", "kind: queens\nn: eight\n"},
		{"queens hole negative", "kind: queens\nn: 4\nholes: [[-1, 0]]\n"},
		{"queens hole twice", "kind: queens\nn: 4\nholes: [[1, 1], [1, 1]]\n"},
		{"sudoku without grid", "kind: sudoku\ndiagonals: true\n"},
		{"sudoku grid number", "kind: sudoku\ngrid: 1234\n"},
		{"exact-cover without options", "kind: exact-cover\nitems: A B\n"},
		{"exact-cover name with space", "kind: exact-cover\nitems: [A B, C]\noptions: [A]\n"},
		{"exact-cover items empty", "kind: exact-cover\nitems: []\noptions: [A]\n"},
		{"exact-cover unknown key", "kind: exact-cover\nitems: A\noptions: [A]\nprimary: A\n"},
		{"lattice as number", domino + "lattice: 4\n"},
		{"lattice in sudoku", "kind: sudoku\nlattice: square\ngrid: |\n  1234\n"},
		{"hexagon set on square", "board: {rows: 1, cols: 2}\npieces: dihex\n"},
		{"hexagon set entry on triangle", "lattice: triangle\nboard: {rows: 1, cols: 2}\npieces:\n  - set: dihex\n"},
		{"except unknown piece", "board: {rows: 2, cols: 2}\npieces:\n  - set: trominoes\n    except: V4\n"},
		{"count on a mapping", "board: {rows: 1, cols: 2}\npieces: {A: {shape: \"##\", count: 1}}\n"},
		{"pieces mapping empty", "board: {rows: 1, cols: 2}\npieces: {}\n"},
		{"shape blank", "board: {rows: 1, cols: 2}\npieces:\n  - name: A\n    shape: \"  \"\n"},
		{"piece name with blank end", "board: {rows: 1, cols: 2}\npieces:\n  - name: \"A \"\n    shape: \"##\"\n"},
		{"render cell-size text", domino + "render: {cell-size: big}\n"},
		{"render gap text", domino + "render: {gap: none}\n"},
		{"render dpi negative", domino + "render: {dpi: -300}\n"},
		{"render palette blank", domino + "render: {palette: \" \"}\n"},
		{"render width negative", domino + "render: {width: -3cm}\n"},
		{"render font-size zero", domino + "render: {font-size: 0}\n"},
		{"render style bold", domino + "render: {style: bold}\n"},
		{"render in sudoku unknown key", "kind: sudoku\ngrid: |\n  1234\nrender: {colour: red}\n"},
	} {
		t.Run(tt.name, func(t *testing.T) { check(t, tt.name, []byte(tt.spec)) })
	}
}

// schemaObject returns the member at the path of keys in the schema,
// read as JSON.
func schemaObject(t *testing.T, keys ...string) map[string]any {
	t.Helper()
	var v any
	if err := json.Unmarshal(Schema(), &v); err != nil {
		t.Fatal(err)
	}
	for _, k := range keys {
		m, ok := v.(map[string]any)
		if !ok {
			t.Fatalf("schema: no object at %s", strings.Join(keys, "/"))
		}
		v = m[k]
	}
	m, ok := v.(map[string]any)
	if !ok {
		t.Fatalf("schema: no object at %s", strings.Join(keys, "/"))
	}
	return m
}

// The schema refuses a few specs that the reader accepts, as Schema
// says: a style in capitals or with blanks around it, a colour or a
// palette's name that YAML reads as a number or a boolean (which drawing
// refuses), an exact-cover name that YAML reads as null, and a length
// written in hexadecimal. This test keeps the list
// honest: if one of them passes the schema, or the reader refuses it,
// Schema's comment is out of date.
func TestSchemaStricterThanReader(t *testing.T) {
	sch := compileSchema(t)
	const domino = "board: {rows: 1, cols: 2}\npieces: domino\n"
	for _, tt := range []struct{ name, spec string }{
		{"style in capitals", domino + "render: {style: Grey}\n"},
		{"style with a blank", domino + "render: {style: ' grey'}\n"},
		{"colour as a number", domino + "render: {background: 0}\n"},
		{"piece colour as a boolean", domino + "render: {color: {I2: true}}\n"},
		{"palette as a number", domino + "render: {palette: 5}\n"},
		{"item named null", "kind: exact-cover\nitems: [A, null]\noptions: [A]\n"},
		{"items null", "kind: exact-cover\nitems: ~\noptions: [\"~\"]\n"},
		{"length in hexadecimal", domino + "render: {width: 0x1p3cm}\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := Parse(tt.name, []byte(tt.spec)); err != nil {
				t.Errorf("the reader refuses it: %v", err)
			}
			if err := checkSpec(sch, []byte(tt.spec)); err == nil {
				t.Errorf("the schema accepts it")
			}
		})
	}
}

// conditional matches the path of a schema that applies only when
// another holds: its keys are described where they are first given.
var conditional = regexp.MustCompile(`/(allOf|if|then|else)(/|$)`)

// The schema holds every kind, key, lattice, piece set and render key
// that the reader knows, each described.
func TestSchemaCoversTables(t *testing.T) {
	defs := schemaObject(t, "$defs")
	props := func(def string) []string {
		p, _ := defs[def].(map[string]any)["properties"].(map[string]any)
		return slices.Sorted(maps.Keys(p))
	}
	sorted := func(s []string) []string { return slices.Sorted(slices.Values(s)) }
	if got, want := props("tiling"), sorted(specKeys); !slices.Equal(got, want) {
		t.Errorf("tiling keys %v, want %v", got, want)
	}
	if got, want := props("board"), sorted(boardKeys); !slices.Equal(got, want) {
		t.Errorf("board keys %v, want %v", got, want)
	}
	if got, want := props("piece-entry"), sorted(entryKeys); !slices.Equal(got, want) {
		t.Errorf("piece entry keys %v, want %v", got, want)
	}
	if got, want := props("render"), sorted(RenderKeys()); !slices.Equal(got, want) {
		t.Errorf("render keys %v, want %v", got, want)
	}
	for _, k := range keyedKinds() {
		want := []string{"kind", "render", "title"}
		for _, key := range k.Keys {
			want = append(want, key.Name)
		}
		if got := props(k.Name); !slices.Equal(got, sorted(want)) {
			t.Errorf("%s keys %v, want %v", k.Name, got, sorted(want))
		}
	}
	enum := func(v any) []string {
		var out []string
		for _, e := range v.(map[string]any)["enum"].([]any) {
			out = append(out, e.(string))
		}
		return out
	}
	if got := enum(schemaObject(t, "properties", "kind")); !slices.Equal(got, Kinds()) {
		t.Errorf("kinds %v, want %v", got, Kinds())
	}
	var lattices []string
	for _, l := range geom.Lattices() {
		lattices = append(lattices, l.Name())
		if _, ok := latticeAbout[l.Name()]; !ok {
			t.Errorf("lattice %s is not described", l.Name())
		}
	}
	if got := enum(defs["lattice"]); !slices.Equal(got, lattices) {
		t.Errorf("lattices %v, want %v", got, lattices)
	}
	if got := enum(defs["set-name"]); !slices.Equal(got, geom.PieceSetNames()) {
		t.Errorf("sets %v, want %v", got, geom.PieceSetNames())
	}
	// Every key the schema names has a description, directly or in the
	// definition it refers to.
	var walk func(at string, v any)
	walk = func(at string, v any) {
		m, ok := v.(map[string]any)
		if !ok {
			return
		}
		if p, ok := m["properties"].(map[string]any); ok {
			for key, s := range p {
				s, ok := s.(map[string]any)
				if !ok {
					continue // true: a key that the entry allows, described in the entry's properties
				}
				d, _ := s["description"].(string)
				if ref, ok := s["$ref"].(string); ok && d == "" {
					d, _ = defs[strings.TrimPrefix(ref, "#/$defs/")].(map[string]any)["description"].(string)
				}
				if d == "" && !conditional.MatchString(at) {
					t.Errorf("%s/%s has no description", at, key)
				}
			}
		}
		for k, e := range m {
			switch e := e.(type) {
			case map[string]any:
				walk(at+"/"+k, e)
			case []any:
				for _, x := range e {
					walk(at+"/"+k, x)
				}
			}
		}
	}
	walk("#", schemaObject(t))
}

// TestKindKeyForms checks each registered kind's table of keys against
// its Read: each key is read by the SpecReader method of its form, a
// whole number within the table's bounds, and Read needs the keys the
// table says are required and no others.
func TestKindKeyForms(t *testing.T) {
	for _, k := range keyedKinds() {
		t.Run(k.Name, func(t *testing.T) {
			specs := 0
			for _, name := range builtinNames() {
				data, err := library.ReadFile(path.Join("library", name+".yaml"))
				if err != nil {
					t.Fatal(err)
				}
				p := &specParser{name: name, lines: sourceLines(data), lat: geom.Square}
				root, err := p.load(data)
				if err != nil {
					t.Fatal(err)
				}
				if kind, _, _ := p.kindOf(root); kind.Name != k.Name {
					continue
				}
				specs++
				valid := []string{"title", "kind", "render"}
				for _, key := range k.Keys {
					valid = append(valid, key.Name)
				}
				f, err := p.fields(root, "the spec", valid)
				if err != nil {
					t.Fatal(err)
				}
				c := &formCheck{kindReader: &kindReader{p: p, root: root, kind: k.Name, f: f}, t: t, kind: k,
					read: map[string]bool{}, needed: map[string]bool{}}
				if _, err := k.Read(c); err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				for _, key := range k.Keys {
					if !c.read[key.Name] {
						t.Errorf("%s: Read does not read key %s", name, key.Name)
					}
					if c.needed[key.Name] != key.Required {
						t.Errorf("%s: key %s: Read needs it: %t; the table says required: %t", name, key.Name, c.needed[key.Name], key.Required)
					}
				}
			}
			if specs == 0 {
				t.Errorf("no built-in puzzle of kind %s", k.Name)
			}
		})
	}
}

// formCheck is a SpecReader that checks each key a kind reads against
// the kind's table.
type formCheck struct {
	*kindReader
	t      *testing.T
	kind   puzzles.Kind
	read   map[string]bool
	needed map[string]bool
}

// key checks that key is in the kind's table, of the given form, and
// returns its row.
func (c *formCheck) key(key string, form puzzles.KeyForm) puzzles.KindKey {
	c.t.Helper()
	c.read[key] = true
	for _, k := range c.kind.Keys {
		if k.Name == key {
			if k.Form != form {
				c.t.Errorf("key %s is read as form %d; the table says %d", key, form, k.Form)
			}
			return k
		}
	}
	c.t.Errorf("key %s is read and not in the table", key)
	return puzzles.KindKey{}
}

func (c *formCheck) Need(key, example string) error {
	c.needed[key] = true
	return c.kindReader.Need(key, example)
}

func (c *formCheck) Int(key string, lo, hi int, want string) (int, error) {
	if k := c.key(key, puzzles.KeyFormInt); k.Min != lo || k.Max != hi {
		c.t.Errorf("key %s is read from %d to %d; the table says %d to %d", key, lo, hi, k.Min, k.Max)
	}
	return c.kindReader.Int(key, lo, hi, want)
}

func (c *formCheck) Bool(key string) (bool, error) {
	c.key(key, puzzles.KeyFormBool)
	return c.kindReader.Bool(key)
}

func (c *formCheck) Picture(key, what, want string) (string, error) {
	c.key(key, puzzles.KeyFormPicture)
	return c.kindReader.Picture(key, what, want)
}

func (c *formCheck) Names(key string) ([]string, error) {
	c.key(key, puzzles.KeyFormNames)
	return c.kindReader.Names(key)
}

func (c *formCheck) NamesList(key, entry, want string) ([][]string, error) {
	c.key(key, puzzles.KeyFormNamesList)
	return c.kindReader.NamesList(key, entry, want)
}

func (c *formCheck) Cells(key string, rows, cols int) ([][2]int, error) {
	c.key(key, puzzles.KeyFormCells)
	return c.kindReader.Cells(key, rows, cols)
}

// TestJSONValue checks how a YAML value is seen as JSON.
func TestJSONValue(t *testing.T) {
	for _, tt := range []struct{ yaml, json string }{
		{"a: 1\nb: 2.5\nc: true\nd: ~\ne: text\nf: [1, x]\n", `{"a": 1, "b": 2.5, "c": true, "d": null, "e": "text", "f": [1, "x"]}`},
		{"a: .inf\nb: .nan\nc: 0x10\n", `{"a": ".inf", "b": ".nan", "c": 16}`},
		{"a: 99999999999999999999\n", `{"a": 1e+20}`},
		{"a: &x 1\nb: *x\n", `{"a": 1, "b": 1}`},
		{"1: '##'\n", `{"1": "##"}`},
	} {
		var n yaml.Node
		if err := yaml.Unmarshal([]byte(tt.yaml), &n); err != nil {
			t.Fatal(err)
		}
		if got := strings.TrimSpace(string(encodeJSON(jsonValue(&n)))); got != tt.json {
			t.Errorf("jsonValue(%q) = %s, want %s", tt.yaml, got, tt.json)
		}
	}
}
