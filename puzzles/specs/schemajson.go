package specs

// The JSON that the spec's schema is written in: objects whose members
// keep their order, written indented, and the JSON value of a YAML node.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strconv"

	"go.yaml.in/yaml/v4"
)

// jsonObject is a JSON object whose members are written in the order
// they are given.
type jsonObject []jsonMember

// jsonMember is a member of a jsonObject.
type jsonMember struct {
	key string
	val any
}

// obj returns the object of the keys and values kv, alternating: a
// string key, then its value.
func obj(kv ...any) jsonObject {
	if len(kv)%2 != 0 {
		panic(fmt.Sprintf("specs: obj given %d arguments, not key and value pairs", len(kv)))
	}
	o := make(jsonObject, 0, len(kv)/2)
	for i := 0; i < len(kv); i += 2 {
		o = o.with(kv[i].(string), kv[i+1])
	}
	return o
}

// with returns o with the member key: val added at its end.
func (o jsonObject) with(key string, val any) jsonObject {
	return append(o, jsonMember{key, val})
}

// encodeJSON writes v as JSON indented by two spaces a level, with a
// final newline. An array of numbers, strings and booleans takes one
// line, and so does any object or array that fits in maxLine columns.
// Its values are jsonObject, []any, []string, string, bool, int, int64,
// float64 (finite) and nil.
func encodeJSON(v any) []byte {
	var b bytes.Buffer
	writeJSON(&b, v, "")
	b.WriteByte('\n')
	return b.Bytes()
}

// maxLine bounds the columns of an object or an array written on one
// line, its key left out.
const maxLine = 80

func writeJSON(b *bytes.Buffer, v any, indent string) {
	if s, ok := v.([]string); ok {
		v = anys(s)
	}
	switch v := v.(type) {
	case jsonObject, []any:
		var line bytes.Buffer
		writeLine(&line, v)
		if len(indent)+line.Len() <= maxLine || flat(v) {
			b.Write(line.Bytes())
			return
		}
		open, close := "[\n", "]"
		o, isObj := v.(jsonObject)
		n := len(o)
		if isObj {
			open, close = "{\n", "}"
		} else {
			n = len(v.([]any))
		}
		b.WriteString(open)
		for i := range n {
			b.WriteString(indent + "  ")
			if isObj {
				writeJSONString(b, o[i].key)
				b.WriteString(": ")
				writeJSON(b, o[i].val, indent+"  ")
			} else {
				writeJSON(b, v.([]any)[i], indent+"  ")
			}
			if i < n-1 {
				b.WriteByte(',')
			}
			b.WriteByte('\n')
		}
		b.WriteString(indent + close)
	default:
		writeLine(b, v)
	}
}

// writeLine writes v as JSON on one line.
func writeLine(b *bytes.Buffer, v any) {
	switch v := v.(type) {
	case jsonObject:
		b.WriteByte('{')
		for i, m := range v {
			if i > 0 {
				b.WriteString(", ")
			}
			writeJSONString(b, m.key)
			b.WriteString(": ")
			writeLine(b, m.val)
		}
		b.WriteByte('}')
	case []string:
		writeLine(b, anys(v))
	case []any:
		b.WriteByte('[')
		for i, e := range v {
			if i > 0 {
				b.WriteString(", ")
			}
			writeLine(b, e)
		}
		b.WriteByte(']')
	case string:
		writeJSONString(b, v)
	case bool:
		b.WriteString(strconv.FormatBool(v))
	case int:
		b.WriteString(strconv.Itoa(v))
	case int64:
		b.WriteString(strconv.FormatInt(v, 10))
	case float64:
		if math.IsInf(v, 0) || math.IsNaN(v) {
			panic(fmt.Sprintf("specs: %v has no JSON", v))
		}
		b.WriteString(strconv.FormatFloat(v, 'g', -1, 64))
	case nil:
		b.WriteString("null")
	default:
		panic(fmt.Sprintf("specs: no JSON for a %T", v))
	}
}

// flat reports whether v is an array of numbers, strings and booleans.
func flat(v any) bool {
	list, ok := v.([]any)
	if !ok {
		return false
	}
	for _, e := range list {
		switch e.(type) {
		case jsonObject, []any, []string:
			return false
		}
	}
	return true
}

// anys returns the strings s as a []any.
func anys(s []string) []any {
	out := make([]any, len(s))
	for i, e := range s {
		out[i] = e
	}
	return out
}

// writeJSONString writes s as a JSON string, leaving <, > and & as they
// are.
func writeJSONString(b *bytes.Buffer, s string) {
	e := json.NewEncoder(b)
	e.SetEscapeHTML(false)
	if err := e.Encode(s); err != nil {
		panic("specs: " + err.Error()) // a string always encodes
	}
	b.Truncate(b.Len() - 1) // the newline Encode ends with
}

// jsonValue returns the value of the YAML node n as JSON holds it, the
// way an editor that checks YAML against a JSON Schema sees it: a mapping
// is an object keyed by its keys' text, a list an array, and a scalar a
// string, number, boolean or null by its tag. A number that JSON cannot
// hold (.inf, .nan, an integer too large) stays its text, a string, as
// does a scalar of any other tag. An alias is the value it names.
func jsonValue(n *yaml.Node) any {
	switch n.Kind {
	case yaml.DocumentNode:
		if len(n.Content) == 0 {
			return nil
		}
		return jsonValue(n.Content[0])
	case yaml.AliasNode:
		if n.Alias == nil {
			return nil
		}
		return jsonValue(n.Alias)
	case yaml.MappingNode:
		o := jsonObject{}
		for i := 0; i+1 < len(n.Content); i += 2 {
			o = o.with(n.Content[i].Value, jsonValue(n.Content[i+1]))
		}
		return o
	case yaml.SequenceNode:
		list := []any{}
		for _, e := range n.Content {
			list = append(list, jsonValue(e))
		}
		return list
	}
	switch n.Tag {
	case "!!null":
		return nil
	case "!!bool", "!!int", "!!float":
		var v any
		if err := n.Decode(&v); err != nil {
			return n.Value
		}
		switch v := v.(type) {
		case bool:
			return v
		case int:
			return v
		case int64:
			return v
		case uint64:
			if v <= math.MaxInt64 {
				return int64(v)
			}
		case float64:
			if n.Tag == "!!float" && !math.IsInf(v, 0) && !math.IsNaN(v) {
				return v
			}
		}
	}
	return n.Value
}
