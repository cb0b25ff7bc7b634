package jsonfast

import (
	"encoding"
	"encoding/json"
	"math"
	"reflect"
	"strconv"
	"strings"
)

// An Assigner stores a validated argument value, as DecodeValue and sdk's
// prepare leave it (map[string]any, []any, json.Number, float64 from a schema
// default, string, bool, nil), into dst with encoding/json's semantics, so
// the handler gets what json.Unmarshal of the re-encoded value would give,
// without encoding and decoding again. It reports false for anything it
// does not handle exactly like encoding/json (an unknown key, a number
// that does not fit, a type mismatch); the caller then falls back to
// encoding/json, which also words the error.
type Assigner func(v any, dst reflect.Value) bool

var (
	jsonUnmarshalerType = reflect.TypeFor[json.Unmarshaler]()
	textUnmarshalerType = reflect.TypeFor[encoding.TextUnmarshaler]()
)

// Unmarshals reports whether t or *t unmarshals itself (json.Unmarshaler
// or encoding.TextUnmarshaler): encoding/json's rules, not a fast path's.
func Unmarshals(t reflect.Type) bool {
	return t.Implements(jsonUnmarshalerType) || t.Implements(textUnmarshalerType) ||
		reflect.PointerTo(t).Implements(jsonUnmarshalerType) || reflect.PointerTo(t).Implements(textUnmarshalerType)
}

// NewAssigner builds t's Assigner, or returns nil when t holds something
// only encoding/json gets right: custom unmarshalers, interfaces, embedded
// fields, ",string" options, arrays, []byte, non-string map keys.
func NewAssigner(t reflect.Type) Assigner {
	if !Fast {
		return nil
	}
	c := assignCompiler{done: map[reflect.Type]*Assigner{}}
	a := c.build(t)
	if c.failed {
		return nil // some part (maybe reached only through a cycle) is not handled
	}
	return a
}

type assignCompiler struct {
	done   map[reflect.Type]*Assigner // built or being built (recursive types)
	failed bool
}

func (c *assignCompiler) build(t reflect.Type) Assigner {
	if slot, ok := c.done[t]; ok {
		if *slot != nil {
			return *slot
		}
		// Built, or being built further up (a recursive type): call
		// through the slot, which is filled in when t is done.
		return func(v any, dst reflect.Value) bool { return (*slot)(v, dst) }
	}
	if Unmarshals(t) {
		c.failed = true
		return nil
	}
	slot := new(Assigner)
	c.done[t] = slot
	a := c.kind(t)
	if a == nil {
		c.failed = true
	}
	*slot = a
	return a
}

func (c *assignCompiler) kind(t reflect.Type) Assigner {
	switch t.Kind() {
	case reflect.String:
		return assignString
	case reflect.Bool:
		return assignBool
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return assignInt
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return assignUint
	case reflect.Float32, reflect.Float64:
		return assignFloat
	case reflect.Pointer:
		return c.pointer(t)
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Uint8 {
			return nil // []byte is base64 in JSON
		}
		return c.slice(t)
	case reflect.Map:
		return c.mapOf(t)
	case reflect.Struct:
		return c.structOf(t)
	}
	return nil // interfaces, arrays, channels, funcs, complex numbers
}

func assignString(v any, dst reflect.Value) bool {
	switch x := v.(type) {
	case string:
		dst.SetString(x)
		return true
	case nil:
		return true // null leaves a non-pointer as it is
	}
	return false
}

func assignBool(v any, dst reflect.Value) bool {
	switch x := v.(type) {
	case bool:
		dst.SetBool(x)
		return true
	case nil:
		return true
	}
	return false
}

func assignInt(v any, dst reflect.Value) bool {
	var n int64
	switch x := v.(type) {
	case json.Number:
		var err error
		if n, err = strconv.ParseInt(string(x), 10, 64); err != nil {
			return false
		}
	case float64: // a schema default
		if x != math.Trunc(x) || math.Abs(x) > 1<<53 {
			return false
		}
		n = int64(x)
	case nil:
		return true
	default:
		return false
	}
	if dst.OverflowInt(n) {
		return false
	}
	dst.SetInt(n)
	return true
}

func assignUint(v any, dst reflect.Value) bool {
	var n uint64
	switch x := v.(type) {
	case json.Number:
		var err error
		if n, err = strconv.ParseUint(string(x), 10, 64); err != nil {
			return false
		}
	case float64:
		if x != math.Trunc(x) || x < 0 || x > 1<<53 {
			return false
		}
		n = uint64(x)
	case nil:
		return true
	default:
		return false
	}
	if dst.OverflowUint(n) {
		return false
	}
	dst.SetUint(n)
	return true
}

func assignFloat(v any, dst reflect.Value) bool {
	var f float64
	switch x := v.(type) {
	case json.Number:
		var err error
		if f, err = strconv.ParseFloat(string(x), dst.Type().Bits()); err != nil {
			return false
		}
	case float64:
		if dst.Kind() != reflect.Float64 {
			return false // encoding/json would round the decimal text, not x
		}
		f = x
	case nil:
		return true
	default:
		return false
	}
	if dst.OverflowFloat(f) {
		return false
	}
	dst.SetFloat(f)
	return true
}

func (c *assignCompiler) pointer(t reflect.Type) Assigner {
	elem := c.build(t.Elem())
	if elem == nil {
		return nil
	}
	et := t.Elem()
	return func(v any, dst reflect.Value) bool {
		if v == nil {
			dst.SetZero()
			return true
		}
		p := reflect.New(et)
		if !elem(v, p.Elem()) {
			return false
		}
		dst.Set(p)
		return true
	}
}

func (c *assignCompiler) slice(t reflect.Type) Assigner {
	elem := c.build(t.Elem())
	if elem == nil {
		return nil
	}
	return func(v any, dst reflect.Value) bool {
		switch x := v.(type) {
		case nil:
			dst.SetZero()
			return true
		case []any:
			s := reflect.MakeSlice(t, len(x), len(x)) // [] gives an empty, non-nil slice
			for i, item := range x {
				if !elem(item, s.Index(i)) {
					return false
				}
			}
			dst.Set(s)
			return true
		}
		return false
	}
}

func (c *assignCompiler) mapOf(t reflect.Type) Assigner {
	kt := t.Key()
	if kt.Kind() != reflect.String || reflect.PointerTo(kt).Implements(textUnmarshalerType) || kt.Implements(textUnmarshalerType) {
		return nil
	}
	elem := c.build(t.Elem())
	if elem == nil {
		return nil
	}
	et := t.Elem()
	return func(v any, dst reflect.Value) bool {
		switch x := v.(type) {
		case nil:
			dst.SetZero()
			return true
		case map[string]any:
			m := reflect.MakeMapWithSize(t, len(x))
			ev := reflect.New(et).Elem()
			for k, item := range x {
				ev.SetZero()
				if !elem(item, ev) {
					return false
				}
				m.SetMapIndex(reflect.ValueOf(k).Convert(kt), ev)
			}
			dst.Set(m)
			return true
		}
		return false
	}
}

type assignField struct {
	name  string
	index int
	set   Assigner
}

func (c *assignCompiler) structOf(t reflect.Type) Assigner {
	var fields []assignField
	seen := map[string]bool{}
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if f.Anonymous {
			return nil // embedded fields promote theirs: encoding/json's rules
		}
		if !f.IsExported() {
			continue
		}
		tag := f.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		if strings.Contains(","+opts+",", ",string,") {
			return nil
		}
		if name == "" {
			name = f.Name
		}
		if !PlainFieldName(name) || seen[name] {
			return nil // odd tags and clashing names: encoding/json's rules
		}
		seen[name] = true
		set := c.build(f.Type)
		if set == nil {
			return nil
		}
		fields = append(fields, assignField{name: name, index: i, set: set})
	}
	return func(v any, dst reflect.Value) bool {
		switch x := v.(type) {
		case nil:
			return true
		case map[string]any:
			matched := 0
			for _, f := range fields {
				item, ok := x[f.name]
				if !ok {
					continue
				}
				matched++
				if !f.set(item, dst.Field(f.index)) {
					return false
				}
			}
			// A key that is no field's exact name: encoding/json matches
			// case-insensitively or ignores it; let it decide.
			return matched == len(x)
		}
		return false
	}
}

// PlainFieldName: letters, digits, '_', '-', '.', '$' — names whose
// encoding/json treatment has no subtleties.
func PlainFieldName(s string) bool {
	for _, r := range s {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '_', r == '-', r == '.', r == '$':
		default:
			return false
		}
	}
	return s != ""
}
