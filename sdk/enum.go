package sdk

import (
	"encoding/json"
	"reflect"

	"github.com/invopop/jsonschema"
)

// Enumer is implemented by a named type that lists its allowed values
// itself. Every field of that type gets them as the schema's enum, so a
// value outside the list is refused.
//
// Without the method, the values are the constants declared for the type
// (type Color string; const Red Color = "red" …), read from the source or
// from the table cmd/mcpdocs generates. The method needs neither, so
// validation does not depend on where the binary runs:
//
//	func (Color) Enum() []any { return []any{Red, Green, Blue} }
//
// A type can also set its schema with invopop/jsonschema's JSONSchemaExtend
// method; an enum set there is kept.
type Enumer interface {
	Enum() []any
}

var enumerType = reflect.TypeFor[Enumer]()

// declaredValues returns the allowed values of named type t: those of its
// Enum method, or the constants declared for it.
func declaredValues(t reflect.Type, docs *docIndex) []any {
	if vals, ok := enumMethod(t); ok {
		return vals
	}
	return docs.enum(t)
}

// enumMethod calls t's Enum method (on a value or pointer receiver) and
// returns its values as they are in JSON.
func enumMethod(t reflect.Type) ([]any, bool) {
	var e Enumer
	switch {
	case t.Implements(enumerType):
		e = reflect.Zero(t).Interface().(Enumer)
	case reflect.PointerTo(t).Implements(enumerType):
		e = reflect.New(t).Interface().(Enumer)
	default:
		return nil, false
	}
	vals := e.Enum()
	out := make([]any, 0, len(vals))
	for _, v := range vals {
		b, err := json.Marshal(v)
		if err != nil {
			continue
		}
		var j any
		if json.Unmarshal(b, &j) == nil {
			out = append(out, j)
		}
	}
	return out, true
}

// declaresOwnSchema reports whether t says its values without the source:
// an Enum method or invopop/jsonschema's JSONSchema or JSONSchemaExtend.
//
// It asks with interfaces, not reflect's MethodByName: a MethodByName call
// whose name the linker cannot see makes it keep every exported method of
// every type in the binary (2 MB more text, and more RSS, in every server).
func declaresOwnSchema(t reflect.Type) bool {
	for _, i := range ownSchemaTypes {
		if t.Implements(i) || reflect.PointerTo(t).Implements(i) {
			return true
		}
	}
	return false
}

// ownSchemaTypes are the methods by which a type declares its own schema:
// ours, and the two invopop/jsonschema calls.
var ownSchemaTypes = []reflect.Type{
	enumerType,
	reflect.TypeFor[interface{ JSONSchema() *jsonschema.Schema }](),
	reflect.TypeFor[interface{ JSONSchemaExtend(*jsonschema.Schema) }](),
}
