package sdk

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"github.com/mcpdev/mcpdev/sdk/internal/infer"
	"github.com/mcpdev/mcpdev/sdk/internal/tags"
)

// An elicitation form's requestedSchema is a restricted JSON Schema: one
// flat object of string, number, integer and boolean properties, and
// single- or multi-select enums (SEP-1330), each with a title, a
// description and a default (SEP-1034). elicitSchema builds it from the
// fields of a struct:
//
//	type Booking struct {
//		Name   string   `json:"name" jsonschema:"title=Your name,minLength=1"`
//		Nights int      `json:"nights" jsonschema:"minimum=1,maximum=14,default=2"`
//		Email  string   `json:"email,omitempty" jsonschema:"format=email"`
//		Room   string   `json:"room" jsonschema:"enum=single,enum=double" enumTitles:"Single room,Double room"`
//		Extras []string `json:"extras,omitempty" jsonschema:"enum=breakfast,enum=parking"`
//	}
//
// A field is required unless it is a pointer, omitempty or has a default.
// The description is the tag's, or else the field's doc comment. The
// jsonschema keywords read are title, description, default, enum, format,
// minLength, maxLength, minimum, maximum, minItems and maxItems; the
// enumTitles tag (comma-separated, `\,` for a comma) titles the enum
// values (oneOf/anyOf of const and title), and enumNames gives the
// deprecated enumNames list instead. A named type's declared constants
// (or its Enum method) are its enum, as in tool arguments.

// schemaProp is one property of a requested schema, its keywords in order.
type schemaProp struct {
	name string
	kw   []kv
}

type kv struct {
	k string
	v any
}

// elicitSchema returns the requested schema of struct type t.
func elicitSchema(t reflect.Type) (json.RawMessage, error) {
	t = infer.Deref(t)
	if t.Kind() != reflect.Struct {
		return nil, fmt.Errorf("sdk: an elicitation form is a struct, not %v", t)
	}
	if err := checkFields(t, false); err != nil {
		return nil, fmt.Errorf("sdk: elicitation form %v: %w", t, err)
	}
	var props []schemaProp
	var required []string
	for _, sf := range infer.VisibleFields(t) {
		if sf.Tag.Get("json") == "-" { // ("-,…" names a member "-", as encoding/json reads it)
			continue
		}
		name, omitempty := infer.JSONName(sf)
		p, hasDefault, err := elicitProp(t, sf)
		if err != nil {
			return nil, fmt.Errorf("sdk: elicitation form %v, field %s: %w", t, sf.Name, err)
		}
		props = append(props, schemaProp{name: name, kw: p})
		if !omitempty && !hasDefault && sf.Type.Kind() != reflect.Pointer {
			required = append(required, name)
		}
	}
	return encodeElicitSchema(props, required), nil
}

// elicitProp builds the keywords of field sf of struct t.
func elicitProp(t reflect.Type, sf reflect.StructField) ([]kv, bool, error) {
	ft := infer.Deref(sf.Type)
	tags := readSchemaTag(sf)
	var kws []kv
	add := func(k string, v any) { kws = append(kws, kv{k, v}) }
	typ, err := elicitType(ft)
	if err != nil {
		return nil, false, err
	}
	if title := tags.one("title"); title != "" {
		add("title", title)
	}
	desc := tags.one("description")
	if desc == "" {
		desc = docs.field(t, sf.Name)
	}
	if desc != "" {
		add("description", desc)
	}
	enum := tags.all("enum")
	if len(enum) == 0 && !infer.HasOwnForm(ft) {
		enum = namedEnum(ft)
	}
	hasDefault := false
	if typ == "array" {
		hasDefault, err = arrayKeywords(&kws, ft, enum, sf, tags)
	} else {
		hasDefault, err = scalarKeywords(&kws, typ, enum, sf, tags)
	}
	if f := elicitFormat(ft, false); f != "" && typ == "string" && tags.one("format") == "" {
		kws = append(kws, kv{"format", f})
	}
	return kws, hasDefault, err
}

// elicitFormat is the format of a type with a JSON form of its own that
// a form's schema publishes (those it allows: uri, date-time), or, for
// validation, checks the answer by (uuid, ipvanyaddress… too).
func elicitFormat(t reflect.Type, validation bool) string {
	s := infer.OwnSchema(t, validation)
	if s == nil || s.Type != "string" {
		return ""
	}
	switch s.Format {
	case "uri", "date-time", "date", "email":
		return s.Format
	}
	if validation {
		return s.Format
	}
	return ""
}

// elicitType is the schema type of a field's Go type: a type with a
// JSON form of its own that is a string is one.
func elicitType(t reflect.Type) (string, error) {
	if s := infer.OwnSchema(t, false); s != nil && s.Type == "string" {
		return "string", nil
	}
	switch t.Kind() {
	case reflect.String:
		return "string", nil
	case reflect.Bool:
		return "boolean", nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "integer", nil
	case reflect.Float32, reflect.Float64:
		return "number", nil
	case reflect.Slice:
		if t.Elem().Kind() == reflect.String {
			return "array", nil
		}
	}
	return "", fmt.Errorf("type %v: a form field is a string, a number, an integer, a boolean or a []string of enum values", t)
}

// namedEnum lists a named string type's declared values.
func namedEnum(t reflect.Type) []string {
	if t.Kind() == reflect.Slice {
		t = t.Elem()
	}
	if t.Name() == "" || t.PkgPath() == "" {
		return nil
	}
	var out []string
	for _, v := range declaredValues(t, docs) {
		if s, ok := v.(string); ok {
			out = append(out, s)
		}
	}
	return out
}

func scalarKeywords(kws *[]kv, typ string, enum []string, sf reflect.StructField, tags schemaTag) (bool, error) {
	*kws = append(*kws, kv{"type", typ})
	if len(enum) > 0 {
		if typ != "string" {
			return false, fmt.Errorf("an enum field is a string")
		}
		if err := enumKeywords(kws, enum, sf, "oneOf"); err != nil {
			return false, err
		}
	}
	for _, k := range []string{"format", "minLength", "maxLength", "minimum", "maximum"} {
		if v := tags.one(k); v != "" {
			val, err := keywordValue(k, typ, v)
			if err != nil {
				return false, err
			}
			*kws = append(*kws, kv{k, val})
		}
	}
	d := tags.one("default")
	if d == "" {
		return false, nil
	}
	val, err := keywordValue("default", typ, d)
	if err != nil {
		return false, err
	}
	*kws = append(*kws, kv{"default", val})
	return true, nil
}

func arrayKeywords(kws *[]kv, t reflect.Type, enum []string, sf reflect.StructField, tags schemaTag) (bool, error) {
	if len(enum) == 0 {
		return false, fmt.Errorf("a multi-select field ([]string) needs enum values")
	}
	*kws = append(*kws, kv{"type", "array"})
	var items []kv
	if titles := splitList(sf.Tag.Get("enumTitles")); len(titles) > 0 {
		if len(titles) != len(enum) {
			return false, fmt.Errorf("%d enumTitles for %d enum values", len(titles), len(enum))
		}
		items = append(items, kv{"anyOf", titledValues(enum, titles)})
	} else {
		items = append(items, kv{"type", "string"}, kv{"enum", enum})
	}
	*kws = append(*kws, kv{"items", kvObject(items)})
	for _, k := range []string{"minItems", "maxItems"} {
		if v := tags.one(k); v != "" {
			n, err := strconv.Atoi(v)
			if err != nil {
				return false, fmt.Errorf("%s=%q is not an integer", k, v)
			}
			*kws = append(*kws, kv{k, n})
		}
	}
	if d := tags.all("default"); len(d) > 0 {
		*kws = append(*kws, kv{"default", d})
		return true, nil
	}
	return false, nil
}

// enumKeywords adds a single-select enum: enum, titled (oneOf of const and
// title) or with the deprecated enumNames.
func enumKeywords(kws *[]kv, enum []string, sf reflect.StructField, titledKey string) error {
	if titles := splitList(sf.Tag.Get("enumTitles")); len(titles) > 0 {
		if len(titles) != len(enum) {
			return fmt.Errorf("%d enumTitles for %d enum values", len(titles), len(enum))
		}
		*kws = append(*kws, kv{titledKey, titledValues(enum, titles)})
		return nil
	}
	*kws = append(*kws, kv{"enum", enum})
	if names := splitList(sf.Tag.Get("enumNames")); len(names) > 0 {
		if len(names) != len(enum) {
			return fmt.Errorf("%d enumNames for %d enum values", len(names), len(enum))
		}
		*kws = append(*kws, kv{"enumNames", names})
	}
	return nil
}

func titledValues(enum, titles []string) []kvObject {
	out := make([]kvObject, len(enum))
	for i := range enum {
		out[i] = kvObject{{"const", enum[i]}, {"title", titles[i]}}
	}
	return out
}

// keywordValue parses a tag value for keyword k of a property of type typ.
func keywordValue(k, typ, v string) (any, error) {
	switch {
	case k == "format":
		return v, nil
	case k == "minLength" || k == "maxLength" || typ == "integer":
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			return nil, fmt.Errorf("%s=%q is not an integer", k, v)
		}
		return n, nil
	case typ == "number":
		f, err := strconv.ParseFloat(v, 64)
		if err != nil {
			return nil, fmt.Errorf("%s=%q is not a number", k, v)
		}
		return f, nil
	case typ == "boolean":
		b, err := strconv.ParseBool(v)
		if err != nil {
			return nil, fmt.Errorf("%s=%q is not a boolean", k, v)
		}
		return b, nil
	}
	return v, nil
}

// kvObject encodes as a JSON object with its keys in order.
type kvObject []kv

func (o kvObject) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, e := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(e.k)
		v, err := json.Marshal(e.v)
		if err != nil {
			return nil, err
		}
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

func encodeElicitSchema(props []schemaProp, required []string) json.RawMessage {
	ps := make(kvObject, len(props))
	for i, p := range props {
		ps[i] = kv{p.name, kvObject(p.kw)}
	}
	doc := kvObject{{"type", "object"}, {"properties", ps}}
	if len(required) > 0 {
		doc = append(doc, kv{"required", required})
	}
	data, _ := json.Marshal(doc)
	return data
}

// schemaTag is a field's jsonschema tag, split into keyword=value parts.
type schemaTag []string

func readSchemaTag(sf reflect.StructField) schemaTag {
	tag, ok := sf.Tag.Lookup("jsonschema")
	if !ok {
		return nil
	}
	return schemaTag(tags.Split(tag))
}

// one returns the value of keyword k (title and description run on over
// commas that start no keyword, as tags.Text reads them).
func (t schemaTag) one(k string) string {
	for i := 0; i < len(t); i++ {
		key, val, _ := strings.Cut(t[i], "=")
		if key != k {
			continue
		}
		for (k == "title" || k == "description") && i+1 < len(t) && tags.Continues(t[i+1]) {
			i++
			val += "," + t[i]
		}
		return val
	}
	return ""
}

// all returns every value of keyword k (enum=a,enum=b).
func (t schemaTag) all(k string) []string {
	var out []string
	for _, part := range t {
		if key, val, _ := strings.Cut(part, "="); key == k {
			out = append(out, val)
		}
	}
	return out
}

// splitList splits a comma-separated tag ("" is none).
func splitList(tag string) []string {
	if tag == "" {
		return nil
	}
	parts := tags.Split(tag)
	for i := range parts {
		parts[i] = strings.TrimSpace(parts[i])
	}
	return parts
}
