package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/polytile/polytile/puzzles/specs"
)

// schemaSetting finds VS Code's yaml.schemas setting written inline.
var schemaSetting = regexp.MustCompile("`(\"yaml\\.schemas\": *\\{[^`]*\\})`")

// TestSchemaSetting checks the yaml.schemas settings the documentation
// gives for a clone (README.md inline, docs/spec.md in a text block): each
// is JSON, maps the repository's schema, docs/spec.schema.json, to globs
// from the clone's root, and each glob names specs, every one a spec that
// specs.Parse accepts.
func TestSchemaSetting(t *testing.T) {
	root := filepath.Join("..", "..")
	type setting struct{ where, text string }
	var settings []setting
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range schemaSetting.FindAllStringSubmatch(string(readme), -1) {
		settings = append(settings, setting{"README.md", "{" + m[1] + "}"})
	}
	for _, b := range readBlocks(t, root, "docs/spec.md") {
		if b.lang == "text" && strings.Contains(b.text, `"yaml.schemas"`) {
			settings = append(settings, setting{fmt.Sprintf("docs/spec.md:%d", b.line), b.text})
		}
	}
	if len(settings) < 2 {
		t.Fatalf("found %d yaml.schemas settings, want README.md's and docs/spec.md's", len(settings))
	}
	schema, err := os.ReadFile(filepath.Join(root, "docs", "spec.schema.json"))
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range settings {
		var v struct {
			Schemas map[string][]string `json:"yaml.schemas"`
		}
		if err := json.Unmarshal([]byte(s.text), &v); err != nil {
			t.Errorf("%s: the setting is not JSON of a map from a schema to globs: %v\n%s", s.where, err, s.text)
			continue
		}
		if len(v.Schemas) == 0 {
			t.Errorf("%s: the setting names no schema", s.where)
		}
		for file, globs := range v.Schemas {
			data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(file)))
			if err != nil || !bytes.Equal(data, schema) {
				t.Errorf("%s: %s is not the spec's schema, docs/spec.schema.json (%v)", s.where, file, err)
			}
			for _, g := range globs {
				matches, err := filepath.Glob(filepath.Join(root, filepath.FromSlash(g)))
				if err != nil || len(matches) == 0 {
					t.Errorf("%s: the glob %s names no file (%v)", s.where, g, err)
				}
				for _, m := range matches {
					data, err := os.ReadFile(m)
					if err != nil {
						t.Fatal(err)
					}
					if _, err := specs.Parse(m, data); err != nil {
						t.Errorf("%s: the glob %s names %s, which is no spec: %v", s.where, g, m, err)
					}
				}
			}
		}
	}
}
