package schema

import (
	"encoding/json"
	"net/url"
	"strings"
)

// maxHops bounds a chain of $refs ("#/$defs/A" → "#/$defs/B" → …).
const maxHops = 32

// Doc is a schema document decoded by encoding/json into plain values
// (objects map[string]any, numbers float64), walked from its root.
type Doc struct {
	Root map[string]any
}

// Parse decodes a schema document whose root is an object.
func Parse(raw []byte) (*Doc, error) {
	var root map[string]any
	if err := json.Unmarshal(raw, &root); err != nil {
		return nil, err
	}
	return &Doc{Root: root}, nil
}

// Deref follows n's local $ref ("#", "#/$defs/X", "#/definitions/X", any
// "#/json/pointer") to the schema it names, up to 32 hops. A remote or
// unresolvable $ref leaves n as it is.
func (d Doc) Deref(n map[string]any) map[string]any {
	for range maxHops + 1 {
		ref, _ := n["$ref"].(string)
		if ref == "" {
			return n
		}
		target := d.resolve(ref)
		if target == nil {
			return n
		}
		n = target
	}
	return n
}

// resolve returns the object a local reference points at, or nil.
func (d Doc) resolve(ref string) map[string]any {
	ptr, ok := strings.CutPrefix(ref, "#")
	if !ok {
		return nil
	}
	if strings.Contains(ptr, "%") {
		if u, err := url.PathUnescape(ptr); err == nil {
			ptr = u
		}
	}
	m, _ := At(d.Root, ptr).(map[string]any)
	return m
}

// Branches returns n (dereferenced) followed by its anyOf, oneOf and allOf
// branches, each dereferenced: every schema a value at n must, or may,
// match directly.
func (d Doc) Branches(n map[string]any) []map[string]any {
	n = d.Deref(n)
	out := []map[string]any{n}
	for _, key := range []string{"anyOf", "oneOf", "allOf"} {
		list, _ := n[key].([]any)
		for _, b := range list {
			if bm, ok := b.(map[string]any); ok {
				out = append(out, d.Deref(bm))
			}
		}
	}
	return out
}

// Types returns the types n (dereferenced) names in its "type" keyword.
func (d Doc) Types(n map[string]any) []string {
	return TypeList(d.Deref(n)["type"])
}

// NonNull returns X when n is anyOf or oneOf of exactly [X, {"type":
// "null"}] in either order (how Optional[X] is written), else nil.
func NonNull(n map[string]any) map[string]any {
	for _, key := range []string{"anyOf", "oneOf"} {
		list, _ := n[key].([]any)
		if len(list) != 2 {
			continue
		}
		for i, b := range list {
			if bm, _ := b.(map[string]any); bm != nil && bm["type"] == "null" {
				other, _ := list[1-i].(map[string]any)
				return other
			}
		}
	}
	return nil
}

// NonNullTypes returns the types of a "type" keyword's value other than
// "null".
func NonNullTypes(v any) []string {
	var out []string
	for _, t := range TypeList(v) {
		if t != "null" {
			out = append(out, t)
		}
	}
	return out
}

// FirstType returns the first type other than "null" a "type" keyword
// names, or "".
func FirstType(v any) string {
	switch t := v.(type) {
	case string:
		return t
	case []any:
		for _, x := range t {
			if s, _ := x.(string); s != "" && s != "null" {
				return s
			}
		}
	}
	return ""
}

// TypeList returns the value of a "type" keyword as a list: "string" →
// [string], ["string", "null"] → [string null]; anything else → nil.
func TypeList(v any) []string {
	switch t := v.(type) {
	case string:
		return []string{t}
	case []any:
		out := make([]string, 0, len(t))
		for _, x := range t {
			if s, ok := x.(string); ok {
				out = append(out, s)
			}
		}
		return out
	}
	return nil
}

// JSONType is the JSON Schema type of a decoded value: "null", "boolean",
// "string", "number" ("integer" for an integral float64, or a json.Number
// written as an integer), "array", "object"; "" for a Go value JSON does
// not produce.
func JSONType(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case string:
		return "string"
	case float64:
		if x == float64(int64(x)) {
			return "integer"
		}
		return "number"
	case json.Number: // integral when written without fraction or exponent, at any size
		if strings.ContainsAny(string(x), ".eE") {
			return "number"
		}
		return "integer"
	case []any:
		return "array"
	case map[string]any, *Object:
		return "object"
	}
	return ""
}
