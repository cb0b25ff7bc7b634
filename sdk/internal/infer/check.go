package infer

import (
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"

	"github.com/mcpdev/mcpdev/sdk/internal/tags"
)

// CheckFields returns the registration error of a field of t that would
// register fine and then lose what its author wrote: a jsonschema tag the
// reflector cannot read (tags.Check), two fields encoding/json gives one
// JSON name (it keeps neither), and in an input an interface encoding/json
// cannot decode into (every call would fail). A type that gives its own
// schema or JSON form is not looked into.
func CheckFields(t reflect.Type, output bool, docs Docs) error {
	w := fieldCheck{output: output, root: t, docs: docs}
	return w.walk(t)
}

// fieldCheck walks a type's fields; steps are the struct fields from the
// root to where it is, so that names are built only for an error.
type fieldCheck struct {
	seen   []reflect.Type
	output bool
	root   reflect.Type
	steps  []fieldStep
	docs   Docs
}

// fieldStep is field sf of struct type in.
type fieldStep struct {
	in reflect.Type
	sf reflect.StructField
}

// walk checks t, the type where w.steps lead.
func (w *fieldCheck) walk(t reflect.Type) error {
	if slices.Contains(w.seen, t) {
		return nil
	}
	w.seen = append(w.seen, t)
	if t.Kind() == reflect.Interface && !w.output && t.NumMethod() > 0 && !t.Implements(jsonSchemaMethodType) {
		path, goPath := w.names()
		return fmt.Errorf("%s (%s): encoding/json cannot decode into the interface %v: use a concrete type (or any), or give the interface a JSONSchema() method", path, goPath, t)
	}
	if tags.OwnForm(t) {
		return nil
	}
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Array, reflect.Map:
		return w.walk(t.Elem())
	case reflect.Struct:
		if err := checkNames(t, w); err != nil {
			return err
		}
		return w.fields(t)
	}
	return nil
}

// fields checks each field of struct type t.
func (w *fieldCheck) fields(t reflect.Type) error {
	check := func(sf reflect.StructField) error {
		if sf.Tag.Get("json") == "-" { // ("-,…" names a member "-")
			return nil
		}
		w.steps = append(w.steps, fieldStep{t, sf})
		defer func() { w.steps = w.steps[:len(w.steps)-1] }()
		if err := tags.Check(sf, w.docs); err != nil {
			name, goName := w.names()
			return fmt.Errorf("%s (%s): %w", name, goName, err)
		}
		return w.walk(sf.Type)
	}
	if hasEmbedded(t) {
		for _, sf := range VisibleFields(t) {
			if err := check(sf); err != nil {
				return err
			}
		}
		return nil
	}
	for i := range t.NumField() {
		if sf := t.Field(i); sf.IsExported() {
			if err := check(sf); err != nil {
				return err
			}
		}
	}
	return nil
}

// names are the JSON path and the Go name of where w.steps lead: a field of
// a named struct is named by its type, one of an unnamed struct by the path
// to it.
func (w *fieldCheck) names() (path, goPath string) {
	goPath = w.root.String()
	for _, st := range w.steps {
		name, _ := JSONName(st.sf)
		if path != "" {
			name = path + "." + name
		}
		path = name
		if st.in.Name() != "" {
			goPath = st.in.String() + "." + st.sf.Name
		} else {
			goPath += "." + st.sf.Name
		}
	}
	return path, goPath
}

// checkNames refuses two fields of struct t that encoding/json gives the
// same JSON name at the same depth: it reads and writes neither.
func checkNames(t reflect.Type, w *fieldCheck) error {
	if !hasEmbedded(t) && !sameNameTwice(t) {
		return nil // the common case, without allocating
	}
	names := jsonCandidates(t)
	for _, name := range slices.Sorted(maps.Keys(names)) {
		c := names[name]
		if len(c.fields) < 2 {
			continue
		}
		where := name
		if path, _ := w.names(); path != "" {
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

// sameNameTwice reports whether two fields of struct type t, which embeds
// nothing, have one JSON name.
func sameNameTwice(t reflect.Type) bool {
	n := t.NumField()
	for i := range n {
		a, ok := plainJSONName(t.Field(i))
		if !ok {
			continue
		}
		for j := i + 1; j < n; j++ {
			if b, ok := plainJSONName(t.Field(j)); ok && a == b {
				return true
			}
		}
	}
	return false
}

// plainJSONName is the JSON name encoding/json gives field sf of a struct
// that embeds nothing; false for a field it leaves out.
func plainJSONName(sf reflect.StructField) (string, bool) {
	tag := sf.Tag.Get("json")
	if !sf.IsExported() || tag == "-" {
		return "", false
	}
	if name, _, _ := strings.Cut(tag, ","); name != "" {
		return name, true
	}
	return sf.Name, true
}
