package sdk

import (
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"
)

// checkFields returns the registration error of a field of t that would
// register fine and then lose what its author wrote: a jsonschema tag the
// reflector cannot read (checkTag), two fields encoding/json gives one
// JSON name (it keeps neither), and in an input an interface encoding/json
// cannot decode into (every call would fail). A type that gives its own
// schema or JSON form is not looked into.
func checkFields(t reflect.Type, output bool) error {
	w := fieldCheck{seen: map[reflect.Type]bool{}, output: output}
	return w.walk(t, "", t.String())
}

type fieldCheck struct {
	seen   map[reflect.Type]bool
	output bool
}

// walk checks t, the type at JSON path path and Go field goPath.
func (w *fieldCheck) walk(t reflect.Type, path, goPath string) error {
	if w.seen[t] {
		return nil
	}
	w.seen[t] = true
	if t.Kind() == reflect.Interface && !w.output && t.NumMethod() > 0 && !t.Implements(jsonSchemaMethodType) {
		return fmt.Errorf("%s (%s): encoding/json cannot decode into the interface %v: use a concrete type (or any), or give the interface a JSONSchema() method", path, goPath, t)
	}
	if ownForm(t) {
		return nil
	}
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Array, reflect.Map:
		return w.walk(t.Elem(), path, goPath)
	case reflect.Struct:
		if err := checkNames(t, path); err != nil {
			return err
		}
		for _, sf := range visibleFields(t) {
			if sf.Tag.Get("json") == "-" { // ("-,…" names a member "-")
				continue
			}
			name, goName := fieldPath(t, sf, path, goPath)
			if err := checkTag(sf); err != nil {
				return fmt.Errorf("%s (%s): %w", name, goName, err)
			}
			if err := w.walk(sf.Type, name, goName); err != nil {
				return err
			}
		}
	}
	return nil
}

// fieldPath is the JSON path and the Go name of field sf of struct t,
// which is at JSON path path and Go field goPath.
func fieldPath(t reflect.Type, sf reflect.StructField, path, goPath string) (string, string) {
	name, _ := jsonName(sf)
	if path != "" {
		name = path + "." + name
	}
	if t.Name() != "" {
		return name, t.String() + "." + sf.Name
	}
	return name, goPath + "." + sf.Name
}

// checkNames refuses two fields of struct t that encoding/json gives the
// same JSON name at the same depth: it reads and writes neither.
func checkNames(t reflect.Type, path string) error {
	names := jsonCandidates(t)
	for _, name := range slices.Sorted(maps.Keys(names)) {
		c := names[name]
		if len(c.fields) < 2 {
			continue
		}
		where := name
		if path != "" {
			where = path + "." + name
		}
		fix := "give one of them another name (json:\"…\")"
		if !c.tagged {
			fix = fmt.Sprintf("tag the one to keep json:%q, or rename one", name)
		}
		return fmt.Errorf("%s (%s): %d fields have the JSON name %q and encoding/json reads and writes none of them: %s",
			where, strings.Join(c.fields, ", "), len(c.fields), name, fix)
	}
	return nil
}
