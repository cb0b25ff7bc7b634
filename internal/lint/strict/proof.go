package strict

import (
	"bytes"
	"encoding/json"
	"io"
	"regexp"
	"strconv"
	"strings"
)

// certainlyValid answers, for the common simple schema documents, what
// compiling them would: it reports true only for a document that its
// metaschema accepts and that compiles (so CheckSchema returns nil), and
// false when it is not sure. Any keyword outside its set (references
// other than to the root's $defs, $id, draft-specific ones…) makes it
// unsure, and the compiler
// checks the document as before, so every error is still the compiler's.
// It is several times faster than the compiler, whose metaschema check is
// most of mcpdev lint's time. TestProofSound checks it against the
// compiler.
func certainlyValid(raw []byte) bool {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var doc any
	if dec.Decode(&doc) != nil {
		return false
	}
	if _, err := dec.Token(); err != io.EOF {
		return false
	}
	root, ok := doc.(map[string]any)
	if !ok {
		return false
	}
	if d, ok := root["$schema"]; ok && !knownDialect(d) {
		return false
	}
	defs, _ := root["$defs"].(map[string]any)
	return proof{defs}.schema(root, 0)
}

// proof checks the subschemas of one document, whose root's $defs are
// defs.
type proof struct{ defs map[string]any }

// knownDialect: the dialects whose metaschemas agree on the keywords
// simpleSchema accepts.
func knownDialect(v any) bool {
	s, _ := v.(string)
	switch strings.TrimSuffix(s, "#") {
	case "https://json-schema.org/draft/2020-12/schema", "http://json-schema.org/draft-07/schema":
		return true
	}
	return false
}

// maxProofDepth bounds the recursion; deeper documents go to the compiler.
const maxProofDepth = 64

// schema reports whether v is a schema (a boolean, or an object of the
// keywords it knows, each well formed) at nesting depth.
func (p proof) schema(v any, depth int) bool {
	if _, ok := v.(bool); ok {
		return true
	}
	obj, ok := v.(map[string]any)
	if !ok || depth > maxProofDepth {
		return false
	}
	for k, val := range obj {
		if !p.keyword(k, val, depth) {
			return false
		}
	}
	return true
}

// keyword reports whether the keyword k with value val is one it knows,
// well formed.
func (p proof) keyword(k string, val any, depth int) bool {
	switch k {
	case "$schema":
		return depth == 0 // checked by certainlyValid
	case "$defs":
		return depth == 0 && p.schemaMap(val, depth)
	case "$ref":
		return p.localRef(val)
	case "pattern":
		s, ok := val.(string)
		if !ok {
			return false
		}
		_, err := regexp.Compile(s) // the compiler's regexp engine, and its "regex" format
		return err == nil
	case "title", "description", "$comment", "format":
		_, ok := val.(string)
		return ok
	case "default", "const":
		return true
	case "examples":
		_, ok := val.([]any)
		return ok
	case "enum":
		return distinctScalars(val)
	case "deprecated", "readOnly", "writeOnly", "uniqueItems":
		_, ok := val.(bool)
		return ok
	case "type":
		return simpleType(val)
	case "required":
		return uniqueStrings(val)
	case "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum":
		return finiteNumber(val)
	case "minLength", "maxLength", "minItems", "maxItems", "minProperties", "maxProperties":
		return smallCount(val)
	case "properties":
		return p.schemaMap(val, depth)
	case "items", "additionalProperties", "not":
		return p.schema(val, depth+1)
	case "anyOf", "oneOf", "allOf":
		list, ok := val.([]any)
		if !ok || len(list) == 0 {
			return false
		}
		for _, s := range list {
			if !p.schema(s, depth+1) {
				return false
			}
		}
		return true
	}
	return false
}

// schemaMap: an object of schemas (properties, $defs).
func (p proof) schemaMap(v any, depth int) bool {
	m, ok := v.(map[string]any)
	if !ok {
		return false
	}
	for _, s := range m {
		if !p.schema(s, depth+1) {
			return false
		}
	}
	return true
}

// localRef: "#/$defs/Name", Name plain (nothing to escape or decode) and
// one of the root's $defs.
func (p proof) localRef(v any) bool {
	s, _ := v.(string)
	name, ok := strings.CutPrefix(s, "#/$defs/")
	if !ok || name == "" {
		return false
	}
	for _, c := range []byte(name) {
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_') {
			return false
		}
	}
	_, ok = p.defs[name]
	return ok
}

var simpleTypes = map[string]bool{"null": true, "boolean": true, "object": true, "array": true, "number": true, "string": true, "integer": true}

// simpleType: one type name, or a non-empty list of distinct ones.
func simpleType(v any) bool {
	if s, ok := v.(string); ok {
		return simpleTypes[s]
	}
	list, ok := v.([]any)
	if !ok || len(list) == 0 || !uniqueStrings(v) {
		return false
	}
	for _, t := range list {
		if !simpleTypes[t.(string)] {
			return false
		}
	}
	return true
}

// uniqueStrings: a list of distinct strings.
func uniqueStrings(v any) bool {
	list, ok := v.([]any)
	if !ok {
		return false
	}
	seen := make(map[string]bool, len(list))
	for _, x := range list {
		s, ok := x.(string)
		if !ok || seen[s] {
			return false
		}
		seen[s] = true
	}
	return true
}

// distinctScalars: a non-empty list of distinct strings, booleans and
// nulls (draft-07 wants an enum non-empty and unique; numbers, which
// compare by value, and containers are left to the compiler).
func distinctScalars(v any) bool {
	list, ok := v.([]any)
	if !ok || len(list) == 0 {
		return false
	}
	seen := make(map[any]bool, len(list))
	for _, x := range list {
		switch x.(type) {
		case string, bool, nil:
		default:
			return false
		}
		if seen[x] {
			return false
		}
		seen[x] = true
	}
	return true
}

// finiteNumber: a JSON number that is a finite float64.
func finiteNumber(v any) bool {
	n, ok := v.(json.Number)
	if !ok {
		return false
	}
	_, err := strconv.ParseFloat(string(n), 64)
	return err == nil
}

// smallCount: a non-negative integer written as plain digits, at most
// nine of them.
func smallCount(v any) bool {
	n, ok := v.(json.Number)
	if !ok || len(n) == 0 || len(n) > 9 {
		return false
	}
	for _, c := range []byte(n) {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}
