package infer

import (
	"encoding"
	"fmt"
	"reflect"

	"github.com/invopop/jsonschema"
)

// Types JSON has no form for (chan, func, complex, a map keyed by a
// struct) are refused when a tool, prompt or template is declared, the
// error naming the field, rather than panicking inside the reflector or
// failing every call with an error the model cannot act on.

// reflectSchema runs the reflector, whose panic on such a type becomes
// an error (newDefNames flags the likely cases before; this is the
// backstop).
func reflectSchema(t reflect.Type, r *jsonschema.Reflector) (s *jsonschema.Schema, err error) {
	defer func() {
		if v := recover(); v != nil {
			if err = checkEncodable(t); err == nil {
				err = fmt.Errorf("cannot infer a JSON Schema for %v: %v", t, v)
			}
		}
	}()
	return r.ReflectFromType(t), nil
}

// checkEncodable says where t holds a type JSON has no form for, if it
// does, among the fields encoding/json would read or write.
func checkEncodable(t reflect.Type) error {
	w := encodableWalk{seen: map[reflect.Type]bool{}}
	if w.walk(t, "", t.String()) {
		if jsonOnly(w.bad) {
			return fmt.Errorf("%s (%s): %v%s", w.where, w.goWhere, w.bad, w.why)
		}
		return fmt.Errorf("%s (%s): JSON has no form for %v%s", w.where, w.goWhere, w.bad, w.why)
	}
	return nil
}

type encodableWalk struct {
	seen           map[reflect.Type]bool
	where, goWhere string // the JSON path and the Go field of the first bad type
	bad            reflect.Type
	why            string
}

var (
	jsonSchemaMethodType = reflect.TypeFor[interface{ JSONSchema() *jsonschema.Schema }]()
	textMarshalerType    = reflect.TypeFor[encoding.TextMarshaler]()
	textUnmarshalerType  = reflect.TypeFor[encoding.TextUnmarshaler]()
)

// walk reports whether t, the type at JSON path path and Go field goPath,
// holds a bad type. A type that gives its own schema is not looked into.
func (w *encodableWalk) walk(t reflect.Type, path, goPath string) bool {
	if w.seen[t] {
		return false
	}
	w.seen[t] = true
	if jsonOnly(t) {
		w.where, w.goWhere, w.bad, w.why = path, goPath, t, jsonOnlyWhy(t)
		return true
	}
	if HasOwnForm(t) {
		return false
	}
	if !jsonable(t) {
		w.where, w.goWhere, w.bad = path, goPath, t
		if t.Kind() == reflect.Map {
			w.why = " (object keys are strings, integers or encoding.TextMarshaler types)"
		}
		return true
	}
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Array, reflect.Map:
		return w.walk(t.Elem(), path, goPath)
	case reflect.Struct:
		for _, sf := range reflect.VisibleFields(t) {
			if sf.Anonymous || !sf.IsExported() || sf.Tag.Get("json") == "-" { // ("-,…" names a member "-")
				continue
			}
			name, goName := fieldPath(t, sf, path, goPath)
			if w.walk(sf.Type, name, goName) {
				return true
			}
		}
	}
	return false
}

// jsonable reports whether t itself has a JSON form (what it holds is
// another matter): not a chan, func or complex number, and not a map
// whose keys encoding/json cannot write as strings.
func jsonable(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Chan, reflect.Func, reflect.Complex64, reflect.Complex128, reflect.UnsafePointer:
		return false
	case reflect.Map:
		k := t.Key()
		switch k.Kind() {
		case reflect.String, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
			reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
			return true
		}
		return k.Implements(textMarshalerType) || reflect.PointerTo(k).Implements(textUnmarshalerType)
	}
	return true
}

// fieldPath is the JSON path and the Go name of field sf of struct t,
// which is at JSON path path and Go field goPath.
func fieldPath(t reflect.Type, sf reflect.StructField, path, goPath string) (string, string) {
	name, _ := JSONName(sf)
	if path != "" {
		name = path + "." + name
	}
	if t.Name() != "" {
		return name, t.String() + "." + sf.Name
	}
	return name, goPath + "." + sf.Name
}
