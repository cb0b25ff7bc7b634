package validate

import (
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/mcpdev/mcpdev/internal/jsonfast"
)

// A Flat decodes the arguments of a struct of scalar fields (strings,
// integers, floats, booleans, and pointers to them) straight from the
// request's bytes into the struct, proving them valid on the way: one pass,
// no decoded tree, no map. It stands before the tree path (DecodeValue, the
// caller's defaults and lax coercions, Proof.Valid, an Assigner) and
// answers only when that path would store the same values without a
// violation: every member's key is exactly a field's name, met once, its
// value of the JSON type the field takes unchanged (a plain string, an
// integer literal of at most 15 digits, true or false, null for a pointer),
// proven valid by the field's subschema, and every required field is
// present. Two of the tree path's steps it takes too: a JSON string holding
// a plain integer (-?[1-9][0-9]{0,14} or 0) for a numeric field whose
// schema type is integer or number, which lax mode reads as that integer;
// and an absent field's default, when the default is a value the field
// takes unchanged and its subschema proves valid (else the field must be
// present). Anything else is "not sure" and the tree path decides, wording
// any violation as before. sdk's TestFlatArgsMatchTree and
// FuzzFlatArgsMatchTree hold it to that path.
type Flat struct {
	root   *proofNode
	fields []flatField
	need   uint64 // fields that must be present: required, or defaulted
}

type flatField struct {
	name  string
	index int
	kind  reflect.Kind // of the value, behind the pointer when ptr
	ptr   bool
	elem  reflect.Type // the pointer's element type when ptr
	node  *proofNode
	lax   bool          // a string holding a plain integer reads as the integer
	def   reflect.Value // the default stored when absent; invalid: none
}

// FlatProperty is what the caller's own preparation does with a property:
// Type is the first non-null JSON type its (dereferenced, non-null branch
// of the) schema names, "" for none; Default is whether an absent property
// is filled in, and DefaultJSON the value it is filled in with (nil: not
// known).
type FlatProperty struct {
	Type        string
	Default     bool
	DefaultJSON []byte
}

// Flat returns the flat decoder of struct type t against the schema v
// proves valid, or nil when t or the schema is not flat: prop describes
// each declared property (ok false: not sure about it).
func (v *Proof) Flat(t reflect.Type, prop func(name string) (p FlatProperty, ok bool)) *Flat {
	if !jsonfast.Fast || v == nil || t.Kind() != reflect.Struct || !flatRoot(v.root) || jsonfast.Unmarshals(t) {
		return nil
	}
	f := &Flat{root: v.root}
	for i := 0; i < t.NumField(); i++ {
		sf := t.Field(i)
		if !sf.IsExported() && !sf.Anonymous {
			continue
		}
		field, skip, ok := flatFieldOf(sf, i)
		if skip {
			continue
		}
		if !ok || len(f.fields) == 64 {
			return nil
		}
		p, ok := prop(field.name)
		n := v.root.props[field.name]
		if _, dup := f.field(field.name); dup || !ok || n == nil || !takesUnchanged(field.kind, p.Type) {
			return nil
		}
		field.node = n
		field.lax = field.kind != reflect.String && field.kind != reflect.Bool && (p.Type == "integer" || p.Type == "number")
		if p.Default && p.DefaultJSON != nil {
			field.def = field.defaultValue(sf.Type, p.DefaultJSON)
		}
		if p.Default && !field.def.IsValid() || slices.Contains(v.root.required, field.name) {
			f.need |= 1 << len(f.fields)
		}
		f.fields = append(f.fields, field)
	}
	for _, name := range v.root.required {
		if _, ok := f.field(name); !ok {
			return nil // never present: the tree path words it
		}
	}
	return f
}

// defaultValue is the default a field takes when absent, stored as a
// member's value would be (invalid when it would not be stored so).
func (ff *flatField) defaultValue(t reflect.Type, def []byte) reflect.Value {
	v := reflect.New(t).Elem()
	if !ff.store(def, v) {
		return reflect.Value{}
	}
	return v
}

// setDefault stores the field's default into dst (a fresh pointer for a
// pointer field: the handler may change what it points to).
func (ff *flatField) setDefault(dst reflect.Value) {
	if ff.ptr && !ff.def.IsNil() {
		p := reflect.New(ff.elem)
		p.Elem().Set(ff.def.Elem())
		dst.Set(p)
		return
	}
	dst.Set(ff.def)
}

// flatRoot: an object schema of properties and required names only.
func flatRoot(n *proofNode) bool {
	return n != nil && !n.unknown && n.ref == nil && n.anyOf == nil && n.allOf == nil && !n.hasEnum &&
		n.allows(tObject) && n.extra == nil && n.minProps < 0 && n.maxProps < 0
}

// flatFieldOf reads one struct field; skip: encoding/json ignores it.
func flatFieldOf(sf reflect.StructField, index int) (f flatField, skip, ok bool) {
	if sf.Anonymous {
		return f, false, false // promoted fields: encoding/json's rules
	}
	tag := sf.Tag.Get("json")
	if tag == "-" {
		return f, true, true
	}
	name, opts, _ := strings.Cut(tag, ",")
	if strings.Contains(","+opts+",", ",string,") {
		return f, false, false
	}
	if name == "" {
		name = sf.Name
	}
	f = flatField{name: name, index: index, kind: sf.Type.Kind()}
	if f.kind == reflect.Pointer {
		f.ptr, f.elem, f.kind = true, sf.Type.Elem(), sf.Type.Elem().Kind()
		if jsonfast.Unmarshals(f.elem) {
			return f, false, false
		}
	}
	return f, false, jsonfast.PlainFieldName(name) && ScalarKind(f.kind) && !jsonfast.Unmarshals(sf.Type)
}

// ScalarKind: strings, booleans, integers and floats.
func ScalarKind(k reflect.Kind) bool {
	switch k {
	case reflect.String, reflect.Bool, reflect.Float32, reflect.Float64,
		reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return true
	}
	return false
}

// takesUnchanged: the caller's preparation leaves a value of the JSON type
// kind takes as it is under a schema of type typ (no lax coercion).
func takesUnchanged(kind reflect.Kind, typ string) bool {
	switch kind {
	case reflect.String:
		return typ == "" || typ == "string"
	case reflect.Bool:
		return typ == "" || typ == "boolean"
	}
	return typ == "" || typ == "integer" || typ == "number"
}

func (f *Flat) field(name string) (int, bool) {
	for i := range f.fields {
		if f.fields[i].name == name {
			return i, true
		}
	}
	return 0, false
}

// Decode stores the arguments raw into dst (a settable value of the
// struct type, zero) and reports true, or reports false, dst left zero,
// when it is not sure (see Flat).
func (f *Flat) Decode(raw []byte, dst reflect.Value) bool {
	if f == nil {
		return false
	}
	var seen uint64
	ok := jsonfast.Object(raw, func(key []byte, escaped bool, val []byte) bool {
		i, known := f.fieldBytes(key)
		if escaped || !known || seen&(1<<i) != 0 {
			return false
		}
		seen |= 1 << i
		return f.fields[i].store(val, dst.Field(f.fields[i].index))
	})
	if !ok || seen&f.need != f.need {
		dst.SetZero()
		return false
	}
	for i := range f.fields {
		if seen&(1<<i) == 0 && f.fields[i].def.IsValid() {
			f.fields[i].setDefault(dst.Field(f.fields[i].index))
		}
	}
	return true
}

func (f *Flat) fieldBytes(key []byte) (int, bool) {
	for i := range f.fields {
		if string(key) == f.fields[i].name {
			return i, true
		}
	}
	return 0, false
}

// store checks one member's value and stores it into dst.
func (ff *flatField) store(val []byte, dst reflect.Value) bool {
	if ff.ptr {
		if string(val) == "null" {
			return ff.node.valid(nil, 1) // dst stays nil
		}
		p := reflect.New(ff.elem)
		if !ff.scalar(val, p.Elem()) {
			return false
		}
		dst.Set(p)
		return true
	}
	return ff.scalar(val, dst)
}

func (ff *flatField) scalar(val []byte, dst reflect.Value) bool {
	switch ff.kind {
	case reflect.String:
		s, ok := jsonfast.PlainString(val)
		if !ok || !ff.node.validString(s, 1) {
			return false
		}
		dst.SetString(s)
		return true
	case reflect.Bool:
		b := string(val) == "true"
		if !b && string(val) != "false" || !ff.node.valid(b, 1) {
			return false
		}
		dst.SetBool(b)
		return true
	}
	if ff.lax && len(val) > 2 && val[0] == '"' {
		val = quotedInteger(val)
	}
	if !integerLiteral(val) || !ff.node.validNumber(val, 1) {
		return false
	}
	switch ff.kind {
	case reflect.Float32, reflect.Float64:
		x, err := strconv.ParseFloat(string(val), dst.Type().Bits())
		if err != nil || dst.OverflowFloat(x) {
			return false
		}
		dst.SetFloat(x)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		x, err := strconv.ParseUint(string(val), 10, 64)
		if err != nil || dst.OverflowUint(x) {
			return false
		}
		dst.SetUint(x)
	default:
		x, err := strconv.ParseInt(string(val), 10, 64)
		if err != nil || dst.OverflowInt(x) {
			return false
		}
		dst.SetInt(x)
	}
	return true
}

// quotedInteger is the integer a JSON string holds as lax mode reads it,
// when it holds one plainly: -?[1-9][0-9]* or 0, no sign, space, escape,
// leading zero or fraction (nil otherwise: the tree path decides).
func quotedInteger(val []byte) []byte {
	digits := val[1 : len(val)-1]
	if val[len(val)-1] != '"' {
		return nil
	}
	d := digits
	if len(d) > 0 && d[0] == '-' {
		d = d[1:]
	}
	if len(d) == 0 || d[0] == '0' && len(digits) > 1 {
		return nil // "-0", "01": not the plain form
	}
	for _, c := range d {
		if c < '0' || c > '9' {
			return nil
		}
	}
	return digits
}

// integerLiteral: -?[0-9]{1,15}, as proofNode.number proves (Value has already
// checked JSON's grammar).
func integerLiteral(val []byte) bool {
	digits := val
	if len(digits) > 0 && digits[0] == '-' {
		digits = digits[1:]
	}
	if len(digits) == 0 || len(digits) > 15 {
		return false
	}
	for _, c := range digits {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}
