// Package jsonerr words the errors of encoding/json in a saved file's
// terms: which field, and what it should hold.
package jsonerr

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
)

// Explain says what is wrong with a saved JSON object that
// encoding/json's Decoder refused, err, in the file's terms, not Go's:
// the field and what it should be.
func Explain(err error) error {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		want := "a whole number"
		switch te.Type.Kind() {
		case reflect.String:
			want = "a string"
		case reflect.Slice:
			want = "a list"
		case reflect.Struct:
			want = "an object"
		}
		return fmt.Errorf("field %q is %s, want %s", te.Field, article(te.Value), want)
	}
	if name, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
		return fmt.Errorf("unknown field %s", name)
	}
	return fmt.Errorf("not valid JSON: %s", strings.TrimPrefix(err.Error(), "json: "))
}

// article names a JSON value as UnmarshalTypeError's Value gives it.
func article(value string) string {
	switch {
	case value == "array", value == "object":
		return "an " + value
	case strings.HasPrefix(value, "number"):
		return "a number"
	}
	return "a " + value
}
