package results

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
)

// decode decodes the one JSON value in data into v, refusing fields that v
// does not have, and says what is wrong in the file's terms: the field and
// what it should be, never Go's types.
func decode(data []byte, v any) error { return decodeWith(data, v, true) }

// decodeLoose is decode, taking fields that v does not have.
func decodeLoose(data []byte, v any) error { return decodeWith(data, v, false) }

// decodeWith is decode, refusing unknown fields if strict.
func decodeWith(data []byte, v any, strict bool) error {
	if !json.Valid(data) {
		var any any
		err := json.Unmarshal(data, &any)
		var se *json.SyntaxError
		if errors.As(err, &se) {
			return fmt.Errorf("not valid JSON: %s", se.Error())
		}
		return fmt.Errorf("not valid JSON")
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	if strict {
		dec.DisallowUnknownFields()
	}
	err := dec.Decode(v)
	if err == nil {
		return nil
	}
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		field := te.Field
		if field == "" {
			return fmt.Errorf("%s, want %s", article(te.Value), want(te.Type))
		}
		return fmt.Errorf("field %q is %s, want %s", field, article(te.Value), want(te.Type))
	}
	if name, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
		return fmt.Errorf("unknown field %s", name)
	}
	return fmt.Errorf("cannot read it: %s", strings.TrimPrefix(err.Error(), "json: "))
}

// article names a JSON value as UnmarshalTypeError's Value gives it
// ("string", "number 1.5", "array").
func article(value string) string {
	switch {
	case value == "array" || value == "object":
		return "an " + value
	case value == "bool":
		return "true or false"
	case strings.HasPrefix(value, "number "):
		return "the number " + strings.TrimPrefix(value, "number ")
	}
	return "a " + value
}

// want says what a field of type t holds, in JSON's words.
func want(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Pointer:
		return want(t.Elem())
	case reflect.Int, reflect.Int64, reflect.Int32:
		return "a whole number"
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Int {
			return "a [row, col] pair"
		}
		return "a list"
	case reflect.Array:
		return fmt.Sprintf("a list of %d", t.Len())
	case reflect.Struct, reflect.Map:
		return "an object"
	}
	return "something else"
}
