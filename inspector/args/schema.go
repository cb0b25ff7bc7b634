package args

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// schemaDoc is a tool's input schema decoded for walking: local $refs are
// followed, composition keywords (anyOf, oneOf, allOf) are searched.
type schemaDoc struct {
	root map[string]any
}

func parseSchema(raw []byte) schemaDoc {
	dec := json.NewDecoder(bytes.NewReader(raw))
	v, _ := decodeOrdered(dec)
	m, _ := v.(map[string]any)
	return schemaDoc{root: m}
}

// orderKey holds, inside each decoded object, its keys in source order.
const orderKey = "\x00order"

// decodeOrdered decodes one JSON value like encoding/json does, but each
// object also records its key order under orderKey.
func decodeOrdered(dec *json.Decoder) (any, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch tok {
	case json.Delim('{'):
		m := map[string]any{}
		var order []string
		for dec.More() {
			kt, err := dec.Token()
			if err != nil {
				return nil, err
			}
			k, _ := kt.(string)
			v, err := decodeOrdered(dec)
			if err != nil {
				return nil, err
			}
			if _, dup := m[k]; !dup {
				order = append(order, k)
			}
			m[k] = v
		}
		m[orderKey] = order
		_, err = dec.Token()
		return m, err
	case json.Delim('['):
		list := []any{}
		for dec.More() {
			v, err := decodeOrdered(dec)
			if err != nil {
				return nil, err
			}
			list = append(list, v)
		}
		_, err = dec.Token()
		return list, err
	}
	return tok, nil
}

// keysOf returns an object's keys in source order.
func keysOf(m map[string]any) []string {
	if order, ok := m[orderKey].([]string); ok {
		return order
	}
	return slices.Sorted(maps.Keys(m))
}

// deref follows a local "$ref" (at most a few hops).
func (d schemaDoc) deref(n map[string]any) map[string]any {
	for i := 0; i < 8 && n != nil; i++ {
		ref, ok := n["$ref"].(string)
		if !ok || !strings.HasPrefix(ref, "#") {
			return n
		}
		n = d.pointer(strings.TrimPrefix(ref, "#"))
	}
	return n
}

func (d schemaDoc) pointer(ptr string) map[string]any {
	var cur any = d.root
	for _, tok := range strings.Split(strings.TrimPrefix(ptr, "/"), "/") {
		if tok == "" {
			continue
		}
		tok = strings.NewReplacer("~1", "/", "~0", "~").Replace(tok)
		m, ok := cur.(map[string]any)
		if !ok {
			return nil
		}
		cur = m[tok]
	}
	m, _ := cur.(map[string]any)
	return m
}

// branches returns n and every subschema of its anyOf/oneOf/allOf, dereferenced.
func (d schemaDoc) branches(n map[string]any) []map[string]any {
	n = d.deref(n)
	if n == nil {
		return nil
	}
	out := []map[string]any{n}
	for _, kw := range []string{"anyOf", "oneOf", "allOf"} {
		list, _ := n[kw].([]any)
		for _, b := range list {
			if bm, ok := b.(map[string]any); ok {
				out = append(out, d.branches(bm)...)
			}
		}
	}
	return out
}

// child returns the schema of one path segment below n, or nil if unknown.
func (d schemaDoc) child(n map[string]any, seg string) map[string]any {
	for _, b := range d.branches(n) {
		if props, ok := b["properties"].(map[string]any); ok {
			if c, ok := props[seg].(map[string]any); ok {
				return c
			}
		}
		if _, err := strconv.Atoi(seg); err == nil {
			if items, ok := b["items"].(map[string]any); ok {
				return items
			}
		}
		if ap, ok := b["additionalProperties"].(map[string]any); ok {
			return ap
		}
	}
	return nil
}

// at returns the schema at a dotted path, or nil if unknown.
func (d schemaDoc) at(path []string) map[string]any {
	n := d.root
	for _, seg := range path {
		if n = d.child(n, seg); n == nil {
			return nil
		}
	}
	return n
}

// types lists the JSON types n allows ("integer", "string", …), from
// "type", enum/const values and composition branches.
func (d schemaDoc) types(n map[string]any) []string {
	seen := map[string]bool{}
	var out []string
	add := func(t string) {
		if !seen[t] {
			seen[t] = true
			out = append(out, t)
		}
	}
	for _, b := range d.branches(n) {
		switch t := b["type"].(type) {
		case string:
			add(t)
		case []any:
			for _, x := range t {
				if s, ok := x.(string); ok {
					add(s)
				}
			}
		}
		for _, v := range enumOf(b) {
			add(jsonType(v))
		}
	}
	return out
}

func enumOf(n map[string]any) []any {
	if e, ok := n["enum"].([]any); ok {
		return e
	}
	if c, ok := n["const"]; ok {
		return []any{c}
	}
	return nil
}

func jsonType(v any) string {
	switch v := v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case float64:
		if v == float64(int64(v)) {
			return "integer"
		}
		return "number"
	case json.Number:
		if strings.ContainsAny(string(v), ".eE") {
			return "number"
		}
		return "integer"
	case string:
		return "string"
	case []any:
		return "array"
	}
	return "object"
}

// Arg describes one argument of a tool, for messages and tables.
type Arg struct {
	Path        string // dotted path
	Type        string // "integer", "string | null", …
	Required    bool
	Constraints string // "1 ≤ x ≤ 50, default 10", "one of: 'a', 'b'"
	Description string
}

// List lists a tool's arguments from its input schema, nested object
// fields as dotted paths.
func List(schema []byte) []Arg {
	d := parseSchema(schema)
	var out []Arg
	d.collectArgs(d.root, "", &out, 0)
	return out
}

func (d schemaDoc) collectArgs(n map[string]any, prefix string, out *[]Arg, depth int) {
	if depth > 4 {
		return
	}
	req := map[string]bool{}
	var names []string
	props := map[string]map[string]any{}
	for _, b := range d.branches(n) {
		for _, r := range asSlice(b["required"]) {
			if s, ok := r.(string); ok {
				req[s] = true
			}
		}
		if p, ok := b["properties"].(map[string]any); ok {
			for _, k := range keysOf(p) {
				if _, dup := props[k]; !dup {
					names = append(names, k)
				}
				props[k], _ = p[k].(map[string]any)
			}
		}
	}
	for _, k := range names {
		p := props[k]
		info := d.argInfo(p)
		info.Path, info.Required = prefix+k, req[k]
		*out = append(*out, info)
		if ts := d.types(p); len(ts) == 1 && ts[0] == "object" {
			d.collectArgs(p, prefix+k+".", out, depth+1)
		}
	}
}

func asSlice(v any) []any { s, _ := v.([]any); return s }

func (d schemaDoc) argInfo(n map[string]any) Arg {
	info := Arg{Type: strings.Join(d.types(n), " | ")}
	if info.Type == "" {
		info.Type = "any"
	}
	var cons []string
	for _, b := range d.branches(n) {
		if info.Description == "" {
			info.Description, _ = b["description"].(string)
		}
		cons = append(cons, constraintsOf(b)...)
	}
	info.Constraints = strings.Join(cons, ", ")
	return info
}

func constraintsOf(b map[string]any) []string {
	var out []string
	if e := enumOf(b); len(e) > 0 {
		vals := make([]string, len(e))
		for i, v := range e {
			vals[i] = compactJSON(v)
		}
		out = append(out, "one of "+strings.Join(vals, ", "))
	}
	bounds := []struct{ kw, op string }{{"minimum", "≥"}, {"exclusiveMinimum", ">"}, {"maximum", "≤"}, {"exclusiveMaximum", "<"}, {"minLength", "length ≥"}, {"maxLength", "length ≤"}, {"minItems", "items ≥"}, {"maxItems", "items ≤"}, {"multipleOf", "multiple of"}}
	for _, bd := range bounds {
		if v, ok := b[bd.kw]; ok {
			out = append(out, bd.op+" "+compactJSON(v))
		}
	}
	if p, ok := b["pattern"].(string); ok {
		out = append(out, "pattern "+p)
	}
	if v, ok := b["default"]; ok {
		out = append(out, "default "+compactJSON(v))
	}
	return out
}

func compactJSON(v any) string {
	if s, ok := v.(string); ok {
		return "'" + s + "'"
	}
	b, err := json.Marshal(plain(v))
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

// plain drops the recorded key order from a decoded value.
func plain(v any) any {
	switch v := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(v))
		for k, x := range v {
			if k != orderKey {
				out[k] = plain(x)
			}
		}
		return out
	case []any:
		out := make([]any, len(v))
		for i, x := range v {
			out[i] = plain(x)
		}
		return out
	}
	return v
}

// Required lists the top-level required arguments, in schema order.
func Required(schema []byte) []string {
	var out []string
	for _, a := range List(schema) {
		if a.Required && !strings.Contains(a.Path, ".") {
			out = append(out, a.Path)
		}
	}
	return out
}
