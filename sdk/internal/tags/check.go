package tags

import (
	"encoding"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/invopop/jsonschema"

	"github.com/mcpdev/mcpdev/internal/jsonfast"
)

// The reflector drops what it cannot read in a jsonschema tag without a
// word: an unknown key (maximun=50), a value that does not parse
// (minimum=abc, default=ten on an int: the field then becomes required), a
// keyword its field's type does not take. Check makes each a
// registration error that quotes the part of the tag and says what to
// write; a default outside the field's own enum or bounds, which every
// call that omits the field would then be refused for, too.

// tagKeys are the keywords each kind of field takes (an array also takes
// those of its items' kind); every kind takes tagGeneric.
var tagKeys = map[string][]string{
	"string":  {"minLength", "maxLength", "pattern", "format", "readOnly", "writeOnly", "default", "example", "enum"},
	"integer": {"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "default", "example", "enum"},
	"number":  {"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "default", "example", "enum"},
	"boolean": {"default"},
	"array":   {"minItems", "maxItems", "uniqueItems", "default", "format", "pattern"},
	"object":  {},
}

var tagGeneric = []string{"title", "description", "type", "anchor", "oneof_required", "anyof_required",
	"oneof_ref", "oneof_type", "anyof_ref", "anyof_type"}

// tagAliases are keys from other schema libraries, and the one they mean.
var tagAliases = map[string]string{"min": "minimum", "max": "maximum", "desc": "description",
	"regex": "pattern", "regexp": "pattern", "minLen": "minLength", "maxLen": "maxLength"}

// tagInstead says what to write for a keyword that a kind does not take.
var tagInstead = map[string]map[string]string{
	"string": {"minimum": "minLength", "maximum": "maxLength", "minItems": "minLength", "maxItems": "maxLength"},
	"number": {"minLength": "minimum", "maxLength": "maximum"}, "integer": {"minLength": "minimum", "maxLength": "maximum"},
	"array": {"minLength": "minItems", "maxLength": "maxItems"},
}

// fieldTag is a field's jsonschema tag as Check reads it.
type fieldTag struct {
	kind, items string // the field's JSON kind ("" when its type gives its own schema) and its items'
	goType      reflect.Type
	vals        map[string][]string // key → values
	declared    Declared
}

// Check checks the jsonschema tag of field sf; the error quotes the part
// at fault. declared lists the values declared for a named type (its
// enum when the tag gives none), to check a default against.
func Check(sf reflect.StructField, declared Declared) error {
	tag, ok := sf.Tag.Lookup("jsonschema")
	if !ok {
		return nil
	}
	parts := Split(tag)
	if parts[0] == "-" {
		return nil // the reflector leaves the field out
	}
	ft := fieldTag{goType: deref(sf.Type), vals: map[string][]string{}, declared: declared}
	ft.kind = jsonKind(ft.goType, StringOption(sf))
	if ft.kind == "array" {
		ft.items = jsonKind(deref(ft.goType.Elem()), false)
	}
	for i := 0; i < len(parts); i++ {
		part := parts[i]
		key, val, hasVal := strings.Cut(part, "=")
		if err := ft.checkKey(key, val, hasVal); err != nil {
			return fmt.Errorf("jsonschema tag %q: %w", part, err)
		}
		if key == "description" || key == "title" {
			// the text runs on over commas that start no keyword (Text)
			for i+1 < len(parts) && Continues(parts[i+1]) {
				i++
				if k, _, ok := strings.Cut(parts[i], "="); ok && suggestKey(k) != "" {
					return fmt.Errorf("jsonschema tag %q: %w", parts[i], unknownKey(k, ft.kind))
				}
			}
		}
		if hasVal {
			ft.vals[key] = append(ft.vals[key], val)
		}
	}
	for key, vals := range ft.vals {
		for _, v := range vals {
			if err := ft.checkValue(key, v); err != nil {
				return fmt.Errorf("jsonschema tag %q: %w", key+"="+v, err)
			}
		}
	}
	for _, d := range ft.vals["default"] {
		if err := ft.checkDefault(d); err != nil {
			return fmt.Errorf("jsonschema tag %q: %w", "default="+d, err)
		}
	}
	return nil
}

// Declared lists the values declared for a named type: those of its
// Enum method, or its constants.
type Declared interface {
	Values(t reflect.Type) []any
}

// jsonKind is the JSON type of Go type t as the reflector reads tags for
// it; "" for a type that gives its own schema or form, "any" for an
// interface.
func jsonKind(t reflect.Type, asString bool) string {
	if OwnForm(t) {
		return ""
	}
	switch t.Kind() {
	case reflect.String:
		return "string"
	case reflect.Bool:
		if asString {
			return "string"
		}
		return "boolean"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		if asString {
			return "string"
		}
		return "integer"
	case reflect.Float32, reflect.Float64:
		if asString {
			return "string"
		}
		return "number"
	case reflect.Slice, reflect.Array:
		if t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.Uint8 {
			return "string" // base64
		}
		return "array"
	case reflect.Struct, reflect.Map:
		return "object"
	}
	return "any"
}

// OwnForm reports whether t gives its own schema or JSON form, whose tags
// the reflector reads by the kind of that schema.
func OwnForm(t reflect.Type) bool {
	for _, i := range ownFormTypes {
		if t.Implements(i) || reflect.PointerTo(t).Implements(i) {
			return true
		}
	}
	return false
}

// ownFormTypes are the interfaces by which a type gives its own schema or
// JSON form.
var ownFormTypes = []reflect.Type{
	reflect.TypeFor[interface{ JSONSchema() *jsonschema.Schema }](),
	reflect.TypeFor[encoding.TextMarshaler](), reflect.TypeFor[json.Marshaler](),
	reflect.TypeFor[json.Unmarshaler](), reflect.TypeFor[encoding.TextUnmarshaler](),
}

// StringOption reports a json:",string" field: encoding/json reads a
// number or boolean there from a JSON string.
func StringOption(sf reflect.StructField) bool {
	_, opts, _ := strings.Cut(sf.Tag.Get("json"), ",")
	for opts != "" {
		var opt string
		opt, opts, _ = strings.Cut(opts, ",")
		if opt == "string" {
			return true
		}
	}
	return false
}

func deref(t reflect.Type) reflect.Type {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t
}

// takes reports whether a field of this tag's kind takes keyword key.
func (ft fieldTag) takes(key string) bool {
	if ft.kind == "" || slices.Contains(tagGeneric, key) || slices.Contains(tagKeys[ft.kind], key) {
		return true
	}
	return ft.kind == "array" && ft.items != "array" && slices.Contains(tagKeys[ft.items], key)
}

func (ft fieldTag) checkKey(key, val string, hasVal bool) error {
	switch {
	case key == "":
		return nil
	case key == "required" || key == "nullable" || key == "-":
		if hasVal {
			return fmt.Errorf("%s is a flag without a value: write %s", key, key)
		}
		return nil
	case !tagKeywords[key]:
		return unknownKey(key, ft.kind)
	case !hasVal:
		return fmt.Errorf("%s needs a value: write %s=…", key, key)
	case key == "const":
		return fmt.Errorf("the schema reflector does not read const: write enum=%s", val)
	case key == "minProperties" || key == "maxProperties":
		return fmt.Errorf("the schema reflector does not read %s: give the schema by hand (ToolOptions.InputSchema)", key)
	case !ft.takes(key):
		what := "a " + ft.kind + " field"
		if ft.kind == "array" {
			what = "an array of " + ft.items + " items"
		}
		if alt := tagInstead[ft.kind][key]; alt != "" {
			return fmt.Errorf("%s does not apply to %s (%v): write %s=%s", key, what, ft.goType, alt, val)
		}
		return fmt.Errorf("%s does not apply to %s (%v); it takes %s", key, what, ft.goType, strings.Join(ft.keys(), ", "))
	}
	return nil
}

// keys lists the keywords a field of this tag's kind takes.
func (ft fieldTag) keys() []string {
	keys := slices.Clone(tagKeys[ft.kind])
	if ft.kind == "array" && ft.items != "array" {
		for _, k := range tagKeys[ft.items] {
			if !slices.Contains(keys, k) {
				keys = append(keys, k)
			}
		}
	}
	return append(keys, "title", "description", "required", "nullable")
}

func unknownKey(key, kind string) error {
	if s := suggestKey(key); s != "" {
		return fmt.Errorf("unknown key %q; did you mean %q?", key, s)
	}
	if kind == "" || kind == "any" || kind == "object" {
		return fmt.Errorf("unknown key %q; the keys are title, description, required, nullable and those of the field's type", key)
	}
	return fmt.Errorf("unknown key %q; a %s field takes %s", key, kind, strings.Join(fieldTag{kind: kind}.keys(), ", "))
}

// suggestKey is the keyword key probably misspells, or "".
func suggestKey(key string) string {
	if a, ok := tagAliases[key]; ok {
		return a
	}
	best, bestDist := "", 3
	for k := range tagKeywords {
		if strings.EqualFold(k, key) {
			return k
		}
		d := editDistance(strings.ToLower(key), strings.ToLower(k))
		if d*2 >= len(k) {
			continue
		}
		if d < bestDist || d == bestDist && k < best {
			best, bestDist = k, d
		}
	}
	return best
}

// editDistance is the Levenshtein distance between a and b (bytes).
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// checkValue checks that value v of keyword key parses as the reflector
// needs it to.
func (ft fieldTag) checkValue(key, v string) error {
	switch key {
	case "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf":
		if _, ok := jsonNumber(v); !ok {
			return fmt.Errorf("%q is not a number: write a JSON number, as %s=10", v, key)
		}
	case "minLength", "maxLength", "minItems", "maxItems":
		if _, err := strconv.ParseUint(v, 10, 64); err != nil {
			return fmt.Errorf("%q is not a count: write a whole number, as %s=1", v, key)
		}
	case "default", "enum", "example":
		if ft.kind == "array" && key != "default" {
			return ft.itemValue(v)
		}
		if ft.kind == "array" {
			return nil // the reflector keeps an array's defaults as strings
		}
		return ft.scalarValue(ft.kind, ft.goType, v)
	}
	return nil
}

func (ft fieldTag) itemValue(v string) error {
	return ft.scalarValue(ft.items, deref(ft.goType.Elem()), v)
}

// scalarValue checks v as a value of the given kind and Go type.
func (ft fieldTag) scalarValue(kind string, t reflect.Type, v string) error {
	switch kind {
	case "integer":
		var err error
		if t.Kind() >= reflect.Uint && t.Kind() <= reflect.Uintptr {
			_, err = strconv.ParseUint(v, 10, t.Bits())
		} else {
			_, err = strconv.ParseInt(v, 10, t.Bits())
		}
		if err != nil && strings.Contains(err.Error(), "range") {
			return fmt.Errorf("%s is out of range for %v", v, t)
		}
		if err != nil {
			return fmt.Errorf("%q is not an integer (%v): write digits, as 10", v, t)
		}
	case "number":
		if _, ok := jsonNumber(v); !ok {
			return fmt.Errorf("%q is not a number (%v): write a JSON number, as 2.5", v, t)
		}
	case "boolean":
		if v != "true" && v != "false" {
			return fmt.Errorf("%q is not a boolean: write true or false", v)
		}
	case "object", "any":
		return fmt.Errorf("a %v field takes no default, enum or example in a tag", t)
	}
	return nil
}

// jsonNumber parses v if it is a JSON number.
func jsonNumber(v string) (float64, bool) {
	if !jsonfast.IsNumber(v) {
		return 0, false
	}
	f, err := strconv.ParseFloat(v, 64)
	return f, err == nil
}

// checkDefault checks that default d is one of the field's enum values
// and within its bounds.
func (ft fieldTag) checkDefault(d string) error {
	if ft.kind == "" || ft.kind == "array" {
		return nil
	}
	enum := ft.vals["enum"]
	if len(enum) == 0 && ft.goType.Name() != "" && ft.goType.PkgPath() != "" && ft.declared != nil {
		for _, v := range ft.declared.Values(ft.goType) {
			enum = append(enum, fmt.Sprint(v))
		}
	}
	if len(enum) > 0 && !slices.ContainsFunc(enum, func(e string) bool { return sameValue(ft.kind, e, d) }) {
		return fmt.Errorf("%s is not one of the field's values %s: write one of them", d, strings.Join(enum, ", "))
	}
	if ft.kind == "string" {
		n := uint64(utf8.RuneCountInString(d))
		if m, err := strconv.ParseUint(ft.one("minLength"), 10, 64); err == nil && n < m {
			return fmt.Errorf("the default is shorter than minLength=%d: write a longer one", m)
		}
		if m, err := strconv.ParseUint(ft.one("maxLength"), 10, 64); err == nil && n > m {
			return fmt.Errorf("the default is longer than maxLength=%d: write a shorter one", m)
		}
		return nil
	}
	x, ok := jsonNumber(d)
	if !ok {
		return nil
	}
	for _, b := range []struct {
		key string
		out func(x, bound float64) bool
	}{
		{"minimum", func(x, m float64) bool { return x < m }},
		{"maximum", func(x, m float64) bool { return x > m }},
		{"exclusiveMinimum", func(x, m float64) bool { return x <= m }},
		{"exclusiveMaximum", func(x, m float64) bool { return x >= m }},
	} {
		if m, ok := jsonNumber(ft.one(b.key)); ok && b.out(x, m) {
			return fmt.Errorf("%s is outside %s=%s: write a default within the field's bounds", d, b.key, ft.one(b.key))
		}
	}
	return nil
}

func (ft fieldTag) one(key string) string {
	if v := ft.vals[key]; len(v) > 0 {
		return v[len(v)-1]
	}
	return ""
}

// sameValue reports whether tag values a and b are the same value of kind.
func sameValue(kind, a, b string) bool {
	if kind == "integer" || kind == "number" {
		x, ok1 := jsonNumber(a)
		y, ok2 := jsonNumber(b)
		return ok1 && ok2 && x == y
	}
	return a == b
}
