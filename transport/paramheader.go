package transport

import (
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/mcpdev/mcpdev/internal/schema"
)

// Custom headers from tool parameters (SEP-2243, 2026-07-28 era over
// Streamable HTTP): a property of a tool's inputSchema annotated with
// "x-mcp-header": "Region" has its argument value mirrored into the request
// header Mcp-Param-Region, so intermediaries can route on it without
// reading the body. The client sends it; the server checks it against the
// body and answers a disagreement with 400 and -32020 (HeaderMismatch).

// HeaderParamPrefix starts every header that mirrors a tool argument.
const HeaderParamPrefix = "Mcp-Param-"

// ParamHeaderKeyword is the JSON Schema annotation naming the header.
const ParamHeaderKeyword = "x-mcp-header"

// ParamHeader is one tool argument mirrored into the header
// HeaderParamPrefix+Name.
type ParamHeader struct {
	Name string   // as declared, e.g. "Region"; header names ignore case
	Path []string // property names from the arguments object down to the value
	Type string   // the declared JSON type: "string", "integer" or "boolean"
}

// Header is the full header name, e.g. "Mcp-Param-Region".
func (p ParamHeader) Header() string { return HeaderParamPrefix + p.Name }

// ParamHeaderError says why an x-mcp-header annotation is invalid; a
// server refuses to register such a tool and a client leaves it out of
// tools/list.
type ParamHeaderError struct {
	Property string // dotted path of the annotated property, e.g. "region"
	Name     string // the annotation's value
	Reason   string
}

func (e *ParamHeaderError) Error() string {
	return fmt.Sprintf("invalid %s %q on property %q: %s", ParamHeaderKeyword, e.Name, e.Property, e.Reason)
}

// ErrInvalidBase64 is DecodeParamValue's answer for a =?base64?…?= value
// whose payload is not padded standard Base64.
var ErrInvalidBase64 = errors.New("transport: invalid Base64 in header value")

// ValidParamHeaderName reports whether name may follow Mcp-Param-: an HTTP
// field-name token (RFC 9110 §5.6.2: 1*tchar), so no space, colon,
// control or non-ASCII character.
func ValidParamHeaderName(name string) bool {
	if name == "" {
		return false
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("!#$%&'*+-.^_`|~", c) >= 0) {
			return false
		}
	}
	return true
}

// ParamHeaders reads the x-mcp-header annotations of a tool's inputSchema:
// on the properties of the root object and, through nested "properties",
// of the objects inside it. It checks every rule the specification sets:
// a valid header name, unique ignoring case, on a string, integer or
// boolean property (a type list or anyOf/oneOf may add "null"). The first
// violation is returned as a *ParamHeaderError. A schema without
// annotations gives nil, nil.
func ParamHeaders(inputSchema json.RawMessage) ([]ParamHeader, error) {
	if !strings.Contains(string(inputSchema), ParamHeaderKeyword) {
		return nil, nil
	}
	var root map[string]any
	if json.Unmarshal(inputSchema, &root) != nil {
		return nil, nil // not an object schema: nothing is mirrored
	}
	var out []ParamHeader
	seen := map[string]string{} // lower-cased name → property
	if err := collectParamHeaders(root, nil, seen, &out); err != nil {
		return nil, err
	}
	return out, nil
}

func collectParamHeaders(schema map[string]any, path []string, seen map[string]string, out *[]ParamHeader) error {
	props, _ := schema["properties"].(map[string]any)
	names := make([]string, 0, len(props))
	for k := range props {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		prop, ok := props[k].(map[string]any)
		if !ok {
			continue
		}
		p := append(path[:len(path):len(path)], k)
		if raw, ok := prop[ParamHeaderKeyword]; ok {
			ph, err := paramHeaderOf(prop, raw, p, seen)
			if err != nil {
				return err
			}
			*out = append(*out, ph)
		}
		if err := collectParamHeaders(prop, p, seen, out); err != nil {
			return err
		}
	}
	return nil
}

func paramHeaderOf(prop map[string]any, raw any, path []string, seen map[string]string) (ParamHeader, error) {
	where := strings.Join(path, ".")
	name, ok := raw.(string)
	if !ok {
		return ParamHeader{}, &ParamHeaderError{Property: where, Name: fmt.Sprint(raw), Reason: "the value must be a string"}
	}
	fail := func(reason string) (ParamHeader, error) {
		return ParamHeader{}, &ParamHeaderError{Property: where, Name: name, Reason: reason}
	}
	if name == "" {
		return fail("the header name must not be empty")
	}
	if !ValidParamHeaderName(name) {
		return fail("the header name must be an HTTP token: ASCII letters, digits and !#$%&'*+-.^_`|~ only (no space, colon or control character)")
	}
	lower := strings.ToLower(name)
	if other, dup := seen[lower]; dup {
		return fail(fmt.Sprintf("the header name is already used by property %q (names are compared ignoring case)", other))
	}
	seen[lower] = where
	typ, reason := primitiveType(prop)
	if reason != "" {
		return fail(reason)
	}
	return ParamHeader{Name: name, Path: path, Type: typ}, nil
}

// primitiveType is the property's one non-null JSON type when that is
// string, integer or boolean; otherwise a reason.
func primitiveType(prop map[string]any) (string, string) {
	var types []string
	switch t := prop["type"].(type) {
	case string:
		types = []string{t}
	case []any:
		types = schema.NonNullTypes(t)
	case nil:
		if _, has := prop["type"]; has {
			return "", "the property's type must be string, integer or boolean"
		}
		for _, key := range []string{"anyOf", "oneOf"} {
			branches, _ := prop[key].([]any)
			for _, b := range branches {
				bm, _ := b.(map[string]any)
				if bt, _ := bm["type"].(string); bt != "null" {
					t, reason := primitiveType(bm)
					if reason != "" {
						return "", reason
					}
					types = append(types, t)
				}
			}
		}
	}
	if len(types) != 1 {
		return "", "the property must have exactly one type, string, integer or boolean (null aside)"
	}
	switch types[0] {
	case "string", "integer", "boolean":
		return types[0], ""
	case "number":
		return "", `type "number" is not allowed: only string, integer and boolean values are mirrored`
	}
	return "", fmt.Sprintf("type %q is not allowed: only string, integer and boolean values are mirrored", types[0])
}

// EncodeParamValue is the header text for a string argument: the value
// itself when it is safe header text (printable ASCII without leading or
// trailing space, and not itself of the =?base64?…?= form), otherwise
// =?base64?<Base64 of its UTF-8>?=.
func EncodeParamValue(s string) string {
	if plainParamValue(s) {
		return s
	}
	return base64Prefix + base64.StdEncoding.EncodeToString([]byte(s)) + base64Suffix
}

const base64Prefix, base64Suffix = "=?base64?", "?="

func plainParamValue(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] > 0x7e {
			return false
		}
	}
	if s != "" && (s[0] == ' ' || s[len(s)-1] == ' ') {
		return false
	}
	return !isBase64Wrapped(s)
}

func isBase64Wrapped(v string) bool {
	return len(v) >= len(base64Prefix)+len(base64Suffix) && strings.HasPrefix(v, base64Prefix) && strings.HasSuffix(v, base64Suffix)
}

// DecodeParamValue undoes EncodeParamValue: a value wrapped exactly in
// =?base64? and ?= (lower case) is decoded from padded standard Base64
// (ErrInvalidBase64 when it is not that); any other value is literal.
// Spaces and tabs around v are not part of it.
func DecodeParamValue(v string) (string, error) {
	v = strings.Trim(v, " \t")
	if !isBase64Wrapped(v) {
		return v, nil
	}
	payload := v[len(base64Prefix) : len(v)-len(base64Suffix)]
	for i := 0; i < len(payload); i++ {
		if c := payload[i]; c == '\r' || c == '\n' { // the decoder would skip them
			return "", ErrInvalidBase64
		}
	}
	b, err := base64.StdEncoding.Strict().DecodeString(payload)
	if err != nil {
		return "", ErrInvalidBase64
	}
	return string(b), nil
}
