package streamable

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"

	"github.com/mcpdev/mcpdev/transport"
)

// callArguments is params.arguments of a tools/call (nil when absent).
func callArguments(params json.RawMessage) json.RawMessage {
	var p struct {
		Arguments json.RawMessage `json:"arguments"`
	}
	if json.Unmarshal(params, &p) != nil {
		return nil
	}
	return p.Arguments
}

// argumentAt is the value at path inside args; false when it is absent or
// null.
func argumentAt(args json.RawMessage, path []string) (json.RawMessage, bool) {
	v := args
	for _, k := range path {
		var obj map[string]json.RawMessage
		if len(v) == 0 || v[0] != '{' || json.Unmarshal(v, &obj) != nil {
			return nil, false
		}
		if v = obj[k]; len(v) == 0 {
			return nil, false
		}
	}
	if len(v) == 0 || string(v) == "null" {
		return nil, false
	}
	return v, true
}

// paramHeaderValue is the header text a client sends for an argument
// value; false for values that are not mirrored (objects, arrays).
func paramHeaderValue(v json.RawMessage) (string, bool) {
	switch v[0] {
	case '"':
		var s string
		if json.Unmarshal(v, &s) != nil {
			return "", false
		}
		return transport.EncodeParamValue(s), true
	case '{', '[':
		return "", false
	}
	return string(v), true // a number, true or false: plain ASCII as written
}

// setParamHeaders adds the Mcp-Param-* headers of a tools/call.
func setParamHeaders(h http.Header, params json.RawMessage, ps []transport.ParamHeader) {
	args := callArguments(params)
	for _, p := range ps {
		if v, ok := argumentAt(args, p.Path); ok {
			if text, ok := paramHeaderValue(v); ok {
				h.Set(p.Header(), text)
			}
		}
	}
}

// checkParamHeaders enforces the Mcp-Param-* headers of a tools/call
// against its arguments (-32020): each present argument needs its header,
// with the same value once decoded; an absent or null one, none.
func checkParamHeaders(h http.Header, params json.RawMessage, ps []transport.ParamHeader) *transport.Error {
	args := callArguments(params)
	for _, p := range ps {
		header := p.Header()
		values := h[http.CanonicalHeaderKey(header)]
		v, present := argumentAt(args, p.Path)
		where := "arguments." + strings.Join(p.Path, ".")
		switch {
		case !present && len(values) == 0:
			continue
		case !present:
			return transport.Errorf(transport.CodeHeaderMismatch, "Header mismatch: %s is sent but %s is absent or null", header, where)
		case len(values) == 0:
			return transport.Errorf(transport.CodeHeaderMismatch, "Header mismatch: missing %s header (%s is in the body)", header, where)
		case len(values) > 1:
			return transport.Errorf(transport.CodeHeaderMismatch, "Header mismatch: %s header sent %d times", header, len(values))
		}
		got, err := transport.DecodeParamValue(values[0])
		if err != nil {
			return transport.Errorf(transport.CodeHeaderMismatch, "Header mismatch: %s is not valid Base64 inside =?base64?…?=", header)
		}
		if !paramMatches(got, v) {
			return transport.Errorf(transport.CodeHeaderMismatch, "Header mismatch: %s does not match %s", header, where)
		}
	}
	return nil
}

// paramMatches compares a decoded header value with the body's value:
// strings exactly, booleans as true/false, numbers by value (42 and 42.0
// agree).
func paramMatches(header string, v json.RawMessage) bool {
	switch v[0] {
	case '"':
		var s string
		return json.Unmarshal(v, &s) == nil && s == header
	case 't', 'f':
		return header == string(v)
	case '{', '[':
		return false
	}
	if header == string(v) {
		return true
	}
	if header == "" || !(header[0] == '-' || '0' <= header[0] && header[0] <= '9') || !json.Valid([]byte(header)) {
		return false
	}
	a, errA := strconv.ParseFloat(header, 64)
	b, errB := strconv.ParseFloat(string(v), 64)
	return errA == nil && errB == nil && a == b
}
