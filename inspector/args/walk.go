package args

import (
	"reflect"
	"strconv"

	"github.com/mcpdev/mcpdev/internal/schema"
)

// walker finds, in a tool's input schema, the schema of an argument path
// and the JSON types it allows, to coerce key=value words.
type walker struct {
	doc schema.Doc
}

// newWalker decodes raw; a schema that is not a JSON object has no paths.
func newWalker(raw []byte) walker {
	d, err := schema.Parse(raw)
	if err != nil {
		return walker{}
	}
	return walker{doc: *d}
}

// branches returns n and every subschema of its anyOf/oneOf/allOf, nested
// ones too, dereferenced, each once: a $ref cycle through anyOf
// ({"A": {"anyOf": [{"$ref": "#/$defs/A"}, …]}}) ends where it began.
func (w walker) branches(n map[string]any) []map[string]any {
	var out []map[string]any
	w.collect(n, &out, map[uintptr]bool{})
	return out
}

func (w walker) collect(n map[string]any, out *[]map[string]any, seen map[uintptr]bool) {
	bs := w.doc.Branches(n)
	head := bs[0]
	if head == nil || seen[reflect.ValueOf(head).Pointer()] {
		return
	}
	seen[reflect.ValueOf(head).Pointer()] = true
	*out = append(*out, head)
	for _, b := range bs[1:] {
		w.collect(b, out, seen)
	}
}

// child returns the schema of one path segment below n, or nil if unknown.
func (w walker) child(n map[string]any, seg string) map[string]any {
	for _, b := range w.branches(n) {
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
func (w walker) at(path []string) map[string]any {
	n := w.doc.Root
	for _, seg := range path {
		if n = w.child(n, seg); n == nil {
			return nil
		}
	}
	return n
}

// types lists the JSON types n allows ("integer", "string", …), from
// "type", enum/const values and composition branches.
func (w walker) types(n map[string]any) []string {
	seen := map[string]bool{}
	var out []string
	add := func(t string) {
		if !seen[t] {
			seen[t] = true
			out = append(out, t)
		}
	}
	for _, b := range w.branches(n) {
		for _, t := range schema.TypeList(b["type"]) {
			add(t)
		}
		for _, v := range enumOf(b) {
			add(schema.JSONType(v))
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
