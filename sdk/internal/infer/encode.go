package infer

import (
	"encoding/json"
	"maps"
	"reflect"
	"slices"
	"strconv"

	"github.com/invopop/jsonschema"

	"github.com/mcpdev/mcpdev/internal/jsonfast"
)

// JSON encodes an inferred schema to exactly the bytes
// jsonenc.Marshal writes for it (through jsonschema.Schema's MarshalJSON,
// which encodes with json.Marshal: HTML characters escaped), written
// field by field: encoding/json's first encoding of the library's schema
// types builds their field tables by reflection, a good part of the
// server's start-up (issue 19). Values of type any (default, const, enum,
// examples, extras) still go through json.Marshal. A schema it cannot be
// sure of (a boolean schema of its own, an invalid number) makes it
// report false: the caller then asks encoding/json. TestSchemaJSONMatches
// holds it to encoding/json.
func JSON(s *jsonschema.Schema) ([]byte, bool) {
	e := schemaEncoder{b: make([]byte, 0, 512)}
	if !e.schema(s) {
		return nil, false
	}
	return e.b, true
}

type schemaEncoder struct {
	b     []byte
	comma bool // a member precedes in the current object
}

// schema appends s as (*jsonschema.Schema).MarshalJSON writes it.
func (e *schemaEncoder) schema(s *jsonschema.Schema) bool {
	switch s {
	case nil:
		e.b = append(e.b, "null"...)
		return true
	case jsonschema.TrueSchema:
		e.b = append(e.b, "true"...)
		return true
	case jsonschema.FalseSchema:
		e.b = append(e.b, "false"...)
		return true
	}
	start, outer := len(e.b), e.comma
	e.b = append(e.b, '{')
	e.comma = false
	if !e.members(s) || !e.extras(s.Extras) {
		return false
	}
	e.b = append(e.b, '}')
	e.comma = outer
	if len(e.b)-start > 2 {
		return true
	}
	// Nothing to write: the zero schema is true; anything else (a boolean
	// schema not among the library's two values, an empty but non-nil
	// list) is left to encoding/json.
	if reflect.DeepEqual(&jsonschema.Schema{}, s) {
		e.b = append(e.b[:start], "true"...)
		return true
	}
	return false
}

// members appends the fields of s in the struct's order, each omitted
// when empty (omitempty).
func (e *schemaEncoder) members(s *jsonschema.Schema) bool {
	e.str("$schema", s.Version)
	e.str("$id", string(s.ID))
	e.str("$anchor", s.Anchor)
	e.str("$ref", s.Ref)
	e.str("$dynamicRef", s.DynamicRef)
	ok := e.schemaMap("$defs", s.Definitions)
	e.str("$comment", s.Comments)
	ok = ok && e.list("allOf", s.AllOf) && e.list("anyOf", s.AnyOf) && e.list("oneOf", s.OneOf) &&
		e.sub("not", s.Not) && e.sub("if", s.If) && e.sub("then", s.Then) && e.sub("else", s.Else) &&
		e.schemaMap("dependentSchemas", s.DependentSchemas) &&
		e.list("prefixItems", s.PrefixItems) && e.sub("items", s.Items) && e.sub("contains", s.Contains) &&
		e.properties(s) && e.schemaMap("patternProperties", s.PatternProperties) &&
		e.sub("additionalProperties", s.AdditionalProperties) && e.sub("propertyNames", s.PropertyNames)
	return ok && e.validation(s) && e.annotations(s)
}

// validation appends the validation keywords (type to dependentRequired).
func (e *schemaEncoder) validation(s *jsonschema.Schema) bool {
	e.str("type", s.Type)
	ok := e.values("enum", s.Enum) && e.value("const", s.Const) &&
		e.number("multipleOf", s.MultipleOf) && e.number("maximum", s.Maximum) &&
		e.number("exclusiveMaximum", s.ExclusiveMaximum) && e.number("minimum", s.Minimum) &&
		e.number("exclusiveMinimum", s.ExclusiveMinimum)
	e.count("maxLength", s.MaxLength)
	e.count("minLength", s.MinLength)
	e.str("pattern", s.Pattern)
	e.count("maxItems", s.MaxItems)
	e.count("minItems", s.MinItems)
	e.flag("uniqueItems", s.UniqueItems)
	e.count("maxContains", s.MaxContains)
	e.count("minContains", s.MinContains)
	e.count("maxProperties", s.MaxProperties)
	e.count("minProperties", s.MinProperties)
	e.strings("required", s.Required)
	if len(s.DependentRequired) > 0 {
		e.key("dependentRequired")
		e.b = append(e.b, '{')
		for i, k := range slices.Sorted(maps.Keys(s.DependentRequired)) {
			if i > 0 {
				e.b = append(e.b, ',')
			}
			e.quote(k)
			e.b = append(e.b, ':')
			e.stringList(s.DependentRequired[k])
		}
		e.b = append(e.b, '}')
	}
	return ok
}

// annotations appends format to examples.
func (e *schemaEncoder) annotations(s *jsonschema.Schema) bool {
	e.str("format", s.Format)
	e.str("contentEncoding", s.ContentEncoding)
	e.str("contentMediaType", s.ContentMediaType)
	ok := e.sub("contentSchema", s.ContentSchema)
	e.str("title", s.Title)
	e.str("description", s.Description)
	ok = ok && e.value("default", s.Default)
	e.flag("deprecated", s.Deprecated)
	e.flag("readOnly", s.ReadOnly)
	e.flag("writeOnly", s.WriteOnly)
	return ok && e.values("examples", s.Examples)
}

// extras appends the library's Extras after the fields, as MarshalJSON
// merges them: json.Marshal of the map, its members after the fields'.
func (e *schemaEncoder) extras(x map[string]any) bool {
	if len(x) == 0 {
		return true
	}
	m, err := json.Marshal(x)
	if err != nil {
		return false
	}
	if len(m) > 2 {
		if e.comma {
			e.b = append(e.b, ',')
		}
		e.b = append(e.b, m[1:len(m)-1]...)
	}
	return true
}

// key starts a member of the current object.
func (e *schemaEncoder) key(name string) {
	if e.comma {
		e.b = append(e.b, ',')
	}
	e.comma = true
	e.quote(name)
	e.b = append(e.b, ':')
}

func (e *schemaEncoder) quote(s string) { e.b = jsonfast.AppendQuoted(e.b, s, true) }

func (e *schemaEncoder) str(name, v string) {
	if v != "" {
		e.key(name)
		e.quote(v)
	}
}

func (e *schemaEncoder) flag(name string, v bool) {
	if v {
		e.key(name)
		e.b = append(e.b, "true"...)
	}
}

func (e *schemaEncoder) count(name string, v *uint64) {
	if v != nil {
		e.key(name)
		e.b = strconv.AppendUint(e.b, *v, 10)
	}
}

// number appends a json.Number, which encoding/json writes as it is once
// it has checked that it is a number; false for one that is not.
func (e *schemaEncoder) number(name string, v json.Number) bool {
	if v == "" {
		return true
	}
	if !jsonfast.IsNumber(string(v)) {
		return false
	}
	e.key(name)
	e.b = append(e.b, v...)
	return true
}

func (e *schemaEncoder) strings(name string, v []string) {
	if len(v) > 0 {
		e.key(name)
		e.stringList(v)
	}
}

func (e *schemaEncoder) stringList(v []string) {
	if v == nil {
		e.b = append(e.b, "null"...)
		return
	}
	e.b = append(e.b, '[')
	for i, s := range v {
		if i > 0 {
			e.b = append(e.b, ',')
		}
		e.quote(s)
	}
	e.b = append(e.b, ']')
}

// value appends a member of type any (omitted when nil) as json.Marshal
// writes it.
func (e *schemaEncoder) value(name string, v any) bool {
	if v == nil {
		return true
	}
	if _, ok := v.(jsonNull); ok {
		e.key(name)
		e.b = append(e.b, "null"...)
		return true
	}
	m, err := json.Marshal(v)
	if err != nil {
		return false
	}
	e.key(name)
	e.b = append(e.b, m...)
	return true
}

// values appends a list of values, omitted when empty.
func (e *schemaEncoder) values(name string, v []any) bool {
	if len(v) == 0 {
		return true
	}
	return e.value(name, v)
}

// sub appends a subschema member, omitted when nil.
func (e *schemaEncoder) sub(name string, s *jsonschema.Schema) bool {
	if s == nil {
		return true
	}
	e.key(name)
	return e.schema(s)
}

func (e *schemaEncoder) list(name string, v []*jsonschema.Schema) bool {
	if len(v) == 0 {
		return true
	}
	e.key(name)
	e.b = append(e.b, '[')
	for i, s := range v {
		if i > 0 {
			e.b = append(e.b, ',')
		}
		if !e.schema(s) {
			return false
		}
	}
	e.b = append(e.b, ']')
	return true
}

// schemaMap appends a map of subschemas, its keys sorted as encoding/json
// sorts them.
func (e *schemaEncoder) schemaMap(name string, m map[string]*jsonschema.Schema) bool {
	if len(m) == 0 {
		return true
	}
	e.key(name)
	e.b = append(e.b, '{')
	for i, k := range slices.Sorted(maps.Keys(m)) {
		if i > 0 {
			e.b = append(e.b, ',')
		}
		e.quote(k)
		e.b = append(e.b, ':')
		if !e.schema(m[k]) {
			return false
		}
	}
	e.b = append(e.b, '}')
	return true
}

// properties appends the ordered properties in their order. An empty map
// is left to its own MarshalJSON, which tells null (never initialised)
// from {}.
func (e *schemaEncoder) properties(s *jsonschema.Schema) bool {
	p := s.Properties
	if p == nil {
		return true
	}
	e.key("properties")
	if p.Len() == 0 {
		m, err := p.MarshalJSON()
		e.b = append(e.b, m...)
		return err == nil
	}
	e.b = append(e.b, '{')
	for pair := p.Oldest(); pair != nil; pair = pair.Next() {
		if pair != p.Oldest() {
			e.b = append(e.b, ',')
		}
		e.quote(pair.Key)
		e.b = append(e.b, ':')
		if !e.schema(pair.Value) {
			return false
		}
	}
	e.b = append(e.b, '}')
	return true
}
