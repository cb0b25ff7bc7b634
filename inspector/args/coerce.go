// Package args handles a tool's arguments: listing them from its input
// schema (worded as its form words them), turning key=value words into
// JSON against that schema and JSON back into such words, and the errors
// that refuse them.
package args

import (
	"bytes"
	"encoding/json"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/mcpdev/mcpdev/inspector"
	"github.com/mcpdev/mcpdev/internal/schema"
)

// KeyValue is one parsed command-line argument.
type KeyValue struct {
	Path  []string // the dotted key, split: "book.year" → [book year]
	Value string
	Raw   bool // written key:=JSON: the value is JSON, not coerced
}

// ParseKV parses "key=value", "a.b.c=value" or "key:=JSON". The key is
// everything before the first '='; the value may contain '=' and be empty.
func ParseKV(s string) (KeyValue, error) {
	key, value, ok := strings.Cut(s, "=")
	if !ok {
		return KeyValue{}, inspector.Usagef("argument %q: want key=value (or key:=JSON)", s)
	}
	kv := KeyValue{Value: value}
	if strings.HasSuffix(key, ":") {
		kv.Raw, key = true, strings.TrimSuffix(key, ":")
	}
	if key == "" {
		return KeyValue{}, inspector.Usagef("argument %q: empty key", s)
	}
	kv.Path = strings.Split(key, ".")
	for _, seg := range kv.Path {
		if seg == "" {
			return KeyValue{}, inspector.Usagef("argument %q: empty segment in key %q", s, key)
		}
	}
	return kv, nil
}

// Coerce builds a tool's arguments from key=value pairs, on top of base
// (from --args-json; may be nil). Each value is converted by the type the
// input schema gives its path: integer, number, boolean, null, enum values,
// JSON for objects and arrays (a comma list also makes an array), the
// string itself otherwise. A value that fits no type stays a string, so
// that validation reports it with the others.
func Coerce(inputSchema []byte, pairs []string, base map[string]any) (map[string]any, error) {
	w := newWalker(inputSchema)
	args := base
	if args == nil {
		args = map[string]any{}
	}
	for _, p := range pairs {
		kv, err := ParseKV(p)
		if err != nil {
			return nil, err
		}
		v, err := w.value(kv)
		if err != nil {
			return nil, err
		}
		if err := setPath(args, kv.Path, v, p); err != nil {
			return nil, err
		}
	}
	return args, nil
}

func (w walker) value(kv KeyValue) (any, error) {
	if kv.Raw {
		v, err := decodeJSON(kv.Value)
		if err != nil {
			return nil, inspector.Usagef("argument %s: value after := is not JSON: %v", strings.Join(kv.Path, "."), err)
		}
		return v, nil
	}
	n := w.at(kv.Path)
	if n == nil {
		return guess(kv.Value), nil
	}
	return w.coerce(n, kv.Value), nil
}

// coerce converts s to the first type of n it fits, strings last.
func (w walker) coerce(n map[string]any, s string) any {
	types := w.types(n)
	if len(types) == 0 {
		return guess(s)
	}
	has := map[string]bool{}
	for _, t := range types {
		has[t] = true
	}
	if has["null"] && s == "null" {
		return nil
	}
	if has["integer"] && isJSONInteger(s) {
		return json.Number(s)
	}
	if has["number"] && isJSONNumber(s) {
		return json.Number(s)
	}
	if has["boolean"] {
		if b, err := strconv.ParseBool(s); err == nil {
			return b
		}
	}
	if has["object"] || has["array"] {
		if v, err := decodeJSON(s); err == nil && (has[schema.JSONType(v)] || (has["number"] && schema.JSONType(v) == "integer")) {
			return v
		}
	}
	if has["string"] {
		return s
	}
	if has["array"] {
		return w.commaList(n, s)
	}
	return s
}

// commaList turns "a,b,c" into a list, each item coerced by the items schema.
func (w walker) commaList(n map[string]any, s string) []any {
	items := w.child(n, "0")
	out := []any{}
	if s == "" {
		return out
	}
	for _, part := range strings.Split(s, ",") {
		if items != nil {
			out = append(out, w.coerce(items, part))
		} else {
			out = append(out, guess(part))
		}
	}
	return out
}

// guess converts a value whose type the schema does not say: JSON numbers,
// booleans, null, objects and arrays as such, anything else as a string.
func guess(s string) any {
	if v, err := decodeJSON(s); err == nil {
		if _, isStr := v.(string); !isStr {
			return v
		}
	}
	return s
}

// isJSONInteger reports whether s is a JSON integer literal, of any size:
// a uint64 beyond int64 is one (the server's Go type may take it), 007 is
// not (json.Number would write it as is, which is not JSON).
func isJSONInteger(s string) bool {
	digits := strings.TrimPrefix(s, "-")
	if digits == "" || digits[0] == '0' && len(digits) > 1 {
		return false
	}
	for _, c := range digits {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

func isJSONNumber(s string) bool {
	if _, err := strconv.ParseFloat(s, 64); err != nil {
		return false
	}
	return json.Valid([]byte(s)) && s != "" && (s[0] == '-' || (s[0] >= '0' && s[0] <= '9'))
}

func decodeJSON(s string) (any, error) {
	dec := json.NewDecoder(strings.NewReader(s))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	if dec.More() {
		return nil, inspector.Usagef("trailing data after JSON value")
	}
	return v, nil
}

// DecodeJSON reads --args-json: a JSON object.
func DecodeJSON(s string) (map[string]any, error) {
	v, err := decodeJSON(s)
	if err != nil {
		return nil, inspector.Usagef("--args-json: not valid JSON: %v", err)
	}
	m, ok := v.(map[string]any)
	if !ok {
		return nil, inspector.Usagef("--args-json: want a JSON object, got %s", schema.JSONType(v))
	}
	return m, nil
}

// setPath stores v at path inside args, creating objects (or lists, for
// numeric segments below a list) on the way.
func setPath(args map[string]any, path []string, v any, orig string) error {
	var cur any = args
	for i, seg := range path {
		last := i == len(path)-1
		switch c := cur.(type) {
		case map[string]any:
			if last {
				c[seg] = v
				return nil
			}
			next, ok := c[seg]
			if !ok || next == nil {
				next = map[string]any{}
				c[seg] = next
			}
			cur = next
		case []any:
			idx, err := strconv.Atoi(seg)
			if err != nil || idx < 0 || idx >= len(c) {
				return inspector.Usagef("argument %q: %s is not an index of the list (0–%d)", orig, seg, len(c)-1)
			}
			if last {
				c[idx] = v
				return nil
			}
			if c[idx] == nil {
				c[idx] = map[string]any{}
			}
			cur = c[idx]
		default:
			return inspector.Usagef("argument %q: %s is already set to a %s value", orig, strings.Join(path[:i], "."), schema.JSONType(cur))
		}
	}
	return nil
}

// Marshal encodes arguments with numbers kept as written.
func Marshal(args map[string]any) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(args)
	return bytes.TrimSpace(b.Bytes())
}

// MarshalOrdered encodes arguments as Marshal does, the top-level keys in
// the order pairs first name them and the rest after, by name: what a form
// sends goes in its fields' order, and a server may echo it so.
func MarshalOrdered(args map[string]any, pairs []string) []byte {
	var keys []string
	for _, p := range pairs {
		k, _, _ := strings.Cut(p, "=")
		k, _, _ = strings.Cut(strings.TrimSuffix(k, ":"), ".")
		if _, ok := args[k]; ok && !slices.Contains(keys, k) {
			keys = append(keys, k)
		}
	}
	for _, k := range slices.Sorted(maps.Keys(args)) {
		if !slices.Contains(keys, k) {
			keys = append(keys, k)
		}
	}
	b := []byte{'{'}
	for i, k := range keys {
		if i > 0 {
			b = append(b, ',')
		}
		kb, _ := marshalNoEscape(k)
		vb, _ := marshalNoEscape(args[k])
		b = append(append(append(b, kb...), ':'), vb...)
	}
	return append(b, '}')
}
