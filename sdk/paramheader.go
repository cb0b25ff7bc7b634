package sdk

import (
	"fmt"
	"reflect"
	"strings"

	"github.com/invopop/jsonschema"
	"github.com/mcpdev/mcpdev/sdk/internal/infer"
	"github.com/mcpdev/mcpdev/transport"
)

// ParamHeaderTag is the struct tag that mirrors an argument into an HTTP
// header (SEP-2243, the 2026-07-28 era over Streamable HTTP):
//
//	type QueryArgs struct {
//		Region string `json:"region" mcpheader:"Region" jsonschema:"description=Datacenter to query"`
//		Query  string `json:"query"`
//	}
//
// The inferred inputSchema gives the property "x-mcp-header": "Region";
// clients then send the value as the header Mcp-Param-Region, and the
// server's HTTP handler rejects a call whose header disagrees with the body
// (400, -32020) before the tool runs. Load balancers and gateways can route
// on the header without reading the body.
//
// The tag goes on top-level argument fields of type string, bool or an
// integer (or a pointer to one: a nil value sends no header). The name
// must be an HTTP token (letters, digits, !#$%&'*+-.^_`|~) and unique
// among the tool's headers ignoring case. Anything else is an error of
// NewTool (a panic of Tool). A hand-written ToolOptions.InputSchema may
// carry x-mcp-header annotations itself; they are checked the same way.
const ParamHeaderTag = "mcpheader"

// addParamHeaders annotates the inferred input schema s of argument type t
// with the x-mcp-header of every field tagged ParamHeaderTag.
func addParamHeaders(s *jsonschema.Schema, t reflect.Type) error {
	st := infer.Deref(t)
	if err := nestedHeaderTags(st, map[reflect.Type]bool{st: true}); err != nil {
		return err
	}
	byLower := map[string]string{}
	for _, sf := range infer.VisibleFields(st) {
		header, ok := sf.Tag.Lookup(ParamHeaderTag)
		if !ok {
			continue
		}
		if err := checkHeaderField(sf, header, byLower); err != nil {
			return fmt.Errorf("field %s.%s: %w", st.Name(), sf.Name, err)
		}
		name, _ := infer.JSONName(sf)
		prop, found := s.Properties.Get(name)
		if !found || prop == nil {
			return fmt.Errorf("field %s.%s: %s needs a field that is an argument (json:\"-\" is not)", st.Name(), sf.Name, ParamHeaderTag)
		}
		if prop.Extras == nil {
			prop.Extras = map[string]any{}
		}
		prop.Extras[transport.ParamHeaderKeyword] = header
	}
	return nil
}

func checkHeaderField(sf reflect.StructField, header string, byLower map[string]string) error {
	if !transport.ValidParamHeaderName(header) {
		return fmt.Errorf("%s:%q is not a valid header name: use ASCII letters, digits and !#$%%&'*+-.^_`|~ only (no space, colon or control character)", ParamHeaderTag, header)
	}
	if other, dup := byLower[strings.ToLower(header)]; dup {
		return fmt.Errorf("%s:%q repeats the header of field %s (header names ignore case)", ParamHeaderTag, header, other)
	}
	byLower[strings.ToLower(header)] = sf.Name
	ft := infer.Deref(sf.Type)
	switch ft.Kind() {
	case reflect.String, reflect.Bool,
		reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return nil
	case reflect.Float32, reflect.Float64:
		return fmt.Errorf("%s needs a string, bool or integer field, not %v (JSON numbers may not be mirrored into headers)", ParamHeaderTag, sf.Type)
	}
	return fmt.Errorf("%s needs a string, bool or integer field, not %v", ParamHeaderTag, sf.Type)
}

// nestedHeaderTags rejects the tag on fields of structs inside the
// arguments: only top-level arguments are mirrored.
func nestedHeaderTags(t reflect.Type, seen map[reflect.Type]bool) error {
	for _, sf := range infer.VisibleFields(t) {
		if err := nestedTagsIn(sf.Type, seen); err != nil {
			return err
		}
	}
	return nil
}

func nestedTagsIn(t reflect.Type, seen map[reflect.Type]bool) error {
	t = infer.Deref(t)
	switch t.Kind() {
	case reflect.Slice, reflect.Array, reflect.Map:
		return nestedTagsIn(t.Elem(), seen)
	case reflect.Struct:
		if seen[t] {
			return nil
		}
		seen[t] = true
		for _, sf := range infer.VisibleFields(t) {
			if _, ok := sf.Tag.Lookup(ParamHeaderTag); ok {
				return fmt.Errorf("field %s.%s: %s is only supported on top-level argument fields", t.Name(), sf.Name, ParamHeaderTag)
			}
		}
		return nestedHeaderTags(t, seen)
	}
	return nil
}

// hasHeaderTags reports whether t's top-level fields use ParamHeaderTag.
func hasHeaderTags(t reflect.Type) bool {
	for _, sf := range infer.VisibleFields(infer.Deref(t)) {
		if _, ok := sf.Tag.Lookup(ParamHeaderTag); ok {
			return true
		}
	}
	return false
}
