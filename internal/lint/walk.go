package lint

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"
)

// node is one subschema of a tool's schema: an object, or true/false.
type node struct {
	ptr   string // JSON pointer from the tool definition's root
	value any    // map[string]any or bool (anything else is not a schema)
	key   string // the keyword it sits under: "properties", "items", "anyOf", …
	depth int    // objects and arrays it is nested in (the root object is 1)
	// described: the node, or a node above it up to the nearest property
	// or definition, has a title or a description.
	described bool
}

// Keywords whose value is one subschema, a map of subschemas, or a list.
var (
	oneSchema = []string{"items", "additionalProperties", "not", "if", "then", "else", "contains",
		"propertyNames", "unevaluatedProperties", "unevaluatedItems", "additionalItems"}
	schemaMap  = []string{"properties", "patternProperties", "$defs", "definitions", "dependentSchemas"}
	schemaList = []string{"anyOf", "oneOf", "allOf", "prefixItems"}
)

// maxWalk bounds how many subschemas one schema is walked into: a hostile
// server's megabyte schema is checked up to there.
const maxWalk = 100000

// decodeSchema decodes a schema; nil for absent or not JSON.
func decodeSchema(raw json.RawMessage) any {
	if len(raw) == 0 {
		return nil
	}
	var v any
	if json.Unmarshal(raw, &v) != nil {
		return nil
	}
	return v
}

// walk calls visit for root and every subschema below it, depth first in
// the keywords' sorted order, so findings come in a stable order.
func walk(root any, ptr string, visit func(n node)) {
	count := 0
	var rec func(n node)
	rec = func(n node) {
		if count++; count > maxWalk {
			return
		}
		visit(n)
		m, ok := n.value.(map[string]any)
		if !ok {
			return
		}
		depth := n.depth
		if t := typeSet(m); t["object"] || t["array"] {
			depth++
		}
		for _, k := range sortedKeys(m) {
			for _, child := range children(m, k) {
				c := node{ptr: n.ptr + "/" + escape(k) + child.suffix, value: child.value, key: k, depth: depth}
				c.described = hasText(child.value) || n.described && !slices.Contains(schemaMap, k)
				rec(c)
			}
		}
	}
	rec(node{ptr: ptr, value: root, depth: 0, described: hasText(root)})
}

type child struct {
	suffix string
	value  any
}

// children returns the subschemas under keyword k of m.
func children(m map[string]any, k string) []child {
	v := m[k]
	switch {
	case slices.Contains(oneSchema, k):
		if arr, ok := v.([]any); ok && k == "items" { // draft-07 tuple form
			return listChildren(arr)
		}
		if isSchema(v) {
			return []child{{"", v}}
		}
	case slices.Contains(schemaMap, k):
		obj, _ := v.(map[string]any)
		var out []child
		for _, name := range sortedKeys(obj) {
			if isSchema(obj[name]) {
				out = append(out, child{"/" + escape(name), obj[name]})
			}
		}
		return out
	case slices.Contains(schemaList, k):
		arr, _ := v.([]any)
		return listChildren(arr)
	}
	return nil
}

func listChildren(arr []any) []child {
	var out []child
	for i, s := range arr {
		if isSchema(s) {
			out = append(out, child{"/" + strconv.Itoa(i), s})
		}
	}
	return out
}

func isSchema(v any) bool {
	switch v.(type) {
	case map[string]any, bool:
		return true
	}
	return false
}

// typeSet is the set of types m's "type" keyword names.
func typeSet(m map[string]any) map[string]bool {
	out := map[string]bool{}
	switch t := m["type"].(type) {
	case string:
		out[t] = true
	case []any:
		for _, x := range t {
			if s, ok := x.(string); ok {
				out[s] = true
			}
		}
	}
	return out
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// escape is a JSON pointer reference token (RFC 6901).
func escape(tok string) string {
	return strings.ReplaceAll(strings.ReplaceAll(tok, "~", "~0"), "/", "~1")
}

// hasText reports whether schema v has a title or a description.
func hasText(v any) bool {
	m, _ := v.(map[string]any)
	return nonEmpty(m["title"]) || nonEmpty(m["description"])
}

func nonEmpty(v any) bool {
	s, _ := v.(string)
	return strings.TrimSpace(s) != ""
}
