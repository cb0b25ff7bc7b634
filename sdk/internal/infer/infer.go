// Package infer makes the JSON Schemas of the sdk's tool, prompt and
// elicitation types from their Go types: the reflector's configuration
// and the rules it does not know (optional and nullable fields, enums of
// declared constants, types with a JSON form of their own, the limits of
// a Go kind), the registration errors for what encoding/json would lose
// or refuse (CheckFields), the $defs names, and the schema's encoding
// (JSON). What it knows of the user's source (doc comments, declared
// constants) it asks a Docs for. It imports nothing of the sdk.
package infer

import (
	"reflect"
	"strings"

	"github.com/invopop/jsonschema"

	"github.com/mcpdev/mcpdev/sdk/internal/tags"
)

// The one place where Go types become JSON Schemas (2020-12). Input schemas
// are the argument struct expanded at the root (type: object), shared and
// nested types in $defs; output schemas are inferred the same way.

// newReflector returns the project's single jsonschema reflector
// configuration. docs supplies doc comments for struct fields, names the
// $defs entries of the types reachable from the reflected one; types with
// a JSON form of their own have theirs (OwnSchema; validation: the
// validated schema's).
func newReflector(docs Docs, names *defNames, validation bool) *jsonschema.Reflector {
	return &jsonschema.Reflector{
		Mapper:         func(t reflect.Type) *jsonschema.Schema { return OwnSchema(t, validation) },
		ExpandedStruct: true,
		Anonymous:      true,
		Namer:          names.of,
		LookupComment: func(t reflect.Type, field string) string {
			return docs.Field(t, field)
		},
	}
}

// Docs is what inference reads of the user's source: the doc comment of
// a struct field, and the values declared for a named type (its Enum
// method's, or its constants).
type Docs interface {
	Field(t reflect.Type, field string) string
	Values(t reflect.Type) []any
}

// Options are the settings of a schema's inference.
type Options struct {
	Docs       Docs
	Output     bool // a result's schema: nil slices and maps are null
	Validation bool // the schema validated against, not the published one (see limits.go)
	Open       bool // no additionalProperties: false on the objects of structs
}

// Schema reflects t into a schema and applies the SDK's rules that the
// reflector does not know: a field with a default or a pointer/omitempty
// field is optional, pointers are nullable, named types with declared
// constant values become enums. For output schemas, nil slices and maps are
// allowed (Go encodes them as null).
// A type JSON has no form for (a chan, a func, a complex number) is an
// error naming the field, and so is a field CheckFields refuses.
func Schema(t reflect.Type, o Options) (*jsonschema.Schema, error) {
	return inferSchemaWith(t, schemaFixer{docs: o.Docs, output: o.Output, validation: o.Validation, open: o.Open})
}

// inferSchemaWith is Schema with the fixer's every setting; it
// refuses what CheckFields refuses first (not again for the validation
// schema: its type was checked for the published one).
func inferSchemaWith(t reflect.Type, fix schemaFixer) (*jsonschema.Schema, error) {
	if !fix.validation {
		if err := CheckFields(t, fix.output, fix.docs); err != nil {
			return nil, err
		}
	}
	names := newDefNames(t)
	if names.suspect {
		if err := checkEncodable(t); err != nil {
			return nil, err
		}
	}
	s, err := reflectSchema(t, newReflector(fix.docs, names, fix.validation))
	if err != nil {
		return nil, err
	}
	if st := Deref(t); st.Kind() == reflect.Struct {
		fix.object(s, st)
		if name := names.of(st); name != "" && names.recursive {
			// The reflector expands the root struct and drops its $defs
			// entry, which the type's references to itself still name:
			// the entry is the same struct, reflected unexpanded.
			r := newReflector(fix.docs, names, fix.validation)
			r.ExpandedStruct = false
			again, err := reflectSchema(t, r)
			if err != nil {
				return nil, err
			}
			s.Definitions[name] = again.Definitions[name]
		}
	}
	for name, def := range s.Definitions {
		if dt, ok := names.types[name]; ok && dt.Kind() == reflect.Struct {
			fix.object(def, dt)
		}
	}
	if len(s.Definitions) == 0 {
		s.Definitions = nil
	}
	return s, nil
}

type schemaFixer struct {
	docs       Docs
	output     bool
	validation bool // the schema validated against, not the published one (see limits.go)
	// open leaves additionalProperties: false off the objects of structs,
	// as a Pydantic model with the default extra='ignore' publishes them
	// (see newInputCodec).
	open bool
}

// object adjusts the properties of the schema of struct type t.
func (f schemaFixer) object(s *jsonschema.Schema, t reflect.Type) {
	if f.open && s.AdditionalProperties == jsonschema.FalseSchema {
		s.AdditionalProperties = nil
	}
	if s.Properties == nil {
		return
	}
	if s.Type == "object" && s.Properties.Len() == 0 {
		return
	}
	if hasEmbedded(t) {
		dropUnencoded(s, encodedNames(t))
	}
	for _, sf := range VisibleFields(t) {
		name, omitempty := JSONName(sf)
		prop, ok := s.Properties.Get(name)
		if !ok || prop == nil {
			continue
		}
		if !f.output && viaUnexportedPointer(t, sf.Index) {
			// encoding/json refuses to set it ("cannot set embedded
			// pointer to unexported struct"): not an input.
			s.Properties.Delete(name)
			s.Required = removeString(s.Required, name)
			continue
		}
		tags.Text(prop, sf)
		if prop.Type != "string" || !tags.StringOption(sf) {
			// (a json:",string" number is a string: its Go type's
			// limits and constants would be read as a string's)
			f.property(prop, sf.Type)
		}
		optional := omitempty || prop.Default != nil || sf.Type.Kind() == reflect.Pointer || viaPointer(t, sf.Index)
		if optional {
			s.Required = removeString(s.Required, name)
		}
		if sf.Type.Kind() == reflect.Pointer {
			s.Properties.Set(name, f.nullableField(prop))
		} else if f.output && (sf.Type.Kind() == reflect.Slice || sf.Type.Kind() == reflect.Map) {
			s.Properties.Set(name, nullable(prop))
		}
	}
}

// dropUnencoded removes the properties the reflector gave that
// encoding/json does not read or write (names takes them all).
func dropUnencoded(s *jsonschema.Schema, names map[string]bool) {
	var drop []string
	for p := s.Properties.Oldest(); p != nil; p = p.Next() {
		if !names[p.Key] {
			drop = append(drop, p.Key)
		}
	}
	for _, name := range drop {
		s.Properties.Delete(name)
		s.Required = removeString(s.Required, name)
	}
}

// property adds the limits of Go's types and enums for named types with
// declared constants, and fixes the objects of unnamed struct types.
func (f schemaFixer) property(prop *jsonschema.Schema, t reflect.Type) {
	t = Deref(t)
	if HasOwnForm(t) {
		return // its constants are Go values, not its JSON
	}
	f.limits(prop, t)
	switch {
	case (t.Kind() == reflect.Slice || t.Kind() == reflect.Array) && prop.Items != nil:
		f.property(prop.Items, t.Elem())
		prop.Items = nullableIf(prop.Items, t.Elem())
		return
	case t.Kind() == reflect.Map && prop.PatternProperties != nil:
		// Integer keys: the values' schema is under the keys' pattern
		// (additionalProperties is the shared false schema, not to touch).
		for _, ps := range prop.PatternProperties {
			f.property(ps, t.Elem())
		}
		if ps, ok := prop.PatternProperties[unsignedKey]; ok {
			// The reflector's pattern has no sign; encoding/json reads
			// "-1" into the signed keys it is used for.
			delete(prop.PatternProperties, unsignedKey)
			prop.PatternProperties[signedKey] = nullableIf(ps, t.Elem())
		}
	case t.Kind() == reflect.Map && prop.AdditionalProperties != nil:
		f.property(prop.AdditionalProperties, t.Elem())
		prop.AdditionalProperties = nullableIf(prop.AdditionalProperties, t.Elem())
	case t.Kind() == reflect.Struct && t.Name() == "":
		f.object(prop, t)
	}
	if len(prop.Enum) > 0 || t.Name() == "" || t.PkgPath() == "" {
		return
	}
	if vals := f.docs.Values(t); len(vals) > 0 {
		prop.Enum = vals
	}
}

// nullable wraps s as Pydantic does for Optional[X]: anyOf [X, null], with
// description and default hoisted to the wrapper.
func nullable(s *jsonschema.Schema) *jsonschema.Schema {
	w := &jsonschema.Schema{
		AnyOf:       []*jsonschema.Schema{s, {Type: "null"}},
		Description: s.Description,
		Title:       s.Title,
		Default:     s.Default,
	}
	s.Description, s.Title, s.Default = "", "", nil
	return w
}

// nullableField wraps the schema of a pointer field as nullable. A
// Literal-like one (a string enum) says "default": null, as Pydantic
// publishes Literal[…] | None = None; the schema validated against
// leaves it out (nil is what an absent pointer is anyway).
func (f schemaFixer) nullableField(prop *jsonschema.Schema) *jsonschema.Schema {
	w := nullable(prop)
	if w.Default == nil && !f.validation && prop.Type == "string" && len(prop.Enum) > 0 {
		w.Default = jsonNull{}
	}
	return w
}

// jsonNull is a schema value written as null (a nil one is left out).
type jsonNull struct{}

func (jsonNull) MarshalJSON() ([]byte, error) { return []byte("null"), nil }

// nullableIf wraps the schema of an item or map value of Go type t as
// nullable when t is a pointer (nil is null).
func nullableIf(s *jsonschema.Schema, t reflect.Type) *jsonschema.Schema {
	if t.Kind() == reflect.Pointer {
		return nullable(s)
	}
	return s
}

func VisibleFields(t reflect.Type) []reflect.StructField {
	var out []reflect.StructField
	for _, sf := range reflect.VisibleFields(t) {
		if sf.IsExported() && !sf.Anonymous {
			out = append(out, sf)
		}
	}
	return out
}

func JSONName(sf reflect.StructField) (name string, omitempty bool) {
	tag := sf.Tag.Get("json")
	parts := strings.Split(tag, ",")
	name = parts[0]
	if name == "" {
		name = sf.Name
	}
	for _, p := range parts[1:] {
		if p == "omitempty" || p == "omitzero" {
			omitempty = true
		}
	}
	return name, omitempty
}

// The patterns of a map's integer keys.
const (
	unsignedKey = "^[0-9]+$"
	signedKey   = "^-?[0-9]+$"
)

// viaUnexportedPointer reports whether the field at index is promoted
// through an embedded pointer to an unexported struct type.
func viaUnexportedPointer(t reflect.Type, index []int) bool {
	for _, i := range index[:len(index)-1] {
		f := Deref(t).Field(i)
		if f.Type.Kind() == reflect.Pointer && !f.IsExported() {
			return true
		}
		t = f.Type
	}
	return false
}

// viaPointer reports whether the field at index is promoted through an
// embedded pointer, which encoding/json leaves out when it is nil.
func viaPointer(t reflect.Type, index []int) bool {
	for _, i := range index[:len(index)-1] {
		f := Deref(t).Field(i)
		if f.Type.Kind() == reflect.Pointer {
			return true
		}
		t = f.Type
	}
	return false
}

func Deref(t reflect.Type) reflect.Type {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t
}

func removeString(list []string, s string) []string {
	out := list[:0]
	for _, v := range list {
		if v != s {
			out = append(out, v)
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// WrapResult builds the output schema for a value returned as
// {"result": v}: the inner schema's $defs move to the wrapper's root.
func WrapResult(inner *jsonschema.Schema) *jsonschema.Schema {
	defs := inner.Definitions
	inner.Definitions = nil
	inner.Version = ""
	props := jsonschema.NewProperties()
	props.Set("result", inner)
	return &jsonschema.Schema{
		Version:     jsonschema.Version,
		Type:        "object",
		Properties:  props,
		Required:    []string{"result"},
		Definitions: defs,
	}
}
